"""The engine's speed-ups give the answers of the plain paths they replace.

Memoized resolution (per call, on the facts a rule type reads) against resolving every item
from scratch; the one-pass `winner` against `matching` + `pick`; the bucket index against
checking every rule; cross-call caches on compiled rules; `fast_init` result objects; the
generated serializers and the two snapshot encoders.
"""

from __future__ import annotations

import dataclasses
import json
import pickle
import random
import subprocess
import sys
from datetime import date, timedelta
from decimal import Decimal as D
from pathlib import Path
from typing import Any

import pytest
from engine_factories import company_rule, make_ctx, make_rule

from engine import (
    Company,
    Counterpart,
    DocumentType,
    Item,
    RuleConflictError,
    RuleSet,
    RuleType,
    TaxContext,
    compute,
    snapshot,
)  # fmt: skip
from engine.conditions import compile_condition
from engine.facts import document_facts, item_facts, jsonable_facts
from engine.resolve import Resolution, matching, pick, resolve, winner
from engine.result import (
    IbsCbsGroup,
    IbsCbsPart,
    IcmsGroup,
    IssGroup,
    ItemTaxes,
    PisCofinsGroup,
    RuleMatch,
    Withholding,
    tax_lines,
)
from engine.rules import Rule, RuleOrigin, criteria_match
from engine.run import Run
from engine.serialize import jsonable
from engine.snapshot import _ENCODER, _encode
from engine.values import evolve, fast_init

DAY = date(2026, 5, 10)
PRODUCTS = [f"P{i}" for i in range(6)]
NCMS = ["84713012", "84713019", "22030000", "10063021"]
T = RuleType.TRIBUTACAO
RESULT = {"cfop": "5102", "cst_icms": "00", "aliq_icms": "18", "cst_pis": "07", "cst_cofins": "07"}


def random_rule(rng: random.Random, n: int) -> Rule:
    """A TRIBUTACAO rule with random criteria, condition, validity, origin and priority."""
    crit: dict[str, Any] = {}
    if rng.random() < 0.5:
        crit["produto_id"] = rng.choice(PRODUCTS)
    if rng.random() < 0.4:
        crit["ncm_prefixo"] = rng.choice(NCMS)[: rng.choice([2, 4, 8])]
    if rng.random() < 0.2:
        crit["ncm_in"] = rng.sample(NCMS, 2)
    if rng.random() < 0.5:
        crit["crt"] = rng.choice(["1", "3"])
    if rng.random() < 0.3:
        crit["uf_destino_in"] = rng.sample(["SP", "MG", "BA"], 2)
    if rng.random() < 0.2:
        crit["origem_in"] = ["0", "1"]
    condition = {"==": [{"var": "categoria"}, "A"]} if rng.random() < 0.2 else None
    start = DAY + timedelta(days=rng.choice([-100, -1, 0, 1]))
    end = rng.choice([None, DAY - timedelta(days=1), DAY, DAY + timedelta(days=30)])
    if end is not None and end < start:
        end = start
    origin = rng.choice([RuleOrigin.EMPRESA, RuleOrigin.GLOBAL])
    return Rule(
        id=f"r{n}", tipo=T, versao="1", fonte="teste", resultado=RESULT, criterios=crit,
        condicao=condition, vigencia_inicio=start, vigencia_fim=end, origem=origin,
        prioridade=rng.choice([10, 100, 100 + n]),
        tags=("[Auto]",) if origin is RuleOrigin.EMPRESA and rng.random() < 0.3 else (),
    )  # fmt: skip


def random_items(rng: random.Random, count: int) -> tuple[Item, ...]:
    """Few distinct shapes, so that many items share one memoized resolution."""
    return tuple(
        Item(n, D("1"), D(rng.randrange(1, 9999)) / 100, produto_id=rng.choice(PRODUCTS),
             ncm=rng.choice(NCMS), origem=rng.choice(["0", "1"]),
             categoria=rng.choice(["A", "B", None]))
        for n in range(1, count + 1)
    )  # fmt: skip


def outcome(fn: Any) -> tuple[str, Any]:
    """A resolution's winner id, or the conflict it raised (type, ids in order, item)."""
    try:
        res: Resolution = fn()
    except RuleConflictError as exc:
        return ("conflito", (exc.tipo, exc.rule_ids, exc.item))
    return ("regra", res.winner.identity if res.winner else None)


