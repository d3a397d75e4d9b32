from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.certificate_status import CertificateStatus





T = TypeVar("T", bound="EnvelopeCertificateAnswer")



@_attrs_define
class EnvelopeCertificateAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            aviso (None | str | Unset): POST: o 1º problema.
            certificado (CertificateStatus | Unset):
     """

    request_id: str
    success: bool
    aviso: None | str | Unset = UNSET
    certificado: CertificateStatus | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.certificate_status import CertificateStatus # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        aviso: None | str | Unset
        if isinstance(self.aviso, Unset):
            aviso = UNSET
        else:
            aviso = self.aviso

        certificado: dict[str, Any] | Unset = UNSET
        if not isinstance(self.certificado, Unset):
            certificado = self.certificado.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if aviso is not UNSET:
            field_dict["aviso"] = aviso
        if certificado is not UNSET:
            field_dict["certificado"] = certificado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.certificate_status import CertificateStatus # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        def _parse_aviso(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aviso = _parse_aviso(d.pop("aviso", UNSET))


        _certificado = d.pop("certificado", UNSET)
        certificado: CertificateStatus | Unset
        if isinstance(_certificado,  Unset):
            certificado = UNSET
        else:
            certificado = CertificateStatus.from_dict(_certificado)




        envelope_certificate_answer = cls(
            request_id=request_id,
            success=success,
            aviso=aviso,
            certificado=certificado,
        )

        return envelope_certificate_answer

