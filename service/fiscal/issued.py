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
from dataclasses import replace
from typing import Any

import marshmallow as ma
from sqlalchemy.orm import Session

from documents.nfe.model import Modelo
from engine import DocumentType, TaxContext
from service.companies.models import Company
from service.cte import assemble as cte_assemble
from service.cte.schemas import CteOsPreviewRequestSchema, CtePreviewRequestSchema
from service.fiscal.context import issuer
from service.fiscal.schemas import IssuanceOperationSchema
from service.nfe import assemble as nfe_assemble
from service.nfse import assemble as nfse_assemble
from service.nfse.schemas import NfsePreviewRequestSchema

Builder = Callable[[Session, Company, dict[str, Any], str, dt.date], TaxContext]


def _goods(modelo: Modelo) -> Builder:
    def build(
        session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
    ) -> TaxContext:
        when = body.get("data_operacao") or today  # as `/fiscal/preview` takes it
        facts = nfe_assemble.decision_facts(
            session, company, body, modelo=modelo.value, ambiente=ambiente, today=when
        )
        return facts.context

    return build


FAMILIES: dict[DocumentType, tuple[type[ma.Schema], Builder]] = {
    DocumentType.NFE: (IssuanceOperationSchema, _goods(Modelo.NFE)),
    DocumentType.NFCE: (IssuanceOperationSchema, _goods(Modelo.NFCE)),
    DocumentType.NFSE: (NfsePreviewRequestSchema, nfse_assemble.context_of),
    DocumentType.CTE: (CtePreviewRequestSchema, cte_assemble.cte_context),
    DocumentType.CTEOS: (CteOsPreviewRequestSchema, cte_assemble.cteos_context),
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
) -> TaxContext:
    """The context the issuance builds for `body`; a `contexto` other than the company's is a
    simulation of it (only the issuer's context changes). Errors name the request's fields
    (`itens.0.codigo`); the route names them within `operacao`."""
    ctx = FAMILIES[documento][1](session, company, body, ambiente, today)
    if contexto is not None and contexto != ctx.empresa.contexto:
        ctx = replace(ctx, empresa=issuer(company, contexto))
    return ctx
