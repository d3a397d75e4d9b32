from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.mdfe_issue_request_tipo_emitente import MdfeIssueRequestTipoEmitente
from ..models.mdfe_issue_request_tipo_transportador import MdfeIssueRequestTipoTransportador
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.inline_driver import InlineDriver
  from ..models.insurance import Insurance
  from ..models.mdfe_cargo import MdfeCargo
  from ..models.mdfe_listed_document import MdfeListedDocument
  from ..models.route import Route





T = TypeVar("T", bound="MdfeIssueRequest")



@_attrs_define
class MdfeIssueRequest:
    """ 
        Attributes:
            carga (MdfeCargo):
            condutores (list[InlineDriver | str]):
            documentos (list[MdfeListedDocument]):
            pedido (str):
            veiculo (str):
            empresa (str | Unset):
            empresa_id (str | Unset):
            observacoes (str | Unset):
            percurso (Route | Unset):
            reboques (list[str] | Unset):
            seguro (Insurance | Unset):
            tipo_emitente (MdfeIssueRequestTipoEmitente | Unset):  Default: MdfeIssueRequestTipoEmitente.VALUE_1.
            tipo_transportador (MdfeIssueRequestTipoTransportador | Unset):
     """

    carga: MdfeCargo
    condutores: list[InlineDriver | str]
    documentos: list[MdfeListedDocument]
    pedido: str
    veiculo: str
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    observacoes: str | Unset = UNSET
    percurso: Route | Unset = UNSET
    reboques: list[str] | Unset = UNSET
    seguro: Insurance | Unset = UNSET
    tipo_emitente: MdfeIssueRequestTipoEmitente | Unset = MdfeIssueRequestTipoEmitente.VALUE_1
    tipo_transportador: MdfeIssueRequestTipoTransportador | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.inline_driver import InlineDriver # noqa: PLC0415
        from ..models.insurance import Insurance # noqa: PLC0415
        from ..models.mdfe_cargo import MdfeCargo # noqa: PLC0415
        from ..models.mdfe_listed_document import MdfeListedDocument # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        carga = self.carga.to_dict()

        condutores = []
        for condutores_item_data in self.condutores:
            condutores_item: dict[str, Any] | str
            if isinstance(condutores_item_data, InlineDriver):
                condutores_item = condutores_item_data.to_dict()
            else:
                condutores_item = condutores_item_data
            condutores.append(condutores_item)



        documentos = []
        for documentos_item_data in self.documentos:
            documentos_item = documentos_item_data.to_dict()
            documentos.append(documentos_item)



        pedido = self.pedido

        veiculo = self.veiculo

        empresa = self.empresa

        empresa_id = self.empresa_id

        observacoes = self.observacoes

        percurso: dict[str, Any] | Unset = UNSET
        if not isinstance(self.percurso, Unset):
            percurso = self.percurso.to_dict()

        reboques: list[str] | Unset = UNSET
        if not isinstance(self.reboques, Unset):
            reboques = self.reboques



        seguro: dict[str, Any] | Unset = UNSET
        if not isinstance(self.seguro, Unset):
            seguro = self.seguro.to_dict()

        tipo_emitente: int | Unset = UNSET
        if not isinstance(self.tipo_emitente, Unset):
            tipo_emitente = self.tipo_emitente.value


        tipo_transportador: int | Unset = UNSET
        if not isinstance(self.tipo_transportador, Unset):
            tipo_transportador = self.tipo_transportador.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "carga": carga,
            "condutores": condutores,
            "documentos": documentos,
            "pedido": pedido,
            "veiculo": veiculo,
        })
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if percurso is not UNSET:
            field_dict["percurso"] = percurso
        if reboques is not UNSET:
            field_dict["reboques"] = reboques
        if seguro is not UNSET:
            field_dict["seguro"] = seguro
        if tipo_emitente is not UNSET:
            field_dict["tipo_emitente"] = tipo_emitente
        if tipo_transportador is not UNSET:
            field_dict["tipo_transportador"] = tipo_transportador

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.inline_driver import InlineDriver # noqa: PLC0415
        from ..models.insurance import Insurance # noqa: PLC0415
        from ..models.mdfe_cargo import MdfeCargo # noqa: PLC0415
        from ..models.mdfe_listed_document import MdfeListedDocument # noqa: PLC0415
        from ..models.route import Route # noqa: PLC0415
        d = dict(src_dict)
        carga = MdfeCargo.from_dict(d.pop("carga"))




        condutores = []
        _condutores = d.pop("condutores")
        for condutores_item_data in (_condutores):
            def _parse_condutores_item(data: object) -> InlineDriver | str:
                try:
                    if not isinstance(data, dict):
                        raise TypeError()
                    condutores_item_type_1 = InlineDriver.from_dict(data)



                    return condutores_item_type_1
                except (TypeError, ValueError, AttributeError, KeyError):
                    pass
                return cast(InlineDriver | str, data)

            condutores_item = _parse_condutores_item(condutores_item_data)

            condutores.append(condutores_item)


        documentos = []
        _documentos = d.pop("documentos")
        for documentos_item_data in (_documentos):
            documentos_item = MdfeListedDocument.from_dict(documentos_item_data)



            documentos.append(documentos_item)


        pedido = d.pop("pedido")

        veiculo = d.pop("veiculo")

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        observacoes = d.pop("observacoes", UNSET)

        _percurso = d.pop("percurso", UNSET)
        percurso: Route | Unset
        if isinstance(_percurso,  Unset):
            percurso = UNSET
        else:
            percurso = Route.from_dict(_percurso)




        reboques = cast(list[str], d.pop("reboques", UNSET))


        _seguro = d.pop("seguro", UNSET)
        seguro: Insurance | Unset
        if isinstance(_seguro,  Unset):
            seguro = UNSET
        else:
            seguro = Insurance.from_dict(_seguro)




        _tipo_emitente = d.pop("tipo_emitente", UNSET)
        tipo_emitente: MdfeIssueRequestTipoEmitente | Unset
        if isinstance(_tipo_emitente,  Unset):
            tipo_emitente = UNSET
        else:
            tipo_emitente = MdfeIssueRequestTipoEmitente(_tipo_emitente)




        _tipo_transportador = d.pop("tipo_transportador", UNSET)
        tipo_transportador: MdfeIssueRequestTipoTransportador | Unset
        if isinstance(_tipo_transportador,  Unset):
            tipo_transportador = UNSET
        else:
            tipo_transportador = MdfeIssueRequestTipoTransportador(_tipo_transportador)




        mdfe_issue_request = cls(
            carga=carga,
            condutores=condutores,
            documentos=documentos,
            pedido=pedido,
            veiculo=veiculo,
            empresa=empresa,
            empresa_id=empresa_id,
            observacoes=observacoes,
            percurso=percurso,
            reboques=reboques,
            seguro=seguro,
            tipo_emitente=tipo_emitente,
            tipo_transportador=tipo_transportador,
        )

        return mdfe_issue_request

