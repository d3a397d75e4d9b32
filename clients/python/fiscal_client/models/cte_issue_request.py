from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cte_issue_request_tomador_type_0 import CteIssueRequestTomadorType0
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.component import Component
  from ..models.cte_cargo import CteCargo
  from ..models.cte_place import CtePlace
  from ..models.fiscal import Fiscal
  from ..models.inline_customer import InlineCustomer





T = TypeVar("T", bound="CteIssueRequest")



@_attrs_define
class CteIssueRequest:
    """ 
        Attributes:
            carga (CteCargo):
            destinatario (InlineCustomer | str):
            documentos (list[str]):
            pedido (str):
            remetente (InlineCustomer | str):
            tomador (CteIssueRequestTomadorType0 | InlineCustomer):
            valor_prestacao (float | str):
            componentes (list[Component] | Unset):
            destino (CtePlace | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            expedidor (InlineCustomer | str | Unset):
            fiscal (Fiscal | Unset):
            natureza_operacao (str | Unset):
            observacoes (str | Unset):
            origem (CtePlace | Unset):
            recebedor (InlineCustomer | str | Unset):
     """

    carga: CteCargo
    destinatario: InlineCustomer | str
    documentos: list[str]
    pedido: str
    remetente: InlineCustomer | str
    tomador: CteIssueRequestTomadorType0 | InlineCustomer
    valor_prestacao: float | str
    componentes: list[Component] | Unset = UNSET
    destino: CtePlace | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    expedidor: InlineCustomer | str | Unset = UNSET
    fiscal: Fiscal | Unset = UNSET
    natureza_operacao: str | Unset = UNSET
    observacoes: str | Unset = UNSET
    origem: CtePlace | Unset = UNSET
    recebedor: InlineCustomer | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.component import Component # noqa: PLC0415
        from ..models.cte_cargo import CteCargo # noqa: PLC0415
        from ..models.cte_place import CtePlace # noqa: PLC0415
        from ..models.fiscal import Fiscal # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        carga = self.carga.to_dict()

        destinatario: dict[str, Any] | str
        if isinstance(self.destinatario, InlineCustomer):
            destinatario = self.destinatario.to_dict()
        else:
            destinatario = self.destinatario

        documentos = self.documentos



        pedido = self.pedido

        remetente: dict[str, Any] | str
        if isinstance(self.remetente, InlineCustomer):
            remetente = self.remetente.to_dict()
        else:
            remetente = self.remetente

        tomador: dict[str, Any] | str
        if isinstance(self.tomador, CteIssueRequestTomadorType0):
            tomador = self.tomador.value
        else:
            tomador = self.tomador.to_dict()


        valor_prestacao: float | str
        valor_prestacao = self.valor_prestacao

        componentes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.componentes, Unset):
            componentes = []
            for componentes_item_data in self.componentes:
                componentes_item = componentes_item_data.to_dict()
                componentes.append(componentes_item)



        destino: dict[str, Any] | Unset = UNSET
        if not isinstance(self.destino, Unset):
            destino = self.destino.to_dict()

        empresa = self.empresa

        empresa_id = self.empresa_id

        expedidor: dict[str, Any] | str | Unset
        if isinstance(self.expedidor, Unset):
            expedidor = UNSET
        elif isinstance(self.expedidor, InlineCustomer):
            expedidor = self.expedidor.to_dict()
        else:
            expedidor = self.expedidor

        fiscal: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fiscal, Unset):
            fiscal = self.fiscal.to_dict()

        natureza_operacao = self.natureza_operacao

        observacoes = self.observacoes

        origem: dict[str, Any] | Unset = UNSET
        if not isinstance(self.origem, Unset):
            origem = self.origem.to_dict()

        recebedor: dict[str, Any] | str | Unset
        if isinstance(self.recebedor, Unset):
            recebedor = UNSET
        elif isinstance(self.recebedor, InlineCustomer):
            recebedor = self.recebedor.to_dict()
        else:
            recebedor = self.recebedor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "carga": carga,
            "destinatario": destinatario,
            "documentos": documentos,
            "pedido": pedido,
            "remetente": remetente,
            "tomador": tomador,
            "valor_prestacao": valor_prestacao,
        })
        if componentes is not UNSET:
            field_dict["componentes"] = componentes
        if destino is not UNSET:
            field_dict["destino"] = destino
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if expedidor is not UNSET:
            field_dict["expedidor"] = expedidor
        if fiscal is not UNSET:
            field_dict["fiscal"] = fiscal
        if natureza_operacao is not UNSET:
            field_dict["natureza_operacao"] = natureza_operacao
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if origem is not UNSET:
            field_dict["origem"] = origem
        if recebedor is not UNSET:
            field_dict["recebedor"] = recebedor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.component import Component # noqa: PLC0415
        from ..models.cte_cargo import CteCargo # noqa: PLC0415
        from ..models.cte_place import CtePlace # noqa: PLC0415
        from ..models.fiscal import Fiscal # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        d = dict(src_dict)
        carga = CteCargo.from_dict(d.pop("carga"))




        def _parse_destinatario(data: object) -> InlineCustomer | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                destinatario_type_1 = InlineCustomer.from_dict(data)



                return destinatario_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str, data)

        destinatario = _parse_destinatario(d.pop("destinatario"))


        documentos = cast(list[str], d.pop("documentos"))


        pedido = d.pop("pedido")

        def _parse_remetente(data: object) -> InlineCustomer | str:
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                remetente_type_1 = InlineCustomer.from_dict(data)



                return remetente_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str, data)

        remetente = _parse_remetente(d.pop("remetente"))


        def _parse_tomador(data: object) -> CteIssueRequestTomadorType0 | InlineCustomer:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tomador_type_0 = CteIssueRequestTomadorType0(data)



                return tomador_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            if not isinstance(data, dict):
                raise TypeError()
            tomador_type_1 = InlineCustomer.from_dict(data)



            return tomador_type_1

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


        _destino = d.pop("destino", UNSET)
        destino: CtePlace | Unset
        if isinstance(_destino,  Unset):
            destino = UNSET
        else:
            destino = CtePlace.from_dict(_destino)




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_expedidor(data: object) -> InlineCustomer | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                expedidor_type_1 = InlineCustomer.from_dict(data)



                return expedidor_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str | Unset, data)

        expedidor = _parse_expedidor(d.pop("expedidor", UNSET))


        _fiscal = d.pop("fiscal", UNSET)
        fiscal: Fiscal | Unset
        if isinstance(_fiscal,  Unset):
            fiscal = UNSET
        else:
            fiscal = Fiscal.from_dict(_fiscal)




        natureza_operacao = d.pop("natureza_operacao", UNSET)

        observacoes = d.pop("observacoes", UNSET)

        _origem = d.pop("origem", UNSET)
        origem: CtePlace | Unset
        if isinstance(_origem,  Unset):
            origem = UNSET
        else:
            origem = CtePlace.from_dict(_origem)




        def _parse_recebedor(data: object) -> InlineCustomer | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                recebedor_type_1 = InlineCustomer.from_dict(data)



                return recebedor_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(InlineCustomer | str | Unset, data)

        recebedor = _parse_recebedor(d.pop("recebedor", UNSET))


        cte_issue_request = cls(
            carga=carga,
            destinatario=destinatario,
            documentos=documentos,
            pedido=pedido,
            remetente=remetente,
            tomador=tomador,
            valor_prestacao=valor_prestacao,
            componentes=componentes,
            destino=destino,
            empresa=empresa,
            empresa_id=empresa_id,
            expedidor=expedidor,
            fiscal=fiscal,
            natureza_operacao=natureza_operacao,
            observacoes=observacoes,
            origem=origem,
            recebedor=recebedor,
        )

        return cte_issue_request

