from enum import StrEnum

class CalculationRequestContextoType3Type1(StrEnum):
    PRODUTOR_RURAL = "PRODUTOR_RURAL"

    def __str__(self) -> str:
        return str(self.value)
