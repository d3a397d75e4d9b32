from enum import StrEnum

class IvaRuleParcialOperacaoType3Type1(StrEnum):
    EXTERIOR = "exterior"
    INTERESTADUAL = "interestadual"
    INTERNA = "interna"

    def __str__(self) -> str:
        return str(self.value)
