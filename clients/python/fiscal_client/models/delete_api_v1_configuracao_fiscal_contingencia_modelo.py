from enum import StrEnum

class DeleteApiV1ConfiguracaoFiscalContingenciaModelo(StrEnum):
    VALUE_0 = "55"
    VALUE_1 = "65"
    VALUE_2 = "57"
    VALUE_3 = "67"
    VALUE_4 = "58"

    def __str__(self) -> str:
        return str(self.value)
