"""Automatic configuration: natures VENDA / VENDA_CONSUMIDOR, `[Auto]` tax rules and the
IBS/CBS rule, generated from the issuer's CRT and regime.

Nothing is deleted and nothing duplicated: a rule is generated only when no `[Auto]` rule with
the same criteria exists (active or deactivated by the user). Rates come from the global rule
packs (`rulepacks/`) or from the law the spec names (PIS/COFINS by regime); when a pack does
not have a rate the rule is created without it and the answer says so in `avisos`.

An `[Auto]` rule the configuration still owns is brought up to date (e.g. PIS/COFINS once
`apuracao` is known). Ownership is tracked by revision: the tag `auto-revisao:N` records the
revision the configuration wrote last (no tag: revision 1, as created), and any change through
the API bumps `revisao`, so a rule whose revision moved on was changed by the user and is left
alone, as is a deactivated one; both are named in `avisos`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any

from engine.defaults import AUTO_PRIORITY, AUTO_TAG
from engine.rules import Rule, RuleOrigin, RuleType
from service import clock
from service.companies.models import Company
from service.configuration import automatic_rural, rules
from service.fiscal.rules import global_rules
from service.rural.context import is_natural_person, is_rural

PIS_COFINS = {
    "presumido": (Decimal("0.65"), Decimal("3.00")),  # cumulative, Lei 9.718/1998
    "real": (Decimal("1.65"), Decimal("7.60")),  # non-cumulative, Leis 10.637/02 and 10.833/03
}
NATURES = (
    {"codigo": "VENDA", "descricao": "Venda de mercadoria", "padrao_nfe": True},
    {"codigo": "VENDA_CONSUMIDOR", "descricao": "Venda ao consumidor", "padrao_nfce": True,
     "consumidor_final": True},
)  # fmt: skip


@dataclass
class Outcome:
    crt: int | None
    regime: str | None
    criados: dict[str, int] = field(
        default_factory=lambda: {"naturezas": 0, "tributacao": 0, "iva": 0}
    )
    atualizados: dict[str, int] = field(default_factory=lambda: {"tributacao": 0, "iva": 0})
    desativadas: int = 0
    avisos: list[str] = field(default_factory=list)


OWNED_REVISION = "auto-revisao:"
"""Tag prefix recording the revision the automatic configuration wrote last."""


def owned(rule: Any) -> bool:
    """True while the rule holds what the automatic configuration wrote (the user never changed
    it through the API: every such change bumps `revisao`)."""
    marks = [t for t in rule.tags or [] if t.startswith(OWNED_REVISION)]
    written = int(marks[-1].removeprefix(OWNED_REVISION)) if marks else 1
    return bool(rule.ativo) and rule.revisao == written


def _mark_owned(rule: Any) -> None:
    others = [t for t in rule.tags or [] if not t.startswith(OWNED_REVISION)]
    rule.tags = [*others, f"{OWNED_REVISION}{rule.revisao}"]


def _global_rules(tipo: RuleType) -> list[Rule]:
    """The global packs' rules of `tipo`, from the process's loaded packs (`global_rules`):
    reading the packs' YAML again on every issuer write was a twentieth of the service's CPU
    under the fuzzing job."""
    return [r for r in global_rules().rules if r.tipo is tipo and r.origem is RuleOrigin.GLOBAL]


def internal_icms_rate(uf: str, on: date) -> Decimal | None:
    """The issuer UF's modal ICMS rate from the global pack, in force on `on`."""
    for rule in _global_rules(RuleType.ICMS_ALIQUOTA_INTERNA):
        if rule.criterios.get("uf_origem") == uf and rule.in_force(on):
            value = rule.resultado.get("aliquota")
            return Decimal(str(value)) if value is not None else None
    return None


def _regime(company: Company, apuracao: str | None) -> str | None:
    if company.crt in (1, 2, 4):
        return "simples_nacional"
    return apuracao or company.apuracao


