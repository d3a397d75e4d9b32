from enum import StrEnum

class GetApiV1ConfiguracaoFiscalRegrasBaseCamada(StrEnum):
    EMPRESA = "empresa"
    GLOBAL = "global"
    PLATAFORMA = "plataforma"

    def __str__(self) -> str:
        return str(self.value)
