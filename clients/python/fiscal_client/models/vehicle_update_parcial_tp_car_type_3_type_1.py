from enum import StrEnum

class VehicleUpdateParcialTpCarType3Type1(StrEnum):
    VALUE_0 = "00"
    VALUE_1 = "01"
    VALUE_2 = "02"
    VALUE_3 = "03"
    VALUE_4 = "04"
    VALUE_5 = "05"

    def __str__(self) -> str:
        return str(self.value)
