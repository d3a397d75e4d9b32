"""Selecting the company a request acts on — written once, used by every resource.

Rules (spec, "Cross-cutting request rules"): `empresa_id` (id) or `empresa` (code), in the
query string or the JSON body; optional when the account has exactly one active company;
an unknown, inactive or other-account company is 403 `EMPRESA_NAO_AUTORIZADA`; a module the
company has not enabled is 403 `MODULO_NAO_HABILITADO`; a record of another company is 404.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, TypeVar

from flask import g, request

from service import runtime
from service.auth import Credential, current_credential
from service.companies import operations, snapshots
from service.companies.models import Company, Environment
from service.compiled import Rows
from service.errors import ApiError

T = TypeVar("T")


def _selector() -> tuple[str | None, str | None]:
    body = request.get_json(silent=True) if request.is_json else None
    body = body if isinstance(body, dict) else {}
    company_id = request.args.get("empresa_id") or body.get("empresa_id")
    codigo = request.args.get("empresa") or body.get("empresa")
    return (str(company_id) if company_id else None, str(codigo) if codigo else None)


def _by(company_id: str | None, codigo: str | None) -> str:
    """Which of the candidates' statements a selector takes (`snapshots`)."""
    if company_id and codigo:
        return snapshots.BY_BOTH
    if company_id:
        return snapshots.BY_ID
    return snapshots.BY_CODE if codigo else snapshots.ONLY


_PREFETCHED = "prefetched_companies"


@dataclass
class _CompanyCompanion:
    """The request's company candidates, read with the key (`service.auth.Companion`): one
    statement for both instead of two round trips (issue 19)."""

    asked: tuple[str, str | None, str | None]
    lateral: Any
    params: Mapping[str, Any]

    def took(self, rows: Rows) -> None:
        keys = rows.keys
        company, version = keys.index("empresa_id"), keys.index("empresa_versao")
        candidates = [(row[company], row[version]) for row in rows if row[company] is not None]
        account = rows.rows[0][keys.index("account_id")]
        g.setdefault(_PREFETCHED, {})[(account, *self.asked)] = candidates


def company_companion() -> _CompanyCompanion | None:
    """The company read that can ride on the key's lookup (`service.guard`): the candidates of
    the request's selector (or of its only company), on PostgreSQL; else None."""
    if not snapshots.supported(runtime.db()):
        return None
    company_id, codigo = _selector()
    by = _by(company_id, codigo)
    params = snapshots.selector_params(id=company_id, codigo=codigo)
    return _CompanyCompanion((by, company_id, codigo), snapshots.candidates_lateral(by), params)


def _prefetched(account_id: str, by: str, company_id: str | None, codigo: str | None) -> Any:
    """The candidates read with the key for exactly this selector, taken once (a second
    resolution in the request reads again), else None."""
    prefetched: dict[Any, Any] | None = g.get(_PREFETCHED)
    if prefetched is None:
        return None
    return prefetched.pop((account_id, by, company_id, codigo), None)


def _only_company(credential: Credential) -> Company:
    session = runtime.db()
    if snapshots.supported(session):
        account = credential.account_id
        candidates = _prefetched(account, snapshots.ONLY, None, None)
        companies = snapshots.resolve(session, account, snapshots.ONLY, candidates)
    else:
        companies = operations.account_companies(session, credential.account_id)
    if len(companies) == 1:
        return companies[0]
    if not companies:
        raise ApiError(
            "FISCAL_CONFIGURATION_REQUIRED",
            "Nenhuma empresa cadastrada: configure o emitente.",
            missing=["emitente"],
        )
    raise ApiError(
        "VALIDATION_ERROR",
        "A conta tem várias empresas: informe `empresa_id` ou `empresa`.",
        errors=[{"field": "empresa", "message": "Campo obrigatório."}],
    )


def _selected(credential: Credential, company_id: str | None, codigo: str | None) -> Company:
    """The active company of the account the selector names, else 403; found once a request
    (the guard's check and the view's `resolve_company` share it; keyed by what was asked,
    because `g` outlives a request when a caller keeps an app context open)."""
    asked = (credential.account_id, company_id, codigo)
    cached: tuple[tuple[str, str | None, str | None], Company] | None = g.get("selected_company")
    if cached is not None and cached[0] == asked:
        return cached[1]
    found = _find(credential.account_id, company_id, codigo)
    if found is None or not found.ativo:
        raise ApiError("EMPRESA_NAO_AUTORIZADA")
    g.selected_company = (asked, found)
    return found


def _find(account_id: str, company_id: str | None, codigo: str | None) -> Company | None:
    """The account's company by id and/or code (from the process's row cache where the
    database allows, `snapshots`)."""
    session = runtime.db()
    if not snapshots.supported(session):
        return operations.find_company(session, account_id, company_id=company_id, codigo=codigo)
    by = _by(company_id, codigo)
    candidates = _prefetched(account_id, by, company_id, codigo)
    found = snapshots.resolve(session, account_id, by, candidates, id=company_id, codigo=codigo)
    return found[0] if found else None


def check_selected_company() -> None:
    """The company step of `service.guard`, before the body is parsed: a selector that names
    no active company of the key's account is 403 whatever else the request carries.
    Without a selector the view's `resolve_company` decides (only company, or 422)."""
    company_id, codigo = _selector()
    if company_id is not None or codigo is not None:
        _selected(current_credential(), company_id, codigo)


def resolve_company(module: str | None = None) -> Company:
    """The company of this request, checked against the credential and the module (a
    `Module`, or the module of a document family)."""
    credential = current_credential()
    company_id, codigo = _selector()
    if company_id is None and codigo is None:
        company = _only_company(credential)
    else:
        company = _selected(credential, company_id, codigo)
    if module is not None and str(module) not in company.modulos:
        raise ApiError("MODULO_NAO_HABILITADO")
    return company


def effective_environment(company: Company, credential: Credential | None = None) -> Environment:
    """A test key always works in homologation; a live key uses the company's setting."""
    credential = credential or current_credential()
    if credential.is_test:
        return Environment.HOMOLOGACAO
    return Environment(company.ambiente)


def owned_or_404(record: T | None, company: Company, code: str = "NAO_ENCONTRADO") -> T:
    """A record that belongs to the company, or 404 — never a hint that it exists elsewhere."""
    if record is None or getattr(record, "company_id", None) != company.id:
        raise ApiError(code)
    return record


def visible_environments(credential: Credential) -> tuple[str, ...]:
    """Which environments' documents a key may see: a test key, homologation only."""
    if credential.is_test:
        return (Environment.HOMOLOGACAO.value,)
    return (Environment.HOMOLOGACAO.value, Environment.PRODUCAO.value)


def scope_query(query: Any, environment_column: Any, credential: Credential) -> Any:
    """Restrict a document query to what the key may see."""
    return query.where(environment_column.in_(visible_environments(credential)))
