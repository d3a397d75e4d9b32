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
from service.issuance import contingency, defaults, registry
from service.issuance.authority import Authority, route
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import ContingencyModes, Draft, Family, Lookup, Numbered, Scopes
from service.issuance.models import FiscalDocument
from service.nfe import assemble, epec, events, pdfs, returns
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
        issued_at=numbered.issued_at, contingency=numbered.contingency,
    )  # fmt: skip
    return prepare_nfe(data, creds.signer, csc=draft.csc)


def _client(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    tp_emis = contingency.routed_tp_emis(registry.by_model(document.modelo), company, document)
    where = route(str(company.uf), document.ambiente, document.modelo, tp_emis)
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


SVC_RS_UFS = frozenset({"AM", "BA", "GO", "MA", "MS", "MT", "PE", "PR"})
SVC_AN_UFS = frozenset(
    {"AC", "AL", "AP", "CE", "DF", "ES", "MG", "PA", "PB", "PI", "RJ", "RN", "RO", "RR", "RS",
     "SC", "SE", "SP", "TO"}
)  # fmt: skip
"""Which SVC each UF uses for the NF-e (sped-nfe src/Factories/Contingency.php; protocol_facts
§7): SVC-RS for eight UFs, SVC-AN for the other nineteen."""
SVC_BY_UF = dict.fromkeys(SVC_AN_UFS, "6") | dict.fromkeys(SVC_RS_UFS, "7")
"""The NF-e's SEFAZ Virtual de Contingência per UF: SVC-AN (tpEmis 6) or SVC-RS (7)."""
EPEC = "4"
OFFLINE_NFCE = "9"
EPEC_DEADLINE = dt.timedelta(hours=168)
"""An EPEC's NF-e must reach the authority within 7 days, or the issuer's EPECs stop (142)."""
OFFLINE_NFCE_DEADLINE = dt.timedelta(hours=24)
"""An offline NFC-e is transmitted within 24 hours (protocol_facts §7)."""
NFE_CONTINGENCY = ContingencyModes(
    svc=SVC_BY_UF.get, epec=EPEC, epec_deadline=EPEC_DEADLINE, register=epec.register
)
NFCE_CONTINGENCY = ContingencyModes(
    offline=OFFLINE_NFCE, offline_excluded_ufs=frozenset({"SP"}), deadline=OFFLINE_NFCE_DEADLINE,
    epec=EPEC, epec_ufs=frozenset({"SP"}), epec_deadline=OFFLINE_NFCE_DEADLINE,
    register=epec.register,
)  # fmt: skip
"""Offline (tpEmis 9) in every UF but SP, which has the EPEC of the NFC-e instead (NT 2015.003,
at SEFAZ-SP's own EPEC service; sped-nfe docs/Contingency.md): both within 24 hours (sped-nfe
docs/metodos/EPECNFCe_SP.md gives 24 h for SP's)."""


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
    contingency=NFE_CONTINGENCY,
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
    contingency=NFCE_CONTINGENCY,
    example={"pedido": "PDV-0001", "itens": [{"codigo": "P002", "quantidade": 2}],
             "pagamento": "dinheiro"},
)  # fmt: skip
