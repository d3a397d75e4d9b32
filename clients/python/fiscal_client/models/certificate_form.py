from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field
import json
from .. import types

from ..types import UNSET, Unset

from ..types import File, FileTypes
from io import BytesIO






T = TypeVar("T", bound="CertificateForm")



@_attrs_define
class CertificateForm:
    """ 
        Attributes:
            arquivo (File):
            senha (str):
     """

    arquivo: File
    senha: str





    def to_dict(self) -> dict[str, Any]:
        arquivo = self.arquivo.to_tuple()


        senha = self.senha


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "arquivo": arquivo,
            "senha": senha,
        })

        return field_dict


    def to_multipart(self) -> types.RequestFiles:
        files: types.RequestFiles = []

        files.append(("arquivo", self.arquivo.to_tuple()))



        files.append(("senha", (None, str(self.senha).encode(), "text/plain")))





        return files


    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        arquivo = File(
             payload = BytesIO(d.pop("arquivo"))
        )




        senha = d.pop("senha")

        certificate_form = cls(
            arquivo=arquivo,
            senha=senha,
        )

        return certificate_form

