from enum import StrEnum

class EnvelopeDocumentModelo(StrEnum):
    VALUE_0 = "55"
    VALUE_1 = "65"

    def __str__(self) -> str:
        return str(self.value)
