"""CT-e events (110111, 110110, 610110), the authorized wrappers and the DACTE."""

from __future__ import annotations

import io
import re
from collections.abc import Callable

import pytest
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.cte.events import (
    CCE_CONDITIONS,
    Correction,
    CteEventHeader,
    build_cancel,
    build_cce,
    build_disagreement,
    prepare_event,
)
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc, proc_evento_cte
from documents.errors import InvalidDocumentDataError, PdfRenderError, ProtocolMismatchError
from documents.keys import AccessKey
from documents.nfe.model import TpAmb
from documents.pdf import render_dacte
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import ISSUED_AT, ISSUER_CNPJ, TAKER_CNPJ, cte_data, cteos_data

pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")

Q = f"{{{CTE_NS}}}"
KEY = AccessKey.build(35, (2026, 1), ISSUER_CNPJ, 57, 1, 1, 1, "48213577")
PROTOCOL = "135260000000001"


def header(sequence: int = 1, author: str = ISSUER_CNPJ) -> CteEventHeader:
    return CteEventHeader(KEY, TpAmb.HOMOLOGACAO, author, ISSUED_AT, sequence)


def _element(tag: str, info_tag: str, fields: dict[str, str]) -> etree._Element:
    root = etree.Element(Q + tag, nsmap={None: CTE_NS}, versao="4.00")
    info = etree.SubElement(root, Q + info_tag)
    for name, value in fields.items():
        etree.SubElement(info, Q + name).text = value
    return root


def prot_cte(signed: SignedCte, **changes: str) -> etree._Element:
    fields = {
        "tpAmb": "2", "verAplic": "SP-CTe-2026", "chCTe": signed.key.text,
        "dhRecbto": "2026-01-15T10:00:05-03:00", "nProt": PROTOCOL,
        "digVal": signed.digest_value, "cStat": "100", "xMotivo": "Autorizado o uso do CT-e",
    }  # fmt: skip
    return _element("protCTe", "infProt", {**fields, **changes})


def ret_evento(event: etree._Element, **changes: str) -> etree._Element:
    sent = event.find(Q + "infEvento")
    assert sent is not None
    fields = {
        "tpAmb": "2", "verAplic": "SP-CTe-2026", "cOrgao": "35", "cStat": "135",
        "xMotivo": "Evento registrado e vinculado a CT-e",
        "chCTe": str(sent.findtext(Q + "chCTe")), "tpEvento": str(sent.findtext(Q + "tpEvento")),
        "xEvento": "Cancelamento", "nSeqEvento": str(sent.findtext(Q + "nSeqEvento")),
        "dhRegEvento": "2026-01-15T11:00:05-03:00", "nProt": "135260000000002",
    }  # fmt: skip
    return _element("retEventoCTe", "infEvento", {**fields, **changes})


EVENTS = {
    "cancel": lambda: build_cancel(header(), PROTOCOL, "Frete cancelado pelo cliente"),
    "cce": lambda: build_cce(header(2), (Correction("compl", "xObs", "Entregar a tarde"),
                                         Correction("infQ", "qCarga", "41.0000", item=2))),
    "disagreement": lambda: build_disagreement(
        header(author=TAKER_CNPJ), "Mercadoria entregue em endereco diferente do contratado"
    ),
}  # fmt: skip
DETAILS = {"cancel": "evCancCTe", "cce": "evCCeCTe", "disagreement": "evPrestDesacordo"}


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_event_is_signed_and_valid_against_event_and_detail_xsds(
    signer: XmlSigner, xmlsec_verify: Callable[..., str], kind: str
) -> None:
    built = EVENTS[kind]()
    signed = prepare_event(built, signer)
    assert validate(signed.xml, "cte/4.00/eventoCTe") == []
    root = parse_untrusted(signed.xml)
    detail = root.find(f"{Q}infEvento/{Q}detEvento/{Q}{DETAILS[kind]}")
    assert detail is not None
    assert validate(etree.fromstring(etree.tostring(detail)), f"cte/4.00/{DETAILS[kind]}") == []
    verify_signature(root, reference_id=signed.reference_id)
    xmlsec_verify(signed.xml, "infEvento", CTE_NS)
    sequence = root.findtext(f"{Q}infEvento/{Q}nSeqEvento")
    assert signed.reference_id == f"ID{built.event_type}{KEY.text}{int(sequence or 0):03d}"
    assert root.findtext(f"{Q}infEvento/{Q}dhEvento") == "2026-01-15T10:00:00-03:00"


def test_cce_carries_every_correction_and_the_fixed_conditions() -> None:
    root = EVENTS["cce"]().root
    groups = root.findall(f"{Q}infEvento/{Q}detEvento/{Q}evCCeCTe/{Q}infCorrecao")
    assert [g.findtext(Q + "campoAlterado") for g in groups] == ["xObs", "qCarga"]
    assert groups[1].findtext(Q + "nroItemAlterado") == "2"
    assert root.findtext(f".//{Q}xCondUso") == CCE_CONDITIONS


def test_disagreement_is_authored_by_the_taker() -> None:
    root = EVENTS["disagreement"]().root
    assert root.findtext(f"{Q}infEvento/{Q}CNPJ") == TAKER_CNPJ
    assert root.findtext(f".//{Q}indDesacordoOper") == "1"


