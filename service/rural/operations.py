"""The rural producer: creating a natural-person producer, reading one, and switching the
context of an existing company; every change is audited as an issuer (`emitente`) change.

A natural-person producer is created exactly as `POST /configuracao-fiscal/emitente` creates
an issuer (bound to the key's user, homologation, the account's company limit), identified by
CPF + IE instead of a CNPJ, with the NF-e module only (no NFC-e for a natural person) and the
`rural` module that marks the context. A CPF appears once per account.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select

from service import runtime
from service.accounts.models import Account
from service.auth import Credential
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import UF_BY_CODE
from service.brazil.ie import EXEMPT, normalize_ie
from service.companies import operations as companies
from service.companies.models import Company, Environment, Module
from service.configuration import certificate, issuer
from service.configuration.audit import log_change
from service.configuration.fields import field_error
from service.db import utcnow
from service.errors import ApiError
from service.rural.context import (
    RURAL_CONTEXT,
    document_of,
    is_natural_person,
    is_rural,
    person_type,
)

PRODUCER_MODULES = [Module.NFE.value, Module.RURAL.value]
ISSUER_FIELDS = ("ie", "uf", "crt", "nome_fantasia", "cep", "logradouro", "numero",
                 "complemento", "bairro", "municipio", "cod_municipio", "telefone", "email",
                 "serie_nfe")  # fmt: skip


def render(company: Company) -> dict[str, Any]:
    """The spec's producer resource (`propriedades` is the count) and the properties."""
    cert = certificate.status(company)
    properties = list(company.propriedades or [])
    return {
        "empresa_id": company.id, "empresa": company.codigo, "tipo": person_type(company),
        "documento": document_of(company), "nome": company.razao_social, "ie": company.ie,
        "uf": company.uf, "crt": company.crt, "serie_nfe": company.serie_nfe,
        "contexto_fiscal": RURAL_CONTEXT if is_rural(company) else None,
        "propriedades": len(properties), "lista_propriedades": properties,
        "certificado": {"status": cert["status"], "validade": cert["validade"]},
    }  # fmt: skip


def _audit_view(company: Company) -> dict[str, Any]:
    return {"contexto_fiscal": company.contexto_fiscal, "modulos": list(company.modulos),
            "propriedades": list(company.propriedades or [])}  # fmt: skip


def check_properties(properties: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Each property's IE is checked against the UF of its municipality, as an issuer's IE."""
    checked = []
    for index, item in enumerate(properties):
        item = {k: v for k, v in item.items() if v is not None}
        if item.get("ie"):
            uf = UF_BY_CODE[item["cod_municipio"][:2]]
            try:
                item["ie"] = normalize_ie(item["ie"], uf)
            except InvalidIdentifier as exc:
                raise field_error(f"propriedades.{index}.ie", str(exc)) from None
        checked.append(item)
    return checked


def _check_producer(body: dict[str, Any]) -> None:
    """IE and municipality against the UF; a producer's CPF must be linked to a real IE."""
    if body["ie"].strip().upper() == EXEMPT:
        raise field_error("ie", "O produtor rural deve ter inscrição estadual (não ISENTO).")
    issuer.check_consistency(body)


def _cpf_taken(account_id: str, cpf: str) -> bool:
    query = select(Company.id).where(Company.account_id == account_id, Company.cpf == cpf)
    return runtime.db().execute(query.limit(1)).first() is not None


def create(credential: Credential, body: dict[str, Any]) -> Company:
    """A new natural-person producer of the key's account, bound to the key's user."""
    if not credential.has_user:
        raise ApiError("EMITENTE_NAO_CONFIGURADO")
    _check_producer(body)
    properties = check_properties(body.get("propriedades") or [])
    session = runtime.db()
    if _cpf_taken(credential.account_id, body["cpf"]):
        raise ApiError(
            "REGISTRO_DUPLICADO",
            "Já existe um produtor com este CPF na conta.",
            errors=[{"field": "cpf", "message": "CPF já cadastrado nesta conta."}],
        )
    account = session.get(Account, credential.account_id)
    company = companies.create_company(
        session,
        account_id=credential.account_id,
        max_companies=account.max_companies if account is not None else 0,
        codigo=body.get("codigo") or body["cpf"],
        razao_social=body["nome"],
        cpf=body["cpf"],
        modulos=PRODUCER_MODULES,
    )
    company.criado_por_chave_id = credential.key_id
    for name in ISSUER_FIELDS:
        if name in body:
            setattr(company, name, body[name])
    company.contexto_fiscal = RURAL_CONTEXT
    company.propriedades = properties
    company.ambiente = Environment.HOMOLOGACAO.value
    company.confirmado_em = utcnow()
    session.flush()
    log_change(company, "CRIAR", "emitente", company.id, None, issuer.audit_view(company))
    return company


def require_rural(company: Company) -> Company:
    """A company outside the rural context is not a producer: 404, as a missing record."""
    if not is_rural(company):
        raise ApiError("NAO_ENCONTRADO", "A empresa não está no contexto PRODUTOR_RURAL.")
    return company


def _set_context(company: Company, contexto: str | None) -> None:
    modules = [m for m in company.modulos if m != Module.RURAL.value]
    if contexto is None:
        if is_natural_person(company):
            raise field_error(
                "contexto_fiscal",
                "Produtor pessoa física (CPF) não pode sair do contexto PRODUTOR_RURAL.",
            )
        company.contexto_fiscal, company.modulos = None, modules
        return
    company.contexto_fiscal = RURAL_CONTEXT
    company.modulos = sorted({*modules, Module.RURAL.value})


def update(company: Company, body: dict[str, Any]) -> Company:
    """Activate or deactivate the context, replace the properties; audited."""
    before = _audit_view(company)
    if "contexto_fiscal" in body:
        _set_context(company, body["contexto_fiscal"])
    else:
        require_rural(company)
    if "propriedades" in body:
        company.propriedades = check_properties(body["propriedades"] or [])
    runtime.db().flush()
    log_change(company, "ATUALIZAR", "emitente", company.id, before, _audit_view(company))
    return company


def rural_companies(account_id: str) -> list[Company]:
    return [c for c in companies.account_companies(runtime.db(), account_id) if is_rural(c)]
