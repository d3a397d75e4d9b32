"""TaxContext: everything the engine may know about one operation, as frozen values.

The service layer builds it from the request and the company registers; the engine never
reads anything else. Money is Decimal; unknown facts are None (never guessed).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from enum import StrEnum

from engine.errors import ContextError


class DocumentType(StrEnum):
    """Document families the engine computes; values are the API's `documento` values."""

    NFE = "NFE"
    NFCE = "NFCE"
    NFSE = "NFSE"
    CTE = "CTE"
    CTEOS = "CTEOS"
    MDFE = "MDFE"


class PersonType(StrEnum):
    """Natural person (CPF) or legal entity (CNPJ)."""

    PF = "PF"
    PJ = "PJ"


RURAL_CONTEXT = "PRODUTOR_RURAL"
"""Company context that activates the rural rules (spec: rural producer)."""

SIMPLES_CRTS = frozenset({1, 2, 4})
"""CRT values of Simples Nacional (1, 2 over the sublimit, 4 MEI): CSOSN instead of CST."""


@dataclass(frozen=True)
class Company:
    """The issuer: CRT, location, regime and context."""

    crt: int
    uf: str
    cod_municipio: str | None = None
    regime: str | None = None
    cnae: str | None = None
    contexto: str | None = None
    contribuinte_ibs_cbs: bool | None = None

    @property
    def simples(self) -> bool:
        """Whether the issuer is in Simples Nacional (decides CSOSN vs CST)."""
        return self.crt in SIMPLES_CRTS


@dataclass(frozen=True)
class Counterpart:
    """The other party: NF-e recipient, NFS-e/CT-e taker. `uf` EX means abroad."""

    uf: str | None = None
    cod_municipio: str | None = None
    tipo: PersonType | None = None
    contribuinte: bool | None = None
    consumidor_final: bool | None = None
    simples_nacional: bool | None = None
    tipo_estabelecimento: str | None = None


@dataclass(frozen=True)
class RetainedSt:
    """ICMS-ST already withheld at an earlier stage, for an item sold as substituído (CST 60,
    CSOSN 500): the values of the document that carried the substitution (or the product
    register), written in the NF-e as vBCSTRet, pST, vICMSSubstituto and vICMSSTRet
    (informative: nothing is charged again). `base` and `valor` are the line's share."""

    base: Decimal
    aliquota: Decimal
    valor: Decimal
    valor_substituto: Decimal | None = None
    aliquota_fcp: Decimal | None = None
    valor_fcp: Decimal | None = None
    """FCP withheld with it (vBCFCPSTRet = `base`, pFCPSTRet, vFCPSTRet), when there was one."""


@dataclass(frozen=True)
class IcmsComplement:
    """A complement of ICMS (an NF-e of finNFe 2 whose line has quantity and value zero): the
    ICMS the complemented note under-stated, on a declared base (vBC as written). The rate is
    the caller's declared one (a rate difference) or, absent, the tax rule's (or the rate rule
    in force): never invented. The value is always base × rate, as the authority checks."""

    base: Decimal
    aliquota: Decimal | None = None


@dataclass(frozen=True)
class IcmsStComplement:
    """A complement of ICMS-ST (finNFe 2, quantity and value zero): the substitution the
    complemented note under-charged (a wrong margin or base), on a declared ST base (vBCST as
    written). The rate is the declared one (a rate difference), else the tax rule's ST rate,
    the ICMS_ST rule's or the destination's internal rate rule: never invented. vICMSST is
    base_st × rate; the line has no own ICMS. Fields named apart from `IcmsComplement`'s so
    the snapshot of one never reads as the other."""

    base_st: Decimal
    aliquota_st: Decimal | None = None


