from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.manifested_document_tipo import ManifestedDocumentTipo
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ManifestedDocument")



@_attrs_define
class ManifestedDocument:
    """ 
        Attributes:
            chave (str | Unset):
            cte_id (None | str | Unset):
            municipio_descarga (str | Unset): Código IBGE.
            tipo (ManifestedDocumentTipo | Unset):
     """

    chave: str | Unset = UNSET
    cte_id: None | str | Unset = UNSET
    municipio_descarga: str | Unset = UNSET
    tipo: ManifestedDocumentTipo | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave = self.chave

        cte_id: None | str | Unset
        if isinstance(self.cte_id, Unset):
            cte_id = UNSET
        else:
            cte_id = self.cte_id

        municipio_descarga = self.municipio_descarga

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave is not UNSET:
            field_dict["chave"] = chave
        if cte_id is not UNSET:
            field_dict["cte_id"] = cte_id
        if municipio_descarga is not UNSET:
            field_dict["municipio_descarga"] = municipio_descarga
        if tipo is not UNSET:
            field_dict["tipo"] = tipo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave = d.pop("chave", UNSET)

        def _parse_cte_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cte_id = _parse_cte_id(d.pop("cte_id", UNSET))


        municipio_descarga = d.pop("municipio_descarga", UNSET)

        _tipo = d.pop("tipo", UNSET)
        tipo: ManifestedDocumentTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = ManifestedDocumentTipo(_tipo)




        manifested_document = cls(
            chave=chave,
            cte_id=cte_id,
            municipio_descarga=municipio_descarga,
            tipo=tipo,
        )

        return manifested_document

