"""Input of the NF-e / NFC-e 4.00 builder: frozen values, taxes already computed.

The builder never computes a tax: each item arrives with its ICMS, PIS, COFINS and (reform
layout) IBS/CBS groups as the tax engine decided them, all money and rates as `Decimal`. The
service adapts the engine's `TaxResult` to these types. Field names are English; the docstrings
name the layout field each one fills. Enum values are the wire values.
"""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass, field
from decimal import Decimal


class TpAmb(enum.StrEnum):
    PRODUCAO = "1"
    HOMOLOGACAO = "2"


class Modelo(enum.StrEnum):
    NFE = "55"
    NFCE = "65"


class TpEmis(enum.StrEnum):
    NORMAL = "1"
    CONTINGENCIA_FS = "2"
    REGIME_ESPECIAL_NFF = "3"
    EPEC = "4"
    CONTINGENCIA_FSDA = "5"
    SVC_AN = "6"
    SVC_RS = "7"
    OFFLINE_NFCE = "9"


class TpNF(enum.StrEnum):
    ENTRADA = "0"
    SAIDA = "1"


class IdDest(enum.StrEnum):
    INTERNA = "1"
    INTERESTADUAL = "2"
    EXTERIOR = "3"


class FinNFe(enum.StrEnum):
    NORMAL = "1"
    COMPLEMENTAR = "2"
    AJUSTE = "3"
    DEVOLUCAO = "4"


class IndPres(enum.StrEnum):
    NAO_SE_APLICA = "0"
    PRESENCIAL = "1"
    INTERNET = "2"
    TELEATENDIMENTO = "3"
    ENTREGA_DOMICILIO = "4"
    PRESENCIAL_FORA = "5"
    OUTROS = "9"


class TpImp(enum.StrEnum):
    SEM_DANFE = "0"
    RETRATO = "1"
    PAISAGEM = "2"
    SIMPLIFICADO = "3"
    DANFCE = "4"
    DANFCE_ELETRONICA = "5"


class Crt(enum.StrEnum):
    """Regime of the issuer: decides whether ICMS comes as CST or CSOSN."""

    SIMPLES_NACIONAL = "1"
    SIMPLES_EXCESSO_SUBLIMITE = "2"
    REGIME_NORMAL = "3"
    SIMPLES_MEI = "4"


class IndIEDest(enum.StrEnum):
    CONTRIBUINTE = "1"
    ISENTO = "2"
    NAO_CONTRIBUINTE = "9"


class ModFrete(enum.StrEnum):
    EMITENTE = "0"
    DESTINATARIO = "1"
    TERCEIROS = "2"
    PROPRIO_REMETENTE = "3"
    PROPRIO_DESTINATARIO = "4"
    SEM_FRETE = "9"


@dataclass(frozen=True)
class Address:
    """enderEmit / enderDest."""

    street: str  # xLgr
    number: str  # nro
    district: str  # xBairro
    city_code: str  # cMun (IBGE, 7 digits)
    city: str  # xMun
    uf: str  # UF
    cep: str | None = None  # CEP (8 digits)
    complement: str | None = None  # xCpl
    phone: str | None = None  # fone
    country_code: str = "1058"  # cPais
    country: str = "BRASIL"  # xPais


@dataclass(frozen=True)
class Issuer:
    """emit. `registration` is the CNPJ (14 characters, alphanumeric allowed) or a CPF."""

    registration: str
    name: str  # xNome
    address: Address
    ie: str  # IE
    crt: Crt
    trade_name: str | None = None  # xFant
    im: str | None = None  # IM (municipal registration, with CNAE)
    cnae: str | None = None  # CNAE


@dataclass(frozen=True)
class Recipient:
    """dest. Exactly one of CNPJ, CPF or a foreign id; NFC-e consumers may omit the address."""

    name: str | None  # xNome
    ind_ie_dest: IndIEDest
    cnpj: str | None = None
    cpf: str | None = None
    foreign_id: str | None = None  # idEstrangeiro
    address: Address | None = None
    ie: str | None = None
    email: str | None = None


