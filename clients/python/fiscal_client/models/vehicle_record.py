from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="VehicleRecord")



@_attrs_define
class VehicleRecord:
    """ 
        Attributes:
            ativo (bool | Unset):
            atualizado_em (str | Unset):
            cap_kg (int | None | Unset):
            cap_m3 (int | None | Unset):
            criado_em (str | Unset):
            id (str | Unset):
            placa (str | Unset): Sem hífen, maiúsculas.
            proprietario_doc (None | str | Unset):
            proprietario_ie (None | str | Unset):
            proprietario_nome (None | str | Unset):
            proprietario_rntrc (None | str | Unset):
            proprietario_tp_prop (int | None | Unset):
            proprietario_uf (None | str | Unset):
            renavam (None | str | Unset):
            tara (int | Unset): Em kg.
            tipo (str | Unset): TRACAO ou REBOQUE.
            tp_car (None | str | Unset): tpCar 00..05.
            tp_rod (None | str | Unset): tpRod 01..06.
            uf_licenciamento (str | Unset):
     """

    ativo: bool | Unset = UNSET
    atualizado_em: str | Unset = UNSET
    cap_kg: int | None | Unset = UNSET
    cap_m3: int | None | Unset = UNSET
    criado_em: str | Unset = UNSET
    id: str | Unset = UNSET
    placa: str | Unset = UNSET
    proprietario_doc: None | str | Unset = UNSET
    proprietario_ie: None | str | Unset = UNSET
    proprietario_nome: None | str | Unset = UNSET
    proprietario_rntrc: None | str | Unset = UNSET
    proprietario_tp_prop: int | None | Unset = UNSET
    proprietario_uf: None | str | Unset = UNSET
    renavam: None | str | Unset = UNSET
    tara: int | Unset = UNSET
    tipo: str | Unset = UNSET
    tp_car: None | str | Unset = UNSET
    tp_rod: None | str | Unset = UNSET
    uf_licenciamento: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        atualizado_em = self.atualizado_em

        cap_kg: int | None | Unset
        if isinstance(self.cap_kg, Unset):
            cap_kg = UNSET
        else:
            cap_kg = self.cap_kg

        cap_m3: int | None | Unset
        if isinstance(self.cap_m3, Unset):
            cap_m3 = UNSET
        else:
            cap_m3 = self.cap_m3

        criado_em = self.criado_em

        id = self.id

        placa = self.placa

        proprietario_doc: None | str | Unset
        if isinstance(self.proprietario_doc, Unset):
            proprietario_doc = UNSET
        else:
            proprietario_doc = self.proprietario_doc

        proprietario_ie: None | str | Unset
        if isinstance(self.proprietario_ie, Unset):
            proprietario_ie = UNSET
        else:
            proprietario_ie = self.proprietario_ie

        proprietario_nome: None | str | Unset
        if isinstance(self.proprietario_nome, Unset):
            proprietario_nome = UNSET
        else:
            proprietario_nome = self.proprietario_nome

        proprietario_rntrc: None | str | Unset
        if isinstance(self.proprietario_rntrc, Unset):
            proprietario_rntrc = UNSET
        else:
            proprietario_rntrc = self.proprietario_rntrc

        proprietario_tp_prop: int | None | Unset
        if isinstance(self.proprietario_tp_prop, Unset):
            proprietario_tp_prop = UNSET
        else:
            proprietario_tp_prop = self.proprietario_tp_prop

        proprietario_uf: None | str | Unset
        if isinstance(self.proprietario_uf, Unset):
            proprietario_uf = UNSET
        else:
            proprietario_uf = self.proprietario_uf

        renavam: None | str | Unset
        if isinstance(self.renavam, Unset):
            renavam = UNSET
        else:
            renavam = self.renavam

        tara = self.tara

        tipo = self.tipo

        tp_car: None | str | Unset
        if isinstance(self.tp_car, Unset):
            tp_car = UNSET
        else:
            tp_car = self.tp_car

        tp_rod: None | str | Unset
        if isinstance(self.tp_rod, Unset):
            tp_rod = UNSET
        else:
            tp_rod = self.tp_rod

        uf_licenciamento = self.uf_licenciamento


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if cap_kg is not UNSET:
            field_dict["cap_kg"] = cap_kg
        if cap_m3 is not UNSET:
            field_dict["cap_m3"] = cap_m3
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if id is not UNSET:
            field_dict["id"] = id
        if placa is not UNSET:
            field_dict["placa"] = placa
        if proprietario_doc is not UNSET:
            field_dict["proprietario_doc"] = proprietario_doc
        if proprietario_ie is not UNSET:
            field_dict["proprietario_ie"] = proprietario_ie
        if proprietario_nome is not UNSET:
            field_dict["proprietario_nome"] = proprietario_nome
        if proprietario_rntrc is not UNSET:
            field_dict["proprietario_rntrc"] = proprietario_rntrc
        if proprietario_tp_prop is not UNSET:
            field_dict["proprietario_tp_prop"] = proprietario_tp_prop
        if proprietario_uf is not UNSET:
            field_dict["proprietario_uf"] = proprietario_uf
        if renavam is not UNSET:
            field_dict["renavam"] = renavam
        if tara is not UNSET:
            field_dict["tara"] = tara
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if tp_car is not UNSET:
            field_dict["tp_car"] = tp_car
        if tp_rod is not UNSET:
            field_dict["tp_rod"] = tp_rod
        if uf_licenciamento is not UNSET:
            field_dict["uf_licenciamento"] = uf_licenciamento

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        atualizado_em = d.pop("atualizado_em", UNSET)

        def _parse_cap_kg(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cap_kg = _parse_cap_kg(d.pop("cap_kg", UNSET))


        def _parse_cap_m3(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        cap_m3 = _parse_cap_m3(d.pop("cap_m3", UNSET))


        criado_em = d.pop("criado_em", UNSET)

        id = d.pop("id", UNSET)

        placa = d.pop("placa", UNSET)

        def _parse_proprietario_doc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proprietario_doc = _parse_proprietario_doc(d.pop("proprietario_doc", UNSET))


        def _parse_proprietario_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proprietario_ie = _parse_proprietario_ie(d.pop("proprietario_ie", UNSET))


        def _parse_proprietario_nome(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proprietario_nome = _parse_proprietario_nome(d.pop("proprietario_nome", UNSET))


        def _parse_proprietario_rntrc(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proprietario_rntrc = _parse_proprietario_rntrc(d.pop("proprietario_rntrc", UNSET))


        def _parse_proprietario_tp_prop(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        proprietario_tp_prop = _parse_proprietario_tp_prop(d.pop("proprietario_tp_prop", UNSET))


        def _parse_proprietario_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proprietario_uf = _parse_proprietario_uf(d.pop("proprietario_uf", UNSET))


        def _parse_renavam(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        renavam = _parse_renavam(d.pop("renavam", UNSET))


        tara = d.pop("tara", UNSET)

        tipo = d.pop("tipo", UNSET)

        def _parse_tp_car(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tp_car = _parse_tp_car(d.pop("tp_car", UNSET))


        def _parse_tp_rod(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        tp_rod = _parse_tp_rod(d.pop("tp_rod", UNSET))


        uf_licenciamento = d.pop("uf_licenciamento", UNSET)

        vehicle_record = cls(
            ativo=ativo,
            atualizado_em=atualizado_em,
            cap_kg=cap_kg,
            cap_m3=cap_m3,
            criado_em=criado_em,
            id=id,
            placa=placa,
            proprietario_doc=proprietario_doc,
            proprietario_ie=proprietario_ie,
            proprietario_nome=proprietario_nome,
            proprietario_rntrc=proprietario_rntrc,
            proprietario_tp_prop=proprietario_tp_prop,
            proprietario_uf=proprietario_uf,
            renavam=renavam,
            tara=tara,
            tipo=tipo,
            tp_car=tp_car,
            tp_rod=tp_rod,
            uf_licenciamento=uf_licenciamento,
        )

        return vehicle_record

