"""The schema-driven serializer: element order from the official XSD, whatever the data order."""

from __future__ import annotations

import copy
import random
from decimal import Decimal
from typing import Any

import pytest
from lxml import etree

from documents import layout
from documents.errors import InvalidDocumentDataError
from documents.schemas import validate
from tests.paths import CORPUS

DSIG = "{http://www.w3.org/2000/09/xmldsig#}Signature"
# Samples whose structure is valid against today's XSDs (some values are not, e.g. cUF 01).
SAMPLES = [
    ("cte/BrazilFiscalReport__tests_fixtures_dacte_dacte_test_without_compl.xml", "CTe",
     "cte/4.00/CTe"),
    ("cte/BrazilFiscalReport__tests_fixtures_dacte_dacte_aereo_test.xml", "CTe", "cte/4.00/CTe"),
    ("cteos/DFe__source_Unimake.DFe.Test_CTeOS_Resources_RTC_CTeOS_CST000.xml", "CTeOS",
     "cte/4.00/CTeOS"),
    ("mdfe/nfelib__nfelib_mdfe_samples_v3_0_41190876676436000167580010000500001000437558"
     "-mdfe.xml", "MDFe", "mdfe/3.00/MDFe"),
    ("mdfe/BrazilFiscalReport__tests_fixtures_damdfe_mdf-e_test_3_cte.xml", "MDFe",
     "mdfe/3.00/MDFe"),
    ("nfe/sped-da__examples_nfe_fixtures_cancelada_55_new.xml", "NFe", "nfe/4.00/NFe"),
]  # fmt: skip


def _document(path: str, name: str) -> etree._Element:
    top = etree.parse(str(CORPUS / path), etree.XMLParser(remove_blank_text=True)).getroot()
    found = top if etree.QName(top).localname == name else top.find(f".//{{*}}{name}")
    assert found is not None
    found = copy.deepcopy(found)
    for signature in found.findall(DSIG):
        found.remove(signature)
    return found


def _shuffled(value: Any, rnd: random.Random) -> Any:
    if isinstance(value, dict):
        items = list(value.items())
        rnd.shuffle(items)
        return {k: _shuffled(v, rnd) for k, v in items}
    if isinstance(value, list):
        return [_shuffled(v, rnd) for v in value]
    return value


def _mapping(document: etree._Element) -> dict[str, Any]:
    data = layout.to_mapping(document)
    modal = document.find(".//{*}infModal")
    if modal is not None:  # xs:any: the modal is built by its own layout and placed as is
        parent = data["infCte"]["infCTeNorm"] if "infCte" in data else data["infMDFe"]
        parent["infModal"] = {
            "@versaoModal": modal.get("versaoModal"),
            **{etree.QName(c).localname: copy.deepcopy(c) for c in modal},
        }
    return data


def _c14n(element: etree._Element) -> bytes:
    data: bytes = etree.tostring(copy.deepcopy(element), method="c14n")
    return data


@pytest.mark.parametrize(("path", "name", "key"), SAMPLES, ids=[s[0][:40] for s in SAMPLES])
def test_real_documents_come_back_identical_from_shuffled_data(path: str, name: str, key: str):
    document = _document(path, name)
    data = _shuffled(_mapping(document), random.Random(7))

    written = layout.write(layout.layout_for(key), data)

    assert _c14n(written) == _c14n(document)
    messages = [v.message for v in validate(written, key)]
    assert [m for m in messages if "not expected" in m and "Signature" not in m] == []


def test_a_name_the_layout_does_not_allow_names_its_path():
    target = layout.layout_for("mdfe/3.00/MDFe")
    with pytest.raises(InvalidDocumentDataError) as raised:
        layout.write(target, {"infMDFe": {"ide": {"cUF": "41", "corDoCaminhao": "azul"}}})
    assert raised.value.field == "MDFe/infMDFe/ide/corDoCaminhao"


def test_an_attribute_the_layout_does_not_declare_is_refused():
    target = layout.layout_for("mdfe/3.00/MDFe")
    with pytest.raises(InvalidDocumentDataError) as raised:
        layout.write(target, {"infMDFe": {"@versao": "3.00", "@cor": "azul"}})
    assert raised.value.field == "MDFe/infMDFe/@cor"


def test_values_are_written_as_text_and_none_is_left_out():
    target = layout.layout_for("mdfe/3.00/MDFe")
    written = layout.write(
        target, {"infMDFe": {"tot": {"qCTe": 2, "vCarga": Decimal("10.50"), "qNFe": None}}}
    )
    ns = {"m": "http://www.portalfiscal.inf.br/mdfe"}
    assert written.findtext("m:infMDFe/m:tot/m:qCTe", namespaces=ns) == "2"
    assert written.findtext("m:infMDFe/m:tot/m:vCarga", namespaces=ns) == "10.50"
    assert written.find("m:infMDFe/m:tot/m:qNFe", namespaces=ns) is None


def test_a_float_is_refused_money_is_decimal():
    target = layout.layout_for("mdfe/3.00/MDFe")
    with pytest.raises(InvalidDocumentDataError) as raised:
        layout.write(target, {"infMDFe": {"tot": {"vCarga": 10.5}}})
    assert raised.value.field == "MDFe/infMDFe/tot/vCarga"


def test_the_modal_goes_into_the_open_infmodal_group_built_by_its_own_layout():
    rodo = layout.write(layout.layout_for("cte/4.00/rodo"), {"RNTRC": "12345678"})
    target = layout.layout_for("cte/4.00/CTe")
    written = layout.write(
        target, {"infCte": {"infCTeNorm": {"infModal": {"@versaoModal": "4.00", "rodo": rodo}}}}
    )
    ns = {"c": "http://www.portalfiscal.inf.br/cte"}
    assert written.findtext(".//c:infModal/c:rodo/c:RNTRC", namespaces=ns) == "12345678"


def test_element_order_comes_from_the_schema():
    ide = layout.layout_for("nfse/1.00/DPS").children["infDPS"][1].children
    assert list(layout.element_names(ide["prest"][1]))[:3] == ["CNPJ", "CPF", "NIF"]
    assert layout.element_names(layout.layout_for("nfse/1.00/DPS").children["infDPS"][1])[:5] == [
        "tpAmb",
        "dhEmi",
        "verAplic",
        "serie",
        "nDPS",
    ]
