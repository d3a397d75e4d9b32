from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_automatic_answer_atualizados import EnvelopeAutomaticAnswerAtualizados
  from ..models.envelope_automatic_answer_criados import EnvelopeAutomaticAnswerCriados





T = TypeVar("T", bound="EnvelopeAutomaticAnswer")



@_attrs_define
class EnvelopeAutomaticAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            atualizados (EnvelopeAutomaticAnswerAtualizados | Unset): Regras [Auto] atualizadas ao regime informado.
            avisos (list[Any] | Unset):
            configuracao_fiscal_percentual (int | Unset):
            criados (EnvelopeAutomaticAnswerCriados | Unset):
            crt (int | None | Unset):
            pronta_para_emitir (bool | Unset):
            regime (None | str | Unset):
            regras_automaticas_desativadas (int | Unset):
     """

    request_id: str
    success: bool
    atualizados: EnvelopeAutomaticAnswerAtualizados | Unset = UNSET
    avisos: list[Any] | Unset = UNSET
    configuracao_fiscal_percentual: int | Unset = UNSET
    criados: EnvelopeAutomaticAnswerCriados | Unset = UNSET
    crt: int | None | Unset = UNSET
    pronta_para_emitir: bool | Unset = UNSET
    regime: None | str | Unset = UNSET
    regras_automaticas_desativadas: int | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_automatic_answer_atualizados import EnvelopeAutomaticAnswerAtualizados # noqa: PLC0415
        from ..models.envelope_automatic_answer_criados import EnvelopeAutomaticAnswerCriados # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        atualizados: dict[str, Any] | Unset = UNSET
        if not isinstance(self.atualizados, Unset):
            atualizados = self.atualizados.to_dict()

        avisos: list[Any] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        configuracao_fiscal_percentual = self.configuracao_fiscal_percentual

        criados: dict[str, Any] | Unset = UNSET
        if not isinstance(self.criados, Unset):
            criados = self.criados.to_dict()

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        pronta_para_emitir = self.pronta_para_emitir

        regime: None | str | Unset
        if isinstance(self.regime, Unset):
            regime = UNSET
        else:
            regime = self.regime

        regras_automaticas_desativadas = self.regras_automaticas_desativadas


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if atualizados is not UNSET:
            field_dict["atualizados"] = atualizados
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if configuracao_fiscal_percentual is not UNSET:
            field_dict["configuracao_fiscal_percentual"] = configuracao_fiscal_percentual
        if criados is not UNSET:
            field_dict["criados"] = criados
        if crt is not UNSET:
            field_dict["crt"] = crt
        if pronta_para_emitir is not UNSET:
            field_dict["pronta_para_emitir"] = pronta_para_emitir
        if regime is not UNSET:
            field_dict["regime"] = regime
        if regras_automaticas_desativadas is not UNSET:
            field_dict["regras_automaticas_desativadas"] = regras_automaticas_desativadas

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_automatic_answer_atualizados import EnvelopeAutomaticAnswerAtualizados # noqa: PLC0415
        from ..models.envelope_automatic_answer_criados import EnvelopeAutomaticAnswerCriados # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _atualizados = d.pop("atualizados", UNSET)
        atualizados: EnvelopeAutomaticAnswerAtualizados | Unset
        if isinstance(_atualizados,  Unset):
            atualizados = UNSET
        else:
            atualizados = EnvelopeAutomaticAnswerAtualizados.from_dict(_atualizados)




        avisos = cast(list[Any], d.pop("avisos", UNSET))


        configuracao_fiscal_percentual = d.pop("configuracao_fiscal_percentual", UNSET)

        _criados = d.pop("criados", UNSET)
        criados: EnvelopeAutomaticAnswerCriados | Unset
        if isinstance(_criados,  Unset):
            criados = UNSET
        else:
            criados = EnvelopeAutomaticAnswerCriados.from_dict(_criados)




        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        pronta_para_emitir = d.pop("pronta_para_emitir", UNSET)

        def _parse_regime(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        regime = _parse_regime(d.pop("regime", UNSET))


        regras_automaticas_desativadas = d.pop("regras_automaticas_desativadas", UNSET)

        envelope_automatic_answer = cls(
            request_id=request_id,
            success=success,
            atualizados=atualizados,
            avisos=avisos,
            configuracao_fiscal_percentual=configuracao_fiscal_percentual,
            criados=criados,
            crt=crt,
            pronta_para_emitir=pronta_para_emitir,
            regime=regime,
            regras_automaticas_desativadas=regras_automaticas_desativadas,
        )

        return envelope_automatic_answer

