from enum import StrEnum

class TaxRuleCstIcmsType2Type1(StrEnum):
    VALUE_0 = "00"
    VALUE_1 = "10"
    VALUE_10 = "90"
    VALUE_2 = "20"
    VALUE_3 = "30"
    VALUE_4 = "40"
    VALUE_5 = "41"
    VALUE_6 = "50"
    VALUE_7 = "51"
    VALUE_8 = "60"
    VALUE_9 = "70"

    def __str__(self) -> str:
        return str(self.value)
