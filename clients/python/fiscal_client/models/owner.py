from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.owner_tipo import OwnerTipo
from ..types import UNSET, Unset






T = TypeVar("T", bound="Owner")



@_attrs_define
class Owner:
    """ 
        Attributes:
            cpf_cnpj (str):
            nome (str):
            tipo (OwnerTipo):
            ie (str | Unset):
            nro_reg_estadual (str | Unset):
            taf (str | Unset):
            uf (str | Unset):
     """

    cpf_cnpj: str
    nome: str
    tipo: OwnerTipo
    ie: str | Unset = UNSET
    nro_reg_estadual: str | Unset = UNSET
    taf: str | Unset = UNSET
    uf: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cpf_cnpj = self.cpf_cnpj

        nome = self.nome

        tipo = self.tipo.value

        ie = self.ie

        nro_reg_estadual = self.nro_reg_estadual

        taf = self.taf

        uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf_cnpj": cpf_cnpj,
            "nome": nome,
            "tipo": tipo,
        })
        if ie is not UNSET:
            field_dict["ie"] = ie
        if nro_reg_estadual is not UNSET:
            field_dict["nro_reg_estadual"] = nro_reg_estadual
        if taf is not UNSET:
            field_dict["taf"] = taf
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj")

        nome = d.pop("nome")

        tipo = OwnerTipo(d.pop("tipo"))




        ie = d.pop("ie", UNSET)

        nro_reg_estadual = d.pop("nro_reg_estadual", UNSET)

        taf = d.pop("taf", UNSET)

        uf = d.pop("uf", UNSET)

        owner = cls(
            cpf_cnpj=cpf_cnpj,
            nome=nome,
            tipo=tipo,
            ie=ie,
            nro_reg_estadual=nro_reg_estadual,
            taf=taf,
            uf=uf,
        )

        return owner

