from enum import StrEnum

class IvaRuleParcialRegimeType3Type1(StrEnum):
    REGIME_ESPECIFICO = "regime_especifico"
    REGULAR = "regular"
    TRATAMENTO_DIFERENCIADO = "tratamento_diferenciado"

    def __str__(self) -> str:
        return str(self.value)
