"""MDF-e events (110111, 110112, 110114), the authorized wrappers and the DAMDFE."""

from __future__ import annotations

import datetime as dt
import io
import re
from collections.abc import Callable

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, PdfRenderError, ProtocolMismatchError
from documents.keys import AccessKey
from documents.mdfe.builder import MDFE_NS
from documents.mdfe.events import (
    MdfeEventHeader,
    build_add_driver,
    build_cancel,
    build_close,
    prepare_event,
)
from documents.mdfe.pipeline import SignedMdfe, prepare_mdfe
from documents.mdfe.wrappers import mdfe_proc, proc_evento_mdfe
from documents.nfe.model import TpAmb
from documents.pdf import render_damdfe
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import ISSUED_AT, ISSUER_CNPJ, mdfe_data, nfe_manifest

pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")

Q = f"{{{MDFE_NS}}}"
KEY = AccessKey.build(42, (2026, 1), ISSUER_CNPJ, 58, 1, 1, 1, "27182818")
PROTOCOL = "342260000000001"


def header(sequence: int = 1) -> MdfeEventHeader:
    return MdfeEventHeader(KEY, TpAmb.HOMOLOGACAO, ISSUER_CNPJ, ISSUED_AT, sequence)


def _element(tag: str, info_tag: str, fields: dict[str, str]) -> etree._Element:
    root = etree.Element(Q + tag, nsmap={None: MDFE_NS}, versao="3.00")
    info = etree.SubElement(root, Q + info_tag)
    for name, value in fields.items():
        etree.SubElement(info, Q + name).text = value
    return root


def prot_mdfe(signed: SignedMdfe, **changes: str) -> etree._Element:
    fields = {
        "tpAmb": "2", "verAplic": "RS20260101", "chMDFe": signed.key.text,
        "dhRecbto": "2026-01-15T10:00:05-03:00", "nProt": PROTOCOL,
        "digVal": signed.digest_value, "cStat": "100", "xMotivo": "Autorizado o uso do MDF-e",
    }  # fmt: skip
    return _element("protMDFe", "infProt", {**fields, **changes})


def ret_evento(event: etree._Element, **changes: str) -> etree._Element:
    sent = event.find(Q + "infEvento")
    assert sent is not None
    fields = {
        "tpAmb": "2", "verAplic": "RS20260101", "cOrgao": "42", "cStat": "135",
        "xMotivo": "Evento registrado e vinculado a MDF-e",
        "chMDFe": str(sent.findtext(Q + "chMDFe")),
        "tpEvento": str(sent.findtext(Q + "tpEvento")), "xEvento": "Cancelamento",
        "nSeqEvento": str(sent.findtext(Q + "nSeqEvento")),
        "dhRegEvento": "2026-01-15T11:00:05-03:00", "nProt": "342260000000002",
    }  # fmt: skip
    return _element("retEventoMDFe", "infEvento", {**fields, **changes})


EVENTS = {
    "cancel": lambda: build_cancel(header(), PROTOCOL, "Viagem cancelada pelo contratante"),
    "close": lambda: build_close(header(), PROTOCOL, dt.date(2026, 1, 16), "PR", "4106902"),
    "driver": lambda: build_add_driver(header(2), "MARIA SOUZA", "11144477735"),
}
DETAILS = {"cancel": "evCancMDFe", "close": "evEncMDFe", "driver": "evIncCondutorMDFe"}


@pytest.mark.parametrize("kind", sorted(EVENTS))
def test_event_is_signed_and_valid_against_event_and_detail_xsds(
    signer: XmlSigner, xmlsec_verify: Callable[..., str], kind: str
) -> None:
    built = EVENTS[kind]()
    signed = prepare_event(built, signer)
    assert validate(signed.xml, "mdfe/3.00/eventoMDFe") == []
    root = parse_untrusted(signed.xml)
    detail = root.find(f"{Q}infEvento/{Q}detEvento/{Q}{DETAILS[kind]}")
    assert detail is not None
    assert validate(etree.fromstring(etree.tostring(detail)), f"mdfe/3.00/{DETAILS[kind]}") == []
    assert detail.getparent().get("versaoEvento") == "3.00"
    verify_signature(root, reference_id=signed.reference_id)
    xmlsec_verify(signed.xml, "infEvento", MDFE_NS)
    sequence = int(root.findtext(f"{Q}infEvento/{Q}nSeqEvento") or 0)
    assert signed.reference_id == f"ID{built.event_type}{KEY.text}{sequence:02d}"
    assert len(signed.reference_id) == 2 + 6 + 44 + 2
    assert root.findtext(f"{Q}infEvento/{Q}dhEvento") == "2026-01-15T10:00:00-03:00"
    assert root.findtext(f"{Q}infEvento/{Q}cOrgao") == "42"


def test_close_carries_date_uf_and_municipality() -> None:
    detail = EVENTS["close"]().root.find(f".//{Q}evEncMDFe")
    assert detail is not None
    assert [detail.findtext(Q + t) for t in ("descEvento", "nProt", "dtEnc", "cUF", "cMun")] == [
        "Encerramento", PROTOCOL, "2026-01-16", "41", "4106902",
    ]  # fmt: skip


def test_add_driver_carries_the_driver() -> None:
    root = EVENTS["driver"]().root
    assert root.findtext(f".//{Q}condutor/{Q}xNome") == "MARIA SOUZA"
    assert root.findtext(f".//{Q}condutor/{Q}CPF") == "11144477735"
    assert root.findtext(f"{Q}infEvento/{Q}tpEvento") == "110114"
    assert root.findtext(f"{Q}infEvento/{Q}nSeqEvento") == "2"