def _tax_bodies(company: Company, regime: str | None, out: Outcome) -> list[dict[str, Any]]:
    crt = company.crt
    base: dict[str, Any] = {"crt": crt, "prioridade": AUTO_PRIORITY}
    if crt in (1, 2, 4):
        family: dict[str, Any] = {"csosn": "102", "cst_pis": "49", "cst_cofins": "49"}
        return [
            {**base, **family, "operacao": "interna", "cfop": "5102",
             "descricao": "[Auto] Venda interna"},
            {**base, **family, "operacao": "interestadual", "cfop": "6102",
             "descricao": "[Auto] Venda interestadual"},
        ]  # fmt: skip
    family = {"cst_icms": "00"}
    if regime in PIS_COFINS:
        pis, cofins = PIS_COFINS[regime]
        family.update(cst_pis="01", aliq_pis=pis, cst_cofins="01", aliq_cofins=cofins)
    else:
        out.avisos.append(
            "Emitente do regime normal (CRT 3) sem `apuracao`: as regras [Auto] foram geradas "
            "sem PIS/COFINS e a NF-e não pode ser emitida. Informe `apuracao` (presumido ou "
            "real) no emitente ou em POST /configuracao-fiscal/automatica: as regras [Auto] "
            "serão completadas."
        )
    internal = internal_icms_rate(company.uf or "", clock.operation_date(company.uf))
    if internal is None:
        out.avisos.append(f"Alíquota interna de ICMS de {company.uf} ausente no pacote global.")
    inner = {**base, **family, "operacao": "interna", "cfop": "5102", "aliq_icms": internal}
    inter = {**base, **family, "operacao": "interestadual", "cfop": "6102"}
    out.avisos.append("Alíquota interestadual (4/7/12%) resolvida pelo pacote global no cálculo.")
    return [{**inner, "descricao": "[Auto] Venda interna"},
            {**inter, "descricao": "[Auto] Venda interestadual"}]  # fmt: skip


def _iva_body(company: Company, out: Outcome) -> dict[str, Any] | None:
    """The 2026 IBS/CBS test-year rule (CST 000, cClassTrib 000001), rates from the pack."""
    if company.crt != 3:
        out.avisos.append(_no_iva_reason(company))
        return None
    packs = [
        r for r in _global_rules(RuleType.IBS_CBS) if r.in_force(clock.operation_date(company.uf))
    ]
    result = dict(packs[0].resultado) if packs else {}
    if not packs:
        out.avisos.append("Alíquotas IBS/CBS ausentes no pacote global; regra criada sem elas.")
    rates: dict[str, Any] = {
        k: Decimal(str(result[k])) for k in ("ibs_p_uf", "ibs_p_mun", "cbs_p") if k in result
    }
    return {"cst": "000", "cclasstrib": "000001", "prioridade": AUTO_PRIORITY,
            "vigencia_inicio": date(2026, 1, 1), "vigencia_fim": date(2026, 12, 31),
            "descricao": "[Auto] IBS/CBS 2026", **rates}  # fmt: skip


SIMPLES_REGIMES = {
    1: "Simples Nacional",
    2: "Simples Nacional com excesso de sublimite",
    4: "Simples Nacional - MEI",
}


def _no_iva_reason(company: Company) -> str:
    """Why a Simples Nacional / MEI issuer gets no `[Auto]` IBS/CBS rule, in the global pack's
    words: the pack's rule in force for its CRT says IBS/CBS does not apply, and why
    (2026: LC 214/2025 art. 348 III c, ../shared/research/tax_domain.md §3)."""
    crt, today = str(company.crt), clock.operation_date(company.uf)
    regime = f"{SIMPLES_REGIMES.get(company.crt or 0, 'Simples Nacional')} (CRT {crt})"
    for rule in _global_rules(RuleType.IBS_CBS):
        if (
            rule.in_force(today)
            and crt in (rule.criterios.get("crt_in") or ())
            and rule.resultado.get("aplicar") is False
        ):
            return (
                f"{regime}: nenhuma regra IBS/CBS criada. "
                f"{rule.resultado.get('motivo')} (fonte: {rule.fonte}); o pacote global "
                f"({rule.id}) decide o IBS/CBS no cálculo."
            )
    return f"{regime}: nenhuma regra IBS/CBS criada; o pacote global decide o IBS/CBS no cálculo."


