"""NF-e / NFC-e 4.00 builder: schema-valid, signed, totals are sums of the items."""

from __future__ import annotations

import dataclasses
import datetime as dt
import hashlib
from collections.abc import Callable
from decimal import Decimal
from types import ModuleType

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import AccessKey
from documents.nfce.qrcode import Csc, NfceUrls, nfce_urls, qr_code_offline
from documents.nfe.builder import HOMOLOGATION_ITEM, HOMOLOGATION_NAME, build_nfe
from documents.nfe.model import (
    Contingency,
    Icms,
    IndPres,
    Intermediary,
    Modelo,
    Payment,
    TpAmb,
    TpEmis,
)
from documents.nfe.pipeline import prepare_nfe
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
CSC = Csc(id="000001", code="GPB0JBWLUR6HWFTVEAS6RJ69GPCROFPBBB8G")


def text(root: etree._Element, path: str) -> str:
    found = root.xpath(path, namespaces=NS)
    assert found, path
    return str(found[0].text)


def values(root: etree._Element, path: str) -> list[Decimal]:
    return [Decimal(e.text) for e in root.xpath(path, namespaces=NS)]


@pytest.mark.parametrize("n_items", [1, 50, 990])
def test_signed_nfe_is_schema_valid_and_verifies_with_xmlsec1(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str], n_items: int
) -> None:
    signed = prepare_nfe(nfe_factory.nfe_data(n_items), signer)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    xmlsec_verify(signed.xml, "infNFe")
    root = parse_untrusted(signed.xml)
    assert verify_signature(root).digest_value == signed.digest_value
    assert len(root.xpath("//n:det", namespaces=NS)) == n_items


def test_totals_are_the_sums_of_the_items(nfe_factory: ModuleType) -> None:
    root = build_nfe(nfe_factory.nfe_data(7)).root
    pairs = {
        "vProd": "//n:prod/n:vProd", "vICMS": "//n:ICMS00/n:vICMS", "vBC": "//n:ICMS00/n:vBC",
        "vPIS": "//n:PISAliq/n:vPIS", "vCOFINS": "//n:COFINSAliq/n:vCOFINS",
    }  # fmt: skip
    for total, items in pairs.items():
        assert Decimal(text(root, f"//n:ICMSTot/n:{total}")) == sum(values(root, items)), total
    assert text(root, "//n:ICMSTot/n:vNF") == text(root, "//n:ICMSTot/n:vProd")
    ibs = sum(values(root, "//n:det//n:gIBSUF/n:vIBSUF")) + sum(
        values(root, "//n:det//n:gIBSMun/n:vIBSMun")
    )
    assert Decimal(text(root, "//n:IBSCBSTot/n:gIBS/n:vIBS")) == ibs
    assert Decimal(text(root, "//n:IBSCBSTot/n:gCBS/n:vCBS")) == sum(
        values(root, "//n:det//n:gCBS/n:vCBS")
    )
    assert Decimal(text(root, "//n:IBSCBSTot/n:vBCIBSCBS")) == sum(
        values(root, "//n:gIBSCBS/n:vBC")
    )


def test_key_fields_match_ide(nfe_factory: ModuleType) -> None:
    built = build_nfe(nfe_factory.nfe_data(1, numero=4321, serie=7))
    root, key = built.root, built.key
    assert root[0].get("Id") == "NFe" + key.text
    assert (key.numero, key.serie, key.modelo) == (4321, 7, 55)
    assert text(root, "//n:ide/n:cDV") == str(key.dv)
    assert text(root, "//n:ide/n:cNF") == key.cnf and key.cnf != "00004321"
    assert AccessKey.parse(key.text) == key


def test_discounts_reduce_vnf(nfe_factory: ModuleType) -> None:
    data = nfe_factory.nfe_data(2)
    first = dataclasses.replace(data.items[0], discount=Decimal("1.00"))
    total = sum((i.total for i in data.items), Decimal("0.00")) - Decimal("1.00")
    data = dataclasses.replace(data, items=(first, data.items[1]),
                               payments=(Payment(kind="01", amount=total),))  # fmt: skip
    root = build_nfe(data).root
    assert Decimal(text(root, "//n:ICMSTot/n:vDesc")) == Decimal("1.00")
    assert Decimal(text(root, "//n:ICMSTot/n:vNF")) == total
    assert validate(root, "nfe/4.00/NFe")[0].message.endswith("Signature ).")  # only unsigned


