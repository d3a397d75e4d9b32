from enum import StrEnum

class ProducerUpdateContextoFiscalType3Type1(StrEnum):
    PRODUTOR_RURAL = "PRODUTOR_RURAL"

    def __str__(self) -> str:
        return str(self.value)
