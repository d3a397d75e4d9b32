"""Input of the CT-e (model 57, road modal) and CT-e OS (model 67) 4.00 builders.

Frozen values with every tax already decided: the ICMS group arrives as the tax engine chose it
(group name, CST, base, rate, value) and the optional IBS/CBS group (`TTribCTe`) likewise. All
money and rates are `Decimal`. Field names are English; comments name the layout field each one
fills. Enum values are the wire values. Addresses, the environment, the issuer's regime and the
IBS/CBS values are the NF-e model's types, because the layouts share them.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass, field
from decimal import Decimal

from documents.nfe.model import Address, Contingency, Crt, IbsCbs, TpAmb

__all__ = [
    "Address",
    "CTeData",
    "CTeOSData",
    "Cargo",
    "CargoQuantity",
    "Charter",
    "Component",
    "Contingency",
    "Crt",
    "DocumentReference",
    "IbsCbs",
    "Icms",
    "IcmsGroup",
    "IndIEToma",
    "Issuer",
    "Municipality",
    "Party",
    "RoadOS",
    "TakerRole",
    "Taxes",
    "TpAmb",
    "TpEmisCte",
    "TpServ",
    "TpServOS",
    "Vehicle",
]


class TpEmisCte(enum.StrEnum):
    """ide/tpEmis of a CT-e and a CT-e OS 4.00 (cteTiposBasico_v4.00.xsd; protocol_facts §7).

    Only the modes both models share: 3 (NFF, the state's own app) and 4 (EPEC, being
    deactivated, model 57 only) are not issued by this system. The value is also position 35
    of the access key, so a contingency CT-e has a key of its own.
    """

    NORMAL = "1"
    OFFLINE = "2"  # contingência offline (replaced FS-DA in 4.00): transmit within 168 h
    SVC_RS = "7"  # authorized by SVC-RS
    SVC_SP = "8"  # authorized by SVC-SP


class TpServ(enum.StrEnum):
    """ide/tpServ of a CT-e (model 57)."""

    NORMAL = "0"
    SUBCONTRATACAO = "1"
    REDESPACHO = "2"
    REDESPACHO_INTERMEDIARIO = "3"
    SERVICO_VINCULADO_MULTIMODAL = "4"


class TpServOS(enum.StrEnum):
    """ide/tpServ of a CT-e OS (model 67): people, valuables or excess baggage."""

    PESSOAS = "6"
    VALORES = "7"
    EXCESSO_BAGAGEM = "8"


class TakerRole(enum.StrEnum):
    """ide/toma3/toma: which party of the CT-e takes (pays for) the service."""

    REMETENTE = "0"
    EXPEDIDOR = "1"
    RECEBEDOR = "2"
    DESTINATARIO = "3"


class IndIEToma(enum.StrEnum):
    """ide/indIEToma: the taker's ICMS situation."""

    CONTRIBUINTE = "1"
    ISENTO = "2"
    NAO_CONTRIBUINTE = "9"


class IcmsGroup(enum.StrEnum):
    """The ICMS groups of a transport service (tax_domain.md §5), named as the layout names them."""

    ICMS00 = "ICMS00"
    ICMS20 = "ICMS20"
    ICMS45 = "ICMS45"
    ICMS60 = "ICMS60"
    ICMS90 = "ICMS90"
    ICMSSN = "ICMSSN"


@dataclass(frozen=True)
class Municipality:
    """A municipality of the service (cMunEnv/Ini/Fim, xMun..., UF...)."""

    code: str  # IBGE, 7 digits
    name: str
    uf: str


@dataclass(frozen=True)
class Issuer:
    """emit: CNPJ (or CPF), IE, name, address (with phone) and CRT."""

    registration: str
    ie: str
    name: str  # xNome
    address: Address
    crt: Crt
    trade_name: str | None = None  # xFant


@dataclass(frozen=True)
class Party:
    """rem / exped / receb / dest / toma4 / toma: a CNPJ or a CPF, with its address."""

    registration: str  # CNPJ (14) or CPF (11)
    name: str  # xNome
    address: Address
    ie: str | None = None  # IE (or "ISENTO")
    trade_name: str | None = None  # xFant (rem, toma only)
    phone: str | None = None  # fone
    email: str | None = None


@dataclass(frozen=True)
class Component:
    """vPrest/Comp: one component of the service's value (freight by weight, toll, ...)."""

    name: str  # xNome
    value: Decimal  # vComp


@dataclass(frozen=True)
class Icms:
    """The ICMS group the engine decided, mapped field by field.

    - ICMS00: cst 00, base, rate, value;
    - ICMS20: cst 20, reduction (pRedBC), base, rate, value;
    - ICMS45: cst 40, 41 or 51, nothing else;
    - ICMS60: cst 60, base (vBCSTRet), rate (pICMSSTRet), value (vICMSSTRet), credit (vCred);
    - ICMS90: cst 90, optional reduction, base, rate, value, credit;
    - ICMSSN: Simples Nacional, `CST 90` and `indSN 1`, no amount.
    """

    group: IcmsGroup
    cst: str
    base: Decimal | None = None
    rate: Decimal | None = None
    value: Decimal | None = None
    reduction: Decimal | None = None  # pRedBC
    credit: Decimal | None = None  # vCred (presumed credit)


