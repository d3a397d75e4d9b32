"""MDF-e (model 58, road) as a family of the issuance lifecycle: series, the manifest's
assembly (registers and documents checked), layout and signature (`prepare_mdfe`), the SVRS
client, the `mdfeProc` wrapper, the DAMDFE, its events and its resource (`qtd_documentos`, and
in the detail `documentos`, `condutores` and `eventos`)."""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from documents.errors import PdfRenderError
from documents.mdfe.pipeline import SignedMdfe, prepare_mdfe
from documents.mdfe.wrappers import mdfe_proc
from documents.pdf import render_damdfe
from documents.transmission.clients import AuthorityClient
from service.accounts.scopes import Scope
from service.companies.models import Company
from service.errors import ApiError
from service.issuance import registry
from service.issuance.authority import Authority
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.documents import current_xml
from service.issuance.family import ContingencyModes, Draft, Family, Lookup, Numbered, Scopes
from service.issuance.models import DocumentStatus, EventKind, EventStatus, FiscalDocument
from service.mdfe import assemble, events
from service.mdfe.authority import MODEL, client
from service.mdfe.routes import register_routes
from service.mdfe.schemas import MdfeDocumentSchema, MdfeIssueRequestSchema


def _prepare(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
) -> Draft:
    return assemble.draft(session, company, body, ambiente=ambiente, today=today)


def _sign(draft: Draft, creds: CompanyCredentials, numbered: Numbered) -> SignedMdfe:
    assert isinstance(draft, assemble.Draft)
    data = draft.numbered(serie=numbered.serie, numero=numbered.numero, cmdf=numbered.cnf,
                          issued_at=numbered.issued_at,
                          contingency=numbered.contingency)  # fmt: skip
    return prepare_mdfe(data, creds.signer)


def _client(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    return client(authority, creds, document.ambiente, company)


def _render_pdf(document: FiscalDocument) -> bytes:
    try:
        return render_damdfe(
            current_xml(document),  # an offline MDF-e before its authorization: the signed one
            cancelled=document.status == DocumentStatus.CANCELADA,
            closed=document.status == DocumentStatus.ENCERRADA,
        )
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o DAMDFE: {exc}") from exc


def _summary(draft: Draft) -> dict[str, Any]:
    assert isinstance(draft, assemble.Draft)
    return {
        "qtd_documentos": len(draft.listed),
        "documentos": [
            {"tipo": d.kind, "chave": d.key, "municipio_descarga": d.unloading,
             "cte_id": d.cte_id}
            for d in draft.listed
        ],
        "condutores": [{"nome": name, "cpf": cpf} for name, cpf in draft.drivers],
        "valor_carga": str(draft.valor_total),
    }  # fmt: skip


def drivers_of(document: FiscalDocument, events_data: list[dict[str, Any]]) -> list[dict[str, str]]:
    """The manifest's drivers: those it was issued with, then each registered inclusion."""
    found = list((document.resumo or {}).get("condutores", []))
    for event in events_data:
        if (
            event["tipo"] == EventKind.INCLUSAO_CONDUTOR
            and event["status"] == EventStatus.REGISTRADO
        ):
            cpf, _, name = str(event["texto"]).removeprefix("CPF ").partition(" - ")
            found.append({"nome": name, "cpf": cpf})
    return found


def _render(document: FiscalDocument, data: dict[str, Any]) -> dict[str, Any]:
    """The spec's MDF-e: `qtd_documentos` and `links` {xml, damdfe}; the detail (GET with
    events) also `documentos` and `condutores`."""
    summary = document.resumo or {}
    rendered = {k: v for k, v in data.items() if k not in ("xml", "damdfe", "valor_total")}
    rendered["qtd_documentos"] = summary.get("qtd_documentos", 0)
    rendered["links"] = {"xml": data["xml"], "damdfe": data["damdfe"]}
    if "eventos" in data:
        rendered["documentos"] = summary.get("documentos", [])
        rendered["condutores"] = drivers_of(document, data["eventos"])
    return rendered


OFFLINE_DEADLINE = dt.timedelta(hours=168)
"""An offline MDF-e is authorized within 168 hours (the DAMDFE's own notice, "Obrigatória a
autorização em 168 horas", as brazilfiscalreport prints it; the manual was not at hand)."""
CONTINGENCY = ContingencyModes(offline="2", deadline=OFFLINE_DEADLINE)
"""MDF-e: offline only (tpEmis 2); its one authoriser, SVRS, has no SVC."""

MDFE = registry.register(
    Family(
        module="mdfe",
        documento="MDFE",
        model=MODEL,
        title="MDF-e (modelo 58, rodoviário)",
        label="MDF-e",
        scopes=Scopes(issue=Scope.MDFE_WRITE, read=Scope.MDFE_READ, download=Scope.MDFE_READ),
        pdf_name="damdfe",
        xml_name="mdfeProc",
        not_found="NAO_ENCONTRADO",
        lookup=Lookup.ACCESS_KEY,
        request_schema=MdfeIssueRequestSchema,
        document_schema=MdfeDocumentSchema,
        series=lambda company: company.serie_mdfe or 1,
        prepare=_prepare,
        sign=_sign,
        client=_client,
        wrap=mdfe_proc,
        render_pdf=_render_pdf,
        contingency=CONTINGENCY,
        events=(events.CANCELLATION, events.CLOSING, events.DRIVER),
        extra_routes=register_routes,
        issue_errors=("SEFAZ_REJECTION",),
        example={"pedido": "VIAGEM-0001", "veiculo": "BRA2E19", "condutores": ["52998224725"],
                 "documentos": [{"chave_nfe": "35260111222333000181550010000000011100000013",
                                 "municipio_descarga": {"cod_municipio": "3509502",
                                                        "municipio": "Campinas"}}],
                 "carga": {"peso_kg": "320", "valor": "12000.00", "tipo": "05",
                           "produto": "Cadernos"},
                 "percurso": {"carregamento": {"cod_municipio": "3550308",
                                               "municipio": "São Paulo", "cep": "01310100"},
                              "descarregamento_cep": "13012100"},
                 "tipo_emitente": 2},
        summary=_summary,
        render=_render,
    )
)  # fmt: skip
