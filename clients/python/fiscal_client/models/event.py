from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Event")



@_attrs_define
class Event:
    """ 
        Attributes:
            criado_em (datetime.datetime | None | Unset):
            id (str | Unset):
            protocolo (None | str | Unset):
            sequencia (int | Unset):
            status (str | Unset):
            texto (None | str | Unset):
            tipo (str | Unset):  Example: CANCELAMENTO.
     """

    criado_em: datetime.datetime | None | Unset = UNSET
    id: str | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    sequencia: int | Unset = UNSET
    status: str | Unset = UNSET
    texto: None | str | Unset = UNSET
    tipo: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        criado_em: None | str | Unset
        if isinstance(self.criado_em, Unset):
            criado_em = UNSET
        elif isinstance(self.criado_em, datetime.datetime):
            criado_em = self.criado_em.isoformat()
        else:
            criado_em = self.criado_em

        id = self.id

        protocolo: None | str | Unset
        if isinstance(self.protocolo, Unset):
            protocolo = UNSET
        else:
            protocolo = self.protocolo

        sequencia = self.sequencia

        status = self.status

        texto: None | str | Unset
        if isinstance(self.texto, Unset):
            texto = UNSET
        else:
            texto = self.texto

        tipo = self.tipo


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if id is not UNSET:
            field_dict["id"] = id
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if sequencia is not UNSET:
            field_dict["sequencia"] = sequencia
        if status is not UNSET:
            field_dict["status"] = status
        if texto is not UNSET:
            field_dict["texto"] = texto
        if tipo is not UNSET:
            field_dict["tipo"] = tipo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_criado_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                criado_em_type_0 = datetime.datetime.fromisoformat(data)



                return criado_em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        criado_em = _parse_criado_em(d.pop("criado_em", UNSET))


        id = d.pop("id", UNSET)

        def _parse_protocolo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        protocolo = _parse_protocolo(d.pop("protocolo", UNSET))


        sequencia = d.pop("sequencia", UNSET)

        status = d.pop("status", UNSET)

        def _parse_texto(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        texto = _parse_texto(d.pop("texto", UNSET))


        tipo = d.pop("tipo", UNSET)

        event = cls(
            criado_em=criado_em,
            id=id,
            protocolo=protocolo,
            sequencia=sequencia,
            status=status,
            texto=texto,
            tipo=tipo,
        )

        return event

