from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.card_tipo_integracao import CardTipoIntegracao
from ..types import UNSET, Unset






T = TypeVar("T", bound="Card")



@_attrs_define
class Card:
    """ 
        Attributes:
            tipo_integracao (CardTipoIntegracao): 1 integrado à automação (TEF/POS integrado), 2 não.
            autorizacao (str | Unset): cAut: número da autorização.
            bandeira (str | Unset):
            cnpj_credenciadora (str | Unset):
     """

    tipo_integracao: CardTipoIntegracao
    autorizacao: str | Unset = UNSET
    bandeira: str | Unset = UNSET
    cnpj_credenciadora: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        tipo_integracao = self.tipo_integracao.value

        autorizacao = self.autorizacao

        bandeira = self.bandeira

        cnpj_credenciadora = self.cnpj_credenciadora


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "tipo_integracao": tipo_integracao,
        })
        if autorizacao is not UNSET:
            field_dict["autorizacao"] = autorizacao
        if bandeira is not UNSET:
            field_dict["bandeira"] = bandeira
        if cnpj_credenciadora is not UNSET:
            field_dict["cnpj_credenciadora"] = cnpj_credenciadora

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        tipo_integracao = CardTipoIntegracao(d.pop("tipo_integracao"))




        autorizacao = d.pop("autorizacao", UNSET)

        bandeira = d.pop("bandeira", UNSET)

        cnpj_credenciadora = d.pop("cnpj_credenciadora", UNSET)

        card = cls(
            tipo_integracao=tipo_integracao,
            autorizacao=autorizacao,
            bandeira=bandeira,
            cnpj_credenciadora=cnpj_credenciadora,
        )

        return card

