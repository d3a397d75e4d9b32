"""DPS 1.01 of the national NFS-e: the model mapped to element names, written by `layout.write`.

The builder only names things; `documents.layout` puts them in the XSD's order and the pipeline
validates the result. The DPS Id is the deterministic concatenation of protocol_facts.md §1.3
(`documents.keys.dps_id`), so it can be rebuilt to query `GET /dps/{id}` after a timeout.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from lxml import etree

from documents.errors import AccessKeyError, InvalidDocumentDataError
from documents.keys import dps_id
from documents.layout import layout_for, write
from documents.localtime import issuer_time
from documents.nfse.model import (
    DpsData,
    FederalWithholdings,
    IbsCbs,
    IssTax,
    NationalAddress,
    Provider,
    Taker,
    TotalTaxes,
)
from documents.ufs import UF_BY_CODE

NFSE_NS = "http://www.sped.fazenda.gov.br/nfse"
SCHEMA_KEY = "nfse/1.00/DPS"
LAYOUT_VERSION = "1.01"
"""The version of the official schemas in the catalogue (nfelib's v1_0 folder holds 1.01)."""
TP_EMIT_PRESTADOR = "1"
"""Only the provider may issue in this version (E9996 otherwise; protocol_facts.md §4)."""
_CPF = re.compile(r"[0-9]{11}")


@dataclass(frozen=True)
class BuiltDps:
    """An unsigned DPS tree and the Id its signature references."""

    dps_id: str
    root: etree._Element


def build_dps(data: DpsData) -> BuiltDps:
    """The unsigned `DPS` element of `data`. Raises `InvalidDocumentDataError`."""
    identifier = _identifier(data)
    issued = local_time(data.issuing_municipality, data.issued_at)
    if data.competence > issued.date():
        raise InvalidDocumentDataError(
            "dCompet", "a competência não pode ser posterior à data de emissão (Sefin: E0015)"
        )
    info = {
        "@Id": identifier,
        "tpAmb": data.environment.value,
        "dhEmi": issued.isoformat(),
        "verAplic": data.app_version,
        "serie": data.series,
        "nDPS": str(data.number),
        "dCompet": data.competence.isoformat(),
        "tpEmit": TP_EMIT_PRESTADOR,
        "cLocEmi": data.issuing_municipality,
        "prest": _provider(data.provider),
        "toma": _taker(data.taker) if data.taker else None,
        "serv": _service(data),
        "valores": _values(data),
        "IBSCBS": _ibs_cbs(data.ibs_cbs) if data.ibs_cbs else None,
    }
    root = write(layout_for(SCHEMA_KEY), {"@versao": LAYOUT_VERSION, "infDPS": info})
    return BuiltDps(identifier, root)


def _identifier(data: DpsData) -> str:
    """The DPS Id; a part it cannot hold is the caller's data, reported like any other field."""
    try:
        return dps_id(
            data.issuing_municipality, data.provider.registration, data.series, data.number
        )
    except AccessKeyError as exc:
        raise InvalidDocumentDataError("infDPS/@Id", str(exc)) from None


def local_time(municipality: str, moment: dt.datetime) -> dt.datetime:
    """`moment` on the wall clock of the municipality's UF (its IBGE code starts with cUF)."""
    uf = UF_BY_CODE.get(int(municipality[:2])) if municipality[:2].isdigit() else None
    if uf is None:
        raise InvalidDocumentDataError("cLocEmi", f"código de município inválido: {municipality}")
    return issuer_time(uf, moment)


def _registration(value: str) -> dict[str, str]:
    """CPF (11 digits) or CNPJ (14, alphanumeric allowed), the choice every party makes."""
    value = value.strip().upper()
    return {"CPF": value} if _CPF.fullmatch(value) else {"CNPJ": value}


def _address(address: NationalAddress) -> dict[str, Any]:
    return {
        "endNac": {"cMun": address.municipality, "CEP": address.cep},
        "xLgr": address.street,
        "nro": address.number,
        "xCpl": address.complement,
        "xBairro": address.district,
    }


def _provider(provider: Provider) -> dict[str, Any]:
    """`prest`: name and address stay out; Sefin takes them from the national register (CNC)."""
    regime = {
        "opSimpNac": provider.simples_nacional.value,
        "regApTribSN": provider.simples_apportionment,
        "regEspTrib": provider.special_regime,
    }
    return {
        **_registration(provider.registration),
        "IM": provider.municipal_registration,
        "fone": provider.phone,
        "email": provider.email,
        "regTrib": regime,
    }


def _taker(taker: Taker) -> dict[str, Any]:
    return {
        **_registration(taker.registration),
        "IM": taker.municipal_registration,
        "xNome": taker.name,
        "end": _address(taker.address) if taker.address else None,
        "fone": taker.phone,
        "email": taker.email,
    }


def _service(data: DpsData) -> dict[str, Any]:
    service = data.service
    code = {
        "cTribNac": service.national_code,
        "cTribMun": service.municipal_code,
        "xDescServ": service.description,
        "cNBS": service.nbs,
    }
    notes = {"xInfComp": service.notes} if service.notes else None
    return {"locPrest": {"cLocPrestacao": service.place}, "cServ": code, "infoCompl": notes}


def _values(data: DpsData) -> dict[str, Any]:
    values = data.values
    discounts = None
    if values.unconditional_discount or values.conditional_discount:
        discounts = {
            "vDescIncond": _money(values.unconditional_discount),
            "vDescCond": _money(values.conditional_discount),
        }
    taxes = {
        "tribMun": _iss(data.iss),
        "tribFed": _federal(data.federal) if data.federal else None,
        "totTrib": _total_taxes(data.total_taxes),
    }
    return {
        "vServPrest": {"vServ": _money(values.service)},
        "vDescCondIncond": discounts,
        "trib": taxes,
    }


def _iss(iss: IssTax) -> dict[str, Any]:
    return {
        "tribISSQN": iss.taxation.value,
        "tpRetISSQN": iss.retention.value,
        "pAliq": _rate(iss.rate),
    }


def _federal(federal: FederalWithholdings) -> dict[str, Any] | None:
    withheld = {
        "vRetCP": _money(federal.social_security),
        "vRetIRRF": _money(federal.income_tax),
        "vRetCSLL": _money(federal.csll),
    }
    return withheld if any(withheld.values()) else None


def _total_taxes(total: TotalTaxes) -> dict[str, Any]:
    """`totTrib`: the amounts, else the Simples Nacional rate, else "not informed" (0)."""
    amounts = (total.federal, total.state, total.municipal)
    if all(amount is not None for amount in amounts):
        federal, state, municipal = (_money(amount) for amount in amounts)
        return {"vTotTrib": {"vTotTribFed": federal, "vTotTribEst": state,
                             "vTotTribMun": municipal}}  # fmt: skip
    if any(amount is not None for amount in amounts):
        raise InvalidDocumentDataError("totTrib/vTotTrib", "informe os três valores ou nenhum")
    if total.simples_rate is not None:
        return {"pTotTribSN": _rate(total.simples_rate)}
    return {"indTotTrib": "0"}


def _ibs_cbs(ibs_cbs: IbsCbs) -> dict[str, Any]:
    classification = {"CST": ibs_cbs.cst, "cClassTrib": ibs_cbs.class_code}
    return {
        "finNFSe": ibs_cbs.purpose,
        "indFinal": "1" if ibs_cbs.final_consumer else "0",
        "cIndOp": ibs_cbs.operation_indicator,
        "indDest": "0" if ibs_cbs.destination_is_taker else "1",
        "valores": {"trib": {"gIBSCBS": classification}},
    }


_CENTS = Decimal("0.01")


def _money(value: Decimal | None, field: str = "valores") -> Decimal | None:
    """Two decimals, as the layout's money and rate types ask. The engine already rounded, so
    more places are refused rather than rounded here."""
    if value is None:
        return None
    if value != value.quantize(_CENTS):
        raise InvalidDocumentDataError(field, f"valor com mais de 2 casas decimais: {value}")
    return value.quantize(_CENTS)


def _rate(value: Decimal | None) -> Decimal | None:
    """A percentage (pAliq, pTotTribSN) with two decimals."""
    return _money(value, "pAliq")
