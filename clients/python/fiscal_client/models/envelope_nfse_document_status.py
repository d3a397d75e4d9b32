from enum import StrEnum

class EnvelopeNfseDocumentStatus(StrEnum):
    AUTORIZADA = "AUTORIZADA"
    CANCELADA = "CANCELADA"
    NAO_ENVIADA = "NAO_ENVIADA"
    PROCESSANDO = "PROCESSANDO"
    REJEITADA = "REJEITADA"

    def __str__(self) -> str:
        return str(self.value)
