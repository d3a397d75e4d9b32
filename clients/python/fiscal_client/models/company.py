from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Company")



@_attrs_define
class Company:
    """ 
        Attributes:
            ambiente (str | Unset):
            ativo (bool | Unset):
            cnpj (None | str | Unset):
            codigo (str | Unset):
            cpf (None | str | Unset):
            id (str | Unset):
            modulos (list[str] | Unset):
            razao_social (str | Unset):
     """

    ambiente: str | Unset = UNSET
    ativo: bool | Unset = UNSET
    cnpj: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    cpf: None | str | Unset = UNSET
    id: str | Unset = UNSET
    modulos: list[str] | Unset = UNSET
    razao_social: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ambiente = self.ambiente

        ativo = self.ativo

        cnpj: None | str | Unset
        if isinstance(self.cnpj, Unset):
            cnpj = UNSET
        else:
            cnpj = self.cnpj

        codigo = self.codigo

        cpf: None | str | Unset
        if isinstance(self.cpf, Unset):
            cpf = UNSET
        else:
            cpf = self.cpf

        id = self.id

        modulos: list[str] | Unset = UNSET
        if not isinstance(self.modulos, Unset):
            modulos = self.modulos



        razao_social = self.razao_social


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if cnpj is not UNSET:
            field_dict["cnpj"] = cnpj
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if id is not UNSET:
            field_dict["id"] = id
        if modulos is not UNSET:
            field_dict["modulos"] = modulos
        if razao_social is not UNSET:
            field_dict["razao_social"] = razao_social

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ambiente = d.pop("ambiente", UNSET)

        ativo = d.pop("ativo", UNSET)

        def _parse_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnpj = _parse_cnpj(d.pop("cnpj", UNSET))


        codigo = d.pop("codigo", UNSET)

        def _parse_cpf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf = _parse_cpf(d.pop("cpf", UNSET))


        id = d.pop("id", UNSET)

        modulos = cast(list[str], d.pop("modulos", UNSET))


        razao_social = d.pop("razao_social", UNSET)

        company = cls(
            ambiente=ambiente,
            ativo=ativo,
            cnpj=cnpj,
            codigo=codigo,
            cpf=cpf,
            id=id,
            modulos=modulos,
            razao_social=razao_social,
        )

        return company

