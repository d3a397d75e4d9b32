from enum import IntEnum

class CustomerUpdateParcialIndicadorIeType2Type1(IntEnum):
    VALUE_1 = 1
    VALUE_2 = 2
    VALUE_9 = 9

    def __str__(self) -> str:
        return str(self.value)
