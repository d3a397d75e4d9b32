from enum import StrEnum

class EnvelopePeriodOrigem(StrEnum):
    AUTOMATICA = "AUTOMATICA"
    MANUAL = "MANUAL"

    def __str__(self) -> str:
        return str(self.value)