@pytest.mark.parametrize("seed", range(40))
def test_memoized_resolution_equals_resolving_each_item(seed: int) -> None:
    rng = random.Random(seed)
    rules = RuleSet([random_rule(rng, n) for n in range(rng.choice([3, 12, 40]))])
    ctx = make_ctx(itens=random_items(rng, 60), contraparte=Counterpart(uf="MG"))
    base = document_facts(ctx)
    for explain in (False, True):
        run = Run(ctx, rules, explain)
        for it in ctx.itens:
            facts = item_facts(base, it)
            memoized = outcome(lambda r=run, f=facts, n=it.numero: r.resolve(T, f, n))
            live, expired = matching(rules, T, facts, DAY, explain=True)
            fresh = outcome(lambda lv=live, ex=expired, n=it.numero: pick(T, lv, ex, item=n))
            if memoized[0] == "conflito" or fresh[0] == "conflito":
                # a memoized conflict is raised again for every item of the same shape
                assert memoized[0] == fresh[0] == "conflito"
                assert memoized[1][:2] == fresh[1][:2]
            else:
                assert memoized == fresh


@pytest.mark.parametrize("seed", range(40))
def test_one_pass_winner_equals_matching_and_pick(seed: int) -> None:
    rng = random.Random(1000 + seed)
    rules = RuleSet([random_rule(rng, n) for n in range(rng.choice([2, 8, 30]))])
    base = document_facts(make_ctx(contraparte=Counterpart(uf=rng.choice(["SP", "MG"]))))
    for it in random_items(rng, 20):
        facts = item_facts(base, it)
        live, _ = matching(rules, T, facts, DAY)
        assert outcome(lambda f=facts: winner(rules, T, f, DAY, 7)) == outcome(
            lambda lv=live: pick(T, lv, item=7)
        )
        plain = outcome(lambda f=facts: resolve(rules, T, f, DAY, item=7))
        explained = outcome(lambda f=facts: resolve(rules, T, f, DAY, explain=True, item=7))
        assert plain == explained


@pytest.mark.parametrize("seed", range(20))
def test_index_finds_exactly_the_rules_whose_criteria_hold(seed: int) -> None:
    rng = random.Random(2000 + seed)
    rules = [random_rule(rng, n) for n in range(30)]
    ruleset = RuleSet(rules)
    base = document_facts(make_ctx(contraparte=Counterpart(uf="BA")))
    for it in random_items(rng, 15):
        facts = item_facts(base, it)
        found = {cr.identity for cr in ruleset.candidates(T, facts) if cr.criteria_hold(facts)}
        every = {
            (cr.rule.id, cr.rule.versao)
            for cr in (ruleset._index[T].unindexed + [c for b in ruleset._index[T].buckets.values()
                                                        for lst in b.values() for c in lst])
            if criteria_match(cr.criteria, facts)
        }  # fmt: skip
        assert found == every


def test_shared_shape_respects_validity_on_each_date() -> None:
    """Items of one shape share a resolution within a call; another date is another call."""
    old = company_rule("old", criterios={"crt": "3"}, resultado={**RESULT, "aliq_icms": "17"},
                       vigencia_fim=date(2026, 3, 31))  # fmt: skip
    new = company_rule("new", criterios={"crt": "3"}, resultado=RESULT,
                       vigencia_inicio=date(2026, 4, 1))  # fmt: skip
    rules = RuleSet([old, new])
    items = tuple(Item(n, D("1"), D("100"), produto_id="P1", origem="0") for n in (1, 2, 3))
    for day, rule_id, rate in ((date(2026, 3, 31), "old", "17"), (date(2026, 4, 1), "new", "18")):
        result = compute(make_ctx(itens=items, data_operacao=day), rules)
        assert [i.regra_tributaria_id for i in result.itens] == [rule_id] * 3
        assert {i.icms.pICMS for i in result.itens if i.icms} == {D(rate)}
        assert [u.rule_id for u in result.rules_used] == [rule_id]


def test_items_differing_only_in_unread_facts_share_one_resolution() -> None:
    rules = RuleSet([company_rule("by-ncm", criterios={"ncm_prefixo": "8471"}, resultado=RESULT)])
    ctx = make_ctx(itens=(Item(1, D("1"), D("10"), ncm="84713012", cest="1"),
                          Item(2, D("1"), D("20"), ncm="84713012", cest="2")))  # fmt: skip
    run = Run(ctx, rules, False)
    base = document_facts(ctx)
    first, second = (run.resolve(T, item_facts(base, it), it.numero) for it in ctx.itens)
    assert first is second and first.winner is not None


