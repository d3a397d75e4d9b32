from enum import StrEnum

class PreviewRequestPresenca(StrEnum):
    ENTREGA = "entrega"
    INTERNET = "internet"
    OUTROS = "outros"
    PRESENCIAL = "presencial"
    TELEFONE = "telefone"

    def __str__(self) -> str:
        return str(self.value)
