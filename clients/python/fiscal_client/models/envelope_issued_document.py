from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.envelope_issued_document_ambiente import EnvelopeIssuedDocumentAmbiente
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="EnvelopeIssuedDocument")



@_attrs_define
class EnvelopeIssuedDocument:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ambiente (EnvelopeIssuedDocumentAmbiente | Unset):
            chave (None | str | Unset):
            id (str | Unset):
            modelo (str | Unset):
            numero (int | None | Unset):
            pedido (str | Unset):
            protocolo (None | str | Unset):
            serie (int | None | Unset):
            status (str | Unset):
            xml (None | str | Unset): Link do XML autorizado.
     """

    request_id: str
    success: bool
    ambiente: EnvelopeIssuedDocumentAmbiente | Unset = UNSET
    chave: None | str | Unset = UNSET
    id: str | Unset = UNSET
    modelo: str | Unset = UNSET
    numero: int | None | Unset = UNSET
    pedido: str | Unset = UNSET
    protocolo: None | str | Unset = UNSET
    serie: int | None | Unset = UNSET
    status: str | Unset = UNSET
    xml: None | str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)





    def to_dict(self) -> dict[str, Any]:
        request_id = self.request_id

        success = self.success

        ambiente: str | Unset = UNSET
        if not isinstance(self.ambiente, Unset):
            ambiente = self.ambiente.value


        chave: None | str | Unset
        if isinstance(self.chave, Unset):
            chave = UNSET
        else:
            chave = self.chave

        id = self.id

        modelo = self.modelo

        numero: int | None | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        pedido = self.pedido

        protocolo: None | str | Unset
        if isinstance(self.protocolo, Unset):
            protocolo = UNSET
        else:
            protocolo = self.protocolo

        serie: int | None | Unset
        if isinstance(self.serie, Unset):
            serie = UNSET
        else:
            serie = self.serie

        status = self.status

        xml: None | str | Unset
        if isinstance(self.xml, Unset):
            xml = UNSET
        else:
            xml = self.xml


        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ambiente is not UNSET:
            field_dict["ambiente"] = ambiente
        if chave is not UNSET:
            field_dict["chave"] = chave
        if id is not UNSET:
            field_dict["id"] = id
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if numero is not UNSET:
            field_dict["numero"] = numero
        if pedido is not UNSET:
            field_dict["pedido"] = pedido
        if protocolo is not UNSET:
            field_dict["protocolo"] = protocolo
        if serie is not UNSET:
            field_dict["serie"] = serie
        if status is not UNSET:
            field_dict["status"] = status
        if xml is not UNSET:
            field_dict["xml"] = xml

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _ambiente = d.pop("ambiente", UNSET)
        ambiente: EnvelopeIssuedDocumentAmbiente | Unset
        if isinstance(_ambiente,  Unset):
            ambiente = UNSET
        else:
            ambiente = EnvelopeIssuedDocumentAmbiente(_ambiente)




        def _parse_chave(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        chave = _parse_chave(d.pop("chave", UNSET))


        id = d.pop("id", UNSET)

        modelo = d.pop("modelo", UNSET)

        def _parse_numero(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        pedido = d.pop("pedido", UNSET)

        def _parse_protocolo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        protocolo = _parse_protocolo(d.pop("protocolo", UNSET))


        def _parse_serie(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        serie = _parse_serie(d.pop("serie", UNSET))


        status = d.pop("status", UNSET)

        def _parse_xml(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        xml = _parse_xml(d.pop("xml", UNSET))


        envelope_issued_document = cls(
            request_id=request_id,
            success=success,
            ambiente=ambiente,
            chave=chave,
            id=id,
            modelo=modelo,
            numero=numero,
            pedido=pedido,
            protocolo=protocolo,
            serie=serie,
            status=status,
            xml=xml,
        )


        envelope_issued_document.additional_properties = d
        return envelope_issued_document

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
