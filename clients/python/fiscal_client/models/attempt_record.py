from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="AttemptRecord")



@_attrs_define
class AttemptRecord:
    """ 
        Attributes:
            em (str | Unset):
            erro (None | str | Unset):
            latencia_ms (int | Unset):
            numero (int | Unset):
            status_http (int | None | Unset):
            timestamp (int | Unset): X-Webhook-Timestamp enviado.
     """

    em: str | Unset = UNSET
    erro: None | str | Unset = UNSET
    latencia_ms: int | Unset = UNSET
    numero: int | Unset = UNSET
    status_http: int | None | Unset = UNSET
    timestamp: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        em = self.em

        erro: None | str | Unset
        if isinstance(self.erro, Unset):
            erro = UNSET
        else:
            erro = self.erro

        latencia_ms = self.latencia_ms

        numero = self.numero

        status_http: int | None | Unset
        if isinstance(self.status_http, Unset):
            status_http = UNSET
        else:
            status_http = self.status_http

        timestamp = self.timestamp


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if em is not UNSET:
            field_dict["em"] = em
        if erro is not UNSET:
            field_dict["erro"] = erro
        if latencia_ms is not UNSET:
            field_dict["latencia_ms"] = latencia_ms
        if numero is not UNSET:
            field_dict["numero"] = numero
        if status_http is not UNSET:
            field_dict["status_http"] = status_http
        if timestamp is not UNSET:
            field_dict["timestamp"] = timestamp

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        em = d.pop("em", UNSET)

        def _parse_erro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        erro = _parse_erro(d.pop("erro", UNSET))


        latencia_ms = d.pop("latencia_ms", UNSET)

        numero = d.pop("numero", UNSET)

        def _parse_status_http(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        status_http = _parse_status_http(d.pop("status_http", UNSET))


        timestamp = d.pop("timestamp", UNSET)

        attempt_record = cls(
            em=em,
            erro=erro,
            latencia_ms=latencia_ms,
            numero=numero,
            status_http=status_http,
            timestamp=timestamp,
        )

        return attempt_record

