from enum import StrEnum

class ApiKeyTipo(StrEnum):
    SERVICO = "servico"
    USUARIO = "usuario"

    def __str__(self) -> str:
        return str(self.value)
