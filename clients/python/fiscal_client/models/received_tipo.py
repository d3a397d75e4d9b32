from enum import StrEnum

class ReceivedTipo(StrEnum):
    CTE = "CTE"
    NFE = "NFE"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
