"""CODE-128 subset C, the barcode of a DACTE / DACTE OS access key (MOC CT-e, Anexo "DACTE").

The key is 44 digits, so subset C (two digits per symbol) encodes it in 22 symbols: start C,
the pairs, the modulo-103 check symbol, stop. Written here (a table and three lines) rather
than taken from a barcode library, so the renderer draws bars straight into fpdf2 and the
encoding is pinned: the test compares it with python-barcode's independent encoder.
"""

from __future__ import annotations

PATTERNS = (
    "11011001100", "11001101100", "11001100110", "10010011000", "10010001100", "10001001100",
    "10011001000", "10011000100", "10001100100", "11001001000", "11001000100", "11000100100",
    "10110011100", "10011011100", "10011001110", "10111001100", "10011101100", "10011100110",
    "11001110010", "11001011100", "11001001110", "11011100100", "11001110100", "11101101110",
    "11101001100", "11100101100", "11100100110", "11101100100", "11100110100", "11100110010",
    "11011011000", "11011000110", "11000110110", "10100011000", "10001011000", "10001000110",
    "10110001000", "10001101000", "10001100010", "11010001000", "11000101000", "11000100010",
    "10110111000", "10110001110", "10001101110", "10111011000", "10111000110", "10001110110",
    "11101110110", "11010001110", "11000101110", "11011101000", "11011100010", "11011101110",
    "11101011000", "11101000110", "11100010110", "11101101000", "11101100010", "11100011010",
    "11101111010", "11001000010", "11110001010", "10100110000", "10100001100", "10010110000",
    "10010000110", "10000101100", "10000100110", "10110010000", "10110000100", "10011010000",
    "10011000010", "10000110100", "10000110010", "11000010010", "11001010000", "11110111010",
    "11000010100", "10001111010", "10100111100", "10010111100", "10010011110", "10111100100",
    "10011110100", "10011110010", "11110100100", "11110010100", "11110010010", "11011011110",
    "11011110110", "11110110110", "10101111000", "10100011110", "10001011110", "10111101000",
    "10111100010", "11110101000", "11110100010", "10111011110", "10111101110", "11101011110",
    "11110101110", "11010000100", "11010010000", "11010011100",
)  # fmt: skip
"""Symbol values 0..105 as 11 modules each (1 = bar); 105 is START C."""

START_C = 105
STOP = "1100011101011"
"""The stop symbol with its final two-module termination bar."""


def code128c_symbols(digits: str) -> list[int]:
    """Start C, one value per digit pair, and the check symbol (start + sum(i * value) mod 103)."""
    if not digits or len(digits) % 2 or not digits.isascii() or not digits.isdigit():
        raise ValueError("CODE-128C encodes an even number of digits")
    values = [int(digits[i : i + 2]) for i in range(0, len(digits), 2)]
    check = (START_C + sum(i * v for i, v in enumerate(values, start=1))) % 103
    return [START_C, *values, check]


def code128c_modules(digits: str) -> str:
    """The bar/space modules of `digits` (1 = bar, 0 = space), quiet zones not included."""
    return "".join(PATTERNS[s] for s in code128c_symbols(digits)) + STOP


def bar_runs(modules: str) -> list[tuple[int, int]]:
    """(first module, width) of each bar, so a renderer draws one rectangle per bar."""
    runs: list[tuple[int, int]] = []
    start = None
    for i, module in enumerate(modules + "0"):
        if module == "1" and start is None:
            start = i
        elif module == "0" and start is not None:
            runs.append((start, i - start))
            start = None
    return runs
