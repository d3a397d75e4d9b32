from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.address import Address





T = TypeVar("T", bound="InlineCustomer")



@_attrs_define
class InlineCustomer:
    """ 
        Attributes:
            cpf_cnpj (str):
            nome (str):
            email (str | Unset):
            endereco (Address | Unset):
            ie (str | Unset):
     """

    cpf_cnpj: str
    nome: str
    email: str | Unset = UNSET
    endereco: Address | Unset = UNSET
    ie: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.address import Address # noqa: PLC0415
        cpf_cnpj = self.cpf_cnpj

        nome = self.nome

        email = self.email

        endereco: dict[str, Any] | Unset = UNSET
        if not isinstance(self.endereco, Unset):
            endereco = self.endereco.to_dict()

        ie = self.ie


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf_cnpj": cpf_cnpj,
            "nome": nome,
        })
        if email is not UNSET:
            field_dict["email"] = email
        if endereco is not UNSET:
            field_dict["endereco"] = endereco
        if ie is not UNSET:
            field_dict["ie"] = ie

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.address import Address # noqa: PLC0415
        d = dict(src_dict)
        cpf_cnpj = d.pop("cpf_cnpj")

        nome = d.pop("nome")

        email = d.pop("email", UNSET)

        _endereco = d.pop("endereco", UNSET)
        endereco: Address | Unset
        if isinstance(_endereco,  Unset):
            endereco = UNSET
        else:
            endereco = Address.from_dict(_endereco)




        ie = d.pop("ie", UNSET)

        inline_customer = cls(
            cpf_cnpj=cpf_cnpj,
            nome=nome,
            email=email,
            endereco=endereco,
            ie=ie,
        )

        return inline_customer

