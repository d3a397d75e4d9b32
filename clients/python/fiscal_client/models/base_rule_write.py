from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.base_rule_write_tipo import BaseRuleWriteTipo
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.base_rule_write_condicao_type_0 import BaseRuleWriteCondicaoType0
  from ..models.base_rule_write_criterios import BaseRuleWriteCriterios
  from ..models.base_rule_write_resultado import BaseRuleWriteResultado





T = TypeVar("T", bound="BaseRuleWrite")



@_attrs_define
class BaseRuleWrite:
    """ 
        Attributes:
            criterios (BaseRuleWriteCriterios):
            fonte (str):
            resultado (BaseRuleWriteResultado):
            tipo (BaseRuleWriteTipo):
            versao (str):
            vigencia_inicio (datetime.date):
            condicao (BaseRuleWriteCondicaoType0 | None | Unset):
            confianca (float | None | str | Unset):
            descricao (None | str | Unset):
            empresa (None | str | Unset):
            empresa_id (None | str | Unset):
            prioridade (int | Unset):  Default: 100.
            referencia (None | str | Unset):
            vigencia_fim (datetime.date | None | Unset):
     """

    criterios: BaseRuleWriteCriterios
    fonte: str
    resultado: BaseRuleWriteResultado
    tipo: BaseRuleWriteTipo
    versao: str
    vigencia_inicio: datetime.date
    condicao: BaseRuleWriteCondicaoType0 | None | Unset = UNSET
    confianca: float | None | str | Unset = UNSET
    descricao: None | str | Unset = UNSET
    empresa: None | str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET
    prioridade: int | Unset = 100
    referencia: None | str | Unset = UNSET
    vigencia_fim: datetime.date | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.base_rule_write_condicao_type_0 import BaseRuleWriteCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_write_criterios import BaseRuleWriteCriterios # noqa: PLC0415
        from ..models.base_rule_write_resultado import BaseRuleWriteResultado # noqa: PLC0415
        criterios = self.criterios.to_dict()

        fonte = self.fonte

        resultado = self.resultado.to_dict()

        tipo = self.tipo.value

        versao = self.versao

        vigencia_inicio = self.vigencia_inicio.isoformat()

        condicao: dict[str, Any] | None | Unset
        if isinstance(self.condicao, Unset):
            condicao = UNSET
        elif isinstance(self.condicao, BaseRuleWriteCondicaoType0):
            condicao = self.condicao.to_dict()
        else:
            condicao = self.condicao

        confianca: float | None | str | Unset
        if isinstance(self.confianca, Unset):
            confianca = UNSET
        else:
            confianca = self.confianca

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        empresa: None | str | Unset
        if isinstance(self.empresa, Unset):
            empresa = UNSET
        else:
            empresa = self.empresa

        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id

        prioridade = self.prioridade

        referencia: None | str | Unset
        if isinstance(self.referencia, Unset):
            referencia = UNSET
        else:
            referencia = self.referencia

        vigencia_fim: None | str | Unset
        if isinstance(self.vigencia_fim, Unset):
            vigencia_fim = UNSET
        elif isinstance(self.vigencia_fim, datetime.date):
            vigencia_fim = self.vigencia_fim.isoformat()
        else:
            vigencia_fim = self.vigencia_fim


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "criterios": criterios,
            "fonte": fonte,
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
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if prioridade is not UNSET:
            field_dict["prioridade"] = prioridade
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if vigencia_fim is not UNSET:
            field_dict["vigencia_fim"] = vigencia_fim

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.base_rule_write_condicao_type_0 import BaseRuleWriteCondicaoType0 # noqa: PLC0415
        from ..models.base_rule_write_criterios import BaseRuleWriteCriterios # noqa: PLC0415
        from ..models.base_rule_write_resultado import BaseRuleWriteResultado # noqa: PLC0415
        d = dict(src_dict)
        criterios = BaseRuleWriteCriterios.from_dict(d.pop("criterios"))




        fonte = d.pop("fonte")

        resultado = BaseRuleWriteResultado.from_dict(d.pop("resultado"))




        tipo = BaseRuleWriteTipo(d.pop("tipo"))




        versao = d.pop("versao")

        vigencia_inicio = datetime.date.fromisoformat(d.pop("vigencia_inicio"))




        def _parse_condicao(data: object) -> BaseRuleWriteCondicaoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                condicao_type_0 = BaseRuleWriteCondicaoType0.from_dict(data)



                return condicao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(BaseRuleWriteCondicaoType0 | None | Unset, data)

        condicao = _parse_condicao(d.pop("condicao", UNSET))


        def _parse_confianca(data: object) -> float | None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | str | Unset, data)

        confianca = _parse_confianca(d.pop("confianca", UNSET))


        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        def _parse_empresa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa = _parse_empresa(d.pop("empresa", UNSET))


        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        prioridade = d.pop("prioridade", UNSET)

        def _parse_referencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        referencia = _parse_referencia(d.pop("referencia", UNSET))


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


        base_rule_write = cls(
            criterios=criterios,
            fonte=fonte,
            resultado=resultado,
            tipo=tipo,
            versao=versao,
            vigencia_inicio=vigencia_inicio,
            condicao=condicao,
            confianca=confianca,
            descricao=descricao,
            empresa=empresa,
            empresa_id=empresa_id,
            prioridade=prioridade,
            referencia=referencia,
            vigencia_fim=vigencia_fim,
        )

        return base_rule_write

