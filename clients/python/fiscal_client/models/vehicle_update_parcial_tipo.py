from enum import StrEnum

class VehicleUpdateParcialTipo(StrEnum):
    REBOQUE = "REBOQUE"
    TRACAO = "TRACAO"

    def __str__(self) -> str:
        return str(self.value)
