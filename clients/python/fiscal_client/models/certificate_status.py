from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.certificate_status_status import CertificateStatusStatus
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="CertificateStatus")



@_attrs_define
class CertificateStatus:
    """ 
        Attributes:
            cnpj (None | str | Unset):
            cnpj_confere_com_emitente (bool | None | Unset): Null para produtor pessoa física (e-CPF).
            codigos (list[str] | Unset):
            cpf (None | str | Unset): CPF do titular (e-CPF).
            cpf_confere_com_emitente (bool | None | Unset): e-CPF: o CPF confere com o do produtor.
            dias_restantes (int | None | Unset):
            emissor (None | str | Unset):
            numero_serie (None | str | Unset):
            problemas (list[str] | Unset):
            status (CertificateStatusStatus | Unset):
            titular (None | str | Unset):
            validade (datetime.date | None | Unset):
            valido (bool | Unset):
     """

    cnpj: None | str | Unset = UNSET
    cnpj_confere_com_emitente: bool | None | Unset = UNSET
    codigos: list[str] | Unset = UNSET
    cpf: None | str | Unset = UNSET
    cpf_confere_com_emitente: bool | None | Unset = UNSET
    dias_restantes: int | None | Unset = UNSET
    emissor: None | str | Unset = UNSET
    numero_serie: None | str | Unset = UNSET
    problemas: list[str] | Unset = UNSET
    status: CertificateStatusStatus | Unset = UNSET
    titular: None | str | Unset = UNSET
    validade: datetime.date | None | Unset = UNSET
    valido: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        cnpj: None | str | Unset
        if isinstance(self.cnpj, Unset):
            cnpj = UNSET
        else:
            cnpj = self.cnpj

        cnpj_confere_com_emitente: bool | None | Unset
        if isinstance(self.cnpj_confere_com_emitente, Unset):
            cnpj_confere_com_emitente = UNSET
        else:
            cnpj_confere_com_emitente = self.cnpj_confere_com_emitente

        codigos: list[str] | Unset = UNSET
        if not isinstance(self.codigos, Unset):
            codigos = self.codigos



        cpf: None | str | Unset
        if isinstance(self.cpf, Unset):
            cpf = UNSET
        else:
            cpf = self.cpf

        cpf_confere_com_emitente: bool | None | Unset
        if isinstance(self.cpf_confere_com_emitente, Unset):
            cpf_confere_com_emitente = UNSET
        else:
            cpf_confere_com_emitente = self.cpf_confere_com_emitente

        dias_restantes: int | None | Unset
        if isinstance(self.dias_restantes, Unset):
            dias_restantes = UNSET
        else:
            dias_restantes = self.dias_restantes

        emissor: None | str | Unset
        if isinstance(self.emissor, Unset):
            emissor = UNSET
        else:
            emissor = self.emissor

        numero_serie: None | str | Unset
        if isinstance(self.numero_serie, Unset):
            numero_serie = UNSET
        else:
            numero_serie = self.numero_serie

        problemas: list[str] | Unset = UNSET
        if not isinstance(self.problemas, Unset):
            problemas = self.problemas



        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value


        titular: None | str | Unset
        if isinstance(self.titular, Unset):
            titular = UNSET
        else:
            titular = self.titular

        validade: None | str | Unset
        if isinstance(self.validade, Unset):
            validade = UNSET
        elif isinstance(self.validade, datetime.date):
            validade = self.validade.isoformat()
        else:
            validade = self.validade

        valido = self.valido


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if cnpj is not UNSET:
            field_dict["cnpj"] = cnpj
        if cnpj_confere_com_emitente is not UNSET:
            field_dict["cnpj_confere_com_emitente"] = cnpj_confere_com_emitente
        if codigos is not UNSET:
            field_dict["codigos"] = codigos
        if cpf is not UNSET:
            field_dict["cpf"] = cpf
        if cpf_confere_com_emitente is not UNSET:
            field_dict["cpf_confere_com_emitente"] = cpf_confere_com_emitente
        if dias_restantes is not UNSET:
            field_dict["dias_restantes"] = dias_restantes
        if emissor is not UNSET:
            field_dict["emissor"] = emissor
        if numero_serie is not UNSET:
            field_dict["numero_serie"] = numero_serie
        if problemas is not UNSET:
            field_dict["problemas"] = problemas
        if status is not UNSET:
            field_dict["status"] = status
        if titular is not UNSET:
            field_dict["titular"] = titular
        if validade is not UNSET:
            field_dict["validade"] = validade
        if valido is not UNSET:
            field_dict["valido"] = valido

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_cnpj(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cnpj = _parse_cnpj(d.pop("cnpj", UNSET))


        def _parse_cnpj_confere_com_emitente(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        cnpj_confere_com_emitente = _parse_cnpj_confere_com_emitente(d.pop("cnpj_confere_com_emitente", UNSET))


        codigos = cast(list[str], d.pop("codigos", UNSET))


        def _parse_cpf(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        cpf = _parse_cpf(d.pop("cpf", UNSET))


        def _parse_cpf_confere_com_emitente(data: object) -> bool | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(bool | None | Unset, data)

        cpf_confere_com_emitente = _parse_cpf_confere_com_emitente(d.pop("cpf_confere_com_emitente", UNSET))


        def _parse_dias_restantes(data: object) -> int | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(int | None | Unset, data)

        dias_restantes = _parse_dias_restantes(d.pop("dias_restantes", UNSET))


        def _parse_emissor(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        emissor = _parse_emissor(d.pop("emissor", UNSET))


        def _parse_numero_serie(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        numero_serie = _parse_numero_serie(d.pop("numero_serie", UNSET))


        problemas = cast(list[str], d.pop("problemas", UNSET))


        _status = d.pop("status", UNSET)
        status: CertificateStatusStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = CertificateStatusStatus(_status)




        def _parse_titular(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        titular = _parse_titular(d.pop("titular", UNSET))


        def _parse_validade(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                validade_type_0 = datetime.date.fromisoformat(data)



                return validade_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        validade = _parse_validade(d.pop("validade", UNSET))


        valido = d.pop("valido", UNSET)

        certificate_status = cls(
            cnpj=cnpj,
            cnpj_confere_com_emitente=cnpj_confere_com_emitente,
            codigos=codigos,
            cpf=cpf,
            cpf_confere_com_emitente=cpf_confere_com_emitente,
            dias_restantes=dias_restantes,
            emissor=emissor,
            numero_serie=numero_serie,
            problemas=problemas,
            status=status,
            titular=titular,
            validade=validade,
            valido=valido,
        )

        return certificate_status

