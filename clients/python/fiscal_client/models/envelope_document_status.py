from enum import StrEnum

class EnvelopeDocumentStatus(StrEnum):
    AUTORIZADA = "AUTORIZADA"
    CANCELADA = "CANCELADA"
    CONTINGENCIA = "CONTINGENCIA"
    DENEGADA = "DENEGADA"
    ENCERRADA = "ENCERRADA"
    NAO_ENVIADA = "NAO_ENVIADA"
    PENDENTE = "PENDENTE"
    PROCESSANDO = "PROCESSANDO"
    REJEITADA = "REJEITADA"

    def __str__(self) -> str:
        return str(self.value)
