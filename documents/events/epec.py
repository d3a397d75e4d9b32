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

NFC-e (model 65), SP only (Nota Técnica 2015.003 "EPEC da NFC-e" v1.02; sped-nfe
`TraitEPECNfce::sefazEpecNfce` and the schema SEFAZ-SP publishes, sped-nfe
`schemes/PL_009_V4/eventoEPEC_v1.00.xsd`): the same event 110140, sent to SEFAZ-SP's own EPEC
service, not the AN. Its differences: cOrgao is the UF's code (35), tpNF is always 1, `dest` is
optional and carries only {UF, CNPJ | CPF | idEstrangeiro} (the recipient's address UF, else the
issuer's, as sped-nfe), and vNF and vICMS follow it directly in detEvento (no vST). nfelib's EPEC
XSD does not fit it (its `dest` is required and holds the totals), so the NFC-e event is checked
against `NFCE_EPEC_XSD` below, a transcription of SP's schema over nfelib's EPEC basic types.
"""

from __future__ import annotations

import datetime as dt
import re
import threading
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import cache

from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolation, SchemaViolationError
from documents.events.common import BuiltEvent, EventHeader, build_event, detail_of, sub
from documents.keys import AccessKey
from documents.nfe.builder import NFE_NS
from documents.nfe.model import TpAmb
from documents.schemas import NFELIB_ROOT, assert_valid
from documents.signing import XmlSigner
from documents.xml import parse_untrusted

EPEC = "110140"
AN_ORGAO = 91
"""cOrgao of the Ambiente Nacional, where every EPEC is registered."""
TP_AUTOR_ISSUER = "1"
TP_EMIS_EPEC = "4"
MODEL_NFE = "55"
MODEL_NFCE = "65"
EPEC_NFCE_CUFS = frozenset({35})
"""UFs (IBGE codes) running an EPEC for the NFC-e: SP only (sped-nfe docs/metodos/EPECNFCe_SP.md;
NT 2015.003 leaves it to each UF)."""
NFCE_TP_NF = "1"
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
    recipient: EpecRecipient | None  # None only for an NFC-e without dest
    v_nf: Decimal
    v_icms: Decimal
    v_st: Decimal
    model: str = MODEL_NFE


@dataclass(frozen=True)
class SignedEpec:
    """A signed, schema-valid EPEC ready for `NfeClient.send_epec`."""

    key: AccessKey
    xml: bytes  # the `evento`, UTF-8, no declaration
    reference_id: str  # infEvento/@Id


def read_epec_data(signed_nfe: bytes | etree._Element) -> EpecData:
    """The EPEC's fields from a signed NF-e (or its nfeProc) with tpEmis 4.

    Raises `InvalidDocumentDataError` for a note the EPEC cannot summarize: another tpEmis
    (rejection 484), an NFC-e outside SP (the only UF with an EPEC for it), an NF-e without
    recipient, or an issuer whose IE is not digits (the EPEC's IE allows no "ISENTO")."""
    root = parse_untrusted(signed_nfe) if isinstance(signed_nfe, bytes) else signed_nfe
    info = root.find(f".//{_Q}infNFe")
    if info is None:
        raise InvalidDocumentDataError("infNFe", "expected a signed NF-e")
    key = AccessKey.parse(str(info.get("Id", ""))[3:])
    model = _text(info, "ide/mod")
    _check_note(info, key, model)
    recipient = _nfce_recipient(info) if model == MODEL_NFCE else _recipient(info)
    return EpecData(
        key=key, tp_amb=TpAmb(_text(info, "ide/tpAmb")),
        author=_text(info, "emit/CNPJ") or _text(info, "emit/CPF"),
        issued_at=_text(info, "ide/dhEmi"), tp_nf=_text(info, "ide/tpNF"),
        ie=_issuer_ie(info), ver_proc=_text(info, "ide/verProc"), recipient=recipient,
        v_nf=_money(info, "vNF"), v_icms=_money(info, "vICMS"), v_st=_money(info, "vST"),
        model=model,
    )  # fmt: skip


def build_epec(
    data: EpecData, occurred_at: dt.datetime, *, ver_aplic: str | None = None
) -> BuiltEvent:
    """The unsigned `evento` 110140 (nSeqEvento 1): cOrgao 91 for an NF-e, the UF's code (35)
    for an NFC-e; dhEvento is `occurred_at` in the issuer's local time. `ver_aplic` defaults to
    the note's verProc, as sped-nfe does."""
    _check_moment(data, occurred_at)
    nfce = data.model == MODEL_NFCE
    header = EventHeader(data.key, data.tp_amb, data.author, occurred_at)
    event = build_event(header, EPEC, "EPEC", c_orgao=data.key.cuf if nfce else AN_ORGAO)
    detail = detail_of(event)
    sub(detail, "cOrgaoAutor", f"{data.key.cuf:02d}")
    sub(detail, "tpAutor", TP_AUTOR_ISSUER)
    sub(detail, "verAplic", _ver_aplic(ver_aplic or data.ver_proc))
    sub(detail, "dhEmi", data.issued_at)
    sub(detail, "tpNF", data.tp_nf)
    sub(detail, "IE", data.ie)
    if nfce:
        _nfce_tail(detail, data)
    else:
        _dest(sub(detail, "dest"), data)
    return event


def prepare_epec(
    signed_nfe: bytes | etree._Element,
    signer: XmlSigner,
    occurred_at: dt.datetime,
    *,
    ver_aplic: str | None = None,
) -> SignedEpec:
    """Read the signed tpEmis 4 NF-e (or SP NFC-e), build its EPEC, sign it like every NF-e
    event and check it against nfelib's EPEC XSD (the NFC-e's against `NFCE_EPEC_XSD`). Raises
    `InvalidDocumentDataError` or `SchemaViolationError`."""
    data = read_epec_data(signed_nfe)
    event = build_epec(data, occurred_at, ver_aplic=ver_aplic)
    signer.sign(event.root, event.reference_id)
    if data.model == MODEL_NFCE:
        assert_valid_nfce_epec(event.root)
    else:
        assert_valid(event.root, EVENT_SCHEMA)
    return SignedEpec(data.key, etree.tostring(event.root, encoding="UTF-8"), event.reference_id)


def _check_note(info: etree._Element, key: AccessKey, model: str) -> None:
    if model == MODEL_NFCE:
        if key.cuf not in EPEC_NFCE_CUFS:
            raise InvalidDocumentDataError("mod", "only SP runs an EPEC for the NFC-e")
    elif model != MODEL_NFE:
        raise InvalidDocumentDataError("mod", "the EPEC is for the NF-e and SP's NFC-e only")
    if _text(info, "ide/tpEmis") != TP_EMIS_EPEC:
        raise InvalidDocumentDataError("tpEmis", "an EPEC summarizes an NF-e with tpEmis 4")
    if model == MODEL_NFE and info.find(_Q + "dest") is None:
        raise InvalidDocumentDataError("dest", "an EPEC needs the note's recipient")
    if model == MODEL_NFCE and _text(info, "ide/tpNF") != NFCE_TP_NF:
        raise InvalidDocumentDataError("tpNF", "an NFC-e's EPEC is for an exit (tpNF 1)")


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


def _nfce_recipient(info: etree._Element) -> EpecRecipient | None:
    """The NFC-e's consumer when identified: NT 2015.003 v1.01 wants one of CPF, CNPJ or
    idEstrangeiro in an informed dest; its UF is the address's, else the issuer's (sped-nfe).
    SP's schema has no IE for this recipient."""
    dest = info.find(_Q + "dest")
    if dest is None:
        return None
    uf = _text(dest, "enderDest/UF") or _text(info, "emit/enderEmit/UF")
    for tag in ("CNPJ", "CPF", "idEstrangeiro"):
        found = dest.find(_Q + tag)
        if found is not None:
            return EpecRecipient(uf, tag, (found.text or "").strip(), None)
    raise InvalidDocumentDataError("dest", "the recipient has no CNPJ, CPF or idEstrangeiro")


def _nfce_tail(detail: etree._Element, data: EpecData) -> None:
    """dest? {UF, CNPJ | CPF | idEstrangeiro}, then vNF and vICMS (SP's EPEC-NFC-e layout)."""
    recipient = data.recipient
    if recipient is not None:
        dest = sub(detail, "dest")
        sub(dest, "UF", recipient.uf)
        sub(dest, recipient.id_tag, recipient.id_value)
    sub(detail, "vNF", f"{data.v_nf:.2f}")
    sub(detail, "vICMS", f"{data.v_icms:.2f}")


def _dest(dest: etree._Element, data: EpecData) -> None:
    recipient = data.recipient
    assert recipient is not None  # _check_note: an NF-e's EPEC has its recipient
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


NFCE_EPEC_XSD = """<?xml version="1.0" encoding="UTF-8"?>
<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns="http://www.portalfiscal.inf.br/nfe"
 xmlns:ds="http://www.w3.org/2000/09/xmldsig#" targetNamespace="http://www.portalfiscal.inf.br/nfe"
 elementFormDefault="qualified" attributeFormDefault="unqualified">
 <xs:import namespace="http://www.w3.org/2000/09/xmldsig#"
  schemaLocation="xmldsig-core-schema_v1.01.xsd"/>
 <xs:include schemaLocation="tiposBasico_v1.03.xsd"/>
 <xs:element name="evento" type="TEventoEpecNfce"/>
 <xs:element name="envEvento">
  <xs:complexType><xs:sequence>
   <xs:element name="idLote"><xs:simpleType><xs:restriction base="xs:string">
    <xs:pattern value="[0-9]{1,15}"/></xs:restriction></xs:simpleType></xs:element>
   <xs:element name="evento" type="TEventoEpecNfce" maxOccurs="20"/>
  </xs:sequence><xs:attribute name="versao" type="TVer" use="required"/></xs:complexType>
 </xs:element>
 <xs:complexType name="TEventoEpecNfce"><xs:sequence>
  <xs:element name="infEvento"><xs:complexType><xs:sequence>
   <xs:element name="cOrgao" type="TCOrgao"/>
   <xs:element name="tpAmb" type="TAmb"/>
   <xs:choice><xs:element name="CNPJ" type="TCnpjOpc"/><xs:element name="CPF" type="TCpf"/>
   </xs:choice>
   <xs:element name="chNFe" type="TChNFe"/>
   <xs:element name="dhEvento" type="TDateTimeUTC"/>
   <xs:element name="tpEvento"><xs:simpleType><xs:restriction base="xs:string">
    <xs:enumeration value="110140"/></xs:restriction></xs:simpleType></xs:element>
   <xs:element name="nSeqEvento"><xs:simpleType><xs:restriction base="xs:string">
    <xs:pattern value="[0-9]{1,2}"/></xs:restriction></xs:simpleType></xs:element>
   <xs:element name="verEvento" type="TVer"/>
   <xs:element name="detEvento"><xs:complexType><xs:sequence>
    <xs:element name="descEvento"><xs:simpleType><xs:restriction base="xs:string">
     <xs:enumeration value="EPEC"/></xs:restriction></xs:simpleType></xs:element>
    <xs:element name="cOrgaoAutor" type="TCodUfIBGE"/>
    <xs:element name="tpAutor"><xs:simpleType><xs:restriction base="xs:string">
     <xs:enumeration value="1"/></xs:restriction></xs:simpleType></xs:element>
    <xs:element name="verAplic" type="TVerAplic"/>
    <xs:element name="dhEmi" type="TDateTimeUTC"/>
    <xs:element name="tpNF"><xs:simpleType><xs:restriction base="xs:string">
     <xs:enumeration value="1"/></xs:restriction></xs:simpleType></xs:element>
    <xs:element name="IE" type="TIe"/>
    <xs:element name="dest" minOccurs="0"><xs:complexType><xs:sequence>
     <xs:element name="UF" type="TUf"/>
     <xs:choice>
      <xs:element name="CNPJ" type="TCnpjOpc"/><xs:element name="CPF" type="TCpf"/>
      <xs:element name="idEstrangeiro"><xs:simpleType><xs:restriction base="xs:string">
       <xs:pattern value="([!-\u00ff]{0}|[!-\u00ff]{5,20})?"/></xs:restriction></xs:simpleType>
      </xs:element>
     </xs:choice>
    </xs:sequence></xs:complexType></xs:element>
    <xs:element name="vNF" type="TDec_1302"/>
    <xs:element name="vICMS" type="TDec_1302"/>
   </xs:sequence><xs:attribute name="versao" type="TVer" use="required"/></xs:complexType>
   </xs:element>
  </xs:sequence>
  <xs:attribute name="Id" use="required"><xs:simpleType><xs:restriction base="xs:ID">
   <xs:pattern value="ID[0-9]{52}"/></xs:restriction></xs:simpleType></xs:attribute>
  </xs:complexType></xs:element>
  <xs:element ref="ds:Signature"/>
 </xs:sequence><xs:attribute name="versao" type="TVer" use="required"/></xs:complexType>
 <xs:simpleType name="TCOrgao"><xs:union memberTypes="TCodUfIBGE"><xs:simpleType>
  <xs:restriction base="xs:string"><xs:enumeration value="91"/></xs:restriction>
 </xs:simpleType></xs:union></xs:simpleType>
 <xs:simpleType name="TVer"><xs:restriction base="xs:string">
  <xs:pattern value="[0-9]{1,2}\\.[0-9]{1,2}"/></xs:restriction></xs:simpleType>
</xs:schema>
"""
"""SEFAZ-SP's EPEC-NFC-e schema (sped-nfe `schemes/PL_009_V4/eventoEPEC_v1.00.xsd`, whose root
is the `envEvento`), with its `evento` also as a root; types from nfelib's EPEC package
(`nfe_epec/schemas/v1_0/tiposBasico_v1.03.xsd`, where SP's includes tiposBasico_v3.10: the types
used here match; SP's TCOrgaoIBGE, the UF codes and 91, is `TCOrgao` here)."""

_NFCE_XSD_FOLDER = NFELIB_ROOT / "nfe_epec" / "schemas" / "v1_0"
_NFCE_LOCK = threading.Lock()  # the error log lives on the schema object


@cache
def _nfce_schema() -> etree.XMLSchema:
    parser = etree.XMLParser(no_network=True, resolve_entities=False)
    base = _NFCE_XSD_FOLDER.as_uri() + "/"
    return etree.XMLSchema(etree.fromstring(NFCE_EPEC_XSD.encode(), parser, base_url=base))


def nfce_epec_violations(root: etree._Element) -> list[SchemaViolation]:
    """Violations of SP's EPEC-NFC-e schema by an `evento` or an `envEvento` (empty: valid)."""
    schema = _nfce_schema()
    with _NFCE_LOCK:
        if schema.validate(root):
            return []
        return [
            SchemaViolation(line=int(e.line or 0), path=str(e.path or ""), message=str(e.message))
            for e in schema.error_log
        ]


def assert_valid_nfce_epec(root: etree._Element) -> None:
    """Raise `SchemaViolationError` unless `root` fits SP's EPEC-NFC-e schema."""
    violations = nfce_epec_violations(root)
    if violations:
        raise SchemaViolationError(violations)
