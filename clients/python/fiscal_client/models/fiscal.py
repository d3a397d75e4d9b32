from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.fiscal_tipo_estabelecimento_tomador import FiscalTipoEstabelecimentoTomador
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Fiscal")



@_attrs_define
class Fiscal:
    """ 
        Attributes:
            cfop (None | str | Unset):
            tipo_estabelecimento_tomador (FiscalTipoEstabelecimentoTomador | Unset):
     """

    cfop: None | str | Unset = UNSET
    tipo_estabelecimento_tomador: FiscalTipoEstabelecimentoTomador | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cfop: None | str | Unset
        if isinstance(self.cfop, Unset):
            cfop = UNSET
        else:
            cfop = self.cfop

        tipo_estabelecimento_tomador: str | Unset = UNSET
        if not isinstance(self.tipo_estabelecimento_tomador, Unset):
            tipo_estabelecimento_tomador = self.tipo_estabelecimento_tomador.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cfop is not UNSET:
            field_dict["cfop"] = cfop
        if tipo_estabelecimento_tomador is not UNSET:
            field_dict["tipo_estabelecimento_tomador"] = tipo_estabelecimento_tomador

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cfop(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cfop = _parse_cfop(d.pop("cfop", UNSET))


        _tipo_estabelecimento_tomador = d.pop("tipo_estabelecimento_tomador", UNSET)
        tipo_estabelecimento_tomador: FiscalTipoEstabelecimentoTomador | Unset
        if isinstance(_tipo_estabelecimento_tomador,  Unset):
            tipo_estabelecimento_tomador = UNSET
        else:
            tipo_estabelecimento_tomador = FiscalTipoEstabelecimentoTomador(_tipo_estabelecimento_tomador)




        fiscal = cls(
            cfop=cfop,
            tipo_estabelecimento_tomador=tipo_estabelecimento_tomador,
        )

        return fiscal

