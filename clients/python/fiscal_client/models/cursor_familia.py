from enum import StrEnum

class CursorFamilia(StrEnum):
    CTE = "CTE"
    NFE = "NFE"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
