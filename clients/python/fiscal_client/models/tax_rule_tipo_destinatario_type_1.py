from enum import StrEnum

class TaxRuleTipoDestinatarioType1(StrEnum):
    PF = "PF"
    PJ = "PJ"

    def __str__(self) -> str:
        return str(self.value)
