"""Input of the national NFS-e DPS builder (layout 1.01): frozen values, taxes already decided.

The builder maps, it never decides: the ISS rate, the retentions, the approximate total taxes
and the IBS/CBS classification arrive here as the tax engine decided them, money and rates as
`Decimal`. Field names are English; the docstrings name the DPS field each one fills. Enum
values are the wire values of the XSD (tiposSimples_v1.01.xsd).
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from decimal import Decimal

from documents.nfe.model import TpAmb

__all__ = [
    "DpsData",
    "FederalWithholdings",
    "IbsCbs",
    "IssTax",
    "NationalAddress",
    "OpSimpNac",
    "Provider",
    "Service",
    "ServiceValues",
    "Taker",
    "TotalTaxes",
    "TpAmb",
    "TpRetIssqn",
    "TribIssqn",
]


class OpSimpNac(enum.StrEnum):
    """`regTrib/opSimpNac`: the provider's position in the Simples Nacional."""

    NAO_OPTANTE = "1"
    MEI = "2"
    ME_EPP = "3"


class TribIssqn(enum.StrEnum):
    """`tribMun/tribISSQN`: how the ISSQN applies to this operation."""

    TRIBUTAVEL = "1"
    IMUNIDADE = "2"
    EXPORTACAO = "3"
    NAO_INCIDENCIA = "4"


class TpRetIssqn(enum.StrEnum):
    """`tribMun/tpRetISSQN`: who pays the ISSQN over."""

    NAO_RETIDO = "1"
    RETIDO_TOMADOR = "2"
    RETIDO_INTERMEDIARIO = "3"


@dataclass(frozen=True)
class NationalAddress:
    """`end` with `endNac`: an address in Brazil (cMun is the IBGE municipality code)."""

    municipality: str  # cMun, 7 digits
    cep: str  # CEP, 8 digits
    street: str  # xLgr
    number: str  # nro
    district: str  # xBairro
    complement: str | None = None  # xCpl


@dataclass(frozen=True)
class Provider:
    """`prest`: the service provider (always the issuer: tpEmit 1)."""

    registration: str  # CNPJ (14, alphanumeric allowed) or CPF (11)
    simples_nacional: OpSimpNac  # regTrib/opSimpNac
    special_regime: str = "0"  # regTrib/regEspTrib (0 = none)
    simples_apportionment: str | None = None  # regTrib/regApTribSN (ME/EPP only)
    municipal_registration: str | None = None  # IM
    phone: str | None = None  # fone
    email: str | None = None  # email


@dataclass(frozen=True)
class Taker:
    """`toma`: the service taker (optional in the layout)."""

    registration: str  # CNPJ or CPF
    name: str  # xNome
    address: NationalAddress | None = None
    email: str | None = None
    phone: str | None = None
    municipal_registration: str | None = None  # IM


@dataclass(frozen=True)
class Service:
    """`serv`: where the service was provided and what it is."""

    place: str  # locPrest/cLocPrestacao (IBGE code)
    national_code: str  # cServ/cTribNac, 6 digits of the national list
    description: str  # cServ/xDescServ
    municipal_code: str | None = None  # cServ/cTribMun, 3 digits
    nbs: str | None = None  # cServ/cNBS, 9 digits
    notes: str | None = None  # infoCompl/xInfComp (the request's `observacoes`)


@dataclass(frozen=True)
class ServiceValues:
    """`vServPrest` and `vDescCondIncond`."""

    service: Decimal  # vServ
    unconditional_discount: Decimal | None = None  # vDescIncond
    conditional_discount: Decimal | None = None  # vDescCond


@dataclass(frozen=True)
class IssTax:
    """`tribMun`: the ISSQN as the engine decided it (the rate is rule-pack data)."""

    taxation: TribIssqn  # tribISSQN
    retention: TpRetIssqn  # tpRetISSQN
    rate: Decimal | None = None  # pAliq, percent; Sefin takes the municipality's when absent


@dataclass(frozen=True)
class FederalWithholdings:
    """`tribFed`: federal amounts withheld by the taker."""

    social_security: Decimal | None = None  # vRetCP
    income_tax: Decimal | None = None  # vRetIRRF
    csll: Decimal | None = None  # vRetCSLL


@dataclass(frozen=True)
class TotalTaxes:
    """`totTrib`: the approximate total taxes (Lei 12.741/2012), one of the layout's choices.

    Amounts when `federal`, `state` and `municipal` are given, the Simples Nacional rate when
    `simples_rate` is, otherwise `indTotTrib` 0 (not informed).
    """

    federal: Decimal | None = None  # vTotTrib/vTotTribFed
    state: Decimal | None = None  # vTotTrib/vTotTribEst
    municipal: Decimal | None = None  # vTotTrib/vTotTribMun
    simples_rate: Decimal | None = None  # pTotTribSN


@dataclass(frozen=True)
class IbsCbs:
    """`IBSCBS` (tax reform): classification of the operation, as the engine decided it."""

    operation_indicator: str  # cIndOp, 6 digits
    cst: str  # valores/trib/gIBSCBS/CST, 3 digits
    class_code: str  # valores/trib/gIBSCBS/cClassTrib, 6 digits
    purpose: str = "0"  # finNFSe (0 = regular)
    final_consumer: bool = False  # indFinal
    destination_is_taker: bool = True  # indDest 0 = the taker is the recipient


@dataclass(frozen=True)
class DpsData:
    """One DPS: everything `build_dps` writes."""

    environment: TpAmb  # tpAmb
    issued_at: dt.datetime  # dhEmi, timezone-aware; written in the issuer's local time
    series: str  # serie, up to 5 digits
    number: int  # nDPS
    competence: dt.date  # dCompet
    issuing_municipality: str  # cLocEmi (IBGE code of the provider's municipality)
    provider: Provider
    service: Service
    values: ServiceValues
    iss: IssTax
    total_taxes: TotalTaxes
    app_version: str  # verAplic
    taker: Taker | None = None
    federal: FederalWithholdings | None = None
    ibs_cbs: IbsCbs | None = None
