"""The NFS-e Sefin returns must embed our own DPS: checked on real NFS-e of the corpus."""

from __future__ import annotations

import copy
import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
from lxml import etree

from documents.errors import ProtocolMismatchError
from documents.nfse.received import accept_nfse
from tests.paths import CORPUS
from tests.unit.documents.nfse.sefin_factories import authority, resign, unsigned

REAL = CORPUS / "nfse" / "nfse-php__tests_fixtures_nfse.xml"  # Sefin homologation, Pacajá 2025
FABRICATED_KEY = CORPUS / "nfse" / "BrazilFiscalReport__tests_fixtures_danfse_nfse_test_hom.xml"


def embedded_dps(nfse: bytes) -> etree._Element:
    dps = etree.fromstring(nfse).find(".//{*}DPS")
    assert dps is not None
    return dps


def test_a_real_nfse_is_accepted_for_the_dps_it_embeds() -> None:
    nfse = REAL.read_bytes()
    received = accept_nfse(etree.tostring(embedded_dps(nfse)), nfse)
    assert received.key == "15054862231305199000190000000000000225121645026250"
    assert received.number == etree.fromstring(nfse).findtext("{*}infNFSe/{*}nNFSe")
    assert received.xml == nfse


DS = "http://www.w3.org/2000/09/xmldsig#"


def sign_with_digest(dps: etree._Element, digest: str) -> None:
    """A stand-in Signature: only its DigestValue matters to the check."""
    reference = etree.SubElement(
        etree.SubElement(etree.SubElement(dps, f"{{{DS}}}Signature"), f"{{{DS}}}SignedInfo"),
        f"{{{DS}}}Reference",
    )
    etree.SubElement(reference, f"{{{DS}}}DigestValue").text = digest


def other_value(dps: etree._Element) -> None:
    node = dps.find("{*}infDPS/{*}valores/{*}vServPrest/{*}vServ")
    assert node is not None
    node.text = "1.00"


def other_environment(dps: etree._Element) -> None:
    node = dps.find("{*}infDPS/{*}tpAmb")
    assert node is not None
    node.text = "1" if node.text == "2" else "2"


def other_id(dps: etree._Element) -> None:
    info = dps.find("{*}infDPS")
    assert info is not None
    info.set("Id", info.get("Id", "")[:-1] + "9")


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (other_value, "valores/vServPrest/vServ"),
        (other_environment, "tpAmb"),
        (other_id, "infDPS/@Id"),
    ],
)
def test_an_nfse_of_another_dps_is_refused(
    change: Callable[[etree._Element], None], field: str
) -> None:
    nfse = REAL.read_bytes()
    ours = embedded_dps(nfse)
    change(ours)
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(etree.tostring(ours), nfse)
    assert refused.value.field == field


def test_when_sefin_keeps_the_dps_signature_the_digest_must_be_ours(tmp_path: Path) -> None:
    """The corpus' NFS-e embed the DPS unsigned (accepted above); a kept signature is compared.

    The changed NFS-e is signed again by a test Sefin, so only the digest comparison can fail."""
    nfse = unsigned(REAL.read_bytes())
    theirs = nfse.find("{*}infNFSe/{*}DPS")
    assert theirs is not None
    sign_with_digest(theirs, "AAAA")
    ours = copy.deepcopy(theirs)
    signed = resign(etree.tostring(nfse), authority(tmp_path)[1])
    now = dt.datetime.now(dt.UTC)  # the corpus dhProc predates the test certificate
    accept_nfse(etree.tostring(ours), signed, at=now)
    next(ours.iter(f"{{{DS}}}DigestValue")).text = "BBBB"
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(etree.tostring(ours), signed, at=now)
    assert refused.value.field == "DigestValue"


def test_a_key_without_its_check_digit_or_a_dps_as_answer_is_refused() -> None:
    nfse = FABRICATED_KEY.read_bytes()
    with pytest.raises(ProtocolMismatchError) as refused:
        accept_nfse(etree.tostring(embedded_dps(nfse)), nfse)
    assert refused.value.field == "infNFSe/@Id"
    dps = etree.tostring(embedded_dps(REAL.read_bytes()))
    with pytest.raises(ProtocolMismatchError):
        accept_nfse(dps, dps)
