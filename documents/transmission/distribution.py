"""DF-e distribution: the documents of interest to a company, from the Ambiente Nacional.

NFeDistribuicaoDFe (NT 2014.002, `distDFeInt versao="1.01"`) and CTeDistribuicaoDFe
(`distDFeInt versao="1.00"`) answer a company (CNPJ or CPF, the certificate's holder) with the
documents where it is a party: the NF-e it received (as a summary `resNFe` until it manifests,
then the whole `nfeProc`), events on them (`resEvento`, `procEventoNFe`), the CT-e where it is a
party (`cteProc`, `procEventoCTe`). Each answer carries at most 50 documents, each one a `docZip`
= base64(gzip(xml)) numbered by its NSU; the company walks its NSU cursor forward.

Request (nfelib `nfe_dist_dfe/schemas/v1_0/distDFeInt_v1.01.xsd`; sped-nfe `sefazDistDFe`):
`distDFeInt{tpAmb, cUFAutor, CNPJ|CPF, distNSU{ultNSU} | consNSU{NSU} | consChNFe{chNFe}}` with
NSUs of 15 digits, inside `nfeDistDFeInteresse/nfeDadosMsg` (SOAP 1.2, no header, no gzip on the
request), at the AN's URL from nfelib's table; the CT-e has no query by key.

Answer (`retDistDFeInt`): 138 documents found, 137 none (`ultNSU`/`maxNSU` say where the cursor
is), 656 consumo indevido (a `Throttled` of one hour), anything else verbatim as `Rejected`
(e.g. 589 NSU beyond the largest, 593 CNPJ base other than the certificate's, 640 by-key refusal).

Every docZip is unpacked with a bounded inflate (a gzip bomb is refused without inflating it
whole), parsed by `documents.xml.parse_untrusted` and validated against its own XSD. A document
that fails any of this is kept in the batch with its NSU and `problem`, never silently dropped:
the caller's cursor still moves past it, and a person can look at it.
"""

from __future__ import annotations

import base64
import binascii
import re
import zlib
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum

from lxml import etree

from documents.errors import DocumentError, SchemaViolationError
from documents.transmission import answers, defaults
from documents.transmission import services as svc
from documents.transmission.dfe_schemas import assert_valid, validate
from documents.transmission.endpoints import AMBIENTE_NACIONAL
from documents.transmission.errors import RequestBuildError
from documents.transmission.outcome import Failure, NotSent, Uncertain
from documents.transmission.services import Family, SoapService
from documents.transmission.transport import Route, SoapTransport, interpret
from documents.xml import parse_untrusted, parse_written

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
CTE_NS = "http://www.portalfiscal.inf.br/cte"
FOUND = "138"
NOTHING_FOUND = "137"
MAX_NSU = 10**15 - 1

_CNPJ = re.compile(r"[0-9A-Z]{12}[0-9]{2}")
_CPF = re.compile(r"[0-9]{11}")
_NSU = re.compile(r"[0-9]{1,15}")
_KEY = re.compile(r"[0-9]{6}[0-9A-Z]{12}[0-9]{26}")
_BLANKS = re.compile(rb"\s+")


@dataclass(frozen=True)
class _FamilySpec:
    service: SoapService
    namespace: str
    version: str
    schema_key: str
    by_key: bool  # consChNFe exists (NF-e only)


_SPECS = {
    Family.NFE: _FamilySpec(svc.NFE_DISTRIBUTION, NFE_NS, "1.01", "nfe/1.01/distDFeInt", True),
    Family.CTE: _FamilySpec(svc.CTE_DISTRIBUTION, CTE_NS, "1.00", "cte/1.00/distDFeInt", False),
}


