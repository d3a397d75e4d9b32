"""What the national system answers, checked against what we sent: the NFS-e generated from our
DPS and the `evento` registering our cancellation request.

Unlike SEFAZ, Sefin does not return a protocol to wrap: the NFS-e (and the registered event) is
a new document, signed by Sefin, that embeds our signed DPS (pedRegEvento). Its key is numbered
by Sefin (protocol_facts.md §1.3). So the check that replaces `nfe_proc`'s is that the embedded
DPS is ours: the same Id (which binds municipality, provider, series and number), environment,
issue time and service value, and, when Sefin kept our signature in the copy, the same
DigestValue (our digest covers the whole infDPS). Every Sefin NFS-e in the corpus embeds the DPS
*without* its signature, so the digest cannot be required. Sefin's own signature on the root is
always verified (`authenticity.py`), against the trust bundle when one is given. Anything else
raises `ProtocolMismatchError`; the NFS-e XML is kept exactly as received.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from cryptography import x509
from lxml import etree

from documents.errors import ProtocolMismatchError, SignatureError
from documents.keys import nfse_key_is_valid
from documents.nfse.authenticity import verify_authority_signature
from documents.nfse.builder import NFSE_NS
from documents.signing import DS_NS
from documents.xml import parse_untrusted

GENERATED = "100"
"""`infNFSe/cStat` of a generated NFS-e (every sample in the corpus)."""
_Q = f"{{{NFSE_NS}}}"
_DIGEST = f"{{{DS_NS}}}Signature/{{{DS_NS}}}SignedInfo/{{{DS_NS}}}Reference/{{{DS_NS}}}DigestValue"


@dataclass(frozen=True)
class ReceivedNfse:
    """An NFS-e that embeds our DPS: its key, number, ISS amount (when any) and the XML."""

    key: str
    number: str
    iss_amount: str | None
    xml: bytes


@dataclass(frozen=True)
class RegisteredEvent:
    """A registered event (`evento`) that embeds our request: its Id, sequence and the XML."""

    event_id: str
    sequence: str
    xml: bytes


def accept_nfse(
    dps: bytes,
    nfse: bytes,
    *,
    trusted: tuple[x509.Certificate, ...] | None = None,
    at: dt.datetime | None = None,
) -> ReceivedNfse:
    """Check that `nfse` (as received) is signed by Sefin and was generated from our `dps`.

    `trusted`: the CAs Sefin's certificate must chain to (None: the signature is checked against
    its embedded certificate only). `at`: when that certificate must be valid (None: the
    NFS-e's dhProc, so one fetched again after Sefin renewed its certificate still verifies).
    """
    sent, root = parse_untrusted(dps), parse_untrusted(nfse)
    _expect("root", _Q + "NFSe", root.tag)
    info = _child(root, "infNFSe")
    key = str(info.get("Id", "")).removeprefix("NFS")
    if not nfse_key_is_valid(key):
        raise ProtocolMismatchError("infNFSe/@Id", "NFS + 50-digit key", key)
    _signed_by_authority(nfse, info, trusted, at)
    _expect("cStat", GENERATED, _text(info, _Q + "cStat"))
    _same_signed_part(
        sent, _child(info, "DPS"), "infDPS", "tpAmb", "dhEmi", "valores/vServPrest/vServ"
    )
    iss = info.findtext(f"{_Q}valores/{_Q}vISSQN")
    return ReceivedNfse(key, _text(info, _Q + "nNFSe"), iss, nfse)


def accept_event(
    request: bytes,
    event: bytes,
    *,
    trusted: tuple[x509.Certificate, ...] | None = None,
    at: dt.datetime | None = None,
) -> RegisteredEvent:
    """Check that `event` (Sefin's `evento`, signed by Sefin) registers our `request`.

    `trusted` and `at` as in `accept_nfse` (None `at`: the event's dhProc).
    """
    sent, root = parse_untrusted(request), parse_untrusted(event)
    _expect("root", _Q + "evento", root.tag)
    info = _child(root, "infEvento")
    _signed_by_authority(event, info, trusted, at)
    _same_signed_part(
        sent, _child(info, "pedRegEvento"), "infPedReg", "tpAmb", "dhEvento", "chNFSe"
    )
    sent_info = _child(sent, "infPedReg")
    sequence = _text(info, _Q + "nSeqEvento")
    expected_id = f"EVT{str(sent_info.get('Id', ''))[3:]}{sequence.zfill(3)}"
    _expect("infEvento/@Id", expected_id, str(info.get("Id", "")))
    return RegisteredEvent(expected_id, sequence, event)


def _signed_by_authority(
    xml: bytes,
    info: etree._Element,
    trusted: tuple[x509.Certificate, ...] | None,
    at: dt.datetime | None,
) -> None:
    """Sefin's root signature verifies (at `at`, else at the document's dhProc)."""
    when = at if at is not None else _processed_at(info)
    try:
        verify_authority_signature(xml, trusted=trusted, at=when)
    except SignatureError as exc:
        raise ProtocolMismatchError("Signature", "assinatura da autoridade", str(exc)) from None


def _processed_at(info: etree._Element) -> dt.datetime:
    text = _text(info, _Q + "dhProc")
    try:
        when = dt.datetime.fromisoformat(text)
    except ValueError:
        when = None
    if when is None or when.tzinfo is None:
        raise ProtocolMismatchError("dhProc", "data e hora com fuso horário", text)
    return when


def _same_signed_part(sent: etree._Element, got: etree._Element, name: str, *fields: str) -> None:
    """The embedded copy has our root, Id and named fields, and our digest if it kept one."""
    _expect("root", sent.tag, got.tag)
    ours, theirs = _child(sent, name), _child(got, name)
    _expect(f"{name}/@Id", str(ours.get("Id", "")), str(theirs.get("Id", "")))
    if got.find(f"{{{DS_NS}}}Signature") is not None:
        _expect("DigestValue", _text(sent, _DIGEST), _text(got, _DIGEST))
    for field in fields:
        path = "/".join(_Q + part for part in field.split("/"))
        _expect(field, _text(ours, path), _text(theirs, path))


def _child(parent: etree._Element, name: str) -> etree._Element:
    found = parent.find(_Q + name)
    if found is None:
        raise ProtocolMismatchError(name, "present", "missing")
    return found


def _text(element: etree._Element, path: str) -> str:
    return str(element.findtext(path, default="") or "").strip()


def _expect(field: str, expected: str, actual: str) -> None:
    if expected != actual:
        raise ProtocolMismatchError(field, expected, actual)
