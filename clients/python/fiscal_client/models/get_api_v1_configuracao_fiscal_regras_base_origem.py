from enum import StrEnum

class GetApiV1ConfiguracaoFiscalRegrasBaseOrigem(StrEnum):
    EMPRESA = "empresa"
    GLOBAL = "global"

    def __str__(self) -> str:
        return str(self.value)
