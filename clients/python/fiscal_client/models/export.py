from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="Export")



@_attrs_define
class Export:
    """ 
        Attributes:
            local_embarque (str): xLocExporta: local de embarque ou de transposição da fronteira (ex.: PORTO DE SANTOS).
            uf_embarque (str): UFSaidaPais: UF do porto, aeroporto ou fronteira de saída.
            local_despacho (str | Unset): xLocDespacho: recinto do despacho aduaneiro.
     """

    local_embarque: str
    uf_embarque: str
    local_despacho: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        local_embarque = self.local_embarque

        uf_embarque = self.uf_embarque

        local_despacho = self.local_despacho


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "local_embarque": local_embarque,
            "uf_embarque": uf_embarque,
        })
        if local_despacho is not UNSET:
            field_dict["local_despacho"] = local_despacho

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        local_embarque = d.pop("local_embarque")

        uf_embarque = d.pop("uf_embarque")

        local_despacho = d.pop("local_despacho", UNSET)

        export = cls(
            local_embarque=local_embarque,
            uf_embarque=uf_embarque,
            local_despacho=local_despacho,
        )

        return export

