from enum import StrEnum

class CertificateStatusStatus(StrEnum):
    AUSENTE = "ausente"
    INVALIDO = "invalido"
    OK = "ok"
    VENCE_EM_BREVE = "vence_em_breve"
    VENCIDO = "vencido"

    def __str__(self) -> str:
        return str(self.value)
