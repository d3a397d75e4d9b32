from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.service_record import ServiceRecord





T = TypeVar("T", bound="EnvelopeServiceList")



@_attrs_define
class EnvelopeServiceList:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            itens (list[ServiceRecord] | Unset):
            pagina (int | Unset):
            por_pagina (int | Unset):
            proximo (None | str | Unset): Cursor da página seguinte (envie como `apos`); nulo na última página.
            total (int | Unset): Itens que atendem aos filtros: exato até o limite de contagem (10.000 por padrão); acima
                dele, estimado (`total_estimado`).
            total_estimado (bool | Unset): `total` é uma estimativa (a contagem exata passaria do limite).
     """

    request_id: str
    success: bool
    itens: list[ServiceRecord] | Unset = UNSET
    pagina: int | Unset = UNSET
    por_pagina: int | Unset = UNSET
    proximo: None | str | Unset = UNSET
    total: int | Unset = UNSET
    total_estimado: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.service_record import ServiceRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        itens: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.itens, Unset):
            itens = []
            for itens_item_data in self.itens:
                itens_item = itens_item_data.to_dict()
                itens.append(itens_item)



        pagina = self.pagina

        por_pagina = self.por_pagina

        proximo: None | str | Unset
        if isinstance(self.proximo, Unset):
            proximo = UNSET
        else:
            proximo = self.proximo

        total = self.total

        total_estimado = self.total_estimado


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if itens is not UNSET:
            field_dict["itens"] = itens
        if pagina is not UNSET:
            field_dict["pagina"] = pagina
        if por_pagina is not UNSET:
            field_dict["por_pagina"] = por_pagina
        if proximo is not UNSET:
            field_dict["proximo"] = proximo
        if total is not UNSET:
            field_dict["total"] = total
        if total_estimado is not UNSET:
            field_dict["total_estimado"] = total_estimado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.service_record import ServiceRecord # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _itens = d.pop("itens", UNSET)
        itens: list[ServiceRecord] | Unset = UNSET
        if _itens is not UNSET:
            itens = []
            for itens_item_data in _itens:
                itens_item = ServiceRecord.from_dict(itens_item_data)



                itens.append(itens_item)


        pagina = d.pop("pagina", UNSET)

        por_pagina = d.pop("por_pagina", UNSET)

        def _parse_proximo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proximo = _parse_proximo(d.pop("proximo", UNSET))


        total = d.pop("total", UNSET)

        total_estimado = d.pop("total_estimado", UNSET)

        envelope_service_list = cls(
            request_id=request_id,
            success=success,
            itens=itens,
            pagina=pagina,
            por_pagina=por_pagina,
            proximo=proximo,
            total=total,
            total_estimado=total_estimado,
        )

        return envelope_service_list

