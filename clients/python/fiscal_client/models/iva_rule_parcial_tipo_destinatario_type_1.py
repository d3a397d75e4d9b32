from enum import StrEnum

class IvaRuleParcialTipoDestinatarioType1(StrEnum):
    PF = "PF"
    PJ = "PJ"

    def __str__(self) -> str:
        return str(self.value)
