"""Official XSDs of nfelib that the product's catalogue (``xsd/catalogue.yaml``) does not list yet:
the DF-e distribution (``nfe_dist_dfe``) and the recipient's manifestation (``nfe_evento_mde``).

Compiled once per file and process; validation holds a per-schema lock (lxml keeps the error log
on the schema object).
"""

from __future__ import annotations

import threading
from pathlib import Path

import nfelib
from lxml import etree

NFELIB_ROOT = Path(nfelib.__file__).resolve().parent
DIST_REQUEST = "nfe_dist_dfe/schemas/v1_0/distDFeInt_v1.01.xsd"
DIST_ANSWER = "nfe_dist_dfe/schemas/v1_0/retDistDFeInt_v1.01.xsd"
RES_NFE = "nfe_dist_dfe/schemas/v1_0/resNFe_v1.01.xsd"
RES_EVENTO = "nfe_dist_dfe/schemas/v1_0/resEvento_v1.01.xsd"
CTE_DIST_REQUEST = "cte_dist_dfe/schemas/v1_0/distDFeInt_v1.00.xsd"
CTE_DIST_ANSWER = "cte_dist_dfe/schemas/v1_0/retDistDFeInt_v1.00.xsd"
MANIFESTATION_EVENT = "nfe_evento_mde/schemas/v1_0/confRecebto_v1.00.xsd"
MANIFESTATION_ANSWER = "nfe_evento_mde/schemas/v1_0/retEnvConfRecebto_v1.00.xsd"
MANIFESTATION_PROC = "nfe_evento_mde/schemas/v1_0/procConfRecebtoNFe_v1.00.xsd"


def detail_schema(event_type: str) -> str:
    """The detEvento XSD of one manifestation type (e210200 ... e210240)."""
    return f"nfe_evento_mde/schemas/v1_0/e{event_type}_v1.00.xsd"


_lock = threading.Lock()
_compiled: dict[str, tuple[etree.XMLSchema, threading.Lock]] = {}


def _schema(relative: str) -> tuple[etree.XMLSchema, threading.Lock]:
    with _lock:
        found = _compiled.get(relative)
        if found is None:
            parser = etree.XMLParser(no_network=True, resolve_entities=False)
            schema = etree.XMLSchema(etree.parse(str(NFELIB_ROOT / relative), parser))
            found = _compiled[relative] = (schema, threading.Lock())
        return found


def first_violation(element: etree._Element, relative: str) -> str | None:
    """The first violation of ``element`` (validated as a document of its own), or None."""
    schema, lock = _schema(relative)
    document = etree.fromstring(etree.tostring(element))
    with lock:
        if schema.validate(document):
            return None
        error = schema.error_log[0]
        return f"[{error.path}] {error.message}"
