"""Wallet resource and ledger entries, exactly as the spec's "Wallet and ledger"."""

import marshmallow as ma

from service.pagination import PageArgsSchema, PageSchema
from service.validators import OneOf
from service.wallet.models import LedgerType


class MoneyField(ma.fields.Decimal):
    """A decimal string with two places; money is never a float on the wire."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(places=2, as_string=True, **kwargs)  # type: ignore[arg-type]


class WalletStatusSchema(ma.Schema):
    credito_ilimitado = ma.fields.Boolean()
    saldo = MoneyField()
    saldo_reservado = MoneyField()
    saldo_baixo = ma.fields.Boolean()
    alerta_saldo = MoneyField()
    precos = ma.fields.Dict(keys=ma.fields.String(), values=MoneyField())
    moeda = ma.fields.String()


class BalanceSchema(ma.Schema):
    saldo = MoneyField()
    saldo_reservado = MoneyField()
    credito_ilimitado = ma.fields.Boolean()
    moeda = ma.fields.String()


class LedgerEntrySchema(ma.Schema):
    id = ma.fields.String()
    tipo = ma.fields.String()
    valor = MoneyField()
    saldo_anterior = MoneyField()
    saldo_posterior = MoneyField()
    tipo_documento = ma.fields.String(allow_none=True)
    documento_id = ma.fields.String(allow_none=True)
    pagamento_id = ma.fields.String(allow_none=True)
    referencia = ma.fields.String(allow_none=True)
    descricao = ma.fields.String(allow_none=True)
    data = ma.fields.DateTime()


class StatementArgsSchema(PageArgsSchema):
    de = ma.fields.Date()
    ate = ma.fields.Date()
    tipo = ma.fields.String(validate=OneOf([t.value for t in LedgerType]))


class StatementSchema(PageSchema):
    saldo = MoneyField()
    movimentacoes = ma.fields.List(ma.fields.Nested(LedgerEntrySchema))
