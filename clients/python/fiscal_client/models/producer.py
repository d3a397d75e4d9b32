from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.property_ import Property





T = TypeVar("T", bound="Producer")



@_attrs_define
class Producer:
    """ 
        Attributes:
            cpf (str):
            crt (int):
            ie (str):
            nome (str):
            uf (str):
            bairro (None | str | Unset):
            cep (None | str | Unset):
            cod_municipio (None | str | Unset):
            codigo (str | Unset): Padrão: o CPF.
            complemento (None | str | Unset):
            config_automatica (bool | Unset):  Default: True.
            email (None | str | Unset):
            logradouro (None | str | Unset):
            municipio (None | str | Unset):
            nome_fantasia (None | str | Unset):
            numero (None | str | Unset):
            propriedades (list[Property] | Unset): Imóveis rurais {nome, cod_municipio, ie, nirf | car}.
            serie_nfe (int | Unset):  Default: 920.
            telefone (None | str | Unset):
     """

    cpf: str
    crt: int
    ie: str
    nome: str
    uf: str
    bairro: None | str | Unset = UNSET
    cep: None | str | Unset = UNSET
    cod_municipio: None | str | Unset = UNSET
    codigo: str | Unset = UNSET
    complemento: None | str | Unset = UNSET
    config_automatica: bool | Unset = True
    email: None | str | Unset = UNSET
    logradouro: None | str | Unset = UNSET
    municipio: None | str | Unset = UNSET
    nome_fantasia: None | str | Unset = UNSET
    numero: None | str | Unset = UNSET
    propriedades: list[Property] | Unset = UNSET
    serie_nfe: int | Unset = 920
    telefone: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.property_ import Property # noqa: PLC0415
        cpf = self.cpf

        crt = self.crt

        ie = self.ie

        nome = self.nome

        uf = self.uf

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

        config_automatica = self.config_automatica

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

        propriedades: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.propriedades, Unset):
            propriedades = []
            for propriedades_item_data in self.propriedades:
                propriedades_item = propriedades_item_data.to_dict()
                propriedades.append(propriedades_item)



        serie_nfe = self.serie_nfe

        telefone: None | str | Unset
        if isinstance(self.telefone, Unset):
            telefone = UNSET
        else:
            telefone = self.telefone


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "cpf": cpf,
            "crt": crt,
            "ie": ie,
            "nome": nome,
            "uf": uf,
        })
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
        if config_automatica is not UNSET:
            field_dict["config_automatica"] = config_automatica
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
        if propriedades is not UNSET:
            field_dict["propriedades"] = propriedades
        if serie_nfe is not UNSET:
            field_dict["serie_nfe"] = serie_nfe
        if telefone is not UNSET:
            field_dict["telefone"] = telefone

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.property_ import Property # noqa: PLC0415
        d = dict(src_dict)
        cpf = d.pop("cpf")

        crt = d.pop("crt")

        ie = d.pop("ie")

        nome = d.pop("nome")

        uf = d.pop("uf")

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


        config_automatica = d.pop("config_automatica", UNSET)

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


        _propriedades = d.pop("propriedades", UNSET)
        propriedades: list[Property] | Unset = UNSET
        if _propriedades is not UNSET:
            propriedades = []
            for propriedades_item_data in _propriedades:
                propriedades_item = Property.from_dict(propriedades_item_data)



                propriedades.append(propriedades_item)


        serie_nfe = d.pop("serie_nfe", UNSET)

        def _parse_telefone(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        telefone = _parse_telefone(d.pop("telefone", UNSET))


        producer = cls(
            cpf=cpf,
            crt=crt,
            ie=ie,
            nome=nome,
            uf=uf,
            bairro=bairro,
            cep=cep,
            cod_municipio=cod_municipio,
            codigo=codigo,
            complemento=complemento,
            config_automatica=config_automatica,
            email=email,
            logradouro=logradouro,
            municipio=municipio,
            nome_fantasia=nome_fantasia,
            numero=numero,
            propriedades=propriedades,
            serie_nfe=serie_nfe,
            telefone=telefone,
        )

        return producer

