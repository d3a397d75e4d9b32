from enum import StrEnum

class TaskRequestDocumento(StrEnum):
    CTE = "CTE"
    CTEOS = "CTEOS"
    MDFE = "MDFE"
    NFCE = "NFCE"
    NFE = "NFE"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
