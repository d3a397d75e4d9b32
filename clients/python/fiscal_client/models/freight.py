from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.freight_modalidade import FreightModalidade
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.carrier import Carrier
  from ..models.transport_vehicle import TransportVehicle
  from ..models.volume import Volume





T = TypeVar("T", bound="Freight")



@_attrs_define
class Freight:
    """ 
        Attributes:
            modalidade (FreightModalidade):
            reboques (list[TransportVehicle] | Unset):
            transportadora (Carrier | Unset):
            valor (float | str | Unset): Frete do documento, rateado entre os itens pelo valor.
            veiculo (TransportVehicle | Unset):
            volumes (list[Volume] | Unset):
     """

    modalidade: FreightModalidade
    reboques: list[TransportVehicle] | Unset = UNSET
    transportadora: Carrier | Unset = UNSET
    valor: float | str | Unset = UNSET
    veiculo: TransportVehicle | Unset = UNSET
    volumes: list[Volume] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.carrier import Carrier # noqa: PLC0415
        from ..models.transport_vehicle import TransportVehicle # noqa: PLC0415
        from ..models.volume import Volume # noqa: PLC0415
        modalidade = self.modalidade.value

        reboques: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.reboques, Unset):
            reboques = []
            for reboques_item_data in self.reboques:
                reboques_item = reboques_item_data.to_dict()
                reboques.append(reboques_item)



        transportadora: dict[str, Any] | Unset = UNSET
        if not isinstance(self.transportadora, Unset):
            transportadora = self.transportadora.to_dict()

        valor: float | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor

        veiculo: dict[str, Any] | Unset = UNSET
        if not isinstance(self.veiculo, Unset):
            veiculo = self.veiculo.to_dict()

        volumes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.volumes, Unset):
            volumes = []
            for volumes_item_data in self.volumes:
                volumes_item = volumes_item_data.to_dict()
                volumes.append(volumes_item)




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "modalidade": modalidade,
        })
        if reboques is not UNSET:
            field_dict["reboques"] = reboques
        if transportadora is not UNSET:
            field_dict["transportadora"] = transportadora
        if valor is not UNSET:
            field_dict["valor"] = valor
        if veiculo is not UNSET:
            field_dict["veiculo"] = veiculo
        if volumes is not UNSET:
            field_dict["volumes"] = volumes

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.carrier import Carrier # noqa: PLC0415
        from ..models.transport_vehicle import TransportVehicle # noqa: PLC0415
        from ..models.volume import Volume # noqa: PLC0415
        d = dict(src_dict)
        modalidade = FreightModalidade(d.pop("modalidade"))




        _reboques = d.pop("reboques", UNSET)
        reboques: list[TransportVehicle] | Unset = UNSET
        if _reboques is not UNSET:
            reboques = []
            for reboques_item_data in _reboques:
                reboques_item = TransportVehicle.from_dict(reboques_item_data)



                reboques.append(reboques_item)


        _transportadora = d.pop("transportadora", UNSET)
        transportadora: Carrier | Unset
        if isinstance(_transportadora,  Unset):
            transportadora = UNSET
        else:
            transportadora = Carrier.from_dict(_transportadora)




        def _parse_valor(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        _veiculo = d.pop("veiculo", UNSET)
        veiculo: TransportVehicle | Unset
        if isinstance(_veiculo,  Unset):
            veiculo = UNSET
        else:
            veiculo = TransportVehicle.from_dict(_veiculo)




        _volumes = d.pop("volumes", UNSET)
        volumes: list[Volume] | Unset = UNSET
        if _volumes is not UNSET:
            volumes = []
            for volumes_item_data in _volumes:
                volumes_item = Volume.from_dict(volumes_item_data)



                volumes.append(volumes_item)


        freight = cls(
            modalidade=modalidade,
            reboques=reboques,
            transportadora=transportadora,
            valor=valor,
            veiculo=veiculo,
            volumes=volumes,
        )

        return freight

