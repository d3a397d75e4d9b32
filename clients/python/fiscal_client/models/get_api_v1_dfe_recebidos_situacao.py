from enum import StrEnum

class GetApiV1DfeRecebidosSituacao(StrEnum):
    AUTORIZADA = "AUTORIZADA"
    CANCELADA = "CANCELADA"
    DENEGADA = "DENEGADA"

    def __str__(self) -> str:
        return str(self.value)
