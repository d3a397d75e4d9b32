from enum import StrEnum

class CteOsServiceTipo(StrEnum):
    EXCESSO_BAGAGEM = "excesso_bagagem"
    TRANSPORTE_PESSOAS = "transporte_pessoas"
    TRANSPORTE_VALORES = "transporte_valores"

    def __str__(self) -> str:
        return str(self.value)
