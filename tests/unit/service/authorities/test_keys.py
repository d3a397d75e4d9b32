"""Which authority a document or a company goes to: the endpoint tables' authoriser."""

from __future__ import annotations

import pytest

from service.authorities.keys import AuthorityKey, authoriser, of_document, ufs_served
from service.issuance.models import FiscalDocument


@pytest.mark.parametrize(
    ("modelo", "uf", "tp_emis", "expected"),
    [
        ("55", "SP", "1", "SP"), ("55", "SC", "1", "SVRS"), ("55", "MA", "1", "SVAN"),
        ("65", "BA", "1", "SVRS"), ("55", "BA", "1", "BA"), ("55", "SP", "6", "SVC-AN"),
        ("57", "PE", "1", "SVSP"), ("67", "MG", "1", "MG"), ("57", "SC", "1", "SVRS"),
        ("58", "SP", "1", "SVRS"), ("SE", "SP", "1", "SEFIN"),
    ],
)  # fmt: skip
def test_the_authoriser_is_the_endpoint_tables(modelo, uf, tp_emis, expected) -> None:
    assert authoriser(modelo, uf, tp_emis) == expected


def test_a_document_names_its_authority_by_its_key() -> None:
    key = "35261111222333000181550010000000121000000125"
    nfe = FiscalDocument(modelo="55", ambiente="HOMOLOGACAO", chave=key, tp_emis="1")
    assert of_document(nfe) == AuthorityKey("55", "SP", "HOMOLOGACAO")
    rs = FiscalDocument(modelo="58", ambiente="PRODUCAO", chave="43" + key[2:], tp_emis="1")
    assert of_document(rs) == AuthorityKey("58", "SVRS", "PRODUCAO")
    nfse = FiscalDocument(modelo="SE", ambiente="PRODUCAO", chave="DPS123", tp_emis="1")
    assert of_document(nfse) == AuthorityKey("SE", "SEFIN", "PRODUCAO")
    assert of_document(FiscalDocument(modelo="55", ambiente="PRODUCAO", chave="")) is None


def test_the_ufs_an_authoriser_serves() -> None:
    assert ufs_served(AuthorityKey("55", "SP", "PRODUCAO")) == ["SP"]
    assert {"SC", "RJ", "ES"} <= set(ufs_served(AuthorityKey("55", "SVRS", "PRODUCAO")))
    assert "SP" not in ufs_served(AuthorityKey("55", "SVRS", "PRODUCAO"))
    assert len(ufs_served(AuthorityKey("58", "SVRS", "PRODUCAO"))) == 27
