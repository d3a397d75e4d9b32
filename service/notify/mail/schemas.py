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


class PreferenceQuerySchema(ma.Schema):
    """Without `empresa_id`/`empresa`: the account-wide preference."""

    empresa_id = ma.fields.String()
    empresa = ma.fields.String()


class PreferenceBodySchema(CompanySelector):
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
