from enum import StrEnum

class EnvelopeSimulationStatus(StrEnum):
    CONCLUIDA = "CONCLUIDA"
    ERRO = "ERRO"
    PENDENTE = "PENDENTE"

    def __str__(self) -> str:
        return str(self.value)
