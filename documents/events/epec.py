"""EPEC, event 110140 (Evento Prévio de Emissão em Contingência) of an NF-e model 55.

When neither the UF's authoriser nor its SVC answer, the issuer registers at the Ambiente
Nacional a summary of the note it has signed with tpEmis 4, prints the DANFE with the EPEC's
protocol, and sends the note itself to its UF later (protocol_facts.md §7). The UF then refuses
the note when any summarized field differs from the EPEC (467), so the event is built from the
signed note itself, never from the data the note was built from: what the AN registers is
exactly what the note says.

Layout (nfelib `nfe_epec/schemas/v1_0/e110140_v1.00.xsd`; sped-nfe `Tools::sefazEPEC`, whose
field choices this follows): `detEvento versao=1.00` {descEvento `EPEC`, cOrgaoAutor (the
issuer's UF), tpAutor 1 (issuer), verAplic, dhEmi, tpNF, IE (issuer), dest{UF (EX abroad),
CNPJ | CPF | idEstrangeiro, IE?, vNF, vICMS, vST}}. The event's cOrgao is 91, the Ambiente
Nacional, and nSeqEvento is always 1. The AN answers 136 "Evento registrado, mas não vinculado
a NF-e" with the protocol printed on the DANFE, or a rejection such as 142 (EPEC blocked: an
EPEC older than 7 days whose note never reached the UF), listing the pending keys.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.common import BuiltEvent, EventHeader, build_event, detail_of, sub
from documents.keys import AccessKey
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.schemas import assert_valid
from documents.signing import XmlSigner
from documents.xml import parse_untrusted

EPEC = "110140"
AN_ORGAO = 91
"""cOrgao of the Ambiente Nacional, where every EPEC is registered."""
TP_AUTOR_ISSUER = "1"
TP_EMIS_EPEC = "4"
MODEL_NFE = "55"
EVENT_SCHEMA = f"nfe/1.00/evento-{EPEC}"
_Q = f"{{{NFE_NS}}}"
_DIGITS_IE = re.compile(r"[0-9]{2,14}")
_VER_APLIC = re.compile(r"[^\s].{0,18}[^\s]|[^\s]")


@dataclass(frozen=True)
class EpecRecipient:
    """dest of the EPEC: the note's recipient as the note writes it."""

    uf: str  # enderDest/UF, "EX" abroad
    id_tag: str  # CNPJ, CPF or idEstrangeiro
    id_value: str
    ie: str | None  # the recipient's IE, only when the note carries one


@dataclass(frozen=True)
class EpecData:
    """Every field of the EPEC, read from the signed tpEmis 4 NF-e."""

    key: AccessKey
    tp_amb: TpAmb
    author: str  # the issuer's CNPJ or CPF
    issued_at: str  # dhEmi, verbatim
    tp_nf: str
    ie: str  # the issuer's IE
    ver_proc: str  # the note's verProc: the verAplic sped-nfe sends by default
    recipient: EpecRecipient
    v_nf: Decimal
    v_icms: Decimal
    v_st: Decimal


@dataclass(frozen=True)
class SignedEpec:
    """A signed, schema-valid EPEC ready for `NfeClient.send_epec`."""

    key: AccessKey
    xml: bytes  # the `evento`, UTF-8, no declaration
    reference_id: str  # infEvento/@Id


def read_epec_data(signed_nfe: bytes | etree._Element) -> EpecData:
    """The EPEC's fields from a signed NF-e (or its nfeProc) with tpEmis 4.

    Raises `InvalidDocumentDataError` for a note the EPEC cannot summarize: another tpEmis
    (rejection 484), an NFC-e (its EPEC is SP's own service), no recipient, or an issuer whose
    IE is not digits (the EPEC's IE allows no "ISENTO")."""
    root = parse_untrusted(signed_nfe) if isinstance(signed_nfe, bytes) else signed_nfe
    info = root.find(f".//{_Q}infNFe")
    if info is None:
        raise InvalidDocumentDataError("infNFe", "expected a signed NF-e")
    key = AccessKey.parse(str(info.get("Id", ""))[3:])
    _check_note(info)
    return EpecData(
        key=key, tp_amb=TpAmb(_text(info, "ide/tpAmb")),
        author=_text(info, "emit/CNPJ") or _text(info, "emit/CPF"),
        issued_at=_text(info, "ide/dhEmi"), tp_nf=_text(info, "ide/tpNF"),
        ie=_issuer_ie(info), ver_proc=_text(info, "ide/verProc"), recipient=_recipient(info),
        v_nf=_money(info, "vNF"), v_icms=_money(info, "vICMS"), v_st=_money(info, "vST"),
    )  # fmt: skip


