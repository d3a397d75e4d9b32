"""The recipient's manifestation (Manifestação do Destinatário) on an NF-e it received.

Four events, registered at the Ambiente Nacional (cOrgao 91) by the recipient, who is the
event's author (its CNPJ or CPF, signed with its own certificate) — not the issuer:

- 210200 `Confirmacao da Operacao`: the operation happened as described;
- 210210 `Ciencia da Operacao`: the recipient knows of the NF-e, no conclusion yet; it unlocks
  the whole nfeProc in the DF-e distribution;
- 210220 `Desconhecimento da Operacao`: the recipient never asked for this operation;
- 210240 `Operacao nao Realizada`: agreed but did not happen; `xJust` of 15 to 255 characters.

Layout (nfelib `nfe_evento_mde/schemas/v1_0/confRecebto_v1.00.xsd` and `e2102x0_v1.00.xsd`;
sped-nfe `Tools::sefazManifesta`, which sends `xJust` for 210240 only, as NT 2012.002 asks):
the common `evento` 1.00 with `detEvento versao=1.00 {descEvento, xJust?}`, nSeqEvento 1. It is
sent in an `envEvento` to the AN's NFeRecepcaoEvento4 (`NfeClient.send_manifestation`); 135 is
`Authorized`, its `retEvento` wrapped with `documents.wrappers.proc_evento_nfe`; a refusal (573
duplicate, 596 out of time, ...) is `Rejected`.
The confRecebto XSD's Id (`ID[0-9]{52}`) still refuses the alphanumeric CNPJ in a key.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass
from enum import StrEnum

from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.events.common import BuiltEvent, EventHeader, build_event, check_length, detail_of
from documents.events.common import sub as sub_element
from documents.keys import AccessKey
from documents.signing import XmlSigner
from documents.transmission.dfe_schemas import assert_valid

AN_ORGAO = 91
"""cOrgao of the Ambiente Nacional, where the manifestation is registered."""
MODEL_NFE = 55


class Manifestation(StrEnum):
    """tpEvento of the four manifestation events."""

    CONFIRMATION = "210200"
    AWARENESS = "210210"
    UNKNOWN_OPERATION = "210220"
    NOT_PERFORMED = "210240"

    @property
    def description(self) -> str:
        """descEvento as the official XSD enumerates it (no accents)."""
        return _DESCRIPTIONS[self]


_DESCRIPTIONS = {
    Manifestation.CONFIRMATION: "Confirmacao da Operacao",
    Manifestation.AWARENESS: "Ciencia da Operacao",
    Manifestation.UNKNOWN_OPERATION: "Desconhecimento da Operacao",
    Manifestation.NOT_PERFORMED: "Operacao nao Realizada",
}


@dataclass(frozen=True)
class SignedManifestation:
    """A signed, schema-valid manifestation ready for `NfeClient.send_manifestation`."""

    key: AccessKey
    manifestation: Manifestation
    xml: bytes  # the `evento`, UTF-8, no declaration
    reference_id: str  # infEvento/@Id


def build_manifestation(
    header: EventHeader, manifestation: Manifestation | str, justification: str | None = None
) -> BuiltEvent:
    """The unsigned `evento` 2102x0 of `header.key` by `header.author`, the recipient
    (cOrgao 91). `justification` (xJust, 15 to 255 characters) is required for 210240 and
    refused for the other three."""
    kind = Manifestation(manifestation)
    if header.key.modelo != MODEL_NFE:
        raise InvalidDocumentDataError("chNFe", "only an NF-e (model 55) has a manifestation")
    if header.sequence != 1:
        raise InvalidDocumentDataError("nSeqEvento", "a manifestation is always event 1")
    event = build_event(header, kind.value, kind.description, c_orgao=AN_ORGAO)
    if kind is Manifestation.NOT_PERFORMED:
        if justification is None:
            raise InvalidDocumentDataError("xJust", "210240 needs a justification")
        text = check_length("xJust", justification, 15, 255)
        sub_element(detail_of(event), "xJust", text)
    elif justification is not None:
        raise InvalidDocumentDataError("xJust", f"{kind.value} carries no justification")
    return event


def prepare_manifestation(
    header: EventHeader,
    manifestation: Manifestation | str,
    signer: XmlSigner,
    *,
    justification: str | None = None,
) -> SignedManifestation:
    """Build, sign (on infEvento, like every NF-e event) and check against the official XSDs
    (the event and its detEvento). `signer` holds the recipient's certificate. Raises
    `InvalidDocumentDataError` or `SchemaViolationError`."""
    kind = Manifestation(manifestation)
    event = build_manifestation(header, kind, justification)
    signer.sign(event.root, event.reference_id)
    assert_valid(event.root, f"nfe/1.00/evento-{kind.value}")
    assert_valid(copy.deepcopy(detail_of(event)), f"nfe/1.00/detEvento-{kind.value}")
    xml = etree.tostring(event.root, encoding="UTF-8")
    return SignedManifestation(header.key, kind, xml, event.reference_id)
