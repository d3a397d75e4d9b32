from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.producer_certificate_status import ProducerCertificateStatus
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="ProducerCertificate")



@_attrs_define
class ProducerCertificate:
    """ 
        Attributes:
            status (ProducerCertificateStatus | Unset):
            validade (datetime.date | None | Unset):
     """

    status: ProducerCertificateStatus | Unset = UNSET
    validade: datetime.date | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        validade: None | str | Unset
        if isinstance(self.validade, Unset):
            validade = UNSET
        elif isinstance(self.validade, datetime.date):
            validade = self.validade.isoformat()
        else:
            validade = self.validade


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if status is not UNSET:
            field_dict["status"] = status
        if validade is not UNSET:
            field_dict["validade"] = validade

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        _status = d.pop("status", UNSET)
        status: ProducerCertificateStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = ProducerCertificateStatus(_status)




        def _parse_validade(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validade_type_0 = datetime.date.fromisoformat(data)



                return validade_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        validade = _parse_validade(d.pop("validade", UNSET))


        producer_certificate = cls(
            status=status,
            validade=validade,
        )

        return producer_certificate