def test_event_rules_refused_before_signing() -> None:
    with pytest.raises(InvalidDocumentDataError, match="evento 1"):
        build_cancel(header(2), PROTOCOL, "Viagem cancelada pelo contratante")
    with pytest.raises(InvalidDocumentDataError, match="evento 1"):
        build_close(header(2), PROTOCOL, dt.date(2026, 1, 16), "PR", "4106902")
    with pytest.raises(InvalidDocumentDataError) as short:
        build_cancel(header(), PROTOCOL, "curta")
    assert short.value.field == "xJust"
    with pytest.raises(InvalidDocumentDataError) as protocol:
        build_close(header(), "123", dt.date(2026, 1, 16), "PR", "4106902")
    assert protocol.value.field == "nProt"
    with pytest.raises(InvalidDocumentDataError) as municipality:
        build_close(header(), PROTOCOL, dt.date(2026, 1, 16), "PR", "41069")
    assert municipality.value.field == "cMun"
    with pytest.raises(InvalidDocumentDataError) as cpf:
        build_add_driver(header(2), "MARIA SOUZA", "1114447773")
    assert cpf.value.field == "CPF"
    with pytest.raises(InvalidDocumentDataError) as sequence:
        build_add_driver(header(100), "MARIA SOUZA", "11144477735")
    assert sequence.value.field == "nSeqEvento"
    cte_key = AccessKey.build(42, (2026, 1), ISSUER_CNPJ, 57, 1, 1, 1, "27182818")
    with pytest.raises(InvalidDocumentDataError) as model:
        build_add_driver(MdfeEventHeader(cte_key, TpAmb.HOMOLOGACAO, ISSUER_CNPJ, ISSUED_AT),
                         "MARIA SOUZA", "11144477735")  # fmt: skip
    assert model.value.field == "chMDFe"


def test_mdfe_proc_joins_its_own_protocol_and_is_schema_valid(signer: XmlSigner) -> None:
    for data in (mdfe_data(), nfe_manifest()):
        signed = prepare_mdfe(data, signer)
        stored = mdfe_proc(signed.xml, prot_mdfe(signed))
        assert validate(stored, "mdfe/3.00/mdfeProc") == []
        assert parse_untrusted(stored).get("versao") == "3.00"


@pytest.mark.parametrize(
    ("field", "changes"),
    [
        (
            "chMDFe",
            {"chMDFe": AccessKey.build(42, (2026, 1), ISSUER_CNPJ, 58, 1, 9, 1, "27182818").text},
        ),
        ("digVal", {"digVal": "AAAAAAAAAAAAAAAAAAAAAAAAAAA="}),
        ("tpAmb", {"tpAmb": "1"}),
        ("cStat", {"cStat": "204"}),
    ],
)
def test_mdfe_proc_refuses_a_foreign_protocol(
    signer: XmlSigner, field: str, changes: dict[str, str]
) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    with pytest.raises(ProtocolMismatchError) as caught:
        mdfe_proc(signed.xml, prot_mdfe(signed, **changes))
    assert caught.value.field == field


def test_mdfe_proc_refuses_another_document_family(signer: XmlSigner) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    cte_protocol = etree.fromstring(
        etree.tostring(prot_mdfe(signed)).replace(b"mdfe", b"cte").replace(b"MDFe", b"CTe")
    )
    with pytest.raises(ProtocolMismatchError) as caught:
        mdfe_proc(signed.xml, cte_protocol)
    assert caught.value.field == "root"


def test_proc_evento_mdfe_checks_the_answer(signer: XmlSigner) -> None:
    event = parse_untrusted(prepare_event(EVENTS["cancel"](), signer).xml)
    stored = proc_evento_mdfe(event, ret_evento(event))
    assert validate(stored, "mdfe/3.00/procEventoMDFe") == []
    assert proc_evento_mdfe(event, ret_evento(event, cStat="136"))
    other = AccessKey.build(42, (2026, 1), ISSUER_CNPJ, 58, 1, 2, 1, "27182818").text
    wrong = [({"chMDFe": other}, "chMDFe"), ({"tpEvento": "110112"}, "tpEvento"),
             ({"nSeqEvento": "2"}, "nSeqEvento"), ({"tpAmb": "1"}, "tpAmb"),
             ({"cStat": "609"}, "cStat")]  # fmt: skip
    for changes, field in wrong:
        with pytest.raises(ProtocolMismatchError) as caught:
            proc_evento_mdfe(event, ret_evento(event, **changes))
        assert caught.value.field == field


def _pdf_text(pdf: bytes) -> str:
    assert pdf.startswith(b"%PDF-")
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return re.sub(r"\s", "", "".join(page.extract_text() for page in reader.pages))


def test_damdfe_shows_the_key_and_the_stamps(signer: XmlSigner) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    stored = mdfe_proc(signed.xml, prot_mdfe(signed))
    plain = _pdf_text(render_damdfe(stored))
    key_digits = re.sub(r"\D", "", plain)
    assert signed.key.text in key_digits
    assert "SEMVALORFISCAL" in plain
    assert "CANCELADO" not in plain and "ENCERRADO" not in plain
    assert "CANCELADO" in _pdf_text(render_damdfe(stored, cancelled=True))
    assert "ENCERRADO" in _pdf_text(render_damdfe(stored, closed=True))
    own_cargo = prepare_mdfe(nfe_manifest(), signer)
    nfe_pdf = _pdf_text(render_damdfe(mdfe_proc(own_cargo.xml, prot_mdfe(own_cargo))))
    assert own_cargo.key.text in re.sub(r"\D", "", nfe_pdf)


def test_damdfe_refuses_what_is_not_an_mdfe_proc(signer: XmlSigner) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    with pytest.raises(PdfRenderError):
        render_damdfe(signed.xml)
