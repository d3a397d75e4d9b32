from enum import StrEnum

class IssuerParcialOrigemAdditionalProperty(StrEnum):
    AUTOMATICO = "AUTOMATICO"
    CALCULADO = "CALCULADO"
    CONFIRMACAO_OBRIGATORIA = "CONFIRMACAO_OBRIGATORIA"
    SUGERIDO = "SUGERIDO"

    def __str__(self) -> str:
        return str(self.value)
