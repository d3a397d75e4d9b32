from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CnpjLookupData")



@_attrs_define
class CnpjLookupData:
    """ 
        Attributes:
            bairro (None | str | Unset):
            cep (None | str | Unset):
            cnae (None | str | Unset):
            cnaes_secundarios (list[str] | Unset):
            cnpj (str | Unset):
            cod_municipio (None | str | Unset):
            cod_uf (None | str | Unset):
            crt (int | None | Unset):
            data_abertura (None | str | Unset):
            email (None | str | Unset):
            logradouro (None | str | Unset):
            municipio (None | str | Unset):
            nome_fantasia (None | str | Unset):
            numero (None | str | Unset):
            razao_social (str | Unset):
            situacao_cadastral (None | str | Unset):
            telefone (None | str | Unset):
            uf (None | str | Unset):
     """

    bairro: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    cnae: None | str | Unset = UNSET
    cnaes_secundarios: list[str] | Unset = UNSET
    cnpj: str | Unset = UNSET
    cod_municipio: None | str | Unset = UNSET
    cod_uf: None | str | Unset = UNSET
    crt: int | None | Unset = UNSET
    data_abertura: None | str | Unset = UNSET
    email: None | str | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    municipio: None | str | Unset = UNSET
    nome_fantasia: None | str | Unset = UNSET
    numero: None | str | Unset = UNSET
    razao_social: str | Unset = UNSET
    situacao_cadastral: None | str | Unset = UNSET
    telefone: None | str | Unset = UNSET
    uf: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        bairro: None | str | Unset
        if isinstance(self.bairro, Unset):
            bairro = UNSET
        else:
            bairro = self.bairro

        cep: None | str | Unset
        if isinstance(self.cep, Unset):
            cep = UNSET
        else:
            cep = self.cep

        cnae: None | str | Unset
        if isinstance(self.cnae, Unset):
            cnae = UNSET
        else:
            cnae = self.cnae

        cnaes_secundarios: list[str] | Unset = UNSET
        if not isinstance(self.cnaes_secundarios, Unset):
            cnaes_secundarios = self.cnaes_secundarios



        cnpj = self.cnpj

        cod_municipio: None | str | Unset
        if isinstance(self.cod_municipio, Unset):
            cod_municipio = UNSET
        else:
            cod_municipio = self.cod_municipio

        cod_uf: None | str | Unset
        if isinstance(self.cod_uf, Unset):
            cod_uf = UNSET
        else:
            cod_uf = self.cod_uf

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        data_abertura: None | str | Unset
        if isinstance(self.data_abertura, Unset):
            data_abertura = UNSET
        else:
            data_abertura = self.data_abertura

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        logradouro: None | str | Unset
        if isinstance(self.logradouro, Unset):
            logradouro = UNSET
        else:
            logradouro = self.logradouro

        municipio: None | str | Unset
        if isinstance(self.municipio, Unset):
            municipio = UNSET
        else:
            municipio = self.municipio

        nome_fantasia: None | str | Unset
        if isinstance(self.nome_fantasia, Unset):
            nome_fantasia = UNSET
        else:
            nome_fantasia = self.nome_fantasia

        numero: None | str | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        razao_social = self.razao_social

        situacao_cadastral: None | str | Unset
        if isinstance(self.situacao_cadastral, Unset):
            situacao_cadastral = UNSET
        else:
            situacao_cadastral = self.situacao_cadastral

        telefone: None | str | Unset
        if isinstance(self.telefone, Unset):
            telefone = UNSET
        else:
            telefone = self.telefone

        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if cep is not UNSET:
            field_dict["cep"] = cep
        if cnae is not UNSET:
            field_dict["cnae"] = cnae
        if cnaes_secundarios is not UNSET:
            field_dict["cnaes_secundarios"] = cnaes_secundarios
        if cnpj is not UNSET:
            field_dict["cnpj"] = cnpj
        if cod_municipio is not UNSET:
            field_dict["cod_municipio"] = cod_municipio
        if cod_uf is not UNSET:
            field_dict["cod_uf"] = cod_uf
        if crt is not UNSET:
            field_dict["crt"] = crt
        if data_abertura is not UNSET:
            field_dict["data_abertura"] = data_abertura
        if email is not UNSET:
            field_dict["email"] = email
        if logradouro is not UNSET:
            field_dict["logradouro"] = logradouro
        if municipio is not UNSET:
            field_dict["municipio"] = municipio
        if nome_fantasia is not UNSET:
            field_dict["nome_fantasia"] = nome_fantasia
        if numero is not UNSET:
            field_dict["numero"] = numero
        if razao_social is not UNSET:
            field_dict["razao_social"] = razao_social
        if situacao_cadastral is not UNSET:
            field_dict["situacao_cadastral"] = situacao_cadastral
        if telefone is not UNSET:
            field_dict["telefone"] = telefone
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_bairro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        bairro = _parse_bairro(d.pop("bairro", UNSET))


        def _parse_cep(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cep = _parse_cep(d.pop("cep", UNSET))


        def _parse_cnae(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnae = _parse_cnae(d.pop("cnae", UNSET))


        cnaes_secundarios = cast(list[str], d.pop("cnaes_secundarios", UNSET))


        cnpj = d.pop("cnpj", UNSET)

        def _parse_cod_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cod_municipio = _parse_cod_municipio(d.pop("cod_municipio", UNSET))


        def _parse_cod_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cod_uf = _parse_cod_uf(d.pop("cod_uf", UNSET))


        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        def _parse_data_abertura(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        data_abertura = _parse_data_abertura(d.pop("data_abertura", UNSET))


        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        def _parse_logradouro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        logradouro = _parse_logradouro(d.pop("logradouro", UNSET))


        def _parse_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        municipio = _parse_municipio(d.pop("municipio", UNSET))


        def _parse_nome_fantasia(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        nome_fantasia = _parse_nome_fantasia(d.pop("nome_fantasia", UNSET))


        def _parse_numero(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        razao_social = d.pop("razao_social", UNSET)

        def _parse_situacao_cadastral(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        situacao_cadastral = _parse_situacao_cadastral(d.pop("situacao_cadastral", UNSET))


        def _parse_telefone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        telefone = _parse_telefone(d.pop("telefone", UNSET))


        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        cnpj_lookup_data = cls(
            bairro=bairro,
            cep=cep,
            cnae=cnae,
            cnaes_secundarios=cnaes_secundarios,
            cnpj=cnpj,
            cod_municipio=cod_municipio,
            cod_uf=cod_uf,
            crt=crt,
            data_abertura=data_abertura,
            email=email,
            logradouro=logradouro,
            municipio=municipio,
            nome_fantasia=nome_fantasia,
            numero=numero,
            razao_social=razao_social,
            situacao_cadastral=situacao_cadastral,
            telefone=telefone,
            uf=uf,
        )

        return cnpj_lookup_data

