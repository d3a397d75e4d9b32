from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CustomerRecord")



@_attrs_define
class CustomerRecord:
    """ 
        Attributes:
            ativo (bool | Unset):
            atualizado_em (str | Unset):
            bairro (None | str | Unset):
            cep (None | str | Unset):
            cod_municipio (None | str | Unset):
            codigo (str | Unset):
            complemento (None | str | Unset):
            cpf_cnpj (str | Unset):
            criado_em (str | Unset):
            email (None | str | Unset):
            id (str | Unset):
            ie (None | str | Unset):
            indicador_ie (int | Unset):
            logradouro (None | str | Unset):
            municipio (None | str | Unset):
            nome (str | Unset):
            numero (None | str | Unset):
            telefone (None | str | Unset):
            tipo_pessoa (str | Unset): PF (CPF) ou PJ (CNPJ).
            uf (None | str | Unset):
     """

    ativo: bool | Unset = UNSET
    atualizado_em: str | Unset = UNSET
    bairro: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    cod_municipio: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    complemento: None | str | Unset = UNSET
    cpf_cnpj: str | Unset = UNSET
    criado_em: str | Unset = UNSET
    email: None | str | Unset = UNSET
    id: str | Unset = UNSET
    ie: None | str | Unset = UNSET
    indicador_ie: int | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    municipio: None | str | Unset = UNSET
    nome: str | Unset = UNSET
    numero: None | str | Unset = UNSET
    telefone: None | str | Unset = UNSET
    tipo_pessoa: str | Unset = UNSET
    uf: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

        atualizado_em = self.atualizado_em

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

        cod_municipio: None | str | Unset
        if isinstance(self.cod_municipio, Unset):
            cod_municipio = UNSET
        else:
            cod_municipio = self.cod_municipio

        codigo = self.codigo

        complemento: None | str | Unset
        if isinstance(self.complemento, Unset):
            complemento = UNSET
        else:
            complemento = self.complemento

        cpf_cnpj = self.cpf_cnpj

        criado_em = self.criado_em

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        id = self.id

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        indicador_ie = self.indicador_ie

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

        nome = self.nome

        numero: None | str | Unset
        if isinstance(self.numero, Unset):
            numero = UNSET
        else:
            numero = self.numero

        telefone: None | str | Unset
        if isinstance(self.telefone, Unset):
            telefone = UNSET
        else:
            telefone = self.telefone

        tipo_pessoa = self.tipo_pessoa

        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if ativo is not UNSET:
            field_dict["ativo"] = ativo
        if atualizado_em is not UNSET:
            field_dict["atualizado_em"] = atualizado_em
        if bairro is not UNSET:
            field_dict["bairro"] = bairro
        if cep is not UNSET:
            field_dict["cep"] = cep
        if cod_municipio is not UNSET:
            field_dict["cod_municipio"] = cod_municipio
        if codigo is not UNSET:
            field_dict["codigo"] = codigo
        if complemento is not UNSET:
            field_dict["complemento"] = complemento
        if cpf_cnpj is not UNSET:
            field_dict["cpf_cnpj"] = cpf_cnpj
        if criado_em is not UNSET:
            field_dict["criado_em"] = criado_em
        if email is not UNSET:
            field_dict["email"] = email
        if id is not UNSET:
            field_dict["id"] = id
        if ie is not UNSET:
            field_dict["ie"] = ie
        if indicador_ie is not UNSET:
            field_dict["indicador_ie"] = indicador_ie
        if logradouro is not UNSET:
            field_dict["logradouro"] = logradouro
        if municipio is not UNSET:
            field_dict["municipio"] = municipio
        if nome is not UNSET:
            field_dict["nome"] = nome
        if numero is not UNSET:
            field_dict["numero"] = numero
        if telefone is not UNSET:
            field_dict["telefone"] = telefone
        if tipo_pessoa is not UNSET:
            field_dict["tipo_pessoa"] = tipo_pessoa
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

        atualizado_em = d.pop("atualizado_em", UNSET)

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


        def _parse_cod_municipio(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cod_municipio = _parse_cod_municipio(d.pop("cod_municipio", UNSET))


        codigo = d.pop("codigo", UNSET)

        def _parse_complemento(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        complemento = _parse_complemento(d.pop("complemento", UNSET))


        cpf_cnpj = d.pop("cpf_cnpj", UNSET)

        criado_em = d.pop("criado_em", UNSET)

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        id = d.pop("id", UNSET)

        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        indicador_ie = d.pop("indicador_ie", UNSET)

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


        nome = d.pop("nome", UNSET)

        def _parse_numero(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero = _parse_numero(d.pop("numero", UNSET))


        def _parse_telefone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        telefone = _parse_telefone(d.pop("telefone", UNSET))


        tipo_pessoa = d.pop("tipo_pessoa", UNSET)

        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        customer_record = cls(
            ativo=ativo,
            atualizado_em=atualizado_em,
            bairro=bairro,
            cep=cep,
            cod_municipio=cod_municipio,
            codigo=codigo,
            complemento=complemento,
            cpf_cnpj=cpf_cnpj,
            criado_em=criado_em,
            email=email,
            id=id,
            ie=ie,
            indicador_ie=indicador_ie,
            logradouro=logradouro,
            municipio=municipio,
            nome=nome,
            numero=numero,
            telefone=telefone,
            tipo_pessoa=tipo_pessoa,
            uf=uf,
        )

        return customer_record