def test_conflict_is_raised_for_the_first_item_of_the_shape() -> None:
    a = company_rule("a", criterios={"ncm": "22030000"}, resultado=RESULT)
    b = company_rule("b", criterios={"ncm_in": ["22030000", "84713012"]}, resultado=RESULT)
    items = (Item(1, D("1"), D("10"), ncm="84713012", produto_id="P9", origem="0"),
             Item(2, D("1"), D("10"), ncm="22030000", produto_id="P9", origem="0"))  # fmt: skip
    with pytest.raises(RuleConflictError) as exc:
        compute(make_ctx(itens=items), RuleSet([a, b]))
    assert exc.value.item == 2 and set(exc.value.rule_ids) == {"a", "b"}


def test_text_only_membership_is_indexed_and_other_values_are_checked_on_every_lookup() -> None:
    text = make_rule("text", criterios={"uf_destino_in": ["BA", "PE"]}, resultado=RESULT)
    odd = make_rule("odd", criterios={"uf_destino_in": [True]}, resultado=RESULT)
    ruleset = RuleSet([text, odd])
    index = ruleset._index[T]
    assert [cr.rule.id for cr in index.unindexed] == ["odd"]
    assert {k for b in index.buckets.values() for k in b} == {"BA", "PE"}
    assert resolve(ruleset, T, {"uf_destino": "BA"}, DAY).rule is text
    assert resolve(ruleset, T, {"uf_destino": "SP"}, DAY).rule is None


def test_prefix_index_probes_the_lengths_rules_use() -> None:
    rules = [make_rule(f"p{n}", criterios={"ncm_prefixo": "84713012"[:n]}, resultado=RESULT,
                       prioridade=n) for n in (2, 4, 8)]  # fmt: skip
    ruleset = RuleSet(rules)
    assert [cr.rule.id for cr in ruleset.candidates(T, {"ncm": "84713012"})] == ["p2", "p4", "p8"]
    assert [cr.rule.id for cr in ruleset.candidates(T, {"ncm": "8471"})] == ["p2", "p4"]
    assert resolve(ruleset, T, {"ncm": "84719999"}, DAY).rule is rules[1]


def test_a_ruleset_reused_across_calls_gives_the_same_result() -> None:
    """Parsed results, rule matches and usages are kept on the compiled rules between calls."""
    rng = random.Random(5)
    rules = RuleSet([company_rule(f"p{p}", criterios={"produto_id": p},
                                  resultado={**RESULT, "aliq_icms": str(10 + i)})
                     for i, p in enumerate(PRODUCTS)])  # fmt: skip
    ctx = make_ctx(itens=random_items(rng, 30))
    first = compute(ctx, rules, explain=True)
    again = compute(ctx, rules, explain=True)
    assert first.to_dict() == again.to_dict()
    assert snapshot(ctx, first) == snapshot(ctx, again)
    fresh = compute(ctx, RuleSet(rules.rules), explain=True)
    assert fresh.to_dict() == first.to_dict()


EXPLAIN_SCRIPT = """
import json, sys
sys.path[:0] = [{root!r}, {here!r}]
from test_engine_fast_paths import explained_losers
print(json.dumps(explained_losers()))
"""


def explained_losers() -> list[list[str]]:
    """The losers of an explained resolution with many rules of equal reason."""
    old = {"vigencia_inicio": date(2024, 1, 1), "vigencia_fim": date(2025, 1, 1)}
    rules = [
        make_rule(
            f"x{n}",
            criterios={"crt": "3", "ncm_prefixo": "8471"[: 2 + n % 3]},
            resultado=RESULT,
            **old,
        )
        for n in range(12)
    ]
    rules += [
        make_rule(
            f"u{n}", criterios={"uf_destino": "SP", "produto_id": f"P{n}"}, resultado=RESULT, **old
        )
        for n in range(12)
    ]
    rules.append(make_rule("win", criterios={"crt": "3"}, resultado=RESULT))  # fmt: skip
    facts = {"crt": "3", "ncm": "84713012", "uf_destino": "SP", "produto_id": "P3"}
    res = resolve(RuleSet(rules), T, facts, DAY, explain=True)
    return [[c.regra_id, c.motivo] for c in res.losers]


