from enum import StrEnum

class ProducerRecordTipo(StrEnum):
    PF = "PF"
    PJ = "PJ"

    def __str__(self) -> str:
        return str(self.value)
