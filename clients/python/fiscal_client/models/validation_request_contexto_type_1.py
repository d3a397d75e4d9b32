from enum import StrEnum

class ValidationRequestContextoType1(StrEnum):
    PRODUTOR_RURAL = "PRODUTOR_RURAL"

    def __str__(self) -> str:
        return str(self.value)
