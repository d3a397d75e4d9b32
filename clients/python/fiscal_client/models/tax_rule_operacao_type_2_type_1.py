from enum import StrEnum

class TaxRuleOperacaoType2Type1(StrEnum):
    EXTERIOR = "exterior"
    INTERESTADUAL = "interestadual"
    INTERNA = "interna"

    def __str__(self) -> str:
        return str(self.value)
