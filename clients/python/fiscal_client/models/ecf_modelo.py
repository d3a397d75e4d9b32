from enum import StrEnum

class EcfModelo(StrEnum):
    VALUE_0 = "2B"
    VALUE_1 = "2C"
    VALUE_2 = "2D"

    def __str__(self) -> str:
        return str(self.value)
