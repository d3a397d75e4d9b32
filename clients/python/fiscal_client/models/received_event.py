from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ReceivedEvent")



@_attrs_define
class ReceivedEvent:
    """ 
        Attributes:
            n_seq (int | Unset):
            protocolo (None | str | Unset):
            registrado_em (datetime.datetime | Unset):
            tp_evento (str | Unset): 110111 cancelamento, 210200/210210/210220/210240 manifestação, 610110 desacordo (CT-e),
                101101 cancelamento da NFS-e.
     """

    n_seq: int | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    registrado_em: datetime.datetime | Unset = UNSET
    tp_evento: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        n_seq = self.n_seq

        protocolo: None | str | Unset
        if isinstance(self.protocolo, Unset):
            protocolo = UNSET
        else:
            protocolo = self.protocolo

        registrado_em: str | Unset = UNSET
        if not isinstance(self.registrado_em, Unset):
            registrado_em = self.registrado_em.isoformat()

        tp_evento = self.tp_evento


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if n_seq is not UNSET:
            field_dict["n_seq"] = n_seq
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if registrado_em is not UNSET:
            field_dict["registrado_em"] = registrado_em
        if tp_evento is not UNSET:
            field_dict["tp_evento"] = tp_evento

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        n_seq = d.pop("n_seq", UNSET)

        def _parse_protocolo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        protocolo = _parse_protocolo(d.pop("protocolo", UNSET))


        _registrado_em = d.pop("registrado_em", UNSET)
        registrado_em: datetime.datetime | Unset
        if isinstance(_registrado_em,  Unset):
            registrado_em = UNSET
        else:
            registrado_em = datetime.datetime.fromisoformat(_registrado_em)




        tp_evento = d.pop("tp_evento", UNSET)

        received_event = cls(
            n_seq=n_seq,
            protocolo=protocolo,
            registrado_em=registrado_em,
            tp_evento=tp_evento,
        )

        return received_event

