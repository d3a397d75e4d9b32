"""`infMDFeSupl/qrCodMDFe`: the MDF-e QR code (protocol_facts.md §3.4).

`https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe=<key>&tpAmb=<1|2>`. SVRS authorises
every MDF-e, and its QR code page is the same for both environments; the URL is read from
nfelib's MDF-e endpoint table (`QR Code`), the same source as the transmission routing.

A manifest issued in contingency (tpEmis 2) travels before SVRS has seen it, so its QR code
appends `&sign=` + base64 RSA-SHA1 of the chMDFe with the issuer's key, as the XSD pattern of
`qrCodMDFe` allows (`&sign=[!-ÿ]...`) and sped-mdfe `Factories/QRCode.php` writes (for tpEmis 2
only); the rule and the signature are the CT-e's (`documents.cte.qrcode`).
"""

from __future__ import annotations

from documents.cte.qrcode import KeySigner, signature_suffix
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


def qr_code_url(key: AccessKey, tp_amb: str, sign: KeySigner | None = None) -> str:
    """`qrCodMDFe` of an MDF-e; `sign` (the signer's `sign_bytes`) is required offline."""
    url = f"{qr_base_url(tp_amb)}?chMDFe={key.text}&tpAmb={tp_amb}"
    return url + signature_suffix(key, sign, "qrCodMDFe")