def test_explain_trace_is_the_same_in_every_process() -> None:
    """Candidates come in a fixed order: no set iteration decides the order of losers."""
    here, root = str(Path(__file__).parent), str(Path(__file__).parents[3])
    script = EXPLAIN_SCRIPT.format(root=root, here=here)
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script],
            capture_output=True,
            text=True,
            check=True,
            env={"PYTHONHASHSEED": str(seed)},
        ).stdout
        for seed in (1, 2, 3)
    }
    assert len(outputs) == 1
    assert len(json.loads(outputs.pop())) == 13


def test_fast_init_objects_stay_frozen_dataclasses() -> None:
    a = IcmsGroup(grupo="ICMS00", orig="0", CST="00", vBC=D("10.00"), pICMS=D("18"))
    assert not hasattr(a, "__dict__")  # slots: the fields live in the object
    assert pickle.loads(pickle.dumps(a)) == a
    b = IcmsGroup("ICMS00", "0", "00", vBC=D("10.00"), pICMS=D("18"))
    assert a == b and hash(a) == hash(b) and a.CSOSN is None and a.vICMS is None
    assert repr(a).startswith("IcmsGroup(grupo='ICMS00', orig='0', CST='00', CSOSN=None")
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.vBC = D("1")  # type: ignore[misc]
    changed = dataclasses.replace(a, vICMS=D("1.80"))
    assert changed.vICMS == D("1.80") and changed.vBC == D("10.00") and a.vICMS is None
    assert dataclasses.asdict(changed)["pICMS"] == D("18")
    evolved = evolve(a, vICMS=D("1.80"), CST=None)  # the straight-line replace
    assert evolved == dataclasses.replace(a, vICMS=D("1.80"), CST=None) and a.CST == "00"
    assert evolve(a) == a and evolve(a) is not a
    with pytest.raises(TypeError):
        evolve(a, nada=1)
    with pytest.raises(TypeError):
        IcmsGroup()  # type: ignore[call-arg]
    with pytest.raises(TypeError):
        IcmsGroup(grupo="x", nada=1)  # type: ignore[call-arg]
    match = RuleMatch("r", "TRIBUTACAO", 100, "1", ("crt",))
    assert match.criterios_correspondentes == ("crt",)


def test_fast_init_refuses_what_it_cannot_build() -> None:
    @dataclasses.dataclass
    class Mutable:
        x: int

    @dataclasses.dataclass(frozen=True)
    class WithFactory:
        x: list[int] = dataclasses.field(default_factory=list)

    @dataclasses.dataclass(frozen=True, slots=True)
    class WithPostInit:
        x: int

        def __post_init__(self) -> None:
            pass

    @dataclasses.dataclass(frozen=True)
    class WithoutSlots:
        x: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class SlottedWithFactory:
        x: list[int] = dataclasses.field(default_factory=list)

    for cls in (Mutable, WithFactory, WithPostInit, WithoutSlots, SlottedWithFactory):
        with pytest.raises(TypeError):
            fast_init(cls)


@dataclasses.dataclass(frozen=True)
class Sample:
    texto: str
    valor: D | None = None
    quando: date | None = None
    itens: tuple[Any, ...] = ()
    mapa: dict[Any, Any] | None = None
    conjunto: frozenset[str] = frozenset()
    _interno: str = "x"


def test_generated_serializer_follows_the_documented_rules() -> None:
    value = Sample("a", D("1.50"), date(2026, 1, 2), (RuleType.IVA, 3, True, None),
                   {1: D("2"), "k": [Sample("b")]}, frozenset({"z", "y"}))  # fmt: skip
    assert jsonable(value) == {
        "texto": "a", "valor": "1.50", "quando": "2026-01-02", "itens": ["IVA", 3, True, None],
        "mapa": {"1": "2", "k": [{"texto": "b", "itens": [], "conjunto": []}]},
        "conjunto": ["y", "z"],
    }  # fmt: skip
    # A finite float is a JSON number (the confidence score); what JSON cannot carry is refused.
    assert jsonable(Sample("a", itens=(0.85,)))["itens"] == [0.85]
    for unsupported in (float("nan"), float("inf"), object()):
        with pytest.raises(TypeError):
            jsonable(Sample("a", itens=(unsupported,)))


