"""The three layers in one resolution: between rules equally specific, the company's own rule
beats the platform's, the platform's beats the company's `[Auto]` default, and that the global
pack's; explain names each rule's layer and why the loser lost."""

from __future__ import annotations

from engine import RuleSet, compute
from engine.defaults import AUTO_PRIORITY, AUTO_TAG
from engine.rules import RuleOrigin
from tests.unit.engine.engine_factories import make_ctx, make_rule

RESULT = {"cfop": "5102", "cst_icms": "00", "aliq_icms": "18.00"}


def _rule(rule_id: str, origem: RuleOrigin, aliq: str, **kw):
    return make_rule(rule_id, criterios={"crt": "3"}, resultado={**RESULT, "aliq_icms": aliq},
                     origem=origem, **kw)  # fmt: skip


def _layers(*present: str) -> RuleSet:
    made = {
        "global": _rule("g", RuleOrigin.GLOBAL, "17.00", pacote="nacional", revisao_pacote="1"),
        "auto": _rule("a", RuleOrigin.EMPRESA, "16.00", tags=(AUTO_TAG,),
                      prioridade=AUTO_PRIORITY),
        "plataforma": _rule("p", RuleOrigin.PLATAFORMA, "15.00", pacote="contabil",
                            revisao_pacote="2026.1"),
        "own": _rule("o", RuleOrigin.EMPRESA, "14.00"),
    }  # fmt: skip
    glob = RuleSet([made["global"]] if "global" in present else [])
    platform = RuleSet([made["plataforma"]] if "plataforma" in present else [], base=glob)
    company = [made[k] for k in ("auto", "own") if k in present]
    return RuleSet(company, base=platform)


def _decided(rules: RuleSet) -> tuple[str, str, list[tuple[str, str, str]]]:
    result = compute(make_ctx(), rules, explain=True)
    step = next(d for d in result.decisions or () if d.tipo_regra == "TRIBUTACAO")
    losers = [(c.regra_id, c.camada or "", c.motivo) for c in step.concorrentes]
    return step.regra_id or "", step.camada or "", losers


def test_the_company_own_rule_beats_every_other_layer():
    winner, layer, losers = _decided(_layers("global", "auto", "plataforma", "own"))
    assert (winner, layer) == ("o", "empresa")
    assert [(r, c) for r, c, _ in losers] == [("p", "plataforma"), ("a", "empresa"),
                                              ("g", "global")]  # fmt: skip
    assert losers[0][2] == "regra própria da empresa prevalece sobre regra da plataforma"


def test_the_platform_beats_the_auto_default_and_the_global_pack():
    winner, layer, losers = _decided(_layers("global", "auto", "plataforma"))
    assert (winner, layer) == ("p", "plataforma")
    assert losers[0] == ("a", "empresa", "regra da plataforma prevalece sobre regra [Auto] da "
                         "empresa")  # fmt: skip


def test_the_auto_default_beats_the_global_pack():
    winner, _layer, losers = _decided(_layers("global", "auto"))
    assert winner == "a" and losers[0][2] == "regra [Auto] da empresa prevalece sobre regra global"


def test_rules_used_name_layer_and_origin():
    result = compute(make_ctx(), _layers("global", "plataforma")).to_dict()
    (used,) = [u for u in result["rules_used"] if u["rule_id"] == "p"]
    assert (used["camada"], used["origem"], used["pacote"]) == ("plataforma", "pacote", "contabil")
    api = compute(make_ctx(), _layers("own")).to_dict()["rules_used"][0]
    assert (api["camada"], api["origem"]) == ("empresa", "api")
