"""Natures of operation, tax rules and IVA rules of a company: create, update, deactivate.

Tax and IVA rules keep criteria and results in JSON (as the engine's rule model does) and are
flattened to the spec's field names at the edge. Rows are never erased and keep their id, so an
issued document can always point to the rule it used; changing a rate over time means ending one
rule's validity and creating another.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from sqlalchemy import select

from engine import RuleType
from engine.defaults import AUTO_TAG, DEFAULT_PRIORITY
from service import clock, runtime
from service.companies.models import Company
from service.companies.resolver import owned_or_404
from service.configuration.audit import log_change
from service.configuration.engine_rules import PACK_ORIGIN, api_field, check_compiles
from service.configuration.fields import field_error, plain, without_selector
from service.configuration.models import IvaRule, Nature, TaxRule
from service.configuration.rule_schemas import IVA_CRITERIA, IVA_RESULT, TAX_CRITERIA, TAX_RESULT
from service.errors import ApiError
from service.fiscal.rules import bump_revision
from service.ids import new_id
from service.registers.models import Product

RuleModel = type[TaxRule] | type[IvaRule]


@dataclass(frozen=True)
class RuleKind:
    """What differs between tax and IVA rules: table, audit entity and field split."""

    model: RuleModel
    entidade: str
    prefix: str
    criteria: Sequence[str]
    result: Sequence[str]
    tipo: RuleType
    """The engine rule type its rows become."""


TAX = RuleKind(TaxRule, "tributacao", "trib", TAX_CRITERIA, TAX_RESULT, RuleType.TRIBUTACAO)
IVA = RuleKind(IvaRule, "iva", "iva", IVA_CRITERIA, IVA_RESULT, RuleType.IVA)

# -- natures -------------------------------------------------------------------------------

NATURE_FIELDS = ("codigo", "descricao", "tipo_operacao", "finalidade", "operacao_interna",
                 "operacao_interestadual", "consumidor_final", "contribuinte", "cfop",
                 "observacoes", "padrao_nfe", "padrao_nfce", "ativo")  # fmt: skip


def render_nature(nature: Nature) -> dict[str, Any]:
    data = {"id": nature.id, **{name: getattr(nature, name) for name in NATURE_FIELDS}}
    data["auto"] = AUTO_TAG in (nature.tags or [])
    return data


def find_nature(company: Company, codigo: str) -> Nature | None:
    query = select(Nature).where(Nature.company_id == company.id, Nature.codigo == codigo)
    return runtime.db().execute(query).scalar_one_or_none()


def _single_default(company: Company, nature: Nature) -> None:
    """Only one default nature per model: a new default takes the flag from the old one."""
    for flag_name in ("padrao_nfe", "padrao_nfce"):
        if not getattr(nature, flag_name):
            continue
        column = getattr(Nature, flag_name)
        query = select(Nature).where(
            Nature.company_id == company.id, column.is_(True), Nature.id != nature.id
        )
        for other in runtime.db().execute(query).scalars():
            setattr(other, flag_name, False)


def create_nature(company: Company, body: dict[str, Any], tags: Sequence[str] = ()) -> Nature:
    body = without_selector(body)
    if find_nature(company, body["codigo"]) is not None:
        raise ApiError("REGISTRO_DUPLICADO", "Já existe uma natureza com este código.")
    nature = Nature(
        id=new_id("nat"), account_id=company.account_id, company_id=company.id, tags=list(tags)
    )
    _set(nature, body, NATURE_FIELDS)
    runtime.db().add(nature)
    _single_default(company, nature)
    runtime.db().flush()
    log_change(company, "CRIAR", "natureza", nature.id, None, render_nature(nature))
    return nature


def update_nature(company: Company, nature: Nature, body: dict[str, Any]) -> Nature:
    body = without_selector(body)
    if (
        "codigo" in body
        and body["codigo"] != nature.codigo
        and find_nature(company, body["codigo"])
    ):
        raise ApiError("REGISTRO_DUPLICADO", "Já existe uma natureza com este código.")
    before = render_nature(nature)
    _set(nature, body, NATURE_FIELDS)
    _single_default(company, nature)
    runtime.db().flush()
    log_change(company, "ATUALIZAR", "natureza", nature.id, before, render_nature(nature))
    return nature


def deactivate_nature(company: Company, nature: Nature) -> Nature:
    before = render_nature(nature)
    nature.ativo, nature.padrao_nfe, nature.padrao_nfce = False, False, False
    log_change(company, "DESATIVAR", "natureza", nature.id, before, render_nature(nature))
    return nature


def _set(record: Any, body: dict[str, Any], names: Sequence[str]) -> None:
    for name in names:
        if name in body:
            setattr(record, name, body[name])


# -- tax and IVA rules ---------------------------------------------------------------------


def render_rule(rule: TaxRule | IvaRule, kind: RuleKind) -> dict[str, Any]:
    data: dict[str, Any] = {"id": rule.id, "descricao": rule.descricao}
    criteria = _register_criteria(rule)
    data.update({name: criteria.get(name) for name in kind.criteria})
    data.update({name: rule.resultado.get(name) for name in kind.result})
    data.update(
        prioridade=rule.prioridade,
        vigencia_inicio=rule.vigencia_inicio.isoformat(),
        vigencia_fim=rule.vigencia_fim.isoformat() if rule.vigencia_fim else None,
        ativo=rule.ativo,
        tags=list(rule.tags or []),
        auto=AUTO_TAG in (rule.tags or []),
    )
    provenance = pack_fields(rule)
    provenance["origem_regra"] = provenance.pop("origem")  # `origem` is the goods' origin here
    data.update(provenance)
    if rule.origem == PACK_ORIGIN:
        data["criterios_pacote"] = dict(rule.criterios or {})
    return data


def pack_fields(rule: Any) -> dict[str, Any]:
    """Where a company rule came from: `origem` api or pacote (then its pack, revision, stable
    id and version, and `somente_leitura`: it changes in the pack's repository)."""
    from_pack = rule.origem == PACK_ORIGIN
    return {
        "origem": rule.origem or "api",
        "camada": "empresa",
        "regra_id": rule.regra_id or rule.id,
        "pacote": rule.pacote,
        "revisao_pacote": rule.revisao_pacote,
        "somente_leitura": from_pack,
    }


def _register_criteria(rule: TaxRule | IvaRule) -> dict[str, Any]:
    """The criteria by the register's field names (a pack's `ncm_prefixo` is the register's
    `ncm`, which is a prefix)."""
    if rule.origem != PACK_ORIGIN:
        return dict(rule.criterios or {})
    return {api_field(f"criterios.{key}"): value for key, value in (rule.criterios or {}).items()}


def _check_references(company: Company, values: dict[str, Any]) -> None:
    """`natureza_id` / `produto_id` must be records of this company."""
    for name, model in (("natureza_id", Nature), ("produto_id", Product)):
        ref = values.get(name)
        if ref and getattr(runtime.db().get(model, ref), "company_id", None) != company.id:
            raise field_error(name, "Registro inexistente nesta empresa.")


def _split(kind: RuleKind, body: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    criteria = {k: plain(body[k]) for k in kind.criteria if k in body}
    result = {k: plain(body[k]) for k in kind.result if k in body}
    return criteria, result


def create_rule(
    company: Company, kind: RuleKind, body: dict[str, Any], tags: Sequence[str] = ()
) -> tuple[TaxRule | IvaRule, list[str]]:
    """A new rule and the warnings about active rules it conflicts with."""
    _check_references(company, body)
    criteria, result = _split(kind, body)
    rule = kind.model(
        id=new_id(kind.prefix), account_id=company.account_id, company_id=company.id,
        descricao=body.get("descricao"), prioridade=body.get("prioridade", DEFAULT_PRIORITY),
        vigencia_inicio=body.get("vigencia_inicio") or clock.operation_date(company.uf),
        vigencia_fim=body.get("vigencia_fim"), criterios=_clean(criteria),
        resultado=_clean(result), tags=list(tags), ativo=body.get("ativo", True),
    )  # fmt: skip
    check_compiles(rule, kind.tipo)
    warnings = conflicts(company, kind, rule)
    runtime.db().add(rule)
    runtime.db().flush()
    bump_revision(runtime.db(), company.id)
    log_change(company, "CRIAR", kind.entidade, rule.id, None, render_rule(rule, kind))
    return rule, warnings


def refuse_pack_rule(rule: Any) -> None:
    """A rule published from the company's pack changes in the pack's repository, never here:
    an API edit would be silently undone by the next `fiscal rulepacks sync` (which shows it as
    a change) and git would no longer say what is in force."""
    if getattr(rule, "origem", "api") == PACK_ORIGIN:
        raise ApiError(
            "REGRA_DE_PACOTE",
            f"A regra {rule.regra_id or rule.id} vem do pacote {rule.pacote} (revisão "
            f"{rule.revisao_pacote}): altere-a no repositório do pacote e publique-a com "
            "`fiscal rulepacks sync`.",
            details={"pacote": rule.pacote, "revisao_pacote": rule.revisao_pacote},
        )


def update_rule(
    company: Company, kind: RuleKind, rule: TaxRule | IvaRule, body: dict[str, Any]
) -> TaxRule | IvaRule:
    refuse_pack_rule(rule)
    before = render_rule(rule, kind)
    merged = {**before, **body}
    kind_schema_check(kind, merged)
    _check_references(company, body)
    criteria, result = _split(kind, body)
    rule.criterios = _clean({**rule.criterios, **criteria})
    rule.resultado = _clean({**rule.resultado, **result})
    _set(rule, body, ("descricao", "prioridade", "vigencia_inicio", "vigencia_fim", "ativo"))
    _record_update(company, kind, rule, before)
    return rule


def replace_result(
    company: Company, kind: RuleKind, rule: TaxRule | IvaRule, result: dict[str, Any]
) -> None:
    """Replace the whole result (the automatic configuration rewriting a rule it owns: a
    value it no longer produces must go, which a PUT's merge would keep). Audited."""
    before = render_rule(rule, kind)
    rule.resultado = _clean({k: plain(v) for k, v in result.items()})
    _record_update(company, kind, rule, before)


def _record_update(
    company: Company, kind: RuleKind, rule: TaxRule | IvaRule, before: dict[str, Any]
) -> None:
    check_compiles(rule, kind.tipo)  # refused: the request's session is rolled back, unflushed
    rule.revisao += 1
    runtime.db().flush()
    bump_revision(runtime.db(), company.id)
    log_change(company, "ATUALIZAR", kind.entidade, rule.id, before, render_rule(rule, kind))


def kind_schema_check(kind: RuleKind, merged: dict[str, Any]) -> None:
    """Cross-field checks on the merged (stored + partial) values of a PUT."""
    from service.configuration.rule_schemas import IvaRuleSchema, TaxRuleSchema

    schema = TaxRuleSchema() if kind is TAX else IvaRuleSchema()
    fields = set(schema.fields)
    errors = schema.validate({k: v for k, v in merged.items() if k in fields and v is not None})
    if errors:
        field, messages = next(iter(errors.items()))
        raise field_error(str(field), str(messages[0] if isinstance(messages, list) else messages))


def deactivate_rule(company: Company, kind: RuleKind, rule: TaxRule | IvaRule) -> None:
    refuse_pack_rule(rule)
    before = render_rule(rule, kind)
    rule.ativo = False
    bump_revision(runtime.db(), company.id)
    log_change(company, "DESATIVAR", kind.entidade, rule.id, before, render_rule(rule, kind))


def _clean(values: dict[str, Any]) -> dict[str, Any]:
    """Blank criteria and results are dropped: blank means any."""
    return {k: v for k, v in values.items() if v is not None and v != ""}


def active_rules(company: Company, kind: RuleKind) -> list[TaxRule | IvaRule]:
    query = select(kind.model).where(
        kind.model.company_id == company.id, kind.model.ativo.is_(True)
    )
    found: list[Any] = list(runtime.db().execute(query).scalars())
    return found


def _overlaps(a: TaxRule | IvaRule, b: TaxRule | IvaRule) -> bool:
    a_end, b_end = a.vigencia_fim or date.max, b.vigencia_fim or date.max
    return a.vigencia_inicio <= b_end and b.vigencia_inicio <= a_end


def conflicts(company: Company, kind: RuleKind, rule: TaxRule | IvaRule) -> list[str]:
    """Active rules with the same criteria, priority and an overlapping validity would tie."""
    return [
        f"Conflita com a regra {other.id} (mesmos critérios, prioridade e vigência)."
        for other in active_rules(company, kind)
        if other.criterios == rule.criterios
        and other.prioridade == rule.prioridade
        and _overlaps(other, rule)
    ]


def get_owned(model: Any, record_id: str, company: Company) -> Any:
    return owned_or_404(runtime.db().get(model, record_id), company)


def list_natures(company: Company, ativo: bool | None = None) -> list[Nature]:
    query = select(Nature).where(Nature.company_id == company.id)
    if ativo is not None:
        query = query.where(Nature.ativo.is_(ativo))
    return list(runtime.db().execute(query.order_by(Nature.created_at, Nature.id)).scalars())
