from enum import StrEnum

class AutomaticApuracao(StrEnum):
    PRESUMIDO = "presumido"
    REAL = "real"

    def __str__(self) -> str:
        return str(self.value)
