from enum import StrEnum

class ReferenceModelo(StrEnum):
    VALUE_0 = "01"
    VALUE_1 = "02"
    VALUE_2 = "04"

    def __str__(self) -> str:
        return str(self.value)
