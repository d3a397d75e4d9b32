from enum import StrEnum

class PreferenceBodyTiposItem(StrEnum):
    ACAO_NECESSARIA = "acao_necessaria"
    AUTORIZADA = "autorizada"
    PENDENTE = "pendente"
    REJEITADA = "rejeitada"

    def __str__(self) -> str:
        return str(self.value)