class DocumentKind(StrEnum):
    """What a docZip holds: the root element's local name, or why it could not be read."""

    RES_NFE = "resNFe"
    NFE_PROC = "nfeProc"
    RES_EVENTO = "resEvento"
    PROC_EVENTO_NFE = "procEventoNFe"
    CTE_PROC = "cteProc"
    CTE_OS_PROC = "cteOSProc"
    PROC_EVENTO_CTE = "procEventoCTe"
    OTHER = "other"
    """Well-formed XML of a root this client has no schema for (e.g. a GTV-e)."""
    UNREADABLE = "unreadable"
    """Bad base64 or gzip, inflating past the limits, malformed or hostile XML."""


_SCHEMA_BY_ROOT = {
    (NFE_NS, "resNFe", "1.01"): "nfe/1.01/resNFe",
    (NFE_NS, "resEvento", "1.01"): "nfe/1.01/resEvento",
    (NFE_NS, "nfeProc", "4.00"): "nfe/4.00/nfeProc",
    (NFE_NS, "procEventoNFe", "1.00"): "nfe/1.00/procEventoNFe",
    (CTE_NS, "cteProc", "4.00"): "cte/4.00/cteProc",
    (CTE_NS, "cteOSProc", "4.00"): "cte/4.00/cteOSProc",
    (CTE_NS, "procEventoCTe", "4.00"): "cte/4.00/procEventoCTe",
}
"""Which XSD validates a distributed document. `procEventoNFe` is checked with the generic event
XSD (any `detEvento`): the AN distributes events of every type, ours and third parties'."""

_KEY_PATHS = {
    DocumentKind.RES_NFE: ("chNFe",),
    DocumentKind.RES_EVENTO: ("chNFe",),
    DocumentKind.NFE_PROC: ("protNFe", "infProt", "chNFe"),
    DocumentKind.PROC_EVENTO_NFE: ("evento", "infEvento", "chNFe"),
    DocumentKind.CTE_PROC: ("protCTe", "infProt", "chCTe"),
    DocumentKind.CTE_OS_PROC: ("protCTe", "infProt", "chCTe"),
    DocumentKind.PROC_EVENTO_CTE: ("eventoCTe", "infEvento", "chCTe"),
}


@dataclass(frozen=True)
class ResNFe:
    """resNFe: the AN's summary of an NF-e addressed to the company, before it manifests.
    `cnpj_emitente` is the issuer's CNPJ (or CPF, for a person); `c_sit` 1 authorised,
    2 denied, 3 cancelled; dates verbatim with their offset."""

    chave: str
    cnpj_emitente: str
    nome: str
    ie: str
    dh_emi: str
    tp_nf: str
    v_nf: Decimal
    dig_val: str | None
    dh_recbto: str
    n_prot: str
    c_sit: str


@dataclass(frozen=True)
class ResEvento:
    """resEvento: the AN's summary of an event on an NF-e of interest (e.g. its cancellation).
    `autor` is the event author's CNPJ or CPF; `c_orgao` 91 for events at the AN."""

    chave: str
    c_orgao: str
    autor: str
    tp_evento: str
    n_seq: int
    x_evento: str
    dh_evento: str
    dh_recbto: str
    n_prot: str


@dataclass(frozen=True)
class DistributedDocument:
    """One docZip, unpacked. `schema` is the docZip's own attribute verbatim
    (`resNFe_v1.01.xsd`, `procNFe_v4.00.xsd`, ...); `xml` the inflated document (empty when it
    could not be inflated). `problem` is None for a document that inflated, parsed and matched
    its XSD; otherwise it says what failed, and `view` is None."""

    nsu: str
    schema: str
    xml: bytes = field(repr=False)
    kind: DocumentKind
    chave: str | None = None
    view: ResNFe | ResEvento | None = None
    problem: str | None = None

    @property
    def valid(self) -> bool:
        return self.problem is None


