from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="ServiceRecord")



@_attrs_define
class ServiceRecord:
    """ 
        Attributes:
            aliquota_iss (None | str | Unset): Percentual como texto; nulo: base do motor.
            ativo (bool | Unset):
            atualizado_em (str | Unset):
            c_ind_op (None | str | Unset): Indicador da operação do IBS/CBS (cIndOp, 6 dígitos, Anexo VII da NT da NFS-e),
                usado quando a NFS-e não informa `servico.c_ind_op`.
            c_trib_mun (None | str | Unset):
            c_trib_nac (None | str | Unset):
            cnae (None | str | Unset):
            codigo (str | Unset):
            criado_em (str | Unset):
            descricao (str | Unset):
            id (str | Unset):
            iss_retido (bool | None | Unset): Nulo: a base do motor decide.
            lc116 (None | str | Unset): Subitem NN.NN.
            municipio_incidencia (None | str | Unset):
            nbs (None | str | Unset):
            preco (None | str | Unset): Decimal como texto.
     """

    aliquota_iss: None | str | Unset = UNSET
    ativo: bool | Unset = UNSET
    atualizado_em: str | Unset = UNSET
    c_ind_op: None | str | Unset = UNSET
    c_trib_mun: None | str | Unset = UNSET
    c_trib_nac: None | str | Unset = UNSET
    cnae: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    criado_em: str | Unset = UNSET
    descricao: str | Unset = UNSET
    id: str | Unset = UNSET
    iss_retido: bool | None | Unset = UNSET
    lc116: None | str | Unset = UNSET
    municipio_incidencia: None | str | Unset = UNSET
    nbs: None | str | Unset = UNSET
    preco: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        aliquota_iss: None | str | Unset
        if isinstance(self.aliquota_iss, Unset):
            aliquota_iss = UNSET
        else:
            aliquota_iss = self.aliquota_iss

        ativo = self.ativo

        atualizado_em = self.atualizado_em

        c_ind_op: None | str | Unset
        if isinstance(self.c_ind_op, Unset):
            c_ind_op = UNSET
        else:
            c_ind_op = self.c_ind_op

        c_trib_mun: None | str | Unset
        if isinstance(self.c_trib_mun, Unset):
            c_trib_mun = UNSET
        else:
            c_trib_mun = self.c_trib_mun

        c_trib_nac: None | str | Unset
        if isinstance(self.c_trib_nac, Unset):
            c_trib_nac = UNSET
        else:
            c_trib_nac = self.c_trib_nac

        cnae: None | str | Unset
        if isinstance(self.cnae, Unset):
            cnae = UNSET
        else:
            cnae = self.cnae

        codigo = self.codigo

        criado_em = self.criado_em

        descricao = self.descricao

        id = self.id

        iss_retido: bool | None | Unset
        if isinstance(self.iss_retido, Unset):
            iss_retido = UNSET
        else:
            iss_retido = self.iss_retido

        lc116: None | str | Unset
        if isinstance(self.lc116, Unset):
            lc116 = UNSET
        else:
            lc116 = self.lc116

        municipio_incidencia: None | str | Unset
        if isinstance(self.municipio_incidencia, Unset):
            municipio_incidencia = UNSET
        else:
            municipio_incidencia = self.municipio_incidencia

        nbs: None | str | Unset
        if isinstance(self.nbs, Unset):
            nbs = UNSET
        else:
            nbs = self.nbs

        preco: None | str | Unset
        if isinstance(self.preco, Unset):
            preco = UNSET
        else:
            preco = self.preco


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if aliquota_iss is not UNSET:
            field_dict["aliquota_iss"] = aliquota_iss
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
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
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if descricao is not UNSET:
            field_dict["descricao"] = descricao
        if id is not UNSET:
            field_dict["id"] = id
        if iss_retido is not UNSET:
            field_dict["iss_retido"] = iss_retido
        if lc116 is not UNSET:
            field_dict["lc116"] = lc116
        if municipio_incidencia is not UNSET:
            field_dict["municipio_incidencia"] = municipio_incidencia
        if nbs is not UNSET:
            field_dict["nbs"] = nbs
        if preco is not UNSET:
            field_dict["preco"] = preco

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_aliquota_iss(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        aliquota_iss = _parse_aliquota_iss(d.pop("aliquota_iss", UNSET))


        ativo = d.pop("ativo", UNSET)

        atualizado_em = d.pop("atualizado_em", UNSET)

        def _parse_c_ind_op(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        c_ind_op = _parse_c_ind_op(d.pop("c_ind_op", UNSET))


        def _parse_c_trib_mun(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        c_trib_mun = _parse_c_trib_mun(d.pop("c_trib_mun", UNSET))


        def _parse_c_trib_nac(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        c_trib_nac = _parse_c_trib_nac(d.pop("c_trib_nac", UNSET))


        def _parse_cnae(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnae = _parse_cnae(d.pop("cnae", UNSET))


        codigo = d.pop("codigo", UNSET)

        criado_em = d.pop("criado_em", UNSET)

        descricao = d.pop("descricao", UNSET)

        id = d.pop("id", UNSET)

        def _parse_iss_retido(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        iss_retido = _parse_iss_retido(d.pop("iss_retido", UNSET))


        def _parse_lc116(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        lc116 = _parse_lc116(d.pop("lc116", UNSET))


        def _parse_municipio_incidencia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio_incidencia = _parse_municipio_incidencia(d.pop("municipio_incidencia", UNSET))


        def _parse_nbs(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nbs = _parse_nbs(d.pop("nbs", UNSET))


        def _parse_preco(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        preco = _parse_preco(d.pop("preco", UNSET))


        service_record = cls(
            aliquota_iss=aliquota_iss,
            ativo=ativo,
            atualizado_em=atualizado_em,
            c_ind_op=c_ind_op,
            c_trib_mun=c_trib_mun,
            c_trib_nac=c_trib_nac,
            cnae=cnae,
            codigo=codigo,
            criado_em=criado_em,
            descricao=descricao,
            id=id,
            iss_retido=iss_retido,
            lc116=lc116,
            municipio_incidencia=municipio_incidencia,
            nbs=nbs,
            preco=preco,
        )

        return service_record

