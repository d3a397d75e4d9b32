from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast
import datetime

if TYPE_CHECKING:
  from ..models.candidate_rule import CandidateRule





T = TypeVar("T", bound="SimulationRequest")



@_attrs_define
class SimulationRequest:
    """ 
        Attributes:
            desde (datetime.date):
            ate (datetime.date | None | Unset):
            empresa (str | Unset):
            empresa_id (str | Unset):
            regras (list[CandidateRule] | Unset):
            retirar (list[str] | Unset):
     """

    desde: datetime.date
    ate: datetime.date | None | Unset = UNSET
    empresa: str | Unset = UNSET
    empresa_id: str | Unset = UNSET
    regras: list[CandidateRule] | Unset = UNSET
    retirar: list[str] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.candidate_rule import CandidateRule # noqa: PLC0415
        desde = self.desde.isoformat()

        ate: None | str | Unset
        if isinstance(self.ate, Unset):
            ate = UNSET
        elif isinstance(self.ate, datetime.date):
            ate = self.ate.isoformat()
        else:
            ate = self.ate

        empresa = self.empresa

        empresa_id = self.empresa_id

        regras: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.regras, Unset):
            regras = []
            for regras_item_data in self.regras:
                regras_item = regras_item_data.to_dict()
                regras.append(regras_item)



        retirar: list[str] | Unset = UNSET
        if not isinstance(self.retirar, Unset):
            retirar = self.retirar




        field_dict: dict[str, Any] = {}

        field_dict.update({
            "desde": desde,
        })
        if ate is not UNSET:
            field_dict["ate"] = ate
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if regras is not UNSET:
            field_dict["regras"] = regras
        if retirar is not UNSET:
            field_dict["retirar"] = retirar

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.candidate_rule import CandidateRule # noqa: PLC0415
        d = dict(src_dict)
        desde = datetime.date.fromisoformat(d.pop("desde"))




        def _parse_ate(data: object) -> datetime.date | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                ate_type_0 = datetime.date.fromisoformat(data)



                return ate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.date | None | Unset, data)

        ate = _parse_ate(d.pop("ate", UNSET))


        empresa = d.pop("empresa", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        _regras = d.pop("regras", UNSET)
        regras: list[CandidateRule] | Unset = UNSET
        if _regras is not UNSET:
            regras = []
            for regras_item_data in _regras:
                regras_item = CandidateRule.from_dict(regras_item_data)



                regras.append(regras_item)


        retirar = cast(list[str], d.pop("retirar", UNSET))


        simulation_request = cls(
            desde=desde,
            ate=ate,
            empresa=empresa,
            empresa_id=empresa_id,
            regras=regras,
            retirar=retirar,
        )

        return simulation_request

