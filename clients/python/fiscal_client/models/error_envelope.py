from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.error_body import ErrorBody





T = TypeVar("T", bound="ErrorEnvelope")



@_attrs_define
class ErrorEnvelope:
    """ 
        Attributes:
            error (ErrorBody):
            request_id (str):
            success (bool):
            confidence_score (float | str | Unset): 0 a 1.
            configuracao_fiscal_percentual (int | Unset):
            documento (str | Unset):
            id (str | Unset):
            preco (str | Unset):
            pronta_para_emitir (bool | Unset):
            ready_to_issue (bool | Unset):
            saldo (str | Unset):
            solicitacao_id (str | Unset):
            status (str | Unset):
     """

    error: ErrorBody
    request_id: str
    success: bool
    confidence_score: float | str | Unset = UNSET
    configuracao_fiscal_percentual: int | Unset = UNSET
    documento: str | Unset = UNSET
    id: str | Unset = UNSET
    preco: str | Unset = UNSET
    pronta_para_emitir: bool | Unset = UNSET
    ready_to_issue: bool | Unset = UNSET
    saldo: str | Unset = UNSET
    solicitacao_id: str | Unset = UNSET
    status: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        from ..models.error_body import ErrorBody # noqa: PLC0415
        error = self.error.to_dict()

        request_id = self.request_id

        success = self.success

        confidence_score: float | str | Unset
        if isinstance(self.confidence_score, Unset):
            confidence_score = UNSET
        else:
            confidence_score = self.confidence_score

        configuracao_fiscal_percentual = self.configuracao_fiscal_percentual

        documento = self.documento

        id = self.id

        preco = self.preco

        pronta_para_emitir = self.pronta_para_emitir

        ready_to_issue = self.ready_to_issue

        saldo = self.saldo

        solicitacao_id = self.solicitacao_id

        status = self.status


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "error": error,
            "request_id": request_id,
            "success": success,
        })
        if confidence_score is not UNSET:
            field_dict["confidence_score"] = confidence_score
        if configuracao_fiscal_percentual is not UNSET:
            field_dict["configuracao_fiscal_percentual"] = configuracao_fiscal_percentual
        if documento is not UNSET:
            field_dict["documento"] = documento
        if id is not UNSET:
            field_dict["id"] = id
        if preco is not UNSET:
            field_dict["preco"] = preco
        if pronta_para_emitir is not UNSET:
            field_dict["pronta_para_emitir"] = pronta_para_emitir
        if ready_to_issue is not UNSET:
            field_dict["ready_to_issue"] = ready_to_issue
        if saldo is not UNSET:
            field_dict["saldo"] = saldo
        if solicitacao_id is not UNSET:
            field_dict["solicitacao_id"] = solicitacao_id
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.error_body import ErrorBody # noqa: PLC0415
        d = dict(src_dict)
        error = ErrorBody.from_dict(d.pop("error"))




        request_id = d.pop("request_id")

        success = d.pop("success")

        def _parse_confidence_score(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        confidence_score = _parse_confidence_score(d.pop("confidence_score", UNSET))


        configuracao_fiscal_percentual = d.pop("configuracao_fiscal_percentual", UNSET)

        documento = d.pop("documento", UNSET)

        id = d.pop("id", UNSET)

        preco = d.pop("preco", UNSET)

        pronta_para_emitir = d.pop("pronta_para_emitir", UNSET)

        ready_to_issue = d.pop("ready_to_issue", UNSET)

        saldo = d.pop("saldo", UNSET)

        solicitacao_id = d.pop("solicitacao_id", UNSET)

        status = d.pop("status", UNSET)

        error_envelope = cls(
            error=error,
            request_id=request_id,
            success=success,
            confidence_score=confidence_score,
            configuracao_fiscal_percentual=configuracao_fiscal_percentual,
            documento=documento,
            id=id,
            preco=preco,
            pronta_para_emitir=pronta_para_emitir,
            ready_to_issue=ready_to_issue,
            saldo=saldo,
            solicitacao_id=solicitacao_id,
            status=status,
        )


        error_envelope.additional_properties = d
        return error_envelope

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