def test_event_rules_refused_before_signing() -> None:
    with pytest.raises(InvalidDocumentDataError, match="evento 1"):
        build_cancel(header(2), PROTOCOL, "Frete cancelado pelo cliente")
    with pytest.raises(InvalidDocumentDataError):
        build_cancel(header(), "123", "Frete cancelado pelo cliente")
    with pytest.raises(InvalidDocumentDataError) as short:
        build_cancel(header(), PROTOCOL, "curta")
    assert short.value.field == "xJust"
    with pytest.raises(InvalidDocumentDataError):
        build_cce(header(21), (Correction("compl", "xObs", "Entregar a tarde"),))
    with pytest.raises(InvalidDocumentDataError):
        build_cce(header(1), ())
    nfe_key = AccessKey.build(35, (2026, 1), ISSUER_CNPJ, 55, 1, 1, 1, "48213577")
    with pytest.raises(InvalidDocumentDataError):
        build_disagreement(CteEventHeader(nfe_key, TpAmb.HOMOLOGACAO, TAKER_CNPJ, ISSUED_AT),
                           "Mercadoria entregue em endereco diferente")  # fmt: skip


def test_cte_proc_joins_its_own_protocol_and_is_schema_valid(signer: XmlSigner) -> None:
    signed = prepare_cte(cte_data(), signer)
    stored = cte_proc(signed.xml, prot_cte(signed))
    assert validate(stored, "cte/4.00/cteProc") == []
    os_signed = prepare_cteos(cteos_data(), signer)
    os_stored = cteos_proc(os_signed.xml, prot_cte(os_signed))
    assert validate(os_stored, "cte/4.00/cteOSProc") == []


@pytest.mark.parametrize(
    ("field", "changes"),
    [
        (
            "chCTe",
            {"chCTe": AccessKey.build(35, (2026, 1), ISSUER_CNPJ, 57, 1, 9, 1, "48213577").text},
        ),
        ("digVal", {"digVal": "AAAAAAAAAAAAAAAAAAAAAAAAAAA="}),
        ("tpAmb", {"tpAmb": "1"}),
        ("cStat", {"cStat": "204"}),
    ],
)
def test_wrappers_refuse_a_foreign_protocol(
    signer: XmlSigner, field: str, changes: dict[str, str]
) -> None:
    signed = prepare_cte(cte_data(), signer)
    with pytest.raises(ProtocolMismatchError) as caught:
        cte_proc(signed.xml, prot_cte(signed, **changes))
    assert caught.value.field == field


def test_cteos_proc_refuses_a_ct_e_and_a_foreign_key(signer: XmlSigner) -> None:
    cte = prepare_cte(cte_data(), signer)
    os_signed = prepare_cteos(cteos_data(), signer)
    with pytest.raises(ProtocolMismatchError):
        cteos_proc(cte.xml, prot_cte(cte))
    with pytest.raises(ProtocolMismatchError) as caught:
        cteos_proc(os_signed.xml, prot_cte(os_signed, chCTe=cte.key.text))
    assert caught.value.field == "chCTe"


def test_proc_evento_cte_checks_the_answer(signer: XmlSigner) -> None:
    event = parse_untrusted(prepare_event(EVENTS["cancel"](), signer).xml)
    stored = proc_evento_cte(event, ret_evento(event))
    assert validate(stored, "cte/4.00/procEventoCTe") == []
    other = AccessKey.build(35, (2026, 1), ISSUER_CNPJ, 57, 1, 2, 1, "48213577").text
    wrong = [({"chCTe": other}, "chCTe"), ({"tpEvento": "110110"}, "tpEvento"),
             ({"nSeqEvento": "2"}, "nSeqEvento"), ({"cStat": "631"}, "cStat")]  # fmt: skip
    for changes, field in wrong:
        with pytest.raises(ProtocolMismatchError) as caught:
            proc_evento_cte(event, ret_evento(event, **changes))
        assert caught.value.field == field


def _pdf_text(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s", "", "".join(page.extract_text() for page in reader.pages))


def test_dacte_of_a_cte_shows_the_key(signer: XmlSigner) -> None:
    signed = prepare_cte(cte_data(), signer)
    assert signed.key.text in _pdf_text(render_dacte(cte_proc(signed.xml, prot_cte(signed))))
    cancelled = render_dacte(cte_proc(signed.xml, prot_cte(signed)), cancelled=True)
    assert signed.key.text in _pdf_text(cancelled)


def test_dacte_refuses_a_cteos_and_what_is_not_an_authorized_cte(signer: XmlSigner) -> None:
    """brazilfiscalreport has no DACTE OS: a clear refusal pointing to render_dacte_os, never a
    model 57 drawing."""
    os_signed = prepare_cteos(cteos_data(), signer)
    with pytest.raises(PdfRenderError, match="DACTE OS"):
        render_dacte(cteos_proc(os_signed.xml, prot_cte(os_signed)))
    signed = prepare_cte(cte_data(), signer)
    with pytest.raises(PdfRenderError):
        render_dacte(signed.xml)
