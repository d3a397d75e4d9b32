from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.reference_modelo import ReferenceModelo
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.ecf import Ecf





T = TypeVar("T", bound="Reference")



@_attrs_define
class Reference:
    """ 
        Attributes:
            aamm (str | Unset):
            chave (str | Unset):
            cnpj (str | Unset):
            cpf_cnpj (str | Unset):
            ecf (Ecf | Unset):
            ie (str | Unset):
            modelo (ReferenceModelo | Unset):
            numero (int | Unset):
            serie (int | Unset):
            uf (str | Unset):
     """

    aamm: str | Unset = UNSET
    chave: str | Unset = UNSET
    cnpj: str | Unset = UNSET
    cpf_cnpj: str | Unset = UNSET
    ecf: Ecf | Unset = UNSET
    ie: str | Unset = UNSET
    modelo: ReferenceModelo | Unset = UNSET
    numero: int | Unset = UNSET
    serie: int | Unset = UNSET
    uf: str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.ecf import Ecf # noqa: PLC0415
        aamm = self.aamm

        chave = self.chave

        cnpj = self.cnpj

        cpf_cnpj = self.cpf_cnpj

        ecf: dict[str, Any] | Unset = UNSET
        if not isinstance(self.ecf, Unset):
            ecf = self.ecf.to_dict()

        ie = self.ie

        modelo: str | Unset = UNSET
        if not isinstance(self.modelo, Unset):
            modelo = self.modelo.value


        numero = self.numero

        serie = self.serie

        uf = self.uf


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if aamm is not UNSET:
            field_dict["aamm"] = aamm
        if chave is not UNSET:
            field_dict["chave"] = chave
        if cnpj is not UNSET:
            field_dict["cnpj"] = cnpj
        if cpf_cnpj is not UNSET:
            field_dict["cpf_cnpj"] = cpf_cnpj
        if ecf is not UNSET:
            field_dict["ecf"] = ecf
        if ie is not UNSET:
            field_dict["ie"] = ie
        if modelo is not UNSET:
            field_dict["modelo"] = modelo
        if numero is not UNSET:
            field_dict["numero"] = numero
        if serie is not UNSET:
            field_dict["serie"] = serie
        if uf is not UNSET:
            field_dict["uf"] = uf

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.ecf import Ecf # noqa: PLC0415
        d = dict(src_dict)
        aamm = d.pop("aamm", UNSET)

        chave = d.pop("chave", UNSET)

        cnpj = d.pop("cnpj", UNSET)

        cpf_cnpj = d.pop("cpf_cnpj", UNSET)

        _ecf = d.pop("ecf", UNSET)
        ecf: Ecf | Unset
        if isinstance(_ecf,  Unset):
            ecf = UNSET
        else:
            ecf = Ecf.from_dict(_ecf)




        ie = d.pop("ie", UNSET)

        _modelo = d.pop("modelo", UNSET)
        modelo: ReferenceModelo | Unset
        if isinstance(_modelo,  Unset):
            modelo = UNSET
        else:
            modelo = ReferenceModelo(_modelo)




        numero = d.pop("numero", UNSET)

        serie = d.pop("serie", UNSET)

        uf = d.pop("uf", UNSET)

        reference = cls(
            aamm=aamm,
            chave=chave,
            cnpj=cnpj,
            cpf_cnpj=cpf_cnpj,
            ecf=ecf,
            ie=ie,
            modelo=modelo,
            numero=numero,
            serie=serie,
            uf=uf,
        )

        return reference

