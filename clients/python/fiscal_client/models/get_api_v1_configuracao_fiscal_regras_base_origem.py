from enum import StrEnum

class GetApiV1ConfiguracaoFiscalRegrasBaseOrigem(StrEnum):
    API = "api"
    EMPRESA = "empresa"
    GLOBAL = "global"
    PACOTE = "pacote"

    def __str__(self) -> str:
        return str(self.value)
