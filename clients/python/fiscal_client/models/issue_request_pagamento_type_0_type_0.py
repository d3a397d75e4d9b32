from enum import StrEnum

class IssueRequestPagamentoType0Type0(StrEnum):
    BOLETO = "boleto"
    CARTAO_CREDITO = "cartao_credito"
    CARTAO_DEBITO = "cartao_debito"
    CHEQUE = "cheque"
    CREDITO_LOJA = "credito_loja"
    DEPOSITO = "deposito"
    DINHEIRO = "dinheiro"
    FIDELIDADE = "fidelidade"
    OUTROS = "outros"
    PIX = "pix"
    SEM_PAGAMENTO = "sem_pagamento"
    TRANSFERENCIA = "transferencia"
    VALE_ALIMENTACAO = "vale_alimentacao"
    VALE_COMBUSTIVEL = "vale_combustivel"
    VALE_PRESENTE = "vale_presente"
    VALE_REFEICAO = "vale_refeicao"

    def __str__(self) -> str:
        return str(self.value)
