from enum import StrEnum

class FiscalTipoEstabelecimentoTomador(StrEnum):
    COMERCIAL = "comercial"
    COMUNICACAO = "comunicacao"
    ENERGIA = "energia"
    INDUSTRIAL = "industrial"
    MESMA_NATUREZA = "mesma_natureza"
    PRODUTOR_RURAL = "produtor_rural"

    def __str__(self) -> str:
        return str(self.value)
