"""The event kinds a subscription may ask for, and how its patterns match them.

A pattern is an exact kind (`nfe.authorized`), a family (`nfe.*`, `fiscal.document.*`,
`fiscal.*`: every kind that starts with the prefix and a dot) or `*` (every kind). A family
must name at least one known kind, so a typo (`nf.*`) is refused instead of matching nothing.
"""

from __future__ import annotations

from collections.abc import Iterable

from service.issuance import registry

DOCUMENT_FAMILIES = ("nfe", "nfce", "nfse", "cte", "cteos", "mdfe")
DOCUMENT_SUFFIXES = ("processing", "authorized", "rejected", "cancelled")
QUEUE_SUFFIXES = (
    "queued",
    "pending",
    "authorized",
    "rejected",
    "action_required",
    "cancelled",
    "error",
)

CONTINGENCY_FAMILIES = ("nfe", "nfce", "cte", "cteos", "mdfe")
"""Families with contingency: `<family>.contingencia_rejeitada` when a document handed out
before its authorization is refused at its later transmission."""

AUTHORITY_KINDS = ("autoridade.fora", "autoridade.normalizada")
"""An authority's transitions (`service.authorities.announce`): FORA, and back to ONLINE."""

DFE_KINDS = ("dfe.recebido", "dfe.cancelado")
"""A document received by the company (`service.received`): first seen, or its whole XML now
available; and a received note cancelled by its issuer."""

TEST_EVENT = "webhook.test"
"""Sent only by `POST /webhooks/{id}/teste`, to that subscription, whatever its patterns."""

KINDS: frozenset[str] = frozenset(
    [f"{family}.{suffix}" for family in DOCUMENT_FAMILIES for suffix in DOCUMENT_SUFFIXES]
    + ["mdfe.closed"]
    + [f"{family}.contingencia_rejeitada" for family in CONTINGENCY_FAMILIES]
    + [f"fiscal.document.{suffix}" for suffix in QUEUE_SUFFIXES]
    + list(AUTHORITY_KINDS)
    + list(DFE_KINDS)
    + [TEST_EVENT]
)

WILDCARD = "*"


def known_kinds() -> frozenset[str]:
    """The spec's kinds plus those of every registered document family (a family the spec
    does not list yet still speaks through webhooks: `<module>.authorized`, ...)."""
    families = registry.families()
    extra = {f.webhook_kind(suffix) for f in families for suffix in DOCUMENT_SUFFIXES}
    return KINDS | extra if not extra <= KINDS else KINDS


def is_valid_pattern(pattern: str) -> bool:
    """Exact known kind, `<prefix>.*` naming at least one known kind, or `*`."""
    kinds = known_kinds()
    if pattern == WILDCARD or pattern in kinds:
        return True
    if not pattern.endswith(".*"):
        return False
    prefix = pattern[:-1]  # keeps the dot: "nfe." never matches "nfce.x"
    return any(kind.startswith(prefix) for kind in kinds)


def matches(pattern: str, kind: str) -> bool:
    if pattern == WILDCARD:
        return True
    if pattern.endswith(".*"):
        return kind.startswith(pattern[:-1])
    return pattern == kind


def wanted(patterns: Iterable[str], kind: str) -> bool:
    """True when any of a subscription's patterns matches `kind`."""
    return any(matches(pattern, kind) for pattern in patterns)
