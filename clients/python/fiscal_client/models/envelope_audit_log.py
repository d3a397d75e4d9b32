from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.audit_entry import AuditEntry





T = TypeVar("T", bound="EnvelopeAuditLog")



@_attrs_define
class EnvelopeAuditLog:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            items (list[AuditEntry] | Unset):
            limit (int | Unset):
            page (int | Unset):
            proximo (None | str | Unset): Cursor (`apos`).
            total (int | Unset):
            total_estimado (bool | Unset):
     """

    request_id: str
    success: bool
    items: list[AuditEntry] | Unset = UNSET
    limit: int | Unset = UNSET
    page: int | Unset = UNSET
    proximo: None | str | Unset = UNSET
    total: int | Unset = UNSET
    total_estimado: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.audit_entry import AuditEntry # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        items: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.items, Unset):
            items = []
            for items_item_data in self.items:
                items_item = items_item_data.to_dict()
                items.append(items_item)



        limit = self.limit

        page = self.page

        proximo: None | str | Unset
        if isinstance(self.proximo, Unset):
            proximo = UNSET
        else:
            proximo = self.proximo

        total = self.total

        total_estimado = self.total_estimado


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if items is not UNSET:
            field_dict["items"] = items
        if limit is not UNSET:
            field_dict["limit"] = limit
        if page is not UNSET:
            field_dict["page"] = page
        if proximo is not UNSET:
            field_dict["proximo"] = proximo
        if total is not UNSET:
            field_dict["total"] = total
        if total_estimado is not UNSET:
            field_dict["total_estimado"] = total_estimado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.audit_entry import AuditEntry # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _items = d.pop("items", UNSET)
        items: list[AuditEntry] | Unset = UNSET
        if _items is not UNSET:
            items = []
            for items_item_data in _items:
                items_item = AuditEntry.from_dict(items_item_data)



                items.append(items_item)


        limit = d.pop("limit", UNSET)

        page = d.pop("page", UNSET)

        def _parse_proximo(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        proximo = _parse_proximo(d.pop("proximo", UNSET))


        total = d.pop("total", UNSET)

        total_estimado = d.pop("total_estimado", UNSET)

        envelope_audit_log = cls(
            request_id=request_id,
            success=success,
            items=items,
            limit=limit,
            page=page,
            proximo=proximo,
            total=total,
            total_estimado=total_estimado,
        )

        return envelope_audit_log

