"""What the automatic configuration writes for a rural producer: the nature and the `[Auto]`
tax rules of the sale of its own production.

CFOP 5101 (internal) / 6101 (interstate), "venda de produção do estabelecimento". ICMS as the
CRT supplied by the caller says: CSOSN 102 for Simples Nacional, CST 00 with the UF's internal
rate for Regime Normal. Never a deferral, an exemption or a base reduction: those are state law
(each RICMS) and come only from RURAL_ICMS / RURAL_BENEFICIO base rules the company writes with
their `fundamento` (tax_domain §6), which the engine applies in rural context over this rule.

PIS/COFINS: a natural person is not a contributor (Leis 10.637/2002 and 10.833/2003 tax legal
persons), so CST 08 (no incidence, no value); a legal-person producer follows its regime as
any issuer. The rules name the producer's nature (`natureza_id`), so a legal-person producer
keeps its other sales rules (5102/6102) and this one wins only for its own production.
"""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from engine.defaults import AUTO_PRIORITY
from service.companies.models import Company
from service.rural.context import is_natural_person

NATURE_CODE = "VENDA_PRODUCAO"
CFOPS = {"interna": "5101", "interestadual": "6101"}
NOT_CONTRIBUTOR = {"cst_pis": "08", "cst_cofins": "08"}
"""PIS/COFINS of a natural person: no incidence (CST 08)."""


def nature_body(company: Company) -> dict[str, Any]:
    """The producer's sales nature; the default NF-e nature only of a natural person (a
    legal-person producer keeps its own default and names this one when it sells produce)."""
    return {
        "codigo": NATURE_CODE,
        "descricao": "Venda de producao do estabelecimento",
        "padrao_nfe": is_natural_person(company),
    }


def tax_bodies(
    company: Company,
    nature_id: str,
    internal_rate: Decimal | None,
    contributions: dict[str, Any],
) -> list[dict[str, Any]]:
    """Internal and interstate rules; `contributions` are the PIS/COFINS of a legal person's
    regime (ignored for a natural person)."""
    simples = company.crt in (1, 2, 4)
    family: dict[str, Any] = {"csosn": "102"} if simples else {"cst_icms": "00"}
    family.update(NOT_CONTRIBUTOR if is_natural_person(company) else contributions)
    base = {"crt": company.crt, "prioridade": AUTO_PRIORITY, "natureza_id": nature_id, **family}
    bodies = []
    for operacao, cfop in CFOPS.items():
        body = {**base, "operacao": operacao, "cfop": cfop,
                "descricao": f"[Auto] Produtor rural: venda de producao {operacao}"}  # fmt: skip
        if operacao == "interna" and not simples:
            body["aliq_icms"] = internal_rate
        bodies.append(body)
    return bodies


NO_IVA_RULE = (
    "Produtor rural pessoa física: nenhuma regra IBS/CBS criada. O motor decide no contexto "
    "PRODUTOR_RURAL (LC 214/2025 art. 164: abaixo de R$ 3,6 milhões por ano o produtor não é "
    "contribuinte; CST 410, cClassTrib 410014)."
)
