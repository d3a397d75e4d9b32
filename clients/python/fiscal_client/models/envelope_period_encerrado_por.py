from enum import StrEnum

class EnvelopePeriodEncerradoPor(StrEnum):
    MANUAL = "MANUAL"
    NORMALIZADA = "NORMALIZADA"

    def __str__(self) -> str:
        return str(self.value)
