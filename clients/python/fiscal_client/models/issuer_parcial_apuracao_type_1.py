from enum import StrEnum

class IssuerParcialApuracaoType1(StrEnum):
    PRESUMIDO = "presumido"
    REAL = "real"

    def __str__(self) -> str:
        return str(self.value)
