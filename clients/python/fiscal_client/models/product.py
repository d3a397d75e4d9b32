from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.product_retained_st import ProductRetainedSt





T = TypeVar("T", bound="Product")



@_attrs_define
class Product:
    """ 
        Attributes:
            codigo (str):
            descricao (str):
            ativo (bool | Unset):
            categoria (None | str | Unset):
            cest (None | str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            gtin (None | str | Unset):
            ncm (None | str | Unset):
            origem (int | Unset):
            preco (str | Unset):
            st_retido (None | ProductRetainedSt | Unset): ICMS-ST retido anteriormente (CST 60 / CSOSN 500), por unidade: a
                NF-e do produto informa vBCSTRet, pST, vICMSSubstituto e vICMSSTRet multiplicados pela quantidade, salvo se o
                item trouxer `st_retido`.
            unidade (str | Unset):
     """

    codigo: str
    descricao: str
    ativo: bool | Unset = UNSET
    categoria: None | str | Unset = UNSET
    cest: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    gtin: None | str | Unset = UNSET
    ncm: None | str | Unset = UNSET
    origem: int | Unset = UNSET
    preco: str | Unset = UNSET
    st_retido: None | ProductRetainedSt | Unset = UNSET
    unidade: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.product_retained_st import ProductRetainedSt # noqa: PLC0415
        codigo = self.codigo

        descricao = self.descricao

        ativo = self.ativo

        categoria: None | str | Unset
        if isinstance(self.categoria, Unset):
            categoria = UNSET
        else:
            categoria = self.categoria

        cest: None | str | Unset
        if isinstance(self.cest, Unset):
            cest = UNSET
        else:
            cest = self.cest

        empresa = self.empresa

        empresa_id = self.empresa_id

        gtin: None | str | Unset
        if isinstance(self.gtin, Unset):
            gtin = UNSET
        else:
            gtin = self.gtin

        ncm: None | str | Unset
        if isinstance(self.ncm, Unset):
            ncm = UNSET
        else:
            ncm = self.ncm

        origem = self.origem

        preco = self.preco

        st_retido: dict[str, Any] | None | Unset
        if isinstance(self.st_retido, Unset):
            st_retido = UNSET
        elif isinstance(self.st_retido, ProductRetainedSt):
            st_retido = self.st_retido.to_dict()
        else:
            st_retido = self.st_retido

        unidade = self.unidade


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "codigo": codigo,
            "descricao": descricao,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if categoria is not UNSET:
            field_dict["categoria"] = categoria
        if cest is not UNSET:
            field_dict["cest"] = cest
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if gtin is not UNSET:
            field_dict["gtin"] = gtin
        if ncm is not UNSET:
            field_dict["ncm"] = ncm
        if origem is not UNSET:
            field_dict["origem"] = origem
        if preco is not UNSET:
            field_dict["preco"] = preco
        if st_retido is not UNSET:
            field_dict["st_retido"] = st_retido
        if unidade is not UNSET:
            field_dict["unidade"] = unidade

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.product_retained_st import ProductRetainedSt # noqa: PLC0415
        d = dict(src_dict)
        codigo = d.pop("codigo")

        descricao = d.pop("descricao")

        ativo = d.pop("ativo", UNSET)

        def _parse_categoria(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        categoria = _parse_categoria(d.pop("categoria", UNSET))


        def _parse_cest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cest = _parse_cest(d.pop("cest", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_gtin(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        gtin = _parse_gtin(d.pop("gtin", UNSET))


        def _parse_ncm(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ncm = _parse_ncm(d.pop("ncm", UNSET))


        origem = d.pop("origem", UNSET)

        preco = d.pop("preco", UNSET)

        def _parse_st_retido(data: object) -> None | ProductRetainedSt | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                st_retido_type_1 = ProductRetainedSt.from_dict(data)



                return st_retido_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | ProductRetainedSt | Unset, data)

        st_retido = _parse_st_retido(d.pop("st_retido", UNSET))


        unidade = d.pop("unidade", UNSET)

        product = cls(
            codigo=codigo,
            descricao=descricao,
            ativo=ativo,
            categoria=categoria,
            cest=cest,
            empresa=empresa,
            empresa_id=empresa_id,
            gtin=gtin,
            ncm=ncm,
            origem=origem,
            preco=preco,
            st_retido=st_retido,
            unidade=unidade,
        )

        return product

