from enum import StrEnum

class CharterTipo(StrEnum):
    CONTINUO = "continuo"
    EVENTUAL = "eventual"

    def __str__(self) -> str:
        return str(self.value)
