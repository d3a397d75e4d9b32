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
            proximo (None | str | Unset): Cursor da página seguinte (envie como `apos`); nulo na última página.
            saldo (str | Unset):
            total (int | Unset): Itens que atendem aos filtros: exato até o limite de contagem (10.000 por padrão); acima
                dele, estimado (`total_estimado`).
            total_estimado (bool | Unset): `total` é uma estimativa (a contagem exata passaria do limite).
     """

    request_id: str
    success: bool
    movimentacoes: list[LedgerEntry] | Unset = UNSET
    pagina: int | Unset = UNSET
    por_pagina: int | Unset = UNSET
    proximo: None | str | Unset = UNSET
    saldo: str | Unset = UNSET
    total: int | Unset = UNSET
    total_estimado: bool | Unset = UNSET





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

        proximo: None | str | Unset
        if isinstance(self.proximo, Unset):
            proximo = UNSET
        else:
            proximo = self.proximo

        saldo = self.saldo

        total = self.total

        total_estimado = self.total_estimado


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
        if proximo is not UNSET:
            field_dict["proximo"] = proximo
        if saldo is not UNSET:
            field_dict["saldo"] = saldo
        if total is not UNSET:
            field_dict["total"] = total
        if total_estimado is not UNSET:
            field_dict["total_estimado"] = total_estimado

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

        def _parse_proximo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proximo = _parse_proximo(d.pop("proximo", UNSET))


        saldo = d.pop("saldo", UNSET)

        total = d.pop("total", UNSET)

        total_estimado = d.pop("total_estimado", UNSET)

        envelope_statement = cls(
            request_id=request_id,
            success=success,
            movimentacoes=movimentacoes,
            pagina=pagina,
            por_pagina=por_pagina,
            proximo=proximo,
            saldo=saldo,
            total=total,
            total_estimado=total_estimado,
        )

        return envelope_statement

