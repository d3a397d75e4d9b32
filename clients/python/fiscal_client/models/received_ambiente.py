from enum import StrEnum

class ReceivedAmbiente(StrEnum):
    HOMOLOGACAO = "HOMOLOGACAO"
    PRODUCAO = "PRODUCAO"

    def __str__(self) -> str:
        return str(self.value)
