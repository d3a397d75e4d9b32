from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_wallet_status_precos import EnvelopeWalletStatusPrecos





T = TypeVar("T", bound="EnvelopeWalletStatus")



@_attrs_define
class EnvelopeWalletStatus:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            alerta_saldo (str | Unset):
            credito_ilimitado (bool | Unset):
            moeda (str | Unset):
            precos (EnvelopeWalletStatusPrecos | Unset):
            saldo (str | Unset):
            saldo_baixo (bool | Unset):
            saldo_reservado (str | Unset):
     """

    request_id: str
    success: bool
    alerta_saldo: str | Unset = UNSET
    credito_ilimitado: bool | Unset = UNSET
    moeda: str | Unset = UNSET
    precos: EnvelopeWalletStatusPrecos | Unset = UNSET
    saldo: str | Unset = UNSET
    saldo_baixo: bool | Unset = UNSET
    saldo_reservado: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_wallet_status_precos import EnvelopeWalletStatusPrecos # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        alerta_saldo = self.alerta_saldo

        credito_ilimitado = self.credito_ilimitado

        moeda = self.moeda

        precos: dict[str, Any] | Unset = UNSET
        if not isinstance(self.precos, Unset):
            precos = self.precos.to_dict()

        saldo = self.saldo

        saldo_baixo = self.saldo_baixo

        saldo_reservado = self.saldo_reservado


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if alerta_saldo is not UNSET:
            field_dict["alerta_saldo"] = alerta_saldo
        if credito_ilimitado is not UNSET:
            field_dict["credito_ilimitado"] = credito_ilimitado
        if moeda is not UNSET:
            field_dict["moeda"] = moeda
        if precos is not UNSET:
            field_dict["precos"] = precos
        if saldo is not UNSET:
            field_dict["saldo"] = saldo
        if saldo_baixo is not UNSET:
            field_dict["saldo_baixo"] = saldo_baixo
        if saldo_reservado is not UNSET:
            field_dict["saldo_reservado"] = saldo_reservado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_wallet_status_precos import EnvelopeWalletStatusPrecos # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        alerta_saldo = d.pop("alerta_saldo", UNSET)

        credito_ilimitado = d.pop("credito_ilimitado", UNSET)

        moeda = d.pop("moeda", UNSET)

        _precos = d.pop("precos", UNSET)
        precos: EnvelopeWalletStatusPrecos | Unset
        if isinstance(_precos,  Unset):
            precos = UNSET
        else:
            precos = EnvelopeWalletStatusPrecos.from_dict(_precos)




        saldo = d.pop("saldo", UNSET)

        saldo_baixo = d.pop("saldo_baixo", UNSET)

        saldo_reservado = d.pop("saldo_reservado", UNSET)

        envelope_wallet_status = cls(
            request_id=request_id,
            success=success,
            alerta_saldo=alerta_saldo,
            credito_ilimitado=credito_ilimitado,
            moeda=moeda,
            precos=precos,
            saldo=saldo,
            saldo_baixo=saldo_baixo,
            saldo_reservado=saldo_reservado,
        )

        return envelope_wallet_status

