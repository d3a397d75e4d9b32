from enum import StrEnum

class EnvelopeNfseRegisteredEventAmbiente(StrEnum):
    HOMOLOGACAO = "HOMOLOGACAO"
    PRODUCAO = "PRODUCAO"

    def __str__(self) -> str:
        return str(self.value)
