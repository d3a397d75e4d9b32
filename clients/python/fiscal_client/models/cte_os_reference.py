from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CteOsReference")



@_attrs_define
class CteOsReference:
    """ 
        Attributes:
            chave_bpe (str | Unset):
            data (datetime.date | Unset):
            numero (str | Unset):
            serie (str | Unset):
            subserie (str | Unset):
            valor (float | str | Unset):
     """

    chave_bpe: str | Unset = UNSET
    data: datetime.date | Unset = UNSET
    numero: str | Unset = UNSET
    serie: str | Unset = UNSET
    subserie: str | Unset = UNSET
    valor: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave_bpe = self.chave_bpe

        data: str | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.isoformat()

        numero = self.numero

        serie = self.serie

        subserie = self.subserie

        valor: float | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave_bpe is not UNSET:
            field_dict["chave_bpe"] = chave_bpe
        if data is not UNSET:
            field_dict["data"] = data
        if numero is not UNSET:
            field_dict["numero"] = numero
        if serie is not UNSET:
            field_dict["serie"] = serie
        if subserie is not UNSET:
            field_dict["subserie"] = subserie
        if valor is not UNSET:
            field_dict["valor"] = valor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave_bpe = d.pop("chave_bpe", UNSET)

        _data = d.pop("data", UNSET)
        data: datetime.date | Unset
        if isinstance(_data,  Unset):
            data = UNSET
        else:
            data = datetime.date.fromisoformat(_data)




        numero = d.pop("numero", UNSET)

        serie = d.pop("serie", UNSET)

        subserie = d.pop("subserie", UNSET)

        def _parse_valor(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        cte_os_reference = cls(
            chave_bpe=chave_bpe,
            data=data,
            numero=numero,
            serie=serie,
            subserie=subserie,
            valor=valor,
        )

        return cte_os_reference

