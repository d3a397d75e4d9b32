"""NF-e of a natural-person rural producer: `emit/CPF`, the key with `000` + CPF, ICMS51 with
deferral and `cBenef`, signed with an e-CPF and checked by the XSD and xmlsec1; its DANFE.

Sources: tax_domain.md §6 (CPF issuer, series 920-969, e-CPF, deferral CST 51, cBenef);
protocol_facts.md §1.1 (the key pads a CPF with zeros to 14 positions).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from lxml import etree

from documents.certificates import load_pkcs12
from documents.nfe.model import Icms, Item, ItemTaxes, NFeData
from documents.nfe.pipeline import prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner
from documents.xml import parse_untrusted

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
PRODUCER_CPF = "52998224725"
PASSWORD = "senha-e-cpf"


@pytest.fixture(scope="module")
def e_cpf_signer(pki: ModuleType, test_ca: Any) -> XmlSigner:
    key, cert = pki.make_leaf(test_ca, name=f"JOAO PRODUTOR:{PRODUCER_CPF}", cpf=PRODUCER_CPF)
    pfx = pki.to_pkcs12(key, cert, PASSWORD, chain=[test_ca.certificate])
    return XmlSigner(load_pkcs12(bytes(pfx), PASSWORD))


def deferred(item: Item) -> Item:
    """CST 51 as the engine decides it: 18 % of the base, 100 % deferred (vICMS 0)."""
    v_op = (item.total * Decimal("0.18")).quantize(Decimal("0.01"))
    icms = Icms(
        orig="0", cst="51", mod_bc="3", v_bc=item.total, p_icms=Decimal("18.00"),
        v_icms_op=v_op, p_dif=Decimal("100.00"), v_icms_dif=v_op, v_icms=Decimal("0.00"),
    )  # fmt: skip
    return dataclasses.replace(
        item,
        taxes=dataclasses.replace(item.taxes, icms=icms, ibs_cbs=None),
        benefit_code="PR830001",
    )


def producer_nfe(nfe_factory: ModuleType, **overrides: Any) -> NFeData:
    data: NFeData = nfe_factory.nfe_data(2, reform=False)
    issuer = dataclasses.replace(data.issuer, registration=PRODUCER_CPF, name="JOAO PRODUTOR")
    items = tuple(deferred(i) for i in data.items)
    return dataclasses.replace(data, issuer=issuer, items=items, serie=920, **overrides)


def first(root: etree._Element, path: str) -> str:
    found = root.xpath(path, namespaces=NS)
    assert found, path
    return str(found[0].text)


def test_producer_nfe_has_emit_cpf_key_with_padded_cpf_and_is_valid(
    nfe_factory: ModuleType, e_cpf_signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_nfe(producer_nfe(nfe_factory), e_cpf_signer)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    xmlsec_verify(signed.xml, "infNFe")
    root = parse_untrusted(signed.xml)
    assert first(root, "//n:emit/n:CPF") == PRODUCER_CPF
    assert not root.xpath("//n:emit/n:CNPJ", namespaces=NS)
    assert first(root, "//n:emit/n:IE") == "123456789012"
    assert signed.key.text[6:20] == "000" + PRODUCER_CPF
    assert signed.key.text[22:25] == "920" == first(root, "//n:ide/n:serie")


def test_icms51_deferral_and_cbenef_are_written_in_layout_order(
    nfe_factory: ModuleType, e_cpf_signer: XmlSigner
) -> None:
    signed = prepare_nfe(producer_nfe(nfe_factory), e_cpf_signer)
    root = parse_untrusted(signed.xml)
    group = root.xpath("//n:det[1]/n:imposto/n:ICMS/n:ICMS51", namespaces=NS)[0]
    names = [etree.QName(child).localname for child in group]
    assert names == [
        "orig", "CST", "modBC", "vBC", "pICMS", "vICMSOp", "pDif", "vICMSDif", "vICMS",
    ]  # fmt: skip
    assert first(group, "n:pDif") == "100.00"
    assert first(group, "n:vICMS") == "0.00"
    assert first(group, "n:vICMSOp") == first(group, "n:vICMSDif")
    prod = root.xpath("//n:det[1]/n:prod", namespaces=NS)[0]
    prod_names = [etree.QName(child).localname for child in prod]
    assert prod_names.index("cBenef") == prod_names.index("NCM") + 1
    assert prod_names.index("cBenef") < prod_names.index("CFOP")
    assert first(prod, "n:cBenef") == "PR830001"
    assert first(root, "//n:ICMSTot/n:vICMS") == "0.00"


def test_partial_deferral_with_reduced_base_is_schema_valid(
    nfe_factory: ModuleType, e_cpf_signer: XmlSigner
) -> None:
    data = producer_nfe(nfe_factory)
    icms = Icms(
        orig="0", cst="51", mod_bc="3", p_red_bc=Decimal("33.33"), v_bc=Decimal("66.67"),
        p_icms=Decimal("12.00"), v_icms_op=Decimal("8.00"), p_dif=Decimal("33.33"),
        v_icms_dif=Decimal("2.67"), v_icms=Decimal("5.33"),
    )  # fmt: skip
    item = dataclasses.replace(data.items[0], taxes=ItemTaxes(
        icms=icms, pis=data.items[0].taxes.pis, cofins=data.items[0].taxes.cofins,
    ))  # fmt: skip
    items = (item, *data.items[1:])
    signed = prepare_nfe(dataclasses.replace(data, items=items), e_cpf_signer)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    assert first(parse_untrusted(signed.xml), "//n:ICMS51/n:pRedBC") == "33.33"


def test_danfe_shows_the_cpf_issuer(
    nfe_factory: ModuleType, e_cpf_signer: XmlSigner, tmp_path: Path
) -> None:
    pypdf = pytest.importorskip("pypdf")
    import io
    import re

    from documents.pdf import render_danfe
    from tests.unit.documents.test_documents_pdf import authorized

    signed = prepare_nfe(producer_nfe(nfe_factory), e_cpf_signer)
    pdf = render_danfe(authorized(signed))
    text = "".join(p.extract_text() for p in pypdf.PdfReader(io.BytesIO(pdf)).pages)
    assert "529.982.247-25" in text
    assert signed.key.text in re.sub(r"\s", "", text)
