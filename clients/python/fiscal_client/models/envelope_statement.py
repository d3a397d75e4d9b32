from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ledger_entry import LedgerEntry





T = TypeVar("T", bound="EnvelopeStatement")



@_attrs_define
class EnvelopeStatement:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            movimentacoes (list[LedgerEntry] | Unset):
            pagina (int | Unset):
            por_pagina (int | Unset):
            saldo (str | Unset):
            total (int | Unset):
     """

    request_id: str
    success: bool
    movimentacoes: list[LedgerEntry] | Unset = UNSET
    pagina: int | Unset = UNSET
    por_pagina: int | Unset = UNSET
    saldo: str | Unset = UNSET
    total: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ledger_entry import LedgerEntry # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        movimentacoes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.movimentacoes, Unset):
            movimentacoes = []
            for movimentacoes_item_data in self.movimentacoes:
                movimentacoes_item = movimentacoes_item_data.to_dict()
                movimentacoes.append(movimentacoes_item)



        pagina = self.pagina

        por_pagina = self.por_pagina

        saldo = self.saldo

        total = self.total


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if movimentacoes is not UNSET:
            field_dict["movimentacoes"] = movimentacoes
        if pagina is not UNSET:
            field_dict["pagina"] = pagina
        if por_pagina is not UNSET:
            field_dict["por_pagina"] = por_pagina
        if saldo is not UNSET:
            field_dict["saldo"] = saldo
        if total is not UNSET:
            field_dict["total"] = total

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ledger_entry import LedgerEntry # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _movimentacoes = d.pop("movimentacoes", UNSET)
        movimentacoes: list[LedgerEntry] | Unset = UNSET
        if _movimentacoes is not UNSET:
            movimentacoes = []
            for movimentacoes_item_data in _movimentacoes:
                movimentacoes_item = LedgerEntry.from_dict(movimentacoes_item_data)



                movimentacoes.append(movimentacoes_item)


        pagina = d.pop("pagina", UNSET)

        por_pagina = d.pop("por_pagina", UNSET)

        saldo = d.pop("saldo", UNSET)

        total = d.pop("total", UNSET)

        envelope_statement = cls(
            request_id=request_id,
            success=success,
            movimentacoes=movimentacoes,
            pagina=pagina,
            por_pagina=por_pagina,
            saldo=saldo,
            total=total,
        )

        return envelope_statement