@dataclass(frozen=True)
class DistributionBatch:
    """A 137/138 answer. `ult_nsu` is where the cursor goes next (ask again with it), `max_nsu`
    the largest NSU the AN holds for the company; `answered_at` is dhResp verbatim. When
    `caught_up`, asking again before `wait_seconds` earns 656 (NT 2014.002)."""

    cStat: str
    xMotivo: str
    ult_nsu: str
    max_nsu: str
    documents: tuple[DistributedDocument, ...]
    answered_at: str
    raw: bytes = field(repr=False)

    @property
    def caught_up(self) -> bool:
        """Nothing more to fetch now: 137, or the cursor reached the largest NSU."""
        return self.cStat == NOTHING_FOUND or int(self.ult_nsu) >= int(self.max_nsu)

    @property
    def wait_seconds(self) -> int:
        """Seconds before the next `by_nsu` call: an hour once caught up, none otherwise."""
        return defaults.DISTRIBUTION_IDLE_SECONDS if self.caught_up else 0


DistributionOutcome = DistributionBatch | Failure
"""A batch (137/138), `Throttled` (656), `Rejected`, `Uncertain` or `NotSent`."""


class DistributionClient:
    """The DF-e distribution of one company: `route` gives its UF (cUFAutor) and environment;
    the call always goes to the Ambiente Nacional. `family` picks NF-e or CT-e."""

    def __init__(self, transport: SoapTransport, route: Route, family: Family = Family.NFE) -> None:
        if family not in _SPECS:
            raise RequestBuildError(f"no DF-e distribution for {family}")
        self._transport = transport
        self._route = replace(route, authority=AMBIENTE_NACIONAL)
        self._family = family

    def by_nsu(self, cnpj: str, ult_nsu: int | str) -> DistributionOutcome:
        """`distNSU`: up to 50 documents after `ult_nsu` (0 starts from the last 3 months)."""
        return self._ask(build_request(self._family, self._route, cnpj, ult_nsu=ult_nsu))

    def one_nsu(self, cnpj: str, nsu: int | str) -> DistributionOutcome:
        """`consNSU`: the one document of `nsu` (to fill a gap in the sequence)."""
        return self._ask(build_request(self._family, self._route, cnpj, nsu=nsu))

    def by_key(self, cnpj: str, chave: str) -> DistributionOutcome:
        """`consChNFe`: an NF-e by its key (the whole nfeProc once the company manifested).
        NF-e only; the AN allows about 20 per hour before 656."""
        return self._ask(build_request(self._family, self._route, cnpj, chave=chave))

    def _ask(self, payload: bytes) -> DistributionOutcome:
        service = _SPECS[self._family].service
        answer = self._transport.call(service, self._route, payload, "retDistDFeInt")
        outcome: DistributionOutcome | NotSent | Uncertain = interpret(answer, read_distribution)
        return outcome


def build_request(
    family: Family,
    route: Route,
    cnpj: str,
    *,
    ult_nsu: int | str | None = None,
    nsu: int | str | None = None,
    chave: str | None = None,
) -> bytes:
    """The `distDFeInt` for exactly one of `ult_nsu`, `nsu` or `chave`, checked against its XSD.
    `cnpj` may be a CPF (11 digits). Raises `RequestBuildError` for a value the layout refuses."""
    spec = _SPECS[family]
    queries = [q for q in (ult_nsu, nsu, chave) if q is not None]
    if len(queries) != 1:
        raise RequestBuildError("give exactly one of ult_nsu, nsu or chave")
    if chave is not None:
        if not spec.by_key:
            raise RequestBuildError(f"the {family} distribution has no query by key")
        query = f"<consChNFe><chNFe>{_checked(chave, _KEY, 'chNFe')}</chNFe></consChNFe>"
    elif ult_nsu is not None:
        query = f"<distNSU><ultNSU>{_nsu(ult_nsu)}</ultNSU></distNSU>"
    else:
        assert nsu is not None
        query = f"<consNSU><NSU>{_nsu(nsu)}</NSU></consNSU>"
    tag = "CPF" if _CPF.fullmatch(cnpj) else "CNPJ"
    party = f"<{tag}>{_checked(cnpj, _CPF if tag == 'CPF' else _CNPJ, tag)}</{tag}>"
    body = f"<tpAmb>{route.environment.value}</tpAmb><cUFAutor>{route.cuf}</cUFAutor>{party}"
    opening = f'<distDFeInt xmlns="{spec.namespace}" versao="{spec.version}">'
    payload = f"{opening}{body}{query}</distDFeInt>".encode()
    try:
        assert_valid(parse_written(payload), spec.schema_key)
    except SchemaViolationError as exc:
        raise RequestBuildError(f"distDFeInt against its XSD: {exc}") from None
    return payload