def _existing_auto(company: Company, kind: rules.RuleKind, criteria: dict[str, Any]) -> Any:
    model = kind.model
    from sqlalchemy import select

    from service import runtime

    query = select(model).where(model.company_id == company.id)
    found: list[Any] = list(runtime.db().execute(query).scalars())
    for rule in found:
        if AUTO_TAG in (rule.tags or []) and rule.criterios == criteria:
            return rule
    return None


def _ensure_rule(
    company: Company, kind: rules.RuleKind, body: dict[str, Any], out: Outcome
) -> None:
    """Create the rule, or bring the `[Auto]` rule with its criteria up to date if owned."""
    criteria, result = rules._split(kind, body)
    existing = _existing_auto(company, kind, rules._clean(criteria))
    if existing is None:
        created, _ = rules.create_rule(company, kind, body, tags=[AUTO_TAG])
        _mark_owned(created)
        out.criados[kind.entidade] += 1
        return
    out.desativadas += 0 if existing.ativo else 1
    if existing.resultado == rules._clean(result):
        return
    if not owned(existing):
        state = "alterada" if existing.ativo else "desativada"
        out.avisos.append(
            f"Regra [Auto] {existing.id} ({existing.descricao}) {state} pelo usuário: não foi "
            f"atualizada para o regime {out.regime or 'informado'}; revise-a manualmente."
        )
        return
    rules.replace_result(company, kind, existing, {**result})
    _mark_owned(existing)
    out.atualizados[kind.entidade] += 1


def _contributions(company: Company, regime: str | None) -> dict[str, Any]:
    """PIS/COFINS of a legal person's regime (empty while `apuracao` is unknown: the regular
    rules' notice already asks for it)."""
    if company.crt in (1, 2, 4):
        return {"cst_pis": "49", "cst_cofins": "49"}
    if regime in PIS_COFINS:
        pis, cofins = PIS_COFINS[regime]
        return {"cst_pis": "01", "aliq_pis": pis, "cst_cofins": "01", "aliq_cofins": cofins}
    return {}


def _rural(company: Company, out: Outcome) -> None:
    """The producer's nature and its 5101/6101 rules (`automatic_rural`)."""
    body = automatic_rural.nature_body(company)
    nature = rules.find_nature(company, automatic_rural.NATURE_CODE)
    if nature is None:
        nature = rules.create_nature(company, body, tags=[AUTO_TAG])
        out.criados["naturezas"] += 1
    internal = None
    if company.crt not in (1, 2, 4):
        internal = internal_icms_rate(company.uf or "", clock.operation_date(company.uf))
        if internal is None:
            out.avisos.append(f"Alíquota interna de ICMS de {company.uf} ausente no pacote global.")
    contributions = _contributions(company, out.regime)
    for rule in automatic_rural.tax_bodies(company, nature.id, internal, contributions):
        _ensure_rule(company, rules.TAX, rule, out)


def run(company: Company, apuracao: str | None = None) -> Outcome:
    """Generate what is missing; never deletes, never duplicates. A natural-person producer
    gets only its own sales (no resale 5102, no NFC-e, no IBS/CBS rule: the engine decides)."""
    if apuracao and company.crt == 3:
        company.apuracao = apuracao
    out = Outcome(crt=company.crt, regime=_regime(company, apuracao))
    if company.crt is None:
        out.avisos.append("Informe o CRT do emitente para gerar regras automáticas.")
        return out
    if is_rural(company):
        _rural(company, out)
    if is_natural_person(company):
        out.avisos.append(automatic_rural.NO_IVA_RULE)
        return out
    for nature in NATURES:
        if rules.find_nature(company, str(nature["codigo"])) is None:
            rules.create_nature(company, dict(nature), tags=[AUTO_TAG])
            out.criados["naturezas"] += 1
    for body in _tax_bodies(company, out.regime, out):
        _ensure_rule(company, rules.TAX, body, out)
    iva = _iva_body(company, out)
    if iva is not None:
        _ensure_rule(company, rules.IVA, iva, out)
    return out
