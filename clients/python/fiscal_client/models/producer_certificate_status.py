from enum import StrEnum

class ProducerCertificateStatus(StrEnum):
    AUSENTE = "ausente"
    INVALIDO = "invalido"
    OK = "ok"
    VENCE_EM_BREVE = "vence_em_breve"
    VENCIDO = "vencido"

    def __str__(self) -> str:
        return str(self.value)
