"""NF-e / NFC-e 4.00 builder: `NFeData` in, the unsigned `<NFe><infNFe/></NFe>` tree out.

Built with lxml directly (one `SubElement` per field, no intermediate bindings), because building
is most of the cost of issuing a large document. Totals are sums of the item values the tax
engine produced; nothing is recomputed or rounded here. The result is ready for
`XmlSigner.sign(root, "NFe" + key)`; an NFC-e then gets its `infNFeSupl` from `documents.nfce`.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from lxml import etree

from documents._format import cents_sum, money, quantity, rate, timestamp, unit_price
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.localtime import issuer_time
from documents.nfe.model import (
    Address,
    IbsCbs,
    Icms,
    IcmsUfDest,
    IndPres,
    Item,
    Modelo,
    NFeData,
    Payment,
    PisCofins,
    Recipient,
    TpAmb,
    TpEmis,
)
from documents.ufs import uf_code

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
LAYOUT_VERSION = "4.00"
HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"
"""dest/xNome SEFAZ requires on every homologation NF-e (sped-nfe Make::tagdest)."""
HOMOLOGATION_ITEM = "NOTA FISCAL EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"
"""xProd SEFAZ requires on the first item of a homologation NFC-e (rejection 373)."""

_Q = f"{{{NFE_NS}}}"
_ZERO = "0.00"
Leaves = Iterable[tuple[str, str | None]]


@dataclass(frozen=True)
class Totals:
    """The ICMSTot (and IBSCBSTot) sums, kept for the caller (vNF goes into the QR code)."""

    v_bc: Decimal
    v_icms: Decimal
    v_prod: Decimal
    v_desc: Decimal
    v_pis: Decimal
    v_cofins: Decimal
    v_nf: Decimal
    v_tot_trib: Decimal | None
    ibs_cbs: IbsCbsTotals | None
    difal: DifalTotals | None = None


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
    """Build the unsigned NF-e or NFC-e tree of `data`."""
    _check(data)
    key = access_key_for(data)
    totals = compute_totals(data.items)
    _check_payments(data, totals)
    root = etree.Element(_Q + "NFe", nsmap={None: NFE_NS})
    inf = _sub(root, "infNFe", versao=LAYOUT_VERSION, Id="NFe" + key.text)
    _ide(inf, data, key)
    _emit(inf, data)
    _dest(inf, data)
    for number, item in enumerate(data.items, 1):
        _det(inf, number, item, _item_description(data, number, item))
    _total(inf, totals)
    _leaves(_sub(inf, "transp"), [("modFrete", data.mod_frete.value)])
    _pag(inf, data)
    _inf_intermed(inf, data)
    _inf_adic(inf, data)
    _resp_tec(inf, data)
    return BuiltNFe(key, root, totals)


def _check(data: NFeData) -> None:
    if not data.items:
        raise InvalidDocumentDataError("det", "at least one item is required")
    if len(data.items) > 990:
        raise InvalidDocumentDataError("det", "the layout allows at most 990 items")
    if (data.tp_emis != TpEmis.NORMAL) != (data.contingency is not None):
        raise InvalidDocumentDataError("dhCont", "contingency data goes with tpEmis != 1 only")
    if data.modelo == Modelo.NFCE and data.left_at is not None:
        raise InvalidDocumentDataError("dhSaiEnt", "an NFC-e has no exit date (rejection 705)")


def _check_payments(data: NFeData, totals: Totals) -> None:
    """NFC-e rejection 767 and NF-e rule: payments minus change equal the invoice total."""
    paid = cents_sum([p.amount for p in data.payments], "vPag")
    if all(p.kind == "90" for p in data.payments) and data.modelo == Modelo.NFE:
        return  # "sem pagamento" (tPag 90) with vPag 0.00
    if paid - (data.change or Decimal("0.00")) != totals.v_nf:
        raise InvalidDocumentDataError(
            "pag", f"payments {paid} minus change differ from {totals.v_nf}"
        )


# ---------------------------------------------------------------- helpers


def _sub(parent: etree._Element, tag: str, **attrib: str) -> etree._Element:
    return etree.SubElement(parent, _Q + tag, attrib)


def _leaves(parent: etree._Element, pairs: Leaves) -> etree._Element:
    """Append text children in order, skipping optional fields given as None."""
    for tag, text in pairs:
        if text is not None:
            etree.SubElement(parent, _Q + tag).text = text
    return parent


def _opt_money(value: Decimal | None, field: str) -> str | None:
    return None if value is None else money(value, field)


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


def _ide(inf: etree._Element, data: NFeData, key: AccessKey) -> None:
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
        _leaves(_sub(ide, "NFref"), [("refNFe", AccessKey.parse(reference).text)])


def _address(parent: etree._Element, tag: str, address: Address) -> None:
    _leaves(_sub(parent, tag), [
        ("xLgr", address.street), ("nro", address.number), ("xCpl", address.complement),
        ("xBairro", address.district), ("cMun", address.city_code), ("xMun", address.city),
        ("UF", address.uf), ("CEP", address.cep), ("cPais", address.country_code),
        ("xPais", address.country), ("fone", address.phone),
    ])  # fmt: skip


def _emit(inf: etree._Element, data: NFeData) -> None:
    issuer = data.issuer
    emit = _leaves(_sub(inf, "emit"), [
        _registration(issuer.registration), ("xNome", issuer.name), ("xFant", issuer.trade_name),
    ])  # fmt: skip
    _address(emit, "enderEmit", issuer.address)
    _leaves(emit, [("IE", issuer.ie), ("IM", issuer.im), ("CNAE", issuer.cnae)])
    _leaves(emit, [("CRT", issuer.crt.value)])


def _dest(inf: etree._Element, data: NFeData) -> None:
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


def _det(inf: etree._Element, number: int, item: Item, description: str) -> None:
    det = _sub(inf, "det", nItem=str(number))
    qty, price = quantity(item.quantity), unit_price(item.unit_price)
    _leaves(_sub(det, "prod"), [
        ("cProd", item.code), ("cEAN", item.gtin), ("xProd", description), ("NCM", item.ncm),
        ("CEST", item.cest), ("cBenef", item.benefit_code), ("CFOP", item.cfop),
        ("uCom", item.unit), ("qCom", qty),
        ("vUnCom", price), ("vProd", money(item.total, "vProd")), ("cEANTrib", item.gtin),
        ("uTrib", item.unit), ("qTrib", qty), ("vUnTrib", price),
        ("vDesc", _opt_money(item.discount, "vDesc")), ("indTot", "1"),
    ])  # fmt: skip
    taxes = item.taxes
    imposto = _leaves(_sub(det, "imposto"), [
        ("vTotTrib", _opt_money(taxes.approximate_total, "vTotTrib")),
    ])  # fmt: skip
    _icms(_sub(imposto, "ICMS"), taxes.icms)
    _pis_cofins(imposto, "PIS", taxes.pis)
    _pis_cofins(imposto, "COFINS", taxes.cofins)
    if taxes.icms_uf_dest is not None:
        _icms_uf_dest(imposto, taxes.icms_uf_dest)
    if taxes.ibs_cbs is not None:
        _ibs_cbs(imposto, taxes.ibs_cbs)
    _leaves(det, [("infAdProd", item.additional_info)])


_CST_GROUP = {
    "00": "ICMS00", "20": "ICMS20", "40": "ICMS40", "41": "ICMS40", "50": "ICMS40",
    "51": "ICMS51", "60": "ICMS60", "90": "ICMS90",
}  # fmt: skip
_CSOSN_GROUP = {
    "101": "ICMSSN101", "102": "ICMSSN102", "103": "ICMSSN102", "300": "ICMSSN102",
    "400": "ICMSSN102", "500": "ICMSSN500", "900": "ICMSSN900",
}  # fmt: skip


def _icms_uf_dest(imposto: etree._Element, difal: IcmsUfDest) -> None:
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


def _icms(parent: etree._Element, icms: Icms) -> None:
    """The ICMS group the CST/CSOSN selects, with the fields that group carries, in order."""
    if (icms.cst is None) == (icms.csosn is None):
        raise InvalidDocumentDataError("ICMS", "exactly one of CST or CSOSN is required")
    code: tuple[str, str] = ("CST", icms.cst) if icms.cst else ("CSOSN", icms.csosn or "")
    group = (_CST_GROUP if icms.cst else _CSOSN_GROUP).get(code[1])
    if group is None:
        raise InvalidDocumentDataError("ICMS", f"CST/CSOSN {code[1]} is not supported yet")
    _leaves(_sub(parent, group), [("orig", icms.orig), code, *_icms_fields(group, icms)])


def _icms_fields(group: str, icms: Icms) -> list[tuple[str, str | None]]:
    base = [("modBC", icms.mod_bc), ("vBC", _opt_money(icms.v_bc, "vBC"))]
    tax = [("pICMS", _opt_rate(icms.p_icms, "pICMS")), ("vICMS", _opt_money(icms.v_icms, "vICMS"))]
    credit = [
        ("pCredSN", _opt_rate(icms.p_cred_sn, "pCredSN")),
        ("vCredICMSSN", _opt_money(icms.v_cred_icms_sn, "vCredICMSSN")),
    ]
    reduction = [("pRedBC", _opt_rate(icms.p_red_bc, "pRedBC"))]
    deferral = [
        ("pICMS", _opt_rate(icms.p_icms, "pICMS")),
        ("vICMSOp", _opt_money(icms.v_icms_op, "vICMSOp")),
        ("pDif", _opt_rate(icms.p_dif, "pDif")),
        ("vICMSDif", _opt_money(icms.v_icms_dif, "vICMSDif")),
        ("vICMS", _opt_money(icms.v_icms, "vICMS")),
    ]
    fields: dict[str, list[tuple[str, str | None]]] = {
        "ICMS00": base + tax,
        "ICMS20": base[:1] + reduction + base[1:] + tax,
        "ICMS51": base[:1] + reduction + base[1:] + deferral,
        "ICMS90": base + reduction + tax,
        "ICMSSN101": credit,
        "ICMSSN900": base + reduction + tax + credit,
    }
    return fields.get(group, [])


def _pis_cofins(imposto: etree._Element, tax: str, value: PisCofins) -> None:
    """PISAliq/COFINSAliq (CST 01, 02), ...NT (04-09) or ...Outr (49-99)."""
    group = _pis_cofins_group(value.cst)
    outer = _sub(_sub(imposto, tax), tax + group)
    _leaves(outer, [("CST", value.cst)])
    if group == "NT":
        return
    if value.v_bc is None or value.rate is None:
        raise InvalidDocumentDataError(tax, f"CST {value.cst} needs base and rate")
    _leaves(outer, [
        ("vBC", money(value.v_bc, "vBC")), ("p" + tax, rate(value.rate, "p" + tax)),
        ("v" + tax, money(value.value, "v" + tax)),
    ])  # fmt: skip


def _pis_cofins_group(cst: str) -> str:
    if cst in ("01", "02"):
        return "Aliq"
    if cst in ("04", "05", "06", "07", "08", "09"):
        return "NT"
    if cst.isdigit() and 49 <= int(cst) <= 99:
        return "Outr"
    raise InvalidDocumentDataError("PIS/COFINS", f"CST {cst} is not supported yet")


def _ibs_cbs(imposto: etree._Element, tax: IbsCbs) -> None:
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
    """ICMSTot and IBSCBSTot as sums of item values (vNF = vProd - vDesc; no ST, IPI, freight)."""
    icms = [i.taxes.icms for i in items]
    v_prod = cents_sum([i.total for i in items], "vProd")
    v_desc = cents_sum([i.discount or Decimal("0.00") for i in items], "vDesc")
    approximate = [i.taxes.approximate_total for i in items]
    return Totals(
        v_bc=cents_sum(
            [t.v_bc for t in icms if t.v_bc is not None and t.v_icms is not None], "vBC"
        ),
        v_icms=cents_sum([t.v_icms for t in icms if t.v_icms is not None], "vICMS"),
        v_prod=v_prod,
        v_desc=v_desc,
        v_pis=cents_sum([i.taxes.pis.value for i in items], "vPIS"),
        v_cofins=cents_sum([i.taxes.cofins.value for i in items], "vCOFINS"),
        v_nf=v_prod - v_desc,
        v_tot_trib=None
        if all(a is None for a in approximate)
        else cents_sum([a for a in approximate if a is not None]),
        ibs_cbs=_ibs_cbs_totals(items),
        difal=_difal_totals(items),
    )


def _difal_totals(items: tuple[Item, ...]) -> DifalTotals | None:
    groups = [g for i in items if (g := i.taxes.icms_uf_dest) is not None]
    if not groups:
        return None
    return DifalTotals(
        v_fcp_dest=cents_sum([g.v_fcp for g in groups if g.v_fcp is not None], "vFCPUFDest"),
        v_icms_dest=cents_sum([g.v_icms_dest for g in groups], "vICMSUFDest"),
        v_icms_origin=cents_sum([g.v_icms_origin for g in groups], "vICMSUFRemet"),
    )


def _ibs_cbs_totals(items: tuple[Item, ...]) -> IbsCbsTotals | None:
    groups = [i.taxes.ibs_cbs for i in items if i.taxes.ibs_cbs is not None]
    if not groups:
        return None
    taxed = [g for g in groups if g.v_bc is not None]
    return IbsCbsTotals(
        v_bc=cents_sum([g.v_bc for g in taxed if g.v_bc is not None]),
        v_ibs_uf=cents_sum([g.v_ibs_uf for g in taxed]),
        v_ibs_mun=cents_sum([g.v_ibs_mun for g in taxed]),
        v_cbs=cents_sum([g.v_cbs for g in taxed]),
    )


def _total(inf: etree._Element, totals: Totals) -> None:
    total = _sub(inf, "total")
    _leaves(_sub(total, "ICMSTot"), [
        ("vBC", money(totals.v_bc)), ("vICMS", money(totals.v_icms)), ("vICMSDeson", _ZERO),
        *_difal_total_leaves(totals.difal), ("vFCP", _ZERO), ("vBCST", _ZERO), ("vST", _ZERO),
        ("vFCPST", _ZERO),
        ("vFCPSTRet", _ZERO), ("vProd", money(totals.v_prod)), ("vFrete", _ZERO),
        ("vSeg", _ZERO), ("vDesc", money(totals.v_desc)), ("vII", _ZERO), ("vIPI", _ZERO),
        ("vIPIDevol", _ZERO), ("vPIS", money(totals.v_pis)), ("vCOFINS", money(totals.v_cofins)),
        ("vOutro", _ZERO), ("vNF", money(totals.v_nf)),
        ("vTotTrib", _opt_money(totals.v_tot_trib, "vTotTrib")),
    ])  # fmt: skip
    if totals.ibs_cbs is not None:
        _ibs_cbs_total(total, totals.ibs_cbs)


def _difal_total_leaves(difal: DifalTotals | None) -> Leaves:
    if difal is None:
        return []
    return [
        ("vFCPUFDest", money(difal.v_fcp_dest)), ("vICMSUFDest", money(difal.v_icms_dest)),
        ("vICMSUFRemet", money(difal.v_icms_origin)),
    ]  # fmt: skip


def _ibs_cbs_total(total: etree._Element, sums: IbsCbsTotals) -> None:
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


# ---------------------------------------------------------------- pag, infAdic, infRespTec


def _pag(inf: etree._Element, data: NFeData) -> None:
    if not data.payments:
        raise InvalidDocumentDataError("pag", "at least one payment (tPag 90 for none) is required")
    pag = _sub(inf, "pag")
    for payment in data.payments:
        _det_pag(pag, payment)
    _leaves(pag, [("vTroco", _opt_money(data.change, "vTroco"))])


def _det_pag(pag: etree._Element, payment: Payment) -> None:
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


def _inf_intermed(inf: etree._Element, data: NFeData) -> None:
    """infIntermed: the marketplace (CNPJ and the seller's id there) that brokered the sale."""
    if data.intermediary is not None:
        _leaves(_sub(inf, "infIntermed"), [
            ("CNPJ", data.intermediary.cnpj), ("idCadIntTran", data.intermediary.platform_id),
        ])  # fmt: skip


def _inf_adic(inf: etree._Element, data: NFeData) -> None:
    if data.additional_info is None and data.fisco_info is None:
        return
    _leaves(
        _sub(inf, "infAdic"), [("infAdFisco", data.fisco_info), ("infCpl", data.additional_info)]
    )


def _resp_tec(inf: etree._Element, data: NFeData) -> None:
    tech = data.tech_responsible
    if tech is None:
        return
    _leaves(_sub(inf, "infRespTec"), [
        ("CNPJ", tech.cnpj), ("xContato", tech.contact), ("email", tech.email),
        ("fone", tech.phone),
    ])  # fmt: skip
