"""`observability.scrub` runs each secret pattern only when the line holds what it must
match; it removes exactly what running every pattern on every line removes."""

from __future__ import annotations

import re
import sys

from hypothesis import given, settings
from hypothesis import strategies as st

from service.observability import _FOLD, SECRET_PATTERNS, SECRET_WORDS, scrub

NAMES = (*SECRET_WORDS, "bearer")


def every_pattern(text: str) -> str:
    """The scrub as it was: the three patterns on every line."""
    text = SECRET_PATTERNS[0].sub("fiscal_***", text)
    text = SECRET_PATTERNS[1].sub(r"\1***", text)
    return SECRET_PATTERNS[2].sub(r'\1"***"', text)


def test_the_words_are_the_patterns_alternation() -> None:
    alternation = re.search(r"\(([a-z_0-9|]+)\)", SECRET_PATTERNS[2].pattern)
    assert alternation is not None and tuple(alternation.group(1).split("|")) == SECRET_WORDS


def test_every_letter_re_matches_folds_to_the_names_letter() -> None:
    """The shortcut folds the line (`_FOLD`, then `casefold`) before looking for a name: that
    is exact only if every character `re` matches case-insensitively to a letter of a name
    folds to that letter. Checked over every code point."""
    letters = sorted(set("".join(NAMES)))
    any_letter = re.compile("(?i)[" + re.escape("".join(letters)) + "]")
    per_letter = {letter: re.compile("(?i)" + re.escape(letter)) for letter in letters}
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if any_letter.fullmatch(char) is None:
            continue
        for letter, pattern in per_letter.items():
            if pattern.fullmatch(char):
                assert char.translate(_FOLD).casefold() == letter, (hex(code), letter)


PIECES = st.sampled_from([
    *NAMES, "SENHA", "Password", "ſecret", "arquİvo_base64", "arquıvo_base64", "BEARER", "ſenha",
    '"', ":", "=", " ", "\t", "x", "ß", "fiscal_live_" + "ab12" * 10, "fiscal_test_" + "0" * 40,
    "fiscal_", "***", "{", "}", ",",
])  # fmt: skip


@settings(max_examples=3000, deadline=None)
@given(st.lists(st.one_of(PIECES, st.text(max_size=3)), max_size=14).map("".join))
def test_scrub_removes_what_every_pattern_removes(line: str) -> None:
    assert scrub(line) == every_pattern(line)


def test_a_secret_named_with_a_turkish_i_is_scrubbed() -> None:
    assert scrub('{"arquİvo_base64": "MIIK"}') == '{"arquİvo_base64": "***"}'
    assert scrub("Authorization: BEARER abc") == "Authorization: BEARER ***"
