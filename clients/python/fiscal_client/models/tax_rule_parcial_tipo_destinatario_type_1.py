from enum import StrEnum

class TaxRuleParcialTipoDestinatarioType1(StrEnum):
    PF = "PF"
    PJ = "PJ"

    def __str__(self) -> str:
        return str(self.value)
