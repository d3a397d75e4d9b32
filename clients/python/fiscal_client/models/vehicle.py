from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.vehicle_proprietario_tp_prop_type_1 import VehicleProprietarioTpPropType1
from ..models.vehicle_proprietario_tp_prop_type_2_type_1 import VehicleProprietarioTpPropType2Type1
from ..models.vehicle_proprietario_tp_prop_type_3_type_1 import VehicleProprietarioTpPropType3Type1
from ..models.vehicle_tipo import VehicleTipo
from ..models.vehicle_tp_car_type_1 import VehicleTpCarType1
from ..models.vehicle_tp_car_type_2_type_1 import VehicleTpCarType2Type1
from ..models.vehicle_tp_car_type_3_type_1 import VehicleTpCarType3Type1
from ..models.vehicle_tp_rod_type_1 import VehicleTpRodType1
from ..models.vehicle_tp_rod_type_2_type_1 import VehicleTpRodType2Type1
from ..models.vehicle_tp_rod_type_3_type_1 import VehicleTpRodType3Type1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="Vehicle")



@_attrs_define
class Vehicle:
    """ 
        Attributes:
            placa (str):
            tara (int):
            uf_licenciamento (str):
            ativo (bool | Unset):
            cap_kg (int | None | Unset):
            cap_m3 (int | None | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            proprietario_doc (None | str | Unset):
            proprietario_ie (None | str | Unset):
            proprietario_nome (None | str | Unset):
            proprietario_rntrc (None | str | Unset):
            proprietario_tp_prop (None | Unset | VehicleProprietarioTpPropType1 | VehicleProprietarioTpPropType2Type1 |
                VehicleProprietarioTpPropType3Type1):
            proprietario_uf (None | str | Unset):
            renavam (None | str | Unset):
            tipo (VehicleTipo | Unset):
            tp_car (None | Unset | VehicleTpCarType1 | VehicleTpCarType2Type1 | VehicleTpCarType3Type1):
            tp_rod (None | Unset | VehicleTpRodType1 | VehicleTpRodType2Type1 | VehicleTpRodType3Type1):
     """

    placa: str
    tara: int
    uf_licenciamento: str
    ativo: bool | Unset = UNSET
    cap_kg: int | None | Unset = UNSET
    cap_m3: int | None | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    proprietario_doc: None | str | Unset = UNSET
    proprietario_ie: None | str | Unset = UNSET
    proprietario_nome: None | str | Unset = UNSET
    proprietario_rntrc: None | str | Unset = UNSET
    proprietario_tp_prop: None | Unset | VehicleProprietarioTpPropType1 | VehicleProprietarioTpPropType2Type1 | VehicleProprietarioTpPropType3Type1 = UNSET
    proprietario_uf: None | str | Unset = UNSET
    renavam: None | str | Unset = UNSET
    tipo: VehicleTipo | Unset = UNSET
    tp_car: None | Unset | VehicleTpCarType1 | VehicleTpCarType2Type1 | VehicleTpCarType3Type1 = UNSET
    tp_rod: None | Unset | VehicleTpRodType1 | VehicleTpRodType2Type1 | VehicleTpRodType3Type1 = UNSET





    def to_dict(self) -> dict[str, Any]:
        placa = self.placa

        tara = self.tara

        uf_licenciamento = self.uf_licenciamento

        ativo = self.ativo

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

        empresa = self.empresa

        empresa_id = self.empresa_id

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
        elif isinstance(self.proprietario_tp_prop, VehicleProprietarioTpPropType1):
            proprietario_tp_prop = self.proprietario_tp_prop.value
        elif isinstance(self.proprietario_tp_prop, VehicleProprietarioTpPropType2Type1):
            proprietario_tp_prop = self.proprietario_tp_prop.value
        elif isinstance(self.proprietario_tp_prop, VehicleProprietarioTpPropType3Type1):
            proprietario_tp_prop = self.proprietario_tp_prop.value
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

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        tp_car: None | str | Unset
        if isinstance(self.tp_car, Unset):
            tp_car = UNSET
        elif isinstance(self.tp_car, VehicleTpCarType1):
            tp_car = self.tp_car.value
        elif isinstance(self.tp_car, VehicleTpCarType2Type1):
            tp_car = self.tp_car.value
        elif isinstance(self.tp_car, VehicleTpCarType3Type1):
            tp_car = self.tp_car.value
        else:
            tp_car = self.tp_car

        tp_rod: None | str | Unset
        if isinstance(self.tp_rod, Unset):
            tp_rod = UNSET
        elif isinstance(self.tp_rod, VehicleTpRodType1):
            tp_rod = self.tp_rod.value
        elif isinstance(self.tp_rod, VehicleTpRodType2Type1):
            tp_rod = self.tp_rod.value
        elif isinstance(self.tp_rod, VehicleTpRodType3Type1):
            tp_rod = self.tp_rod.value
        else:
            tp_rod = self.tp_rod


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "placa": placa,
            "tara": tara,
            "uf_licenciamento": uf_licenciamento,
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if cap_kg is not UNSET:
            field_dict["cap_kg"] = cap_kg
        if cap_m3 is not UNSET:
            field_dict["cap_m3"] = cap_m3
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
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
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if tp_car is not UNSET:
            field_dict["tp_car"] = tp_car
        if tp_rod is not UNSET:
            field_dict["tp_rod"] = tp_rod

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        placa = d.pop("placa")

        tara = d.pop("tara")

        uf_licenciamento = d.pop("uf_licenciamento")

        ativo = d.pop("ativo", UNSET)

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


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

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


        def _parse_proprietario_tp_prop(data: object) -> None | Unset | VehicleProprietarioTpPropType1 | VehicleProprietarioTpPropType2Type1 | VehicleProprietarioTpPropType3Type1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                proprietario_tp_prop_type_1 = VehicleProprietarioTpPropType1(data)



                return proprietario_tp_prop_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                proprietario_tp_prop_type_2_type_1 = VehicleProprietarioTpPropType2Type1(data)



                return proprietario_tp_prop_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                proprietario_tp_prop_type_3_type_1 = VehicleProprietarioTpPropType3Type1(data)



                return proprietario_tp_prop_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VehicleProprietarioTpPropType1 | VehicleProprietarioTpPropType2Type1 | VehicleProprietarioTpPropType3Type1, data)

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


        _tipo = d.pop("tipo", UNSET)
        tipo: VehicleTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = VehicleTipo(_tipo)




        def _parse_tp_car(data: object) -> None | Unset | VehicleTpCarType1 | VehicleTpCarType2Type1 | VehicleTpCarType3Type1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_car_type_1 = VehicleTpCarType1(data)



                return tp_car_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_car_type_2_type_1 = VehicleTpCarType2Type1(data)



                return tp_car_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_car_type_3_type_1 = VehicleTpCarType3Type1(data)



                return tp_car_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VehicleTpCarType1 | VehicleTpCarType2Type1 | VehicleTpCarType3Type1, data)

        tp_car = _parse_tp_car(d.pop("tp_car", UNSET))


        def _parse_tp_rod(data: object) -> None | Unset | VehicleTpRodType1 | VehicleTpRodType2Type1 | VehicleTpRodType3Type1:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_rod_type_1 = VehicleTpRodType1(data)



                return tp_rod_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_rod_type_2_type_1 = VehicleTpRodType2Type1(data)



                return tp_rod_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, str):
                    raise TypeError()
                tp_rod_type_3_type_1 = VehicleTpRodType3Type1(data)



                return tp_rod_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(None | Unset | VehicleTpRodType1 | VehicleTpRodType2Type1 | VehicleTpRodType3Type1, data)

        tp_rod = _parse_tp_rod(d.pop("tp_rod", UNSET))


        vehicle = cls(
            placa=placa,
            tara=tara,
            uf_licenciamento=uf_licenciamento,
            ativo=ativo,
            cap_kg=cap_kg,
            cap_m3=cap_m3,
            empresa=empresa,
            empresa_id=empresa_id,
            proprietario_doc=proprietario_doc,
            proprietario_ie=proprietario_ie,
            proprietario_nome=proprietario_nome,
            proprietario_rntrc=proprietario_rntrc,
            proprietario_tp_prop=proprietario_tp_prop,
            proprietario_uf=proprietario_uf,
            renavam=renavam,
            tipo=tipo,
            tp_car=tp_car,
            tp_rod=tp_rod,
        )

        return vehicle

