from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.field_error import FieldError





T = TypeVar("T", bound="ErrorBody")



@_attrs_define
class ErrorBody:
    """ 
        Attributes:
            code (str): Código do catálogo.
            message (str): O que corrigir.
            details (list[Any] | Unset):
            errors (list[FieldError] | Unset):
            missing (list[Any] | Unset):
            motivos (list[Any] | Unset):
            sefaz_code (str | Unset):
     """

    code: str
    message: str
    details: list[Any] | Unset = UNSET
    errors: list[FieldError] | Unset = UNSET
    missing: list[Any] | Unset = UNSET
    motivos: list[Any] | Unset = UNSET
    sefaz_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.field_error import FieldError # noqa: PLC0415
        code = self.code

        message = self.message

        details: list[Any] | Unset = UNSET
        if not isinstance(self.details, Unset):
            details = self.details



        errors: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.errors, Unset):
            errors = []
            for errors_item_data in self.errors:
                errors_item = errors_item_data.to_dict()
                errors.append(errors_item)



        missing: list[Any] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = self.missing



        motivos: list[Any] | Unset = UNSET
        if not isinstance(self.motivos, Unset):
            motivos = self.motivos



        sefaz_code = self.sefaz_code


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "code": code,
            "message": message,
        })
        if details is not UNSET:
            field_dict["details"] = details
        if errors is not UNSET:
            field_dict["errors"] = errors
        if missing is not UNSET:
            field_dict["missing"] = missing
        if motivos is not UNSET:
            field_dict["motivos"] = motivos
        if sefaz_code is not UNSET:
            field_dict["sefaz_code"] = sefaz_code

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.field_error import FieldError # noqa: PLC0415
        d = dict(src_dict)
        code = d.pop("code")

        message = d.pop("message")

        details = cast(list[Any], d.pop("details", UNSET))


        _errors = d.pop("errors", UNSET)
        errors: list[FieldError] | Unset = UNSET
        if _errors is not UNSET:
            errors = []
            for errors_item_data in _errors:
                errors_item = FieldError.from_dict(errors_item_data)



                errors.append(errors_item)


        missing = cast(list[Any], d.pop("missing", UNSET))


        motivos = cast(list[Any], d.pop("motivos", UNSET))


        sefaz_code = d.pop("sefaz_code", UNSET)

        error_body = cls(
            code=code,
            message=message,
            details=details,
            errors=errors,
            missing=missing,
            motivos=motivos,
            sefaz_code=sefaz_code,
        )


        error_body.additional_properties = d
        return error_body

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