def read_distribution(ret: etree._Element, raw: bytes) -> DistributionOutcome:
    """Classify a `retDistDFeInt` (NF-e or CT-e): 137/138 a batch, the rest as every answer."""
    cstat, xmotivo = answers.status(ret)
    if cstat not in (FOUND, NOTHING_FOUND):
        return answers.failure(cstat, xmotivo, raw)
    ult, top = answers.text(ret, "ultNSU"), answers.text(ret, "maxNSU")
    if not (_NSU.fullmatch(ult) and _NSU.fullmatch(top)):
        raise answers.UnreadableAnswer("retDistDFeInt without a readable ultNSU/maxNSU")
    lot = answers.child(ret, "loteDistDFeInt")
    documents = () if lot is None else unpack(lot)
    return DistributionBatch(cstat, xmotivo, ult, top, documents, answers.text(ret, "dhResp"), raw)


def unpack(lot: etree._Element) -> tuple[DistributedDocument, ...]:
    """Every docZip of a `loteDistDFeInt`, in order, within the batch's inflate budget."""
    namespace = etree.QName(lot).namespace
    budget = defaults.MAX_DISTRIBUTION_BATCH_BYTES
    found = []
    for zipped in lot.iterfind(f"{{{namespace}}}docZip" if namespace else "docZip"):
        document = read_doc_zip(zipped, max(0, min(budget, defaults.MAX_DISTRIBUTED_XML_BYTES)))
        budget -= len(document.xml)
        found.append(document)
    return tuple(found)


class InflateError(ValueError):
    """A docZip that is not base64(gzip) or inflates past its limit."""


def inflate(data: bytes, limit: int) -> bytes:
    """gunzip `data`, never producing more than `limit` bytes: a stream that would is refused
    (a gzip bomb costs at most `limit` + 1 bytes of memory), as is a truncated one or one with
    trailing data."""
    inflater = zlib.decompressobj(wbits=zlib.MAX_WBITS | 32)  # gzip (or zlib) header
    try:
        out = inflater.decompress(data, limit + 1)
    except zlib.error as exc:
        raise InflateError(f"not gzip: {exc}") from None
    if len(out) > limit or inflater.unconsumed_tail:
        raise InflateError(f"inflates past the limit of {limit} bytes")
    if not inflater.eof:
        raise InflateError("truncated gzip stream")
    if inflater.unused_data.strip(b"\0"):
        raise InflateError("data after the gzip stream")
    return out


def read_doc_zip(zipped: etree._Element, limit: int) -> DistributedDocument:
    """One docZip: decode, inflate within `limit`, parse, validate, read its summary."""
    nsu, schema = str(zipped.get("NSU", "")), str(zipped.get("schema", ""))
    try:
        packed = base64.b64decode(_BLANKS.sub(b"", (zipped.text or "").encode()), validate=True)
        xml = inflate(packed, limit)
    except binascii.Error as exc:
        problem = f"not base64: {exc}"
        return DistributedDocument(nsu, schema, b"", DocumentKind.UNREADABLE, problem=problem)
    except InflateError as exc:
        return DistributedDocument(nsu, schema, b"", DocumentKind.UNREADABLE, problem=str(exc))
    try:
        root = parse_untrusted(xml, max_bytes=limit)
    except DocumentError as exc:
        return DistributedDocument(nsu, schema, xml, DocumentKind.UNREADABLE, problem=str(exc))
    kind, key = _kind(root), _schema_key(root)
    chave = _key_of(root, kind)
    if key is None:
        problem = f"no schema for {etree.QName(root).localname} versao {root.get('versao')}"
        return DistributedDocument(nsu, schema, xml, kind, chave, problem=problem)
    violations = validate(root, key)
    if violations:
        problem = f"{key}: " + "; ".join(v.message for v in violations[:5])
        return DistributedDocument(nsu, schema, xml, kind, chave, problem=problem)
    return DistributedDocument(nsu, schema, xml, kind, chave, _view(root, kind))


