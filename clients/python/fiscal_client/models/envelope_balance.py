from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset






T = TypeVar("T", bound="EnvelopeBalance")



@_attrs_define
class EnvelopeBalance:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            credito_ilimitado (bool | Unset):
            moeda (str | Unset):
            saldo (str | Unset):
            saldo_reservado (str | Unset):
     """

    request_id: str
    success: bool
    credito_ilimitado: bool | Unset = UNSET
    moeda: str | Unset = UNSET
    saldo: str | Unset = UNSET
    saldo_reservado: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        credito_ilimitado = self.credito_ilimitado

        moeda = self.moeda

        saldo = self.saldo

        saldo_reservado = self.saldo_reservado


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if credito_ilimitado is not UNSET:
            field_dict["credito_ilimitado"] = credito_ilimitado
        if moeda is not UNSET:
            field_dict["moeda"] = moeda
        if saldo is not UNSET:
            field_dict["saldo"] = saldo
        if saldo_reservado is not UNSET:
            field_dict["saldo_reservado"] = saldo_reservado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        credito_ilimitado = d.pop("credito_ilimitado", UNSET)

        moeda = d.pop("moeda", UNSET)

        saldo = d.pop("saldo", UNSET)

        saldo_reservado = d.pop("saldo_reservado", UNSET)

        envelope_balance = cls(
            request_id=request_id,
            success=success,
            credito_ilimitado=credito_ilimitado,
            moeda=moeda,
            saldo=saldo,
            saldo_reservado=saldo_reservado,
        )

        return envelope_balance