@dataclass(frozen=True)
class Taxes:
    """imp: the ICMS group, the approximate total (Lei 12.741), IBS/CBS and the document total."""

    icms: Icms
    approximate_total: Decimal | None = None  # vTotTrib
    ibs_cbs: IbsCbs | None = None  # IBSCBS (TTribCTe)
    document_total: Decimal | None = None  # vTotDFe: vTPrest plus IBS and CBS, with IBSCBS
    fisco_note: str | None = None  # infAdFisco


@dataclass(frozen=True)
class CargoQuantity:
    """infCarga/infQ: cUnid (00 m3, 01 kg, 02 ton, 03 unidade, 04 litros, 05 MMBTU)."""

    unit: str  # cUnid
    measure: str  # tpMed, e.g. "PESO BRUTO"
    quantity: Decimal  # qCarga, four places


@dataclass(frozen=True)
class Cargo:
    """infCarga: value, main product and the measured quantities."""

    value: Decimal  # vCarga
    main_product: str  # proPred
    quantities: tuple[CargoQuantity, ...]
    insured_value: Decimal | None = None  # vCargaAverb


@dataclass(frozen=True)
class CTeData:
    """One CT-e (model 57), road modal, normal type: everything its XML carries."""

    tp_amb: TpAmb
    issued_at: dt.datetime  # dhEmi, written as the issuer's local time
    series: int
    number: int  # nCT
    cct: str  # cCT, 8 random digits (documents.keys.random_cnf)
    cfop: str
    nat_op: str
    issuer: Issuer
    start: Municipality  # cMunIni / xMunIni / UFIni
    end: Municipality  # cMunFim / xMunFim / UFFim
    taker: TakerRole | Party  # toma3 (a role) or toma4 (another party)
    ind_ie_toma: IndIEToma
    sender: Party  # rem
    recipient: Party  # dest
    service_total: Decimal  # vTPrest
    receivable: Decimal  # vRec
    components: tuple[Component, ...]
    taxes: Taxes
    cargo: Cargo
    nfe_keys: tuple[str, ...]  # infDoc/infNFe/chave
    rntrc: str  # infModal/rodo/RNTRC (8 digits or ISENTO)
    tp_serv: TpServ = TpServ.NORMAL
    shipper: Party | None = None  # exped
    receiver: Party | None = None  # receb
    issued_in: Municipality | None = None  # cMunEnv..., the issuer's municipality by default
    observations: str | None = None  # compl/xObs
    ver_proc: str = "emissor-fiscal 1.0"
    pickup: bool = False  # retira: 0 the recipient picks the cargo up, 1 it does not
    tp_emis: TpEmisCte = TpEmisCte.NORMAL  # ide/tpEmis and the key's position 35
    contingency: Contingency | None = None  # ide/dhCont, ide/xJust (required when offline)


@dataclass(frozen=True)
class Vehicle:
    """rodoOS/veic: plate, RENAVAM (optional) and UF of a vehicle of the issuer."""

    plate: str  # placa
    uf: str
    renavam: str | None = None


@dataclass(frozen=True)
class Charter:
    """rodoOS/infFretamento: 1 eventual, 2 continuous; dhViagem for an eventual charter."""

    kind: str  # tpFretamento
    departure: dt.datetime | None = None  # dhViagem


@dataclass(frozen=True)
class RoadOS:
    """infModal/rodoOS: the TAF (ANTT) or the state registration, exactly one."""

    taf: str | None = None  # TAF, 12 digits
    state_registration: str | None = None  # NroRegEstadual, 25 characters
    vehicle: Vehicle | None = None
    charter: Charter | None = None


@dataclass(frozen=True)
class DocumentReference:
    """infDocRef: a paper document (number, series, date, value) or a BP-e key."""

    number: str | None = None  # nDoc
    series: str | None = None  # serie
    issued_on: dt.date | None = None  # dEmi
    value: Decimal | None = None  # vDoc
    bpe_key: str | None = None  # chBPe


@dataclass(frozen=True)
class CTeOSData:
    """One CT-e OS (model 67), road modal: people, valuables or baggage."""

    tp_amb: TpAmb
    issued_at: dt.datetime
    series: int
    number: int
    cct: str
    cfop: str
    nat_op: str
    issuer: Issuer
    start: Municipality
    end: Municipality
    taker: Party  # toma
    ind_ie_toma: IndIEToma
    tp_serv: TpServOS
    description: str  # infServico/xDescServ
    service_total: Decimal
    receivable: Decimal
    components: tuple[Component, ...]
    taxes: Taxes
    road: RoadOS
    quantity: Decimal | None = None  # infServico/infQ/qCarga (passengers, volumes)
    route: tuple[str, ...] = ()  # ide/infPercurso/UFPer, the UFs crossed in between
    references: tuple[DocumentReference, ...] = field(default_factory=tuple)  # infDocRef
    issued_in: Municipality | None = None
    observations: str | None = None
    ver_proc: str = "emissor-fiscal 1.0"
    tp_emis: TpEmisCte = TpEmisCte.NORMAL  # ide/tpEmis and the key's position 35
    contingency: Contingency | None = None  # ide/dhCont, ide/xJust (required when offline)
