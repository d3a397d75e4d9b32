from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.preview_document_totais import PreviewDocumentTotais
  from ..models.preview_item import PreviewItem





T = TypeVar("T", bound="PreviewDocument")



@_attrs_define
class PreviewDocument:
    """ 
        Attributes:
            ambiente (str | Unset):
            contexto (None | str | Unset):
            data_operacao (str | Unset):
            documento (str | Unset):
            empresa (None | str | Unset):
            itens (list[PreviewItem] | Unset):
            modelo (str | Unset):
            totais (PreviewDocumentTotais | Unset):
     """

    ambiente: str | Unset = UNSET
    contexto: None | str | Unset = UNSET
    data_operacao: str | Unset = UNSET
    documento: str | Unset = UNSET
    empresa: None | str | Unset = UNSET
    itens: list[PreviewItem] | Unset = UNSET
    modelo: str | Unset = UNSET
    totais: PreviewDocumentTotais | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.preview_document_totais import PreviewDocumentTotais # noqa: PLC0415
        from ..models.preview_item import PreviewItem # noqa: PLC0415
        ambiente = self.ambiente

        contexto: None | str | Unset
        if isinstance(self.contexto, Unset):
            contexto = UNSET
        else:
            contexto = self.contexto

        data_operacao = self.data_operacao

        documento = self.documento

        empresa: None | str | Unset
        if isinstance(self.empresa, Unset):
            empresa = UNSET
        else:
            empresa = self.empresa

        itens: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.itens, Unset):
            itens = []
            for itens_item_data in self.itens:
                itens_item = itens_item_data.to_dict()
                itens.append(itens_item)



        modelo = self.modelo

        totais: dict[str, Any] | Unset = UNSET
        if not isinstance(self.totais, Unset):
            totais = self.totais.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if contexto is not UNSET:
            field_dict["contexto"] = contexto
        if data_operacao is not UNSET:
            field_dict["data_operacao"] = data_operacao
        if documento is not UNSET:
            field_dict["documento"] = documento
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if itens is not UNSET:
            field_dict["itens"] = itens
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if totais is not UNSET:
            field_dict["totais"] = totais

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.preview_document_totais import PreviewDocumentTotais # noqa: PLC0415
        from ..models.preview_item import PreviewItem # noqa: PLC0415
        d = dict(src_dict)
        ambiente = d.pop("ambiente", UNSET)

        def _parse_contexto(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contexto = _parse_contexto(d.pop("contexto", UNSET))


        data_operacao = d.pop("data_operacao", UNSET)

        documento = d.pop("documento", UNSET)

        def _parse_empresa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa = _parse_empresa(d.pop("empresa", UNSET))


        _itens = d.pop("itens", UNSET)
        itens: list[PreviewItem] | Unset = UNSET
        if _itens is not UNSET:
            itens = []
            for itens_item_data in _itens:
                itens_item = PreviewItem.from_dict(itens_item_data)



                itens.append(itens_item)


        modelo = d.pop("modelo", UNSET)

        _totais = d.pop("totais", UNSET)
        totais: PreviewDocumentTotais | Unset
        if isinstance(_totais,  Unset):
            totais = UNSET
        else:
            totais = PreviewDocumentTotais.from_dict(_totais)




        preview_document = cls(
            ambiente=ambiente,
            contexto=contexto,
            data_operacao=data_operacao,
            documento=documento,
            empresa=empresa,
            itens=itens,
            modelo=modelo,
            totais=totais,
        )

        return preview_document

