"""Input of the MDF-e 3.00 builder (model 58, road modal).

Frozen values: the manifest decides no tax, it declares a trip (where the cargo is loaded and
unloaded, which CT-e / NF-e travel, which vehicle and drivers carry them). Field names are
English; comments name the layout field each one fills. Enum values are the wire values. The
address and the environment are the NF-e model's types, because the layouts share them.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass, field
from decimal import Decimal

from documents.nfe.model import Address, TpAmb

__all__ = [
    "Address",
    "CargoType",
    "CargoUnit",
    "Driver",
    "FullLoad",
    "Insurance",
    "Issuer",
    "LoadingPlace",
    "MDFeData",
    "PredominantProduct",
    "Totals",
    "TpAmb",
    "TpEmisMdfe",
    "TpEmit",
    "TpTransp",
    "UnloadingPlace",
    "Vehicle",
    "VehicleOwner",
]


class TpEmisMdfe(enum.StrEnum):
    """ide/tpEmis of an MDF-e 3.00 (mdfeTiposBasico_v3.00.xsd: 1 normal, 2 contingência,
    3 NFF, the state's own app, not issued here). The value is also position 35 of the key.

    The 3.00 layout has no dhCont/xJust: an offline manifest says so only by this digit and by
    the `&sign=` of its QR code (`documents.mdfe.qrcode`).
    """

    NORMAL = "1"
    OFFLINE = "2"  # contingência: printed before authorization, transmitted later


class TpEmit(enum.StrEnum):
    """ide/tpEmit: who issues the manifest."""

    PRESTADOR = "1"  # transport service provider (its own CT-e)
    CARGA_PROPRIA = "2"  # carrier of its own cargo (NF-e only)
    CTE_GLOBALIZADO = "3"  # provider with a globalized CT-e


class TpTransp(enum.StrEnum):
    """ide/tpTransp: the kind of road carrier (ANTT register)."""

    ETC = "1"  # Empresa de Transporte de Cargas
    TAC = "2"  # Transportador Autônomo de Cargas
    CTC = "3"  # Cooperativa de Transporte de Cargas


class CargoUnit(enum.StrEnum):
    """tot/cUnid: the unit of the gross weight qCarga."""

    KG = "01"
    TON = "02"


class CargoType(enum.StrEnum):
    """prodPred/tpCarga."""

    GRANEL_SOLIDO = "01"
    GRANEL_LIQUIDO = "02"
    FRIGORIFICADA = "03"
    CONTEINERIZADA = "04"
    CARGA_GERAL = "05"
    NEOGRANEL = "06"
    PERIGOSA_GRANEL_SOLIDO = "07"
    PERIGOSA_GRANEL_LIQUIDO = "08"
    PERIGOSA_FRIGORIFICADA = "09"
    PERIGOSA_CONTEINERIZADA = "10"
    PERIGOSA_CARGA_GERAL = "11"


@dataclass(frozen=True)
class Issuer:
    """emit (CNPJ or CPF, IE, xNome, xFant, enderEmit with fone and email) and the issuer's
    RNTRC, written in the road modal (rodo/infANTT/RNTRC)."""

    registration: str  # CNPJ (14) or CPF (11)
    name: str  # xNome
    address: Address  # enderEmit (fone from address.phone)
    ie: str | None = None  # IE
    trade_name: str | None = None  # xFant
    email: str | None = None  # enderEmit/email
    rntrc: str | None = None  # infModal/rodo/infANTT/RNTRC, 8 digits


@dataclass(frozen=True)
class LoadingPlace:
    """ide/infMunCarrega: a municipality where cargo is loaded."""

    code: str  # cMunCarrega, IBGE 7 digits
    name: str  # xMunCarrega


@dataclass(frozen=True)
class UnloadingPlace:
    """infDoc/infMunDescarga: a municipality where cargo is unloaded, with the documents whose
    cargo is unloaded there (infCTe/chCTe, infNFe/chNFe)."""

    code: str  # cMunDescarga
    name: str  # xMunDescarga
    cte_keys: tuple[str, ...] = ()  # infCTe/chCTe
    nfe_keys: tuple[str, ...] = ()  # infNFe/chNFe


@dataclass(frozen=True)
class VehicleOwner:
    """veicTracao/prop, veicReboque/prop: a vehicle that does not belong to the issuer."""

    registration: str  # CPF or CNPJ
    rntrc: str  # RNTRC
    name: str  # xNome
    ie: str  # IE ("ISENTO" allowed)
    uf: str  # UF
    kind: str  # tpProp: 0 TAC agregado, 1 TAC independente, 2 outros


@dataclass(frozen=True)
class Vehicle:
    """veicTracao (traction unit) or veicReboque (trailer). `wheel_type` (tpRod: 01 truck,
    02 toco, 03 cavalo mecânico, 04 VAN, 05 utilitário, 06 outros) only exists for the traction
    unit; `capacity_kg` is required by the layout for a trailer."""

    plate: str  # placa
    tare_kg: int  # tara
    body_type: str  # tpCar: 00 não aplicável, 01 aberta, 02 fechada/baú, 03 granelera, ...
    uf: str | None = None  # UF of the licence
    renavam: str | None = None  # RENAVAM
    capacity_kg: int | None = None  # capKG
    capacity_m3: int | None = None  # capM3
    wheel_type: str | None = None  # tpRod (traction only)
    owner: VehicleOwner | None = None  # prop
    internal_code: str | None = None  # cInt


@dataclass(frozen=True)
class Driver:
    """veicTracao/condutor (1 to 10), also the condutor of event 110114."""

    name: str  # xNome
    cpf: str  # CPF


@dataclass(frozen=True)
class Totals:
    """tot: the cargo's value and gross weight. qCTe and qNFe are counted by the builder from
    the unloading places, so they always match the documents listed (the authority checks)."""

    value: Decimal  # vCarga, two places
    unit: CargoUnit  # cUnid
    quantity: Decimal  # qCarga, up to four places


@dataclass(frozen=True)
class FullLoad:
    """prodPred/infLotacao: a full load (a single document) goes from one CEP to another."""

    loading_cep: str  # infLocalCarrega/CEP
    unloading_cep: str  # infLocalDescarrega/CEP


@dataclass(frozen=True)
class PredominantProduct:
    """prodPred: the product that predominates in the cargo."""

    cargo_type: CargoType  # tpCarga
    description: str  # xProd
    ncm: str | None = None  # NCM (2 or 8 digits)
    ean: str | None = None  # cEAN
    full_load: FullLoad | None = None  # infLotacao


@dataclass(frozen=True)
class Insurance:
    """seg: who is responsible for the cargo insurance (respSeg 1 issuer, 2 contracting party),
    the insurer, the policy and its endorsements (averbações)."""

    responsible: str  # infResp/respSeg: 1 emitente, 2 contratante
    responsible_registration: str | None = None  # infResp/CNPJ|CPF
    insurer_name: str | None = None  # infSeg/xSeg
    insurer_cnpj: str | None = None  # infSeg/CNPJ
    policy: str | None = None  # nApol
    endorsements: tuple[str, ...] = ()  # nAver


@dataclass(frozen=True)
class MDFeData:
    """One MDF-e (model 58), road modal, normal emission: everything its XML carries."""

    tp_amb: TpAmb
    issued_at: dt.datetime  # dhEmi, written as the issuer's local time
    series: int  # serie
    number: int  # nMDF
    cmdf: str  # cMDF, 8 random digits (documents.keys.random_cnf)
    issuer: Issuer
    tp_emit: TpEmit
    uf_start: str  # UFIni
    uf_end: str  # UFFim
    loading: tuple[LoadingPlace, ...]  # ide/infMunCarrega (1 to 50)
    unloading: tuple[UnloadingPlace, ...]  # infDoc/infMunDescarga (1 to 1000)
    vehicle: Vehicle  # rodo/veicTracao
    drivers: tuple[Driver, ...]  # rodo/veicTracao/condutor (1 to 10)
    totals: Totals
    tp_transp: TpTransp | None = None  # tpTransp
    route: tuple[str, ...] = ()  # ide/infPercurso/UFPer: the UFs crossed in between
    departure: dt.datetime | None = None  # dhIniViagem
    trailers: tuple[Vehicle, ...] = ()  # rodo/veicReboque (0 to 3)
    product: PredominantProduct | None = None  # prodPred
    insurance: tuple[Insurance, ...] = field(default_factory=tuple)  # seg
    observations: str | None = None  # infAdic/infCpl
    ver_proc: str = "emissor-fiscal 1.0"  # verProc
    tp_emis: TpEmisMdfe = TpEmisMdfe.NORMAL  # ide/tpEmis and the key's position 35
