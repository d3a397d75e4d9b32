from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.base_rule_update_tipo import BaseRuleUpdateTipo
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.base_rule_update_condicao_type_0 import BaseRuleUpdateCondicaoType0
  from ..models.base_rule_update_criterios import BaseRuleUpdateCriterios
  from ..models.base_rule_update_resultado import BaseRuleUpdateResultado





T = TypeVar("T", bound="BaseRuleUpdate")



@_attrs_define
class BaseRuleUpdate:
    """ 
        Attributes:
            condicao (BaseRuleUpdateCondicaoType0 | None | Unset):
            confianca (float | str | Unset):
            criterios (BaseRuleUpdateCriterios | Unset):
            descricao (str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            fonte (str | Unset):
            prioridade (int | Unset):
            referencia (str | Unset):
            resultado (BaseRuleUpdateResultado | Unset):
            tipo (BaseRuleUpdateTipo | Unset):
            versao (str | Unset):
            vigencia_fim (datetime.date | None | Unset):
            vigencia_inicio (datetime.date | Unset):
     """

    condicao: BaseRuleUpdateCondicaoType0 | None | Unset = UNSET
    confianca: float | str | Unset = UNSET
    criterios: BaseRuleUpdateCriterios | Unset = UNSET
    descricao: str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    fonte: str | Unset = UNSET
    prioridade: int | Unset = UNSET
    referencia: str | Unset = UNSET
    resultado: BaseRuleUpdateResultado | Unset = UNSET
    tipo: BaseRuleUpdateTipo | Unset = UNSET
    versao: str | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET
    vigencia_inicio: datetime.date | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.base_rule_update_condicao_type_0 import BaseRuleUpdateCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_update_criterios import BaseRuleUpdateCriterios # noqa: PLC0415
        from ..models.base_rule_update_resultado import BaseRuleUpdateResultado # noqa: PLC0415
        condicao: dict[str, Any] | None | Unset
        if isinstance(self.condicao, Unset):
            condicao = UNSET
        elif isinstance(self.condicao, BaseRuleUpdateCondicaoType0):
            condicao = self.condicao.to_dict()
        else:
            condicao = self.condicao

        confianca: float | str | Unset
        if isinstance(self.confianca, Unset):
            confianca = UNSET
        else:
            confianca = self.confianca

        criterios: dict[str, Any] | Unset = UNSET
        if not isinstance(self.criterios, Unset):
            criterios = self.criterios.to_dict()

        descricao = self.descricao

        empresa = self.empresa

        empresa_id = self.empresa_id

        fonte = self.fonte

        prioridade = self.prioridade

        referencia = self.referencia

        resultado: dict[str, Any] | Unset = UNSET
        if not isinstance(self.resultado, Unset):
            resultado = self.resultado.to_dict()

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


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
        if condicao is not UNSET:
            field_dict["condicao"] = condicao
        if confianca is not UNSET:
            field_dict["confianca"] = confianca
        if criterios is not UNSET:
            field_dict["criterios"] = criterios
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if fonte is not UNSET:
            field_dict["fonte"] = fonte
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if resultado is not UNSET:
            field_dict["resultado"] = resultado
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
        from ..models.base_rule_update_condicao_type_0 import BaseRuleUpdateCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_update_criterios import BaseRuleUpdateCriterios # noqa: PLC0415
        from ..models.base_rule_update_resultado import BaseRuleUpdateResultado # noqa: PLC0415
        d = dict(src_dict)
        def _parse_condicao(data: object) -> BaseRuleUpdateCondicaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                condicao_type_0 = BaseRuleUpdateCondicaoType0.from_dict(data)



                return condicao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BaseRuleUpdateCondicaoType0 | None | Unset, data)

        condicao = _parse_condicao(d.pop("condicao", UNSET))


        def _parse_confianca(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        confianca = _parse_confianca(d.pop("confianca", UNSET))


        _criterios = d.pop("criterios", UNSET)
        criterios: BaseRuleUpdateCriterios | Unset
        if isinstance(_criterios,  Unset):
            criterios = UNSET
        else:
            criterios = BaseRuleUpdateCriterios.from_dict(_criterios)




        descricao = d.pop("descricao", UNSET)

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        fonte = d.pop("fonte", UNSET)

        prioridade = d.pop("prioridade", UNSET)

        referencia = d.pop("referencia", UNSET)

        _resultado = d.pop("resultado", UNSET)
        resultado: BaseRuleUpdateResultado | Unset
        if isinstance(_resultado,  Unset):
            resultado = UNSET
        else:
            resultado = BaseRuleUpdateResultado.from_dict(_resultado)




        _tipo = d.pop("tipo", UNSET)
        tipo: BaseRuleUpdateTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = BaseRuleUpdateTipo(_tipo)




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




        base_rule_update = cls(
            condicao=condicao,
            confianca=confianca,
            criterios=criterios,
            descricao=descricao,
            empresa=empresa,
            empresa_id=empresa_id,
            fonte=fonte,
            prioridade=prioridade,
            referencia=referencia,
            resultado=resultado,
            tipo=tipo,
            versao=versao,
            vigencia_fim=vigencia_fim,
            vigencia_inicio=vigencia_inicio,
        )

        return base_rule_update

