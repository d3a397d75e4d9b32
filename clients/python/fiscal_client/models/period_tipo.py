from enum import StrEnum

class PeriodTipo(StrEnum):
    EPEC = "EPEC"
    OFFLINE = "OFFLINE"
    SVC = "SVC"

    def __str__(self) -> str:
        return str(self.value)
