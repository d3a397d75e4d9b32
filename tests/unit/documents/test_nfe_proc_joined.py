"""`nfe_proc` joins a signed NF-e given as the bytes `prepare_nfe` serialized without parsing
it again (issue 19): the same checks, the same answer and the same bytes as the tree path,
which every other input still takes."""

from __future__ import annotations

from typing import Any

import pytest
from lxml import etree

from documents.errors import ProtocolMismatchError
from documents.nfce.qrcode import Csc
from documents.nfe.model import TpAmb
from documents.nfe.pipeline import SignedNFe, prepare_nfe
from documents.wrappers import nfe_proc
from documents.xml import parse_untrusted
from tests.unit.documents.test_documents_events import prot_nfe

CSC = Csc(id="000001", code="GPB0JBWLUR6HWFTVEAS6RJ69GPCROFPBBB8G")
TRICKY = (
    'A & B <tpAmb>1</tpAmb> Id="NFe00000000000000000000000000000000000000000000" "aspas" \'x\' é'
)


@pytest.fixture(scope="module")
def documents(nfe_factory: Any, signer: Any) -> list[tuple[SignedNFe, str]]:
    """Signed documents and their environment (tpAmb)."""
    return [
        (prepare_nfe(nfe_factory.nfe_data(1), signer), "2"),
        (prepare_nfe(nfe_factory.nfe_data(3, nat_op=TRICKY[:60], additional_info=TRICKY), signer),
         "2"),
        (prepare_nfe(nfe_factory.nfe_data(2, tp_amb=TpAmb.PRODUCAO), signer), "1"),
        (prepare_nfe(nfe_factory.nfce_data(2), signer, csc=CSC), "2"),
    ]  # fmt: skip


def _protocols(signed: SignedNFe, tp_amb: str) -> list[bytes]:
    """The document's own protocol, then each field changed, then other shapes."""
    other = "35260111222333000181550010000000991482135771"
    prefixed = etree.tostring(prot_nfe(signed, tpAmb=tp_amb)).replace(
        b"<protNFe ", b'<protNFe xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" ', 1
    )
    changed = [{}, {"chNFe": other}, {"tpAmb": "3"}, {"digVal": "AAAA"}, {"cStat": "302"},
               {"cStat": "999"}, {"xMotivo": "Autorizado & <ok>"}]  # fmt: skip
    own = etree.tostring(prot_nfe(signed, tpAmb=tp_amb))
    wrong_root, no_info = own.replace(b"protNFe", b"retEvento"), own.replace(b"infProt", b"infX")
    answers = [etree.tostring(prot_nfe(signed, **{"tpAmb": tp_amb, **c})) for c in changed]
    return [*answers, prefixed, wrong_root, no_info]


def _outcome(nfe: bytes | etree._Element, protocol: bytes) -> tuple[Any, ...]:
    try:
        return ("ok", nfe_proc(nfe, protocol))
    except ProtocolMismatchError as exc:
        return ("mismatch", str(exc), exc.args)


def test_joined_bytes_are_the_trees_bytes(documents: list[tuple[SignedNFe, str]]) -> None:
    """For every document and protocol, matching or not, the bytes path answers exactly what
    the tree path answers (the same nfeProc bytes, or the same mismatch)."""
    from documents.wrappers import _signed_facts

    for signed, tp_amb in documents:
        assert _signed_facts(signed.xml) is not None  # the bytes path is the one compared
        for protocol in _protocols(signed, tp_amb):
            ours = _outcome(signed.xml, protocol)
            tree = _outcome(parse_untrusted(signed.xml), protocol)
            assert ours == tree, (signed.key.text, protocol[:120])
        joined = nfe_proc(signed.xml, _protocols(signed, tp_amb)[0])
        assert [etree.QName(c).localname for c in parse_untrusted(joined)] == ["NFe", "protNFe"]


def test_only_the_protocol_is_parsed(documents: list[tuple[SignedNFe, str]], monkeypatch) -> None:
    import documents.wrappers as wrappers

    parsed: list[bytes] = []
    real = wrappers.parse_untrusted

    def counting(data: bytes) -> etree._Element:
        parsed.append(data)
        return real(data)

    monkeypatch.setattr(wrappers, "parse_untrusted", counting)
    signed, tp_amb = documents[0]
    protocol = _protocols(signed, tp_amb)[0]
    nfe_proc(signed.xml, protocol)
    assert parsed == [protocol]
    parsed.clear()
    declared = b"<?xml version='1.0' encoding='UTF-8'?>\n" + signed.xml  # not our pipeline's form
    from_tree = nfe_proc(declared, protocol)
    assert parsed == [declared, protocol]
    assert from_tree == nfe_proc(signed.xml, protocol)
