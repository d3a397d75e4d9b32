"""NF-e / NFC-e 4.00 builder: `NFeData` in, the unsigned `<NFe><infNFe/></NFe>` tree out.

Written as XML text and parsed once by lxml (`_XmlText`; no intermediate bindings), because
building is most of the cost of issuing a large document and one lxml `SubElement` per field
cost six times the parse; the same functions build element by element when a text would not
survive the parser unchanged. Totals are sums of the item values the tax engine produced;
nothing is recomputed or rounded here. The result is ready for
`XmlSigner.sign(root, "NFe" + key)`; an NFC-e then gets its `infNFeSupl` from `documents.nfce`.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from decimal import Decimal
from typing import TypeAlias

from lxml import etree

from documents._format import (
    cents_sum,
    decimal_places,
    money,
    quantity,
    rate,
    timestamp,
    unit_price,
)
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.localtime import issuer_time
from documents.nfe.model import (
    Address,
    Carrier,
    ExportDetail,
    FinNFe,
    IbsCbs,
    Icms,
    IcmsUfDest,
    IdDest,
    ImportDeclaration,
    ImportTax,
    IndPres,
    Ipi,
    Item,
    ItemTaxes,
    Modelo,
    ModFrete,
    NFeData,
    Payment,
    PisCofins,
    Recipient,
    Reference,
    RefKey,
    RefPaperNote,
    RefProducerNote,
    TpAmb,
    TpEmis,
    TpNF,
    Transport,
    Vehicle,
    Volume,
)
from documents.ufs import uf_code
from documents.xml import parse_written

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
LAYOUT_VERSION = "4.00"
HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"
"""dest/xNome SEFAZ requires on every homologation NF-e (sped-nfe Make::tagdest)."""
HOMOLOGATION_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"
"""xProd SEFAZ requires on the first item of a homologation NFC-e (rejection 373)."""

_Q = f"{{{NFE_NS}}}"
_ZERO = "0.00"
Leaves = Iterable[tuple[str, str | None]]


_NONE = Decimal("0.00")


@dataclass(frozen=True)
class Totals:
    """The ICMSTot (and IBSCBSTot) sums, kept for the caller (vNF goes into the QR code).

    Every value is the sum of its item values; `v_nf` follows the MOC formula (see
    `invoice_total`). The ST, FCP and IPI sums come from the groups the tax engine gave the
    items (`Icms.v_bc_st`, `v_icms_st`, `v_fcp`, `v_fcp_st`, `v_fcp_st_ret`, `ItemTaxes.ipi`).
    """

    v_bc: Decimal  # vBC
    v_icms: Decimal  # vICMS
    v_prod: Decimal  # vProd
    v_desc: Decimal  # vDesc
    v_pis: Decimal  # vPIS
    v_cofins: Decimal  # vCOFINS
    v_nf: Decimal  # vNF
    v_tot_trib: Decimal | None  # vTotTrib
    ibs_cbs: IbsCbsTotals | None
    difal: DifalTotals | None = None
    v_frete: Decimal = _NONE  # vFrete
    v_seg: Decimal = _NONE  # vSeg
    v_outro: Decimal = _NONE  # vOutro
    v_ipi_devol: Decimal = _NONE  # vIPIDevol
    v_bc_st: Decimal = _NONE  # vBCST
    v_st: Decimal = _NONE  # vST
    v_fcp: Decimal = _NONE  # vFCP
    v_fcp_st: Decimal = _NONE  # vFCPST
    v_fcp_st_ret: Decimal = _NONE  # vFCPSTRet
    v_ipi: Decimal = _NONE  # vIPI
    v_ii: Decimal = _NONE  # vII: the import tax of imported items


@dataclass(frozen=True)
class DifalTotals:
    """ICMSTot vFCPUFDest, vICMSUFDest, vICMSUFRemet: written only when an item has ICMSUFDest."""

    v_fcp_dest: Decimal
    v_icms_dest: Decimal
    v_icms_origin: Decimal


@dataclass(frozen=True)
class IbsCbsTotals:
    v_bc: Decimal
    v_ibs_uf: Decimal
    v_ibs_mun: Decimal
    v_cbs: Decimal

    @property
    def v_ibs(self) -> Decimal:
        return self.v_ibs_uf + self.v_ibs_mun


@dataclass(frozen=True)
class BuiltNFe:
    """An unsigned NF-e: its access key, its `<NFe>` root and the totals written into it."""

    key: AccessKey
    root: etree._Element
    totals: Totals

    @property
    def reference_id(self) -> str:
        """The `infNFe/@Id` to sign."""
        return "NFe" + self.key.text


def access_key_for(data: NFeData) -> AccessKey:
    """The access key of the document, from the fields that go into `ide` and `emit`."""
    when = local_time(data, data.issued_at)
    return AccessKey.build(
        uf_code(data.issuer.address.uf), (when.year, when.month), data.issuer.registration,
        int(data.modelo), data.serie, data.numero, int(data.tp_emis), data.cnf,
    )  # fmt: skip


def build_nfe(data: NFeData) -> BuiltNFe:
    """Build the unsigned NF-e or NFC-e tree of `data`.

    Written as XML text and parsed once (`_XmlText`); a document with a text the parser would
    not give back unchanged is built again element by element, with the same result (or error)
    the element path always gave."""
    _check(data)
    key = access_key_for(data)
    totals = compute_totals(data.items)
    _check_payments(data, totals)
    try:
        text = _XmlText("NFe", NFE_NS)
        _nfe(text.root, data, key, totals)
        root = text.parse()
    except _NotText:
        root = etree.Element(_Q + "NFe", nsmap={None: NFE_NS})
        _nfe(root, data, key, totals)
    return BuiltNFe(key, root, totals)


def _nfe(root: Parent, data: NFeData, key: AccessKey, totals: Totals) -> None:
    """infNFe with its groups in layout order, under `root` (an `<NFe>` element or text)."""
    inf = _sub(root, "infNFe", versao=LAYOUT_VERSION, Id="NFe" + key.text)
    _ide(inf, data, key)
    _emit(inf, data)
    _dest(inf, data)
    for number, item in enumerate(data.items, 1):
        _det(inf, number, item, _item_description(data, number, item))
    _total(inf, totals)
    _transp(inf, data)
    _pag(inf, data)
    _inf_intermed(inf, data)
    _inf_adic(inf, data)
    _exporta(inf, data)
    _resp_tec(inf, data)


def _check(data: NFeData) -> None:
    if not data.items:
        raise InvalidDocumentDataError("det", "at least one item is required")
    if len(data.items) > 990:
        raise InvalidDocumentDataError("det", "the layout allows at most 990 items")
    if (data.tp_emis != TpEmis.NORMAL) != (data.contingency is not None):
        raise InvalidDocumentDataError("dhCont", "contingency data goes with tpEmis != 1 only")
    if data.modelo == Modelo.NFCE and data.left_at is not None:
        raise InvalidDocumentDataError("dhSaiEnt", "an NFC-e has no exit date (rejection 705)")
    _check_purpose(data)
    _check_transport(data)
    _check_export(data)


_REFERENCE_REQUIRED = {
    FinNFe.COMPLEMENTAR: "a complementary NF-e references the note it complements (rejection 254)",
    FinNFe.AJUSTE: "an adjustment NF-e references the document it adjusts",
    FinNFe.DEVOLUCAO: "a return NF-e references the note of the goods returned (rejection 321)",
}


def _check_purpose(data: NFeData) -> None:
    """finNFe 2, 3, 4 carry NFref; impostoDevol only on a return; an NFC-e is a plain sale."""
    if data.modelo == Modelo.NFCE and (data.fin_nfe != FinNFe.NORMAL or data.references):
        raise InvalidDocumentDataError(
            "finNFe", "an NFC-e is a normal sale without references (rejections 715, 708)"
        )
    reason = _REFERENCE_REQUIRED.get(data.fin_nfe)
    if reason is not None and not data.references:
        raise InvalidDocumentDataError("NFref", reason)
    if data.fin_nfe == FinNFe.COMPLEMENTAR and len(data.references) > 1:
        raise InvalidDocumentDataError(
            "NFref", "a complementary NF-e references exactly one note (rejection 255)"
        )
    returned = any(i.returned_percent is not None or i.returned_ipi is not None
                   for i in data.items)  # fmt: skip
    if returned and data.fin_nfe != FinNFe.DEVOLUCAO:
        raise InvalidDocumentDataError(
            "impostoDevol", "the returned IPI goes only on a return NF-e (rejection 354)"
        )


def _check_transport(data: NFeData) -> None:
    """Vehicles never in an interstate operation (868); an NFC-e carries no transport data
    (753-757) except the carrier of a home delivery (indPres 4)."""
    transport = data.transport or Transport(data.mod_frete)
    moving = transport.vehicle is not None or bool(transport.trailers)
    if moving and data.id_dest == IdDest.INTERESTADUAL:
        raise InvalidDocumentDataError(
            "veicTransp", "vehicle and trailers are not informed in an interstate operation "
            "(rejection 868)",
        )  # fmt: skip
    if len(transport.trailers) > 5:
        raise InvalidDocumentDataError("reboque", "the layout allows at most 5 trailers")
    delivery = data.ind_pres == IndPres.ENTREGA_DOMICILIO
    if data.modelo == Modelo.NFCE and (
        moving or (not delivery and (transport.carrier is not None
                                     or transport.mod_frete != ModFrete.SEM_FRETE))
    ):  # fmt: skip
        raise InvalidDocumentDataError(
            "transp", "an NFC-e has freight and a carrier only for a home delivery "
            "(rejections 753-757)",
        )  # fmt: skip


def _check_export(data: NFeData) -> None:
    """exporta only on an export, an output with idDest 3 (rejection 356); detExport only on
    an operation with abroad (rejection 336). Whether an export has its exporta (355) is the
    service's check, which names the request's field."""
    exporting = data.tp_nf == TpNF.SAIDA and data.id_dest == IdDest.EXTERIOR
    if data.export is not None and not exporting:
        raise InvalidDocumentDataError(
            "exporta", "the place of shipment goes only on an export: tpNF 1, idDest 3 "
            "(rejection 356)",
        )  # fmt: skip
    details = any(item.export_details for item in data.items)
    if details and data.id_dest != IdDest.EXTERIOR:
        raise InvalidDocumentDataError(
            "detExport", "the export group of an item goes only on an operation with abroad, "
            "idDest 3 (rejection 336)",
        )  # fmt: skip


def _check_payments(data: NFeData, totals: Totals) -> None:
    """NFC-e rejection 767 and NF-e rule: payments minus change equal the invoice total.

    An adjustment or a return has no payment: tPag 90 "sem pagamento" (rejection 871).
    """
    paid = cents_sum([p.amount for p in data.payments], "vPag")
    without_payment = all(p.kind == "90" for p in data.payments)
    if data.fin_nfe in (FinNFe.AJUSTE, FinNFe.DEVOLUCAO) and not without_payment:
        raise InvalidDocumentDataError(
            "tPag", "an adjustment or return NF-e is issued without payment, tPag 90 "
            "(rejection 871)",
        )  # fmt: skip
    if without_payment and data.modelo == Modelo.NFE:
        return  # "sem pagamento" (tPag 90) with vPag 0.00
    if paid - (data.change or Decimal("0.00")) != totals.v_nf:
        raise InvalidDocumentDataError(
            "pag", f"payments {paid} minus change differ from {totals.v_nf}"
        )


# ---------------------------------------------------------------- helpers


class _XmlText:
    """An NF-e written as XML text, then parsed once into its lxml tree.

    One lxml `SubElement` per field was three quarters of the build: parsing a 50-item NF-e
    from its text takes a sixth of the time of creating its 2,100 elements one by one. The
    builder's functions stay the same: `_sub` and `_leaves` write here when given a
    `_TextNode` and create elements when given an lxml element.

    Elements are written in the order the builder makes them, which is document order (an
    element is closed when a write goes to one of its ancestors; a write into a closed element
    is a bug, refused with an AssertionError). `&` and CR (which the parser would read as LF)
    are escaped in `parse`. A text the parser would not give back unchanged (an empty one,
    which lxml writes as `<a></a>`; one with `<`, rare in a fiscal document; one with
    characters XML refuses, which lxml refuses with its own error) or not a plain str (lxml
    takes bytes, refuses others and writes a str subclass's characters, not its `format`)
    raises `_NotText`, and the builder then makes the same document element by element.
    """

    __slots__ = ("open", "parts", "root")

    def __init__(self, tag: str, namespace: str) -> None:
        self.root = _TextNode(self, tag)
        self.open = [self.root]  # the elements begun and not yet closed, outermost first
        self.parts = [f'<{tag} xmlns="{namespace}">']

    def close_into(self, parent: _TextNode) -> None:
        """Close the elements begun inside `parent`, the next write's target."""
        open_, parts = self.open, self.parts
        while open_[-1] is not parent:
            parts.append(f"</{open_.pop().tag}>")
            if not open_:
                raise AssertionError(f"{parent.tag} written to after it was closed")

    def parse(self) -> etree._Element:
        """The tree. `&` and CR occur in texts only (never in tags or attributes), so they are
        escaped on the whole text at once; `>` needs no escape in a text."""
        self.parts.extend(f"</{node.tag}>" for node in reversed(self.open))
        xml = "".join(self.parts)
        if "&" in xml:
            xml = xml.replace("&", "&amp;")
        if "\r" in xml:
            xml = xml.replace("\r", "&#13;")
        try:
            return parse_written(xml.encode())
        except (etree.XMLSyntaxError, UnicodeEncodeError) as error:
            raise _NotText from error


class _TextNode:
    """An element of an `_XmlText`: where `_sub` and `_leaves` write its children."""

    __slots__ = ("doc", "tag")

    def __init__(self, doc: _XmlText, tag: str) -> None:
        self.doc, self.tag = doc, tag


class _NotText(Exception):
    """A value the XML text would not carry as lxml does: the document is built by elements."""


Parent: TypeAlias = etree._Element | _TextNode
"""Where the builder's functions write: an lxml element or an element of an `_XmlText`."""


def _sub(parent: Parent, tag: str, **attrib: str) -> Parent:
    if type(parent) is not _TextNode:
        return etree.SubElement(parent, _Q + tag, attrib)
    doc = parent.doc
    if doc.open[-1] is not parent:
        doc.close_into(parent)
    node = _TextNode(doc, tag)
    doc.open.append(node)
    doc.parts.append(f"<{tag}{_attributes(attrib)}>" if attrib else f"<{tag}>")
    return node


_PLAIN_ATTRIBUTE = re.compile(r'[^&<>"\t\n\r]+')
"""An attribute value written as it is (nItem, versao, Id: digits and letters)."""


def _attributes(attrib: dict[str, str]) -> str:
    """` name="value"` each; any other value is left to the element path."""
    for value in attrib.values():
        if type(value) is not str or not _PLAIN_ATTRIBUTE.fullmatch(value):
            raise _NotText(value)
    return "".join([f' {name}="{value}"' for name, value in attrib.items()])


def _leaves(parent: Parent, pairs: Leaves) -> Parent:
    """Append text children in order, skipping optional fields given as None."""
    if type(parent) is not _TextNode:
        for tag, text in pairs:
            if text is not None:
                etree.SubElement(parent, _Q + tag).text = text
        return parent
    doc = parent.doc
    if doc.open[-1] is not parent:
        doc.close_into(parent)
    append = doc.parts.append
    for tag, text in pairs:
        if text is not None:
            if type(text) is not str or not text or "<" in text:
                raise _NotText(text)  # see `_XmlText`: lxml's own answer for these
            append(f"<{tag}>{text}</{tag}>")
    return parent


def _opt_money(value: Decimal | None, field: str) -> str | None:
    return None if value is None else money(value, field)


def _nonzero_money(value: Decimal | None, field: str) -> str | None:
    """Optional values typed TDec_1302Opc (vFrete, vSeg, vOutro of an item): the type refuses
    0.00, so a zero is left out, which the layout reads as zero."""
    return None if value is None or value == 0 else money(value, field)


def _opt_rate(value: Decimal | None, field: str) -> str | None:
    return None if value is None else rate(value, field)


def _registration(registration: str) -> tuple[str, str]:
    """("CNPJ", value) or ("CPF", value) for the emit/dest choice."""
    return ("CPF", registration) if len(registration) == 11 else ("CNPJ", registration)


# ---------------------------------------------------------------- ide, emit, dest


def local_time(data: NFeData, moment: dt.datetime) -> dt.datetime:
    """A date-time of the document as the issuer's UF wall clock with its offset (the layout's
    TDateTimeUTC is local time; the key's AAMM and the QR code's day follow the same clock)."""
    return issuer_time(data.issuer.address.uf, moment)


def _ide(inf: Parent, data: NFeData, key: AccessKey) -> None:
    ide = _sub(inf, "ide")
    _leaves(ide, [
        ("cUF", f"{key.cuf:02d}"), ("cNF", data.cnf), ("natOp", data.nat_op),
        ("mod", data.modelo.value), ("serie", str(data.serie)), ("nNF", str(data.numero)),
        ("dhEmi", timestamp(local_time(data, data.issued_at))),
        ("dhSaiEnt", None if data.left_at is None
         else timestamp(local_time(data, data.left_at), "dhSaiEnt")),
        ("tpNF", data.tp_nf.value), ("idDest", data.id_dest.value),
        ("cMunFG", data.issuer.address.city_code), ("tpImp", data.tp_imp.value),
        ("tpEmis", data.tp_emis.value), ("cDV", str(key.dv)), ("tpAmb", data.tp_amb.value),
        ("finNFe", data.fin_nfe.value), ("indFinal", "1" if data.final_consumer else "0"),
        ("indPres", data.ind_pres.value), ("indIntermed", _ind_intermed(data)),
        ("procEmi", "0"), ("verProc", data.ver_proc),
    ])  # fmt: skip
    if data.contingency is not None:
        _leaves(ide, [
            ("dhCont", timestamp(local_time(data, data.contingency.started_at), "dhCont")),
            ("xJust", data.contingency.reason),
        ])  # fmt: skip
    for reference in data.references:
        _nf_ref(_sub(ide, "NFref"), RefKey(reference) if isinstance(reference, str) else reference)


_KEY_REFERENCE_TAGS = {"55": "refNFe", "65": "refNFe", "57": "refCTe", "67": "refCTe"}
"""The NFref choice an access key goes into, by the model in the key (positions 21-22)."""


def _nf_ref(parent: Parent, reference: Reference) -> None:
    """One NFref: refNFe/refCTe by key, refNF (paper 01/02), refNFP (producer) or refECF."""
    if isinstance(reference, RefKey):
        key = AccessKey.parse(reference.key).text
        tag = _KEY_REFERENCE_TAGS.get(key[20:22])
        if tag is None:
            raise InvalidDocumentDataError("NFref", f"model {key[20:22]} cannot be referenced")
        _leaves(parent, [(tag, key)])
    elif isinstance(reference, RefPaperNote):
        _leaves(_sub(parent, "refNF"), [
            ("cUF", reference.uf_code), ("AAMM", reference.yymm), ("CNPJ", reference.cnpj),
            ("mod", reference.model), ("serie", str(reference.series)),
            ("nNF", str(reference.number)),
        ])  # fmt: skip
    elif isinstance(reference, RefProducerNote):
        _leaves(_sub(parent, "refNFP"), [
            ("cUF", reference.uf_code), ("AAMM", reference.yymm),
            _registration(reference.registration), ("IE", reference.ie),
            ("mod", reference.model), ("serie", str(reference.series)),
            ("nNF", str(reference.number)),
        ])  # fmt: skip
    else:
        _leaves(_sub(parent, "refECF"), [
            ("mod", reference.model), ("nECF", reference.ecf_number), ("nCOO", reference.coo),
        ])  # fmt: skip


def _address(parent: Parent, tag: str, address: Address) -> None:
    _leaves(_sub(parent, tag), [
        ("xLgr", address.street), ("nro", address.number), ("xCpl", address.complement),
        ("xBairro", address.district), ("cMun", address.city_code), ("xMun", address.city),
        ("UF", address.uf), ("CEP", address.cep), ("cPais", address.country_code),
        ("xPais", address.country), ("fone", address.phone),
    ])  # fmt: skip


def _emit(inf: Parent, data: NFeData) -> None:
    issuer = data.issuer
    emit = _leaves(_sub(inf, "emit"), [
        _registration(issuer.registration), ("xNome", issuer.name), ("xFant", issuer.trade_name),
    ])  # fmt: skip
    _address(emit, "enderEmit", issuer.address)
    _leaves(emit, [("IE", issuer.ie), ("IM", issuer.im), ("CNAE", issuer.cnae)])
    _leaves(emit, [("CRT", issuer.crt.value)])


def _dest(inf: Parent, data: NFeData) -> None:
    recipient = data.recipient
    if recipient is None:
        if data.modelo == Modelo.NFE:
            raise InvalidDocumentDataError("dest", "an NF-e needs a recipient")
        return
    dest = _leaves(_sub(inf, "dest"), [
        _recipient_id(recipient), ("xNome", _recipient_name(data, recipient)),
    ])  # fmt: skip
    if recipient.address is not None:
        _address(dest, "enderDest", recipient.address)
    _leaves(dest, [
        ("indIEDest", recipient.ind_ie_dest.value), ("IE", recipient.ie),
        ("email", recipient.email),
    ])  # fmt: skip


def _recipient_id(recipient: Recipient) -> tuple[str, str | None]:
    if recipient.cnpj is not None:
        return ("CNPJ", recipient.cnpj)
    if recipient.cpf is not None:
        return ("CPF", recipient.cpf)
    return ("idEstrangeiro", recipient.foreign_id or "")


def _recipient_name(data: NFeData, recipient: Recipient) -> str | None:
    if data.tp_amb == TpAmb.HOMOLOGACAO and data.modelo == Modelo.NFE:
        return HOMOLOGATION_NAME
    return recipient.name


def _item_description(data: NFeData, number: int, item: Item) -> str:
    if data.tp_amb == TpAmb.HOMOLOGACAO and data.modelo == Modelo.NFCE and number == 1:
        return HOMOLOGATION_ITEM
    return item.description


# ---------------------------------------------------------------- det


def _det(inf: Parent, number: int, item: Item, description: str) -> None:
    det = _sub(inf, "det", nItem=str(number))
    qty, price = quantity(item.quantity), unit_price(item.unit_price)
    prod = _leaves(_sub(det, "prod"), [
        ("cProd", item.code), ("cEAN", item.gtin), ("xProd", description), ("NCM", item.ncm),
        ("CEST", item.cest), ("cBenef", item.benefit_code), ("CFOP", item.cfop),
        ("uCom", item.unit), ("qCom", qty),
        ("vUnCom", price), ("vProd", money(item.total, "vProd")), ("cEANTrib", item.gtin),
        ("uTrib", item.unit), ("qTrib", qty), ("vUnTrib", price),
        ("vFrete", _nonzero_money(item.freight, "vFrete")),
        ("vSeg", _nonzero_money(item.insurance, "vSeg")),
        ("vDesc", _opt_money(item.discount, "vDesc")),
        ("vOutro", _nonzero_money(item.other, "vOutro")), ("indTot", "1"),
    ])  # fmt: skip
    if item.import_declarations:
        _import_declarations(prod, item.import_declarations)
    for detail in item.export_details:
        _det_export(prod, detail)
    if item.purchase_order is not None or item.purchase_order_item is not None:
        _leaves(prod, [("xPed", item.purchase_order), ("nItemPed", item.purchase_order_item)])
    taxes = item.taxes
    imposto = _sub(det, "imposto")
    if taxes.approximate_total is not None:
        _leaves(imposto, [("vTotTrib", money(taxes.approximate_total, "vTotTrib"))])
    _icms(_sub(imposto, "ICMS"), taxes.icms)
    if taxes.ipi is not None:
        _ipi(imposto, taxes.ipi)
    if taxes.ii is not None:
        _ii(imposto, taxes.ii)
    _pis_cofins(imposto, "PIS", taxes.pis)
    _pis_cofins(imposto, "COFINS", taxes.cofins)
    if taxes.icms_uf_dest is not None:
        _icms_uf_dest(imposto, taxes.icms_uf_dest)
    if taxes.ibs_cbs is not None:
        _ibs_cbs(imposto, taxes.ibs_cbs)
    _imposto_devol(det, item)
    if item.additional_info is not None:
        _leaves(det, [("infAdProd", item.additional_info)])


def _import_declarations(prod: Parent, declarations: tuple[ImportDeclaration, ...]) -> None:
    """prod/DI, after indTot (layout 4.00 order; NT 2011.004), with its additions (adi)."""
    for di in declarations:
        group = _leaves(_sub(prod, "DI"), [
            ("nDI", di.number), ("dDI", di.registered_on.isoformat()),
            ("xLocDesemb", di.clearance_place), ("UFDesemb", di.clearance_uf),
            ("dDesemb", di.cleared_on.isoformat()), ("tpViaTransp", di.transport_mode),
            ("vAFRMM", _opt_money(di.afrmm, "vAFRMM")), ("tpIntermedio", di.intermediation),
            _registration(di.third_party) if di.third_party else ("CNPJ", None),
            ("UFTerceiro", di.third_party_uf), ("cExportador", di.exporter),
        ])  # fmt: skip
        for adi in di.additions:
            _leaves(_sub(group, "adi"), [
                ("nAdicao", adi.number), ("nSeqAdic", adi.sequence),
                ("cFabricante", adi.manufacturer),
                ("vDescDI", _nonzero_money(adi.discount, "vDescDI")), ("nDraw", adi.drawback),
            ])  # fmt: skip


def _det_export(prod: Parent, detail: ExportDetail) -> None:
    """prod/detExport, after DI and before xPed: nDraw, then exportInd (nRE, chNFe, qExport),
    which the layout has whole or not at all."""
    group = _leaves(_sub(prod, "detExport"), [("nDraw", detail.drawback)])
    indirect = (detail.registration, detail.key, detail.quantity)
    if all(value is None for value in indirect):
        return
    if detail.registration is None or detail.key is None or detail.quantity is None:
        raise InvalidDocumentDataError("exportInd", "nRE, chNFe and qExport go together")
    _leaves(_sub(group, "exportInd"), [
        ("nRE", detail.registration), ("chNFe", detail.key),
        ("qExport", quantity(detail.quantity, "qExport")),
    ])  # fmt: skip


def _ii(imposto: Parent, tax: ImportTax) -> None:
    """II, after IPI and before PIS: the import tax as the customs clearance declared it."""
    _leaves(_sub(imposto, "II"), [
        ("vBC", money(tax.v_bc, "vBC")), ("vDespAdu", money(tax.v_desp_adu, "vDespAdu")),
        ("vII", money(tax.v_ii, "vII")), ("vIOF", money(tax.v_iof, "vIOF")),
    ])  # fmt: skip


def _imposto_devol(det: Parent, item: Item) -> None:
    """impostoDevol: the percentage of the goods returned and the IPI returned with them
    (both required together by the layout; only on a return, checked in `_check_purpose`)."""
    if item.returned_percent is None and item.returned_ipi is None:
        return
    if item.returned_percent is None or item.returned_ipi is None:
        raise InvalidDocumentDataError("impostoDevol", "pDevol and vIPIDevol go together")
    group = _leaves(_sub(det, "impostoDevol"), [("pDevol", _percent(item.returned_percent))])
    _leaves(_sub(group, "IPI"), [("vIPIDevol", money(item.returned_ipi, "vIPIDevol"))])


def _percent(value: Decimal) -> str:
    """TDec_0302Max100: pDevol, two places, at most 100."""
    if value > 100:
        raise InvalidDocumentDataError("pDevol", f"{value} is above 100")
    return money(value, "pDevol")


_CST_GROUP = {
    "00": "ICMS00", "10": "ICMS10", "20": "ICMS20", "30": "ICMS30", "40": "ICMS40",
    "41": "ICMS40", "50": "ICMS40", "51": "ICMS51", "60": "ICMS60", "70": "ICMS70",
    "90": "ICMS90",
}  # fmt: skip
_CSOSN_GROUP = {
    "101": "ICMSSN101", "102": "ICMSSN102", "103": "ICMSSN102", "201": "ICMSSN201",
    "202": "ICMSSN202", "203": "ICMSSN202", "300": "ICMSSN102", "400": "ICMSSN102",
    "500": "ICMSSN500", "900": "ICMSSN900",
}  # fmt: skip


def _icms_uf_dest(imposto: Parent, difal: IcmsUfDest) -> None:
    """ICMSUFDest, after COFINS and before IBSCBS (layout 4.00 order)."""
    _leaves(_sub(imposto, "ICMSUFDest"), [
        ("vBCUFDest", money(difal.v_bc, "vBCUFDest")),
        ("vBCFCPUFDest", _opt_money(difal.v_bc_fcp, "vBCFCPUFDest")),
        ("pFCPUFDest", _opt_rate(difal.p_fcp, "pFCPUFDest")),
        ("pICMSUFDest", rate(difal.p_icms_dest, "pICMSUFDest")),
        ("pICMSInter", money(difal.p_icms_inter, "pICMSInter")),  # enumerated 4.00 7.00 12.00
        ("pICMSInterPart", rate(difal.p_share, "pICMSInterPart")),
        ("vFCPUFDest", _opt_money(difal.v_fcp, "vFCPUFDest")),
        ("vICMSUFDest", money(difal.v_icms_dest, "vICMSUFDest")),
        ("vICMSUFRemet", money(difal.v_icms_origin, "vICMSUFRemet")),
    ])  # fmt: skip


def _icms(parent: Parent, icms: Icms) -> None:
    """The ICMS group the CST/CSOSN selects, with the fields that group carries, in order."""
    if (icms.cst is None) == (icms.csosn is None):
        raise InvalidDocumentDataError("ICMS", "exactly one of CST or CSOSN is required")
    code: tuple[str, str] = ("CST", icms.cst) if icms.cst else ("CSOSN", icms.csosn or "")
    group = (_CST_GROUP if icms.cst else _CSOSN_GROUP).get(code[1])
    if group is None:
        raise InvalidDocumentDataError("ICMS", f"CST/CSOSN {code[1]} is not supported yet")
    if group in _ST_REQUIRED and (icms.v_bc_st is None or icms.v_icms_st is None):
        raise InvalidDocumentDataError("ICMS", f"{group} needs the substitution (vBCST, vICMSST)")
    _leaves(_sub(parent, group), [("orig", icms.orig), code, *_icms_fields(group, icms)])


_ST_REQUIRED = frozenset({"ICMS10", "ICMS30", "ICMS70", "ICMSSN201", "ICMSSN202"})
"""Groups whose substitution fields the layout requires."""


def _icms_fields(group: str, icms: Icms) -> list[tuple[str, str | None]]:
    """The group's fields in layout 4.00 order (NT 2016.002 FCP; optional ones left None).

    Only the selected group's fields are formatted (one group per item of every NF-e)."""
    build = _GROUP_FIELDS.get(group)
    return [] if build is None else build(icms)


Fields = list[tuple[str, str | None]]


def _base(icms: Icms) -> Fields:
    return [("modBC", icms.mod_bc), ("vBC", _opt_money(icms.v_bc, "vBC"))]


def _reduction(icms: Icms) -> Fields:
    return [("pRedBC", _opt_rate(icms.p_red_bc, "pRedBC"))]


def _reduced_base(icms: Icms) -> Fields:
    return [("modBC", icms.mod_bc), ("pRedBC", _opt_rate(icms.p_red_bc, "pRedBC")),
            ("vBC", _opt_money(icms.v_bc, "vBC"))]  # fmt: skip


def _tax(icms: Icms) -> Fields:
    return [("pICMS", _opt_rate(icms.p_icms, "pICMS")), ("vICMS", _opt_money(icms.v_icms, "vICMS"))]


def _fcp(icms: Icms) -> Fields:
    return [("pFCP", _opt_rate(icms.p_fcp, "pFCP")), ("vFCP", _opt_money(icms.v_fcp, "vFCP"))]


def _fcp_based(icms: Icms) -> Fields:
    return [("vBCFCP", _opt_money(icms.v_bc_fcp, "vBCFCP")), *_fcp(icms)]


def _credit(icms: Icms) -> Fields:
    return [
        ("pCredSN", _opt_rate(icms.p_cred_sn, "pCredSN")),
        ("vCredICMSSN", _opt_money(icms.v_cred_icms_sn, "vCredICMSSN")),
    ]


def _deferral(icms: Icms) -> Fields:
    return [
        ("pICMS", _opt_rate(icms.p_icms, "pICMS")),
        ("vICMSOp", _opt_money(icms.v_icms_op, "vICMSOp")),
        ("pDif", _opt_rate(icms.p_dif, "pDif")),
        ("vICMSDif", _opt_money(icms.v_icms_dif, "vICMSDif")),
        ("vICMS", _opt_money(icms.v_icms, "vICMS")),
    ]


def _own(icms: Icms) -> Fields:
    return _base(icms) + _tax(icms) + _fcp_based(icms)


def _reduced(icms: Icms) -> Fields:
    return _reduced_base(icms) + _tax(icms) + _fcp_based(icms)


_GROUP_FIELDS: dict[str, Callable[[Icms], Fields]] = {
    "ICMS00": lambda i: _base(i) + _tax(i) + _fcp(i),
    "ICMS10": lambda i: _own(i) + _icms_st_fields(i),
    "ICMS20": _reduced,
    "ICMS30": lambda i: _icms_st_fields(i),
    "ICMS51": lambda i: _reduced_base(i) + _deferral(i) + _fcp_based(i),
    "ICMS60": lambda i: _retained_st_fields(i),
    "ICMS70": lambda i: _reduced(i) + _icms_st_fields(i),
    "ICMS90": lambda i: _base(i) + _reduction(i) + _tax(i) + _fcp_based(i) + _icms_st_fields(i),
    "ICMSSN101": _credit,
    "ICMSSN201": lambda i: _icms_st_fields(i) + _credit(i),
    "ICMSSN202": lambda i: _icms_st_fields(i),
    "ICMSSN500": lambda i: _retained_st_fields(i),
    "ICMSSN900": lambda i: _base(i) + _reduction(i) + _tax(i) + _icms_st_fields(i) + _credit(i),
}  # fmt: skip
"""Each ICMS group's fields, built only for the group an item carries (ICMS90 and ICMSSN900
write vBC before pRedBC; 20, 51 and 70 write pRedBC first, as the layout orders them)."""


def _icms_st_fields(icms: Icms) -> list[tuple[str, str | None]]:
    """modBCST … vFCPST: the substitution the engine computed (none: nothing written)."""
    if icms.v_bc_st is None:
        return []
    return [
        ("modBCST", icms.mod_bc_st or "4"),
        ("pMVAST", _opt_rate(icms.p_mva_st, "pMVAST")),
        ("pRedBCST", _opt_rate(icms.p_red_bc_st, "pRedBCST")),
        ("vBCST", money(icms.v_bc_st, "vBCST")),
        ("pICMSST", _opt_rate(icms.p_icms_st, "pICMSST")),
        ("vICMSST", _opt_money(icms.v_icms_st, "vICMSST")),
        ("vBCFCPST", _opt_money(icms.v_bc_fcp_st, "vBCFCPST")),
        ("pFCPST", _opt_rate(icms.p_fcp_st, "pFCPST")),
        ("vFCPST", _opt_money(icms.v_fcp_st, "vFCPST")),
    ]


def _retained_st_fields(icms: Icms) -> list[tuple[str, str | None]]:
    """ICMS60 / ICMSSN500: the ST withheld earlier, when known (all optional in the layout)."""
    return [
        ("vBCSTRet", _opt_money(icms.v_bc_st_ret, "vBCSTRet")),
        ("pST", _opt_rate(icms.p_st, "pST")),
        ("vICMSSubstituto", _opt_money(icms.v_icms_substituto, "vICMSSubstituto")),
        ("vICMSSTRet", _opt_money(icms.v_icms_st_ret, "vICMSSTRet")),
        ("vBCFCPSTRet", _opt_money(icms.v_bc_fcp_st_ret, "vBCFCPSTRet")),
        ("pFCPSTRet", _opt_rate(icms.p_fcp_st_ret, "pFCPSTRet")),
        ("vFCPSTRet", _opt_money(icms.v_fcp_st_ret, "vFCPSTRet")),
    ]


_IPI_TAXED = frozenset({"00", "49", "50", "99"})
_IPI_NOT_TAXED = frozenset({"01", "02", "03", "04", "05", "51", "52", "53", "54", "55"})


def _ipi(imposto: Parent, ipi: Ipi) -> None:
    """IPI after ICMS: cEnq, then IPITrib (CST 00 49 50 99, ad valorem) or IPINT."""
    group = _leaves(_sub(imposto, "IPI"), [("cEnq", ipi.c_enq)])
    if ipi.cst in _IPI_NOT_TAXED:
        _leaves(_sub(group, "IPINT"), [("CST", ipi.cst)])
        return
    if ipi.cst not in _IPI_TAXED:
        raise InvalidDocumentDataError("IPI", f"CST {ipi.cst} is not an IPI CST")
    if ipi.v_bc is None or ipi.rate is None or ipi.value is None:
        raise InvalidDocumentDataError("IPI", f"CST {ipi.cst} needs base, rate and value")
    _leaves(_sub(group, "IPITrib"), [
        ("CST", ipi.cst), ("vBC", money(ipi.v_bc, "IPI/vBC")), ("pIPI", rate(ipi.rate, "pIPI")),
        ("vIPI", money(ipi.value, "vIPI")),
    ])  # fmt: skip


_PIS_COFINS_GROUPS = {
    "01": "Aliq", "02": "Aliq", **dict.fromkeys(("04", "05", "06", "07", "08", "09"), "NT"),
    **dict.fromkeys((str(cst) for cst in range(49, 100)), "Outr"),
}  # fmt: skip
"""The PIS/COFINS group of each two-digit CST, looked up twice per item."""


def _pis_cofins(imposto: Parent, tax: str, value: PisCofins) -> None:
    """PISAliq/COFINSAliq (CST 01, 02), ...NT (04-09) or ...Outr (49-99)."""
    group = _PIS_COFINS_GROUPS.get(value.cst) or _pis_cofins_group(value.cst)
    outer = _sub(_sub(imposto, tax), tax + group)
    if group == "NT":
        _leaves(outer, [("CST", value.cst)])
        return
    if value.v_bc is None or value.rate is None:
        raise InvalidDocumentDataError(tax, f"CST {value.cst} needs base and rate")
    _leaves(outer, [
        ("CST", value.cst), ("vBC", money(value.v_bc, "vBC")),
        ("p" + tax, rate(value.rate, "p" + tax)), ("v" + tax, money(value.value, "v" + tax)),
    ])  # fmt: skip


def _pis_cofins_group(cst: str) -> str:
    """The group of any CST (`_PIS_COFINS_GROUPS` has the usual spellings), or the refusal."""
    if cst in ("01", "02"):
        return "Aliq"
    if cst in ("04", "05", "06", "07", "08", "09"):
        return "NT"
    if cst.isdigit() and 49 <= int(cst) <= 99:
        return "Outr"
    raise InvalidDocumentDataError("PIS/COFINS", f"CST {cst} is not supported yet")


def _ibs_cbs(imposto: Parent, tax: IbsCbs) -> None:
    group = _leaves(_sub(imposto, "IBSCBS"), [("CST", tax.cst), ("cClassTrib", tax.c_class_trib)])
    if tax.v_bc is None:
        return
    values = _leaves(_sub(group, "gIBSCBS"), [("vBC", money(tax.v_bc, "IBSCBS/vBC"))])
    _leaves(_sub(values, "gIBSUF"), [
        ("pIBSUF", rate(tax.p_ibs_uf, "pIBSUF")), ("vIBSUF", money(tax.v_ibs_uf, "vIBSUF")),
    ])  # fmt: skip
    _leaves(_sub(values, "gIBSMun"), [
        ("pIBSMun", rate(tax.p_ibs_mun, "pIBSMun")), ("vIBSMun", money(tax.v_ibs_mun, "vIBSMun")),
    ])  # fmt: skip
    _leaves(values, [("vIBS", money(tax.v_ibs_uf + tax.v_ibs_mun, "vIBS"))])
    _leaves(_sub(values, "gCBS"), [
        ("pCBS", rate(tax.p_cbs, "pCBS")), ("vCBS", money(tax.v_cbs, "vCBS")),
    ])  # fmt: skip


# ---------------------------------------------------------------- totals


def compute_totals(items: tuple[Item, ...]) -> Totals:
    """ICMSTot and IBSCBSTot as sums of item values; vNF by the MOC formula (`invoice_total`).

    The values are gathered in one pass over the items (`_ItemValues`; one pass per total cost
    a one-item document a tenth of its build), then summed in the order the checks always ran,
    so that of two bad values the same one is reported."""
    v = _ItemValues(items)
    v_prod = cents_sum(v.total, "vProd")
    v_desc = _sum_given(v.discount, "vDesc")
    added = {
        "v_st": _sum_given(v.icms_st, "vST"),
        "v_fcp_st": _sum_given(v.fcp_st, "vFCPST"),
        "v_frete": _sum_given(v.freight, "vFrete"),
        "v_seg": _sum_given(v.insurance, "vSeg"),
        "v_outro": _sum_given(v.other, "vOutro"),
        "v_ipi": _sum_given(v.ipi, "vIPI"),
        "v_ii": _sum_given(v.ii, "vII"),
        "v_ipi_devol": _sum_given(v.returned_ipi, "vIPIDevol"),
    }
    return Totals(
        v_bc=cents_sum(v.icms_base, "vBC"),
        v_icms=cents_sum(v.icms, "vICMS"),
        v_prod=v_prod,
        v_desc=v_desc,
        v_pis=cents_sum(v.pis, "vPIS"),
        v_cofins=cents_sum(v.cofins, "vCOFINS"),
        v_nf=v_prod - v_desc + sum(added[name] for name in _ADDED_TO_VNF),
        v_tot_trib=cents_sum(v.approximate) if v.approximate else None,
        ibs_cbs=_ibs_cbs_totals(v.ibs_cbs),
        difal=_difal_totals(v.difal),
        v_bc_st=_sum_given(v.bc_st, "vBCST"),
        v_fcp=_sum_given(v.fcp, "vFCP"),
        v_fcp_st_ret=_sum_given(v.fcp_st_ret, "vFCPSTRet"),
        **added,
    )


_ADDED_TO_VNF = (
    "v_st", "v_fcp_st", "v_frete", "v_seg", "v_outro", "v_ii", "v_ipi", "v_ipi_devol",
)  # fmt: skip
"""The `Totals` fields vNF adds to vProd - vDesc (vICMSDeson is not modelled)."""


class _ItemValues:
    """The item values the totals add up, gathered in one pass. Absent values (None) are left
    out, except vProd, vPIS and vCOFINS, which every item has: `cents_sum` refuses a None.
    The IPI and II groups are read with `getattr`, as any group-less taxes object has none."""

    def __init__(self, items: tuple[Item, ...]) -> None:
        self.total: list[Decimal] = []
        self.pis: list[Decimal] = []
        self.cofins: list[Decimal] = []
        self.icms_base: list[Decimal] = []  # vBC of the groups with vICMS
        self.icms: list[Decimal] = []
        self.discount: list[Decimal] = []
        self.freight: list[Decimal] = []
        self.insurance: list[Decimal] = []
        self.other: list[Decimal] = []
        self.returned_ipi: list[Decimal] = []
        self.icms_st: list[Decimal] = []
        self.fcp_st: list[Decimal] = []
        self.bc_st: list[Decimal] = []
        self.fcp: list[Decimal] = []
        self.fcp_st_ret: list[Decimal] = []
        self.ipi: list[Decimal] = []
        self.ii: list[Decimal] = []
        self.approximate: list[Decimal] = []
        self.ibs_cbs: list[IbsCbs] = []
        self.difal: list[IcmsUfDest] = []
        for item in items:
            self._item(item)
            self._icms(item.taxes.icms)
            self._taxes(item.taxes)

    def _item(self, item: Item) -> None:
        self.total.append(item.total)
        if item.discount is not None:
            self.discount.append(item.discount)
        if item.freight is not None:
            self.freight.append(item.freight)
        if item.insurance is not None:
            self.insurance.append(item.insurance)
        if item.other is not None:
            self.other.append(item.other)
        if item.returned_ipi is not None:
            self.returned_ipi.append(item.returned_ipi)

    def _icms(self, icms: Icms) -> None:
        if icms.v_icms is not None:
            self.icms.append(icms.v_icms)
            if icms.v_bc is not None:
                self.icms_base.append(icms.v_bc)
        if icms.v_icms_st is not None:
            self.icms_st.append(icms.v_icms_st)
        if icms.v_fcp_st is not None:
            self.fcp_st.append(icms.v_fcp_st)
        if icms.v_bc_st is not None:
            self.bc_st.append(icms.v_bc_st)
        if icms.v_fcp is not None:
            self.fcp.append(icms.v_fcp)
        if icms.v_fcp_st_ret is not None:
            self.fcp_st_ret.append(icms.v_fcp_st_ret)

    def _taxes(self, taxes: ItemTaxes) -> None:
        self.pis.append(taxes.pis.value)
        self.cofins.append(taxes.cofins.value)
        if (ipi := getattr(getattr(taxes, "ipi", None), "value", None)) is not None:
            self.ipi.append(ipi)
        if (ii := getattr(getattr(taxes, "ii", None), "v_ii", None)) is not None:
            self.ii.append(ii)
        if taxes.approximate_total is not None:
            self.approximate.append(taxes.approximate_total)
        if taxes.ibs_cbs is not None:
            self.ibs_cbs.append(taxes.ibs_cbs)
        if taxes.icms_uf_dest is not None:
            self.difal.append(taxes.icms_uf_dest)


def invoice_total(t: Totals) -> Decimal:
    """vNF (field W16) by the MOC 7.0 formula the authority checks (rejection 610):
    vProd - vDesc - vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI + vIPIDevol.
    vICMSDeson is not modelled (always 0.00), so it drops out."""
    added: Decimal = sum((getattr(t, name) for name in _ADDED_TO_VNF), _NONE)
    return t.v_prod - t.v_desc + added


def _sum_given(values: list[Decimal], field: str) -> Decimal:
    """`cents_sum` of the values given; most documents give none, which costs nothing."""
    return cents_sum(values, field) if values else _NONE


def _difal_totals(groups: list[IcmsUfDest]) -> DifalTotals | None:
    if not groups:
        return None
    return DifalTotals(
        v_fcp_dest=cents_sum([g.v_fcp for g in groups if g.v_fcp is not None], "vFCPUFDest"),
        v_icms_dest=cents_sum([g.v_icms_dest for g in groups], "vICMSUFDest"),
        v_icms_origin=cents_sum([g.v_icms_origin for g in groups], "vICMSUFRemet"),
    )


def _ibs_cbs_totals(groups: list[IbsCbs]) -> IbsCbsTotals | None:
    if not groups:
        return None
    taxed = [g for g in groups if g.v_bc is not None]
    return IbsCbsTotals(
        v_bc=cents_sum([g.v_bc for g in taxed if g.v_bc is not None]),
        v_ibs_uf=cents_sum([g.v_ibs_uf for g in taxed]),
        v_ibs_mun=cents_sum([g.v_ibs_mun for g in taxed]),
        v_cbs=cents_sum([g.v_cbs for g in taxed]),
    )


def _total(inf: Parent, totals: Totals) -> None:
    """ICMSTot in layout order: every value from `totals` (vICMSDeson is not modelled)."""
    total = _sub(inf, "total")
    t, m = totals, _total_money
    _leaves(_sub(total, "ICMSTot"), [
        ("vBC", m(t.v_bc)), ("vICMS", m(t.v_icms)), ("vICMSDeson", _ZERO),
        *_difal_total_leaves(t.difal), ("vFCP", m(t.v_fcp)), ("vBCST", m(t.v_bc_st)),
        ("vST", m(t.v_st)), ("vFCPST", m(t.v_fcp_st)), ("vFCPSTRet", m(t.v_fcp_st_ret)),
        ("vProd", m(t.v_prod)), ("vFrete", m(t.v_frete)), ("vSeg", m(t.v_seg)),
        ("vDesc", m(t.v_desc)), ("vII", m(t.v_ii)), ("vIPI", m(t.v_ipi)),
        ("vIPIDevol", m(t.v_ipi_devol)), ("vPIS", m(t.v_pis)), ("vCOFINS", m(t.v_cofins)),
        ("vOutro", m(t.v_outro)), ("vNF", m(t.v_nf)),
        ("vTotTrib", _opt_money(t.v_tot_trib, "vTotTrib")),
    ])  # fmt: skip
    if totals.ibs_cbs is not None:
        _ibs_cbs_total(total, totals.ibs_cbs)


def _total_money(value: Decimal) -> str:
    """A total: sums made by `cents_sum` have two places already, and most are zero."""
    return _ZERO if not value else money(value)


def _difal_total_leaves(difal: DifalTotals | None) -> Leaves:
    if difal is None:
        return []
    return [
        ("vFCPUFDest", money(difal.v_fcp_dest)), ("vICMSUFDest", money(difal.v_icms_dest)),
        ("vICMSUFRemet", money(difal.v_icms_origin)),
    ]  # fmt: skip


def _ibs_cbs_total(total: Parent, sums: IbsCbsTotals) -> None:
    group = _leaves(_sub(total, "IBSCBSTot"), [("vBCIBSCBS", money(sums.v_bc))])
    ibs = _sub(group, "gIBS")
    _leaves(_sub(ibs, "gIBSUF"), [
        ("vDif", _ZERO), ("vDevTrib", _ZERO), ("vIBSUF", money(sums.v_ibs_uf)),
    ])  # fmt: skip
    _leaves(_sub(ibs, "gIBSMun"), [
        ("vDif", _ZERO), ("vDevTrib", _ZERO), ("vIBSMun", money(sums.v_ibs_mun)),
    ])  # fmt: skip
    _leaves(ibs, [("vIBS", money(sums.v_ibs)), ("vCredPres", _ZERO), ("vCredPresCondSus", _ZERO)])
    _leaves(_sub(group, "gCBS"), [
        ("vDif", _ZERO), ("vDevTrib", _ZERO), ("vCBS", money(sums.v_cbs)),
        ("vCredPres", _ZERO), ("vCredPresCondSus", _ZERO),
    ])  # fmt: skip


# ---------------------------------------------------------------- transp


def _transp(inf: Parent, data: NFeData) -> None:
    """transp: modFrete, then transporta, veicTransp, reboque and vol as the layout orders them.

    Without `data.transport` only modFrete is written, from `data.mod_frete`."""
    transport = data.transport or Transport(data.mod_frete)
    transp = _leaves(_sub(inf, "transp"), [("modFrete", transport.mod_frete.value)])
    if transport.carrier is not None:
        _carrier(transp, transport.carrier)
    for tag, vehicle in _vehicles(transport):
        _leaves(_sub(transp, tag), [("placa", vehicle.plate), ("UF", vehicle.uf),
                                    ("RNTC", vehicle.rntc)])  # fmt: skip
    for volume in transport.volumes:
        _volume(transp, volume)


def _carrier(transp: Parent, carrier: Carrier) -> None:
    registration = None if carrier.registration is None else _registration(carrier.registration)
    _leaves(_sub(transp, "transporta"), [
        registration or ("CNPJ", None), ("xNome", carrier.name), ("IE", carrier.ie),
        ("xEnder", carrier.address), ("xMun", carrier.city), ("UF", carrier.uf),
    ])  # fmt: skip


def _vehicles(transport: Transport) -> list[tuple[str, Vehicle]]:
    tractor = [] if transport.vehicle is None else [("veicTransp", transport.vehicle)]
    return tractor + [("reboque", trailer) for trailer in transport.trailers]


def _volume(transp: Parent, volume: Volume) -> None:
    _leaves(_sub(transp, "vol"), [
        ("qVol", None if volume.quantity is None else str(volume.quantity)),
        ("esp", volume.kind), ("marca", volume.brand), ("nVol", volume.numbering),
        ("pesoL", _opt_weight(volume.net_weight, "pesoL")),
        ("pesoB", _opt_weight(volume.gross_weight, "pesoB")),
    ])  # fmt: skip


def _opt_weight(value: Decimal | None, field: str) -> str | None:
    """TDec_1203: kilograms with three decimal places."""
    return None if value is None else decimal_places(value, 3, field)


# ---------------------------------------------------------------- pag, infAdic, infRespTec


def _pag(inf: Parent, data: NFeData) -> None:
    if not data.payments:
        raise InvalidDocumentDataError("pag", "at least one payment (tPag 90 for none) is required")
    pag = _sub(inf, "pag")
    for payment in data.payments:
        _det_pag(pag, payment)
    _leaves(pag, [("vTroco", _opt_money(data.change, "vTroco"))])


def _det_pag(pag: Parent, payment: Payment) -> None:
    det = _leaves(_sub(pag, "detPag"), [
        ("indPag", payment.indicator), ("tPag", payment.kind), ("xPag", payment.description),
        ("vPag", money(payment.amount, "vPag")),
    ])  # fmt: skip
    card = payment.card
    if card is not None:
        _leaves(_sub(det, "card"), [
            ("tpIntegra", card.integration), ("CNPJ", card.acquirer_cnpj),
            ("tBand", card.brand), ("cAut", card.authorization),
        ])  # fmt: skip


_REMOTE_SALES = frozenset({IndPres.INTERNET, IndPres.TELEATENDIMENTO, IndPres.ENTREGA_DOMICILIO,
                           IndPres.OUTROS})  # fmt: skip
"""indPres values for which indIntermed is required (NT 2020.006)."""


def _ind_intermed(data: NFeData) -> str | None:
    if data.ind_pres not in _REMOTE_SALES:
        if data.intermediary is not None:
            raise InvalidDocumentDataError("indIntermed", "an intermediary needs a remote sale")
        return None
    return "1" if data.intermediary is not None else "0"


def _inf_intermed(inf: Parent, data: NFeData) -> None:
    """infIntermed: the marketplace (CNPJ and the seller's id there) that brokered the sale."""
    if data.intermediary is not None:
        _leaves(_sub(inf, "infIntermed"), [
            ("CNPJ", data.intermediary.cnpj), ("idCadIntTran", data.intermediary.platform_id),
        ])  # fmt: skip


def _inf_adic(inf: Parent, data: NFeData) -> None:
    if data.additional_info is None and data.fisco_info is None:
        return
    _leaves(
        _sub(inf, "infAdic"), [("infAdFisco", data.fisco_info), ("infCpl", data.additional_info)]
    )


def _exporta(inf: Parent, data: NFeData) -> None:
    """exporta, after infAdic and before compra: UF and place of shipment, place of dispatch."""
    export = data.export
    if export is None:
        return
    _leaves(_sub(inf, "exporta"), [
        ("UFSaidaPais", export.uf), ("xLocExporta", export.place),
        ("xLocDespacho", export.dispatch_place),
    ])  # fmt: skip


def _resp_tec(inf: Parent, data: NFeData) -> None:
    tech = data.tech_responsible
    if tech is None:
        return
    _leaves(_sub(inf, "infRespTec"), [
        ("CNPJ", tech.cnpj), ("xContato", tech.contact), ("email", tech.email),
        ("fone", tech.phone),
    ])  # fmt: skip
