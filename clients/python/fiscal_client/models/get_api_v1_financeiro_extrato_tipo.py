from enum import StrEnum

class GetApiV1FinanceiroExtratoTipo(StrEnum):
    AJUSTE_ADMIN = "AJUSTE_ADMIN"
    CREDITO_ADMIN = "CREDITO_ADMIN"
    CREDITO_COMPRA = "CREDITO_COMPRA"
    DEBITO_EMISSAO = "DEBITO_EMISSAO"
    DEBITO_RECEBIMENTO = "DEBITO_RECEBIMENTO"
    ESTORNO = "ESTORNO"
    REEMBOLSO = "REEMBOLSO"

    def __str__(self) -> str:
        return str(self.value)
