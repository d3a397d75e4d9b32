from enum import StrEnum

class ManifestationTipo(StrEnum):
    CIENCIA = "ciencia"
    CONFIRMACAO = "confirmacao"
    DESCONHECIMENTO = "desconhecimento"
    NAO_REALIZADA = "nao_realizada"

    def __str__(self) -> str:
        return str(self.value)
