from enum import StrEnum

class VehicleTipo(StrEnum):
    REBOQUE = "REBOQUE"
    TRACAO = "TRACAO"

    def __str__(self) -> str:
        return str(self.value)
