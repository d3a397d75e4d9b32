"""What an NF-e/NFC-e request names by code: products, the customer and the nature.

Unknown codes are the caller's mistake (422 `VALIDATION_ERROR` on the field); registers that
exist but lack fiscal data (product without NCM, customer without address, no default nature)
are configuration to complete (422 `FISCAL_CONFIGURATION_REQUIRED` listing each thing).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, fields, replace
from decimal import Decimal
from typing import Any, Self

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from service.companies.models import Company
from service.companies.revision import MISS, Miss, RevisionCache, revision_of
from service.configuration.models import Nature
from service.db import read_apart
from service.errors import ApiError, invalid_field
from service.nfe import rural
from service.registers.models import Customer, Product


@dataclass
class Gaps:
    """Configuration found missing while assembling, reported together in one 422."""

    missing: list[str] = field(default_factory=list)
    motivos: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    """Sentences for the message where an item alone does not say what to do."""

    def add(self, item: str, motivo: str, note: str | None = None) -> None:
        self.missing.append(item)
        if motivo not in self.motivos:
            self.motivos.append(motivo)
        if note:
            self.notes.append(note)

    def raise_if_any(self) -> None:
        if self.missing:
            raise ApiError(
                "FISCAL_CONFIGURATION_REQUIRED",
                " ".join(
                    ["Configuração fiscal incompleta para emitir este documento.", *self.notes]
                ),
                missing=self.missing,
                motivos=self.motivos,
                body={"ready_to_issue": False},
            )


@dataclass(frozen=True)
class ProductView:
    """An active product as the issuance reads it: a frozen copy of its row, shared by every
    thread of the process through `PRODUCTS` (never an ORM object: nothing to lazy-load or to
    flush by mistake)."""

    id: str
    account_id: str
    company_id: str
    codigo: str
    descricao: str
    ncm: str | None
    cest: str | None
    origem: int
    unidade: str
    preco: Decimal
    gtin: str | None
    categoria: str | None
    ativo: bool
    st_retido: Mapping[str, str] | None = None
    """ICMS-ST withheld earlier, per unit (CST 60 / CSOSN 500; `service.nfe.lines`)."""

    @classmethod
    def of(cls, row: Product) -> Self:
        return cls(**{f.name: getattr(row, f.name) for f in fields(cls)})


PRODUCTS: RevisionCache[ProductView | None] = RevisionCache("products")
"""(company id, revision, code) -> the active product, or None: no active product by that
code at that revision (a creation or reactivation bumps the revision)."""


def products_by_code(
    session: Session, company: Company, codes: Iterable[str]
) -> dict[str, ProductView]:
    """The company's active products by code, from the cache of the company's revision; only
    the codes it has not seen at that revision are read, in one query."""
    revision = revision_of(company)
    found: dict[str, ProductView] = {}
    unseen: set[str] = set()
    for code in set(codes):
        cached = PRODUCTS.get((company.id, revision, code)) if revision is not None else MISS
        if cached is MISS:
            unseen.add(code)
        elif isinstance(cached, ProductView):
            found[code] = cached
    if unseen:
        query = select(Product).where(
            Product.company_id == company.id, Product.codigo.in_(unseen), Product.ativo.is_(True)
        )
        with read_apart(session):
            loaded = {p.codigo: ProductView.of(p) for p in session.execute(query).scalars()}
        if revision is not None:
            for code in unseen:
                PRODUCTS.put((company.id, revision, code), loaded.get(code))
        found.update(loaded)
    return found


def check_items(items: list[dict[str, Any]], products: dict[str, ProductView], gaps: Gaps) -> None:
    for index, item in enumerate(items):
        product = products.get(item["codigo"])
        if product is None:
            raise invalid_field(
                f"itens.{index}.codigo", f"Produto '{item['codigo']}' não cadastrado."
            )
        if not product.ncm:
            gaps.add(f"produto.{product.codigo}.ncm", "PRODUTO_SEM_NCM")
        priced = "valor" in item or "complemento_icms" in item  # a tax-only line has no value
        if not priced and not product.preco:
            raise invalid_field(f"itens.{index}.valor", "Informe o valor: o produto não tem preço.")


@dataclass(frozen=True)
class Party:
    """The recipient as the document needs it, from the register or inline."""

    codigo: str | None
    cpf_cnpj: str
    nome: str
    indicador_ie: int
    ie: str | None
    email: str | None
    endereco: dict[str, Any] | None
    sem_endereco: tuple[str, ...] = ()
    """Address fields the NF-e needs and this customer lacks."""
    estrangeiro: bool = False
    """A party abroad (an import's supplier): no CPF/CNPJ, `dest/idEstrangeiro`, UF EX."""
    id_estrangeiro: str | None = None


_ADDRESS = ("logradouro", "numero", "bairro", "cod_municipio", "municipio", "uf")


def _registered_party(customer: Customer) -> Party:
    address = {name: getattr(customer, name) for name in (*_ADDRESS, "cep", "complemento")}
    lacking = tuple(name for name in _ADDRESS if not address[name])
    return Party(
        codigo=customer.codigo,
        cpf_cnpj=customer.cpf_cnpj,
        nome=customer.nome,
        indicador_ie=customer.indicador_ie,
        ie=customer.ie,
        email=customer.email,
        endereco=None if lacking else address,
        sem_endereco=lacking,
    )


ABROAD = {"cod_municipio": "9999999", "municipio": "EXTERIOR", "uf": "EX"}
"""enderDest of a party abroad (MOC: cMun 9999999, xMun EXTERIOR, UF EX)."""


def _foreign_party(data: dict[str, Any]) -> Party:
    """A supplier abroad: not an ICMS contributor here (indIEDest 9, rejection 790 otherwise),
    its address written with the MOC's values for abroad and its country (cPais, xPais)."""
    address = {**data["endereco"], **ABROAD}
    address.setdefault("bairro", "EXTERIOR")
    return Party(
        codigo=None,
        cpf_cnpj="",
        nome=data["nome"],
        indicador_ie=9,
        ie=None,
        email=data.get("email"),
        endereco=address,
        estrangeiro=True,
        id_estrangeiro=data.get("id_estrangeiro"),
    )


def _inline_party(data: dict[str, Any]) -> Party:
    if data.get("estrangeiro"):
        return _foreign_party(data)
    ie = data.get("ie")
    return Party(
        codigo=None,
        cpf_cnpj=data["cpf_cnpj"],
        nome=data["nome"],
        indicador_ie=1 if ie else 9,
        ie=ie,
        email=data.get("email"),
        endereco=data.get("endereco"),
        sem_endereco=() if data.get("endereco") else _ADDRESS,
    )


def _address_note(party: Party, field: str = "cliente") -> str:
    """Who lacks the address, which fields, and where to fix it."""
    fields = ", ".join(party.sem_endereco)
    who = "O fornecedor" if field == "fornecedor" else "O cliente"
    if party.codigo is not None:
        return (
            f"{who} {party.codigo} ({party.nome}) não tem endereço completo para NF-e: "
            f"preencha {fields} no cadastro (PUT /clientes/{{id}})."
        )
    return (
        f"{who} {party.nome} ({party.cpf_cnpj}) foi enviado sem endereço: informe "
        f"`{field}.endereco` com {fields}."
    )


CUSTOMERS: RevisionCache[Party | None] = RevisionCache("customers")
"""(company id, revision, code) -> the active customer as a `Party`, or None (absent)."""


def _registered_by_code(
    session: Session, company: Company, codigo: str, field: str = "cliente"
) -> Party:
    """The active customer by code, from the cache of the company's revision. Each caller
    gets its own copy of the address dict: the cached `Party` is shared between threads."""
    revision = revision_of(company)
    key = (company.id, revision, codigo)
    cached = CUSTOMERS.get(key) if revision is not None else MISS
    if isinstance(cached, Miss):
        query = select(Customer).where(
            Customer.company_id == company.id,
            Customer.codigo == codigo,
            Customer.ativo.is_(True),
        )
        with read_apart(session):
            customer = session.execute(query).scalar_one_or_none()
            cached = _registered_party(customer) if customer is not None else None
        if revision is not None:
            CUSTOMERS.put(key, cached)
    if cached is None:
        raise invalid_field(field, f"Cliente '{codigo}' não cadastrado.")
    return replace(cached, endereco=dict(cached.endereco) if cached.endereco else None)


def resolve_party(
    session: Session,
    company: Company,
    cliente: dict[str, Any] | None,
    *,
    needs_address: bool,
    gaps: Gaps,
    field: str = "cliente",
) -> Party | None:
    """The customer (or, on an entry, the supplier `fornecedor`, read from the same register);
    an NF-e needs one with a full address, an NFC-e may have none."""
    if cliente is None:
        if needs_address:
            raise invalid_field(field, "Campo obrigatório na NF-e.")
        return None
    if set(cliente) == {"codigo"}:
        party = _registered_by_code(session, company, str(cliente["codigo"]), field)
    else:
        party = _inline_party(cliente)
    if needs_address and party.endereco is None:
        item = f"{field}.{party.codigo or party.cpf_cnpj}.endereco"
        gaps.add(item, "CLIENTE_SEM_ENDERECO", _address_note(party, field))
    return party


@dataclass(frozen=True)
class NatureView:
    """An active nature of operation as the issuance reads it: a frozen copy of its row,
    shared through `NATURES`."""

    id: str
    account_id: str
    company_id: str
    codigo: str
    descricao: str
    tipo_operacao: int
    finalidade: int
    operacao_interna: bool
    operacao_interestadual: bool
    consumidor_final: bool | None
    contribuinte: bool | None
    cfop: str | None
    observacoes: str | None
    padrao_nfe: bool
    padrao_nfce: bool
    tags: tuple[str, ...]
    ativo: bool

    @classmethod
    def of(cls, row: Nature) -> Self:
        values = {f.name: getattr(row, f.name) for f in fields(cls)}
        return cls(**{**values, "tags": tuple(row.tags or ())})


NATURES: RevisionCache[NatureView | None] = RevisionCache("natures")
"""(company id, revision, code or ("padrao", modelo)) -> the active nature, or None."""


def _nature(
    session: Session, company: Company, codigo: str | None, modelo: str
) -> NatureView | None:
    """The active nature by code, else the default for the model; None when there is none."""
    revision = revision_of(company)
    key = (company.id, revision, codigo if codigo else ("padrao", str(modelo)))
    cached = NATURES.get(key) if revision is not None else MISS
    if not isinstance(cached, Miss):
        return cached
    query = select(Nature).where(Nature.company_id == company.id, Nature.ativo.is_(True))
    if codigo:
        query = query.where(Nature.codigo == codigo)
    else:
        default = Nature.padrao_nfe if modelo == Modelo.NFE else Nature.padrao_nfce
        query = query.where(default.is_(True)).order_by(Nature.created_at, Nature.id).limit(1)
    with read_apart(session):
        row = session.execute(query).scalars().first()
        found = NatureView.of(row) if row is not None else None
    if revision is not None:
        NATURES.put(key, found)
    return found


def resolve_nature(
    session: Session, company: Company, codigo: str | None, modelo: str, gaps: Gaps
) -> NatureView | None:
    """The nature named by code, else the company's default for the model."""
    found = _nature(session, company, codigo, modelo)
    if found is None and codigo:
        raise invalid_field("natureza", f"Natureza '{codigo}' não cadastrada.")
    if found is None:
        gaps.add("natureza", "NATUREZA_AUSENTE")
    return found


_ISSUER_FIELDS = (
    "ie",
    "crt",
    "logradouro",
    "numero",
    "bairro",
    "cod_municipio",
    "municipio",
    "uf",
    "cep",
)


def check_issuer(company: Company, modelo: str, gaps: Gaps) -> None:
    """What the `emit` group needs; a natural-person producer has a CPF instead of a CNPJ and
    issues in the series reserved to it (920..969)."""
    if rural.is_natural_person(company):
        if company.serie_nfe not in rural.PRODUCER_SERIES:
            gaps.add(
                "emitente.serie_nfe",
                "EMITENTE_INCOMPLETO",
                "Produtor rural pessoa física emite NF-e nas séries 920 a 969.",
            )
    elif not company.cnpj:
        gaps.add("emitente.cnpj", "EMITENTE_INCOMPLETO")
    for name in _ISSUER_FIELDS:
        if not getattr(company, name):
            gaps.add(f"emitente.{name}", "EMITENTE_INCOMPLETO")
    if modelo == Modelo.NFCE and not company.has_csc:
        gaps.add("emitente.csc", "CSC_AUSENTE")
