from enum import IntEnum

class IvaRuleParcialModeloType3Type1(IntEnum):
    VALUE_55 = 55
    VALUE_65 = 65

    def __str__(self) -> str:
        return str(self.value)
