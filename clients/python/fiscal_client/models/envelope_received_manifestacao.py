from enum import StrEnum

class EnvelopeReceivedManifestacao(StrEnum):
    CIENCIA = "CIENCIA"
    CONFIRMADA = "CONFIRMADA"
    DESCONHECIDA = "DESCONHECIDA"
    NAO_REALIZADA = "NAO_REALIZADA"
    NENHUMA = "NENHUMA"

    def __str__(self) -> str:
        return str(self.value)
