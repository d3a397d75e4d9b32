from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Pending")



@_attrs_define
class Pending:
    """ 
        Attributes:
            chave (str | Unset):
            emitido_em (datetime.datetime | Unset):
            horas_restantes (float | None | Unset): Negativo: prazo vencido.
            id (str | Unset):
            modelo (str | Unset):
            modulo (str | Unset):
            numero (int | Unset):
            periodo_id (None | str | Unset):
            prazo (datetime.datetime | None | Unset):
            serie (int | Unset):
            status (str | Unset):
            tp_emis (str | Unset):
     """

    chave: str | Unset = UNSET
    emitido_em: datetime.datetime | Unset = UNSET
    horas_restantes: float | None | Unset = UNSET
    id: str | Unset = UNSET
    modelo: str | Unset = UNSET
    modulo: str | Unset = UNSET
    numero: int | Unset = UNSET
    periodo_id: None | str | Unset = UNSET
    prazo: datetime.datetime | None | Unset = UNSET
    serie: int | Unset = UNSET
    status: str | Unset = UNSET
    tp_emis: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        chave = self.chave

        emitido_em: str | Unset = UNSET
        if not isinstance(self.emitido_em, Unset):
            emitido_em = self.emitido_em.isoformat()

        horas_restantes: float | None | Unset
        if isinstance(self.horas_restantes, Unset):
            horas_restantes = UNSET
        else:
            horas_restantes = self.horas_restantes

        id = self.id

        modelo = self.modelo

        modulo = self.modulo

        numero = self.numero

        periodo_id: None | str | Unset
        if isinstance(self.periodo_id, Unset):
            periodo_id = UNSET
        else:
            periodo_id = self.periodo_id

        prazo: None | str | Unset
        if isinstance(self.prazo, Unset):
            prazo = UNSET
        elif isinstance(self.prazo, datetime.datetime):
            prazo = self.prazo.isoformat()
        else:
            prazo = self.prazo

        serie = self.serie

        status = self.status

        tp_emis = self.tp_emis


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if chave is not UNSET:
            field_dict["chave"] = chave
        if emitido_em is not UNSET:
            field_dict["emitido_em"] = emitido_em
        if horas_restantes is not UNSET:
            field_dict["horas_restantes"] = horas_restantes
        if id is not UNSET:
            field_dict["id"] = id
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if modulo is not UNSET:
            field_dict["modulo"] = modulo
        if numero is not UNSET:
            field_dict["numero"] = numero
        if periodo_id is not UNSET:
            field_dict["periodo_id"] = periodo_id
        if prazo is not UNSET:
            field_dict["prazo"] = prazo
        if serie is not UNSET:
            field_dict["serie"] = serie
        if status is not UNSET:
            field_dict["status"] = status
        if tp_emis is not UNSET:
            field_dict["tp_emis"] = tp_emis

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        chave = d.pop("chave", UNSET)

        _emitido_em = d.pop("emitido_em", UNSET)
        emitido_em: datetime.datetime | Unset
        if isinstance(_emitido_em,  Unset):
            emitido_em = UNSET
        else:
            emitido_em = datetime.datetime.fromisoformat(_emitido_em)




        def _parse_horas_restantes(data: object) -> float | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(float | None | Unset, data)

        horas_restantes = _parse_horas_restantes(d.pop("horas_restantes", UNSET))


        id = d.pop("id", UNSET)

        modelo = d.pop("modelo", UNSET)

        modulo = d.pop("modulo", UNSET)

        numero = d.pop("numero", UNSET)

        def _parse_periodo_id(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        periodo_id = _parse_periodo_id(d.pop("periodo_id", UNSET))


        def _parse_prazo(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                prazo_type_0 = datetime.datetime.fromisoformat(data)



                return prazo_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        prazo = _parse_prazo(d.pop("prazo", UNSET))


        serie = d.pop("serie", UNSET)

        status = d.pop("status", UNSET)

        tp_emis = d.pop("tp_emis", UNSET)

        pending = cls(
            chave=chave,
            emitido_em=emitido_em,
            horas_restantes=horas_restantes,
            id=id,
            modelo=modelo,
            modulo=modulo,
            numero=numero,
            periodo_id=periodo_id,
            prazo=prazo,
            serie=serie,
            status=status,
            tp_emis=tp_emis,
        )

        return pending

