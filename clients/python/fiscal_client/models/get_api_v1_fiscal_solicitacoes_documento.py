from enum import StrEnum

class GetApiV1FiscalSolicitacoesDocumento(StrEnum):
    CTE = "CTE"
    CTEOS = "CTEOS"
    MDFE = "MDFE"
    NFCE = "NFCE"
    NFE = "NFE"
    NFSE = "NFSE"

    def __str__(self) -> str:
        return str(self.value)