@dataclass(frozen=True)
class Icms:
    """One ICMS group: `cst` (regime normal) or `csosn` (Simples Nacional), never both.

    Supported: CST 00, 10, 20, 30, 40, 41, 50, 51 (with deferral), 60, 70, 90 and CSOSN 101,
    102, 103, 201, 202, 203, 300, 400, 500, 900, with their FCP, substitution (ST, FCP-ST) and
    retained-ST fields (values from the tax engine; a field left None is not written).
    """

    orig: str
    cst: str | None = None
    csosn: str | None = None
    mod_bc: str | None = None  # modBC
    v_bc: Decimal | None = None
    p_red_bc: Decimal | None = None
    p_icms: Decimal | None = None
    v_icms: Decimal | None = None
    p_cred_sn: Decimal | None = None
    v_cred_icms_sn: Decimal | None = None
    v_icms_op: Decimal | None = None  # vICMSOp: ICMS of the operation, before deferral (CST 51)
    p_dif: Decimal | None = None  # pDif: deferred percentage
    v_icms_dif: Decimal | None = None  # vICMSDif: deferred amount (vICMS = vICMSOp - vICMSDif)
    v_bc_fcp: Decimal | None = None  # vBCFCP: FCP base (ICMS10/20/51/70/90)
    p_fcp: Decimal | None = None  # pFCP
    v_fcp: Decimal | None = None  # vFCP: FCP of the own operation
    mod_bc_st: str | None = None  # modBCST: 0-6 (4 = MVA)
    p_mva_st: Decimal | None = None  # pMVAST: value-added margin applied (adjusted if interstate)
    p_red_bc_st: Decimal | None = None  # pRedBCST
    v_bc_st: Decimal | None = None  # vBCST
    p_icms_st: Decimal | None = None  # pICMSST: destination's internal rate
    v_icms_st: Decimal | None = None  # vICMSST: ICMS withheld by substitution
    v_bc_fcp_st: Decimal | None = None  # vBCFCPST
    p_fcp_st: Decimal | None = None  # pFCPST
    v_fcp_st: Decimal | None = None  # vFCPST: FCP withheld by substitution
    v_bc_st_ret: Decimal | None = None  # vBCSTRet: ST base withheld earlier (CST 60, CSOSN 500)
    p_st: Decimal | None = None  # pST: consumer rate of that withholding
    v_icms_substituto: Decimal | None = None  # vICMSSubstituto: the substitute's own ICMS
    v_icms_st_ret: Decimal | None = None  # vICMSSTRet: ST withheld earlier
    v_bc_fcp_st_ret: Decimal | None = None  # vBCFCPSTRet
    p_fcp_st_ret: Decimal | None = None  # pFCPSTRet
    v_fcp_st_ret: Decimal | None = None  # vFCPSTRet


@dataclass(frozen=True)
class Ipi:
    """IPI: `IPITrib` (CST 00, 49, 50, 99: base, rate and value) or `IPINT` (CST 01-05, 51-55:
    the code only). `c_enq` is the legal framing code (999: taxed normally)."""

    cst: str
    c_enq: str = "999"
    v_bc: Decimal | None = None  # vBC
    rate: Decimal | None = None  # pIPI
    value: Decimal | None = None  # vIPI


@dataclass(frozen=True)
class PisCofins:
    """PIS or COFINS: CST with, when taxed by rate, base, rate and value."""

    cst: str
    v_bc: Decimal | None = None
    rate: Decimal | None = None  # pPIS / pCOFINS
    value: Decimal = Decimal("0.00")  # vPIS / vCOFINS


@dataclass(frozen=True)
class IcmsUfDest:
    """ICMSUFDest: the DIFAL of an interstate sale to a non-contributor final consumer (values
    from the tax engine; the FCP fields only when the destination charges FCP)."""

    v_bc: Decimal  # vBCUFDest
    p_icms_dest: Decimal  # pICMSUFDest
    p_icms_inter: Decimal  # pICMSInter: 4, 7 or 12
    p_share: Decimal  # pICMSInterPart (100 since 2019)
    v_icms_dest: Decimal  # vICMSUFDest
    v_icms_origin: Decimal  # vICMSUFRemet
    v_bc_fcp: Decimal | None = None  # vBCFCPUFDest
    p_fcp: Decimal | None = None  # pFCPUFDest
    v_fcp: Decimal | None = None  # vFCPUFDest


