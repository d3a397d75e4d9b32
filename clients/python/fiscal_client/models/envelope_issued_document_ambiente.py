from enum import StrEnum

class EnvelopeIssuedDocumentAmbiente(StrEnum):
    HOMOLOGACAO = "HOMOLOGACAO"
    PRODUCAO = "PRODUCAO"

    def __str__(self) -> str:
        return str(self.value)