ADVERSARIAL = ["", "\x00\x1f\x7f", '"\\/', "\u2028\u2029", "ação", "😀\U0010ffff", "\ud7ff\ue000"]


def test_snapshot_encoders_write_the_same_bytes() -> None:
    """orjson (when installed) and the standard encoder agree byte for byte."""
    orjson = pytest.importorskip("orjson")
    chars = [chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF]
    chunks = ["".join(chars[i : i + 4096]) for i in range(0, len(chars), 4096)]
    for data in [*chunks, ADVERSARIAL, {k: i for i, k in enumerate(ADVERSARIAL + chunks[:3])}]:
        assert orjson.dumps(data, option=orjson.OPT_SORT_KEYS) == _ENCODER.encode(data).encode()
    ctx = make_ctx()
    result = compute(ctx, RuleSet([company_rule("trib", criterios={"crt": "3"},
                                                resultado=RESULT)]), explain=True)  # fmt: skip
    payload = json.loads(snapshot(ctx, result)[0])
    assert _encode(payload) == _ENCODER.encode(payload).encode()


def test_what_orjson_refuses_is_encoded_by_the_standard_encoder() -> None:
    for data in ({"n": 2**70}, [-(2**64)], {"a": [[[[]]]]}):
        assert _encode(data) == json.dumps(data, sort_keys=True, separators=(",", ":")).encode()


def test_bench_shaped_document_resolves_each_item_once_per_shape() -> None:
    """990 items of 3 shapes: 3 resolutions of TRIBUTACAO, every item taxed."""
    rules = RuleSet([company_rule(f"p{n}", criterios={"produto_id": f"P{n}", "crt": "3"},
                                  resultado=RESULT) for n in range(3)])  # fmt: skip
    items = tuple(Item(n, D("2"), D("10.05"), produto_id=f"P{n % 3}", origem="0")
                  for n in range(1, 991))  # fmt: skip
    ctx = TaxContext(DocumentType.NFE, DAY, Company(crt=3, uf="SP"), items, Counterpart(uf="SP"))
    run = Run(ctx, rules, False)
    base = document_facts(ctx)
    resolutions = {id(run.resolve(T, item_facts(base, it), it.numero)) for it in items}
    assert len(resolutions) == 3
    result = compute(ctx, rules)
    assert not result.missing and result.totais["vICMS"] == D("3.62") * 990


@pytest.mark.parametrize(
    "logic",
    [
        {"!": {"missing": ["uf_inicio"]}},
        {"==": [{"var": ["uf_inicio", "padrão"]}, "padrão"]},
        {"some": [{"var": "enquadramento"}, {"==": [{"var": ""}, "A"]}]},
        {"and": [{"==": [{"var": "crt"}, "3"]}, {"in": [{"var": "uf_destino"}, ["BA"]]}]},
    ],
)
def test_condition_sees_only_what_it_reads_with_absent_facts_still_absent(
    logic: dict[str, Any],
) -> None:
    condition = compile_condition("r", logic)
    for facts in (
        {"crt": "3", "uf_destino": "BA", "enquadramento": frozenset({"A", "B"})},
        {"crt": "3", "uf_destino": "SP", "uf_inicio": None, "enquadramento": frozenset()},
        {"crt": "1", "uf_inicio": "MG"},
    ):
        everything = condition._compiled.evaluate(jsonable_facts(facts))
        assert condition.holds("r", facts) is everything


