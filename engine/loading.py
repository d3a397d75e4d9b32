"""Building engine values from plain data (YAML packs, pack test cases, the service layer)."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from decimal import Decimal, InvalidOperation
from typing import Any

from engine.context import (
    Company,
    Counterpart,
    DocumentType,
    IcmsComplement,
    IcmsStComplement,
    Importation,
    Item,
    Overrides,
    PersonType,
    RetainedSt,
    TaxContext,
    Transport,
)
from engine.defaults import DEFAULT_PRIORITY
from engine.errors import ContextError, InvalidRuleError, UnsupportedDocumentError
from engine.rules import Rule, RuleOrigin, RuleType


def to_date(raw: Any, field: str) -> date:
    """Dates arrive as `date` (YAML) or ISO text (JSON)."""
    if isinstance(raw, date):
        return raw
    try:
        return date.fromisoformat(str(raw))
    except ValueError as exc:
        raise ContextError(field, f"data inválida: {raw!r}") from exc


def to_decimal(raw: Any, field: str) -> Decimal:
    """Money and quantities as Decimal; floats are refused (nothing fiscal is a float)."""
    if isinstance(raw, float | bool):
        raise ContextError(field, "use texto decimal, não número de ponto flutuante")
    try:
        return Decimal(str(raw))
    except InvalidOperation as exc:
        raise ContextError(field, f"decimal inválido: {raw!r}") from exc


def _opt_dec(data: Mapping[str, Any], key: str, field: str) -> Decimal | None:
    raw = data.get(key)
    return None if raw is None else to_decimal(raw, field)


def _opt_str(data: Mapping[str, Any], key: str) -> str | None:
    raw = data.get(key)
    return None if raw is None else str(raw)


def rule_from_dict(
    data: Mapping[str, Any],
    origem: RuleOrigin = RuleOrigin.GLOBAL,
    pacote: str | None = None,
    revisao: str | None = None,
) -> Rule:
    """A Rule from its plain form (pack YAML or a converted company rule)."""
    rule_id = str(data.get("id", "?"))
    try:
        return Rule(
            id=rule_id, tipo=RuleType(data["tipo"]), resultado=dict(data.get("resultado") or {}),
            vigencia_inicio=to_date(data["vigencia_inicio"], "vigencia_inicio"),
            vigencia_fim=_opt_date(data.get("vigencia_fim")), versao=str(data["versao"]),
            fonte=str(data["fonte"]), criterios=dict(data.get("criterios") or {}),
            condicao=data.get("condicao"), prioridade=int(data.get("prioridade", DEFAULT_PRIORITY)),
            confianca=to_decimal(data.get("confianca", "1"), "confianca"), origem=origem,
            tags=tuple(data.get("tags") or ()), descricao=_opt_str(data, "descricao"),
            pacote=pacote, revisao_pacote=revisao,
        )  # fmt: skip
    except (KeyError, ValueError, ContextError) as exc:
        raise InvalidRuleError(rule_id, f"campo inválido ou ausente: {exc}") from exc


def rule_to_dict(rule: Rule) -> dict[str, Any]:
    """A rule in its pack form (the inverse of `rule_from_dict`): what a rule file holds and
    what a published revision stores. Dates ISO, confidence as decimal text, optional parts
    only when set; the layer and the pack are the file's, not the rule's."""
    data: dict[str, Any] = {"id": rule.id, "tipo": rule.tipo.value}
    if rule.descricao:
        data["descricao"] = rule.descricao
    data["criterios"] = dict(rule.criterios)
    if rule.condicao is not None:
        data["condicao"] = rule.condicao
    data.update(
        resultado=dict(rule.resultado), vigencia_inicio=rule.vigencia_inicio.isoformat(),
        vigencia_fim=rule.vigencia_fim.isoformat() if rule.vigencia_fim else None,
        versao=rule.versao, fonte=rule.fonte, confianca=str(rule.confianca),
    )  # fmt: skip
    if rule.prioridade != DEFAULT_PRIORITY:
        data["prioridade"] = rule.prioridade
    if rule.tags:
        data["tags"] = list(rule.tags)
    return data


def rule_from_snapshot(data: Mapping[str, Any]) -> Rule:
    """A rule as a snapshot stored it (`jsonable(rule)`: its layer and pack included)."""
    return rule_from_dict(
        data, RuleOrigin(data.get("origem", RuleOrigin.GLOBAL.value)), data.get("pacote"),
        data.get("revisao_pacote"),
    )  # fmt: skip


def _opt_date(raw: Any) -> date | None:
    return None if raw is None else to_date(raw, "vigencia_fim")


def context_from_dict(data: Mapping[str, Any]) -> TaxContext:
    """A TaxContext from its plain form (the shape `snapshot` writes)."""
    try:
        documento = DocumentType(data["documento"])
    except ValueError as exc:
        raise UnsupportedDocumentError(str(data["documento"])) from exc
    return TaxContext(
        documento=documento,
        data_operacao=to_date(data["data_operacao"], "data_operacao"),
        empresa=_company(data["empresa"]),
        itens=tuple(_item(i) for i in data.get("itens") or ()),
        contraparte=_counterpart(data.get("contraparte") or {}),
        transporte=_transport(data.get("transporte")),
        natureza_id=_opt_str(data, "natureza_id"),
        overrides=_overrides(data.get("overrides")),
    )


def _company(d: Mapping[str, Any]) -> Company:
    return Company(
        crt=int(d["crt"]), uf=str(d["uf"]), cod_municipio=_opt_str(d, "cod_municipio"),
        regime=_opt_str(d, "regime"), cnae=_opt_str(d, "cnae"), contexto=_opt_str(d, "contexto"),
        contribuinte_ibs_cbs=d.get("contribuinte_ibs_cbs"),
    )  # fmt: skip


def _counterpart(d: Mapping[str, Any]) -> Counterpart:
    tipo = d.get("tipo")
    return Counterpart(
        uf=_opt_str(d, "uf"), cod_municipio=_opt_str(d, "cod_municipio"),
        tipo=PersonType(tipo) if tipo else None, contribuinte=d.get("contribuinte"),
        consumidor_final=d.get("consumidor_final"), simples_nacional=d.get("simples_nacional"),
        tipo_estabelecimento=_opt_str(d, "tipo_estabelecimento"),
    )  # fmt: skip


def _item(d: Mapping[str, Any]) -> Item:
    n = int(d["numero"])
    f = f"itens[{n}]"
    return Item(
        numero=n, quantidade=to_decimal(d.get("quantidade", "1"), f"{f}.quantidade"),
        valor_unitario=to_decimal(d["valor_unitario"], f"{f}.valor_unitario"),
        desconto=to_decimal(d.get("desconto", "0"), f"{f}.desconto"),
        frete=to_decimal(d.get("frete", "0"), f"{f}.frete"),
        seguro=to_decimal(d.get("seguro", "0"), f"{f}.seguro"),
        outras_despesas=to_decimal(d.get("outras_despesas", "0"), f"{f}.outras_despesas"),
        produto_id=_opt_str(d, "produto_id"), ncm=_opt_str(d, "ncm"), cest=_opt_str(d, "cest"),
        origem=_opt_str(d, "origem"), categoria=_opt_str(d, "categoria"), nbs=_opt_str(d, "nbs"),
        c_trib_nac=_opt_str(d, "c_trib_nac"), lc116=_opt_str(d, "lc116"),
        aliquota_iss=_opt_dec(d, "aliquota_iss", f"{f}.aliquota_iss"),
        iss_retido=d.get("iss_retido"), municipio_incidencia=_opt_str(d, "municipio_incidencia"),
        cod_municipio_prestacao=_opt_str(d, "cod_municipio_prestacao"),
        enquadramentos=frozenset(d.get("enquadramentos") or ()),
        st_retido=_retained(d.get("st_retido"), f"{f}.st_retido"),
        complemento_icms=_complement(d.get("complemento_icms"), f"{f}.complemento_icms"),
        importacao=_importation(d.get("importacao"), f"{f}.importacao"),
    )  # fmt: skip


def _importation(d: Mapping[str, Any] | None, f: str) -> Importation | None:
    """An imported line's customs values (II group and the DI's AFRMM), as declared."""
    if d is None:
        return None
    return Importation(
        valor_aduaneiro=to_decimal(d["valor_aduaneiro"], f"{f}.valor_aduaneiro"),
        **{name: to_decimal(d.get(name, "0"), f"{f}.{name}") for name in IMPORT_AMOUNTS},
    )


IMPORT_AMOUNTS = ("valor_ii", "valor_iof", "despesas_aduaneiras", "valor_afrmm")


def _complement(d: Mapping[str, Any] | None, f: str) -> IcmsComplement | IcmsStComplement | None:
    """A complement of ICMS (`base`) or of ICMS-ST (`base_st`): its base and, when declared,
    the rate of the difference."""
    if d is None:
        return None
    if "base_st" in d:
        return IcmsStComplement(
            base_st=to_decimal(d["base_st"], f"{f}.base_st"),
            aliquota_st=_opt_dec(d, "aliquota_st", f"{f}.aliquota_st"),
        )
    return IcmsComplement(
        base=to_decimal(d["base"], f"{f}.base"),
        aliquota=_opt_dec(d, "aliquota", f"{f}.aliquota"),
    )


def _retained(d: Mapping[str, Any] | None, f: str) -> RetainedSt | None:
    """ICMS-ST withheld earlier (CST 60 / CSOSN 500): base, aliquota, valor, valor_substituto."""
    if d is None:
        return None
    return RetainedSt(
        base=to_decimal(d["base"], f"{f}.base"),
        aliquota=to_decimal(d["aliquota"], f"{f}.aliquota"),
        valor=to_decimal(d["valor"], f"{f}.valor"),
        valor_substituto=_opt_dec(d, "valor_substituto", f"{f}.valor_substituto"),
        aliquota_fcp=_opt_dec(d, "aliquota_fcp", f"{f}.aliquota_fcp"),
        valor_fcp=_opt_dec(d, "valor_fcp", f"{f}.valor_fcp"),
    )


def _transport(d: Mapping[str, Any] | None) -> Transport | None:
    if d is None:
        return None
    return Transport(
        uf_inicio=str(d["uf_inicio"]), uf_fim=str(d["uf_fim"]),
        cod_municipio_inicio=_opt_str(d, "cod_municipio_inicio"),
        cod_municipio_fim=_opt_str(d, "cod_municipio_fim"),
        tipo_estabelecimento_tomador=_opt_str(d, "tipo_estabelecimento_tomador"),
        cfop=_opt_str(d, "cfop"),
    )  # fmt: skip


def _overrides(d: Mapping[str, Any] | None) -> Overrides | None:
    if d is None:
        return None
    return Overrides(
        override_motivo=str(d.get("override_motivo") or ""),
        aliquota_iss=_opt_dec(d, "aliquota_iss", "overrides.aliquota_iss"),
        iss_retido=d.get("iss_retido"),
    )
