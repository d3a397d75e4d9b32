from enum import StrEnum

class IssuerParcialModulosItem(StrEnum):
    CTE = "cte"
    CTEOS = "cteos"
    DFE = "dfe"
    MDFE = "mdfe"
    NFCE = "nfce"
    NFE = "nfe"
    NFSE = "nfse"
    RURAL = "rural"

    def __str__(self) -> str:
        return str(self.value)
