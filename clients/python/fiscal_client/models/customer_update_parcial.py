from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.customer_update_parcial_indicador_ie_type_1 import CustomerUpdateParcialIndicadorIeType1
from ..models.customer_update_parcial_indicador_ie_type_2_type_1 import CustomerUpdateParcialIndicadorIeType2Type1
from ..models.customer_update_parcial_indicador_ie_type_3_type_1 import CustomerUpdateParcialIndicadorIeType3Type1
from ..types import UNSET, Unset
from typing import cast






T = TypeVar("T", bound="CustomerUpdateParcial")



@_attrs_define
class CustomerUpdateParcial:
    """ 
        Attributes:
            ativo (bool | Unset):
            bairro (None | str | Unset):
            cep (None | str | Unset):
            cod_municipio (None | str | Unset):
            codigo (str | Unset):
            complemento (None | str | Unset):
            cpf_cnpj (str | Unset):
            email (None | str | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            ie (None | str | Unset):
            indicador_ie (CustomerUpdateParcialIndicadorIeType1 | CustomerUpdateParcialIndicadorIeType2Type1 |
                CustomerUpdateParcialIndicadorIeType3Type1 | None | Unset):
            logradouro (None | str | Unset):
            municipio (None | str | Unset):
            nome (str | Unset):
            numero (None | str | Unset):
            telefone (None | str | Unset):
            uf (None | str | Unset):
     """

    ativo: bool | Unset = UNSET
    bairro: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    cod_municipio: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    complemento: None | str | Unset = UNSET
    cpf_cnpj: str | Unset = UNSET
    email: None | str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    ie: None | str | Unset = UNSET
    indicador_ie: CustomerUpdateParcialIndicadorIeType1 | CustomerUpdateParcialIndicadorIeType2Type1 | CustomerUpdateParcialIndicadorIeType3Type1 | None | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    municipio: None | str | Unset = UNSET
    nome: str | Unset = UNSET
    numero: None | str | Unset = UNSET
    telefone: None | str | Unset = UNSET
    uf: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        ativo = self.ativo

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

        email: None | str | Unset
        if isinstance(self.email, Unset):
            email = UNSET
        else:
            email = self.email

        empresa = self.empresa

        empresa_id = self.empresa_id

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        indicador_ie: int | None | Unset
        if isinstance(self.indicador_ie, Unset):
            indicador_ie = UNSET
        elif isinstance(self.indicador_ie, CustomerUpdateParcialIndicadorIeType1):
            indicador_ie = self.indicador_ie.value
        elif isinstance(self.indicador_ie, CustomerUpdateParcialIndicadorIeType2Type1):
            indicador_ie = self.indicador_ie.value
        elif isinstance(self.indicador_ie, CustomerUpdateParcialIndicadorIeType3Type1):
            indicador_ie = self.indicador_ie.value
        else:
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
        if email is not UNSET:
            field_dict["email"] = email
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
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
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        ativo = d.pop("ativo", UNSET)

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

        def _parse_email(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        email = _parse_email(d.pop("email", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        def _parse_indicador_ie(data: object) -> CustomerUpdateParcialIndicadorIeType1 | CustomerUpdateParcialIndicadorIeType2Type1 | CustomerUpdateParcialIndicadorIeType3Type1 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, int):
                    raise TypeError()
                indicador_ie_type_1 = CustomerUpdateParcialIndicadorIeType1(data)



                return indicador_ie_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                indicador_ie_type_2_type_1 = CustomerUpdateParcialIndicadorIeType2Type1(data)



                return indicador_ie_type_2_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            try:
                if not isinstance(data, int):
                    raise TypeError()
                indicador_ie_type_3_type_1 = CustomerUpdateParcialIndicadorIeType3Type1(data)



                return indicador_ie_type_3_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(CustomerUpdateParcialIndicadorIeType1 | CustomerUpdateParcialIndicadorIeType2Type1 | CustomerUpdateParcialIndicadorIeType3Type1 | None | Unset, data)

        indicador_ie = _parse_indicador_ie(d.pop("indicador_ie", UNSET))


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


        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        customer_update_parcial = cls(
            ativo=ativo,
            bairro=bairro,
            cep=cep,
            cod_municipio=cod_municipio,
            codigo=codigo,
            complemento=complemento,
            cpf_cnpj=cpf_cnpj,
            email=email,
            empresa=empresa,
            empresa_id=empresa_id,
            ie=ie,
            indicador_ie=indicador_ie,
            logradouro=logradouro,
            municipio=municipio,
            nome=nome,
            numero=numero,
            telefone=telefone,
            uf=uf,
        )

        return customer_update_parcial

