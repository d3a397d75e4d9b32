from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ItemExport")



@_attrs_define
class ItemExport:
    """ 
        Attributes:
            chave_nfe (str | Unset): exportInd/chNFe: a NF-e (modelo 55) recebida com fim específico de exportação.
            drawback (str | Unset): nDraw: ato concessório de drawback.
            quantidade_exportada (float | str | Unset): exportInd/qExport, na unidade comercial.
            registro_exportacao (str | Unset): exportInd/nRE.
     """

    chave_nfe: str | Unset = UNSET
    drawback: str | Unset = UNSET
    quantidade_exportada: float | str | Unset = UNSET
    registro_exportacao: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave_nfe = self.chave_nfe

        drawback = self.drawback

        quantidade_exportada: float | str | Unset
        if isinstance(self.quantidade_exportada, Unset):
            quantidade_exportada = UNSET
        else:
            quantidade_exportada = self.quantidade_exportada

        registro_exportacao = self.registro_exportacao


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave_nfe is not UNSET:
            field_dict["chave_nfe"] = chave_nfe
        if drawback is not UNSET:
            field_dict["drawback"] = drawback
        if quantidade_exportada is not UNSET:
            field_dict["quantidade_exportada"] = quantidade_exportada
        if registro_exportacao is not UNSET:
            field_dict["registro_exportacao"] = registro_exportacao

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave_nfe = d.pop("chave_nfe", UNSET)

        drawback = d.pop("drawback", UNSET)

        def _parse_quantidade_exportada(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        quantidade_exportada = _parse_quantidade_exportada(d.pop("quantidade_exportada", UNSET))


        registro_exportacao = d.pop("registro_exportacao", UNSET)

        item_export = cls(
            chave_nfe=chave_nfe,
            drawback=drawback,
            quantidade_exportada=quantidade_exportada,
            registro_exportacao=registro_exportacao,
        )

        return item_export

