from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_packs_regras_empresa import EnvelopePacksRegrasEmpresa
  from ..models.pack_revision import PackRevision





T = TypeVar("T", bound="EnvelopePacks")



@_attrs_define
class EnvelopePacks:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            empresa_id (str | Unset):
            historico (list[PackRevision] | Unset):
            pacotes (list[PackRevision] | Unset):
            regras_empresa (EnvelopePacksRegrasEmpresa | Unset): {api, pacote}: company rules in force by origin
     """

    request_id: str
    success: bool
    empresa_id: str | Unset = UNSET
    historico: list[PackRevision] | Unset = UNSET
    pacotes: list[PackRevision] | Unset = UNSET
    regras_empresa: EnvelopePacksRegrasEmpresa | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_packs_regras_empresa import EnvelopePacksRegrasEmpresa # noqa: PLC0415
        from ..models.pack_revision import PackRevision # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        empresa_id = self.empresa_id

        historico: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.historico, Unset):
            historico = []
            for historico_item_data in self.historico:
                historico_item = historico_item_data.to_dict()
                historico.append(historico_item)



        pacotes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.pacotes, Unset):
            pacotes = []
            for pacotes_item_data in self.pacotes:
                pacotes_item = pacotes_item_data.to_dict()
                pacotes.append(pacotes_item)



        regras_empresa: dict[str, Any] | Unset = UNSET
        if not isinstance(self.regras_empresa, Unset):
            regras_empresa = self.regras_empresa.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if historico is not UNSET:
            field_dict["historico"] = historico
        if pacotes is not UNSET:
            field_dict["pacotes"] = pacotes
        if regras_empresa is not UNSET:
            field_dict["regras_empresa"] = regras_empresa

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_packs_regras_empresa import EnvelopePacksRegrasEmpresa # noqa: PLC0415
        from ..models.pack_revision import PackRevision # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        empresa_id = d.pop("empresa_id", UNSET)

        _historico = d.pop("historico", UNSET)
        historico: list[PackRevision] | Unset = UNSET
        if _historico is not UNSET:
            historico = []
            for historico_item_data in _historico:
                historico_item = PackRevision.from_dict(historico_item_data)



                historico.append(historico_item)


        _pacotes = d.pop("pacotes", UNSET)
        pacotes: list[PackRevision] | Unset = UNSET
        if _pacotes is not UNSET:
            pacotes = []
            for pacotes_item_data in _pacotes:
                pacotes_item = PackRevision.from_dict(pacotes_item_data)



                pacotes.append(pacotes_item)


        _regras_empresa = d.pop("regras_empresa", UNSET)
        regras_empresa: EnvelopePacksRegrasEmpresa | Unset
        if isinstance(_regras_empresa,  Unset):
            regras_empresa = UNSET
        else:
            regras_empresa = EnvelopePacksRegrasEmpresa.from_dict(_regras_empresa)




        envelope_packs = cls(
            request_id=request_id,
            success=success,
            empresa_id=empresa_id,
            historico=historico,
            pacotes=pacotes,
            regras_empresa=regras_empresa,
        )

        return envelope_packs