def _kind(root: etree._Element) -> DocumentKind:
    qname = etree.QName(root)
    if qname.namespace not in (NFE_NS, CTE_NS):
        return DocumentKind.OTHER
    try:
        return DocumentKind(qname.localname)
    except ValueError:
        return DocumentKind.OTHER


def _schema_key(root: etree._Element) -> str | None:
    qname = etree.QName(root)
    return _SCHEMA_BY_ROOT.get((qname.namespace or "", qname.localname, root.get("versao", "")))


def _key_of(root: etree._Element, kind: DocumentKind) -> str | None:
    path = _KEY_PATHS.get(kind)
    if path is None:
        return None
    q = f"{{{etree.QName(root).namespace}}}"
    return (root.findtext("/".join(q + step for step in path)) or "").strip() or None


def _view(root: etree._Element, kind: DocumentKind) -> ResNFe | ResEvento | None:
    if kind is DocumentKind.RES_NFE:
        return _res_nfe(root)
    if kind is DocumentKind.RES_EVENTO:
        return _res_evento(root)
    return None


def _res_nfe(root: etree._Element) -> ResNFe:
    def t(name: str) -> str:
        return answers.text(root, name)

    return ResNFe(  # every field was checked by the XSD (vNF is TDec_1302)
        chave=t("chNFe"), cnpj_emitente=t("CNPJ") or t("CPF"), nome=t("xNome"), ie=t("IE"),
        dh_emi=t("dhEmi"), tp_nf=t("tpNF"), v_nf=Decimal(t("vNF")), dig_val=t("digVal") or None,
        dh_recbto=t("dhRecbto"), n_prot=t("nProt"), c_sit=t("cSitNFe"),
    )  # fmt: skip


def _res_evento(root: etree._Element) -> ResEvento:
    def t(name: str) -> str:
        return answers.text(root, name)

    return ResEvento(
        chave=t("chNFe"), c_orgao=t("cOrgao"), autor=t("CNPJ") or t("CPF"),
        tp_evento=t("tpEvento"), n_seq=int(t("nSeqEvento")), x_evento=t("xEvento"),
        dh_evento=t("dhEvento"), dh_recbto=t("dhRecbto"), n_prot=t("nProt"),
    )  # fmt: skip


def _checked(value: str, pattern: re.Pattern[str], what: str) -> str:
    """Values go into XML by formatting, so they must match their layout pattern first."""
    if not pattern.fullmatch(value):
        raise RequestBuildError(f"invalid {what}: {value!r}")
    return value


def _nsu(value: int | str) -> str:
    """An NSU as the layout writes it: 15 digits, zero-padded (sped-nfe's `str_pad`)."""
    text = str(value)
    if isinstance(value, bool) or not _NSU.fullmatch(text) or int(text) > MAX_NSU:
        raise RequestBuildError(f"invalid NSU: {value!r}")
    return f"{int(text):015d}"


__all__ = [
    "DistributedDocument",
    "DistributionBatch",
    "DistributionClient",
    "DistributionOutcome",
    "DocumentKind",
    "ResEvento",
    "ResNFe",
    "build_request",
    "inflate",
    "read_distribution",
]
