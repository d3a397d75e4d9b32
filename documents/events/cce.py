"""Correction letter (Carta de Correção, CC-e) event 110110 of an NF-e (never an NFC-e)."""

from __future__ import annotations

from documents.errors import InvalidDocumentDataError
from documents.events.common import (
    BuiltEvent,
    EventHeader,
    build_event,
    check_length,
    detail_of,
    sub,
)

CCE = "110110"
CONDITIONS_OF_USE = (
    "A Carta de Correcao e disciplinada pelo paragrafo 1o-A do art. 7o do Convenio S/N, de 15 de "
    "dezembro de 1970 e pode ser utilizada para regularizacao de erro ocorrido na emissao de "
    "documento fiscal, desde que o erro nao esteja relacionado com: I - as variaveis que "
    "determinam o valor do imposto tais como: base de calculo, aliquota, diferenca de preco, "
    "quantidade, valor da operacao ou da prestacao; II - a correcao de dados cadastrais que "
    "implique mudanca do remetente ou do destinatario; III - a data de emissao ou de saida."
)
"""xCondUso: fixed text, one of the two values the official e110110 schema enumerates."""


def build_cce(header: EventHeader, correction: str) -> BuiltEvent:
    """`evento` 110110 {descEvento, xCorrecao 15-1000, xCondUso}; nSeqEvento 1..20, each new
    letter replacing the previous ones. NFC-e does not accept CC-e (rejection 784)."""
    if header.key.modelo == 65:
        raise InvalidDocumentDataError("tpEvento", "NFC-e does not accept a CC-e (rejection 784)")
    if not 1 <= header.sequence <= 20:
        raise InvalidDocumentDataError("nSeqEvento", "a CC-e sequence runs from 1 to 20")
    event = build_event(header, CCE, "Carta de Correcao")
    detail = detail_of(event)
    sub(detail, "xCorrecao", check_length("xCorrecao", correction, 15, 1000))
    sub(detail, "xCondUso", CONDITIONS_OF_USE)
    return event
