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
  from ..models.producer_record import ProducerRecord





T = TypeVar("T", bound="EnvelopeProducerCreated")



@_attrs_define
class EnvelopeProducerCreated:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            avisos (list[Any] | Unset):
            configuracao_automatica (AutomaticAnswer | Unset):
            empresa (str | Unset): Código da empresa criada.
            produtor (ProducerRecord | Unset):
     """

    request_id: str
    success: bool
    avisos: list[Any] | Unset = UNSET
    configuracao_automatica: AutomaticAnswer | Unset = UNSET
    empresa: str | Unset = UNSET
    produtor: ProducerRecord | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.automatic_answer import AutomaticAnswer # noqa: PLC0415
        from ..models.producer_record import ProducerRecord # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        avisos: list[Any] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        configuracao_automatica: dict[str, Any] | Unset = UNSET
        if not isinstance(self.configuracao_automatica, Unset):
            configuracao_automatica = self.configuracao_automatica.to_dict()

        empresa = self.empresa

        produtor: dict[str, Any] | Unset = UNSET
        if not isinstance(self.produtor, Unset):
            produtor = self.produtor.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if configuracao_automatica is not UNSET:
            field_dict["configuracao_automatica"] = configuracao_automatica
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if produtor is not UNSET:
            field_dict["produtor"] = produtor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.automatic_answer import AutomaticAnswer # noqa: PLC0415
        from ..models.producer_record import ProducerRecord # noqa: PLC0415
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




        empresa = d.pop("empresa", UNSET)

        _produtor = d.pop("produtor", UNSET)
        produtor: ProducerRecord | Unset
        if isinstance(_produtor,  Unset):
            produtor = UNSET
        else:
            produtor = ProducerRecord.from_dict(_produtor)




        envelope_producer_created = cls(
            request_id=request_id,
            success=success,
            avisos=avisos,
            configuracao_automatica=configuracao_automatica,
            empresa=empresa,
            produtor=produtor,
        )

        return envelope_producer_created

