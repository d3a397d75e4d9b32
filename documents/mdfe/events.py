"""MDF-e events, `eventoMDFe` 3.00: cancellation 110111, closing (encerramento) 110112 and
adding a driver (inclusão de condutor) 110114 (protocol_facts.md §3.4).

`eventoMDFe versao=3.00 / infEvento Id = "ID" + tpEvento(6) + chMDFe(44) + nSeqEvento(2)`
{cOrgao, tpAmb, CNPJ|CPF, chMDFe, dhEvento, tpEvento, nSeqEvento, detEvento versaoEvento=3.00
{ev...}}, written by the layouts of `mdfe/3.00/eventoMDFe` and of the detail (`evCancMDFe`,
`evEncMDFe`, `evIncCondutorMDFe`, whose place is an `xs:any`), signed on infEvento and sent
bare (no batch) to MDFeRecepcaoEvento. `prepare_event` signs and validates both layouts.

The Id's sequence: the 3.00 XSD accepts two or three digits (`ID[0-9]{12}[A-Z0-9]{12}[0-9]{28}`
or `{29}`); sped-mdfe and the other issuers we read write two, which we follow, so a manifest has
at most 99 events of one type (drivers added included).
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Mapping
from dataclasses import dataclass

from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.dfe import bounded_text, write_event
from documents.keys import AccessKey
from documents.mdfe.builder import LAYOUT_VERSION, MODEL_MDFE
from documents.nfe.model import TpAmb
from documents.schemas import assert_valid
from documents.signing import XmlSigner
from documents.ufs import uf_code

CANCEL, CLOSE, ADD_DRIVER = "110111", "110112", "110114"
EVENT_SCHEMA = "mdfe/3.00/eventoMDFe"
DETAIL_SCHEMAS = {CANCEL: "mdfe/3.00/evCancMDFe", CLOSE: "mdfe/3.00/evEncMDFe",
                  ADD_DRIVER: "mdfe/3.00/evIncCondutorMDFe"}  # fmt: skip
MAX_SEQUENCE = 99
"""Two digits in the Id (see the module docstring)."""


@dataclass(frozen=True)
class MdfeEventHeader:
    """What every MDF-e event carries besides its detail.

    `author` is the issuer's CNPJ/CPF (the one who signs). dhEvento is written in the local time
    of the manifest's UF (the key's cUF); cOrgao is that cUF too (sped-mdfe does the same, and
    SVRS answers for every UF).
    """

    key: AccessKey
    tp_amb: TpAmb
    author: str
    occurred_at: dt.datetime
    sequence: int = 1


@dataclass(frozen=True)
class BuiltMdfeEvent:
    """An unsigned `eventoMDFe`, its Id (to sign) and its type."""

    root: etree._Element
    reference_id: str
    event_type: str


@dataclass(frozen=True)
class SignedMdfeEvent:
    """A signed, schema-valid `eventoMDFe` ready for MDFeRecepcaoEvento."""

    reference_id: str
    event_type: str
    xml: bytes


def event_id(event_type: str, key: AccessKey, sequence: int) -> str:
    """`ID` + tpEvento(6) + chMDFe(44) + nSeqEvento(2)."""
    return f"ID{event_type}{key.text}{sequence:02d}"


def _protocol(protocol: str) -> str:
    if not (protocol.isdigit() and len(protocol) == 15):
        raise InvalidDocumentDataError("nProt", "o protocolo de autorização tem 15 dígitos")
    return protocol


def _event(
    header: MdfeEventHeader, event_type: str, detail: Mapping[str, object]
) -> BuiltMdfeEvent:
    if header.key.modelo != MODEL_MDFE:
        raise InvalidDocumentDataError("chMDFe", "a chave não é de um MDF-e (modelo 58)")
    if not 1 <= header.sequence <= MAX_SEQUENCE:
        raise InvalidDocumentDataError("nSeqEvento", "a sequência do evento vai de 1 a 99")
    reference_id = event_id(event_type, header.key, header.sequence)
    root = write_event(
        key=header.key, key_tag="chMDFe", reference_id=reference_id, tp_amb=header.tp_amb,
        author=header.author, occurred_at=header.occurred_at, event_type=event_type,
        sequence=header.sequence, detail=detail,
        layouts=(EVENT_SCHEMA, DETAIL_SCHEMAS[event_type]), version=LAYOUT_VERSION,
    )  # fmt: skip
    return BuiltMdfeEvent(root, reference_id, event_type)


def build_cancel(header: MdfeEventHeader, protocol: str, justification: str) -> BuiltMdfeEvent:
    """110111 {descEvento Cancelamento, nProt (15 digits), xJust 15-255}; nSeqEvento 1."""
    if header.sequence != 1:
        raise InvalidDocumentDataError("nSeqEvento", "o cancelamento é sempre o evento 1")
    detail = {"descEvento": "Cancelamento", "nProt": _protocol(protocol),
              "xJust": bounded_text("xJust", justification, 15, 255)}  # fmt: skip
    return _event(header, CANCEL, detail)


def build_close(
    header: MdfeEventHeader, protocol: str, close_date: dt.date, uf: str, municipality_code: str
) -> BuiltMdfeEvent:
    """110112 {descEvento Encerramento, nProt, dtEnc, cUF, cMun}: where and when the trip ended
    (the unloading municipality and its UF); nSeqEvento 1."""
    if header.sequence != 1:
        raise InvalidDocumentDataError("nSeqEvento", "o encerramento é sempre o evento 1")
    if not re.fullmatch(r"[0-9]{7}", municipality_code):
        raise InvalidDocumentDataError("cMun", "o código IBGE do município tem 7 dígitos")
    detail = {
        "descEvento": "Encerramento", "nProt": _protocol(protocol),
        "dtEnc": close_date.isoformat(), "cUF": f"{uf_code(uf):02d}", "cMun": municipality_code,
    }  # fmt: skip
    return _event(header, CLOSE, detail)


def build_add_driver(header: MdfeEventHeader, name: str, cpf: str) -> BuiltMdfeEvent:
    """110114 {descEvento Inclusao Condutor, condutor{xNome 2-60, CPF}}; each driver added takes
    the next nSeqEvento."""
    if not re.fullmatch(r"[0-9]{11}", cpf):
        raise InvalidDocumentDataError("CPF", "o CPF do condutor tem 11 dígitos")
    detail = {"descEvento": "Inclusao Condutor",
              "condutor": {"xNome": bounded_text("xNome", name, 2, 60), "CPF": cpf}}  # fmt: skip
    return _event(header, ADD_DRIVER, detail)


def prepare_event(event: BuiltMdfeEvent, signer: XmlSigner) -> SignedMdfeEvent:
    """Sign infEvento, validate the event and its detail against their XSDs, serialize."""
    signer.sign(event.root, event.reference_id)
    assert_valid(event.root, EVENT_SCHEMA)
    for detail in event.root.iterfind("{*}infEvento/{*}detEvento/*"):
        assert_valid(etree.fromstring(etree.tostring(detail)), DETAIL_SCHEMAS[event.event_type])
    xml = etree.tostring(event.root, encoding="UTF-8")
    return SignedMdfeEvent(event.reference_id, event.event_type, xml)
