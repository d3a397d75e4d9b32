from enum import StrEnum

class MdfeCargoTipo(StrEnum):
    VALUE_0 = "01"
    VALUE_1 = "02"
    VALUE_10 = "11"
    VALUE_2 = "03"
    VALUE_3 = "04"
    VALUE_4 = "05"
    VALUE_5 = "06"
    VALUE_6 = "07"
    VALUE_7 = "08"
    VALUE_8 = "09"
    VALUE_9 = "10"

    def __str__(self) -> str:
        return str(self.value)
