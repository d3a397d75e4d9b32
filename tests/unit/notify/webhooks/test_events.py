"""Event kinds and subscription patterns."""

from __future__ import annotations

import pytest

from service.notify.webhooks.events import KINDS, is_valid_pattern, matches, wanted


def test_catalogue_has_every_kind_the_spec_names():
    for family in ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe"):
        for suffix in ("processing", "authorized", "rejected", "cancelled"):
            assert f"{family}.{suffix}" in KINDS
    assert "mdfe.closed" in KINDS
    queue = ("queued", "pending", "authorized", "rejected", "action_required", "cancelled", "error")
    for suffix in queue:
        assert f"fiscal.document.{suffix}" in KINDS
    assert "webhook.test" in KINDS
    authority = ("autoridade.fora", "autoridade.normalizada")  # issue 37
    assert set(authority) <= KINDS and is_valid_pattern("autoridade.*")
    contingency = [f"{f}.contingencia_rejeitada" for f in ("nfe", "nfce", "cte", "cteos", "mdfe")]
    assert set(contingency) <= KINDS  # issue 37: a document handed out, refused later
    received = ("dfe.recebido", "dfe.cancelado")  # issue 38
    assert set(received) <= KINDS and is_valid_pattern("dfe.*")
    assert len(KINDS) == (
        6 * 4 + 1 + len(queue) + 1 + len(authority) + len(contingency) + len(received)
    )


@pytest.mark.parametrize(
    "pattern", ["*", "nfe.*", "fiscal.document.*", "fiscal.*", "mdfe.closed", "nfce.authorized"]
)
def test_valid_patterns(pattern):
    assert is_valid_pattern(pattern)


@pytest.mark.parametrize(
    "pattern",
    ["nf.*", "nfe.", "nfe", "nfe.approved", ".*", "nfe.**", "**", "NFE.*", "nfe.*.x", ""],
)
def test_invalid_patterns(pattern):
    assert not is_valid_pattern(pattern)


def test_prefix_does_not_leak_into_a_longer_family():
    assert matches("nfe.*", "nfe.authorized")
    assert not matches("nfe.*", "nfce.authorized")
    assert not matches("cte.*", "cteos.authorized")
    assert matches("fiscal.*", "fiscal.document.queued")
    assert matches("*", "mdfe.closed")
    assert not matches("nfe.authorized", "nfe.rejected")


def test_any_pattern_of_a_subscription_suffices():
    assert wanted(["nfce.authorized", "cte.*"], "cte.rejected")
    assert not wanted(["nfce.authorized", "cte.*"], "nfe.authorized")
