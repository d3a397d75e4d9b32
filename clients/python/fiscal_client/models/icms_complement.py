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
            aliquota (float | str | Unset): pICMS da diferença; ausente, a alíquota da regra.
            aliquota_st (float | str | Unset): pICMSST da diferença; ausente, a alíquota ST da regra ou a interna do
                destino.
            base (float | str | Unset): vBC do complemento (a base sobre a qual falta o ICMS).
            base_st (float | str | Unset): vBCST do complemento de ICMS-ST (a base sobre a qual falta o ICMS-ST, MVA e
                redução já aplicadas).
     """

    aliquota: float | str | Unset = UNSET
    aliquota_st: float | str | Unset = UNSET
    base: float | str | Unset = UNSET
    base_st: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        aliquota: float | str | Unset
        if isinstance(self.aliquota, Unset):
            aliquota = UNSET
        else:
            aliquota = self.aliquota

        aliquota_st: float | str | Unset
        if isinstance(self.aliquota_st, Unset):
            aliquota_st = UNSET
        else:
            aliquota_st = self.aliquota_st

        base: float | str | Unset
        if isinstance(self.base, Unset):
            base = UNSET
        else:
            base = self.base

        base_st: float | str | Unset
        if isinstance(self.base_st, Unset):
            base_st = UNSET
        else:
            base_st = self.base_st


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if aliquota is not UNSET:
            field_dict["aliquota"] = aliquota
        if aliquota_st is not UNSET:
            field_dict["aliquota_st"] = aliquota_st
        if base is not UNSET:
            field_dict["base"] = base
        if base_st is not UNSET:
            field_dict["base_st"] = base_st

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_aliquota(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        aliquota = _parse_aliquota(d.pop("aliquota", UNSET))


        def _parse_aliquota_st(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        aliquota_st = _parse_aliquota_st(d.pop("aliquota_st", UNSET))


        def _parse_base(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        base = _parse_base(d.pop("base", UNSET))


        def _parse_base_st(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        base_st = _parse_base_st(d.pop("base_st", UNSET))


        icms_complement = cls(
            aliquota=aliquota,
            aliquota_st=aliquota_st,
            base=base,
            base_st=base_st,
        )

        return icms_complement

