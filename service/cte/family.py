"""CT-e (model 57, road) and CT-e OS (model 67) as families of the issuance lifecycle: series,
the decision (`assemble`), the layout and signature (`prepare_cte`/`prepare_cteos`), the
authority client, the authorized wrappers (`cteProc`/`cteOSProc`), the DACTE, the events and
the resource as the spec shows it (`cfop`, `valor_prestacao`, `links`)."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from sqlalchemy.orm import Session

from documents.cte.dacte_os import render_dacte_os
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc
from documents.errors import PdfRenderError
from documents.pdf import render_dacte
from documents.transmission.clients import AuthorityClient
from documents.transmission.cte import CteClient
from service.accounts.scopes import Scope
from service.companies.models import Company
from service.cte import assemble, events
from service.cte.routes import register_routes
from service.cte.schemas import (
    CteDocumentSchema,
    CteIssueRequestSchema,
    CteOsDocumentSchema,
    CteOsIssueRequestSchema,
)
from service.errors import ApiError
from service.issuance import contingency, registry
from service.issuance.authority import Authority, route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.documents import current_xml
from service.issuance.family import ContingencyModes, Draft, Family, Lookup, Numbered, Scopes
from service.issuance.models import DocumentStatus, FiscalDocument

DEFAULT_SERIES = 1
"""A company without `serie_cte` / `serie_cteos` issues in series 1."""


def _prepare(builder: Callable[..., assemble.Draft]) -> Any:
    def prepare(
        session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
    ) -> Draft:
        return builder(session, company, body, ambiente=ambiente, today=today)

    return prepare


def _sign(prepare: Callable[..., SignedCte]) -> Any:
    def sign(draft: Draft, creds: CompanyCredentials, numbered: Numbered) -> SignedCte:
        assert isinstance(draft, assemble.Draft)
        data = draft.numbered(serie=numbered.serie, numero=numbered.numero, cct=numbered.cnf,
                              issued_at=numbered.issued_at,
                              contingency=numbered.contingency)  # fmt: skip
        return prepare(data, creds.signer)

    return sign


def _client(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    tp_emis = contingency.routed_tp_emis(registry.by_model(document.modelo), company, document)
    where = route(str(company.uf), document.ambiente, document.modelo, tp_emis)
    return CteClient(authority.transport(creds), where)


def _render_pdf(document: FiscalDocument) -> bytes:
    xml = current_xml(document)  # an offline CT-e before its authorization: the signed one
    cancelled = document.status == DocumentStatus.CANCELADA
    try:
        if document.modelo == "67":
            return render_dacte_os(xml, cancelled=cancelled)
        return render_dacte(xml, cancelled=cancelled)
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o DACTE: {exc}") from exc


def _summary(draft: Draft) -> dict[str, Any]:
    assert isinstance(draft, assemble.Draft)
    return {
        "cfop": draft.decided.cfop,
        "valor_prestacao": str(draft.valor_total),
        "tipo_servico": draft.tipo_servico,
    }


def _render(document: FiscalDocument, data: dict[str, Any]) -> dict[str, Any]:
    """The spec's CT-e resource: `cfop`, `valor_prestacao` and `links` {xml, dacte} besides
    the lifecycle's fields (CT-e OS adds `tipo_servico`)."""
    summary = document.resumo or {}
    rendered = {k: v for k, v in data.items() if k not in ("xml", "dacte", "valor_total")}
    rendered.update(
        cfop=summary.get("cfop"),
        valor_prestacao=summary.get("valor_prestacao", str(document.valor_total)),
        links={"xml": data["xml"], "dacte": data["dacte"]},
    )
    if document.modelo == "67":
        rendered["tipo_servico"] = summary.get("tipo_servico")
    return rendered


SVC_RS_UFS = frozenset({"AP", "MS", "MT", "PE", "RR", "SP"})
"""The CT-e's SVC per UF (sped-cte src/Factories/Contingency.php): SVC-RS (tpEmis 7) for these,
SVC-SP (8) for every other UF."""
OFFLINE_DEADLINE = dt.timedelta(hours=168)
"""An offline CT-e is transmitted within 168 hours ([MOC-CTe] §11.5.1; protocol_facts §7)."""
CONTINGENCY = ContingencyModes(
    svc=lambda uf: "7" if uf in SVC_RS_UFS else "8", offline="2", deadline=OFFLINE_DEADLINE
)
"""CT-e and CT-e OS: the UF's SVC when it is active, else offline (tpEmis 2)."""


def _family(**described: Any) -> Family:
    return registry.register(
        Family(
            pdf_name="dacte",
            not_found="NAO_ENCONTRADO",
            lookup=Lookup.ACCESS_KEY,
            client=_client,
            render_pdf=_render_pdf,
            extra_routes=register_routes,
            issue_errors=("SEFAZ_REJECTION",),
            summary=_summary,
            render=_render,
            contingency=CONTINGENCY,
            **described,
        )
    )


CTE = _family(
    module="cte",
    documento="CTE",
    model="57",
    title="CT-e (modelo 57, rodoviário)",
    label="CT-e",
    scopes=Scopes(issue=Scope.CTE_WRITE, read=Scope.CTE_READ, download=Scope.CTE_READ),
    xml_name="cteProc",
    request_schema=CteIssueRequestSchema,
    document_schema=CteDocumentSchema,
    series=lambda company: getattr(company, "serie_cte", None) or DEFAULT_SERIES,
    prepare=_prepare(assemble.cte_draft),
    sign=_sign(prepare_cte),
    wrap=cte_proc,
    events=(events.CANCELLATION, events.CORRECTION, events.DISAGREEMENT_SPEC),
    example={"pedido": "FRETE-0001", "tomador": "remetente", "remetente": "C001",
             "destinatario": "C001", "valor_prestacao": "850.00",
             "carga": {"valor": "12000.00", "produto": "Cadernos", "peso_kg": "320"},
             "documentos": ["35260111222333000181550010000000011100000013"],
             "fiscal": {"tipo_estabelecimento_tomador": "comercial"}},
)  # fmt: skip
CTEOS = _family(
    module="cteos",
    documento="CTEOS",
    model="67",
    title="CT-e OS (modelo 67)",
    label="CT-e OS",
    scopes=Scopes(issue=Scope.CTEOS_WRITE, read=Scope.CTEOS_READ, download=Scope.CTEOS_READ),
    xml_name="cteOSProc",
    request_schema=CteOsIssueRequestSchema,
    document_schema=CteOsDocumentSchema,
    series=lambda company: getattr(company, "serie_cteos", None) or DEFAULT_SERIES,
    prepare=_prepare(assemble.cteos_draft),
    sign=_sign(prepare_cteos),
    wrap=cteos_proc,
    events=(events.CANCELLATION, events.CORRECTION),
    example={"pedido": "FRETAMENTO-0001", "tomador": "C001",
             "servico": {"tipo": "transporte_pessoas", "descricao": "Fretamento eventual",
                         "quantidade": "40"},
             "origem": {"cod_municipio": "3550308", "municipio": "São Paulo", "uf": "SP"},
             "destino": {"cod_municipio": "3509502", "municipio": "Campinas", "uf": "SP"},
             "valor_prestacao": "2500.00", "transporte": {"taf": "123456789012"},
             "fretamento": {"tipo": "eventual"}, "fiscal": {"cfop": "5357"}},
)  # fmt: skip
