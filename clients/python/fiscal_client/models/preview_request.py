from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.preview_request_contexto_type_1 import PreviewRequestContextoType1
from ..models.preview_request_contexto_type_2_type_1 import PreviewRequestContextoType2Type1
from ..models.preview_request_contexto_type_3_type_1 import PreviewRequestContextoType3Type1
from ..models.preview_request_finalidade import PreviewRequestFinalidade
from ..models.preview_request_modelo import PreviewRequestModelo
from ..models.preview_request_pagamento_type_0_type_0 import PreviewRequestPagamentoType0Type0
from ..models.preview_request_presenca import PreviewRequestPresenca
from ..models.preview_request_tipo_operacao import PreviewRequestTipoOperacao
from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.export import Export
  from ..models.foreign_party import ForeignParty
  from ..models.freight import Freight
  from ..models.inline_customer import InlineCustomer
  from ..models.intermediary import Intermediary
  from ..models.item_request import ItemRequest
  from ..models.payment import Payment
  from ..models.reference import Reference
  from ..models.return_of import ReturnOf





T = TypeVar("T", bound="PreviewRequest")



@_attrs_define
class PreviewRequest:
    """ 
        Attributes:
            pagamento (list[Payment] | PreviewRequestPagamentoType0Type0 | str):
            cliente (ForeignParty | InlineCustomer | str | Unset): O destinatário: código, objeto com `cpf_cnpj`, ou, numa
                exportação (NF-e), o comprador no exterior (sem `cpf_cnpj`, `endereco.pais`).
            consumidor_final (bool | Unset):
            contexto (None | PreviewRequestContextoType1 | PreviewRequestContextoType2Type1 |
                PreviewRequestContextoType3Type1 | Unset):
            data_operacao (datetime.date | Unset):
            devolucao_de (ReturnOf | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            exportacao (Export | Unset):
            finalidade (PreviewRequestFinalidade | Unset): finNFe: 1 normal, 2 complementar, 3 ajuste, 4 devolução.
            fornecedor (ForeignParty | InlineCustomer | str | Unset): A outra parte de uma NF-e de entrada (tipo_operacao
                0): código, objeto com `cpf_cnpj`, ou fornecedor no exterior (sem `cpf_cnpj`, `endereco.pais`).
            frete (Freight | Unset):
            informacoes_complementares (str | Unset): infCpl.
            informacoes_fisco (str | Unset): infAdFisco.
            intermediador (Intermediary | Unset):
            itens (list[ItemRequest] | Unset): Obrigatório, exceto numa devolução (`devolucao_de`).
            modelo (PreviewRequestModelo | Unset):  Default: PreviewRequestModelo.VALUE_55.
            natureza (str | Unset):
            observacoes (str | Unset):
            outras_despesas (float | str | Unset): Outras despesas do documento, rateadas pelo valor.
            pedido (str | Unset):
            presenca (PreviewRequestPresenca | Unset):
            referencias (list[Reference] | Unset):
            seguro (float | str | Unset): Seguro do documento, rateado pelo valor.
            tipo_operacao (PreviewRequestTipoOperacao | Unset): tpNF: 0 entrada, 1 saída.
            troco (float | str | Unset): vTroco.
     """

    pagamento: list[Payment] | PreviewRequestPagamentoType0Type0 | str
    cliente: ForeignParty | InlineCustomer | str | Unset = UNSET
    consumidor_final: bool | Unset = UNSET
    contexto: None | PreviewRequestContextoType1 | PreviewRequestContextoType2Type1 | PreviewRequestContextoType3Type1 | Unset = UNSET
    data_operacao: datetime.date | Unset = UNSET
    devolucao_de: ReturnOf | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    exportacao: Export | Unset = UNSET
    finalidade: PreviewRequestFinalidade | Unset = UNSET
    fornecedor: ForeignParty | InlineCustomer | str | Unset = UNSET
    frete: Freight | Unset = UNSET
    informacoes_complementares: str | Unset = UNSET
    informacoes_fisco: str | Unset = UNSET
    intermediador: Intermediary | Unset = UNSET
    itens: list[ItemRequest] | Unset = UNSET
    modelo: PreviewRequestModelo | Unset = PreviewRequestModelo.VALUE_55
    natureza: str | Unset = UNSET
    observacoes: str | Unset = UNSET
    outras_despesas: float | str | Unset = UNSET
    pedido: str | Unset = UNSET
    presenca: PreviewRequestPresenca | Unset = UNSET
    referencias: list[Reference] | Unset = UNSET
    seguro: float | str | Unset = UNSET
    tipo_operacao: PreviewRequestTipoOperacao | Unset = UNSET
    troco: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.export import Export # noqa: PLC0415
        from ..models.foreign_party import ForeignParty # noqa: PLC0415
        from ..models.freight import Freight # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.intermediary import Intermediary # noqa: PLC0415
        from ..models.item_request import ItemRequest # noqa: PLC0415
        from ..models.payment import Payment # noqa: PLC0415
        from ..models.reference import Reference # noqa: PLC0415
        from ..models.return_of import ReturnOf # noqa: PLC0415
        pagamento: list[dict[str, Any]] | str
        if isinstance(self.pagamento, PreviewRequestPagamentoType0Type0):
            pagamento = self.pagamento.value
        elif isinstance(self.pagamento, list):
            pagamento = []
            for pagamento_type_1_item_data in self.pagamento:
                pagamento_type_1_item = pagamento_type_1_item_data.to_dict()
                pagamento.append(pagamento_type_1_item)


        else:
            pagamento = self.pagamento

        cliente: dict[str, Any] | str | Unset
        if isinstance(self.cliente, Unset):
            cliente = UNSET
        elif isinstance(self.cliente, InlineCustomer):
            cliente = self.cliente.to_dict()
        elif isinstance(self.cliente, ForeignParty):
            cliente = self.cliente.to_dict()
        else:
            cliente = self.cliente

        consumidor_final = self.consumidor_final

        contexto: None | str | Unset
        if isinstance(self.contexto, Unset):
            contexto = UNSET
        elif isinstance(self.contexto, PreviewRequestContextoType1):
            contexto = self.contexto.value
        elif isinstance(self.contexto, PreviewRequestContextoType2Type1):
            contexto = self.contexto.value
        elif isinstance(self.contexto, PreviewRequestContextoType3Type1):
            contexto = self.contexto.value
        else:
            contexto = self.contexto

        data_operacao: str | Unset = UNSET
        if not isinstance(self.data_operacao, Unset):
            data_operacao = self.data_operacao.isoformat()

        devolucao_de: dict[str, Any] | Unset = UNSET
        if not isinstance(self.devolucao_de, Unset):
            devolucao_de = self.devolucao_de.to_dict()

        empresa = self.empresa

        empresa_id = self.empresa_id

        exportacao: dict[str, Any] | Unset = UNSET
        if not isinstance(self.exportacao, Unset):
            exportacao = self.exportacao.to_dict()

        finalidade: int | Unset = UNSET
        if not isinstance(self.finalidade, Unset):
            finalidade = self.finalidade.value


        fornecedor: dict[str, Any] | str | Unset
        if isinstance(self.fornecedor, Unset):
            fornecedor = UNSET
        elif isinstance(self.fornecedor, InlineCustomer):
            fornecedor = self.fornecedor.to_dict()
        elif isinstance(self.fornecedor, ForeignParty):
            fornecedor = self.fornecedor.to_dict()
        else:
            fornecedor = self.fornecedor

        frete: dict[str, Any] | Unset = UNSET
        if not isinstance(self.frete, Unset):
            frete = self.frete.to_dict()

        informacoes_complementares = self.informacoes_complementares

        informacoes_fisco = self.informacoes_fisco

        intermediador: dict[str, Any] | Unset = UNSET
        if not isinstance(self.intermediador, Unset):
            intermediador = self.intermediador.to_dict()

        itens: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.itens, Unset):
            itens = []
            for itens_item_data in self.itens:
                itens_item = itens_item_data.to_dict()
                itens.append(itens_item)



        modelo: int | Unset = UNSET
        if not isinstance(self.modelo, Unset):
            modelo = self.modelo.value


        natureza = self.natureza

        observacoes = self.observacoes

        outras_despesas: float | str | Unset
        if isinstance(self.outras_despesas, Unset):
            outras_despesas = UNSET
        else:
            outras_despesas = self.outras_despesas

        pedido = self.pedido

        presenca: str | Unset = UNSET
        if not isinstance(self.presenca, Unset):
            presenca = self.presenca.value


        referencias: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.referencias, Unset):
            referencias = []
            for referencias_item_data in self.referencias:
                referencias_item = referencias_item_data.to_dict()
                referencias.append(referencias_item)



        seguro: float | str | Unset
        if isinstance(self.seguro, Unset):
            seguro = UNSET
        else:
            seguro = self.seguro

        tipo_operacao: int | Unset = UNSET
        if not isinstance(self.tipo_operacao, Unset):
            tipo_operacao = self.tipo_operacao.value


        troco: float | str | Unset
        if isinstance(self.troco, Unset):
            troco = UNSET
        else:
            troco = self.troco


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "pagamento": pagamento,
        })
        if cliente is not UNSET:
            field_dict["cliente"] = cliente
        if consumidor_final is not UNSET:
            field_dict["consumidor_final"] = consumidor_final
        if contexto is not UNSET:
            field_dict["contexto"] = contexto
        if data_operacao is not UNSET:
            field_dict["data_operacao"] = data_operacao
        if devolucao_de is not UNSET:
            field_dict["devolucao_de"] = devolucao_de
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if exportacao is not UNSET:
            field_dict["exportacao"] = exportacao
        if finalidade is not UNSET:
            field_dict["finalidade"] = finalidade
        if fornecedor is not UNSET:
            field_dict["fornecedor"] = fornecedor
        if frete is not UNSET:
            field_dict["frete"] = frete
        if informacoes_complementares is not UNSET:
            field_dict["informacoes_complementares"] = informacoes_complementares
        if informacoes_fisco is not UNSET:
            field_dict["informacoes_fisco"] = informacoes_fisco
        if intermediador is not UNSET:
            field_dict["intermediador"] = intermediador
        if itens is not UNSET:
            field_dict["itens"] = itens
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if natureza is not UNSET:
            field_dict["natureza"] = natureza
        if observacoes is not UNSET:
            field_dict["observacoes"] = observacoes
        if outras_despesas is not UNSET:
            field_dict["outras_despesas"] = outras_despesas
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if presenca is not UNSET:
            field_dict["presenca"] = presenca
        if referencias is not UNSET:
            field_dict["referencias"] = referencias
        if seguro is not UNSET:
            field_dict["seguro"] = seguro
        if tipo_operacao is not UNSET:
            field_dict["tipo_operacao"] = tipo_operacao
        if troco is not UNSET:
            field_dict["troco"] = troco

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.export import Export # noqa: PLC0415
        from ..models.foreign_party import ForeignParty # noqa: PLC0415
        from ..models.freight import Freight # noqa: PLC0415
        from ..models.inline_customer import InlineCustomer # noqa: PLC0415
        from ..models.intermediary import Intermediary # noqa: PLC0415
        from ..models.item_request import ItemRequest # noqa: PLC0415
        from ..models.payment import Payment # noqa: PLC0415
        from ..models.reference import Reference # noqa: PLC0415
        from ..models.return_of import ReturnOf # noqa: PLC0415
        d = dict(src_dict)
        def _parse_pagamento(data: object) -> list[Payment] | PreviewRequestPagamentoType0Type0 | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                pagamento_type_0_type_0 = PreviewRequestPagamentoType0Type0(data)



                return pagamento_type_0_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, list):
                    raise TypeError()
                pagamento_type_1 = []
                _pagamento_type_1 = data
                for pagamento_type_1_item_data in (_pagamento_type_1):
                    pagamento_type_1_item = Payment.from_dict(pagamento_type_1_item_data)



                    pagamento_type_1.append(pagamento_type_1_item)

                return pagamento_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(list[Payment] | PreviewRequestPagamentoType0Type0 | str, data)

        pagamento = _parse_pagamento(d.pop("pagamento"))


        def _parse_cliente(data: object) -> ForeignParty | InlineCustomer | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cliente_type_1 = InlineCustomer.from_dict(data)



                return cliente_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                cliente_type_2 = ForeignParty.from_dict(data)



                return cliente_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ForeignParty | InlineCustomer | str | Unset, data)

        cliente = _parse_cliente(d.pop("cliente", UNSET))


        consumidor_final = d.pop("consumidor_final", UNSET)

        def _parse_contexto(data: object) -> None | PreviewRequestContextoType1 | PreviewRequestContextoType2Type1 | PreviewRequestContextoType3Type1 | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_1 = PreviewRequestContextoType1(data)



                return contexto_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_2_type_1 = PreviewRequestContextoType2Type1(data)



                return contexto_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                contexto_type_3_type_1 = PreviewRequestContextoType3Type1(data)



                return contexto_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | PreviewRequestContextoType1 | PreviewRequestContextoType2Type1 | PreviewRequestContextoType3Type1 | Unset, data)

        contexto = _parse_contexto(d.pop("contexto", UNSET))


        _data_operacao = d.pop("data_operacao", UNSET)
        data_operacao: datetime.date | Unset
        if isinstance(_data_operacao,  Unset):
            data_operacao = UNSET
        else:
            data_operacao = datetime.date.fromisoformat(_data_operacao)




        _devolucao_de = d.pop("devolucao_de", UNSET)
        devolucao_de: ReturnOf | Unset
        if isinstance(_devolucao_de,  Unset):
            devolucao_de = UNSET
        else:
            devolucao_de = ReturnOf.from_dict(_devolucao_de)




        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        _exportacao = d.pop("exportacao", UNSET)
        exportacao: Export | Unset
        if isinstance(_exportacao,  Unset):
            exportacao = UNSET
        else:
            exportacao = Export.from_dict(_exportacao)




        _finalidade = d.pop("finalidade", UNSET)
        finalidade: PreviewRequestFinalidade | Unset
        if isinstance(_finalidade,  Unset):
            finalidade = UNSET
        else:
            finalidade = PreviewRequestFinalidade(_finalidade)




        def _parse_fornecedor(data: object) -> ForeignParty | InlineCustomer | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fornecedor_type_1 = InlineCustomer.from_dict(data)



                return fornecedor_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                fornecedor_type_2 = ForeignParty.from_dict(data)



                return fornecedor_type_2
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(ForeignParty | InlineCustomer | str | Unset, data)

        fornecedor = _parse_fornecedor(d.pop("fornecedor", UNSET))


        _frete = d.pop("frete", UNSET)
        frete: Freight | Unset
        if isinstance(_frete,  Unset):
            frete = UNSET
        else:
            frete = Freight.from_dict(_frete)




        informacoes_complementares = d.pop("informacoes_complementares", UNSET)

        informacoes_fisco = d.pop("informacoes_fisco", UNSET)

        _intermediador = d.pop("intermediador", UNSET)
        intermediador: Intermediary | Unset
        if isinstance(_intermediador,  Unset):
            intermediador = UNSET
        else:
            intermediador = Intermediary.from_dict(_intermediador)




        _itens = d.pop("itens", UNSET)
        itens: list[ItemRequest] | Unset = UNSET
        if _itens is not UNSET:
            itens = []
            for itens_item_data in _itens:
                itens_item = ItemRequest.from_dict(itens_item_data)



                itens.append(itens_item)


        _modelo = d.pop("modelo", UNSET)
        modelo: PreviewRequestModelo | Unset
        if isinstance(_modelo,  Unset):
            modelo = UNSET
        else:
            modelo = PreviewRequestModelo(_modelo)




        natureza = d.pop("natureza", UNSET)

        observacoes = d.pop("observacoes", UNSET)

        def _parse_outras_despesas(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        outras_despesas = _parse_outras_despesas(d.pop("outras_despesas", UNSET))


        pedido = d.pop("pedido", UNSET)

        _presenca = d.pop("presenca", UNSET)
        presenca: PreviewRequestPresenca | Unset
        if isinstance(_presenca,  Unset):
            presenca = UNSET
        else:
            presenca = PreviewRequestPresenca(_presenca)




        _referencias = d.pop("referencias", UNSET)
        referencias: list[Reference] | Unset = UNSET
        if _referencias is not UNSET:
            referencias = []
            for referencias_item_data in _referencias:
                referencias_item = Reference.from_dict(referencias_item_data)



                referencias.append(referencias_item)


        def _parse_seguro(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        seguro = _parse_seguro(d.pop("seguro", UNSET))


        _tipo_operacao = d.pop("tipo_operacao", UNSET)
        tipo_operacao: PreviewRequestTipoOperacao | Unset
        if isinstance(_tipo_operacao,  Unset):
            tipo_operacao = UNSET
        else:
            tipo_operacao = PreviewRequestTipoOperacao(_tipo_operacao)




        def _parse_troco(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        troco = _parse_troco(d.pop("troco", UNSET))


        preview_request = cls(
            pagamento=pagamento,
            cliente=cliente,
            consumidor_final=consumidor_final,
            contexto=contexto,
            data_operacao=data_operacao,
            devolucao_de=devolucao_de,
            empresa=empresa,
            empresa_id=empresa_id,
            exportacao=exportacao,
            finalidade=finalidade,
            fornecedor=fornecedor,
            frete=frete,
            informacoes_complementares=informacoes_complementares,
            informacoes_fisco=informacoes_fisco,
            intermediador=intermediador,
            itens=itens,
            modelo=modelo,
            natureza=natureza,
            observacoes=observacoes,
            outras_despesas=outras_despesas,
            pedido=pedido,
            presenca=presenca,
            referencias=referencias,
            seguro=seguro,
            tipo_operacao=tipo_operacao,
            troco=troco,
        )

        return preview_request

