from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.icms_complement import IcmsComplement
  from ..models.importation import Importation
  from ..models.item_export import ItemExport
  from ..models.purchase_order import PurchaseOrder
  from ..models.retained_st import RetainedSt





T = TypeVar("T", bound="ItemRequest")



@_attrs_define
class ItemRequest:
    """ 
        Attributes:
            codigo (str):
            quantidade (float | str): Maior que zero; 0 só num complemento de ICMS.
            complemento_icms (IcmsComplement | Unset):
            desconto (float | str | Unset):
            exportacao (ItemExport | Unset):
            frete (float | str | Unset): vFrete do item.
            importacao (Importation | Unset):
            informacoes_adicionais (str | Unset): infAdProd.
            outras_despesas (float | str | Unset): vOutro do item.
            pedido_compra (PurchaseOrder | Unset):
            seguro (float | str | Unset): vSeg do item.
            st_retido (RetainedSt | Unset):
            valor (float | str | Unset):
     """

    codigo: str
    quantidade: float | str
    complemento_icms: IcmsComplement | Unset = UNSET
    desconto: float | str | Unset = UNSET
    exportacao: ItemExport | Unset = UNSET
    frete: float | str | Unset = UNSET
    importacao: Importation | Unset = UNSET
    informacoes_adicionais: str | Unset = UNSET
    outras_despesas: float | str | Unset = UNSET
    pedido_compra: PurchaseOrder | Unset = UNSET
    seguro: float | str | Unset = UNSET
    st_retido: RetainedSt | Unset = UNSET
    valor: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.icms_complement import IcmsComplement # noqa: PLC0415
        from ..models.importation import Importation # noqa: PLC0415
        from ..models.item_export import ItemExport # noqa: PLC0415
        from ..models.purchase_order import PurchaseOrder # noqa: PLC0415
        from ..models.retained_st import RetainedSt # noqa: PLC0415
        codigo = self.codigo

        quantidade: float | str
        quantidade = self.quantidade

        complemento_icms: dict[str, Any] | Unset = UNSET
        if not isinstance(self.complemento_icms, Unset):
            complemento_icms = self.complemento_icms.to_dict()

        desconto: float | str | Unset
        if isinstance(self.desconto, Unset):
            desconto = UNSET
        else:
            desconto = self.desconto

        exportacao: dict[str, Any] | Unset = UNSET
        if not isinstance(self.exportacao, Unset):
            exportacao = self.exportacao.to_dict()

        frete: float | str | Unset
        if isinstance(self.frete, Unset):
            frete = UNSET
        else:
            frete = self.frete

        importacao: dict[str, Any] | Unset = UNSET
        if not isinstance(self.importacao, Unset):
            importacao = self.importacao.to_dict()

        informacoes_adicionais = self.informacoes_adicionais

        outras_despesas: float | str | Unset
        if isinstance(self.outras_despesas, Unset):
            outras_despesas = UNSET
        else:
            outras_despesas = self.outras_despesas

        pedido_compra: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pedido_compra, Unset):
            pedido_compra = self.pedido_compra.to_dict()

        seguro: float | str | Unset
        if isinstance(self.seguro, Unset):
            seguro = UNSET
        else:
            seguro = self.seguro

        st_retido: dict[str, Any] | Unset = UNSET
        if not isinstance(self.st_retido, Unset):
            st_retido = self.st_retido.to_dict()

        valor: float | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "codigo": codigo,
            "quantidade": quantidade,
        })
        if complemento_icms is not UNSET:
            field_dict["complemento_icms"] = complemento_icms
        if desconto is not UNSET:
            field_dict["desconto"] = desconto
        if exportacao is not UNSET:
            field_dict["exportacao"] = exportacao
        if frete is not UNSET:
            field_dict["frete"] = frete
        if importacao is not UNSET:
            field_dict["importacao"] = importacao
        if informacoes_adicionais is not UNSET:
            field_dict["informacoes_adicionais"] = informacoes_adicionais
        if outras_despesas is not UNSET:
            field_dict["outras_despesas"] = outras_despesas
        if pedido_compra is not UNSET:
            field_dict["pedido_compra"] = pedido_compra
        if seguro is not UNSET:
            field_dict["seguro"] = seguro
        if st_retido is not UNSET:
            field_dict["st_retido"] = st_retido
        if valor is not UNSET:
            field_dict["valor"] = valor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.icms_complement import IcmsComplement # noqa: PLC0415
        from ..models.importation import Importation # noqa: PLC0415
        from ..models.item_export import ItemExport # noqa: PLC0415
        from ..models.purchase_order import PurchaseOrder # noqa: PLC0415
        from ..models.retained_st import RetainedSt # noqa: PLC0415
        d = dict(src_dict)
        codigo = d.pop("codigo")

        def _parse_quantidade(data: object) -> float | str:
            return cast(float | str, data)

        quantidade = _parse_quantidade(d.pop("quantidade"))


        _complemento_icms = d.pop("complemento_icms", UNSET)
        complemento_icms: IcmsComplement | Unset
        if isinstance(_complemento_icms,  Unset):
            complemento_icms = UNSET
        else:
            complemento_icms = IcmsComplement.from_dict(_complemento_icms)




        def _parse_desconto(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        desconto = _parse_desconto(d.pop("desconto", UNSET))


        _exportacao = d.pop("exportacao", UNSET)
        exportacao: ItemExport | Unset
        if isinstance(_exportacao,  Unset):
            exportacao = UNSET
        else:
            exportacao = ItemExport.from_dict(_exportacao)




        def _parse_frete(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        frete = _parse_frete(d.pop("frete", UNSET))


        _importacao = d.pop("importacao", UNSET)
        importacao: Importation | Unset
        if isinstance(_importacao,  Unset):
            importacao = UNSET
        else:
            importacao = Importation.from_dict(_importacao)




        informacoes_adicionais = d.pop("informacoes_adicionais", UNSET)

        def _parse_outras_despesas(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        outras_despesas = _parse_outras_despesas(d.pop("outras_despesas", UNSET))


        _pedido_compra = d.pop("pedido_compra", UNSET)
        pedido_compra: PurchaseOrder | Unset
        if isinstance(_pedido_compra,  Unset):
            pedido_compra = UNSET
        else:
            pedido_compra = PurchaseOrder.from_dict(_pedido_compra)




        def _parse_seguro(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        seguro = _parse_seguro(d.pop("seguro", UNSET))


        _st_retido = d.pop("st_retido", UNSET)
        st_retido: RetainedSt | Unset
        if isinstance(_st_retido,  Unset):
            st_retido = UNSET
        else:
            st_retido = RetainedSt.from_dict(_st_retido)




        def _parse_valor(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        item_request = cls(
            codigo=codigo,
            quantidade=quantidade,
            complemento_icms=complemento_icms,
            desconto=desconto,
            exportacao=exportacao,
            frete=frete,
            importacao=importacao,
            informacoes_adicionais=informacoes_adicionais,
            outras_despesas=outras_despesas,
            pedido_compra=pedido_compra,
            seguro=seguro,
            st_retido=st_retido,
            valor=valor,
        )

        return item_request

