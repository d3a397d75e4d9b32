"""CT-e / CT-e OS events, `eventoCTe` 4.00: cancellation 110111, correction letter (CC-e)
110110 and prestação em desacordo 610110 (protocol_facts.md §3.3).

`eventoCTe versao=4.00 / infEvento Id = "ID" + tpEvento(6) + chCTe(44) + nSeqEvento(3)`
{cOrgao, tpAmb, CNPJ|CPF, chCTe, dhEvento, tpEvento, nSeqEvento, detEvento versaoEvento=4.00
{ev...}}, written by the layouts of `cte/4.00/eventoCTe` and of the detail (`evCancCTe`,
`evCCeCTe`, `evPrestDesacordo`, whose place is an `xs:any`), signed on infEvento and sent bare
(no batch). `prepare_event` signs and validates both layouts.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from documents.cte.builder import LAYOUT_VERSION
from documents.errors import InvalidDocumentDataError
from documents.events.dfe import bounded_text, write_event
from documents.keys import AccessKey
from documents.nfe.model import TpAmb
from documents.schemas import assert_valid
from documents.signing import XmlSigner

CANCEL, CCE, DISAGREEMENT = "110111", "110110", "610110"
EVENT_SCHEMA = "cte/4.00/eventoCTe"
DETAIL_SCHEMAS = {CANCEL: "cte/4.00/evCancCTe", CCE: "cte/4.00/evCCeCTe",
                  DISAGREEMENT: "cte/4.00/evPrestDesacordo"}  # fmt: skip
CCE_CONDITIONS = (
    "A Carta de Correcao e disciplinada pelo Art. 58-B do CONVENIO/SINIEF 06/89: Fica permitida "
    "a utilizacao de carta de correcao, para regularizacao de erro ocorrido na emissao de "
    "documentos fiscais relativos a prestacao de servico de transporte, desde que o erro nao "
    "esteja relacionado com: I - as variaveis que determinam o valor do imposto tais como: base "
    "de calculo, aliquota, diferenca de preco, quantidade, valor da prestacao;II - a correcao de "
    "dados cadastrais que implique mudanca do emitente, tomador, remetente ou do destinatario;"
    "III - a data de emissao ou de saida."
)
"""xCondUso of the CT-e CC-e: one of the two texts the official evCCeCTe schema enumerates."""
MAX_CCE_SEQUENCE = 20


@dataclass(frozen=True)
class CteEventHeader:
    """What every CT-e event carries besides its detail.

    `author` is the CNPJ/CPF of whoever signs: the issuer for cancellation and CC-e, the taker
    for a desacordo (rule N19). dhEvento is written in the local time of the CT-e's UF (the
    key's cUF), the authority that registers the event.
    """

    key: AccessKey
    tp_amb: TpAmb
    author: str
    occurred_at: dt.datetime
    sequence: int = 1


@dataclass(frozen=True)
class Correction:
    """infCorrecao: the group and field changed (layout names), the new value, the item."""

    group: str  # grupoAlterado, e.g. "compl"
    field: str  # campoAlterado, e.g. "xObs"
    value: str  # valorAlterado, 1-500
    item: int | None = None  # nroItemAlterado, for repeated groups


@dataclass(frozen=True)
class BuiltCteEvent:
    """An unsigned `eventoCTe`, its Id (to sign) and its type."""

    root: etree._Element
    reference_id: str
    event_type: str


@dataclass(frozen=True)
class SignedCteEvent:
    """A signed, schema-valid `eventoCTe` ready for CTeRecepcaoEventoV4."""

    reference_id: str
    event_type: str
    xml: bytes


def event_id(event_type: str, key: AccessKey, sequence: int) -> str:
    """`ID` + tpEvento(6) + chCTe(44) + nSeqEvento(3): the CT-e 4.00 pattern (three digits)."""
    return f"ID{event_type}{key.text}{sequence:03d}"


def _event(header: CteEventHeader, event_type: str, detail: Mapping[str, object]) -> BuiltCteEvent:
    if header.key.modelo not in (57, 67):
        raise InvalidDocumentDataError("chCTe", "a chave não é de um CT-e (57) nem CT-e OS (67)")
    reference_id = event_id(event_type, header.key, header.sequence)
    root = write_event(
        key=header.key, key_tag="chCTe", reference_id=reference_id, tp_amb=header.tp_amb,
        author=header.author, occurred_at=header.occurred_at, event_type=event_type,
        sequence=header.sequence, detail=detail,
        layouts=(EVENT_SCHEMA, DETAIL_SCHEMAS[event_type]), version=LAYOUT_VERSION,
    )  # fmt: skip
    return BuiltCteEvent(root, reference_id, event_type)


def build_cancel(header: CteEventHeader, protocol: str, justification: str) -> BuiltCteEvent:
    """110111 {descEvento Cancelamento, nProt (15 digits), xJust 15-255}; nSeqEvento 1."""
    if header.sequence != 1:
        raise InvalidDocumentDataError("nSeqEvento", "o cancelamento é sempre o evento 1")
    if not (protocol.isdigit() and len(protocol) == 15):
        raise InvalidDocumentDataError("nProt", "o protocolo de autorização tem 15 dígitos")
    detail = {"descEvento": "Cancelamento", "nProt": protocol,
              "xJust": bounded_text("xJust", justification, 15, 255)}  # fmt: skip
    return _event(header, CANCEL, detail)


def build_cce(header: CteEventHeader, corrections: tuple[Correction, ...]) -> BuiltCteEvent:
    """110110 {descEvento, infCorrecao+, xCondUso}: each letter replaces the previous ones."""
    if not 1 <= header.sequence <= MAX_CCE_SEQUENCE:
        raise InvalidDocumentDataError("nSeqEvento", "a sequência da CC-e vai de 1 a 20")
    if not corrections:
        raise InvalidDocumentDataError("infCorrecao", "informe ao menos uma correção")
    groups = [
        {
            "grupoAlterado": bounded_text("grupoAlterado", c.group, 1, 20),
            "campoAlterado": bounded_text("campoAlterado", c.field, 1, 20),
            "valorAlterado": bounded_text("valorAlterado", c.value, 1, 500),
            "nroItemAlterado": None if c.item is None else str(c.item),
        }
        for c in corrections
    ]
    detail = {"descEvento": "Carta de Correcao", "infCorrecao": groups, "xCondUso": CCE_CONDITIONS}
    return _event(header, CCE, detail)


def build_disagreement(header: CteEventHeader, observation: str) -> BuiltCteEvent:
    """610110 {descEvento, indDesacordoOper 1, xObs 15-255}, authored by the taker."""
    detail = {"descEvento": "Prestacao do Servico em Desacordo", "indDesacordoOper": "1",
              "xObs": bounded_text("xObs", observation, 15, 255)}  # fmt: skip
    return _event(header, DISAGREEMENT, detail)


def prepare_event(event: BuiltCteEvent, signer: XmlSigner) -> SignedCteEvent:
    """Sign infEvento, validate the event and its detail against their XSDs, serialize."""
    signer.sign(event.root, event.reference_id)
    assert_valid(event.root, EVENT_SCHEMA)
    for detail in event.root.iterfind("{*}infEvento/{*}detEvento/*"):
        assert_valid(etree.fromstring(etree.tostring(detail)), DETAIL_SCHEMAS[event.event_type])
    xml = etree.tostring(event.root, encoding="UTF-8")
    return SignedCteEvent(event.reference_id, event.event_type, xml)
