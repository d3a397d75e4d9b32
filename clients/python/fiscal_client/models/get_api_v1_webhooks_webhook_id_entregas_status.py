from enum import StrEnum

class GetApiV1WebhooksWebhookIdEntregasStatus(StrEnum):
    ENTREGUE = "ENTREGUE"
    FALHOU = "FALHOU"
    PENDENTE = "PENDENTE"

    def __str__(self) -> str:
        return str(self.value)
