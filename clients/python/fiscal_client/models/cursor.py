from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.cursor_familia import CursorFamilia
from ..types import UNSET, Unset
from typing import cast
import datetime






T = TypeVar("T", bound="Cursor")



@_attrs_define
class Cursor:
    """ 
        Attributes:
            bloqueado_ate (datetime.datetime | None | Unset):
            familia (CursorFamilia | Unset):
            max_nsu (str | Unset): Maior NSU da empresa na distribuição.
            proxima_consulta (datetime.datetime | None | Unset):
            ult_nsu (str | Unset): Último NSU lido.
            ultima_resposta (None | str | Unset):
     """

    bloqueado_ate: datetime.datetime | None | Unset = UNSET
    familia: CursorFamilia | Unset = UNSET
    max_nsu: str | Unset = UNSET
    proxima_consulta: datetime.datetime | None | Unset = UNSET
    ult_nsu: str | Unset = UNSET
    ultima_resposta: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        bloqueado_ate: None | str | Unset
        if isinstance(self.bloqueado_ate, Unset):
            bloqueado_ate = UNSET
        elif isinstance(self.bloqueado_ate, datetime.datetime):
            bloqueado_ate = self.bloqueado_ate.isoformat()
        else:
            bloqueado_ate = self.bloqueado_ate

        familia: str | Unset = UNSET
        if not isinstance(self.familia, Unset):
            familia = self.familia.value


        max_nsu = self.max_nsu

        proxima_consulta: None | str | Unset
        if isinstance(self.proxima_consulta, Unset):
            proxima_consulta = UNSET
        elif isinstance(self.proxima_consulta, datetime.datetime):
            proxima_consulta = self.proxima_consulta.isoformat()
        else:
            proxima_consulta = self.proxima_consulta

        ult_nsu = self.ult_nsu

        ultima_resposta: None | str | Unset
        if isinstance(self.ultima_resposta, Unset):
            ultima_resposta = UNSET
        else:
            ultima_resposta = self.ultima_resposta


        field_dict: dict[str, Any] = {}

        field_dict.update({
        })
        if bloqueado_ate is not UNSET:
            field_dict["bloqueado_ate"] = bloqueado_ate
        if familia is not UNSET:
            field_dict["familia"] = familia
        if max_nsu is not UNSET:
            field_dict["max_nsu"] = max_nsu
        if proxima_consulta is not UNSET:
            field_dict["proxima_consulta"] = proxima_consulta
        if ult_nsu is not UNSET:
            field_dict["ult_nsu"] = ult_nsu
        if ultima_resposta is not UNSET:
            field_dict["ultima_resposta"] = ultima_resposta

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        d = dict(src_dict)
        def _parse_bloqueado_ate(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                bloqueado_ate_type_0 = datetime.datetime.fromisoformat(data)



                return bloqueado_ate_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        bloqueado_ate = _parse_bloqueado_ate(d.pop("bloqueado_ate", UNSET))


        _familia = d.pop("familia", UNSET)
        familia: CursorFamilia | Unset
        if isinstance(_familia,  Unset):
            familia = UNSET
        else:
            familia = CursorFamilia(_familia)




        max_nsu = d.pop("max_nsu", UNSET)

        def _parse_proxima_consulta(data: object) -> datetime.datetime | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                proxima_consulta_type_0 = datetime.datetime.fromisoformat(data)



                return proxima_consulta_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(datetime.datetime | None | Unset, data)

        proxima_consulta = _parse_proxima_consulta(d.pop("proxima_consulta", UNSET))


        ult_nsu = d.pop("ult_nsu", UNSET)

        def _parse_ultima_resposta(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ultima_resposta = _parse_ultima_resposta(d.pop("ultima_resposta", UNSET))


        cursor = cls(
            bloqueado_ate=bloqueado_ate,
            familia=familia,
            max_nsu=max_nsu,
            proxima_consulta=proxima_consulta,
            ult_nsu=ult_nsu,
            ultima_resposta=ultima_resposta,
        )

        return cursor

