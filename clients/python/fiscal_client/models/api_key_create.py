from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.api_key_create_escopos_type_0_item import ApiKeyCreateEscoposType0Item
from ..models.api_key_create_modo import ApiKeyCreateModo
from ..models.api_key_create_tipo import ApiKeyCreateTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ApiKeyCreate")



@_attrs_define
class ApiKeyCreate:
    """ 
        Attributes:
            nome (str):
            escopos (list[ApiKeyCreateEscoposType0Item] | None | Unset):
            modo (ApiKeyCreateModo | Unset):  Default: ApiKeyCreateModo.TEST.
            tipo (ApiKeyCreateTipo | Unset):  Default: ApiKeyCreateTipo.USUARIO.
     """

    nome: str
    escopos: list[ApiKeyCreateEscoposType0Item] | None | Unset = UNSET
    modo: ApiKeyCreateModo | Unset = ApiKeyCreateModo.TEST
    tipo: ApiKeyCreateTipo | Unset = ApiKeyCreateTipo.USUARIO





    def to_dict(self) -> dict[str, Any]:
        nome = self.nome

        escopos: list[str] | None | Unset
        if isinstance(self.escopos, Unset):
            escopos = UNSET
        elif isinstance(self.escopos, list):
            escopos = []
            for escopos_type_0_item_data in self.escopos:
                escopos_type_0_item = escopos_type_0_item_data.value
                escopos.append(escopos_type_0_item)


        else:
            escopos = self.escopos

        modo: str | Unset = UNSET
        if not isinstance(self.modo, Unset):
            modo = self.modo.value


        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "nome": nome,
        })
        if escopos is not UNSET:
            field_dict["escopos"] = escopos
        if modo is not UNSET:
            field_dict["modo"] = modo
        if tipo is not UNSET:
            field_dict["tipo"] = tipo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        nome = d.pop("nome")

        def _parse_escopos(data: object) -> list[ApiKeyCreateEscoposType0Item] | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, list):
                    raise TypeError()
                escopos_type_0 = []
                _escopos_type_0 = data
                for escopos_type_0_item_data in (_escopos_type_0):
                    escopos_type_0_item = ApiKeyCreateEscoposType0Item(escopos_type_0_item_data)



                    escopos_type_0.append(escopos_type_0_item)

                return escopos_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[ApiKeyCreateEscoposType0Item] | None | Unset, data)

        escopos = _parse_escopos(d.pop("escopos", UNSET))


        _modo = d.pop("modo", UNSET)
        modo: ApiKeyCreateModo | Unset
        if isinstance(_modo,  Unset):
            modo = UNSET
        else:
            modo = ApiKeyCreateModo(_modo)




        _tipo = d.pop("tipo", UNSET)
        tipo: ApiKeyCreateTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = ApiKeyCreateTipo(_tipo)




        api_key_create = cls(
            nome=nome,
            escopos=escopos,
            modo=modo,
            tipo=tipo,
        )

        return api_key_create

