from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LayoutViolation")



@_attrs_define
class LayoutViolation:
    """ 
        Attributes:
            caminho (str | Unset):
            linha (int | None | Unset):
            mensagem (str | Unset):
     """

    caminho: str | Unset = UNSET
    linha: int | None | Unset = UNSET
    mensagem: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        caminho = self.caminho

        linha: int | None | Unset
        if isinstance(self.linha, Unset):
            linha = UNSET
        else:
            linha = self.linha

        mensagem = self.mensagem


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if caminho is not UNSET:
            field_dict["caminho"] = caminho
        if linha is not UNSET:
            field_dict["linha"] = linha
        if mensagem is not UNSET:
            field_dict["mensagem"] = mensagem

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        caminho = d.pop("caminho", UNSET)

        def _parse_linha(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        linha = _parse_linha(d.pop("linha", UNSET))


        mensagem = d.pop("mensagem", UNSET)

        layout_violation = cls(
            caminho=caminho,
            linha=linha,
            mensagem=mensagem,
        )

        return layout_violation

