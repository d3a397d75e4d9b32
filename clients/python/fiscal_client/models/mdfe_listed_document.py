from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.unloading import Unloading





T = TypeVar("T", bound="MdfeListedDocument")



@_attrs_define
class MdfeListedDocument:
    """ 
        Attributes:
            chave_cte (str | Unset):
            chave_nfe (str | Unset):
            cte_id (str | Unset):
            municipio_descarga (str | Unloading | Unset):
     """

    chave_cte: str | Unset = UNSET
    chave_nfe: str | Unset = UNSET
    cte_id: str | Unset = UNSET
    municipio_descarga: str | Unloading | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.unloading import Unloading # noqa: PLC0415
        chave_cte = self.chave_cte

        chave_nfe = self.chave_nfe

        cte_id = self.cte_id

        municipio_descarga: dict[str, Any] | str | Unset
        if isinstance(self.municipio_descarga, Unset):
            municipio_descarga = UNSET
        elif isinstance(self.municipio_descarga, Unloading):
            municipio_descarga = self.municipio_descarga.to_dict()
        else:
            municipio_descarga = self.municipio_descarga


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave_cte is not UNSET:
            field_dict["chave_cte"] = chave_cte
        if chave_nfe is not UNSET:
            field_dict["chave_nfe"] = chave_nfe
        if cte_id is not UNSET:
            field_dict["cte_id"] = cte_id
        if municipio_descarga is not UNSET:
            field_dict["municipio_descarga"] = municipio_descarga

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.unloading import Unloading # noqa: PLC0415
        d = dict(src_dict)
        chave_cte = d.pop("chave_cte", UNSET)

        chave_nfe = d.pop("chave_nfe", UNSET)

        cte_id = d.pop("cte_id", UNSET)

        def _parse_municipio_descarga(data: object) -> str | Unloading | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                municipio_descarga_type_1 = Unloading.from_dict(data)



                return municipio_descarga_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(str | Unloading | Unset, data)

        municipio_descarga = _parse_municipio_descarga(d.pop("municipio_descarga", UNSET))


        mdfe_listed_document = cls(
            chave_cte=chave_cte,
            chave_nfe=chave_nfe,
            cte_id=cte_id,
            municipio_descarga=municipio_descarga,
        )

        return mdfe_listed_document

