from enum import StrEnum

class ManifestedDocumentTipo(StrEnum):
    CTE = "cte"
    NFE = "nfe"

    def __str__(self) -> str:
        return str(self.value)
