from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.import_declaration import ImportDeclaration





T = TypeVar("T", bound="Importation")



@_attrs_define
class Importation:
    """ 
        Attributes:
            di (ImportDeclaration):
            valor_aduaneiro (float | str): vBC do II: o valor aduaneiro do item, em reais.
            valor_ii (float | str): vII: o II pago no desembaraço.
            despesas_aduaneiras (float | str | Unset): vDespAdu: taxa Siscomex e demais despesas aduaneiras (sem o AFRMM,
                que vai em `di.valor_afrmm`); entram na base do ICMS.
            valor_iof (float | str | Unset): vIOF.
     """

    di: ImportDeclaration
    valor_aduaneiro: float | str
    valor_ii: float | str
    despesas_aduaneiras: float | str | Unset = UNSET
    valor_iof: float | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.import_declaration import ImportDeclaration # noqa: PLC0415
        di = self.di.to_dict()

        valor_aduaneiro: float | str
        valor_aduaneiro = self.valor_aduaneiro

        valor_ii: float | str
        valor_ii = self.valor_ii

        despesas_aduaneiras: float | str | Unset
        if isinstance(self.despesas_aduaneiras, Unset):
            despesas_aduaneiras = UNSET
        else:
            despesas_aduaneiras = self.despesas_aduaneiras

        valor_iof: float | str | Unset
        if isinstance(self.valor_iof, Unset):
            valor_iof = UNSET
        else:
            valor_iof = self.valor_iof


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "di": di,
            "valor_aduaneiro": valor_aduaneiro,
            "valor_ii": valor_ii,
        })
        if despesas_aduaneiras is not UNSET:
            field_dict["despesas_aduaneiras"] = despesas_aduaneiras
        if valor_iof is not UNSET:
            field_dict["valor_iof"] = valor_iof

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.import_declaration import ImportDeclaration # noqa: PLC0415
        d = dict(src_dict)
        di = ImportDeclaration.from_dict(d.pop("di"))




        def _parse_valor_aduaneiro(data: object) -> float | str:
            return cast(float | str, data)

        valor_aduaneiro = _parse_valor_aduaneiro(d.pop("valor_aduaneiro"))


        def _parse_valor_ii(data: object) -> float | str:
            return cast(float | str, data)

        valor_ii = _parse_valor_ii(d.pop("valor_ii"))


        def _parse_despesas_aduaneiras(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        despesas_aduaneiras = _parse_despesas_aduaneiras(d.pop("despesas_aduaneiras", UNSET))


        def _parse_valor_iof(data: object) -> float | str | Unset:
            if isinstance(data, Unset):
                return data
            return cast(float | str | Unset, data)

        valor_iof = _parse_valor_iof(d.pop("valor_iof", UNSET))


        importation = cls(
            di=di,
            valor_aduaneiro=valor_aduaneiro,
            valor_ii=valor_ii,
            despesas_aduaneiras=despesas_aduaneiras,
            valor_iof=valor_iof,
        )

        return importation

