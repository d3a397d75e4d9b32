"""Public identifiers: a readable prefix plus random hex, never a sequential number."""

import secrets


def new_id(prefix: str) -> str:
    """`emp_1f3a...`: the prefix tells an operator what kind of record an id names."""
    return f"{prefix}_{secrets.token_hex(12)}"
