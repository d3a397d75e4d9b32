"""NF-e for the operations of real commerce (issue 35): freight, insurance and other expenses,
carrier, vehicles and volumes, every NFref form, complements, adjustments and returns, card
payments and additional information. Each document is built, signed, checked against the
official XSD and verified by xmlsec1."""

from __future__ import annotations

import dataclasses
import io
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from types import ModuleType, SimpleNamespace
from typing import Any

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError
from documents.keys import AccessKey
from documents.nfce.qrcode import Csc
from documents.nfe.builder import build_nfe, compute_totals, invoice_total
from documents.nfe.model import (
    Card,
    Carrier,
    Export,
    ExportDetail,
    FinNFe,
    Icms,
    IdDest,
    IndPres,
    Item,
    ItemTaxes,
    ModFrete,
    NFeData,
    Payment,
    PisCofins,
    RefEcf,
    RefKey,
    RefPaperNote,
    RefProducerNote,
    TpNF,
    Transport,
    Vehicle,
    Volume,
)
from documents.nfe.pipeline import prepare_nfe
from documents.pdf import render_danfe
from documents.signing import XmlSigner
from documents.wrappers import nfe_proc
from documents.xml import parse_untrusted

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
ZERO = Decimal("0.00")
SALE_KEY = AccessKey.build(35, (2026, 1), "11222333000181", 55, 1, 7, 1, "12345678").text
CTE_KEY = AccessKey.build(35, (2026, 1), "22333444000172", 57, 1, 9, 1, "87654321").text
NO_PAYMENT = (Payment(kind="90", amount=ZERO),)


def text(root: etree._Element, path: str) -> str | None:
    found = root.xpath(path, namespaces=NS)
    return None if not found else str(found[0].text)


def texts(root: etree._Element, path: str) -> list[str]:
    return [str(e.text) for e in root.xpath(path, namespaces=NS)]


def issued(data: NFeData, signer: XmlSigner, verify: Callable[..., str]) -> etree._Element:
    """Build, sign and validate against the XSD (prepare_nfe raises otherwise), then xmlsec1."""
    signed = prepare_nfe(data, signer)
    verify(signed.xml, "infNFe")
    return parse_untrusted(signed.xml)


def with_expenses(item: Item, freight: str, insurance: str, other: str) -> Item:
    return dataclasses.replace(
        item, freight=Decimal(freight), insurance=Decimal(insurance), other=Decimal(other)
    )


def paid(data: NFeData) -> NFeData:
    """The same document paid in cash for exactly its total."""
    total = compute_totals(data.items).v_nf
    return dataclasses.replace(data, payments=(Payment(kind="01", amount=total),))


TRANSPORT = Transport(
    mod_frete=ModFrete.EMITENTE,
    carrier=Carrier(
        registration="22333444000172", name="TRANSPORTES RAPIDOS LTDA", ie="111222333444",
        address="RODOVIA ANHANGUERA KM 10", city="SAO PAULO", uf="SP",
    ),
    vehicle=Vehicle(plate="ABC1D23", uf="SP", rntc="12345678"),
    trailers=(Vehicle(plate="XYZ9876", uf="SP"), Vehicle(plate="QWE1234")),
    volumes=(
        Volume(quantity=3, kind="CAIXA", brand="ACME", numbering="1-3",
               net_weight=Decimal("12.500"), gross_weight=Decimal("13.250")),
        Volume(quantity=1, kind="PALETE"),
    ),
)  # fmt: skip


# ---------------------------------------------------------------- a sale with everything


