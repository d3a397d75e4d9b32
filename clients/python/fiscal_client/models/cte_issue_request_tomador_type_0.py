from enum import StrEnum

class CteIssueRequestTomadorType0(StrEnum):
    DESTINATARIO = "destinatario"
    EXPEDIDOR = "expedidor"
    RECEBEDOR = "recebedor"
    REMETENTE = "remetente"

    def __str__(self) -> str:
        return str(self.value)
