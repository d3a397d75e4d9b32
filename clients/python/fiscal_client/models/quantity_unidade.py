from enum import StrEnum

class QuantityUnidade(StrEnum):
    KG = "kg"
    LITROS = "litros"
    M3 = "m3"
    MMBTU = "mmbtu"
    TON = "ton"
    UNIDADE = "unidade"

    def __str__(self) -> str:
        return str(self.value)
