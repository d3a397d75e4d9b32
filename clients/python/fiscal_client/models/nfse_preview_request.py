from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.inline_customer import InlineCustomer
  from ..models.service_request import ServiceRequest





T = TypeVar("T", bound="NfsePreviewRequest")



@_attrs_define
class NfsePreviewRequest:
    """ 
        Attributes:
            servico (ServiceRequest):
            aceitar_revisao (bool | Unset): Exige `override`.
            competencia (datetime.date | Unset): Data de competência (padrão: hoje).
            data_operacao (datetime.date | Unset):
            desconto (float | str | Unset): Desconto incondicionado.
            empresa (str | Unset):
            empresa_id (str | Unset):
            observacoes (str | Unset):
            override_motivo (str | Unset):
            pedido (str | Unset):
            tomador (InlineCustomer | str | Unset):
     """

    servico: ServiceRequest
    aceitar_revisao: bool | Unset = UNSET
    competencia: datetime.date | Unset = UNSET
    data_operacao: datetime.date | Unset = UNSET
    desconto: float | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    observacoes: str | Unset = UNSET
    override_motivo: str | Unset = UNSET
    pedido: str | Unset = UNSET
    tomador: InlineCustomer | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.service_request import ServiceRequest # noqa: PLC0415
        servico = self.servico.to_dict()

        aceitar_revisao = self.aceitar_revisao

        competencia: str | Unset = UNSET
        if not isinstance(self.competencia, Unset):
            competencia = self.competencia.isoformat()

        data_operacao: str | Unset = UNSET
        if not isinstance(self.data_operacao, Unset):
            data_operacao = self.data_operacao.isoformat()

        desconto: float | str | Unset
        if isinstance(self.desconto, Unset):
            desconto = UNSET
        else:
            desconto = self.desconto

        empresa = self.empresa

        empresa_id = self.empresa_id

        observacoes = self.observacoes

        override_motivo = self.override_motivo

        pedido = self.pedido

        tomador: dict[str, Any] | str | Unset
        if isinstance(self.tomador, Unset):
            tomador = UNSET
        elif isinstance(self.tomador, InlineCustomer):
            tomador = self.tomador.to_dict()
        else:
            tomador = self.tomador


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "servico": servico,
        })
        if aceitar_revisao is not UNSET:
            field_dict["aceitar_revisao"] = aceitar_revisao
        if competencia is not UNSET:
            field_dict["competencia"] = competencia
        if data_operacao is not UNSET:
            field_dict["data_operacao"] = data_operacao
        if desconto is not UNSET:
            field_dict["desconto"] = desconto
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if override_motivo is not UNSET:
            field_dict["override_motivo"] = override_motivo
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if tomador is not UNSET:
            field_dict["tomador"] = tomador

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.service_request import ServiceRequest # noqa: PLC0415
        d = dict(src_dict)
        servico = ServiceRequest.from_dict(d.pop("servico"))




        aceitar_revisao = d.pop("aceitar_revisao", UNSET)

        _competencia = d.pop("competencia", UNSET)
        competencia: datetime.date | Unset
        if isinstance(_competencia,  Unset):
            competencia = UNSET
        else:
            competencia = datetime.date.fromisoformat(_competencia)




        _data_operacao = d.pop("data_operacao", UNSET)
        data_operacao: datetime.date | Unset
        if isinstance(_data_operacao,  Unset):
            data_operacao = UNSET
        else:
            data_operacao = datetime.date.fromisoformat(_data_operacao)




        def _parse_desconto(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        desconto = _parse_desconto(d.pop("desconto", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        observacoes = d.pop("observacoes", UNSET)

        override_motivo = d.pop("override_motivo", UNSET)

        pedido = d.pop("pedido", UNSET)

        def _parse_tomador(data: object) -> InlineCustomer | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tomador_type_1 = InlineCustomer.from_dict(data)



                return tomador_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str | Unset, data)

        tomador = _parse_tomador(d.pop("tomador", UNSET))


        nfse_preview_request = cls(
            servico=servico,
            aceitar_revisao=aceitar_revisao,
            competencia=competencia,
            data_operacao=data_operacao,
            desconto=desconto,
            empresa=empresa,
            empresa_id=empresa_id,
            observacoes=observacoes,
            override_motivo=override_motivo,
            pedido=pedido,
            tomador=tomador,
        )

        return nfse_preview_request

