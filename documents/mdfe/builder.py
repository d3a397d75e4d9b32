"""MDF-e 3.00 (model 58, road modal): data mapped to element names, written in the official
XSD's order by `documents.layout` (docs "One building style for the new layouts").

The road modal is written by its own layout (`mdfe/3.00/rodo`) and placed in `infModal`, whose
content the document's XSD leaves open (`xs:any`). The supplement `infMDFeSupl/qrCodMDFe` lies
outside the signed `infMDFe`, so it is written with the document and the signer appends
`Signature` after it, where the XSD wants it. A manifest in contingency (tpEmis 2) differs only
by that digit (also position 35 of its key) and its signed QR code: the 3.00 layout has no
dhCont/xJust.

Two layout rules the XSD cannot express are checked here (SPEC, MDF-e): a manifest of a single
document is a full load and needs the loading and unloading CEP (`prodPred/infLotacao`), and an
issuer that provides the transport (tpEmit 1 or 3) declares the predominant product.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from typing import Any

from lxml import etree

from documents._format import money, quantity, timestamp
from documents.cte.qrcode import KeySigner
from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.layout import layout_for, write
from documents.localtime import issuer_time
from documents.mdfe.model import (
    Driver,
    Insurance,
    Issuer,
    MDFeData,
    PredominantProduct,
    TpEmit,
    UnloadingPlace,
    Vehicle,
    VehicleOwner,
)
from documents.mdfe.qrcode import qr_code_url
from documents.ufs import uf_code

MDFE_NS = "http://www.portalfiscal.inf.br/mdfe"
LAYOUT_VERSION = "3.00"
MODEL_MDFE = 58
ROAD_MODAL = "1"
DOCUMENT_SCHEMA, ROAD_SCHEMA = "mdfe/3.00/MDFe", "mdfe/3.00/rodo"
PROVIDERS = frozenset({TpEmit.PRESTADOR, TpEmit.CTE_GLOBALIZADO})
"""tpEmit values that must declare the predominant product."""

Mapping = dict[str, Any]


@dataclass(frozen=True)
class BuiltMdfe:
    """An unsigned MDF-e: its key and tree; sign `reference_id` (`MDFe` + key)."""

    key: AccessKey
    root: etree._Element

    @property
    def reference_id(self) -> str:
        return f"MDFe{self.key.text}"


def build_mdfe(data: MDFeData, sign: KeySigner | None = None) -> BuiltMdfe:
    """The unsigned `MDFe` (model 58, road modal) with its QR code supplement; `sign` (the
    signer's `sign_bytes`) is needed only in contingency (tpEmis 2), for the QR code.

    Raises `InvalidDocumentDataError` when a layout rule of the spec is broken."""
    check_layout_rules(data)
    issued = issuer_time(data.issuer.address.uf, data.issued_at)
    key = AccessKey.build(
        uf_code(data.issuer.address.uf), (issued.year, issued.month), data.issuer.registration,
        MODEL_MDFE, data.series, data.number, int(data.tp_emis.value), data.cmdf,
    )  # fmt: skip
    cte_count = sum(len(place.cte_keys) for place in data.unloading)
    nfe_count = sum(len(place.nfe_keys) for place in data.unloading)
    info: Mapping = {
        "@Id": f"MDFe{key.text}",
        "@versao": LAYOUT_VERSION,
        "ide": _ide(data, key, issued),
        "emit": _issuer(data.issuer),
        "infModal": _modal(write(layout_for(ROAD_SCHEMA), _road(data))),
        "infDoc": {"infMunDescarga": [_unloading(place) for place in data.unloading]},
        "seg": [_insurance(item) for item in data.insurance] or None,
        "prodPred": _product(data.product),
        "tot": {
            "qCTe": str(cte_count) if cte_count else None,
            "qNFe": str(nfe_count) if nfe_count else None,
            "vCarga": money(data.totals.value, "vCarga"),
            "cUnid": data.totals.unit.value,
            "qCarga": quantity(data.totals.quantity, "qCarga"),
        },
        "infAdic": {"infCpl": data.observations} if data.observations else None,
    }
    supplement = {"qrCodMDFe": qr_code_url(key, data.tp_amb.value, sign)}
    root = write(layout_for(DOCUMENT_SCHEMA), {"infMDFe": info, "infMDFeSupl": supplement})
    return BuiltMdfe(key, root)


def check_layout_rules(data: MDFeData) -> None:
    """The rules of the spec's MDF-e section that the XSD leaves open, in Portuguese."""
    if not data.unloading:
        raise InvalidDocumentDataError(
            "infMunDescarga", "informe ao menos um município de descarga"
        )
    documents = sum(len(p.cte_keys) + len(p.nfe_keys) for p in data.unloading)
    if documents == 0:
        raise InvalidDocumentDataError("infDoc", "informe ao menos um documento (CT-e ou NF-e)")
    if data.tp_emit in PROVIDERS and data.product is None:
        raise InvalidDocumentDataError(
            "prodPred",
            "o produto predominante é obrigatório para o emitente prestador de serviço de "
            "transporte (tpEmit 1) e para o CT-e globalizado (tpEmit 3)",
        )
    if documents == 1 and (data.product is None or data.product.full_load is None):
        raise InvalidDocumentDataError(
            "infLotacao",
            "um MDF-e com um único documento é carga lotação: informe o produto predominante "
            "com o CEP de carregamento e o de descarregamento",
        )


def _ide(data: MDFeData, key: AccessKey, issued: dt.datetime) -> Mapping:
    departure = None
    if data.departure is not None:
        departure = timestamp(issuer_time(data.issuer.address.uf, data.departure), "dhIniViagem")
    return {
        "cUF": f"{key.cuf:02d}", "tpAmb": data.tp_amb.value, "tpEmit": data.tp_emit.value,
        "tpTransp": None if data.tp_transp is None else data.tp_transp.value,
        "mod": str(MODEL_MDFE), "serie": str(data.series), "nMDF": str(data.number),
        "cMDF": data.cmdf, "cDV": str(key.dv), "modal": ROAD_MODAL,
        "dhEmi": timestamp(issued), "tpEmis": data.tp_emis.value, "procEmi": "0",
        "verProc": data.ver_proc, "UFIni": data.uf_start, "UFFim": data.uf_end,
        "infMunCarrega": [{"cMunCarrega": p.code, "xMunCarrega": p.name} for p in data.loading],
        "infPercurso": [{"UFPer": uf} for uf in data.route] or None,
        "dhIniViagem": departure,
    }  # fmt: skip


def _registration(registration: str) -> Mapping:
    return {"CPF" if len(registration) == 11 else "CNPJ": registration}


def _issuer(issuer: Issuer) -> Mapping:
    address = issuer.address
    return {
        **_registration(issuer.registration), "IE": issuer.ie, "xNome": issuer.name,
        "xFant": issuer.trade_name,
        "enderEmit": {
            "xLgr": address.street, "nro": address.number, "xCpl": address.complement,
            "xBairro": address.district, "cMun": address.city_code, "xMun": address.city,
            "CEP": address.cep, "UF": address.uf, "fone": address.phone, "email": issuer.email,
        },
    }  # fmt: skip


def _modal(fragment: etree._Element) -> Mapping:
    """`infModal versaoModal=3.00` around the modal element its own layout wrote."""
    return {"@versaoModal": LAYOUT_VERSION, etree.QName(fragment).localname: fragment}


def _road(data: MDFeData) -> Mapping:
    """rodo: the issuer's RNTRC (infANTT), the traction unit with its drivers, the trailers."""
    if not data.drivers:
        raise InvalidDocumentDataError("condutor", "informe ao menos um condutor")
    traction = _vehicle(data.vehicle)
    traction["condutor"] = [_driver(d) for d in data.drivers]
    traction["tpRod"] = data.vehicle.wheel_type
    rntrc = data.issuer.rntrc
    return {
        "infANTT": {"RNTRC": rntrc} if rntrc else None,
        "veicTracao": traction,
        "veicReboque": [_vehicle(trailer) for trailer in data.trailers] or None,
    }


def _vehicle(vehicle: Vehicle) -> Mapping:
    def number(value: int | None) -> str | None:
        return None if value is None else str(value)

    return {
        "cInt": vehicle.internal_code, "placa": vehicle.plate, "RENAVAM": vehicle.renavam,
        "tara": str(vehicle.tare_kg), "capKG": number(vehicle.capacity_kg),
        "capM3": number(vehicle.capacity_m3), "prop": _owner(vehicle.owner),
        "tpCar": vehicle.body_type, "UF": vehicle.uf,
    }  # fmt: skip


def _owner(owner: VehicleOwner | None) -> Mapping | None:
    if owner is None:
        return None
    return {
        **_registration(owner.registration), "RNTRC": owner.rntrc, "xNome": owner.name,
        "IE": owner.ie, "UF": owner.uf, "tpProp": owner.kind,
    }  # fmt: skip


def _driver(driver: Driver) -> Mapping:
    return {"xNome": driver.name, "CPF": driver.cpf}


def _unloading(place: UnloadingPlace) -> Mapping:
    return {
        "cMunDescarga": place.code,
        "xMunDescarga": place.name,
        "infCTe": [{"chCTe": key} for key in place.cte_keys] or None,
        "infNFe": [{"chNFe": key} for key in place.nfe_keys] or None,
    }


def _insurance(insurance: Insurance) -> Mapping:
    responsible: Mapping = {"respSeg": insurance.responsible}
    if insurance.responsible_registration:
        responsible.update(_registration(insurance.responsible_registration))
    insurer = None
    if insurance.insurer_name is not None:
        insurer = {"xSeg": insurance.insurer_name, "CNPJ": insurance.insurer_cnpj}
    return {
        "infResp": responsible,
        "infSeg": insurer,
        "nApol": insurance.policy,
        "nAver": list(insurance.endorsements) or None,
    }


def _product(product: PredominantProduct | None) -> Mapping | None:
    if product is None:
        return None
    full_load = None
    if product.full_load is not None:
        full_load = {
            "infLocalCarrega": {"CEP": product.full_load.loading_cep},
            "infLocalDescarrega": {"CEP": product.full_load.unloading_cep},
        }
    return {
        "tpCarga": product.cargo_type.value, "xProd": product.description,
        "cEAN": product.ean, "NCM": product.ncm, "infLotacao": full_load,
    }  # fmt: skip
