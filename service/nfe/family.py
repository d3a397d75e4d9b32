"""NF-e (model 55) and NFC-e (model 65) as families of the issuance lifecycle.

Everything the lifecycle needs of them is here: series, the decision (`assemble.draft`), the
layout and signature (`prepare_nfe`), the authority client, the authorized wrapper (`nfeProc`),
the PDFs and the routes only they have (cancellation, CC-e, event files).
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.transmission.clients import AuthorityClient, NfeAuthority
from documents.transmission.nfe import NfeClient
from documents.wrappers import nfe_proc
from service.accounts.scopes import Scope
from service.companies.models import Company
from service.issuance import defaults, registry
from service.issuance.authority import Authority, route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Draft, Family, Lookup, Numbered, Scopes
from service.issuance.models import FiscalDocument
from service.nfe import assemble, events, pdfs, returns
from service.nfe.events_blueprint import register_event_routes
from service.nfe.schemas import DocumentSchema, IssueRequestSchema

SCOPES = Scopes(issue=Scope.EMITIR, read=Scope.CONSULTAR, download=Scope.DOWNLOAD)


def _prepare(model: Modelo) -> Any:
    def prepare(
        session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
    ) -> Draft:
        return assemble.draft(
            session, company, body, modelo=model.value, ambiente=ambiente, today=today
        )

    return prepare


def _sign(draft: Draft, creds: CompanyCredentials, numbered: Numbered) -> SignedNFe:
    assert isinstance(draft, assemble.Draft)
    data = draft.numbered(
        serie=numbered.serie, numero=numbered.numero, cnf=numbered.cnf,
        issued_at=numbered.issued_at,
    )  # fmt: skip
    return prepare_nfe(data, creds.signer, csc=draft.csc)


def _client(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    where = route(str(company.uf), document.ambiente, document.modelo, document.tp_emis)
    client = NfeClient(authority.transport(creds), where)
    return NfeAuthority(client, receipt_polls=defaults.RECEIPT_POLLS)


def _summary(draft: Draft) -> dict[str, Any]:
    """What the NF-e is for, fixed at acceptance (webhooks, e-mail and the resource show it)."""
    assert isinstance(draft, assemble.Draft)
    return {"finalidade": int(draft.data.fin_nfe), "tipo_operacao": int(draft.data.tp_nf)}


def _render(document: FiscalDocument, data: dict[str, Any]) -> dict[str, Any]:
    """The lifecycle's resource plus `finalidade` and `tipo_operacao` (a document accepted
    before they were recorded was a normal sale: 1 and 1)."""
    summary = document.resumo or {}
    data["finalidade"] = summary.get("finalidade", 1)
    data["tipo_operacao"] = summary.get("tipo_operacao", 1)
    return data


def _family(model: Modelo, **described: Any) -> Family:
    return registry.register(
        Family(
            model=model.value,
            scopes=SCOPES,
            pdf_field="danfe",
            xml_name="procNFe",
            not_found="DOCUMENTO_NAO_ENCONTRADO",
            lookup=Lookup.ACCESS_KEY,
            request_schema=IssueRequestSchema,
            document_schema=DocumentSchema,
            issue_errors=("SEFAZ_REJECTION",),
            prepare=_prepare(model),
            sign=_sign,
            client=_client,
            wrap=nfe_proc,
            render_pdf=pdfs.render,
            extra_routes=register_event_routes,
            summary=_summary,
            render=_render,
            **described,
        )
    )


NFE = _family(
    Modelo.NFE,
    module="nfe",
    documento="NFE",
    title="NF-e (modelo 55)",
    label="NF-e",
    pdf_name="danfe",
    series=lambda company: company.serie_nfe,
    events=(events.CANCELLATION, events.CORRECTION),
    guard=returns.recount,
    example={"pedido": "PED-0001", "cliente": "C001",
             "itens": [{"codigo": "P001", "quantidade": 1}], "pagamento": "pix"},
)  # fmt: skip
NFCE = _family(
    Modelo.NFCE,
    module="nfce",
    documento="NFCE",
    title="NFC-e (modelo 65)",
    label="NFC-e",
    pdf_name="danfce",
    series=lambda company: company.serie_nfce,
    events=(events.CANCELLATION,),
    example={"pedido": "PDV-0001", "itens": [{"codigo": "P002", "quantidade": 2}],
             "pagamento": "dinheiro"},
)  # fmt: skip
