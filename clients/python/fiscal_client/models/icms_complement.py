from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="IcmsComplement")



@_attrs_define
class IcmsComplement:
    """ 
        Attributes:
            base (float | str): vBC do complemento (a base sobre a qual falta o ICMS).
            aliquota (float | str | Unset): pICMS da diferença; ausente, a alíquota da regra.
     """

    base: float | str
    aliquota: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        base: float | str
        base = self.base

        aliquota: float | str | Unset
        if isinstance(self.aliquota, Unset):
            aliquota = UNSET
        else:
            aliquota = self.aliquota


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "base": base,
        })
        if aliquota is not UNSET:
            field_dict["aliquota"] = aliquota

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_base(data: object) -> float | str:
            return cast(float | str, data)

        base = _parse_base(d.pop("base"))


        def _parse_aliquota(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        aliquota = _parse_aliquota(d.pop("aliquota", UNSET))


        icms_complement = cls(
            base=base,
            aliquota=aliquota,
        )

        return icms_complement

