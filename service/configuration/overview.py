"""The configuration overview: five steps, pendencies, percentage and `pronta_para_emitir`.

Percentage: each of the four mandatory steps (issuer, certificate, nature, tax) is worth 25
points when `configurado`; IVA is optional and adds nothing (spec: not mandatory).
`pronta_para_emitir_modelos` adds what each model needs of its own (`readiness`).
"""

from __future__ import annotations

from datetime import date
from typing import Any

from service import clock
from service.brazil.ie import EXEMPT
from service.companies.models import Company
from service.configuration import certificate, issuer, readiness, rules
from service.rural.context import is_natural_person

REQUIRED_ISSUER_FIELDS = ("cnpj", "razao_social", "uf", "ie", "crt", "cep", "logradouro",
                          "numero", "bairro", "municipio", "cod_municipio")  # fmt: skip
STEPS = (
    ("emitente", "Emitente", True),
    ("certificado", "Certificado", True),
    ("natureza", "Natureza", True),
    ("tributacao", "Tributacao", True),
    ("iva", "IBS/CBS", False),
)


def required_issuer_fields(company: Company) -> tuple[str, ...]:
    """A natural-person rural producer is identified by CPF + IE instead of a CNPJ."""
    if is_natural_person(company):
        return tuple("cpf" if name == "cnpj" else name for name in REQUIRED_ISSUER_FIELDS)
    return REQUIRED_ISSUER_FIELDS


def _issuer_step(company: Company) -> tuple[str, list[str]]:
    fields = required_issuer_fields(company)
    missing = [name for name in fields if getattr(company, name) in (None, "")]
    if is_natural_person(company) and company.ie == EXEMPT and "ie" not in missing:
        missing.append("ie")  # the producer's CPF must be linked to a state registration
    if missing:
        return "incompleto", [f"Emitente: preencha {', '.join(missing)}."]
    return "configurado", []


def _certificate_step(state: dict[str, Any]) -> tuple[str, list[str]]:
    status = state["status"]
    if status == "ausente":
        return "nao_configurado", ["Certificado: envie o certificado A1."]
    if status == "ok":
        return "configurado", []
    return "requer_atencao", [f"Certificado: {p}" for p in state["problemas"]]


def _in_force(rule: Any, today: date) -> bool:
    return bool(rule.vigencia_inicio <= today and (rule.vigencia_fim is None
                or today <= rule.vigencia_fim))  # fmt: skip


def _rule_step(company: Company, kind: rules.RuleKind, label: str) -> tuple[str, list[str], int]:
    active = rules.active_rules(company, kind)
    if any(_in_force(r, clock.operation_date(company.uf)) for r in active):
        return "configurado", [], len(active)
    if active:
        return "requer_atencao", [f"{label}: nenhuma regra ativa em vigor hoje."], len(active)
    return "nao_configurado", [f"{label}: cadastre ao menos uma regra."], 0


def _nature_step(company: Company) -> tuple[str, list[str], int]:
    active = [n for n in rules.list_natures(company) if n.ativo]
    if active:
        return "configurado", [], len(active)
    return "nao_configurado", ["Natureza: cadastre ao menos uma natureza de operação."], 0


def empty() -> dict[str, Any]:
    """The overview of an account without any company: 0% with an issuer pendency."""
    etapas = {
        key: {"ordem": i, "rotulo": label, "status": "nao_configurado", "obrigatoria": req}
        for i, (key, label, req) in enumerate(STEPS, start=1)
    }
    return {
        "empresa": None, "configuracao_fiscal_percentual": 0, "pronta_para_emitir": False,
        "pronta_para_emitir_modelos": readiness.not_ready(), "etapas": etapas,
        "pendencias": ["Emitente: cadastre o emitente."], "emitente": None,
        "certificado": certificate.status(None),
        "totais": {"naturezas": 0, "regras_tributacao": 0, "regras_iva": 0},
    }  # fmt: skip


def build(company: Company) -> dict[str, Any]:
    cert = certificate.status(company)
    results = {
        "emitente": (*_issuer_step(company), 0),
        "certificado": (*_certificate_step(cert), 0),
        "natureza": _nature_step(company),
        "tributacao": _rule_step(company, rules.TAX, "Tributação"),
        "iva": _rule_step(company, rules.IVA, "IBS/CBS"),
    }
    etapas, pendencias, done = {}, [], 0
    for i, (key, label, required) in enumerate(STEPS, start=1):
        status, problems, _count = results[key]
        etapas[key] = {"ordem": i, "rotulo": label, "status": status, "obrigatoria": required}
        pendencias.extend(problems if required else [])
        done += 25 if required and status == "configurado" else 0
    cert_usable = cert["status"] in ("ok", "vence_em_breve")
    ready = cert_usable and all(
        etapas[k]["status"] == "configurado" for k, _l, req in STEPS if req and k != "certificado"
    )
    by_model, model_pendencies = readiness.by_model(company, ready)
    pendencias.extend(model_pendencies)
    return {
        "empresa": company.codigo, "configuracao_fiscal_percentual": done,
        "pronta_para_emitir": ready, "pronta_para_emitir_modelos": by_model,
        "etapas": etapas, "pendencias": pendencias,
        "emitente": issuer.render(company), "certificado": cert,
        "totais": {"naturezas": results["natureza"][2], "regras_tributacao": results[
            "tributacao"][2], "regras_iva": results["iva"][2]},
    }  # fmt: skip


def automatic_answer(outcome: Any, company: Company) -> dict[str, Any]:
    """The answer of an automatic configuration (an `automatic.Outcome`) with the overview's
    percentage and readiness after it; shared by the issuer and rural producer routes."""
    state = build(company)
    return {
        "crt": outcome.crt,
        "regime": outcome.regime,
        "criados": outcome.criados,
        "atualizados": outcome.atualizados,
        "regras_automaticas_desativadas": outcome.desativadas,
        "avisos": outcome.avisos,
        "configuracao_fiscal_percentual": state["configuracao_fiscal_percentual"],
        "pronta_para_emitir": state["pronta_para_emitir"],
    }
