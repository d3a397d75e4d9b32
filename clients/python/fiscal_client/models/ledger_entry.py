from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="LedgerEntry")



@_attrs_define
class LedgerEntry:
    """ 
        Attributes:
            data (datetime.datetime | Unset):
            descricao (None | str | Unset):
            documento_id (None | str | Unset):
            id (str | Unset):
            pagamento_id (None | str | Unset):
            referencia (None | str | Unset):
            saldo_anterior (str | Unset):
            saldo_posterior (str | Unset):
            tipo (str | Unset):
            tipo_documento (None | str | Unset):
            valor (str | Unset):
     """

    data: datetime.datetime | Unset = UNSET
    descricao: None | str | Unset = UNSET
    documento_id: None | str | Unset = UNSET
    id: str | Unset = UNSET
    pagamento_id: None | str | Unset = UNSET
    referencia: None | str | Unset = UNSET
    saldo_anterior: str | Unset = UNSET
    saldo_posterior: str | Unset = UNSET
    tipo: str | Unset = UNSET
    tipo_documento: None | str | Unset = UNSET
    valor: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        data: str | Unset = UNSET
        if not isinstance(self.data, Unset):
            data = self.data.isoformat()

        descricao: None | str | Unset
        if isinstance(self.descricao, Unset):
            descricao = UNSET
        else:
            descricao = self.descricao

        documento_id: None | str | Unset
        if isinstance(self.documento_id, Unset):
            documento_id = UNSET
        else:
            documento_id = self.documento_id

        id = self.id

        pagamento_id: None | str | Unset
        if isinstance(self.pagamento_id, Unset):
            pagamento_id = UNSET
        else:
            pagamento_id = self.pagamento_id

        referencia: None | str | Unset
        if isinstance(self.referencia, Unset):
            referencia = UNSET
        else:
            referencia = self.referencia

        saldo_anterior = self.saldo_anterior

        saldo_posterior = self.saldo_posterior

        tipo = self.tipo

        tipo_documento: None | str | Unset
        if isinstance(self.tipo_documento, Unset):
            tipo_documento = UNSET
        else:
            tipo_documento = self.tipo_documento

        valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if data is not UNSET:
            field_dict["data"] = data
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if documento_id is not UNSET:
            field_dict["documento_id"] = documento_id
        if id is not UNSET:
            field_dict["id"] = id
        if pagamento_id is not UNSET:
            field_dict["pagamento_id"] = pagamento_id
        if referencia is not UNSET:
            field_dict["referencia"] = referencia
        if saldo_anterior is not UNSET:
            field_dict["saldo_anterior"] = saldo_anterior
        if saldo_posterior is not UNSET:
            field_dict["saldo_posterior"] = saldo_posterior
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if tipo_documento is not UNSET:
            field_dict["tipo_documento"] = tipo_documento
        if valor is not UNSET:
            field_dict["valor"] = valor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _data = d.pop("data", UNSET)
        data: datetime.datetime | Unset
        if isinstance(_data,  Unset):
            data = UNSET
        else:
            data = datetime.datetime.fromisoformat(_data)




        def _parse_descricao(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        descricao = _parse_descricao(d.pop("descricao", UNSET))


        def _parse_documento_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        documento_id = _parse_documento_id(d.pop("documento_id", UNSET))


        id = d.pop("id", UNSET)

        def _parse_pagamento_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        pagamento_id = _parse_pagamento_id(d.pop("pagamento_id", UNSET))


        def _parse_referencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        referencia = _parse_referencia(d.pop("referencia", UNSET))


        saldo_anterior = d.pop("saldo_anterior", UNSET)

        saldo_posterior = d.pop("saldo_posterior", UNSET)

        tipo = d.pop("tipo", UNSET)

        def _parse_tipo_documento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tipo_documento = _parse_tipo_documento(d.pop("tipo_documento", UNSET))


        valor = d.pop("valor", UNSET)

        ledger_entry = cls(
            data=data,
            descricao=descricao,
            documento_id=documento_id,
            id=id,
            pagamento_id=pagamento_id,
            referencia=referencia,
            saldo_anterior=saldo_anterior,
            saldo_posterior=saldo_posterior,
            tipo=tipo,
            tipo_documento=tipo_documento,
            valor=valor,
        )

        return ledger_entry

