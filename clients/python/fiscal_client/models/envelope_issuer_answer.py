from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.automatic_answer import AutomaticAnswer
  from ..models.issuer_record import IssuerRecord
  from ..models.step import Step





T = TypeVar("T", bound="EnvelopeIssuerAnswer")



@_attrs_define
class EnvelopeIssuerAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            avisos (list[Any] | Unset): Os da configuração automática.
            configuracao_automatica (AutomaticAnswer | Unset):
            emitente (IssuerRecord | Unset):
            status (Step | Unset):
     """

    request_id: str
    success: bool
    avisos: list[Any] | Unset = UNSET
    configuracao_automatica: AutomaticAnswer | Unset = UNSET
    emitente: IssuerRecord | Unset = UNSET
    status: Step | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.automatic_answer import AutomaticAnswer # noqa: PLC0415
        from ..models.issuer_record import IssuerRecord # noqa: PLC0415
        from ..models.step import Step # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        avisos: list[Any] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        configuracao_automatica: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configuracao_automatica, Unset):
            configuracao_automatica = self.configuracao_automatica.to_dict()

        emitente: dict[str, Any] | Unset = UNSET
        if not isinstance(self.emitente, Unset):
            emitente = self.emitente.to_dict()

        status: dict[str, Any] | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if configuracao_automatica is not UNSET:
            field_dict["configuracao_automatica"] = configuracao_automatica
        if emitente is not UNSET:
            field_dict["emitente"] = emitente
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.automatic_answer import AutomaticAnswer # noqa: PLC0415
        from ..models.issuer_record import IssuerRecord # noqa: PLC0415
        from ..models.step import Step # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        avisos = cast(list[Any], d.pop("avisos", UNSET))


        _configuracao_automatica = d.pop("configuracao_automatica", UNSET)
        configuracao_automatica: AutomaticAnswer | Unset
        if isinstance(_configuracao_automatica,  Unset):
            configuracao_automatica = UNSET
        else:
            configuracao_automatica = AutomaticAnswer.from_dict(_configuracao_automatica)




        _emitente = d.pop("emitente", UNSET)
        emitente: IssuerRecord | Unset
        if isinstance(_emitente,  Unset):
            emitente = UNSET
        else:
            emitente = IssuerRecord.from_dict(_emitente)




        _status = d.pop("status", UNSET)
        status: Step | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = Step.from_dict(_status)




        envelope_issuer_answer = cls(
            request_id=request_id,
            success=success,
            avisos=avisos,
            configuracao_automatica=configuracao_automatica,
            emitente=emitente,
            status=status,
        )

        return envelope_issuer_answer

