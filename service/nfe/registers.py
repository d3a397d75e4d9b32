"""What an NF-e/NFC-e request names by code: products, the customer and the nature.

Unknown codes are the caller's mistake (422 `VALIDATION_ERROR` on the field); registers that
exist but lack fiscal data (product without NCM, customer without address, no default nature)
are configuration to complete (422 `FISCAL_CONFIGURATION_REQUIRED` listing each thing).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from service.companies.models import Company
from service.configuration.models import Nature
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


def products_by_code(
    session: Session, company: Company, codes: Iterable[str]
) -> dict[str, Product]:
    wanted = set(codes)
    query = select(Product).where(
        Product.company_id == company.id, Product.codigo.in_(wanted), Product.ativo.is_(True)
    )
    return {p.codigo: p for p in session.execute(query).scalars()}


def check_items(items: list[dict[str, Any]], products: dict[str, Product], gaps: Gaps) -> None:
    for index, item in enumerate(items):
        product = products.get(item["codigo"])
        if product is None:
            raise invalid_field(
                f"itens.{index}.codigo", f"Produto '{item['codigo']}' não cadastrado."
            )
        if not product.ncm:
            gaps.add(f"produto.{product.codigo}.ncm", "PRODUTO_SEM_NCM")
        if "valor" not in item and not product.preco:
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


def _inline_party(data: dict[str, Any]) -> Party:
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


def _address_note(party: Party) -> str:
    """Who lacks the address, which fields, and where to fix it."""
    fields = ", ".join(party.sem_endereco)
    if party.codigo is not None:
        return (
            f"O cliente {party.codigo} ({party.nome}) não tem endereço completo para NF-e: "
            f"preencha {fields} no cadastro (PUT /clientes/{{id}})."
        )
    return (
        f"O cliente {party.nome} ({party.cpf_cnpj}) foi enviado sem endereço: informe "
        f"`cliente.endereco` com {fields}."
    )


def resolve_party(
    session: Session,
    company: Company,
    cliente: dict[str, Any] | None,
    *,
    needs_address: bool,
    gaps: Gaps,
) -> Party | None:
    """The customer; an NF-e needs one with a full address, an NFC-e may have none."""
    if cliente is None:
        if needs_address:
            raise invalid_field("cliente", "Campo obrigatório na NF-e.")
        return None
    if set(cliente) == {"codigo"}:
        query = select(Customer).where(
            Customer.company_id == company.id,
            Customer.codigo == cliente["codigo"],
            Customer.ativo.is_(True),
        )
        customer = session.execute(query).scalar_one_or_none()
        if customer is None:
            raise invalid_field("cliente", f"Cliente '{cliente['codigo']}' não cadastrado.")
        party = _registered_party(customer)
    else:
        party = _inline_party(cliente)
    if needs_address and party.endereco is None:
        item = f"cliente.{party.codigo or party.cpf_cnpj}.endereco"
        gaps.add(item, "CLIENTE_SEM_ENDERECO", _address_note(party))
    return party


def resolve_nature(
    session: Session, company: Company, codigo: str | None, modelo: str, gaps: Gaps
) -> Nature | None:
    """The nature named by code, else the company's default for the model."""
    query = select(Nature).where(Nature.company_id == company.id, Nature.ativo.is_(True))
    if codigo:
        found = session.execute(query.where(Nature.codigo == codigo)).scalar_one_or_none()
        if found is None:
            raise invalid_field("natureza", f"Natureza '{codigo}' não cadastrada.")
        return found
    default = Nature.padrao_nfe if modelo == Modelo.NFE else Nature.padrao_nfce
    found = session.execute(query.where(default.is_(True))).scalars().first()
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