def test_sale_with_freight_carrier_volumes_card_and_information(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    base = nfe_factory.nfe_data(2)
    first, second = base.items
    ordered = dataclasses.replace(
        with_expenses(first, "10.00", "2.50", "1.25"), purchase_order="PC-2026-0042",
        purchase_order_item="10", additional_info="LOTE 778",
    )  # fmt: skip
    items = (ordered, with_expenses(second, "5.00", "0.50", "0.75"))
    totals = compute_totals(items)
    card = Card(integration="1", acquirer_cnpj="01027058000191", brand="02", authorization="A1B2C3")
    data = dataclasses.replace(
        base, items=items, transport=TRANSPORT, fisco_info="REGIME ESPECIAL 123/2026",
        additional_info="PEDIDO 42; ENTREGAR NO DEPOSITO",
        payments=(Payment(kind="03", amount=totals.v_nf, indicator="0", card=card),),
    )  # fmt: skip
    root = issued(data, signer, xmlsec_verify)

    prod = "//n:det[@nItem='1']/n:prod/"
    assert text(root, prod + "n:vFrete") == "10.00"
    assert text(root, prod + "n:vSeg") == "2.50"
    assert text(root, prod + "n:vOutro") == "1.25"
    assert text(root, prod + "n:xPed") == "PC-2026-0042"
    assert text(root, prod + "n:nItemPed") == "10"
    assert text(root, "//n:det[@nItem='1']/n:infAdProd") == "LOTE 778"
    tot = "//n:ICMSTot/"
    assert text(root, tot + "n:vFrete") == "15.00"
    assert text(root, tot + "n:vSeg") == "3.00"
    assert text(root, tot + "n:vOutro") == "2.00"
    expected = totals.v_prod + Decimal("20.00")
    assert Decimal(text(root, tot + "n:vNF") or "") == expected == totals.v_nf

    assert text(root, "//n:transp/n:modFrete") == "0"
    assert text(root, "//n:transporta/n:CNPJ") == "22333444000172"
    assert text(root, "//n:transporta/n:xNome") == "TRANSPORTES RAPIDOS LTDA"
    assert text(root, "//n:transporta/n:xEnder") == "RODOVIA ANHANGUERA KM 10"
    assert text(root, "//n:veicTransp/n:placa") == "ABC1D23"
    assert text(root, "//n:veicTransp/n:RNTC") == "12345678"
    assert texts(root, "//n:reboque/n:placa") == ["XYZ9876", "QWE1234"]
    assert texts(root, "//n:vol/n:qVol") == ["3", "1"]
    assert text(root, "//n:vol/n:pesoL") == "12.500"
    assert text(root, "//n:vol/n:pesoB") == "13.250"

    card_path = "//n:detPag/n:card/"
    assert [text(root, card_path + f) for f in ("n:tpIntegra", "n:CNPJ", "n:tBand", "n:cAut")] == [
        "1", "01027058000191", "02", "A1B2C3",
    ]  # fmt: skip
    assert text(root, "//n:infAdic/n:infAdFisco") == "REGIME ESPECIAL 123/2026"
    assert text(root, "//n:infAdic/n:infCpl") == "PEDIDO 42; ENTREGAR NO DEPOSITO"


def test_zero_expenses_are_left_out_of_the_item_and_zero_in_the_totals(
    nfe_factory: ModuleType,
) -> None:
    base = nfe_factory.nfe_data(1)
    data = dataclasses.replace(base, items=(with_expenses(base.items[0], "0", "0.00", "0"),))
    root = build_nfe(data).root
    assert (
        root.xpath("//n:prod/n:vFrete | //n:prod/n:vSeg | //n:prod/n:vOutro", namespaces=NS) == []
    )
    assert text(root, "//n:ICMSTot/n:vFrete") == "0.00"


def test_carrier_by_cpf_and_transport_without_carrier(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    carrier = Carrier(registration="12345678909", name="JOSE DA SILVA")
    transport = Transport(ModFrete.DESTINATARIO, carrier=carrier, volumes=(Volume(quantity=2),))
    root = issued(
        dataclasses.replace(nfe_factory.nfe_data(1), transport=transport), signer, xmlsec_verify
    )
    assert text(root, "//n:transp/n:modFrete") == "1"
    assert text(root, "//n:transporta/n:CPF") == "12345678909"
    only_volumes = Transport(ModFrete.SEM_FRETE, volumes=(Volume(kind="VOLUME"),))
    root = build_nfe(dataclasses.replace(nfe_factory.nfe_data(1), transport=only_volumes)).root
    assert root.xpath("//n:transporta", namespaces=NS) == []
    assert text(root, "//n:vol/n:esp") == "VOLUME"


def test_transport_wins_over_mod_frete_which_keeps_working(nfe_factory: ModuleType) -> None:
    legacy = nfe_factory.nfe_data(1, mod_frete=ModFrete.TERCEIROS)
    assert text(build_nfe(legacy).root, "//n:transp/n:modFrete") == "2"
    both = dataclasses.replace(legacy, transport=Transport(ModFrete.PROPRIO_REMETENTE))
    assert text(build_nfe(both).root, "//n:transp/n:modFrete") == "3"


# ---------------------------------------------------------------- totals


@dataclass(frozen=True)
class _IcmsWithSt(Icms):
    """Stand-in for the engine's ICMS-ST/FCP fields (read with getattr by compute_totals)."""

    v_bc_st: Decimal | None = None
    v_icms_st: Decimal | None = None
    v_fcp: Decimal | None = None
    v_fcp_st: Decimal | None = None
    v_fcp_st_ret: Decimal | None = None


@dataclass(frozen=True)
class _TaxesWithIpi(ItemTaxes):
    ipi: Any = None


def test_vnf_follows_the_moc_formula_with_st_fcp_ipi_and_returned_ipi(
    nfe_factory: ModuleType,
) -> None:
    base = nfe_factory.item(1, reform=False)
    icms = _IcmsWithSt(
        orig="0", cst="00", mod_bc="3", v_bc=base.total, p_icms=Decimal("18.00"),
        v_icms=base.taxes.icms.v_icms, v_bc_st=Decimal("100.00"), v_icms_st=Decimal("7.00"),
        v_fcp=Decimal("1.00"), v_fcp_st=Decimal("2.00"), v_fcp_st_ret=Decimal("0.50"),
    )  # fmt: skip
    taxes = _TaxesWithIpi(
        icms=icms, pis=base.taxes.pis, cofins=base.taxes.cofins,
        ipi=SimpleNamespace(value=Decimal("5.00")),
    )  # fmt: skip
    item = dataclasses.replace(
        with_expenses(base, "3.00", "2.00", "1.00"), taxes=taxes, discount=Decimal("4.00"),
        returned_percent=Decimal("100.00"), returned_ipi=Decimal("0.60"),
    )  # fmt: skip
    totals = compute_totals((item, item))
    assert (totals.v_bc_st, totals.v_st, totals.v_fcp) == (Decimal("200.00"), Decimal("14.00"),
                                                           Decimal("2.00"))  # fmt: skip
    assert (totals.v_fcp_st, totals.v_fcp_st_ret, totals.v_ipi) == (
        Decimal("4.00"), Decimal("1.00"), Decimal("10.00"),
    )  # fmt: skip
    assert (totals.v_frete, totals.v_seg, totals.v_outro, totals.v_ipi_devol) == (
        Decimal("6.00"), Decimal("4.00"), Decimal("2.00"), Decimal("1.20"),
    )  # fmt: skip
    # vProd - vDesc + vST + vFCPST + vFrete + vSeg + vOutro + vIPI + vIPIDevol (vFCP is not in it)
    expected = 2 * base.total - 8 + 14 + 4 + 6 + 4 + 2 + 10 + Decimal("1.20")
    assert totals.v_nf == expected == invoice_total(totals)


def test_a_plain_sale_keeps_vnf_equal_to_products_minus_discounts(
    nfe_factory: ModuleType,
) -> None:
    data = nfe_factory.nfe_data(3)
    totals = compute_totals(data.items)
    assert totals.v_nf == totals.v_prod - totals.v_desc
    assert (totals.v_frete, totals.v_st, totals.v_ipi, totals.v_ipi_devol) == (ZERO,) * 4


# ---------------------------------------------------------------- references


@pytest.mark.parametrize(
    ("reference", "path", "expected"),
    [
        (SALE_KEY, "n:refNFe", SALE_KEY),
        (RefKey(SALE_KEY), "n:refNFe", SALE_KEY),
        (RefKey(CTE_KEY), "n:refCTe", CTE_KEY),
        (RefPaperNote("35", "2512", "22333444000172", "01", 1, 1234), "n:refNF/n:nNF", "1234"),
        (RefProducerNote("35", "2601", "12345678909", "123456789012", "04", 0, 55),
         "n:refNFP/n:CPF", "12345678909"),
        (RefProducerNote("41", "2601", "22333444000172", "ISENTO", "01", 2, 56),
         "n:refNFP/n:CNPJ", "22333444000172"),
        (RefEcf("2D", "001", "123456"), "n:refECF/n:nCOO", "123456"),
    ],
)  # fmt: skip
def test_each_reference_form_is_schema_valid_and_signed(
    nfe_factory: ModuleType,
    signer: XmlSigner,
    xmlsec_verify: Callable[..., str],
    reference: Any,
    path: str,
    expected: str,
) -> None:
    data = nfe_factory.nfe_data(1, references=(reference,))
    root = issued(data, signer, xmlsec_verify)
    assert text(root, "//n:ide/n:NFref/" + path) == expected


def test_a_key_of_a_model_that_cannot_be_referenced_is_refused(nfe_factory: ModuleType) -> None:
    mdfe = AccessKey.build(35, (2026, 1), "11222333000181", 58, 1, 1, 1, "12345678").text
    with pytest.raises(InvalidDocumentDataError, match="model 58"):
        build_nfe(nfe_factory.nfe_data(1, references=(RefKey(mdfe),)))


# ---------------------------------------------------------------- complement, adjustment, return


def icms_only_item(nfe_factory: ModuleType) -> Item:
    """A complement of ICMS (finNFe 2): quantity and value zero, only the tax."""
    icms = Icms(orig="0", cst="90", mod_bc="3", v_bc=Decimal("100.00"), p_icms=Decimal("18.00"),
                v_icms=Decimal("18.00"))  # fmt: skip
    nt = PisCofins("07")
    base: Item = nfe_factory.item(1, reform=False)
    return dataclasses.replace(
        base, quantity=Decimal("0.0000"), unit_price=ZERO,
        total=ZERO, taxes=ItemTaxes(icms=icms, pis=nt, cofins=nt),
    )  # fmt: skip


def test_complement_of_icms_with_zero_quantity_and_value(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    data = nfe_factory.nfe_data(
        1, reform=False, fin_nfe=FinNFe.COMPLEMENTAR, references=(SALE_KEY,),
        items=(icms_only_item(nfe_factory),), payments=NO_PAYMENT,
        nat_op="COMPLEMENTO DE ICMS",
    )  # fmt: skip
    root = issued(data, signer, xmlsec_verify)
    assert text(root, "//n:ide/n:finNFe") == "2"
    assert [text(root, f"//n:prod/n:{f}") for f in ("qCom", "vUnCom", "vProd")] == [
        "0.0000", "0.00", "0.00",
    ]  # fmt: skip
    assert text(root, "//n:ICMSTot/n:vICMS") == "18.00"
    assert text(root, "//n:ICMSTot/n:vNF") == "0.00"


def test_complement_of_value_with_zero_quantity(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    item = dataclasses.replace(
        nfe_factory.item(1, reform=False), quantity=Decimal("0.0000"), unit_price=ZERO,
        total=Decimal("150.00"),
    )  # fmt: skip
    data = nfe_factory.nfe_data(
        1, reform=False, fin_nfe=FinNFe.COMPLEMENTAR, references=(SALE_KEY,), items=(item,),
    )  # fmt: skip
    root = issued(paid(data), signer, xmlsec_verify)
    assert text(root, "//n:prod/n:qCom") == "0.0000"
    assert text(root, "//n:ICMSTot/n:vNF") == "150.00"


@pytest.mark.parametrize("tp_nf", [TpNF.SAIDA, TpNF.ENTRADA])
def test_return_with_returned_ipi_in_either_direction(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str], tp_nf: TpNF
) -> None:
    item = dataclasses.replace(
        nfe_factory.item(1, reform=False), cfop="5202" if tp_nf == TpNF.SAIDA else "1202",
        returned_percent=Decimal("50.00"), returned_ipi=Decimal("3.40"),
    )  # fmt: skip
    data = nfe_factory.nfe_data(
        1, reform=False, fin_nfe=FinNFe.DEVOLUCAO, tp_nf=tp_nf, references=(RefKey(SALE_KEY),),
        items=(item,), payments=NO_PAYMENT, nat_op="DEVOLUCAO DE MERCADORIA",
    )  # fmt: skip
    root = issued(data, signer, xmlsec_verify)
    assert (text(root, "//n:ide/n:finNFe"), text(root, "//n:ide/n:tpNF")) == ("4", tp_nf.value)
    assert text(root, "//n:det/n:impostoDevol/n:pDevol") == "50.00"
    assert text(root, "//n:det/n:impostoDevol/n:IPI/n:vIPIDevol") == "3.40"
    assert text(root, "//n:ICMSTot/n:vIPIDevol") == "3.40"
    assert Decimal(text(root, "//n:ICMSTot/n:vNF") or "") == item.total + Decimal("3.40")


def test_adjustment_is_written_with_its_reference(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    data = nfe_factory.nfe_data(
        1, fin_nfe=FinNFe.AJUSTE, references=(SALE_KEY,), payments=NO_PAYMENT
    )
    assert text(issued(data, signer, xmlsec_verify), "//n:ide/n:finNFe") == "3"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"fin_nfe": FinNFe.COMPLEMENTAR}, "NFref"),
        ({"fin_nfe": FinNFe.AJUSTE, "payments": NO_PAYMENT}, "NFref"),
        ({"fin_nfe": FinNFe.DEVOLUCAO, "payments": NO_PAYMENT}, "NFref"),
        ({"fin_nfe": FinNFe.COMPLEMENTAR, "references": (SALE_KEY, RefKey(CTE_KEY))}, "NFref"),
        ({"fin_nfe": FinNFe.DEVOLUCAO, "references": (SALE_KEY,)}, "tPag"),
        ({"fin_nfe": FinNFe.AJUSTE, "references": (SALE_KEY,)}, "tPag"),
        ({"id_dest": IdDest.INTERESTADUAL,
          "transport": Transport(ModFrete.EMITENTE, vehicle=Vehicle("ABC1234"))}, "veicTransp"),
        ({"transport": Transport(ModFrete.EMITENTE, trailers=(Vehicle("ABC1234"),) * 6)},
         "reboque"),
    ],
)  # fmt: skip
def test_layout_rules_are_refused_before_building(
    nfe_factory: ModuleType, changes: dict[str, Any], field: str
) -> None:
    with pytest.raises(InvalidDocumentDataError) as refused:
        build_nfe(nfe_factory.nfe_data(1, **changes))
    assert refused.value.field == field