@dataclass(frozen=True)
class IbsCbs:
    """IBSCBS of the reform layout (LC 214/2025): CST, cClassTrib and the rates and values.

    Without `v_bc` only CST and cClassTrib are written (immunity, exemption).
    """

    cst: str
    c_class_trib: str
    v_bc: Decimal | None = None
    p_ibs_uf: Decimal = Decimal("0")
    v_ibs_uf: Decimal = Decimal("0.00")
    p_ibs_mun: Decimal = Decimal("0")
    v_ibs_mun: Decimal = Decimal("0.00")
    p_cbs: Decimal = Decimal("0")
    v_cbs: Decimal = Decimal("0.00")


@dataclass(frozen=True)
class ImportTax:
    """II: the import tax group of an imported item, as the customs clearance declared it."""

    v_bc: Decimal  # vBC: the customs value (base of the II)
    v_desp_adu: Decimal  # vDespAdu: customs expenses
    v_ii: Decimal  # vII
    v_iof: Decimal  # vIOF


@dataclass(frozen=True)
class Addition:
    """DI/adi: one addition of the import declaration and this item's sequence in it."""

    sequence: str  # nSeqAdic (1..99999)
    manufacturer: str  # cFabricante: the foreign manufacturer's code in the issuer's systems
    number: str | None = None  # nAdicao (1..999)
    discount: Decimal | None = None  # vDescDI
    drawback: str | None = None  # nDraw: drawback concession act


@dataclass(frozen=True)
class ImportDeclaration:
    """prod/DI: the import declaration (DI, DSI, DIRE or DUImp) the item was cleared by."""

    number: str  # nDI (1..15 characters)
    registered_on: dt.date  # dDI
    clearance_place: str  # xLocDesemb
    clearance_uf: str  # UFDesemb
    cleared_on: dt.date  # dDesemb
    transport_mode: str  # tpViaTransp: 1 maritime ... 13 by trailer
    intermediation: str  # tpIntermedio: 1 own account, 2 on account and order, 3 by order
    exporter: str  # cExportador: the exporter's code in the issuer's systems
    additions: tuple[Addition, ...]  # adi (1..999)
    afrmm: Decimal | None = None  # vAFRMM (maritime transport)
    third_party: str | None = None  # CNPJ / CPF of the acquirer or orderer (tpIntermedio 2, 3)
    third_party_uf: str | None = None  # UFTerceiro


@dataclass(frozen=True)
class ExportDetail:
    """prod/detExport: an exported item's drawback act and, on an indirect export (goods
    bought with the specific end of export), exportInd: the export registration, the key of
    the NF-e the goods came in with and the quantity actually exported (all three or none)."""

    drawback: str | None = None  # nDraw: drawback concession act
    registration: str | None = None  # exportInd/nRE (up to 12 digits)
    key: str | None = None  # exportInd/chNFe: the NF-e received for export
    quantity: Decimal | None = None  # exportInd/qExport, in the commercial unit


@dataclass(frozen=True)
class Export:
    """exporta: where the goods leave the country (required on an export, rejection 355;
    only there, rejection 356)."""

    uf: str  # UFSaidaPais: UF of shipment or border crossing (never EX)
    place: str  # xLocExporta: place of shipment or border crossing
    dispatch_place: str | None = None  # xLocDespacho: place of customs dispatch


@dataclass(frozen=True)
class ItemTaxes:
    icms: Icms
    pis: PisCofins
    cofins: PisCofins
    ibs_cbs: IbsCbs | None = None
    approximate_total: Decimal | None = None  # vTotTrib (Lei 12.741)
    icms_uf_dest: IcmsUfDest | None = None  # DIFAL to a non-contributor in another UF
    ipi: Ipi | None = None  # IPI of an industrial (or equivalent) issuer
    ii: ImportTax | None = None  # II of an imported item


