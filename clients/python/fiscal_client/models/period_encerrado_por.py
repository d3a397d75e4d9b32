from enum import StrEnum

class PeriodEncerradoPor(StrEnum):
    MANUAL = "MANUAL"
    NORMALIZADA = "NORMALIZADA"

    def __str__(self) -> str:
        return str(self.value)
