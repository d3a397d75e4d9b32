"""The recipient's manifestation (210200, 210210, 210220, 210240): nfelib's confRecebto and
e2102x0 XSDs, the SEFAZ signature profile checked by xmlsec1, cOrgao 91 and the recipient as
author, the envEvento batch and the procEventoNFe wrapping of the AN's answer."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.events.common import EventHeader, batch
from documents.events.manifestation import (
    Manifestation,
    build_manifestation,
    prepare_manifestation,
)
from documents.keys import AccessKey
from documents.nfe.model import TpAmb
from documents.signing import XmlSigner
from documents.transmission.dfe_schemas import validate
from documents.wrappers import proc_evento_nfe
from documents.xml import parse_untrusted

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NFE_NS}}}"
BRT = dt.timezone(dt.timedelta(hours=-3))
WHEN = dt.datetime(2026, 1, 16, 9, 30, tzinfo=BRT)
ISSUER = "11444777000161"
RECIPIENT = "11222333000181"  # the test certificate's holder (conftest)
KEY = AccessKey.build(35, (2026, 1), ISSUER, 55, 1, 42, 1, "48213577")
REASON = "Mercadoria devolvida sem entrada no estoque"


def header(key: AccessKey = KEY, sequence: int = 1) -> EventHeader:
    return EventHeader(key, TpAmb.HOMOLOGACAO, RECIPIENT, WHEN, sequence)


def _why(kind: Manifestation) -> str | None:
    return REASON if kind is Manifestation.NOT_PERFORMED else None


@pytest.mark.parametrize("kind", list(Manifestation))
def test_each_manifestation_is_schema_valid_signed_and_addressed_to_the_an(
    kind: Manifestation, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_manifestation(header(), kind, signer, justification=_why(kind))
    assert signed.key == KEY and signed.manifestation is kind
    assert signed.reference_id == f"ID{kind.value}{KEY.text}01"
    xmlsec_verify(signed.xml, "infEvento")
    assert validate(signed.xml, f"nfe/1.00/evento-{kind.value}") == []
    root = parse_untrusted(signed.xml)
    info = root.find(Q + "infEvento")
    assert info is not None
    assert [info.findtext(Q + t) for t in ("cOrgao", "tpAmb", "CNPJ", "chNFe", "tpEvento")] == [
        "91", "2", RECIPIENT, KEY.text, kind.value,
    ]  # fmt: skip
    assert (info.findtext(Q + "nSeqEvento"), info.findtext(Q + "verEvento")) == ("1", "1.00")
    assert info.findtext(Q + "dhEvento") == "2026-01-16T09:30:00-03:00"
    detail = info.find(Q + "detEvento")
    assert detail is not None and detail.get("versao") == "1.00"
    assert detail.findtext(Q + "descEvento") == kind.description
    assert detail.findtext(Q + "xJust") == _why(kind)
    lot = etree.tostring(batch([root], 3))
    assert validate(lot, f"nfe/1.00/envEvento-{kind.value}") == []


def test_descriptions_are_the_xsd_enumeration() -> None:
    assert [kind.description for kind in Manifestation] == [
        "Confirmacao da Operacao", "Ciencia da Operacao", "Desconhecimento da Operacao",
        "Operacao nao Realizada",
    ]  # fmt: skip


def test_operation_not_performed_needs_a_justification_the_others_refuse_one() -> None:
    with pytest.raises(InvalidDocumentDataError) as missing:
        build_manifestation(header(), Manifestation.NOT_PERFORMED)
    assert missing.value.field == "xJust"
    with pytest.raises(InvalidDocumentDataError):
        build_manifestation(header(), "210240", "curta demais")
    with pytest.raises(InvalidDocumentDataError):
        build_manifestation(header(), "210240", "x" * 256)
    for kind in ("210200", "210210", "210220"):
        with pytest.raises(InvalidDocumentDataError):
            build_manifestation(header(), kind, REASON)
    spaced = build_manifestation(header(), "210240", f"  {REASON}\n  (segunda linha) ")
    assert spaced.root.findtext(f".//{Q}xJust") == f"{REASON} (segunda linha)"


def test_what_cannot_be_manifested() -> None:
    nfce = AccessKey.build(35, (2026, 1), ISSUER, 65, 1, 42, 1, "48213577")
    with pytest.raises(InvalidDocumentDataError):
        build_manifestation(header(nfce), Manifestation.AWARENESS)
    with pytest.raises(InvalidDocumentDataError):
        build_manifestation(header(sequence=2), Manifestation.AWARENESS)
    with pytest.raises(ValueError):
        build_manifestation(header(), "110111")


def test_a_justification_outside_the_xsd_alphabet_fails_the_schema(signer: XmlSigner) -> None:
    with pytest.raises(SchemaViolationError):
        prepare_manifestation(
            header(), Manifestation.NOT_PERFORMED, signer, justification=f"{REASON} \u20ac 10"
        )


def _ret_evento(kind: Manifestation, cstat: str = "135") -> etree._Element:
    ret = etree.Element(Q + "retEvento", nsmap={None: NFE_NS}, versao="1.00")
    info = etree.SubElement(ret, Q + "infEvento")
    for name, value in (
        ("tpAmb", "2"), ("verAplic", "AN_1.5.0"), ("cOrgao", "91"), ("cStat", cstat),
        ("xMotivo", "Evento registrado e vinculado a NF-e"), ("chNFe", KEY.text),
        ("tpEvento", kind.value), ("xEvento", kind.description), ("nSeqEvento", "1"),
        ("CNPJDest", RECIPIENT), ("dhRegEvento", "2026-01-16T09:30:04-03:00"),
        ("nProt", "891260000000077"),
    ):  # fmt: skip
        etree.SubElement(info, Q + name).text = value
    return ret


@pytest.mark.parametrize("kind", list(Manifestation))
def test_the_an_answer_wraps_into_a_valid_proc_evento(
    kind: Manifestation, signer: XmlSigner
) -> None:
    signed = prepare_manifestation(header(), kind, signer, justification=_why(kind))
    ret = _ret_evento(kind)
    proc = proc_evento_nfe(signed.xml, ret)
    assert validate(proc, f"nfe/1.00/procEventoNFe-{kind.value}") == []
    assert validate(proc, "nfe/1.00/procEventoNFe") == []