@dataclass(frozen=True)
class Item:
    """det/prod. Taxable unit and quantity equal the commercial ones (uTrib = uCom)."""

    code: str  # cProd
    description: str  # xProd
    ncm: str
    cfop: str
    unit: str  # uCom / uTrib
    quantity: Decimal  # qCom / qTrib
    unit_price: Decimal  # vUnCom / vUnTrib
    total: Decimal  # vProd
    taxes: ItemTaxes
    gtin: str = "SEM GTIN"  # cEAN / cEANTrib
    cest: str | None = None
    discount: Decimal | None = None  # vDesc
    additional_info: str | None = None  # infAdProd (at most 500 characters)
    benefit_code: str | None = None  # cBenef: the UF's code of the tax benefit applied
    freight: Decimal | None = None  # vFrete: the item's share of the freight charged
    insurance: Decimal | None = None  # vSeg: the item's share of the insurance
    other: Decimal | None = None  # vOutro: other accessory expenses of the item
    purchase_order: str | None = None  # xPed: the buyer's purchase order number (15)
    purchase_order_item: str | None = None  # nItemPed: the item of that order (6 digits)
    returned_percent: Decimal | None = None  # impostoDevol/pDevol: share of the goods returned
    returned_ipi: Decimal | None = None  # impostoDevol/IPI/vIPIDevol: the IPI returned
    import_declarations: tuple[ImportDeclaration, ...] = ()  # DI: how an import was cleared
    export_details: tuple[ExportDetail, ...] = ()  # detExport: drawback, indirect export


@dataclass(frozen=True)
class Card:
    """detPag/card: how a card payment was captured (tpIntegra 1 integrated, 2 not)."""

    integration: str = "2"  # tpIntegra
    acquirer_cnpj: str | None = None  # CNPJ
    brand: str | None = None  # tBand
    authorization: str | None = None  # cAut


@dataclass(frozen=True)
class Payment:
    """detPag. `kind` is tPag (01 cash, 03 credit card, 17 PIX, 90 none, 99 other...)."""

    kind: str  # tPag
    amount: Decimal  # vPag
    indicator: str | None = None  # indPag: 0 at sight, 1 in instalments
    description: str | None = None  # xPag (required with tPag 99)
    card: Card | None = None


@dataclass(frozen=True)
class Contingency:
    """dhCont and xJust, required whenever tpEmis is not normal."""

    started_at: dt.datetime
    reason: str


@dataclass(frozen=True)
class TechResponsible:
    """infRespTec: the software house responsible for the issuing system."""

    cnpj: str
    contact: str  # xContato
    email: str
    phone: str  # fone


@dataclass(frozen=True)
class Intermediary:
    """infIntermed: the platform that brokered a remote sale (NT 2020.006)."""

    cnpj: str  # CNPJ of the intermediary
    platform_id: str  # idCadIntTran: the seller's id on the platform


@dataclass(frozen=True)
class Carrier:
    """transp/transporta: who carries the goods. Every field is optional in the layout.

    `registration` is the carrier's CNPJ (14 characters) or CPF (11 digits); `ie` goes with
    `uf` (an IE without its UF is rejection 559).
    """

    registration: str | None = None  # CNPJ / CPF
    name: str | None = None  # xNome
    ie: str | None = None  # IE
    address: str | None = None  # xEnder: the full address in one line
    city: str | None = None  # xMun
    uf: str | None = None  # UF


@dataclass(frozen=True)
class Vehicle:
    """transp/veicTransp (the tractor) or transp/reboque (a trailer): plate, UF and RNTC.

    Not allowed in an interstate operation (idDest 2, rejection 868).
    """

    plate: str  # placa: AAA9999, AAA9A99 (Mercosul) or 7 alphanumerics
    uf: str | None = None  # UF
    rntc: str | None = None  # RNTC: the carrier's registration at ANTT


