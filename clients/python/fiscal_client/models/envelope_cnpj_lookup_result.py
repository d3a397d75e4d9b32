from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.cnpj_lookup_data import CnpjLookupData
  from ..models.envelope_cnpj_lookup_result_origem import EnvelopeCnpjLookupResultOrigem





T = TypeVar("T", bound="EnvelopeCnpjLookupResult")



@_attrs_define
class EnvelopeCnpjLookupResult:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            avisos (list[str] | Unset):
            dados (CnpjLookupData | Unset):
            fonte (str | Unset):
            origem (EnvelopeCnpjLookupResultOrigem | Unset):
     """

    request_id: str
    success: bool
    avisos: list[str] | Unset = UNSET
    dados: CnpjLookupData | Unset = UNSET
    fonte: str | Unset = UNSET
    origem: EnvelopeCnpjLookupResultOrigem | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cnpj_lookup_data import CnpjLookupData # noqa: PLC0415
        from ..models.envelope_cnpj_lookup_result_origem import EnvelopeCnpjLookupResultOrigem # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        avisos: list[str] | Unset = UNSET
        if not isinstance(self.avisos, Unset):
            avisos = self.avisos



        dados: dict[str, Any] | Unset = UNSET
        if not isinstance(self.dados, Unset):
            dados = self.dados.to_dict()

        fonte = self.fonte

        origem: dict[str, Any] | Unset = UNSET
        if not isinstance(self.origem, Unset):
            origem = self.origem.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if avisos is not UNSET:
            field_dict["avisos"] = avisos
        if dados is not UNSET:
            field_dict["dados"] = dados
        if fonte is not UNSET:
            field_dict["fonte"] = fonte
        if origem is not UNSET:
            field_dict["origem"] = origem

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.cnpj_lookup_data import CnpjLookupData # noqa: PLC0415
        from ..models.envelope_cnpj_lookup_result_origem import EnvelopeCnpjLookupResultOrigem # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        avisos = cast(list[str], d.pop("avisos", UNSET))


        _dados = d.pop("dados", UNSET)
        dados: CnpjLookupData | Unset
        if isinstance(_dados,  Unset):
            dados = UNSET
        else:
            dados = CnpjLookupData.from_dict(_dados)




        fonte = d.pop("fonte", UNSET)

        _origem = d.pop("origem", UNSET)
        origem: EnvelopeCnpjLookupResultOrigem | Unset
        if isinstance(_origem,  Unset):
            origem = UNSET
        else:
            origem = EnvelopeCnpjLookupResultOrigem.from_dict(_origem)




        envelope_cnpj_lookup_result = cls(
            request_id=request_id,
            success=success,
            avisos=avisos,
            dados=dados,
            fonte=fonte,
            origem=origem,
        )

        return envelope_cnpj_lookup_result

