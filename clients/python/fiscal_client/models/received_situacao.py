from enum import StrEnum

class ReceivedSituacao(StrEnum):
    AUTORIZADA = "AUTORIZADA"
    CANCELADA = "CANCELADA"
    DENEGADA = "DENEGADA"

    def __str__(self) -> str:
        return str(self.value)
