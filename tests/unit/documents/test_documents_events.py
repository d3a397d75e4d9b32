"""Events (cancel 110111, CC-e 110110), inutilização and the authorized wrappers."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, ProtocolMismatchError
from documents.events.cancel import build_cancel
from documents.events.cce import CONDITIONS_OF_USE, build_cce
from documents.events.common import EventHeader, batch
from documents.events.inutilizacao import NumberRange, build_inutilizacao
from documents.keys import AccessKey
from documents.nfe.model import Modelo, TpAmb
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.wrappers import nfe_proc, proc_evento_nfe, proc_inut_nfe
from documents.xml import parse_untrusted

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NFE_NS}}}"
BRT = dt.timezone(dt.timedelta(hours=-3))
WHEN = dt.datetime(2026, 1, 15, 11, 0, 0, tzinfo=BRT)
KEY = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 1, 1, "48213577")
PROTOCOL = "135260000000001"
OTHER_KEY = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 2, 1, "48213577")


def header(sequence: int = 1, key: AccessKey = KEY) -> EventHeader:
    return EventHeader(key, TpAmb.HOMOLOGACAO, "11222333000181", WHEN, sequence)


def answer(tag: str, fields: list[tuple[str, str]]) -> etree._Element:
    """An authority answer element as SEFAZ writes it (root{info{...}})."""
    root = etree.Element(
        Q + tag, nsmap={None: NFE_NS}, versao="1.00" if tag == "retEvento" else "4.00"
    )
    info = etree.SubElement(
        root, Q + {"protNFe": "infProt", "retEvento": "infEvento"}.get(tag, "infInut")
    )
    for name, value in fields:
        etree.SubElement(info, Q + name).text = value
    return root


def prot_nfe(signed: SignedNFe, **changes: str) -> etree._Element:
    fields = {
        "tpAmb": "2", "verAplic": "SP_NFE_PL_010", "chNFe": signed.key.text,
        "dhRecbto": "2026-01-15T10:00:05-03:00", "nProt": "135260000000001",
        "digVal": signed.digest_value, "cStat": "100", "xMotivo": "Autorizado o uso da NF-e",
    }  # fmt: skip
    fields.update(changes)
    return answer("protNFe", list(fields.items()))


def ret_evento(event: etree._Element, **changes: str) -> etree._Element:
    info = event.find(Q + "infEvento")
    assert info is not None
    fields = {
        "tpAmb": "2", "verAplic": "SP_EVENTOS_PL_100", "cOrgao": "35", "cStat": "135",
        "xMotivo": "Evento registrado e vinculado a NF-e", "chNFe": info.findtext(Q + "chNFe"),
        "tpEvento": info.findtext(Q + "tpEvento"), "xEvento": "Cancelamento registrado",
        "nSeqEvento": info.findtext(Q + "nSeqEvento"), "dhRegEvento": "2026-01-15T11:00:02-03:00",
        "nProt": "135260000000002",
    }  # fmt: skip
    fields.update(changes)
    return answer("retEvento", [(k, str(v)) for k, v in fields.items()])


# ---------------------------------------------------------------- events


def test_cancel_event_is_valid_signed_and_batched(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    event = build_cancel(header(), PROTOCOL, "Cliente desistiu da compra apos a emissao")
    assert event.reference_id == f"ID110111{KEY.text}01"
    signer.sign(event.root, event.reference_id)
    xml = etree.tostring(event.root)
    xmlsec_verify(xml, "infEvento")
    assert validate(xml, "nfe/1.00/evento-110111") == []
    envelope = etree.tostring(batch([event.root], 42))
    assert validate(envelope, "nfe/1.00/envEvento-110111") == []


def test_cce_event_is_valid_and_carries_the_fixed_conditions(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    event = build_cce(
        header(sequence=3), "Corrige o endereco de entrega:\n rua correta e a Rua B, 10"
    )
    signer.sign(event.root, event.reference_id)
    xml = etree.tostring(event.root)
    xmlsec_verify(xml, "infEvento")
    assert validate(etree.tostring(batch([event.root], 1)), "nfe/1.00/envEvento-110110") == []
    root = parse_untrusted(xml)
    assert root.findtext(f".//{Q}xCondUso") == CONDITIONS_OF_USE
    assert (
        root.findtext(f".//{Q}xCorrecao")
        == "Corrige o endereco de entrega: rua correta e a Rua B, 10"
    )
    assert root.findtext(f".//{Q}nSeqEvento") == "3"


@pytest.mark.parametrize(
    ("build", "field"),
    [
        (lambda: build_cancel(header(), PROTOCOL, "curta"), "xJust"),
        (lambda: build_cancel(header(), "123", "Justificativa suficientemente longa"), "nProt"),
        (
            lambda: build_cancel(header(2), PROTOCOL, "Justificativa suficientemente longa"),
            "nSeqEvento",
        ),
        (lambda: build_cce(header(21), "Correcao suficientemente longa"), "nSeqEvento"),
        (lambda: build_cce(header(), "x" * 1001), "xCorrecao"),
        (
            lambda: build_cce(
                header(
                    key=AccessKey.build(35, (2026, 1), "11222333000181", 65, 1, 1, 1, "48213577")
                ),
                "Correcao suficientemente longa",
            ),
            "tpEvento",
        ),
    ],
)
def test_event_rules(build: Callable[[], object], field: str) -> None:
    with pytest.raises(InvalidDocumentDataError) as caught:
        build()
    assert caught.value.field == field


def test_inutilizacao_is_valid_and_signed(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    numbers = NumberRange(35, 2026, "11222333000181", Modelo.NFE, 1, 10, 12)
    built = build_inutilizacao(numbers, TpAmb.HOMOLOGACAO, "Falha no sistema pulou a numeracao")
    assert built.reference_id == "ID352611222333000181550010000000100000000 12".replace(" ", "")
    signer.sign(built.root, built.reference_id)
    xml = etree.tostring(built.root)
    xmlsec_verify(xml, "infInut")
    assert validate(xml, "nfe/4.00/inutNFe") == []


def test_inutilizacao_refuses_bad_ranges() -> None:
    for numbers in (
        NumberRange(35, 2026, "11222333000181", Modelo.NFE, 1, 12, 10),
        NumberRange(35, 2026, "12345678909", Modelo.NFE, 1, 1, 1),
    ):
        with pytest.raises(InvalidDocumentDataError):
            build_inutilizacao(numbers, TpAmb.HOMOLOGACAO, "Justificativa suficientemente longa")


# ---------------------------------------------------------------- wrappers


@pytest.fixture(scope="module")
def signed_nfe(nfe_factory: ModuleType, signer: XmlSigner) -> SignedNFe:
    return prepare_nfe(nfe_factory.nfe_data(2), signer)


def test_nfe_proc_is_valid_and_keeps_the_signature(
    signed_nfe: SignedNFe, xmlsec_verify: Callable[..., str]
) -> None:
    proc = nfe_proc(signed_nfe.xml, prot_nfe(signed_nfe))
    assert validate(proc, "nfe/4.00/nfeProc") == []
    xmlsec_verify(proc, "infNFe")
    root = parse_untrusted(proc)
    assert [etree.QName(c).localname for c in root] == ["NFe", "protNFe"]


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"digVal": "AAAAAAAAAAAAAAAAAAAAAAAAAAA="}, "digVal"),
        ({"chNFe": OTHER_KEY.text}, "chNFe"),
        ({"cStat": "204"}, "cStat"),
        ({"tpAmb": "1"}, "tpAmb"),
    ],
)
def test_nfe_proc_refuses_a_foreign_or_failed_protocol(
    signed_nfe: SignedNFe, change: dict[str, str], field: str
) -> None:
    with pytest.raises(ProtocolMismatchError) as caught:
        nfe_proc(signed_nfe.xml, prot_nfe(signed_nfe, **change))
    assert caught.value.field == field


def test_denied_nfe_is_wrapped_with_its_protocol(signed_nfe: SignedNFe) -> None:
    proc = nfe_proc(signed_nfe.xml, prot_nfe(signed_nfe, cStat="302", xMotivo="Uso Denegado"))
    assert validate(proc, "nfe/4.00/nfeProc") == []


def test_proc_evento_for_cancel_and_cce(signer: XmlSigner) -> None:
    cancel = build_cancel(header(), PROTOCOL, "Cliente desistiu da compra apos a emissao")
    signer.sign(cancel.root, cancel.reference_id)
    proc = proc_evento_nfe(etree.tostring(cancel.root), ret_evento(cancel.root))
    assert validate(proc, "nfe/1.00/procEventoNFe-110111") == []
    late = proc_evento_nfe(cancel.root, ret_evento(cancel.root, cStat="155"))
    assert validate(late, "nfe/1.00/procEventoNFe-110111") == []
    cce = build_cce(header(sequence=2), "Correcao suficientemente longa do pedido")
    signer.sign(cce.root, cce.reference_id)
    proc = proc_evento_nfe(cce.root, ret_evento(cce.root, xEvento="Carta de Correcao registrada"))
    assert validate(proc, "nfe/1.00/procEventoNFe-110110") == []
    with pytest.raises(ProtocolMismatchError):
        proc_evento_nfe(cce.root, ret_evento(cce.root, cStat="155"))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"nSeqEvento": "2"}, "nSeqEvento"),
        ({"cStat": "573"}, "cStat"),
        ({"tpEvento": "110110"}, "tpEvento"),
    ],
)
def test_proc_evento_refuses_mismatches(
    signer: XmlSigner, change: dict[str, str], field: str
) -> None:
    cancel = build_cancel(header(), PROTOCOL, "Cliente desistiu da compra apos a emissao")
    signer.sign(cancel.root, cancel.reference_id)
    with pytest.raises(ProtocolMismatchError) as caught:
        proc_evento_nfe(cancel.root, ret_evento(cancel.root, **change))
    assert caught.value.field == field


def ret_inut(**changes: str) -> etree._Element:
    fields = {
        "tpAmb": "2", "verAplic": "SP_NFE_PL_010", "cStat": "102",
        "xMotivo": "Inutilizacao de numero homologado", "cUF": "35", "ano": "26",
        "CNPJ": "11222333000181", "mod": "55", "serie": "1", "nNFIni": "10", "nNFFin": "12",
        "dhRecbto": "2026-01-15T11:00:02-03:00", "nProt": "135260000000003",
    }  # fmt: skip
    fields.update(changes)
    return answer("retInutNFe", list(fields.items()))


def test_proc_inut(signer: XmlSigner) -> None:
    numbers = NumberRange(35, 2026, "11222333000181", Modelo.NFE, 1, 10, 12)
    built = build_inutilizacao(numbers, TpAmb.HOMOLOGACAO, "Falha no sistema pulou a numeracao")
    signer.sign(built.root, built.reference_id)
    proc = proc_inut_nfe(built.root, ret_inut())
    assert validate(proc, "nfe/4.00/ProcInutNFe") == []
    assert parse_untrusted(proc).tag == Q + "ProcInutNFe"
    for change in ({"nNFFin": "13"}, {"cStat": "241"}, {"CNPJ": "11444777000161"}):
        with pytest.raises(ProtocolMismatchError):
            proc_inut_nfe(built.root, ret_inut(**change))


def test_dacce_of_a_registered_cce_and_refusals(signer: XmlSigner) -> None:
    """The DACCe shows the correction and the issuer box from the caller's data; a cancellation
    or a bare event is not a CC-e's procEventoNFe."""
    import io

    import pypdf

    from documents.errors import PdfRenderError
    from documents.pdf import render_dacce

    cce = build_cce(header(), "Correcao suficientemente longa do pedido de teste")
    signer.sign(cce.root, cce.reference_id)
    proc = proc_evento_nfe(cce.root, ret_evento(cce.root, xEvento="Carta de Correcao registrada"))
    pdf = render_dacce(proc, {"nome": "Empresa Teste Ltda", "uf": "SP", "fone": None})
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    text = "".join(page.extract_text() or "" for page in reader.pages)
    assert "Correcao suficientemente longa" in text and "Empresa Teste Ltda" in text
    cancel = build_cancel(header(), PROTOCOL, "Cliente desistiu da compra apos a emissao")
    signer.sign(cancel.root, cancel.reference_id)
    cancelled = proc_evento_nfe(cancel.root, ret_evento(cancel.root))
    with pytest.raises(PdfRenderError, match="not a CC-e"):
        render_dacce(cancelled, {})
    with pytest.raises(PdfRenderError, match="expected procEventoNFe"):
        render_dacce(etree.tostring(cce.root), {})
