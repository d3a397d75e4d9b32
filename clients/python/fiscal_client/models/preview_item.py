from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.tax_decision import TaxDecision





T = TypeVar("T", bound="PreviewItem")



@_attrs_define
class PreviewItem:
    """ 
        Attributes:
            cfop (None | str | Unset):
            codigo (str | Unset):
            decisao_tributaria (TaxDecision | Unset):
            numero (int | Unset):
            regra_iva_id (None | str | Unset):
            regra_tributaria_id (None | str | Unset):
     """

    cfop: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    decisao_tributaria: TaxDecision | Unset = UNSET
    numero: int | Unset = UNSET
    regra_iva_id: None | str | Unset = UNSET
    regra_tributaria_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.tax_decision import TaxDecision # noqa: PLC0415
        cfop: None | str | Unset
        if isinstance(self.cfop, Unset):
            cfop = UNSET
        else:
            cfop = self.cfop

        codigo = self.codigo

        decisao_tributaria: dict[str, Any] | Unset = UNSET
        if not isinstance(self.decisao_tributaria, Unset):
            decisao_tributaria = self.decisao_tributaria.to_dict()

        numero = self.numero

        regra_iva_id: None | str | Unset
        if isinstance(self.regra_iva_id, Unset):
            regra_iva_id = UNSET
        else:
            regra_iva_id = self.regra_iva_id

        regra_tributaria_id: None | str | Unset
        if isinstance(self.regra_tributaria_id, Unset):
            regra_tributaria_id = UNSET
        else:
            regra_tributaria_id = self.regra_tributaria_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if decisao_tributaria is not UNSET:
            field_dict["decisao_tributaria"] = decisao_tributaria
        if numero is not UNSET:
            field_dict["numero"] = numero
        if regra_iva_id is not UNSET:
            field_dict["regra_iva_id"] = regra_iva_id
        if regra_tributaria_id is not UNSET:
            field_dict["regra_tributaria_id"] = regra_tributaria_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.tax_decision import TaxDecision # noqa: PLC0415
        d = dict(src_dict)
        def _parse_cfop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cfop = _parse_cfop(d.pop("cfop", UNSET))


        codigo = d.pop("codigo", UNSET)

        _decisao_tributaria = d.pop("decisao_tributaria", UNSET)
        decisao_tributaria: TaxDecision | Unset
        if isinstance(_decisao_tributaria,  Unset):
            decisao_tributaria = UNSET
        else:
            decisao_tributaria = TaxDecision.from_dict(_decisao_tributaria)




        numero = d.pop("numero", UNSET)

        def _parse_regra_iva_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        regra_iva_id = _parse_regra_iva_id(d.pop("regra_iva_id", UNSET))


        def _parse_regra_tributaria_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        regra_tributaria_id = _parse_regra_tributaria_id(d.pop("regra_tributaria_id", UNSET))


        preview_item = cls(
            cfop=cfop,
            codigo=codigo,
            decisao_tributaria=decisao_tributaria,
            numero=numero,
            regra_iva_id=regra_iva_id,
            regra_tributaria_id=regra_tributaria_id,
        )

        return preview_item

