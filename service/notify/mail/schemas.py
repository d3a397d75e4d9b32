"""Body and answer of `GET|PUT /fiscal/notificacoes/preferencias` (the spec shows neither)."""

from __future__ import annotations

from typing import Any

import marshmallow as ma

from service.configuration.fields import CompanySelector
from service.notify.mail.models import KIND_ORDER
from service.notify.mail.preferences import MAX_ADDRESSES
from service.validators import Length, OneOf


def _deliverable(value: str) -> None:
    """ASCII only: SMTPUTF8 is optional for servers, so such an address could never be sent."""
    if not value.isascii():
        raise ma.ValidationError("Use um endereço de e-mail sem acentos (somente ASCII).")


class Address(ma.fields.Email):
    def __init__(self, **kwargs: Any) -> None:
        super().__init__(validate=[Length(max=254), _deliverable], **kwargs)


def _read_only(field: type[ma.fields.Field[Any]] = ma.fields.String) -> ma.fields.Field[Any]:
    """A member GET answers that PUT accepts back and ignores (typed as GET answers it)."""
    return field(
        load_only=True, allow_none=True, metadata={"description": "somente leitura; ignorado"}
    )


class PreferenceQuerySchema(ma.Schema):
    """Without `empresa_id`/`empresa`: the account-wide preference."""

    empresa_id = ma.fields.String()
    empresa = ma.fields.String()


class PreferenceBodySchema(CompanySelector):
    """The PUT body. What GET answers is accepted as it is: its read-only members are ignored,
    and its `empresa_id` (null for the account-wide preference) selects the same scope."""

    empresa_id = ma.fields.String(load_only=True, allow_none=True)
    tipos = ma.fields.List(
        ma.fields.String(validate=OneOf(KIND_ORDER)),
        required=True,
        metadata={"description": "Avisos enviados: " + ", ".join(KIND_ORDER)},
    )
    emails = ma.fields.List(
        Address(),
        required=True,
        validate=Length(max=MAX_ADDRESSES, error=f"No máximo {MAX_ADDRESSES} endereços."),
    )
    ativo = ma.fields.Boolean(load_default=True)
    origem = _read_only()
    atualizado_em = _read_only()
    envio_habilitado = _read_only(ma.fields.Boolean)
    success = _read_only(ma.fields.Boolean)
    request_id = _read_only()

    @ma.validates_schema
    def _someone(self, data: dict[str, Any], **kwargs: Any) -> None:
        if data.get("ativo", True) and "emails" in data and not data["emails"]:
            raise ma.ValidationError(
                "Informe ao menos um e-mail (ou envie ativo: false para não receber avisos).",
                "emails",
            )


class PreferenceSchema(ma.Schema):
    empresa_id = ma.fields.String(allow_none=True)
    origem = ma.fields.String(metadata={"description": "empresa, conta ou padrao"})
    tipos = ma.fields.List(ma.fields.String())
    emails = ma.fields.List(ma.fields.String())
    ativo = ma.fields.Boolean()
    atualizado_em = ma.fields.String(allow_none=True)
    envio_habilitado = ma.fields.Boolean(
        metadata={"description": "false quando o servidor não tem SMTP configurado (MAIL_HOST)"}
    )