def test_returned_ipi_only_on_a_return_and_complete(nfe_factory: ModuleType) -> None:
    base = nfe_factory.item(1)
    returned = dataclasses.replace(base, returned_percent=Decimal("100"),
                                   returned_ipi=Decimal("1.00"))  # fmt: skip
    with pytest.raises(InvalidDocumentDataError, match="354"):
        build_nfe(nfe_factory.nfe_data(1, items=(returned,)))
    half = dataclasses.replace(base, returned_percent=Decimal("100"))
    with pytest.raises(InvalidDocumentDataError, match="together"):
        build_nfe(
            nfe_factory.nfe_data(1, items=(half,), fin_nfe=FinNFe.DEVOLUCAO,
                                 references=(SALE_KEY,), payments=NO_PAYMENT)
        )  # fmt: skip


def test_export_groups_only_where_the_layout_allows_them(nfe_factory: ModuleType) -> None:
    """exporta only on an export (356), detExport only with idDest 3 (336), exportInd whole."""
    shipment = Export(uf="SP", place="PORTO DE SANTOS")
    with pytest.raises(InvalidDocumentDataError, match="356"):
        build_nfe(nfe_factory.nfe_data(1, export=shipment))
    drawback = dataclasses.replace(
        nfe_factory.item(1), export_details=(ExportDetail(drawback="20240012345"),)
    )
    with pytest.raises(InvalidDocumentDataError, match="336"):
        build_nfe(nfe_factory.nfe_data(1, items=(drawback,)))
    partial = dataclasses.replace(
        nfe_factory.item(1), export_details=(ExportDetail(registration="1"),)
    )
    with pytest.raises(InvalidDocumentDataError, match="together"):
        build_nfe(nfe_factory.nfe_data(1, items=(partial,), id_dest=IdDest.EXTERIOR))


