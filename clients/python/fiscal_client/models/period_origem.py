from enum import StrEnum

class PeriodOrigem(StrEnum):
    AUTOMATICA = "AUTOMATICA"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
