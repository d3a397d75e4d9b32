from enum import StrEnum

class IvaRuleParcialOperacaoType1(StrEnum):
    EXTERIOR = "exterior"
    INTERESTADUAL = "interestadual"
    INTERNA = "interna"

    def __str__(self) -> str:
        return str(self.value)
