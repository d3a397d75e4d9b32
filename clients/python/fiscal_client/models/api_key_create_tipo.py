from enum import StrEnum

class ApiKeyCreateTipo(StrEnum):
    SERVICO = "servico"
    USUARIO = "usuario"

    def __str__(self) -> str:
        return str(self.value)
