"""Build, sign, validate and serialize the contribuinte's two national NFS-e messages: the DPS
and the cancellation request (`pedRegEvento` e101101).

Signing profile (protocol_facts.md §2.2): the NFS-e XSD imports the generic W3C xmldsig schema,
so no algorithm is fixed by the layout. The observed production client (nfsen-php-sdk, through
sped-common) signs the DPS and pedRegEvento with RSA-SHA1, inclusive C14N, enveloped +
C14N transforms and `Signature` as the sibling after `infDPS` / `infPedReg`: exactly the SEFAZ
profile `XmlSigner` already writes, so the same signer and verifier serve (docs "NFS-e").
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.keys import nfse_key_is_valid
from documents.layout import layout_for, write
from documents.nfce.qrcode import digest_value_of
from documents.nfse.builder import LAYOUT_VERSION, SCHEMA_KEY, build_dps, local_time
from documents.nfse.model import DpsData, TpAmb
from documents.schemas import assert_valid
from documents.signing import XmlSigner

CANCEL_SCHEMA_KEY = "nfse/1.00/pedRegEvento"
CANCEL_EVENT = "101101"
CANCEL_DESCRIPTION = "Cancelamento de NFS-e"
"""`e101101/xDesc` is a one-value enumeration in tiposEventos_v1.01.xsd."""
CANCEL_REASONS = {1: "Erro na Emissão", 2: "Serviço não Prestado", 9: "Outros"}
"""`cMotivo` of e101101 (TSCodJustCanc)."""
_CPF = re.compile(r"[0-9]{11}")


@dataclass(frozen=True)
class SignedDps:
    """A signed, schema-valid DPS ready for `POST /nfse` (base64 of its gzip)."""

    dps_id: str
    xml: bytes  # UTF-8, no XML declaration, no formatting
    digest_value: str


@dataclass(frozen=True)
class SignedCancelRequest:
    """A signed, schema-valid pedRegEvento for `POST /nfse/{chave}/eventos`."""

    request_id: str  # PRE + chave + 101101
    xml: bytes


def prepare_dps(data: DpsData, signer: XmlSigner) -> SignedDps:
    """Build, sign and validate one DPS. Raises `InvalidDocumentDataError` for data the layout
    cannot hold and `SchemaViolationError` if the result breaks the official schema."""
    built = build_dps(data)
    signer.sign(built.root, built.dps_id)
    assert_valid(built.root, SCHEMA_KEY)
    xml = etree.tostring(built.root, encoding="UTF-8")
    return SignedDps(built.dps_id, xml, digest_value_of(built.root))


def build_cancel_request(
    key: str,
    author: str,
    code: int,
    reason: str,
    now: dt.datetime,
    *,
    signer: XmlSigner,
    environment: TpAmb,
    app_version: str,
) -> SignedCancelRequest:
    """The provider's cancellation request e101101 of the NFS-e `key`, signed and validated.

    `author` is the provider's CNPJ or CPF; `code` is cMotivo (1 erro na emissão, 2 serviço não
    prestado, 9 outros); `reason` is xMotivo (15 to 255 characters, checked by the XSD). The
    event time is written in the local time of the NFS-e's municipality (the key's first 7
    digits). The v1.01 Id is PRE + key + event type, without a sequence (protocol_facts §1.3).
    """
    if not nfse_key_is_valid(key):
        raise InvalidDocumentDataError("chNFSe", f"chave de NFS-e inválida: {key}")
    if code not in CANCEL_REASONS:
        raise InvalidDocumentDataError("cMotivo", "use 1, 2 ou 9")
    author = author.strip().upper()
    request_id = f"PRE{key}{CANCEL_EVENT}"
    info = {
        "@Id": request_id,
        "tpAmb": environment.value,
        "verAplic": app_version,
        "dhEvento": local_time(key[:7], now).isoformat(),
        "CPFAutor" if _CPF.fullmatch(author) else "CNPJAutor": author,
        "chNFSe": key,
        "e101101": {"xDesc": CANCEL_DESCRIPTION, "cMotivo": str(code), "xMotivo": reason},
    }
    root = write(layout_for(CANCEL_SCHEMA_KEY), {"@versao": LAYOUT_VERSION, "infPedReg": info})
    signer.sign(root, request_id)
    assert_valid(root, CANCEL_SCHEMA_KEY)
    return SignedCancelRequest(request_id, etree.tostring(root, encoding="UTF-8"))
