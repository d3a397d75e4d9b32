"""`infMDFeSupl/qrCodMDFe`: the MDF-e QR code (protocol_facts.md §3.4).

`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=<key>&tpAmb=<1|2>`. SVRS authorises
every MDF-e, and its QR code page is the same for both environments; the URL is read from
nfelib's MDF-e endpoint table (`QR Code`), the same source as the transmission routing. A
contingency MDF-e would append `&sign=` (the chMDFe signed with the issuer's key); the builder
issues normal emission (tpEmis 1) only, so that suffix is not written.
"""

from __future__ import annotations

from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.transmission.nfelib_tables import server_table

AUTHORISER = "SVRS"
QR_ENDPOINT = "QR Code"


def qr_base_url(tp_amb: str) -> str:
    """The MDF-e QR code page of SVRS in environment `tp_amb` ("1" or "2")."""
    url = server_table("mdfe").get(AUTHORISER, {}).get(tp_amb, {}).get(QR_ENDPOINT)
    if url is None:
        raise InvalidDocumentDataError("qrCodMDFe", f"URL do QR Code desconhecida (tpAmb {tp_amb})")
    return url


def qr_code_url(key: AccessKey, tp_amb: str) -> str:
    """`qrCodMDFe` of a normal-emission MDF-e."""
    return f"{qr_base_url(tp_amb)}?chMDFe={key.text}&tpAmb={tp_amb}"
