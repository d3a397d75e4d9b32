from enum import StrEnum

class EnvelopeReceivedAmbiente(StrEnum):
    HOMOLOGACAO = "HOMOLOGACAO"
    PRODUCAO = "PRODUCAO"

    def __str__(self) -> str:
        return str(self.value)