def test_per_item_specs_are_not_mixed_up_by_the_rate_cache() -> None:
    """Rural benefits make a new ICMS spec per item; each keeps its own CST with the rate."""
    trib = company_rule("trib", criterios={"crt": "3"}, resultado={**RESULT, "aliq_icms": None})
    benefit = RuleType.RURAL_BENEFICIO
    reduced = company_rule(
        "rural.red",
        benefit,
        criterios={"ncm_prefixo": "1201"},
        resultado={
            "cst_icms": "20",
            "red_bc": "10",
            "fundamento": {"instrumento": "x", "uf": "PR", "tipo_beneficio": "reducao_bc"},
        },
    )
    deferred = company_rule(
        "rural.dif",
        benefit,
        criterios={"ncm_prefixo": "1005"},
        resultado={
            "cst_icms": "51",
            "p_dif": "50",
            "fundamento": {"instrumento": "y", "uf": "PR", "tipo_beneficio": "diferimento"},
        },
    )
    rate = company_rule(
        "pr.interna",
        RuleType.ICMS_ALIQUOTA_INTERNA,
        criterios={"uf_origem": "PR"},
        resultado={"aliquota": "19.5"},
    )
    items = tuple(
        Item(n, D("1"), D("100.00"), ncm="12019000" if n % 2 else "10059010", origem="0")
        for n in range(1, 9)
    )
    ctx = make_ctx(
        empresa=Company(crt=3, uf="PR", contexto="PRODUTOR_RURAL"),
        contraparte=Counterpart(uf="PR"),
        itens=items,
    )
    result = compute(ctx, RuleSet([trib, reduced, deferred, rate]))
    assert not result.missing
    assert [i.icms.CST for i in result.itens if i.icms] == ["20", "51"] * 4
    assert {i.icms.pICMS for i in result.itens if i.icms} == {D("19.5")}


def test_equal_amounts_written_differently_keep_each_rule_s_text() -> None:
    """Two rules whose reductions are equal as numbers ("10" and "10.00") and whose rate comes
    from the same global rule: each item shows its own rule's text (the per-call rate cache
    compares by identity; comparing Decimals by value once handed item 2 the text "10")."""
    result_ = {"cfop": "6102", "cst_icms": "20", "cst_pis": "07", "cst_cofins": "07"}
    a = company_rule("a", criterios={"produto_id": "A"}, resultado={**result_, "red_bc": "10"})
    b = company_rule("b", criterios={"produto_id": "B"}, resultado={**result_, "red_bc": "10.00"})
    rate = make_rule("sp-mg", RuleType.ICMS_ALIQUOTA_INTERESTADUAL,
                     criterios={"uf_origem": "SP"}, resultado={"aliquota": "12.00"})  # fmt: skip
    items = (Item(1, D("1"), D("100"), produto_id="A", origem="0"),
             Item(2, D("1"), D("100"), produto_id="B", origem="0"))  # fmt: skip
    ctx = make_ctx(itens=items, contraparte=Counterpart(uf="MG"))
    result = compute(ctx, RuleSet([a, b], base=RuleSet([rate])))
    groups = [i.icms for i in result.itens]
    assert [str(g.pRedBC) for g in groups if g] == ["10", "10.00"]
    assert [str(g.vBC) for g in groups if g] == ["90.00", "90.00"]


def test_rules_with_the_same_result_share_one_parsed_value_but_not_another_text() -> None:
    same = {**RESULT, "aliq_icms": "12.00"}
    rules = [company_rule(f"p{n}", criterios={"produto_id": f"P{n}"}, resultado=dict(same))
             for n in range(3)]  # fmt: skip
    rules.append(company_rule("p3", criterios={"produto_id": "P3"},
                              resultado={**RESULT, "aliq_icms": "12"}))  # fmt: skip
    ruleset = RuleSet(rules)
    items = tuple(Item(n + 1, D("1"), D("10"), produto_id=f"P{n}", origem="0") for n in range(4))
    result = compute(make_ctx(itens=items), ruleset)
    assert [str(i.icms.pICMS) for i in result.itens if i.icms] == ["12.00"] * 3 + ["12"]
    p0, p1, p3 = (ruleset.candidates(T, {"produto_id": p})[0] for p in ("P0", "P1", "P3"))
    assert p0.derived["goods"] is p1.derived["goods"]
    assert p0.derived["goods"] is not p3.derived["goods"]


def test_compiled_rules_share_equal_parts_only_when_equal_in_type() -> None:
    """Equal criteria, ranks and dates are shared within a set; True and "True" are not."""
    a = make_rule("a", criterios={"produto_id": "1", "crt": "3", "contribuinte": True})
    b = make_rule("b", criterios={"produto_id": "2", "crt": "3", "contribuinte": True})
    c = make_rule("c", criterios={"produto_id": "3", "crt": "3", "contribuinte": "True"})
    ruleset = RuleSet([a, b, c])
    ca, cb, cc = (ruleset.candidates(T, {"produto_id": p})[0] for p in "123")
    assert ca.equalities is cb.equalities and ca.rank is cb.rank and ca.starts is cb.starts
    assert ca.equalities != cc.equalities
    facts = {"produto_id": "1", "crt": "3", "contribuinte": True}
    assert resolve(ruleset, T, facts, DAY).rule is a
    assert resolve(ruleset, T, {**facts, "produto_id": "3"}, DAY).rule is None


