from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.loading import Loading





T = TypeVar("T", bound="Route")



@_attrs_define
class Route:
    """ 
        Attributes:
            carregamento (Loading | Unset):
            descarregamento_cep (str | Unset):
            inicio_viagem (datetime.datetime | Unset):
            uf_fim (str | Unset):
            uf_inicio (str | Unset):
            ufs_percurso (list[str] | Unset):
     """

    carregamento: Loading | Unset = UNSET
    descarregamento_cep: str | Unset = UNSET
    inicio_viagem: datetime.datetime | Unset = UNSET
    uf_fim: str | Unset = UNSET
    uf_inicio: str | Unset = UNSET
    ufs_percurso: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.loading import Loading # noqa: PLC0415
        carregamento: dict[str, Any] | Unset = UNSET
        if not isinstance(self.carregamento, Unset):
            carregamento = self.carregamento.to_dict()

        descarregamento_cep = self.descarregamento_cep

        inicio_viagem: str | Unset = UNSET
        if not isinstance(self.inicio_viagem, Unset):
            inicio_viagem = self.inicio_viagem.isoformat()

        uf_fim = self.uf_fim

        uf_inicio = self.uf_inicio

        ufs_percurso: list[str] | Unset = UNSET
        if not isinstance(self.ufs_percurso, Unset):
            ufs_percurso = self.ufs_percurso




        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if carregamento is not UNSET:
            field_dict["carregamento"] = carregamento
        if descarregamento_cep is not UNSET:
            field_dict["descarregamento_cep"] = descarregamento_cep
        if inicio_viagem is not UNSET:
            field_dict["inicio_viagem"] = inicio_viagem
        if uf_fim is not UNSET:
            field_dict["uf_fim"] = uf_fim
        if uf_inicio is not UNSET:
            field_dict["uf_inicio"] = uf_inicio
        if ufs_percurso is not UNSET:
            field_dict["ufs_percurso"] = ufs_percurso

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.loading import Loading # noqa: PLC0415
        d = dict(src_dict)
        _carregamento = d.pop("carregamento", UNSET)
        carregamento: Loading | Unset
        if isinstance(_carregamento,  Unset):
            carregamento = UNSET
        else:
            carregamento = Loading.from_dict(_carregamento)




        descarregamento_cep = d.pop("descarregamento_cep", UNSET)

        _inicio_viagem = d.pop("inicio_viagem", UNSET)
        inicio_viagem: datetime.datetime | Unset
        if isinstance(_inicio_viagem,  Unset):
            inicio_viagem = UNSET
        else:
            inicio_viagem = datetime.datetime.fromisoformat(_inicio_viagem)




        uf_fim = d.pop("uf_fim", UNSET)

        uf_inicio = d.pop("uf_inicio", UNSET)

        ufs_percurso = cast(list[str], d.pop("ufs_percurso", UNSET))


        route = cls(
            carregamento=carregamento,
            descarregamento_cep=descarregamento_cep,
            inicio_viagem=inicio_viagem,
            uf_fim=uf_fim,
            uf_inicio=uf_inicio,
            ufs_percurso=ufs_percurso,
        )

        return route

