"""The official XSDs of the DF-e distribution (``nfe_dist_dfe``, ``cte_dist_dfe``) and of the
recipient's manifestation (``nfe_evento_mde``), by the keys ``documents.transmission.dfe_schemas``
compiles them under (the product's own: the simulator checks with the same schemas, compiled
once per process, that the client builds against)."""

from __future__ import annotations

from lxml import etree

from documents.errors import UnknownSchemaError
from documents.transmission import dfe_schemas

DIST_REQUEST = "nfe/1.01/distDFeInt"
DIST_ANSWER = "nfe/1.01/retDistDFeInt"
RES_NFE = "nfe/1.01/resNFe"
RES_EVENTO = "nfe/1.01/resEvento"
CTE_DIST_REQUEST = "cte/1.00/distDFeInt"
CTE_DIST_ANSWER = "cte/1.00/retDistDFeInt"
MANIFESTATION_EVENT = "nfe/1.00/evento-210210"
"""confRecebto_v1.00.xsd: one schema for the four manifestation events (the key names one)."""
MANIFESTATION_ANSWER = "nfe/1.00/retEnvEvento-210210"
MANIFESTATION_PROC = "nfe/1.00/procEventoNFe-210210"


def detail_schema(event_type: str) -> str:
    """The detEvento schema of one manifestation type (e210200 ... e210240)."""
    return f"nfe/1.00/detEvento-{event_type}"


def first_violation(element: etree._Element, key: str) -> str | None:
    """The first violation of ``element`` (validated as a document of its own), or None."""
    try:
        violations = dfe_schemas.validate(etree.tostring(element), key)
    except UnknownSchemaError:
        return f"[{key}] sem schema"
    if not violations:
        return None
    first = violations[0]
    return f"[{first.path}] {first.message}"
