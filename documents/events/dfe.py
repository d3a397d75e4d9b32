"""The `evento*` every transport family (CT-e 4.00, MDF-e 3.00) writes the same way: Id, the
authority (cUF of the key), environment, author, the key, dhEvento in the local time of the
key's UF, type, sequence and the detail written by its own layout. Only the key's tag, the Id's
sequence width, the layouts and the version differ."""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping

from lxml import etree

from documents._format import timestamp
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.layout import layout_for, write
from documents.localtime import issuer_time
from documents.nfe.model import TpAmb
from documents.ufs import UF_BY_CODE


def bounded_text(field: str, value: str, low: int, high: int) -> str:
    """Free text the layout bounds, on one line; outside the bounds is the caller's 422."""
    text = re.sub(r"\s+", " ", value).strip()
    if not low <= len(text) <= high:
        raise InvalidDocumentDataError(
            field, f"precisa de {low} a {high} caracteres, recebeu {len(text)}"
        )
    return text


def write_event(
    *,
    key: AccessKey,
    key_tag: str,
    reference_id: str,
    tp_amb: TpAmb,
    author: str,
    occurred_at: dt.datetime,
    event_type: str,
    sequence: int,
    detail: Mapping[str, object],
    layouts: tuple[str, str],
    version: str,
) -> etree._Element:
    """The unsigned event: `layouts` are (event schema, detail schema) catalogue keys."""
    event_schema, detail_schema = layouts
    detail_element = write(layout_for(detail_schema), detail)
    uf = UF_BY_CODE.get(key.cuf, str(key.cuf))
    info = {
        "@Id": reference_id, "cOrgao": f"{key.cuf:02d}", "tpAmb": tp_amb.value,
        "CPF" if len(author) == 11 else "CNPJ": author, key_tag: key.text,
        "dhEvento": timestamp(issuer_time(uf, occurred_at), "dhEvento"),
        "tpEvento": event_type, "nSeqEvento": str(sequence),
        "detEvento": {"@versaoEvento": version,
                      etree.QName(detail_element).localname: detail_element},
    }  # fmt: skip
    return write(layout_for(event_schema), {"@versao": version, "infEvento": info})
