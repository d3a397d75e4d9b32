"""CT-e (model 57, road) and CT-e OS (model 67) 4.00: data mapped to element names, written in the
official XSD's order by `documents.layout` (docs "One building style for the new layouts").

The builders never decide a tax: they map the groups the engine decided. The road modal is
written by its own layout (`cte/4.00/rodo`, `cte/4.00/rodoOS`) and placed in `infModal`, whose
content the document's XSD leaves open (`xs:any`). The supplement `infCTeSupl/qrCodCTe` lies
outside the signed `infCte`, so it is written with the document and the signer appends
`Signature` after it, where the XSD wants it.

Contingency (protocol_facts §7): `tpEmis` is also position 35 of the key, so a contingency CT-e
has its own key. `dhCont`/`xJust` go at the end of `ide`, where the 4.00 XSD's optional
sequence "informar apenas para tpEmis diferente de 1" sits: required offline (rejection 587),
allowed under the SVC (sped-cte writes them for the offline mode only), refused for a normal
CT-e (586). An offline CT-e's QR code is signed with the issuer's key (`documents.cte.qrcode`).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from lxml import etree

from documents._format import decimal_places, money, quantity, rate, timestamp
from documents.cte.model import (
    Address,
    Cargo,
    Component,
    Contingency,
    CTeData,
    CTeOSData,
    DocumentReference,
    IbsCbs,
    Icms,
    IcmsGroup,
    Issuer,
    Municipality,
    Party,
    TakerRole,
    Taxes,
    TpEmisCte,
)
from documents.cte.qrcode import KeySigner, qr_code_url
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.layout import layout_for, write
from documents.localtime import issuer_time
from documents.ufs import uf_code

CTE_NS = "http://www.portalfiscal.inf.br/cte"
LAYOUT_VERSION = "4.00"
MODEL_CTE, MODEL_CTE_OS = 57, 67
ROAD_MODAL = "01"
TP_CTE_NORMAL = "0"

Mapping = dict[str, Any]


@dataclass(frozen=True)
class BuiltCte:
    """An unsigned CT-e or CT-e OS: its key and tree; sign `reference_id` (`CTe` + key)."""

    key: AccessKey
    root: etree._Element

    @property
    def reference_id(self) -> str:
        return f"CTe{self.key.text}"


def build_cte(data: CTeData, sign: KeySigner | None = None) -> BuiltCte:
    """The unsigned `CTe` (model 57, road modal, normal type) with its QR code supplement.

    `sign` (the signer's `sign_bytes`) is needed only offline (tpEmis 2), for the QR code."""
    issued = issuer_time(data.issuer.address.uf, data.issued_at)
    check_contingency(data.tp_emis, data.contingency, issued, data.issuer.address.uf)
    key = _key(data.issuer, issued, MODEL_CTE, data.series, data.number, data.cct, data.tp_emis)
    info: Mapping = {
        "@Id": f"CTe{key.text}",
        "@versao": LAYOUT_VERSION,
        "ide": _ide_cte(data, key, issued),
        "compl": _compl(data.observations),
        "emit": _issuer(data.issuer),
        "rem": _party_fields(data.sender, "enderReme", trade_name=True),
        "exped": _party(data.shipper, "enderExped"),
        "receb": _party(data.receiver, "enderReceb"),
        "dest": _party_fields(data.recipient, "enderDest"),
        "vPrest": _value(data.service_total, data.receivable, data.components),
        "imp": _taxes(data.taxes),
        "infCTeNorm": {
            "infCarga": _cargo(data.cargo),
            "infDoc": {"infNFe": [{"chave": nfe_key} for nfe_key in data.nfe_keys]},
            "infModal": _modal(write(layout_for("cte/4.00/rodo"), {"RNTRC": data.rntrc})),
        },
    }
    root = _document("cte/4.00/CTe", info, key, data.issuer, data.tp_amb.value, sign=sign)
    return BuiltCte(key, root)


def build_cteos(data: CTeOSData, sign: KeySigner | None = None) -> BuiltCte:
    """The unsigned `CTeOS` (model 67, road modal) with its QR code supplement; `sign` as for
    `build_cte`."""
    issued = issuer_time(data.issuer.address.uf, data.issued_at)
    check_contingency(data.tp_emis, data.contingency, issued, data.issuer.address.uf)
    key = _key(data.issuer, issued, MODEL_CTE_OS, data.series, data.number, data.cct, data.tp_emis)
    service: Mapping = {"xDescServ": data.description}
    if data.quantity is not None:
        service["infQ"] = {"qCarga": quantity(data.quantity, "infQ/qCarga")}
    info: Mapping = {
        "@Id": f"CTe{key.text}",
        "@versao": LAYOUT_VERSION,
        "ide": _ide_cteos(data, key, issued),
        "compl": _compl(data.observations),
        "emit": _issuer(data.issuer),
        "toma": _party_fields(data.taker, "enderToma", trade_name=True),
        "vPrest": _value(data.service_total, data.receivable, data.components),
        "imp": _taxes(data.taxes),
        "infCTeNorm": {
            "infServico": service,
            "infDocRef": [_reference(r) for r in data.references] or None,
            "infModal": _modal(write(layout_for("cte/4.00/rodoOS"), _road_os(data))),
        },
    }
    # The CT-e OS root carries `versao`; the CT-e root has no attribute.
    root = _document(
        "cte/4.00/CTeOS", info, key, data.issuer, data.tp_amb.value, LAYOUT_VERSION, sign=sign
    )
    return BuiltCte(key, root)


def _document(
    schema_key: str,
    info: Mapping,
    key: AccessKey,
    issuer: Issuer,
    tp_amb: str,
    root_version: str | None = None,
    *,
    sign: KeySigner | None = None,
) -> etree._Element:
    supplement = {"qrCodCTe": qr_code_url(key, tp_amb, issuer.address.uf, sign)}
    document = {"@versao": root_version, "infCte": info, "infCTeSupl": supplement}
    return write(layout_for(schema_key), document)


def _key(
    issuer: Issuer,
    issued: dt.datetime,
    model: int,
    series: int,
    number: int,
    cct: str,
    tp_emis: TpEmisCte,
) -> AccessKey:
    cuf = uf_code(issuer.address.uf)
    return AccessKey.build(
        cuf, (issued.year, issued.month), issuer.registration, model, series, number,
        int(tp_emis.value), cct,
    )  # fmt: skip


def check_contingency(
    tp_emis: TpEmisCte, contingency: Contingency | None, issued: dt.datetime, uf: str
) -> None:
    """What the authority refuses at reception, refused here first (MOC CT-e G008-G010):
    contingency data on a normal CT-e (586), none offline (587), a contingency that starts
    after the emission (588); xJust outside 15-256 characters breaks the XSD."""
    if tp_emis is TpEmisCte.NORMAL:
        if contingency is not None:
            raise InvalidDocumentDataError("dhCont", "contingency data goes with tpEmis != 1 only")
        return
    if contingency is None:
        if tp_emis is TpEmisCte.OFFLINE:
            raise InvalidDocumentDataError("dhCont", "an offline CT-e needs dhCont and xJust")
        return
    if issuer_time(uf, contingency.started_at) > issued:
        raise InvalidDocumentDataError("dhCont", "the contingency cannot start after dhEmi")
    if not 15 <= len(contingency.reason.strip()) <= 256:
        raise InvalidDocumentDataError("xJust", "the justification needs 15 to 256 characters")


def _contingency(data: CTeData | CTeOSData, uf: str) -> Mapping:
    """dhCont (the issuer's local time with its offset) and xJust, or nothing."""
    if data.contingency is None:
        return {}
    started = issuer_time(uf, data.contingency.started_at)
    return {"dhCont": timestamp(started, "dhCont"), "xJust": data.contingency.reason.strip()}


def _ide_common(
    data: CTeData | CTeOSData, key: AccessKey, issued: dt.datetime, model: int
) -> Mapping:
    sent_from = data.issued_in or Municipality(
        data.issuer.address.city_code, data.issuer.address.city, data.issuer.address.uf
    )
    return {
        "cUF": f"{key.cuf:02d}", "cCT": data.cct, "CFOP": data.cfop, "natOp": data.nat_op,
        "mod": str(model), "serie": str(data.series), "nCT": str(data.number),
        "dhEmi": timestamp(issued), "tpImp": "1", "tpEmis": data.tp_emis.value,
        "cDV": str(key.dv), "tpAmb": data.tp_amb.value, "tpCTe": TP_CTE_NORMAL,
        "procEmi": "0", "verProc": data.ver_proc,
        **_municipality("Env", sent_from), "modal": ROAD_MODAL, "tpServ": data.tp_serv.value,
        **_municipality("Ini", data.start), **_municipality("Fim", data.end),
        "indIEToma": data.ind_ie_toma.value,
        **_contingency(data, data.issuer.address.uf),
    }  # fmt: skip


def _ide_cte(data: CTeData, key: AccessKey, issued: dt.datetime) -> Mapping:
    ide = _ide_common(data, key, issued, MODEL_CTE)
    ide["retira"] = "0" if data.pickup else "1"
    if isinstance(data.taker, TakerRole):
        ide["toma3"] = {"toma": data.taker.value}
    else:
        ide["toma4"] = {"toma": "4", **_party_fields(data.taker, "enderToma", trade_name=True)}
    return ide


def _ide_cteos(data: CTeOSData, key: AccessKey, issued: dt.datetime) -> Mapping:
    ide = _ide_common(data, key, issued, MODEL_CTE_OS)
    ide["infPercurso"] = [{"UFPer": uf} for uf in data.route] or None
    return ide


def _municipality(suffix: str, place: Municipality) -> Mapping:
    return {f"cMun{suffix}": place.code, f"xMun{suffix}": place.name, f"UF{suffix}": place.uf}


def _compl(observations: str | None) -> Mapping | None:
    return {"xObs": observations} if observations else None


def _registration(registration: str) -> Mapping:
    return {"CPF" if len(registration) == 11 else "CNPJ": registration}


def _address(address: Address, *, country: bool = True) -> Mapping:
    mapping: Mapping = {
        "xLgr": address.street, "nro": address.number, "xCpl": address.complement,
        "xBairro": address.district, "cMun": address.city_code, "xMun": address.city,
        "CEP": address.cep, "UF": address.uf,
    }  # fmt: skip
    if country:
        mapping.update(cPais=address.country_code, xPais=address.country)
    return mapping


def _issuer(issuer: Issuer) -> Mapping:
    address = {**_address(issuer.address, country=False), "fone": issuer.address.phone}
    return {
        **_registration(issuer.registration), "IE": issuer.ie, "xNome": issuer.name,
        "xFant": issuer.trade_name, "enderEmit": address, "CRT": issuer.crt.value,
    }  # fmt: skip


def _party(party: Party | None, address_tag: str, *, trade_name: bool = False) -> Mapping | None:
    """An optional party (exped, receb): left out when absent."""
    return None if party is None else _party_fields(party, address_tag, trade_name=trade_name)


def _party_fields(party: Party, address_tag: str, *, trade_name: bool = False) -> Mapping:
    """A party's fields; only rem, toma4 and toma have `xFant` in the layout."""
    if party.trade_name and not trade_name:
        raise InvalidDocumentDataError(address_tag, "este participante não tem nome fantasia")
    return {
        **_registration(party.registration), "IE": party.ie, "xNome": party.name,
        "xFant": party.trade_name, "fone": party.phone, address_tag: _address(party.address),
        "email": party.email,
    }  # fmt: skip


def _value(total: Decimal, receivable: Decimal, components: tuple[Component, ...]) -> Mapping:
    return {
        "vTPrest": money(total, "vTPrest"),
        "vRec": money(receivable, "vRec"),
        "Comp": [{"xNome": c.name, "vComp": money(c.value, "vComp")} for c in components],
    }


def _taxes(taxes: Taxes) -> Mapping:
    return {
        "ICMS": {taxes.icms.group.value: _icms(taxes.icms)},
        "vTotTrib": _money(taxes.approximate_total, "vTotTrib"),
        "infAdFisco": taxes.fisco_note,
        "IBSCBS": _ibs_cbs(taxes.ibs_cbs),
        "vTotDFe": _money(taxes.document_total, "vTotDFe"),
    }


def _money(value: Decimal | None, field: str) -> str | None:
    return None if value is None else money(value, field)


def _percent(value: Decimal | None, field: str) -> str | None:
    """TDec_0302 (pICMS, pRedBC): exactly two places; more places is an engine bug, refused."""
    return None if value is None else decimal_places(value, 2, field)


def _icms(icms: Icms) -> Mapping:
    """The fields of the decided group; the XSD (run by every pipeline) checks they suffice."""
    group = icms.group
    if group is IcmsGroup.ICMSSN:
        return {"CST": icms.cst, "indSN": "1"}
    if group is IcmsGroup.ICMS45:
        return {"CST": icms.cst}
    if group is IcmsGroup.ICMS60:
        return {
            "CST": icms.cst, "vBCSTRet": _money(icms.base, "vBCSTRet"),
            "vICMSSTRet": _money(icms.value, "vICMSSTRet"),
            "pICMSSTRet": _percent(icms.rate, "pICMSSTRet"), "vCred": _money(icms.credit, "vCred"),
        }  # fmt: skip
    return {
        "CST": icms.cst, "pRedBC": _percent(icms.reduction, "pRedBC"),
        "vBC": _money(icms.base, "vBC"), "pICMS": _percent(icms.rate, "pICMS"),
        "vICMS": _money(icms.value, "vICMS"),
        "vCred": _money(icms.credit, "vCred") if group is IcmsGroup.ICMS90 else None,
    }  # fmt: skip


def _ibs_cbs(tax: IbsCbs | None) -> Mapping | None:
    """IBSCBS (`TTribCTe`): CST, cClassTrib and, when taxed, the values (as the NF-e's group)."""
    if tax is None:
        return None
    group: Mapping = {"CST": tax.cst, "cClassTrib": tax.c_class_trib}
    if tax.v_bc is not None:
        group["gIBSCBS"] = {
            "vBC": money(tax.v_bc, "IBSCBS/vBC"),
            "gIBSUF": {"pIBSUF": rate(tax.p_ibs_uf, "pIBSUF"),
                       "vIBSUF": money(tax.v_ibs_uf, "vIBSUF")},
            "gIBSMun": {"pIBSMun": rate(tax.p_ibs_mun, "pIBSMun"),
                        "vIBSMun": money(tax.v_ibs_mun, "vIBSMun")},
            "vIBS": money(tax.v_ibs_uf + tax.v_ibs_mun, "vIBS"),
            "gCBS": {"pCBS": rate(tax.p_cbs, "pCBS"), "vCBS": money(tax.v_cbs, "vCBS")},
        }  # fmt: skip
    return group


def _cargo(cargo: Cargo) -> Mapping:
    return {
        "vCarga": money(cargo.value, "vCarga"),
        "proPred": cargo.main_product,
        "infQ": [
            {"cUnid": q.unit, "tpMed": q.measure, "qCarga": quantity(q.quantity, "qCarga")}
            for q in cargo.quantities
        ],
        "vCargaAverb": _money(cargo.insured_value, "vCargaAverb"),
    }


def _modal(fragment: etree._Element) -> Mapping:
    """`infModal versaoModal=4.00` around the modal element its own layout wrote."""
    return {"@versaoModal": LAYOUT_VERSION, etree.QName(fragment).localname: fragment}


def _road_os(data: CTeOSData) -> Mapping:
    """rodoOS; dhViagem, like every date-time of the document, in the issuer's local time."""
    road = data.road
    if (road.taf is None) == (road.state_registration is None):
        raise InvalidDocumentDataError(
            "rodoOS", "informe o TAF ou o número de registro estadual (exatamente um)"
        )
    mapping: Mapping = {"TAF": road.taf, "NroRegEstadual": road.state_registration}
    if road.vehicle is not None:
        vehicle = road.vehicle
        mapping["veic"] = {"placa": vehicle.plate, "RENAVAM": vehicle.renavam, "UF": vehicle.uf}
    if road.charter is not None:
        departure = road.charter.departure
        mapping["infFretamento"] = {
            "tpFretamento": road.charter.kind,
            "dhViagem": None
            if departure is None
            else timestamp(issuer_time(data.issuer.address.uf, departure), "dhViagem"),
        }
    return mapping


def _reference(reference: DocumentReference) -> Mapping:
    return {
        "nDoc": reference.number, "serie": reference.series,
        "dEmi": None if reference.issued_on is None else reference.issued_on.isoformat(),
        "vDoc": _money(reference.value, "vDoc"), "chBPe": reference.bpe_key,
    }  # fmt: skip
