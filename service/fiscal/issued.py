"""`/fiscal/calcular` on an issuance request: the engine context the issuance would build.

An `operacao` that is the JSON of `POST /nfe`, `/nfce`, `/nfse`, `/cte` or `/cteos` (it loads
with that route's preview schema: `pedido` optional) is turned into the engine's context by
the family's own issuance code (`decision_facts`, `context_of`, `cte_context`), so the
calculation decides exactly what the issuance of the same request decides (issue 36). An
`operacao` in the calculation's own what-if shape (items described inline, a service with its
value, a route by UF) is read by `service.fiscal.context.build_context` instead.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

import marshmallow as ma
from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from engine import DocumentType, TaxContext, TaxResult
from service.companies.models import Company
from service.cte import assemble as cte_assemble
from service.cte.schemas import CteOsPreviewRequestSchema, CtePreviewRequestSchema
from service.fiscal.context import issuer
from service.fiscal.schemas import IssuanceOperationSchema
from service.nfe import assemble as nfe_assemble
from service.nfse import assemble as nfse_assemble
from service.nfse.schemas import NfsePreviewRequestSchema


@dataclass(frozen=True)
class Issuance:
    """The engine's context of an issuance request, and what the issuance decides after the
    engine from the same facts (NF-e/NFC-e: the CFOP each line is written with)."""

    context: TaxContext
    cfops: Callable[[TaxResult], list[str]] | None = None

    def written(self, result: TaxResult, data: dict[str, Any]) -> None:
        """The answer's CFOPs made the ones the issuance writes (the rule's, else the nature's;
        the issuance's 422 when neither fits). A result that needs review is left as the
        engine gave it: the issuance refuses it for that first."""
        if self.cfops is None or result.requires_review:
            return
        for numero, cfop in enumerate(self.cfops(result)):
            data["taxes"]["itens"][numero]["cfop"] = cfop
            data["classifications"]["itens"][numero]["cfop"] = cfop


Builder = Callable[[Session, Company, dict[str, Any], str, dt.date], Issuance]
ContextOf = Callable[[Session, Company, dict[str, Any], str, dt.date], TaxContext]


def _goods(modelo: Modelo) -> Builder:
    def build(
        session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
    ) -> Issuance:
        when = body.get("data_operacao") or today  # as `/fiscal/preview` takes it
        facts = nfe_assemble.decision_facts(
            session, company, body, modelo=modelo.value, ambiente=ambiente, today=when
        )
        return Issuance(
            facts.context, lambda result: nfe_assemble.issued_cfops(company, facts, result)
        )

    return build


def _only(context_of: ContextOf) -> Builder:
    """A family whose issuance writes what the engine decided, as it decided it."""

    def build(
        session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
    ) -> Issuance:
        return Issuance(context_of(session, company, body, ambiente, today))

    return build


FAMILIES: dict[DocumentType, tuple[type[ma.Schema], Builder]] = {
    DocumentType.NFE: (IssuanceOperationSchema, _goods(Modelo.NFE)),
    DocumentType.NFCE: (IssuanceOperationSchema, _goods(Modelo.NFCE)),
    DocumentType.NFSE: (NfsePreviewRequestSchema, _only(nfse_assemble.context_of)),
    DocumentType.CTE: (CtePreviewRequestSchema, _only(cte_assemble.cte_context)),
    DocumentType.CTEOS: (CteOsPreviewRequestSchema, _only(cte_assemble.cteos_context)),
}


def issuance_request(documento: DocumentType, operacao: dict[str, Any]) -> dict[str, Any] | None:
    """`operacao` loaded as the family's issuance request (its preview's schema: `pedido`
    optional, `data_operacao` allowed), or None when it is not one."""
    family = FAMILIES.get(documento)
    if family is None:
        return None
    try:
        loaded: dict[str, Any] = family[0]().load(operacao)
    except ma.ValidationError:
        return None
    return loaded


def issuance_context(
    session: Session,
    company: Company,
    documento: DocumentType,
    body: dict[str, Any],
    *,
    ambiente: str,
    today: dt.date,
    contexto: str | None,
) -> Issuance:
    """The context the issuance builds for `body`; a `contexto` other than the company's is a
    simulation of it (only the issuer's context changes). Errors name the request's fields
    (`itens.0.codigo`); the route names them within `operacao`."""
    issuance = FAMILIES[documento][1](session, company, body, ambiente, today)
    ctx = issuance.context
    if contexto is not None and contexto != ctx.empresa.contexto:
        issuance = replace(issuance, context=replace(ctx, empresa=issuer(company, contexto)))
    return issuance
