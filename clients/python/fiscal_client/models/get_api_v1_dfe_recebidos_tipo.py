from enum import StrEnum

class GetApiV1DfeRecebidosTipo(StrEnum):
    CTE = "CTE"
    NFE = "NFE"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
