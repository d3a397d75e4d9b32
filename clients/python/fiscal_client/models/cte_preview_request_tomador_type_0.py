from enum import StrEnum

class CtePreviewRequestTomadorType0(StrEnum):
    DESTINATARIO = "destinatario"
    EXPEDIDOR = "expedidor"
    RECEBEDOR = "recebedor"
    REMETENTE = "remetente"

    def __str__(self) -> str:
        return str(self.value)
