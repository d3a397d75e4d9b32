from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.candidate_rule_tipo import CandidateRuleTipo
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.candidate_rule_condicao_type_0 import CandidateRuleCondicaoType0
  from ..models.candidate_rule_criterios import CandidateRuleCriterios
  from ..models.candidate_rule_resultado import CandidateRuleResultado





T = TypeVar("T", bound="CandidateRule")



@_attrs_define
class CandidateRule:
    """ 
        Attributes:
            criterios (CandidateRuleCriterios):
            fonte (str):
            id (str):
            resultado (CandidateRuleResultado):
            tipo (CandidateRuleTipo):
            versao (str):
            vigencia_inicio (str):
            condicao (CandidateRuleCondicaoType0 | None | Unset):
            confianca (str | Unset):  Default: '1'.
            descricao (str | Unset):
            prioridade (int | Unset):
            tags (list[str] | Unset):
            vigencia_fim (None | str | Unset):
     """

    criterios: CandidateRuleCriterios
    fonte: str
    id: str
    resultado: CandidateRuleResultado
    tipo: CandidateRuleTipo
    versao: str
    vigencia_inicio: str
    condicao: CandidateRuleCondicaoType0 | None | Unset = UNSET
    confianca: str | Unset = '1'
    descricao: str | Unset = UNSET
    prioridade: int | Unset = UNSET
    tags: list[str] | Unset = UNSET
    vigencia_fim: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.candidate_rule_condicao_type_0 import CandidateRuleCondicaoType0 # noqa: PLC0415
        from ..models.candidate_rule_criterios import CandidateRuleCriterios # noqa: PLC0415
        from ..models.candidate_rule_resultado import CandidateRuleResultado # noqa: PLC0415
        criterios = self.criterios.to_dict()

        fonte = self.fonte

        id = self.id

        resultado = self.resultado.to_dict()

        tipo = self.tipo.value

        versao = self.versao

        vigencia_inicio = self.vigencia_inicio

        condicao: dict[str, Any] | None | Unset
        if isinstance(self.condicao, Unset):
            condicao = UNSET
        elif isinstance(self.condicao, CandidateRuleCondicaoType0):
            condicao = self.condicao.to_dict()
        else:
            condicao = self.condicao

        confianca = self.confianca

        descricao = self.descricao

        prioridade = self.prioridade

        tags: list[str] | Unset = UNSET
        if not isinstance(self.tags, Unset):
            tags = self.tags



        vigencia_fim: None | str | Unset
        if isinstance(self.vigencia_fim, Unset):
            vigencia_fim = UNSET
        else:
            vigencia_fim = self.vigencia_fim


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "criterios": criterios,
            "fonte": fonte,
            "id": id,
            "resultado": resultado,
            "tipo": tipo,
            "versao": versao,
            "vigencia_inicio": vigencia_inicio,
        })
        if condicao is not UNSET:
            field_dict["condicao"] = condicao
        if confianca is not UNSET:
            field_dict["confianca"] = confianca
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if tags is not UNSET:
            field_dict["tags"] = tags
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.candidate_rule_condicao_type_0 import CandidateRuleCondicaoType0 # noqa: PLC0415
        from ..models.candidate_rule_criterios import CandidateRuleCriterios # noqa: PLC0415
        from ..models.candidate_rule_resultado import CandidateRuleResultado # noqa: PLC0415
        d = dict(src_dict)
        criterios = CandidateRuleCriterios.from_dict(d.pop("criterios"))




        fonte = d.pop("fonte")

        id = d.pop("id")

        resultado = CandidateRuleResultado.from_dict(d.pop("resultado"))




        tipo = CandidateRuleTipo(d.pop("tipo"))




        versao = d.pop("versao")

        vigencia_inicio = d.pop("vigencia_inicio")

        def _parse_condicao(data: object) -> CandidateRuleCondicaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                condicao_type_0 = CandidateRuleCondicaoType0.from_dict(data)



                return condicao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CandidateRuleCondicaoType0 | None | Unset, data)

        condicao = _parse_condicao(d.pop("condicao", UNSET))


        confianca = d.pop("confianca", UNSET)

        descricao = d.pop("descricao", UNSET)

        prioridade = d.pop("prioridade", UNSET)

        tags = cast(list[str], d.pop("tags", UNSET))


        def _parse_vigencia_fim(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        vigencia_fim = _parse_vigencia_fim(d.pop("vigencia_fim", UNSET))


        candidate_rule = cls(
            criterios=criterios,
            fonte=fonte,
            id=id,
            resultado=resultado,
            tipo=tipo,
            versao=versao,
            vigencia_inicio=vigencia_inicio,
            condicao=condicao,
            confianca=confianca,
            descricao=descricao,
            prioridade=prioridade,
            tags=tags,
            vigencia_fim=vigencia_fim,
        )

        return candidate_rule

