from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Addition")



@_attrs_define
class Addition:
    """ 
        Attributes:
            codigo_fabricante (str): cFabricante.
            sequencia (str): nSeqAdic.
            desconto (float | str | Unset): vDescDI.
            drawback (str | Unset): nDraw: ato concessório.
            numero (str | Unset): nAdicao.
     """

    codigo_fabricante: str
    sequencia: str
    desconto: float | str | Unset = UNSET
    drawback: str | Unset = UNSET
    numero: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        codigo_fabricante = self.codigo_fabricante

        sequencia = self.sequencia

        desconto: float | str | Unset
        if isinstance(self.desconto, Unset):
            desconto = UNSET
        else:
            desconto = self.desconto

        drawback = self.drawback

        numero = self.numero


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "codigo_fabricante": codigo_fabricante,
            "sequencia": sequencia,
        })
        if desconto is not UNSET:
            field_dict["desconto"] = desconto
        if drawback is not UNSET:
            field_dict["drawback"] = drawback
        if numero is not UNSET:
            field_dict["numero"] = numero

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        codigo_fabricante = d.pop("codigo_fabricante")

        sequencia = d.pop("sequencia")

        def _parse_desconto(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        desconto = _parse_desconto(d.pop("desconto", UNSET))


        drawback = d.pop("drawback", UNSET)

        numero = d.pop("numero", UNSET)

        addition = cls(
            codigo_fabricante=codigo_fabricante,
            sequencia=sequencia,
            desconto=desconto,
            drawback=drawback,
            numero=numero,
        )

        return addition

