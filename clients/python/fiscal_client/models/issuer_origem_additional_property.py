from enum import StrEnum

class IssuerOrigemAdditionalProperty(StrEnum):
    AUTOMATICO = "AUTOMATICO"
    CALCULADO = "CALCULADO"
    CONFIRMACAO_OBRIGATORIA = "CONFIRMACAO_OBRIGATORIA"
    SUGERIDO = "SUGERIDO"

    def __str__(self) -> str:
        return str(self.value)
