from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.producer_record_tipo import ProducerRecordTipo
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.producer_certificate import ProducerCertificate
  from ..models.property_answer import PropertyAnswer





T = TypeVar("T", bound="ProducerRecord")



@_attrs_define
class ProducerRecord:
    """ 
        Attributes:
            certificado (ProducerCertificate | Unset):
            contexto_fiscal (None | str | Unset):  Example: PRODUTOR_RURAL.
            crt (int | None | Unset):
            documento (str | Unset): CPF (PF) ou CNPJ (PJ).
            empresa (str | Unset): Código da empresa.
            empresa_id (str | Unset):
            ie (None | str | Unset):
            lista_propriedades (list[PropertyAnswer] | Unset):
            nome (str | Unset):
            propriedades (int | Unset): Quantidade de imóveis.
            serie_nfe (int | Unset):
            tipo (ProducerRecordTipo | Unset):
            uf (None | str | Unset):
     """

    certificado: ProducerCertificate | Unset = UNSET
    contexto_fiscal: None | str | Unset = UNSET
    crt: int | None | Unset = UNSET
    documento: str | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    ie: None | str | Unset = UNSET
    lista_propriedades: list[PropertyAnswer] | Unset = UNSET
    nome: str | Unset = UNSET
    propriedades: int | Unset = UNSET
    serie_nfe: int | Unset = UNSET
    tipo: ProducerRecordTipo | Unset = UNSET
    uf: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.producer_certificate import ProducerCertificate # noqa: PLC0415
        from ..models.property_answer import PropertyAnswer # noqa: PLC0415
        certificado: dict[str, Any] | Unset = UNSET
        if not isinstance(self.certificado, Unset):
            certificado = self.certificado.to_dict()

        contexto_fiscal: None | str | Unset
        if isinstance(self.contexto_fiscal, Unset):
            contexto_fiscal = UNSET
        else:
            contexto_fiscal = self.contexto_fiscal

        crt: int | None | Unset
        if isinstance(self.crt, Unset):
            crt = UNSET
        else:
            crt = self.crt

        documento = self.documento

        empresa = self.empresa

        empresa_id = self.empresa_id

        ie: None | str | Unset
        if isinstance(self.ie, Unset):
            ie = UNSET
        else:
            ie = self.ie

        lista_propriedades: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.lista_propriedades, Unset):
            lista_propriedades = []
            for lista_propriedades_item_data in self.lista_propriedades:
                lista_propriedades_item = lista_propriedades_item_data.to_dict()
                lista_propriedades.append(lista_propriedades_item)



        nome = self.nome

        propriedades = self.propriedades

        serie_nfe = self.serie_nfe

        tipo: str | Unset = UNSET
        if not isinstance(self.tipo, Unset):
            tipo = self.tipo.value


        uf: None | str | Unset
        if isinstance(self.uf, Unset):
            uf = UNSET
        else:
            uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if certificado is not UNSET:
            field_dict["certificado"] = certificado
        if contexto_fiscal is not UNSET:
            field_dict["contexto_fiscal"] = contexto_fiscal
        if crt is not UNSET:
            field_dict["crt"] = crt
        if documento is not UNSET:
            field_dict["documento"] = documento
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if ie is not UNSET:
            field_dict["ie"] = ie
        if lista_propriedades is not UNSET:
            field_dict["lista_propriedades"] = lista_propriedades
        if nome is not UNSET:
            field_dict["nome"] = nome
        if propriedades is not UNSET:
            field_dict["propriedades"] = propriedades
        if serie_nfe is not UNSET:
            field_dict["serie_nfe"] = serie_nfe
        if tipo is not UNSET:
            field_dict["tipo"] = tipo
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.producer_certificate import ProducerCertificate # noqa: PLC0415
        from ..models.property_answer import PropertyAnswer # noqa: PLC0415
        d = dict(src_dict)
        _certificado = d.pop("certificado", UNSET)
        certificado: ProducerCertificate | Unset
        if isinstance(_certificado,  Unset):
            certificado = UNSET
        else:
            certificado = ProducerCertificate.from_dict(_certificado)




        def _parse_contexto_fiscal(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        contexto_fiscal = _parse_contexto_fiscal(d.pop("contexto_fiscal", UNSET))


        def _parse_crt(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        crt = _parse_crt(d.pop("crt", UNSET))


        documento = d.pop("documento", UNSET)

        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_ie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ie = _parse_ie(d.pop("ie", UNSET))


        _lista_propriedades = d.pop("lista_propriedades", UNSET)
        lista_propriedades: list[PropertyAnswer] | Unset = UNSET
        if _lista_propriedades is not UNSET:
            lista_propriedades = []
            for lista_propriedades_item_data in _lista_propriedades:
                lista_propriedades_item = PropertyAnswer.from_dict(lista_propriedades_item_data)



                lista_propriedades.append(lista_propriedades_item)


        nome = d.pop("nome", UNSET)

        propriedades = d.pop("propriedades", UNSET)

        serie_nfe = d.pop("serie_nfe", UNSET)

        _tipo = d.pop("tipo", UNSET)
        tipo: ProducerRecordTipo | Unset
        if isinstance(_tipo,  Unset):
            tipo = UNSET
        else:
            tipo = ProducerRecordTipo(_tipo)




        def _parse_uf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        uf = _parse_uf(d.pop("uf", UNSET))


        producer_record = cls(
            certificado=certificado,
            contexto_fiscal=contexto_fiscal,
            crt=crt,
            documento=documento,
            empresa=empresa,
            empresa_id=empresa_id,
            ie=ie,
            lista_propriedades=lista_propriedades,
            nome=nome,
            propriedades=propriedades,
            serie_nfe=serie_nfe,
            tipo=tipo,
            uf=uf,
        )

        return producer_record