@dataclass(frozen=True)
class Importation:
    """An imported line's customs clearance (DI / DUImp, the II group of the NF-e), as Siscomex
    computed it and the importer declares it: the engine never computes the II. Amounts are
    the line's: `valor_aduaneiro` (II vBC, the customs value in reais), `valor_ii` (vII),
    `valor_iof` (vIOF), `despesas_aduaneiras` (vDespAdu: Siscomex fee and the other customs
    expenses, the AFRMM excluded) and `valor_afrmm` (the DI's vAFRMM, maritime transport).
    They make the IPI, PIS/COFINS and ICMS bases of an import (`calculators.importation`)."""

    valor_aduaneiro: Decimal
    valor_ii: Decimal = Decimal("0")
    valor_iof: Decimal = Decimal("0")
    despesas_aduaneiras: Decimal = Decimal("0")
    valor_afrmm: Decimal = Decimal("0")


@dataclass(frozen=True)
class Item:
    """One line: a product (NF-e/NFC-e), a service (NFS-e) or the transport service (CT-e).

    `valor_unitario × quantidade` is the gross value (vProd / vServ / vPrest); `desconto` is the
    unconditional discount of the whole line, never above the gross value (`compute` refuses
    it: a larger discount would make a negative base). `frete`, `seguro` and `outras_despesas`
    are the line's share of the document's freight, insurance and other expenses (vFrete, vSeg,
    vOutro of an NF-e item), already apportioned by the caller. `aliquota_iss`, `iss_retido` and
    `municipio_incidencia` are the registered service's configuration, when it has one.
    `enquadramentos` are declared legal classifications (e.g. RIR_2018_ART_714) that
    withholding rules test. `st_retido` is the substitution already withheld on the goods
    (CST 60 / CSOSN 500), when the caller knows it. `complemento_icms` makes the line a
    complement of ICMS only (quantity and value zero, see `IcmsComplement`; of ICMS-ST,
    `IcmsStComplement`). `importacao` makes it
    an imported line whose bases come from its customs clearance (see `Importation`).
    """

    numero: int
    quantidade: Decimal
    valor_unitario: Decimal
    desconto: Decimal = Decimal("0")
    frete: Decimal = Decimal("0")
    seguro: Decimal = Decimal("0")
    outras_despesas: Decimal = Decimal("0")
    produto_id: str | None = None
    ncm: str | None = None
    cest: str | None = None
    origem: str | None = None
    categoria: str | None = None
    nbs: str | None = None
    c_trib_nac: str | None = None
    lc116: str | None = None
    aliquota_iss: Decimal | None = None
    iss_retido: bool | None = None
    municipio_incidencia: str | None = None
    cod_municipio_prestacao: str | None = None
    enquadramentos: frozenset[str] = frozenset()
    st_retido: RetainedSt | None = None
    complemento_icms: IcmsComplement | IcmsStComplement | None = None
    importacao: Importation | None = None


@dataclass(frozen=True)
class Transport:
    """CT-e / CT-e OS facts: where the service starts and ends, the taker, a declared CFOP."""

    uf_inicio: str
    uf_fim: str
    cod_municipio_inicio: str | None = None
    cod_municipio_fim: str | None = None
    tipo_estabelecimento_tomador: str | None = None
    cfop: str | None = None


@dataclass(frozen=True)
class Overrides:
    """Values declared by a user with the `override` permission; each needs a reason."""

    override_motivo: str
    aliquota_iss: Decimal | None = None
    iss_retido: bool | None = None

    def __post_init__(self) -> None:
        if not self.override_motivo.strip():
            raise ContextError("override_motivo", "obrigatório ao substituir valores")


@dataclass(frozen=True)
class TaxContext:
    """Input of `compute`: one operation on one date."""

    documento: DocumentType
    data_operacao: date
    empresa: Company
    itens: tuple[Item, ...] = ()
    contraparte: Counterpart = field(default_factory=Counterpart)
    transporte: Transport | None = None
    natureza_id: str | None = None
    overrides: Overrides | None = None

    @property
    def rural(self) -> bool:
        """Whether the issuer acts as a rural producer."""
        return self.empresa.contexto == RURAL_CONTEXT
