from enum import StrEnum

class GetApiV1VeiculosTipo(StrEnum):
    REBOQUE = "REBOQUE"
    TRACAO = "TRACAO"

    def __str__(self) -> str:
        return str(self.value)
