from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.nfse_place import NfsePlace





T = TypeVar("T", bound="ServiceRequest")



@_attrs_define
class ServiceRequest:
    """ 
        Attributes:
            aliquota_iss (float | str | Unset): Exige `override`.
            c_ind_op (str | Unset):
            c_trib_mun (str | Unset):
            c_trib_nac (str | Unset):
            cnae (str | Unset):
            codigo (str | Unset):
            descricao (str | Unset):
            iss_retido (bool | Unset): Exige `override`.
            lc116 (str | Unset):
            local_prestacao (NfsePlace | Unset):
            nbs (str | Unset):
            valor (float | str | Unset):
     """

    aliquota_iss: float | str | Unset = UNSET
    c_ind_op: str | Unset = UNSET
    c_trib_mun: str | Unset = UNSET
    c_trib_nac: str | Unset = UNSET
    cnae: str | Unset = UNSET
    codigo: str | Unset = UNSET
    descricao: str | Unset = UNSET
    iss_retido: bool | Unset = UNSET
    lc116: str | Unset = UNSET
    local_prestacao: NfsePlace | Unset = UNSET
    nbs: str | Unset = UNSET
    valor: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.nfse_place import NfsePlace # noqa: PLC0415
        aliquota_iss: float | str | Unset
        if isinstance(self.aliquota_iss, Unset):
            aliquota_iss = UNSET
        else:
            aliquota_iss = self.aliquota_iss

        c_ind_op = self.c_ind_op

        c_trib_mun = self.c_trib_mun

        c_trib_nac = self.c_trib_nac

        cnae = self.cnae

        codigo = self.codigo

        descricao = self.descricao

        iss_retido = self.iss_retido

        lc116 = self.lc116

        local_prestacao: dict[str, Any] | Unset = UNSET
        if not isinstance(self.local_prestacao, Unset):
            local_prestacao = self.local_prestacao.to_dict()

        nbs = self.nbs

        valor: float | str | Unset
        if isinstance(self.valor, Unset):
            valor = UNSET
        else:
            valor = self.valor


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if aliquota_iss is not UNSET:
            field_dict["aliquota_iss"] = aliquota_iss
        if c_ind_op is not UNSET:
            field_dict["c_ind_op"] = c_ind_op
        if c_trib_mun is not UNSET:
            field_dict["c_trib_mun"] = c_trib_mun
        if c_trib_nac is not UNSET:
            field_dict["c_trib_nac"] = c_trib_nac
        if cnae is not UNSET:
            field_dict["cnae"] = cnae
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if iss_retido is not UNSET:
            field_dict["iss_retido"] = iss_retido
        if lc116 is not UNSET:
            field_dict["lc116"] = lc116
        if local_prestacao is not UNSET:
            field_dict["local_prestacao"] = local_prestacao
        if nbs is not UNSET:
            field_dict["nbs"] = nbs
        if valor is not UNSET:
            field_dict["valor"] = valor

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.nfse_place import NfsePlace # noqa: PLC0415
        d = dict(src_dict)
        def _parse_aliquota_iss(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        aliquota_iss = _parse_aliquota_iss(d.pop("aliquota_iss", UNSET))


        c_ind_op = d.pop("c_ind_op", UNSET)

        c_trib_mun = d.pop("c_trib_mun", UNSET)

        c_trib_nac = d.pop("c_trib_nac", UNSET)

        cnae = d.pop("cnae", UNSET)

        codigo = d.pop("codigo", UNSET)

        descricao = d.pop("descricao", UNSET)

        iss_retido = d.pop("iss_retido", UNSET)

        lc116 = d.pop("lc116", UNSET)

        _local_prestacao = d.pop("local_prestacao", UNSET)
        local_prestacao: NfsePlace | Unset
        if isinstance(_local_prestacao,  Unset):
            local_prestacao = UNSET
        else:
            local_prestacao = NfsePlace.from_dict(_local_prestacao)




        nbs = d.pop("nbs", UNSET)

        def _parse_valor(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor = _parse_valor(d.pop("valor", UNSET))


        service_request = cls(
            aliquota_iss=aliquota_iss,
            c_ind_op=c_ind_op,
            c_trib_mun=c_trib_mun,
            c_trib_nac=c_trib_nac,
            cnae=cnae,
            codigo=codigo,
            descricao=descricao,
            iss_retido=iss_retido,
            lc116=lc116,
            local_prestacao=local_prestacao,
            nbs=nbs,
            valor=valor,
        )

        return service_request

