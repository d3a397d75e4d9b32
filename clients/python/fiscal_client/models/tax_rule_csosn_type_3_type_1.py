from enum import StrEnum

class TaxRuleCsosnType3Type1(StrEnum):
    VALUE_0 = "101"
    VALUE_1 = "102"
    VALUE_2 = "103"
    VALUE_3 = "201"
    VALUE_4 = "202"
    VALUE_5 = "203"
    VALUE_6 = "300"
    VALUE_7 = "400"
    VALUE_8 = "500"
    VALUE_9 = "900"

    def __str__(self) -> str:
        return str(self.value)
