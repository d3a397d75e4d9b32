from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.owner import Owner





T = TypeVar("T", bound="CteOsVehicle")



@_attrs_define
class CteOsVehicle:
    """ 
        Attributes:
            placa (str):
            uf (str):
            proprietario (Owner | Unset):
            renavam (str | Unset):
     """

    placa: str
    uf: str
    proprietario: Owner | Unset = UNSET
    renavam: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.owner import Owner # noqa: PLC0415
        placa = self.placa

        uf = self.uf

        proprietario: dict[str, Any] | Unset = UNSET
        if not isinstance(self.proprietario, Unset):
            proprietario = self.proprietario.to_dict()

        renavam = self.renavam


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "placa": placa,
            "uf": uf,
        })
        if proprietario is not UNSET:
            field_dict["proprietario"] = proprietario
        if renavam is not UNSET:
            field_dict["renavam"] = renavam

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.owner import Owner # noqa: PLC0415
        d = dict(src_dict)
        placa = d.pop("placa")

        uf = d.pop("uf")

        _proprietario = d.pop("proprietario", UNSET)
        proprietario: Owner | Unset
        if isinstance(_proprietario,  Unset):
            proprietario = UNSET
        else:
            proprietario = Owner.from_dict(_proprietario)




        renavam = d.pop("renavam", UNSET)

        cte_os_vehicle = cls(
            placa=placa,
            uf=uf,
            proprietario=proprietario,
            renavam=renavam,
        )

        return cte_os_vehicle

