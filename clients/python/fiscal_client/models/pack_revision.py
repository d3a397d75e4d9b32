from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="PackRevision")



@_attrs_define
class PackRevision:
    """ 
        Attributes:
            camada (str | Unset):
            digest (None | str | Unset):
            empresas (int | None | Unset):
            nome (str | Unset):
            origem (str | Unset): produto | publicado
            publicado_em (None | str | Unset):
            publicado_por (None | str | Unset):
            regras (int | Unset):
            revisao (str | Unset):
            todas_empresas (bool | None | Unset):
     """

    camada: str | Unset = UNSET
    digest: None | str | Unset = UNSET
    empresas: int | None | Unset = UNSET
    nome: str | Unset = UNSET
    origem: str | Unset = UNSET
    publicado_em: None | str | Unset = UNSET
    publicado_por: None | str | Unset = UNSET
    regras: int | Unset = UNSET
    revisao: str | Unset = UNSET
    todas_empresas: bool | None | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        camada = self.camada

        digest: None | str | Unset
        if isinstance(self.digest, Unset):
            digest = UNSET
        else:
            digest = self.digest

        empresas: int | None | Unset
        if isinstance(self.empresas, Unset):
            empresas = UNSET
        else:
            empresas = self.empresas

        nome = self.nome

        origem = self.origem

        publicado_em: None | str | Unset
        if isinstance(self.publicado_em, Unset):
            publicado_em = UNSET
        else:
            publicado_em = self.publicado_em

        publicado_por: None | str | Unset
        if isinstance(self.publicado_por, Unset):
            publicado_por = UNSET
        else:
            publicado_por = self.publicado_por

        regras = self.regras

        revisao = self.revisao

        todas_empresas: bool | None | Unset
        if isinstance(self.todas_empresas, Unset):
            todas_empresas = UNSET
        else:
            todas_empresas = self.todas_empresas


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if camada is not UNSET:
            field_dict["camada"] = camada
        if digest is not UNSET:
            field_dict["digest"] = digest
        if empresas is not UNSET:
            field_dict["empresas"] = empresas
        if nome is not UNSET:
            field_dict["nome"] = nome
        if origem is not UNSET:
            field_dict["origem"] = origem
        if publicado_em is not UNSET:
            field_dict["publicado_em"] = publicado_em
        if publicado_por is not UNSET:
            field_dict["publicado_por"] = publicado_por
        if regras is not UNSET:
            field_dict["regras"] = regras
        if revisao is not UNSET:
            field_dict["revisao"] = revisao
        if todas_empresas is not UNSET:
            field_dict["todas_empresas"] = todas_empresas

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        camada = d.pop("camada", UNSET)

        def _parse_digest(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        digest = _parse_digest(d.pop("digest", UNSET))


        def _parse_empresas(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        empresas = _parse_empresas(d.pop("empresas", UNSET))


        nome = d.pop("nome", UNSET)

        origem = d.pop("origem", UNSET)

        def _parse_publicado_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        publicado_em = _parse_publicado_em(d.pop("publicado_em", UNSET))


        def _parse_publicado_por(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        publicado_por = _parse_publicado_por(d.pop("publicado_por", UNSET))


        regras = d.pop("regras", UNSET)

        revisao = d.pop("revisao", UNSET)

        def _parse_todas_empresas(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        todas_empresas = _parse_todas_empresas(d.pop("todas_empresas", UNSET))


        pack_revision = cls(
            camada=camada,
            digest=digest,
            empresas=empresas,
            nome=nome,
            origem=origem,
            publicado_em=publicado_em,
            publicado_por=publicado_por,
            regras=regras,
            revisao=revisao,
            todas_empresas=todas_empresas,
        )

        return pack_revision

