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
  from ..models.cursor import Cursor





T = TypeVar("T", bound="EnvelopeDfeSettingsAnswer")



@_attrs_define
class EnvelopeDfeSettingsAnswer:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            bloqueado_ate (datetime.datetime | None | Unset):
            ciencia_automatica (bool | Unset):
            consultas_chave_restantes (int | Unset): Consultas por chave que ainda cabem na hora atual.
            cursores (list[Cursor] | Unset): A distribuição de cada família (NF-e, CT-e, NFS-e); os campos de cursor no topo
                repetem o da NF-e.
            max_nsu (str | Unset): Maior NSU da empresa no AN.
            proxima_consulta (datetime.datetime | None | Unset):
            ult_nsu (str | Unset): Último NSU lido.
            ultima_resposta (None | str | Unset):
     """

    request_id: str
    success: bool
    bloqueado_ate: datetime.datetime | None | Unset = UNSET
    ciencia_automatica: bool | Unset = UNSET
    consultas_chave_restantes: int | Unset = UNSET
    cursores: list[Cursor] | Unset = UNSET
    max_nsu: str | Unset = UNSET
    proxima_consulta: datetime.datetime | None | Unset = UNSET
    ult_nsu: str | Unset = UNSET
    ultima_resposta: None | str | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.cursor import Cursor # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        bloqueado_ate: None | str | Unset
        if isinstance(self.bloqueado_ate, Unset):
            bloqueado_ate = UNSET
        elif isinstance(self.bloqueado_ate, datetime.datetime):
            bloqueado_ate = self.bloqueado_ate.isoformat()
        else:
            bloqueado_ate = self.bloqueado_ate

        ciencia_automatica = self.ciencia_automatica

        consultas_chave_restantes = self.consultas_chave_restantes

        cursores: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.cursores, Unset):
            cursores = []
            for cursores_item_data in self.cursores:
                cursores_item = cursores_item_data.to_dict()
                cursores.append(cursores_item)



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
            "request_id": request_id,
            "success": success,
        })
        if bloqueado_ate is not UNSET:
            field_dict["bloqueado_ate"] = bloqueado_ate
        if ciencia_automatica is not UNSET:
            field_dict["ciencia_automatica"] = ciencia_automatica
        if consultas_chave_restantes is not UNSET:
            field_dict["consultas_chave_restantes"] = consultas_chave_restantes
        if cursores is not UNSET:
            field_dict["cursores"] = cursores
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
        from ..models.cursor import Cursor # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

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


        ciencia_automatica = d.pop("ciencia_automatica", UNSET)

        consultas_chave_restantes = d.pop("consultas_chave_restantes", UNSET)

        _cursores = d.pop("cursores", UNSET)
        cursores: list[Cursor] | Unset = UNSET
        if _cursores is not UNSET:
            cursores = []
            for cursores_item_data in _cursores:
                cursores_item = Cursor.from_dict(cursores_item_data)



                cursores.append(cursores_item)


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


        envelope_dfe_settings_answer = cls(
            request_id=request_id,
            success=success,
            bloqueado_ate=bloqueado_ate,
            ciencia_automatica=ciencia_automatica,
            consultas_chave_restantes=consultas_chave_restantes,
            cursores=cursores,
            max_nsu=max_nsu,
            proxima_consulta=proxima_consulta,
            ult_nsu=ult_nsu,
            ultima_resposta=ultima_resposta,
        )

        return envelope_dfe_settings_answer

