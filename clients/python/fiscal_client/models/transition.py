from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Transition")



@_attrs_define
class Transition:
    """ 
        Attributes:
            de (None | str | Unset):
            em (datetime.datetime | None | Unset):
            motivo (None | str | Unset):
            para (str | Unset):
     """

    de: None | str | Unset = UNSET
    em: datetime.datetime | None | Unset = UNSET
    motivo: None | str | Unset = UNSET
    para: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        de: None | str | Unset
        if isinstance(self.de, Unset):
            de = UNSET
        else:
            de = self.de

        em: None | str | Unset
        if isinstance(self.em, Unset):
            em = UNSET
        elif isinstance(self.em, datetime.datetime):
            em = self.em.isoformat()
        else:
            em = self.em

        motivo: None | str | Unset
        if isinstance(self.motivo, Unset):
            motivo = UNSET
        else:
            motivo = self.motivo

        para = self.para


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if de is not UNSET:
            field_dict["de"] = de
        if em is not UNSET:
            field_dict["em"] = em
        if motivo is not UNSET:
            field_dict["motivo"] = motivo
        if para is not UNSET:
            field_dict["para"] = para

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_de(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        de = _parse_de(d.pop("de", UNSET))


        def _parse_em(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                em_type_0 = datetime.datetime.fromisoformat(data)



                return em_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        em = _parse_em(d.pop("em", UNSET))


        def _parse_motivo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        motivo = _parse_motivo(d.pop("motivo", UNSET))


        para = d.pop("para", UNSET)

        transition = cls(
            de=de,
            em=em,
            motivo=motivo,
            para=para,
        )

        return transition

