"""The national NFS-e as a family of the issuance lifecycle.

What differs from the SEFAZ families is all here: the DPS (no model, no access key before
authorization: the lifecycle looks it up by DPS id), the national system's client, the NFS-e
it returns (stored as received, once it is shown to embed our DPS), its own figures
(`numero_nfse`, `valor_iss`), the DANFSe and the `override` rules of its request.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session, object_session

from documents.errors import PdfRenderError
from documents.nfse.builder import NFSE_NS
from documents.nfse.danfse import render_danfse
from documents.nfse.model import NationalAddress
from documents.nfse.pipeline import prepare_dps
from documents.nfse.received import accept_nfse
from documents.transmission.clients import AuthorityClient, NfseAuthority
from documents.transmission.nfse import NfseClient
from documents.xml import parse_untrusted
from service.accounts.scopes import Scope
from service.auth import Credential
from service.companies.models import Company
from service.errors import ApiError, invalid_field
from service.issuance import registry
from service.issuance.authority import Authority, tp_amb
from service.issuance.credential_cache import CompanyCredentials
from service.issuance.family import Draft, Family, Lookup, Numbered, Scopes
from service.issuance.models import DocumentStatus, FiscalDocument
from service.nfse import assemble, events, mapping
from service.nfse.authority import trusted_signers
from service.nfse.routes import register_routes
from service.nfse.schemas import NfseDocumentSchema, NfseIssueRequestSchema
from service.storage.documents import authorized_xml

MODEL = "SE"
"""The NFS-e has no model number; this tag keys its DPS numbering (per series) and marks its
rows. Never written in any XML."""
DPS_SERIES = 1
"""Every DPS of the service goes in series 1 (the national layout allows up to 5 digits);
documents issued elsewhere (the national web issuer) keep their own series."""
_Q = f"{{{NFSE_NS}}}"


@dataclass(frozen=True)
class DpsReference:
    """The DPS id standing for the key until the national system names it."""

    text: str


@dataclass(frozen=True)
class SignedDps:
    key: DpsReference
    xml: bytes
    digest_value: str


def _prepare(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
) -> Draft:
    return assemble.draft(session, company, body, ambiente=ambiente, today=today)


def _sign(draft: Draft, creds: CompanyCredentials, numbered: Numbered) -> SignedDps:
    assert isinstance(draft, assemble.Draft)
    data = draft.numbered(
        serie=numbered.serie, numero=numbered.numero, issued_at=numbered.issued_at
    )
    signed = prepare_dps(data, creds.signer)
    return SignedDps(DpsReference(signed.dps_id), signed.xml, signed.digest_value)


def _client(
    authority: Authority, creds: CompanyCredentials, document: FiscalDocument, company: Company
) -> AuthorityClient:
    client = NfseClient(authority.transmission, creds.tls, tp_amb(document.ambiente))
    return NfseAuthority(client)


def _wrap(signed: bytes, answer: bytes) -> bytes:
    """The NFS-e as received, once it is shown to come from our DPS and to be signed by the
    national system (a certificate of `AUTHORITY_SIGNER_BUNDLE`'s CAs)."""
    return accept_nfse(signed, answer, trusted=trusted_signers()).xml


def _render_pdf(document: FiscalDocument) -> bytes:
    authorized = authorized_xml(document)
    assert authorized is not None
    cancelled = document.status == DocumentStatus.CANCELADA
    address = _provider_address(document)
    try:
        return render_danfse(authorized, cancelled=cancelled, provider_address=address)
    except PdfRenderError as exc:
        raise ApiError("ERRO_INTERNO", f"Não foi possível gerar o DANFSe: {exc}") from exc


def _provider_address(document: FiscalDocument) -> NationalAddress | None:
    """The company's registered address, which the DANFSe prints when the NFS-e carries none
    (the DPS leaves it to the national register)."""
    session = object_session(document)
    company = session.get(Company, document.company_id) if session is not None else None
    return mapping.provider_address(company) if company is not None else None


def check_request(credential: Credential, body: dict[str, Any]) -> None:
    """Declared ISS values and an accepted review need `override` and a reason."""
    servico = body.get("servico") or {}
    declared = [f"servico.{k}" for k in ("aliquota_iss", "iss_retido") if k in servico]
    if body.get("aceitar_revisao"):
        declared.append("aceitar_revisao")
    if not declared:
        return
    if not credential.can(Scope.OVERRIDE):
        raise ApiError(
            "FORBIDDEN", f"{', '.join(declared)} exige a permissão {Scope.OVERRIDE.value}."
        )
    if not str(body.get("override_motivo") or "").strip():
        raise invalid_field(
            "override_motivo", f"Obrigatório ao informar {', '.join(declared)}: diga o porquê."
        )


def _summary(draft: Draft) -> dict[str, Any]:
    assert isinstance(draft, assemble.Draft)
    iss = draft.iss
    return {
        "valor_servicos": str(draft.valor_total),
        "valor_iss": str(iss.vISSQN) if iss else None,
        "aliquota_iss": str(iss.pAliq) if iss else None,
        "iss_retido": iss.tpRetISSQN != "1" if iss else None,
        "municipio_incidencia": iss.municipio_incidencia if iss else None,
        "competencia": draft.data.competence.isoformat(),
    }


def _authorized_summary(xml: bytes) -> dict[str, Any]:
    """The number the national system gave, and the ISS it computed (it prevails)."""
    info = parse_untrusted(xml).find(_Q + "infNFSe")
    if info is None:
        return {}
    found = {"numero_nfse": (info.findtext(_Q + "nNFSe") or "").strip() or None}
    iss = info.findtext(f"{_Q}valores/{_Q}vISSQN")
    if iss:
        found["valor_iss"] = iss.strip()
    return found


def _number(text: Any) -> float | None:
    """Money as a JSON number (the spec's `valor_servicos`/`valor_iss`), from its exact
    two-decimal text: the float's shortest repr prints the same digits."""
    return float(Decimal(str(text))) if text is not None else None


def _render(document: FiscalDocument, data: dict[str, Any]) -> dict[str, Any]:
    summary = document.resumo or {}
    keyed = document.chave != document.dps_id
    rendered = {
        "id": document.id,
        "status": data["status"],
        "pedido": document.pedido,
        "ambiente": document.ambiente,
        "chave_acesso": document.chave if keyed else None,
        "numero_nfse": summary.get("numero_nfse"),
        "dps_id": document.dps_id,
        "serie_dps": document.serie,
        "numero_dps": document.numero,
        "competencia": summary.get("competencia"),
        "valor_servicos": _number(summary.get("valor_servicos", document.valor_total)),
        "valor_iss": _number(summary.get("valor_iss")),
        "iss_retido": summary.get("iss_retido"),
        "codigo_erro": document.sefaz_code if document.status == "REJEITADA" else None,
        "mensagem_erro": document.sefaz_mensagem if document.status == "REJEITADA" else None,
        "links": {"xml": data["xml"], "danfse": data["danfse"]},
        "criado_em": data["criado_em"],
        "autorizado_em": data["autorizado_em"],
        "cancelado_em": data["cancelado_em"],
    }
    for optional in ("detalhes", "eventos"):
        if optional in data:
            rendered[optional] = data[optional]
    return rendered


NFSE = registry.register(
    Family(
        module="nfse",
        documento="NFSE",
        model=MODEL,
        title="NFS-e (nacional)",
        label="NFS-e",
        scopes=Scopes(issue=Scope.NFSE_WRITE, read=Scope.NFSE_READ, download=Scope.NFSE_READ),
        pdf_name="danfse",
        xml_name="NFSe",
        not_found="NAO_ENCONTRADO",
        lookup=Lookup.DPS_ID,
        request_schema=NfseIssueRequestSchema,
        document_schema=NfseDocumentSchema,
        series=lambda company: DPS_SERIES,
        prepare=_prepare,
        sign=_sign,
        client=_client,
        wrap=_wrap,
        render_pdf=_render_pdf,
        events=(events.CANCELLATION,),
        extra_routes=register_routes,
        rejection="NFSE_REJECTION",
        uncertain_status="PROCESSANDO",
        issue_errors=("NFSE_REJECTION",),
        example={"pedido": "OS-0001", "servico": {"codigo": "S001"}, "tomador": "C001"},
        check_request=check_request,
        summary=_summary,
        authorized_summary=_authorized_summary,
        render=_render,
        pdf_unavailable="DOCUMENTO_NAO_AUTORIZADO",
    )
)