def test_homologation_rules(nfe_factory: ModuleType) -> None:
    nfe = build_nfe(nfe_factory.nfe_data(2)).root
    assert text(nfe, "//n:dest/n:xNome") == HOMOLOGATION_NAME
    production = build_nfe(nfe_factory.nfe_data(2, tp_amb=TpAmb.PRODUCAO)).root
    assert text(production, "//n:dest/n:xNome") == "CLIENTE TESTE SA"
    nfce = build_nfe(nfe_factory.nfce_data(2)).root
    assert [e.text for e in nfce.xpath("//n:prod/n:xProd", namespaces=NS)] == [
        HOMOLOGATION_ITEM, "PRODUTO TESTE 2",
    ]  # fmt: skip


def test_simples_nacional_items(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    data = nfe_factory.nfe_data(2)
    items = tuple(
        dataclasses.replace(i, taxes=dataclasses.replace(i.taxes, icms=Icms(orig="0", csosn=c)))
        for i, c in zip(data.items, ["102", "500"], strict=True)
    )
    signed = prepare_nfe(dataclasses.replace(data, items=items), signer)
    root = parse_untrusted(signed.xml)
    assert [etree.QName(g).localname for g in root.xpath("//n:ICMS/*", namespaces=NS)] == [
        "ICMSSN102", "ICMSSN500",
    ]  # fmt: skip
    assert text(root, "//n:ICMSTot/n:vICMS") == "0.00"


@pytest.mark.parametrize("cst", ["20", "40", "41", "51", "60", "90"])
def test_other_icms_csts_are_schema_valid(
    nfe_factory: ModuleType, signer: XmlSigner, cst: str
) -> None:
    data = nfe_factory.nfe_data(1)
    taxed = cst in ("20", "90")
    icms = Icms(
        orig="0", cst=cst, mod_bc="3" if taxed else None,
        v_bc=Decimal("8.00") if taxed else None, p_red_bc=Decimal("20.00") if taxed else None,
        p_icms=Decimal("18.00") if taxed else None, v_icms=Decimal("1.44") if taxed else None,
    )  # fmt: skip
    item = dataclasses.replace(
        data.items[0], taxes=dataclasses.replace(data.items[0].taxes, icms=icms)
    )
    prepare_nfe(dataclasses.replace(data, items=(item,)), signer)  # raises on a schema violation


def test_unsupported_or_inconsistent_icms_is_refused(nfe_factory: ModuleType) -> None:
    data = nfe_factory.nfe_data(1)
    for icms in (Icms(orig="0", cst="10"), Icms(orig="0", cst="00", csosn="102"), Icms(orig="0")):
        item = dataclasses.replace(
            data.items[0], taxes=dataclasses.replace(data.items[0].taxes, icms=icms)
        )
        with pytest.raises(InvalidDocumentDataError):
            build_nfe(dataclasses.replace(data, items=(item,)))


def test_money_with_more_than_two_places_is_refused(nfe_factory: ModuleType) -> None:
    data = nfe_factory.nfe_data(1)
    item = dataclasses.replace(data.items[0], total=Decimal("10.505"))
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_nfe(dataclasses.replace(data, items=(item,)))
    assert caught.value.field == "vProd"


def test_payments_must_match_the_total(nfe_factory: ModuleType) -> None:
    data = nfe_factory.nfe_data(1, payments=(Payment(kind="01", amount=Decimal("0.01")),))
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_nfe(data)
    assert caught.value.field == "pag"


def test_no_recipient_is_refused_for_nfe_only(nfe_factory: ModuleType) -> None:
    with pytest.raises(InvalidDocumentDataError):
        build_nfe(nfe_factory.nfe_data(1, recipient=None))
    assert (
        build_nfe(nfe_factory.nfce_data(1, recipient=None)).root.find("{*}infNFe/{*}dest") is None
    )


def test_alphanumeric_cnpj_issuer(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    data = nfe_factory.nfe_data(1, issuer=nfe_factory.issuer("12ABC34501DE35"))
    signed = prepare_nfe(data, signer)
    assert signed.key.registration == "12ABC34501DE35"
    assert text(parse_untrusted(signed.xml), "//n:emit/n:CNPJ") == "12ABC34501DE35"


def test_schema_violation_is_reported_not_hidden(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    data = nfe_factory.nfe_data(1, nat_op="")  # natOp has minLength 1
    with pytest.raises(SchemaViolationError) as caught:
        prepare_nfe(data, signer)
    assert any("natOp" in v.path for v in caught.value.violations)


# ---------------------------------------------------------------- NFC-e


def test_nfce_online_qr_code(
    nfe_factory: ModuleType, signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_nfe(nfe_factory.nfce_data(3), signer, csc=CSC)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    xmlsec_verify(signed.xml, "infNFe")
    root = parse_untrusted(signed.xml)
    assert [etree.QName(c).localname for c in root] == ["infNFe", "infNFeSupl", "Signature"]
    qr = text(root, "//n:qrCode")
    urls = nfce_urls("SP", TpAmb.HOMOLOGACAO)
    payload = f"{signed.key.text}|2|2|1"
    expected_hash = hashlib.sha1((payload + CSC.code).encode()).hexdigest().upper()
    assert qr == f"{urls.qr_code}{payload}|{expected_hash}"
    assert text(root, "//n:urlChave") == urls.url_chave


def test_nfce_offline_qr_code_uses_the_signed_digest(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    contingency = nfe_factory.nfe_data(1).issued_at
    data = nfe_factory.nfce_data(
        2,
        tp_emis=TpEmis.OFFLINE_NFCE,
        contingency=Contingency(contingency, "SEFAZ FORA DO AR HA 5 MIN"),
    )
    signed = prepare_nfe(data, signer, csc=CSC)
    root = parse_untrusted(signed.xml)
    parts = text(root, "//n:qrCode").split("?p=")[1].split("|")
    assert parts[:5] == [signed.key.text, "2", "2", "15", f"{signed.totals.v_nf:.2f}"]
    assert bytes.fromhex(parts[5]).decode() == signed.digest_value
    assert parts[6] == "1" and signed.key.tp_emis == 9


def test_offline_digest_hex_matches_the_corpus_example() -> None:
    """corpus nfce_sem_qrcode -> nfce_com_qrcode (sped-nfe fixtures): DigestValue -> digVal hex.

    The fixture's own key has a wrong check digit, so a valid key stands in for it.
    """
    key = AccessKey.build(29, (2018, 10), "33657677000156", 65, 1, 165439, 9, "00165439")
    when = dt.datetime.fromisoformat("2018-10-01T07:28:14-04:00")
    qr = qr_code_offline("http://x/?p=", key, TpAmb.HOMOLOGACAO, Csc("1", "X"), when,
                         Decimal("150.00"), "m9ZrQTKMxv7A1Blnf/nmNGVX+N8=")  # fmt: skip
    assert qr.startswith(
        f"http://x/?p={key.text}|2|2|01|150.00|"
        "6d395a7251544b4d7876374131426c6e662f6e6d4e4756582b4e383d|1|"
    )


def test_nfce_needs_csc_and_known_urls(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    with pytest.raises(InvalidDocumentDataError):
        prepare_nfe(nfe_factory.nfce_data(1), signer)
    with pytest.raises(InvalidDocumentDataError):
        nfce_urls("SC", TpAmb.PRODUCAO)
    urls = NfceUrls(
        "https://sat.sef.sc.gov.br/nfce/consulta?p=", "https://sat.sef.sc.gov.br/nfce/consulta"
    )
    data = nfe_factory.nfce_data(1)
    assert prepare_nfe(data, signer, csc=CSC, urls=urls).xml
    assert data.modelo == Modelo.NFCE


def test_csc_is_never_printed() -> None:
    assert CSC.code not in repr(CSC)


def test_remote_sale_with_intermediary(nfe_factory: ModuleType, signer: XmlSigner) -> None:
    """NT 2020.006: indIntermed for non-presential sales, infIntermed after pag."""
    data = nfe_factory.nfe_data(
        1,
        ind_pres=IndPres.INTERNET,
        intermediary=Intermediary(cnpj="11222333000181", platform_id="loja-42"),
    )
    root = parse_untrusted(prepare_nfe(data, signer).xml)
    assert text(root, "//n:ide/n:indIntermed") == "1"
    assert text(root, "//n:infIntermed/n:idCadIntTran") == "loja-42"
    remote = parse_untrusted(prepare_nfe(dataclasses.replace(data, intermediary=None), signer).xml)
    assert text(remote, "//n:ide/n:indIntermed") == "0"
    with pytest.raises(InvalidDocumentDataError):
        build_nfe(dataclasses.replace(data, ind_pres=IndPres.PRESENCIAL))


def test_difal_group_and_totals_are_schema_valid(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    """ICMSUFDest sits between COFINS and IBSCBS; ICMSTot carries vFCPUFDest, vICMSUFDest and
    vICMSUFRemet after vICMSDeson, as sums of the items (values as the engine gave them)."""
    from documents.nfe.model import IcmsUfDest, IndIEDest, Recipient

    with_fcp = IcmsUfDest(
        v_bc=Decimal("100.00"), p_icms_dest=Decimal("20.00"), p_icms_inter=Decimal("12.00"),
        p_share=Decimal("100.00"), v_icms_dest=Decimal("8.00"), v_icms_origin=Decimal("0.00"),
        v_bc_fcp=Decimal("100.00"), p_fcp=Decimal("2.00"), v_fcp=Decimal("2.00"),
    )  # fmt: skip
    without_fcp = dataclasses.replace(
        with_fcp, p_icms_inter=Decimal("7.00"), v_icms_dest=Decimal("13.00"),
        v_bc_fcp=None, p_fcp=None, v_fcp=None,
    )  # fmt: skip
    base = nfe_factory.nfe_data(2)
    items = tuple(
        dataclasses.replace(i, taxes=dataclasses.replace(i.taxes, icms_uf_dest=g))
        for i, g in zip(base.items, (with_fcp, without_fcp), strict=True)
    )
    consumer = Recipient(
        name="MARIA DA SILVA", ind_ie_dest=IndIEDest.NAO_CONTRIBUINTE, cpf="12345678909",
        address=dataclasses.replace(nfe_factory.recipient().address, uf="RJ",
                                    city_code="3304557", city="RIO DE JANEIRO"),
    )  # fmt: skip
    data = dataclasses.replace(base, items=items, recipient=consumer, final_consumer=True)
    signed = prepare_nfe(data, signer)
    assert validate(signed.xml, "nfe/4.00/NFe") == []
    root = parse_untrusted(signed.xml)
    first = root.xpath("//n:det[1]/n:imposto/*", namespaces=NS)
    names = [etree.QName(e).localname for e in first]
    assert names.index("COFINS") < names.index("ICMSUFDest") < names.index("IBSCBS")
    assert text(root, "//n:det[1]//n:ICMSUFDest/n:pICMSInter") == "12.00"
    assert text(root, "//n:det[2]//n:ICMSUFDest/n:pICMSInter") == "7.00"
    assert not root.xpath("//n:det[2]//n:ICMSUFDest/n:vFCPUFDest", namespaces=NS)
    assert values(root, "//n:ICMSTot/n:vICMSUFDest") == [Decimal("21.00")]
    assert values(root, "//n:ICMSTot/n:vFCPUFDest") == [Decimal("2.00")]
    assert values(root, "//n:ICMSTot/n:vICMSUFRemet") == [Decimal("0.00")]
    assert values(root, "//n:ICMSTot/n:vNF") == [data.items[0].total + data.items[1].total]


@pytest.mark.parametrize("uf", ["MG", "BA"])
def test_nfce_urls_of_a_uf_with_one_consultation_page_serve_both_environments(uf: str) -> None:
    """MG and BA list a single "consulta por chave" page: homologation used to index past it
    (an IndexError, a 500 at issuance) instead of using that page."""
    homologation = nfce_urls(uf, TpAmb.HOMOLOGACAO)
    production = nfce_urls(uf, TpAmb.PRODUCAO)
    assert homologation.url_chave == production.url_chave
    assert homologation.qr_code.startswith("https://")
