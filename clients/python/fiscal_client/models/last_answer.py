from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="LastAnswer")



@_attrs_define
class LastAnswer:
    """ 
        Attributes:
            c_stat (None | str | Unset): cStat da resposta (ex.: 107, 108, 109).
            causa (None | str | Unset): Falha de comunicação (ex.: CONNECTION_REFUSED, READ_TIMEOUT).
            em (str | Unset): Quando a resposta foi registrada.
            motivo (None | str | Unset): xMotivo, ou por que o pedido não chegou à autoridade.
     """

    c_stat: None | str | Unset = UNSET
    causa: None | str | Unset = UNSET
    em: str | Unset = UNSET
    motivo: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        c_stat: None | str | Unset
        if isinstance(self.c_stat, Unset):
            c_stat = UNSET
        else:
            c_stat = self.c_stat

        causa: None | str | Unset
        if isinstance(self.causa, Unset):
            causa = UNSET
        else:
            causa = self.causa

        em = self.em

        motivo: None | str | Unset
        if isinstance(self.motivo, Unset):
            motivo = UNSET
        else:
            motivo = self.motivo


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if c_stat is not UNSET:
            field_dict["c_stat"] = c_stat
        if causa is not UNSET:
            field_dict["causa"] = causa
        if em is not UNSET:
            field_dict["em"] = em
        if motivo is not UNSET:
            field_dict["motivo"] = motivo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_c_stat(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        c_stat = _parse_c_stat(d.pop("c_stat", UNSET))


        def _parse_causa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        causa = _parse_causa(d.pop("causa", UNSET))


        em = d.pop("em", UNSET)

        def _parse_motivo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        motivo = _parse_motivo(d.pop("motivo", UNSET))


        last_answer = cls(
            c_stat=c_stat,
            causa=causa,
            em=em,
            motivo=motivo,
        )

        return last_answer

