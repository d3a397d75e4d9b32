from enum import StrEnum

class AuthorityStatus(StrEnum):
    DEGRADADA = "DEGRADADA"
    FORA = "FORA"
    ONLINE = "ONLINE"

    def __str__(self) -> str:
        return str(self.value)
