from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset







T = TypeVar("T", bound="CertificateUpload")



@_attrs_define
class CertificateUpload:
    """ 
        Attributes:
            arquivo_base64 (str): PKCS#12 (A1).
            senha (str):
     """

    arquivo_base64: str
    senha: str





    def to_dict(self) -> dict[str, Any]:
        arquivo_base64 = self.arquivo_base64

        senha = self.senha


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arquivo_base64": arquivo_base64,
            "senha": senha,
        })

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arquivo_base64 = d.pop("arquivo_base64")

        senha = d.pop("senha")

        certificate_upload = cls(
            arquivo_base64=arquivo_base64,
            senha=senha,
        )

        return certificate_upload