@dataclass(frozen=True)
class Volume:
    """transp/vol: volumes carried, with weights in kilograms (three decimal places)."""

    quantity: int | None = None  # qVol
    kind: str | None = None  # esp: CAIXA, PALETE...
    brand: str | None = None  # marca
    numbering: str | None = None  # nVol
    net_weight: Decimal | None = None  # pesoL
    gross_weight: Decimal | None = None  # pesoB


@dataclass(frozen=True)
class Transport:
    """transp: the freight modality with the carrier, vehicle, up to 5 trailers and volumes."""

    mod_frete: ModFrete  # modFrete
    carrier: Carrier | None = None  # transporta
    vehicle: Vehicle | None = None  # veicTransp
    trailers: tuple[Vehicle, ...] = ()  # reboque (at most 5)
    volumes: tuple[Volume, ...] = ()  # vol


@dataclass(frozen=True)
class RefKey:
    """NFref/refNFe or refCTe: an electronic document by its 44-digit access key.

    The model in the key (positions 21-22) decides the tag: 55/65 refNFe, 57/67 refCTe.
    """

    key: str


@dataclass(frozen=True)
class RefPaperNote:
    """NFref/refNF: a paper invoice, model 01 or 02."""

    uf_code: str  # cUF: IBGE code of the issuer's UF, 2 digits
    yymm: str  # AAMM of the issue
    cnpj: str  # CNPJ of the issuer
    model: str  # mod: "01" or "02"
    series: int  # serie (0 when the note has none)
    number: int  # nNF


@dataclass(frozen=True)
class RefProducerNote:
    """NFref/refNFP: a rural producer's paper note (model 04 or 01)."""

    uf_code: str  # cUF
    yymm: str  # AAMM
    registration: str  # CNPJ (14) or CPF (11) of the producer
    ie: str  # IE of the producer ("ISENTO" when exempt)
    model: str  # mod: "04" or "01"
    series: int  # serie
    number: int  # nNF


@dataclass(frozen=True)
class RefEcf:
    """NFref/refECF: a fiscal coupon printed by an ECF (mod 2B, 2C or 2D)."""

    model: str  # mod
    ecf_number: str  # nECF: the ECF's order number, up to 3 digits
    coo: str  # nCOO: the coupon's operation counter, up to 6 digits


Reference = RefKey | RefPaperNote | RefProducerNote | RefEcf
"""One NFref; a plain `str` in `NFeData.references` still means an NF-e access key."""


@dataclass(frozen=True)
class NFeData:
    """Everything the builder needs for one NF-e (model 55) or NFC-e (model 65)."""

    modelo: Modelo
    tp_amb: TpAmb
    serie: int
    numero: int
    cnf: str  # 8 random digits, see documents.keys.random_cnf
    issued_at: dt.datetime  # dhEmi, timezone-aware
    nat_op: str
    issuer: Issuer
    items: tuple[Item, ...]
    payments: tuple[Payment, ...]
    recipient: Recipient | None = None
    mod_frete: ModFrete = ModFrete.SEM_FRETE  # modFrete when `transport` is None
    tp_nf: TpNF = TpNF.SAIDA
    id_dest: IdDest = IdDest.INTERNA
    fin_nfe: FinNFe = FinNFe.NORMAL
    final_consumer: bool = False  # indFinal
    ind_pres: IndPres = IndPres.NAO_SE_APLICA
    tp_imp: TpImp = TpImp.RETRATO
    tp_emis: TpEmis = TpEmis.NORMAL
    contingency: Contingency | None = None
    left_at: dt.datetime | None = None  # dhSaiEnt (never on an NFC-e)
    change: Decimal | None = None  # vTroco
    additional_info: str | None = None  # infCpl
    fisco_info: str | None = None  # infAdFisco
    tech_responsible: TechResponsible | None = None
    ver_proc: str = "fiscal-service 0.1"
    references: tuple[Reference | str, ...] = field(default=())  # NFref (str: an NF-e key)
    intermediary: Intermediary | None = None  # indIntermed 1 + infIntermed
    transport: Transport | None = None  # transp; when set, its mod_frete wins over mod_frete
    export: Export | None = None  # exporta: place of shipment of an export
