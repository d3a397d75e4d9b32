"""The issuer (the company itself): creation bound to the key's user, updates, rendering.

Secrets (CSC) are sealed with the server key and never rendered; every change is audited with
its previous and new values (redacted).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from service import runtime
from service.accounts.models import Account
from service.auth import Credential
from service.brazil.errors import InvalidIdentifier
from service.brazil.geo import UF_CODES, check_municipality
from service.brazil.ie import normalize_ie
from service.companies import operations as companies
from service.companies.models import Company, Environment
from service.configuration.audit import log_change
from service.configuration.fields import field_error
from service.db import utcnow
from service.errors import ApiError

REGIMES = {1: "SIMPLES_NACIONAL", 2: "SIMPLES_EXCESSO_SUBLIMITE", 3: "REGIME_NORMAL", 4: "MEI"}
NEEDS_CONFIRMATION = ("SUGERIDO", "CONFIRMACAO_OBRIGATORIA")
"""Origins that the user must confirm (`confirmar: true`) before they count as issuer data."""

_NOT_COLUMNS = {"origem", "confirmar", "config_automatica", "csc", "ambiente", "modulos"}
PUBLIC_FIELDS = (
    "codigo", "cnpj", "razao_social", "nome_fantasia", "ie", "iest", "im", "crt", "apuracao",
    "cnae", "cnaes_secundarios", "cep", "logradouro", "numero", "complemento", "bairro",
    "municipio", "cod_municipio", "uf", "telefone", "email", "serie_nfe", "serie_nfce",
    "serie_cte", "serie_cteos", "serie_mdfe", "csc_id", "exige_ibs_cbs", "rntrc", "taf_cteos",
    "reg_estadual_cteos", "regime_especial_nfse", "limite_revisao",
)  # fmt: skip


def render(company: Company) -> dict[str, Any]:
    """The `emitente` resource: never the CSC, only whether one is stored."""
    data = {name: getattr(company, name) for name in PUBLIC_FIELDS}
    data.update(
        id=company.id,
        regime_tributario=REGIMES.get(company.crt or 0),
        cod_uf=UF_CODES.get(company.uf or ""),
        csc_configurado=company.csc_cifrado is not None,
        origem_dados=dict(company.origem_dados or {}),
        confirmado_em=company.confirmado_em,
        ambiente=company.ambiente,
        cpf=company.cpf,
        contexto_fiscal=company.contexto_fiscal,
        modulos=list(company.modulos),
        ativo=company.ativo,
    )
    return data


def audit_view(company: Company) -> dict[str, Any]:
    """Values recorded in the audit log (CSC only as a redacted marker)."""
    values = render(company)
    values["csc"] = company.csc_cifrado is not None
    return values


def check_consistency(values: dict[str, Any]) -> None:
    """Checks across fields: IE and municipality against the UF."""
    uf = values.get("uf")
    for name, check in (("ie", normalize_ie), ("cod_municipio", check_municipality)):
        if values.get(name) and uf:
            try:
                values[name] = check(values[name], uf)
            except InvalidIdentifier as exc:
                raise field_error(name, str(exc)) from None


def _check_confirmation(body: dict[str, Any]) -> None:
    origins = body.get("origem") or {}
    pending = sorted(k for k, v in origins.items() if v in NEEDS_CONFIRMATION)
    if pending and not body.get("confirmar"):
        raise ApiError(
            "VALIDATION_ERROR",
            "Campos sugeridos pela consulta exigem confirmação (`confirmar: true`).",
            errors=[{"field": "confirmar", "message": "Confirme: " + ", ".join(pending)}],
        )


def _apply(company: Company, body: dict[str, Any]) -> None:
    for name, value in body.items():
        if name not in _NOT_COLUMNS and name in PUBLIC_FIELDS:
            setattr(company, name, value)
    if "csc" in body:
        csc = body["csc"]
        company.csc_cifrado = runtime.current().secrets.seal(csc.encode()) if csc else None
    if "modulos" in body:
        company.modulos = sorted({m.value for m in body["modulos"]})
    if "ambiente" in body:
        company.ambiente = body["ambiente"].value
    if "origem" in body:
        company.origem_dados = {**(company.origem_dados or {}), **body["origem"]}
    company.confirmado_em = utcnow()


def create(credential: Credential, body: dict[str, Any]) -> Company:
    """A new company of the key's account, in homologation, bound to the key's user."""
    if not credential.has_user:
        raise ApiError("EMITENTE_NAO_CONFIGURADO")
    check_consistency(body)
    _check_confirmation(body)
    session = runtime.db()
    account = session.get(Account, credential.account_id)
    limit = account.max_companies if account is not None else 0
    company = companies.create_company(
        session,
        account_id=credential.account_id,
        max_companies=limit,
        codigo=body.get("codigo") or body["cnpj"],
        razao_social=body["razao_social"],
        cnpj=body["cnpj"],
        modulos=[m.value for m in body["modulos"]] if body.get("modulos") else None,
    )
    company.criado_por_chave_id = credential.key_id
    _apply(company, {k: v for k, v in body.items() if k != "ambiente"})
    company.ambiente = Environment.HOMOLOGACAO.value
    session.flush()
    log_change(company, "CRIAR", "emitente", company.id, None, audit_view(company))
    return company


def _check_code_free(company: Company, codigo: str | None) -> None:
    """Another company of the account already answers to `codigo`: 409 before any write."""
    if codigo is None or codigo == company.codigo:
        return
    if companies.find_company(runtime.db(), company.account_id, codigo=codigo) is not None:
        raise ApiError(
            "REGISTRO_DUPLICADO",
            "Já existe uma empresa com este código na conta.",
            errors=[
                {"field": "codigo", "message": f"Código '{codigo}' já usado por outra empresa."}
            ],
        )


def update(company: Company, body: dict[str, Any]) -> Company:
    """Partial update; CNPJ root changes are refused (a different company is a new issuer)."""
    before = audit_view(company)
    merged = {**render(company), **body}
    check_consistency(merged)
    for name in ("ie", "cod_municipio"):
        if name in body or (name == "ie" and "uf" in body and merged.get("ie")):
            body[name] = merged[name]
    _check_confirmation(body)
    if "cnpj" in body and company.cpf and not company.cnpj:
        raise field_error("cnpj", "Produtor pessoa física (CPF) não recebe CNPJ: é outro emitente.")
    if "cnpj" in body and body["cnpj"][:8] != (company.cnpj or body["cnpj"])[:8]:
        raise field_error("cnpj", "Não é possível trocar a raiz do CNPJ de um emitente.")
    _check_code_free(company, body.get("codigo"))
    _apply(company, body)
    runtime.db().flush()
    log_change(company, "ATUALIZAR", "emitente", company.id, before, audit_view(company))
    return company


def confirmed_at(company: Company) -> datetime | None:
    return company.confirmado_em
