"""`infCTeSupl/qrCodCTe`: the CT-e / CT-e OS QR code ([MOC-CTe] §9, protocol_facts.md §3.3).

`<URL of the UF's authoriser>?chCTe=<key>&tpAmb=<1|2>`. The URL is the `qrcode` entry of
nfelib's CT-e endpoint table for the authoriser that serves the issuer's UF (own authoriser for
MG MS MT PR RS SP, SVSP for AP PE RR, SVRS for the rest: `documents.transmission.endpoints`).
A contingency CT-e would append `&sign=` (the chCTe signed with the issuer's key); the builders
issue normal emission (tpEmis 1) only, so that suffix is not written.
"""

from __future__ import annotations

from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.transmission.endpoints import cte_authority
from documents.transmission.nfelib_tables import server_table

QR_ENDPOINT = "qrcode"


def qr_base_url(uf: str, tp_amb: str) -> str:
    """The QR code page of the authoriser of `uf` in environment `tp_amb` ("1" or "2")."""
    table = server_table("cte").get(cte_authority(uf), {}).get(tp_amb, {})
    url = table.get(QR_ENDPOINT)
    if url is None:
        raise InvalidDocumentDataError("qrCodCTe", f"no CT-e QR code URL known for UF {uf}")
    return url


def qr_code_url(key: AccessKey, tp_amb: str, uf: str) -> str:
    """`qrCodCTe` of a normal-emission CT-e or CT-e OS."""
    return f"{qr_base_url(uf, tp_amb)}?chCTe={key.text}&tpAmb={tp_amb}"
