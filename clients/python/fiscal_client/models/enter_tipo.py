from enum import StrEnum

class EnterTipo(StrEnum):
    EPEC = "EPEC"
    OFFLINE = "OFFLINE"
    SVC = "SVC"

    def __str__(self) -> str:
        return str(self.value)
