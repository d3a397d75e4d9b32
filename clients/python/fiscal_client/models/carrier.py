from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.carrier_address import CarrierAddress





T = TypeVar("T", bound="Carrier")



@_attrs_define
class Carrier:
    """ 
        Attributes:
            cpf_cnpj (str | Unset):
            endereco (CarrierAddress | Unset):
            ie (str | Unset):
            nome (str | Unset):
     """

    cpf_cnpj: str | Unset = UNSET
    endereco: CarrierAddress | Unset = UNSET
    ie: str | Unset = UNSET
    nome: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.carrier_address import CarrierAddress # noqa: PLC0415
        cpf_cnpj = self.cpf_cnpj

        endereco: dict[str, Any] | Unset = UNSET
        if not isinstance(self.endereco, Unset):
            endereco = self.endereco.to_dict()

        ie = self.ie

        nome = self.nome


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cpf_cnpj is not UNSET:
            field_dict["cpf_cnpj"] = cpf_cnpj
        if endereco is not UNSET:
            field_dict["endereco"] = endereco
        if ie is not UNSET:
            field_dict["ie"] = ie
        if nome is not UNSET:
            field_dict["nome"] = nome

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carrier_address import CarrierAddress # noqa: PLC0415
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj", UNSET)

        _endereco = d.pop("endereco", UNSET)
        endereco: CarrierAddress | Unset
        if isinstance(_endereco,  Unset):
            endereco = UNSET
        else:
            endereco = CarrierAddress.from_dict(_endereco)




        ie = d.pop("ie", UNSET)

        nome = d.pop("nome", UNSET)

        carrier = cls(
            cpf_cnpj=cpf_cnpj,
            endereco=endereco,
            ie=ie,
            nome=nome,
        )

        return carrier

