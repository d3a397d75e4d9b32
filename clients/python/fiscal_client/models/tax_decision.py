from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.rule_decision import RuleDecision





T = TypeVar("T", bound="TaxDecision")



@_attrs_define
class TaxDecision:
    """ 
        Attributes:
            data_operacao (str | Unset):
            regra_iva (None | RuleDecision | Unset):
            regra_tributaria (None | RuleDecision | Unset):
     """

    data_operacao: str | Unset = UNSET
    regra_iva: None | RuleDecision | Unset = UNSET
    regra_tributaria: None | RuleDecision | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.rule_decision import RuleDecision # noqa: PLC0415
        data_operacao = self.data_operacao

        regra_iva: dict[str, Any] | None | Unset
        if isinstance(self.regra_iva, Unset):
            regra_iva = UNSET
        elif isinstance(self.regra_iva, RuleDecision):
            regra_iva = self.regra_iva.to_dict()
        else:
            regra_iva = self.regra_iva

        regra_tributaria: dict[str, Any] | None | Unset
        if isinstance(self.regra_tributaria, Unset):
            regra_tributaria = UNSET
        elif isinstance(self.regra_tributaria, RuleDecision):
            regra_tributaria = self.regra_tributaria.to_dict()
        else:
            regra_tributaria = self.regra_tributaria


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if data_operacao is not UNSET:
            field_dict["data_operacao"] = data_operacao
        if regra_iva is not UNSET:
            field_dict["regra_iva"] = regra_iva
        if regra_tributaria is not UNSET:
            field_dict["regra_tributaria"] = regra_tributaria

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.rule_decision import RuleDecision # noqa: PLC0415
        d = dict(src_dict)
        data_operacao = d.pop("data_operacao", UNSET)

        def _parse_regra_iva(data: object) -> None | RuleDecision | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                regra_iva_type_1 = RuleDecision.from_dict(data)



                return regra_iva_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleDecision | Unset, data)

        regra_iva = _parse_regra_iva(d.pop("regra_iva", UNSET))


        def _parse_regra_tributaria(data: object) -> None | RuleDecision | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                regra_tributaria_type_1 = RuleDecision.from_dict(data)



                return regra_tributaria_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | RuleDecision | Unset, data)

        regra_tributaria = _parse_regra_tributaria(d.pop("regra_tributaria", UNSET))


        tax_decision = cls(
            data_operacao=data_operacao,
            regra_iva=regra_iva,
            regra_tributaria=regra_tributaria,
        )

        return tax_decision

