from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.document_contingency_tipo import DocumentContingencyTipo
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="DocumentContingency")



@_attrs_define
class DocumentContingency:
    """ 
        Attributes:
            periodo_id (str | Unset): Período de contingência.
            prazo_transmissao (datetime.datetime | None | Unset): Até quando o documento emitido antes da autorização deve
                ser transmitido (nulo sob SVC, que autoriza na hora).
            tipo (DocumentContingencyTipo | Unset):
            tp_emis (str | Unset): tpEmis do documento (ex.: 6, 9).
     """

    periodo_id: str | Unset = UNSET
    prazo_transmissao: datetime.datetime | None | Unset = UNSET
    tipo: DocumentContingencyTipo | Unset = UNSET
    tp_emis: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        periodo_id = self.periodo_id

        prazo_transmissao: None | str | Unset
        if isinstance(self.prazo_transmissao, Unset):
            prazo_transmissao = UNSET
        elif isinstance(self.prazo_transmissao, datetime.datetime):
            prazo_transmissao = self.prazo_transmissao.isoformat()
        else:
            prazo_transmissao = self.prazo_transmissao

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        tp_emis = self.tp_emis


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if periodo_id is not UNSET:
            field_dict["periodo_id"] = periodo_id
        if prazo_transmissao is not UNSET:
            field_dict["prazo_transmissao"] = prazo_transmissao
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if tp_emis is not UNSET:
            field_dict["tp_emis"] = tp_emis

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        periodo_id = d.pop("periodo_id", UNSET)

        def _parse_prazo_transmissao(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                prazo_transmissao_type_0 = datetime.datetime.fromisoformat(data)



                return prazo_transmissao_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        prazo_transmissao = _parse_prazo_transmissao(d.pop("prazo_transmissao", UNSET))


        _tipo = d.pop("tipo", UNSET)
        tipo: DocumentContingencyTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = DocumentContingencyTipo(_tipo)




        tp_emis = d.pop("tp_emis", UNSET)

        document_contingency = cls(
            periodo_id=periodo_id,
            prazo_transmissao=prazo_transmissao,
            tipo=tipo,
            tp_emis=tp_emis,
        )

        return document_contingency