def test_nfce_home_delivery_may_name_its_carrier(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    transport = Transport(ModFrete.EMITENTE, carrier=Carrier(name="ENTREGAS LTDA"))
    data = nfe_factory.nfce_data(1, ind_pres=IndPres.ENTREGA_DOMICILIO, transport=transport)
    signed = prepare_nfe(data, signer, csc=Csc("000001", "SEGREDO-DE-TESTE"))
    xmlsec_verify(signed.xml, "infNFe")
    assert text(parse_untrusted(signed.xml), "//n:transporta/n:xNome") == "ENTREGAS LTDA"


def test_nfce_refuses_references_purposes_and_vehicles(nfe_factory: ModuleType) -> None:
    for changes in (
        {"references": (SALE_KEY,)},
        {"fin_nfe": FinNFe.DEVOLUCAO, "references": (SALE_KEY,)},
        {"transport": Transport(ModFrete.EMITENTE, vehicle=Vehicle("ABC1234"))},
        {"transport": Transport(ModFrete.EMITENTE, carrier=Carrier(name="TRANSPORTADORA"))},
        {"transport": Transport(ModFrete.DESTINATARIO)},
        {"mod_frete": ModFrete.EMITENTE},
    ):
        with pytest.raises(InvalidDocumentDataError):
            build_nfe(nfe_factory.nfce_data(1, **changes))


# ---------------------------------------------------------------- DANFE


def danfe_text(signed_xml: bytes, key: str, digest: str) -> str:
    """The DANFE of the document as authorized, as one line of text (pypdf extraction)."""
    pypdf = pytest.importorskip("pypdf", reason="pypdf extracts the PDF text (test dependency)")
    protocol = etree.Element(f"{{{NS['n']}}}protNFe", nsmap={None: NS["n"]}, versao="4.00")
    info = etree.SubElement(protocol, f"{{{NS['n']}}}infProt")
    for name, value in [
        ("tpAmb", "2"), ("verAplic", "SIMULADOR"), ("chNFe", key),
        ("dhRecbto", "2026-01-15T10:00:05-03:00"), ("nProt", "135260000000001"),
        ("digVal", digest), ("cStat", "100"), ("xMotivo", "Autorizado o uso da NF-e"),
    ]:  # fmt: skip
        etree.SubElement(info, f"{{{NS['n']}}}{name}").text = value
    pdf = render_danfe(nfe_proc(signed_xml, protocol))
    reader = pypdf.PdfReader(io.BytesIO(pdf))
    return " ".join(" ".join(page.extract_text() for page in reader.pages).split())


def test_danfe_shows_carrier_volumes_references_purpose_and_information(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    references = (SALE_KEY, RefPaperNote("35", "2512", "22333444000172", "01", 1, 1234),
                  RefEcf("2D", "001", "123456"))  # fmt: skip
    data = nfe_factory.nfe_data(
        2, fin_nfe=FinNFe.AJUSTE, references=references, payments=NO_PAYMENT,
        nat_op="AJUSTE DE ESTOQUE", transport=TRANSPORT, additional_info="OBSERVACAO DO PEDIDO",
        fisco_info="REGIME ESPECIAL 9",
    )  # fmt: skip
    signed = prepare_nfe(data, signer)
    shown = danfe_text(signed.xml, signed.key.text, signed.digest_value)
    for expected in (
        "AJUSTE DE ESTOQUE", "TRANSPORTES RAPIDOS LTDA", "ABC1D23", "CAIXA", "ACME",
        "OBSERVACAO DO PEDIDO", "REGIME ESPECIAL 9", "NF-E DE AJUSTE",
        "DOCUMENTOS REFERENCIADOS: NF-e " + " ".join(SALE_KEY[i : i + 4] for i in range(0, 44, 4)),
        "NF modelo 01 serie 1 numero 1234 de 12/25", "Cupom fiscal modelo 2D ECF 001 COO 123456",
        "1 PALETE", "REBOQUES: XYZ9876/SP, QWE1234",
    ):  # fmt: skip
        assert expected in shown, expected
    assert b"DOCUMENTOS REFERENCIADOS" not in signed.xml  # only the rendering copy changes