def test_a_rule_forcing_review_gives_its_reason_once_per_use() -> None:
    review = {**RESULT, "requer_revisao": True, "motivo": "conferir"}
    flagged = company_rule("flag", criterios={"crt": "3"}, resultado=review)
    items = tuple(Item(n, D("1"), D("10"), origem="0") for n in (1, 2))
    ctx = make_ctx(itens=items)
    run = Run(ctx, RuleSet([flagged]), False)
    base = document_facts(ctx)
    for it in items:
        run.use(run.resolve(T, item_facts(base, it), it.numero), "TRIBUTACAO", it.numero)
    assert run.review_reasons == ["regra flag: conferir"] * 2
    assert compute(ctx, RuleSet([flagged])).requires_review


def test_snapshot_is_the_same_from_the_answer_s_dict_on_later_calls_and_by_hand() -> None:
    """Given `to_dict()` output, on a second call (rules' JSON kept) or for a TaxResult made
    without the compiled rules, the snapshot has the same bytes."""
    rules = RuleSet([company_rule(f"p{p}", criterios={"produto_id": p}, resultado=RESULT)
                     for p in PRODUCTS])  # fmt: skip
    ctx = make_ctx(itens=random_items(random.Random(3), 40))
    result = compute(ctx, rules)
    first = snapshot(ctx, result)
    assert snapshot(ctx, result) == first
    assert snapshot(ctx, result, result.to_dict()) == first
    assert snapshot(ctx, dataclasses.replace(result, _compiled=())) == first
    assert snapshot(ctx, compute(ctx, rules)) == first


def test_tax_lines_list_every_computed_tax_with_the_items_amounts() -> None:
    """`tributos` (spec example): one line per tax of each item, amounts as the items' text,
    a missing base or rate as null; presumed credit is not a line."""
    part = IbsCbsPart(p=D("0.10"), pAliqEfet=D("0.0400"), v=D("0.40"), pRedAliq=D("60"))
    goods = ItemTaxes(
        numero=1, vProd=D("10.00"), vDesc=D("0.00"),
        icms=IcmsGroup(grupo="ICMS00", CST="00", vBC=D("10.00"), pICMS=D("18"), vICMS=D("1.80")),
        pis=PisCofinsGroup(CST="07", v=D("0.00")),
        cofins=PisCofinsGroup(CST="01", v=D("0.76"), vBC=D("10.00"), p=D("7.60")),
        ibs_cbs=IbsCbsGroup(CST="200", cClassTrib="200034", vBC=D("10.00"), gIBSUF=part,
                            vIBS=D("0.40"), pCredPres=D("1"), vCredPresInformativo=D("0.10")),
    )  # fmt: skip
    exempt = ItemTaxes(numero=2, vProd=D("5.00"), vDesc=D("0.00"),
                       icms=IcmsGroup(grupo="ICMS40", CST="40"))  # fmt: skip
    service = ItemTaxes(
        numero=3, vProd=D("1000.00"), vDesc=D("0.00"),
        iss=IssGroup(cTribNac="010101", municipio_incidencia="3550308", vBC=D("1000.00"),
                     pAliq=D("5.00"), vISSQN=D("50.00"), tpRetISSQN="1"),
        retencoes=(Withholding(tributo="CSRF", vBC=D("1000.00"),
                               aliquotas={"PIS": D("0.65"), "COFINS": D("3")},
                               valores={"PIS": D("6.50"), "COFINS": D("30.00")},
                               valor=D("36.50"), retido=True, motivo="x"),),
    )  # fmt: skip
    lines = tax_lines([it.to_dict() for it in (goods, exempt, service)])
    assert [(x["item"], x["tipo"], x["base"], x["aliquota"], x["valor"]) for x in lines] == [
        (1, "ICMS", "10.00", "18", "1.80"),
        (1, "PIS", None, None, "0.00"),
        (1, "COFINS", "10.00", "7.60", "0.76"),
        (1, "IBS_UF", "10.00", "0.0400", "0.40"),
        (3, "ISS", "1000.00", "5.00", "50.00"),
        (3, "RET_PIS", "1000.00", "0.65", "6.50"),
        (3, "RET_COFINS", "1000.00", "3", "30.00"),
    ]
