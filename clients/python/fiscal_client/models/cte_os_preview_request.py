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
  from ..models.charter import Charter
  from ..models.component import Component
  from ..models.cte_os_reference import CteOsReference
  from ..models.cte_os_service import CteOsService
  from ..models.cte_os_vehicle import CteOsVehicle
  from ..models.cte_place import CtePlace
  from ..models.fiscal import Fiscal
  from ..models.inline_customer import InlineCustomer
  from ..models.transport import Transport





T = TypeVar("T", bound="CteOsPreviewRequest")



@_attrs_define
class CteOsPreviewRequest:
    """ 
        Attributes:
            destino (CtePlace):
            origem (CtePlace):
            servico (CteOsService):
            tomador (InlineCustomer | str):
            valor_prestacao (float | str):
            componentes (list[Component] | Unset):
            data_operacao (datetime.date | Unset):
            documentos_referenciados (list[CteOsReference] | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            fiscal (Fiscal | Unset):
            fretamento (Charter | Unset):
            natureza_operacao (str | Unset):
            observacoes (str | Unset):
            pedido (str | Unset):
            percurso (list[str] | Unset):
            transporte (Transport | Unset):
            veiculo (CteOsVehicle | str | Unset):
     """

    destino: CtePlace
    origem: CtePlace
    servico: CteOsService
    tomador: InlineCustomer | str
    valor_prestacao: float | str
    componentes: list[Component] | Unset = UNSET
    data_operacao: datetime.date | Unset = UNSET
    documentos_referenciados: list[CteOsReference] | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    fiscal: Fiscal | Unset = UNSET
    fretamento: Charter | Unset = UNSET
    natureza_operacao: str | Unset = UNSET
    observacoes: str | Unset = UNSET
    pedido: str | Unset = UNSET
    percurso: list[str] | Unset = UNSET
    transporte: Transport | Unset = UNSET
    veiculo: CteOsVehicle | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.charter import Charter # noqa: PLC0415
        from ..models.component import Component # noqa: PLC0415
        from ..models.cte_os_reference import CteOsReference # noqa: PLC0415
        from ..models.cte_os_service import CteOsService # noqa: PLC0415
        from ..models.cte_os_vehicle import CteOsVehicle # noqa: PLC0415
        from ..models.cte_place import CtePlace # noqa: PLC0415
        from ..models.fiscal import Fiscal # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.transport import Transport # noqa: PLC0415
        destino = self.destino.to_dict()

        origem = self.origem.to_dict()

        servico = self.servico.to_dict()

        tomador: dict[str, Any] | str
        if isinstance(self.tomador, InlineCustomer):
            tomador = self.tomador.to_dict()
        else:
            tomador = self.tomador

        valor_prestacao: float | str
        valor_prestacao = self.valor_prestacao

        componentes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.componentes, Unset):
            componentes = []
            for componentes_item_data in self.componentes:
                componentes_item = componentes_item_data.to_dict()
                componentes.append(componentes_item)



        data_operacao: str | Unset = UNSET
        if not isinstance(self.data_operacao, Unset):
            data_operacao = self.data_operacao.isoformat()

        documentos_referenciados: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documentos_referenciados, Unset):
            documentos_referenciados = []
            for documentos_referenciados_item_data in self.documentos_referenciados:
                documentos_referenciados_item = documentos_referenciados_item_data.to_dict()
                documentos_referenciados.append(documentos_referenciados_item)



        empresa = self.empresa

        empresa_id = self.empresa_id

        fiscal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fiscal, Unset):
            fiscal = self.fiscal.to_dict()

        fretamento: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fretamento, Unset):
            fretamento = self.fretamento.to_dict()

        natureza_operacao = self.natureza_operacao

        observacoes = self.observacoes

        pedido = self.pedido

        percurso: list[str] | Unset = UNSET
        if not isinstance(self.percurso, Unset):
            percurso = self.percurso



        transporte: dict[str, Any] | Unset = UNSET
        if not isinstance(self.transporte, Unset):
            transporte = self.transporte.to_dict()

        veiculo: dict[str, Any] | str | Unset
        if isinstance(self.veiculo, Unset):
            veiculo = UNSET
        elif isinstance(self.veiculo, CteOsVehicle):
            veiculo = self.veiculo.to_dict()
        else:
            veiculo = self.veiculo


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "destino": destino,
            "origem": origem,
            "servico": servico,
            "tomador": tomador,
            "valor_prestacao": valor_prestacao,
        })
        if componentes is not UNSET:
            field_dict["componentes"] = componentes
        if data_operacao is not UNSET:
            field_dict["data_operacao"] = data_operacao
        if documentos_referenciados is not UNSET:
            field_dict["documentos_referenciados"] = documentos_referenciados
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if fiscal is not UNSET:
            field_dict["fiscal"] = fiscal
        if fretamento is not UNSET:
            field_dict["fretamento"] = fretamento
        if natureza_operacao is not UNSET:
            field_dict["natureza_operacao"] = natureza_operacao
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if percurso is not UNSET:
            field_dict["percurso"] = percurso
        if transporte is not UNSET:
            field_dict["transporte"] = transporte
        if veiculo is not UNSET:
            field_dict["veiculo"] = veiculo

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.charter import Charter # noqa: PLC0415
        from ..models.component import Component # noqa: PLC0415
        from ..models.cte_os_reference import CteOsReference # noqa: PLC0415
        from ..models.cte_os_service import CteOsService # noqa: PLC0415
        from ..models.cte_os_vehicle import CteOsVehicle # noqa: PLC0415
        from ..models.cte_place import CtePlace # noqa: PLC0415
        from ..models.fiscal import Fiscal # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.transport import Transport # noqa: PLC0415
        d = dict(src_dict)
        destino = CtePlace.from_dict(d.pop("destino"))




        origem = CtePlace.from_dict(d.pop("origem"))




        servico = CteOsService.from_dict(d.pop("servico"))




        def _parse_tomador(data: object) -> InlineCustomer | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                tomador_type_1 = InlineCustomer.from_dict(data)



                return tomador_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str, data)

        tomador = _parse_tomador(d.pop("tomador"))


        def _parse_valor_prestacao(data: object) -> float | str:
            return cast(float | str, data)

        valor_prestacao = _parse_valor_prestacao(d.pop("valor_prestacao"))


        _componentes = d.pop("componentes", UNSET)
        componentes: list[Component] | Unset = UNSET
        if _componentes is not UNSET:
            componentes = []
            for componentes_item_data in _componentes:
                componentes_item = Component.from_dict(componentes_item_data)



                componentes.append(componentes_item)


        _data_operacao = d.pop("data_operacao", UNSET)
        data_operacao: datetime.date | Unset
        if isinstance(_data_operacao,  Unset):
            data_operacao = UNSET
        else:
            data_operacao = datetime.date.fromisoformat(_data_operacao)




        _documentos_referenciados = d.pop("documentos_referenciados", UNSET)
        documentos_referenciados: list[CteOsReference] | Unset = UNSET
        if _documentos_referenciados is not UNSET:
            documentos_referenciados = []
            for documentos_referenciados_item_data in _documentos_referenciados:
                documentos_referenciados_item = CteOsReference.from_dict(documentos_referenciados_item_data)



                documentos_referenciados.append(documentos_referenciados_item)


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        _fiscal = d.pop("fiscal", UNSET)
        fiscal: Fiscal | Unset
        if isinstance(_fiscal,  Unset):
            fiscal = UNSET
        else:
            fiscal = Fiscal.from_dict(_fiscal)




        _fretamento = d.pop("fretamento", UNSET)
        fretamento: Charter | Unset
        if isinstance(_fretamento,  Unset):
            fretamento = UNSET
        else:
            fretamento = Charter.from_dict(_fretamento)




        natureza_operacao = d.pop("natureza_operacao", UNSET)

        observacoes = d.pop("observacoes", UNSET)

        pedido = d.pop("pedido", UNSET)

        percurso = cast(list[str], d.pop("percurso", UNSET))


        _transporte = d.pop("transporte", UNSET)
        transporte: Transport | Unset
        if isinstance(_transporte,  Unset):
            transporte = UNSET
        else:
            transporte = Transport.from_dict(_transporte)




        def _parse_veiculo(data: object) -> CteOsVehicle | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                veiculo_type_1 = CteOsVehicle.from_dict(data)



                return veiculo_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CteOsVehicle | str | Unset, data)

        veiculo = _parse_veiculo(d.pop("veiculo", UNSET))


        cte_os_preview_request = cls(
            destino=destino,
            origem=origem,
            servico=servico,
            tomador=tomador,
            valor_prestacao=valor_prestacao,
            componentes=componentes,
            data_operacao=data_operacao,
            documentos_referenciados=documentos_referenciados,
            empresa=empresa,
            empresa_id=empresa_id,
            fiscal=fiscal,
            fretamento=fretamento,
            natureza_operacao=natureza_operacao,
            observacoes=observacoes,
            pedido=pedido,
            percurso=percurso,
            transporte=transporte,
            veiculo=veiculo,
        )

        return cte_os_preview_request

