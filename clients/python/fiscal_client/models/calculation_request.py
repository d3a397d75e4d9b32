from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.calculation_request_contexto_type_1 import CalculationRequestContextoType1
from ..models.calculation_request_contexto_type_2_type_1 import CalculationRequestContextoType2Type1
from ..models.calculation_request_contexto_type_3_type_1 import CalculationRequestContextoType3Type1
from ..models.calculation_request_documento import CalculationRequestDocumento
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.calculation_request_operacao import CalculationRequestOperacao





T = TypeVar("T", bound="CalculationRequest")



@_attrs_define
class CalculationRequest:
    """ 
        Attributes:
            documento (CalculationRequestDocumento):
            operacao (CalculationRequestOperacao):
            contexto (CalculationRequestContextoType1 | CalculationRequestContextoType2Type1 |
                CalculationRequestContextoType3Type1 | None | Unset):
            empresa (None | str | Unset):
            empresa_id (None | str | Unset):
     """

    documento: CalculationRequestDocumento
    operacao: CalculationRequestOperacao
    contexto: CalculationRequestContextoType1 | CalculationRequestContextoType2Type1 | CalculationRequestContextoType3Type1 | None | Unset = UNSET
    empresa: None | str | Unset = UNSET
    empresa_id: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.calculation_request_operacao import CalculationRequestOperacao # noqa: PLC0415
        documento = self.documento.value

        operacao = self.operacao.to_dict()

        contexto: None | str | Unset
        if isinstance(self.contexto, Unset):
            contexto = UNSET
        elif isinstance(self.contexto, CalculationRequestContextoType1):
            contexto = self.contexto.value
        elif isinstance(self.contexto, CalculationRequestContextoType2Type1):
            contexto = self.contexto.value
        elif isinstance(self.contexto, CalculationRequestContextoType3Type1):
            contexto = self.contexto.value
        else:
            contexto = self.contexto

        empresa: None | str | Unset
        if isinstance(self.empresa, Unset):
            empresa = UNSET
        else:
            empresa = self.empresa

        empresa_id: None | str | Unset
        if isinstance(self.empresa_id, Unset):
            empresa_id = UNSET
        else:
            empresa_id = self.empresa_id


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "documento": documento,
            "operacao": operacao,
        })
        if contexto is not UNSET:
            field_dict["contexto"] = contexto
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.calculation_request_operacao import CalculationRequestOperacao # noqa: PLC0415
        d = dict(src_dict)
        documento = CalculationRequestDocumento(d.pop("documento"))




        operacao = CalculationRequestOperacao.from_dict(d.pop("operacao"))




        def _parse_contexto(data: object) -> CalculationRequestContextoType1 | CalculationRequestContextoType2Type1 | CalculationRequestContextoType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_1 = CalculationRequestContextoType1(data)



                return contexto_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_2_type_1 = CalculationRequestContextoType2Type1(data)



                return contexto_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_3_type_1 = CalculationRequestContextoType3Type1(data)



                return contexto_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CalculationRequestContextoType1 | CalculationRequestContextoType2Type1 | CalculationRequestContextoType3Type1 | None | Unset, data)

        contexto = _parse_contexto(d.pop("contexto", UNSET))


        def _parse_empresa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa = _parse_empresa(d.pop("empresa", UNSET))


        def _parse_empresa_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa_id = _parse_empresa_id(d.pop("empresa_id", UNSET))


        calculation_request = cls(
            documento=documento,
            operacao=operacao,
            contexto=contexto,
            empresa=empresa,
            empresa_id=empresa_id,
        )

        return calculation_request

