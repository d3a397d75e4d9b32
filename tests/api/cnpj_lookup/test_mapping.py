"""Provider JSON → `dados`: the odd corners of real answers (no HTTP, no database)."""

from __future__ import annotations

import pytest

from service.cnpj_lookup import mapping
from tests.api.cnpj_lookup import fake_registers
from tests.api.cnpj_lookup.fake_registers import CNPJ, company


def test_numbers_keep_their_leading_zeros_and_empty_codes_are_dropped():
    payload = fake_registers.brasilapi(CNPJ, company(cnae=111301, secundarios=[], cep="01422000"))
    payload["cep"] = 1422000  # some mirrors send the CEP as a number
    data = mapping.from_brasilapi(payload, CNPJ)
    assert data.cnae == "0111301"
    assert data.cep == "01422000"
    assert data.cnaes_secundarios == []  # BrasilAPI's [{"codigo": 0}] means none


def test_receitaws_masks_and_placeholders():
    payload = fake_registers.receitaws(CNPJ, company(secundarios=[]))
    data = mapping.from_receitaws(payload, CNPJ)
    assert data.cnae == "9430800" and data.cnaes_secundarios == []
    assert data.data_abertura == "2013-10-03"
    assert data.telefone == "1123851939"  # first of "(11) 2385-1939/ (11) 9999-0000"
    error = {"status": "ERROR", "message": "Too many requests, please try again later."}
    with pytest.raises(mapping.MalformedAnswer):
        mapping.from_receitaws(error, CNPJ)


@pytest.mark.parametrize(
    "payload",
    [[], "texto", {"cnpj": CNPJ}, {"razao_social": "  "}, {"razao_social": "X", "cnpj": "1"}],
)
def test_answers_that_are_not_a_register_entry(payload):
    with pytest.raises(mapping.MalformedAnswer):
        mapping.from_brasilapi(payload, CNPJ)


def test_cnpjws_needs_the_establishment():
    with pytest.raises(mapping.MalformedAnswer):
        mapping.from_cnpjws({"razao_social": "X"}, CNPJ)


def test_bad_place_values_are_dropped_with_warnings():
    data = mapping.from_brasilapi(fake_registers.brasilapi(CNPJ, company(ibge=3304557)), CNPJ)
    answer = mapping.answer(data, "brasilapi")
    assert answer["dados"]["cod_municipio"] is None and answer["dados"]["uf"] == "SP"
    assert any("3304557" in aviso for aviso in answer["avisos"])
    abroad = mapping.from_brasilapi(fake_registers.brasilapi(CNPJ, company(uf="EX")), CNPJ)
    answer = mapping.answer(abroad, "brasilapi")
    assert answer["dados"]["uf"] is None and answer["dados"]["cod_uf"] is None
    assert "uf" not in answer["origem"] and "cod_uf" not in answer["origem"]


def test_long_names_are_flagged_not_cut():
    name = "ASSOCIACAO " + "MUITO " * 12 + "LONGA"
    data = mapping.from_brasilapi(fake_registers.brasilapi(CNPJ, company(razao_social=name)), CNPJ)
    answer = mapping.answer(data, "brasilapi")
    assert answer["dados"]["razao_social"] == name
    assert any("razao_social" in aviso and "60" in aviso for aviso in answer["avisos"])
