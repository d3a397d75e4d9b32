from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.base_rule_condicao_type_0 import BaseRuleCondicaoType0
  from ..models.base_rule_criterios import BaseRuleCriterios
  from ..models.base_rule_resultado import BaseRuleResultado





T = TypeVar("T", bound="BaseRule")



@_attrs_define
class BaseRule:
    """ 
        Attributes:
            ativo (bool | Unset):
            camada (str | Unset): global | plataforma | empresa
            condicao (BaseRuleCondicaoType0 | None | Unset):
            confianca (str | Unset):
            config_id (None | str | Unset):
            criterios (BaseRuleCriterios | Unset):
            descricao (None | str | Unset):
            fonte (str | Unset):
            id (str | Unset):
            origem (str | Unset): pacote | api
            pacote (None | str | Unset):
            prioridade (int | Unset):
            referencia (None | str | Unset):
            regra_id (str | Unset):
            resultado (BaseRuleResultado | Unset):
            revisao_pacote (None | str | Unset):
            somente_leitura (bool | Unset):
            tipo (str | Unset):
            versao (str | Unset):
            vigencia_fim (datetime.date | None | Unset):
            vigencia_inicio (datetime.date | Unset):
     """

    ativo: bool | Unset = UNSET
    camada: str | Unset = UNSET
    condicao: BaseRuleCondicaoType0 | None | Unset = UNSET
    confianca: str | Unset = UNSET
    config_id: None | str | Unset = UNSET
    criterios: BaseRuleCriterios | Unset = UNSET
    descricao: None | str | Unset = UNSET
    fonte: str | Unset = UNSET
    id: str | Unset = UNSET
    origem: str | Unset = UNSET
    pacote: None | str | Unset = UNSET
    prioridade: int | Unset = UNSET
    referencia: None | str | Unset = UNSET
    regra_id: str | Unset = UNSET
    resultado: BaseRuleResultado | Unset = UNSET
    revisao_pacote: None | str | Unset = UNSET
    somente_leitura: bool | Unset = UNSET
    tipo: str | Unset = UNSET
    versao: str | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET
    vigencia_inicio: datetime.date | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.base_rule_condicao_type_0 import BaseRuleCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_criterios import BaseRuleCriterios # noqa: PLC0415
        from ..models.base_rule_resultado import BaseRuleResultado # noqa: PLC0415
        ativo = self.ativo

        camada = self.camada

        condicao: dict[str, Any] | None | Unset
        if isinstance(self.condicao, Unset):
            condicao = UNSET
        elif isinstance(self.condicao, BaseRuleCondicaoType0):
            condicao = self.condicao.to_dict()
        else:
            condicao = self.condicao

        confianca = self.confianca

        config_id: None | str | Unset
        if isinstance(self.config_id, Unset):
            config_id = UNSET
        else:
            config_id = self.config_id

        criterios: dict[str, Any] | Unset = UNSET
        if not isinstance(self.criterios, Unset):
            criterios = self.criterios.to_dict()

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        fonte = self.fonte

        id = self.id

        origem = self.origem

        pacote: None | str | Unset
        if isinstance(self.pacote, Unset):
            pacote = UNSET
        else:
            pacote = self.pacote

        prioridade = self.prioridade

        referencia: None | str | Unset
        if isinstance(self.referencia, Unset):
            referencia = UNSET
        else:
            referencia = self.referencia

        regra_id = self.regra_id

        resultado: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resultado, Unset):
            resultado = self.resultado.to_dict()

        revisao_pacote: None | str | Unset
        if isinstance(self.revisao_pacote, Unset):
            revisao_pacote = UNSET
        else:
            revisao_pacote = self.revisao_pacote

        somente_leitura = self.somente_leitura

        tipo = self.tipo

        versao = self.versao

        vigencia_fim: None | str | Unset
        if isinstance(self.vigencia_fim, Unset):
            vigencia_fim = UNSET
        elif isinstance(self.vigencia_fim, datetime.date):
            vigencia_fim = self.vigencia_fim.isoformat()
        else:
            vigencia_fim = self.vigencia_fim

        vigencia_inicio: str | Unset = UNSET
        if not isinstance(self.vigencia_inicio, Unset):
            vigencia_inicio = self.vigencia_inicio.isoformat()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if camada is not UNSET:
            field_dict["camada"] = camada
        if condicao is not UNSET:
            field_dict["condicao"] = condicao
        if confianca is not UNSET:
            field_dict["confianca"] = confianca
        if config_id is not UNSET:
            field_dict["config_id"] = config_id
        if criterios is not UNSET:
            field_dict["criterios"] = criterios
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if fonte is not UNSET:
            field_dict["fonte"] = fonte
        if id is not UNSET:
            field_dict["id"] = id
        if origem is not UNSET:
            field_dict["origem"] = origem
        if pacote is not UNSET:
            field_dict["pacote"] = pacote
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if regra_id is not UNSET:
            field_dict["regra_id"] = regra_id
        if resultado is not UNSET:
            field_dict["resultado"] = resultado
        if revisao_pacote is not UNSET:
            field_dict["revisao_pacote"] = revisao_pacote
        if somente_leitura is not UNSET:
            field_dict["somente_leitura"] = somente_leitura
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if versao is not UNSET:
            field_dict["versao"] = versao
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim
        if vigencia_inicio is not UNSET:
            field_dict["vigencia_inicio"] = vigencia_inicio

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.base_rule_condicao_type_0 import BaseRuleCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_criterios import BaseRuleCriterios # noqa: PLC0415
        from ..models.base_rule_resultado import BaseRuleResultado # noqa: PLC0415
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        camada = d.pop("camada", UNSET)

        def _parse_condicao(data: object) -> BaseRuleCondicaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                condicao_type_0 = BaseRuleCondicaoType0.from_dict(data)



                return condicao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BaseRuleCondicaoType0 | None | Unset, data)

        condicao = _parse_condicao(d.pop("condicao", UNSET))


        confianca = d.pop("confianca", UNSET)

        def _parse_config_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        config_id = _parse_config_id(d.pop("config_id", UNSET))


        _criterios = d.pop("criterios", UNSET)
        criterios: BaseRuleCriterios | Unset
        if isinstance(_criterios,  Unset):
            criterios = UNSET
        else:
            criterios = BaseRuleCriterios.from_dict(_criterios)




        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        fonte = d.pop("fonte", UNSET)

        id = d.pop("id", UNSET)

        origem = d.pop("origem", UNSET)

        def _parse_pacote(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pacote = _parse_pacote(d.pop("pacote", UNSET))


        prioridade = d.pop("prioridade", UNSET)

        def _parse_referencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        referencia = _parse_referencia(d.pop("referencia", UNSET))


        regra_id = d.pop("regra_id", UNSET)

        _resultado = d.pop("resultado", UNSET)
        resultado: BaseRuleResultado | Unset
        if isinstance(_resultado,  Unset):
            resultado = UNSET
        else:
            resultado = BaseRuleResultado.from_dict(_resultado)




        def _parse_revisao_pacote(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        revisao_pacote = _parse_revisao_pacote(d.pop("revisao_pacote", UNSET))


        somente_leitura = d.pop("somente_leitura", UNSET)

        tipo = d.pop("tipo", UNSET)

        versao = d.pop("versao", UNSET)

        def _parse_vigencia_fim(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                vigencia_fim_type_0 = datetime.date.fromisoformat(data)



                return vigencia_fim_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        vigencia_fim = _parse_vigencia_fim(d.pop("vigencia_fim", UNSET))


        _vigencia_inicio = d.pop("vigencia_inicio", UNSET)
        vigencia_inicio: datetime.date | Unset
        if isinstance(_vigencia_inicio,  Unset):
            vigencia_inicio = UNSET
        else:
            vigencia_inicio = datetime.date.fromisoformat(_vigencia_inicio)




        base_rule = cls(
            ativo=ativo,
            camada=camada,
            condicao=condicao,
            confianca=confianca,
            config_id=config_id,
            criterios=criterios,
            descricao=descricao,
            fonte=fonte,
            id=id,
            origem=origem,
            pacote=pacote,
            prioridade=prioridade,
            referencia=referencia,
            regra_id=regra_id,
            resultado=resultado,
            revisao_pacote=revisao_pacote,
            somente_leitura=somente_leitura,
            tipo=tipo,
            versao=versao,
            vigencia_fim=vigencia_fim,
            vigencia_inicio=vigencia_inicio,
        )

        return base_rule

