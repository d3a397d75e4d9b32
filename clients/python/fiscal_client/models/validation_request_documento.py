from enum import StrEnum

class ValidationRequestDocumento(StrEnum):
    CTE = "CTE"
    CTEOS = "CTEOS"
    MDFE = "MDFE"
    NFCE = "NFCE"
    NFE = "NFE"
    NFF = "NFF"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
