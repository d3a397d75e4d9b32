from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.nfse_cancel_codigo_motivo import NfseCancelCodigoMotivo
from ..types import UNSET, Unset






T = TypeVar("T", bound="NfseCancel")



@_attrs_define
class NfseCancel:
    """ 
        Attributes:
            justificativa (str):
            codigo_motivo (NfseCancelCodigoMotivo | Unset):  Default: NfseCancelCodigoMotivo.VALUE_9.
     """

    justificativa: str
    codigo_motivo: NfseCancelCodigoMotivo | Unset = NfseCancelCodigoMotivo.VALUE_9





    def to_dict(self) -> dict[str, Any]:
        justificativa = self.justificativa

        codigo_motivo: int | Unset = UNSET
        if not isinstance(self.codigo_motivo, Unset):
            codigo_motivo = self.codigo_motivo.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "justificativa": justificativa,
        })
        if codigo_motivo is not UNSET:
            field_dict["codigo_motivo"] = codigo_motivo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        justificativa = d.pop("justificativa")

        _codigo_motivo = d.pop("codigo_motivo", UNSET)
        codigo_motivo: NfseCancelCodigoMotivo | Unset
        if isinstance(_codigo_motivo,  Unset):
            codigo_motivo = UNSET
        else:
            codigo_motivo = NfseCancelCodigoMotivo(_codigo_motivo)




        nfse_cancel = cls(
            justificativa=justificativa,
            codigo_motivo=codigo_motivo,
        )

        return nfse_cancel

