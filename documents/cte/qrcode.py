"""`infCTeSupl/qrCodCTe`: the CT-e / CT-e OS QR code ([MOC-CTe] §9, protocol_facts.md §3.3).

`<URL of the UF's authoriser>?chCTe=<key>&tpAmb=<1|2>`. The URL is the `qrcode` entry of
nfelib's CT-e endpoint table for the authoriser that serves the issuer's UF (own authoriser for
MG MS MT PR RS SP, SVSP for AP PE RR, SVRS for the rest: `documents.transmission.endpoints`),
whatever the tpEmis: sped-cte `Tools::addQRCode` also takes the UF's URL in contingency.

A CT-e issued offline (tpEmis 2) is printed before any authority has seen it, so its QR code
appends `&sign=` + base64 of an RSA-SHA1 signature of the 44-digit chCTe made with the issuer's
private key: that is what lets the portal tell a genuine offline DACTE from a forged one
(protocol_facts §3.3). sped-cte `Factories/QRCode.php` signs for tpEmis 4 and 5, the offline
modes of layout 3.00 (EPEC and FS-DA), which 4.00 folded into tpEmis 2; sped-mdfe signs its
offline tpEmis 2 the same way. An SVC CT-e (7, 8) is authorized online before it is printed,
so its QR code is the normal one. The signature needs the key, which only the signer holds:
the builders take its `sign_bytes` (`KeySigner`) rather than the certificate itself.
"""

from __future__ import annotations

from collections.abc import Callable

from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.transmission.endpoints import cte_authority
from documents.transmission.nfelib_tables import server_table

QR_ENDPOINT = "qrcode"
SIGNED_TP_EMIS = frozenset({"2"})
"""tpEmis whose QR code carries `&sign=`: offline contingency."""

KeySigner = Callable[[bytes], str]
"""Base64 RSA-SHA1 signature of raw bytes with the issuer's key (`XmlSigner.sign_bytes`)."""


def qr_base_url(uf: str, tp_amb: str) -> str:
    """The QR code page of the authoriser of `uf` in environment `tp_amb` ("1" or "2")."""
    table = server_table("cte").get(cte_authority(uf), {}).get(tp_amb, {})
    url = table.get(QR_ENDPOINT)
    if url is None:
        raise InvalidDocumentDataError("qrCodCTe", f"no CT-e QR code URL known for UF {uf}")
    return url


def needs_signature(key: AccessKey) -> bool:
    """Whether the QR code of the document with this key carries `&sign=` (position 35)."""
    return key.text[34] in SIGNED_TP_EMIS


def qr_code_url(key: AccessKey, tp_amb: str, uf: str, sign: KeySigner | None = None) -> str:
    """`qrCodCTe` of a CT-e or CT-e OS; `sign` is required for an offline one."""
    url = f"{qr_base_url(uf, tp_amb)}?chCTe={key.text}&tpAmb={tp_amb}"
    return url + signature_suffix(key, sign, "qrCodCTe")


def signature_suffix(key: AccessKey, sign: KeySigner | None, field: str) -> str:
    """`&sign=<base64>` for an offline document, "" otherwise (shared with the MDF-e)."""
    if not needs_signature(key):
        return ""
    if sign is None:
        raise InvalidDocumentDataError(
            field, "an offline contingency document's QR code needs the issuer's key signature"
        )
    return "&sign=" + sign(key.text.encode("ascii"))
