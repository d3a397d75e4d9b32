from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.nature_tipo_operacao import NatureTipoOperacao
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Nature")



@_attrs_define
class Nature:
    """ 
        Attributes:
            codigo (str):
            descricao (str):
            ativo (bool | Unset):
            cfop (None | str | Unset):
            consumidor_final (bool | None | Unset):
            contribuinte (bool | None | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            finalidade (int | Unset):
            observacoes (None | str | Unset):
            operacao_interestadual (bool | Unset):
            operacao_interna (bool | Unset):
            padrao_nfce (bool | Unset):
            padrao_nfe (bool | Unset):
            tipo_operacao (NatureTipoOperacao | Unset):
     """

    codigo: str
    descricao: str
    ativo: bool | Unset = UNSET
    cfop: None | str | Unset = UNSET
    consumidor_final: bool | None | Unset = UNSET
    contribuinte: bool | None | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    finalidade: int | Unset = UNSET
    observacoes: None | str | Unset = UNSET
    operacao_interestadual: bool | Unset = UNSET
    operacao_interna: bool | Unset = UNSET
    padrao_nfce: bool | Unset = UNSET
    padrao_nfe: bool | Unset = UNSET
    tipo_operacao: NatureTipoOperacao | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        codigo = self.codigo

        descricao = self.descricao

        ativo = self.ativo

        cfop: None | str | Unset
        if isinstance(self.cfop, Unset):
            cfop = UNSET
        else:
            cfop = self.cfop

        consumidor_final: bool | None | Unset
        if isinstance(self.consumidor_final, Unset):
            consumidor_final = UNSET
        else:
            consumidor_final = self.consumidor_final

        contribuinte: bool | None | Unset
        if isinstance(self.contribuinte, Unset):
            contribuinte = UNSET
        else:
            contribuinte = self.contribuinte

        empresa = self.empresa

        empresa_id = self.empresa_id

        finalidade = self.finalidade

        observacoes: None | str | Unset
        if isinstance(self.observacoes, Unset):
            observacoes = UNSET
        else:
            observacoes = self.observacoes

        operacao_interestadual = self.operacao_interestadual

        operacao_interna = self.operacao_interna

        padrao_nfce = self.padrao_nfce

        padrao_nfe = self.padrao_nfe

        tipo_operacao: int | Unset = UNSET
        if not isinstance(self.tipo_operacao, Unset):
            tipo_operacao = self.tipo_operacao.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "codigo": codigo,
            "descricao": descricao,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if consumidor_final is not UNSET:
            field_dict["consumidor_final"] = consumidor_final
        if contribuinte is not UNSET:
            field_dict["contribuinte"] = contribuinte
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if finalidade is not UNSET:
            field_dict["finalidade"] = finalidade
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if operacao_interestadual is not UNSET:
            field_dict["operacao_interestadual"] = operacao_interestadual
        if operacao_interna is not UNSET:
            field_dict["operacao_interna"] = operacao_interna
        if padrao_nfce is not UNSET:
            field_dict["padrao_nfce"] = padrao_nfce
        if padrao_nfe is not UNSET:
            field_dict["padrao_nfe"] = padrao_nfe
        if tipo_operacao is not UNSET:
            field_dict["tipo_operacao"] = tipo_operacao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo = d.pop("codigo")

        descricao = d.pop("descricao")

        ativo = d.pop("ativo", UNSET)

        def _parse_cfop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cfop = _parse_cfop(d.pop("cfop", UNSET))


        def _parse_consumidor_final(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        consumidor_final = _parse_consumidor_final(d.pop("consumidor_final", UNSET))


        def _parse_contribuinte(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        contribuinte = _parse_contribuinte(d.pop("contribuinte", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        finalidade = d.pop("finalidade", UNSET)

        def _parse_observacoes(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        observacoes = _parse_observacoes(d.pop("observacoes", UNSET))


        operacao_interestadual = d.pop("operacao_interestadual", UNSET)

        operacao_interna = d.pop("operacao_interna", UNSET)

        padrao_nfce = d.pop("padrao_nfce", UNSET)

        padrao_nfe = d.pop("padrao_nfe", UNSET)

        _tipo_operacao = d.pop("tipo_operacao", UNSET)
        tipo_operacao: NatureTipoOperacao | Unset
        if isinstance(_tipo_operacao,  Unset):
            tipo_operacao = UNSET
        else:
            tipo_operacao = NatureTipoOperacao(_tipo_operacao)




        nature = cls(
            codigo=codigo,
            descricao=descricao,
            ativo=ativo,
            cfop=cfop,
            consumidor_final=consumidor_final,
            contribuinte=contribuinte,
            empresa=empresa,
            empresa_id=empresa_id,
            finalidade=finalidade,
            observacoes=observacoes,
            operacao_interestadual=operacao_interestadual,
            operacao_interna=operacao_interna,
            padrao_nfce=padrao_nfce,
            padrao_nfe=padrao_nfe,
            tipo_operacao=tipo_operacao,
        )

        return nature