def build_epec(
    data: EpecData, occurred_at: dt.datetime, *, ver_aplic: str | None = None
) -> BuiltEvent:
    """The unsigned `evento` 110140 (cOrgao 91, nSeqEvento 1); dhEvento is `occurred_at` in the
    issuer's local time. `ver_aplic` defaults to the note's verProc, as sped-nfe does."""
    _check_moment(data, occurred_at)
    header = EventHeader(data.key, data.tp_amb, data.author, occurred_at)
    event = build_event(header, EPEC, "EPEC", c_orgao=AN_ORGAO)
    detail = detail_of(event)
    sub(detail, "cOrgaoAutor", f"{data.key.cuf:02d}")
    sub(detail, "tpAutor", TP_AUTOR_ISSUER)
    sub(detail, "verAplic", _ver_aplic(ver_aplic or data.ver_proc))
    sub(detail, "dhEmi", data.issued_at)
    sub(detail, "tpNF", data.tp_nf)
    sub(detail, "IE", data.ie)
    _dest(sub(detail, "dest"), data)
    return event


def prepare_epec(
    signed_nfe: bytes | etree._Element,
    signer: XmlSigner,
    occurred_at: dt.datetime,
    *,
    ver_aplic: str | None = None,
) -> SignedEpec:
    """Read the signed tpEmis 4 NF-e, build its EPEC, sign it like every NF-e event and check it
    against nfelib's EPEC XSD. Raises `InvalidDocumentDataError` or `SchemaViolationError`."""
    data = read_epec_data(signed_nfe)
    event = build_epec(data, occurred_at, ver_aplic=ver_aplic)
    signer.sign(event.root, event.reference_id)
    assert_valid(event.root, EVENT_SCHEMA)
    return SignedEpec(data.key, etree.tostring(event.root, encoding="UTF-8"), event.reference_id)


def _check_note(info: etree._Element) -> None:
    if _text(info, "ide/mod") != MODEL_NFE:
        raise InvalidDocumentDataError("mod", "the AN's EPEC is for the NF-e (model 55) only")
    if _text(info, "ide/tpEmis") != TP_EMIS_EPEC:
        raise InvalidDocumentDataError("tpEmis", "an EPEC summarizes an NF-e with tpEmis 4")
    if info.find(_Q + "dest") is None:
        raise InvalidDocumentDataError("dest", "an EPEC needs the note's recipient")


def _check_moment(data: EpecData, occurred_at: dt.datetime) -> None:
    """dhEvento must not precede the note's dhEmi (rejection 577)."""
    if occurred_at.tzinfo is None or occurred_at.utcoffset() is None:
        raise InvalidDocumentDataError("dhEvento", "needs a timezone-aware moment")
    if occurred_at.replace(microsecond=0) < dt.datetime.fromisoformat(data.issued_at):
        raise InvalidDocumentDataError("dhEvento", "the EPEC cannot precede the note's dhEmi")


def _issuer_ie(info: etree._Element) -> str:
    ie = _text(info, "emit/IE")
    if not _DIGITS_IE.fullmatch(ie):
        raise InvalidDocumentDataError("IE", "the EPEC needs the issuer's IE in digits")
    return ie


def _recipient(info: etree._Element) -> EpecRecipient:
    dest = info.find(_Q + "dest")
    assert dest is not None  # _check_note
    for tag in ("CNPJ", "CPF", "idEstrangeiro"):
        found = dest.find(_Q + tag)
        if found is not None:
            return EpecRecipient(
                _text(dest, "enderDest/UF"), tag, (found.text or "").strip(),
                _text(dest, "IE") or None,
            )  # fmt: skip
    raise InvalidDocumentDataError("dest", "the recipient has no CNPJ, CPF or idEstrangeiro")


def _dest(dest: etree._Element, data: EpecData) -> None:
    recipient = data.recipient
    sub(dest, "UF", recipient.uf)
    sub(dest, recipient.id_tag, recipient.id_value)
    if recipient.ie is not None:
        sub(dest, "IE", recipient.ie)
    for tag, value in (("vNF", data.v_nf), ("vICMS", data.v_icms), ("vST", data.v_st)):
        sub(dest, tag, f"{value:.2f}")


def _ver_aplic(value: str) -> str:
    """TVerAplic: 1 to 20 characters, no surrounding blanks."""
    text = value.strip()
    if not _VER_APLIC.fullmatch(text):
        raise InvalidDocumentDataError("verAplic", "needs 1 to 20 characters")
    return text


def _text(element: etree._Element, path: str) -> str:
    return (element.findtext("/".join(_Q + step for step in path.split("/"))) or "").strip()


def _money(info: etree._Element, tag: str) -> Decimal:
    text = _text(info, f"total/ICMSTot/{tag}")
    try:
        return Decimal(text)
    except InvalidOperation:
        raise InvalidDocumentDataError(tag, f"the note's total {tag} is not a number") from None
