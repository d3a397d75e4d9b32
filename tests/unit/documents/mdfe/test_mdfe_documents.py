"""MDF-e 3.00 built from data: official XSDs (document and road modal), SEFAZ-profile signature
(our verifier and xmlsec1), access key (model 58), QR code and the spec's two layout rules."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable

import pytest
from lxml import etree

from documents.errors import InvalidDocumentDataError, SchemaViolationError
from documents.keys import AccessKey, mod11_digit
from documents.mdfe.builder import MDFE_NS, build_mdfe
from documents.mdfe.model import TpAmb, TpEmit, UnloadingPlace
from documents.mdfe.pipeline import prepare_mdfe
from documents.mdfe.qrcode import qr_code_url
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from documents.xml import parse_untrusted

from .data import CTE_KEYS, DRIVER, NFE_KEYS, mdfe_data, nfe_manifest, product

Q = f"{{{MDFE_NS}}}"


def _find(xml: bytes | etree._Element, path: str) -> etree._Element | None:
    root = parse_untrusted(xml) if isinstance(xml, bytes) else xml
    return root.find("/".join(Q + part for part in path.split("/")))


def _texts(xml: bytes, path: str) -> list[str]:
    root = parse_untrusted(xml)
    return [str(e.text) for e in root.iterfind("/".join(Q + part for part in path.split("/")))]


def _rodo(xml: bytes) -> etree._Element:
    found = _find(xml, "infMDFe/infModal/rodo")
    assert found is not None
    return etree.fromstring(etree.tostring(found))


def test_cte_manifest_passes_the_official_xsds_and_both_verifiers(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_mdfe(mdfe_data(), signer)
    assert validate(signed.xml, "mdfe/3.00/MDFe") == []
    assert validate(_rodo(signed.xml), "mdfe/3.00/rodo") == []
    verified = verify_signature(parse_untrusted(signed.xml), reference_id=f"MDFe{signed.key}")
    assert verified.reference_uri == f"#MDFe{signed.key}"
    xmlsec_verify(signed.xml, "infMDFe", MDFE_NS)
    root = parse_untrusted(signed.xml)
    assert [etree.QName(c).localname for c in root] == ["infMDFe", "infMDFeSupl", "Signature"]
    assert signed.digest_value and signed.digest_value in signed.xml.decode()
    assert _texts(signed.xml, "infMDFe/infDoc/infMunDescarga/infCTe/chCTe") == list(CTE_KEYS)
    assert _texts(signed.xml, "infMDFe/tot/qCTe") == ["2"]
    assert _texts(signed.xml, "infMDFe/tot/qNFe") == []
    assert _texts(signed.xml, "infMDFe/tot/qCarga") == ["12500.5000"]
    assert _texts(signed.xml, "infMDFe/infModal/rodo/infANTT/RNTRC") == ["12345678"]
    assert _texts(signed.xml, "infMDFe/infModal/rodo/veicTracao/condutor/CPF") == [DRIVER.cpf]
    assert _texts(signed.xml, "infMDFe/infModal/rodo/veicReboque/prop/tpProp") == ["0"]
    assert _texts(signed.xml, "infMDFe/seg/nAver") == ["000111222333"]
    assert _texts(signed.xml, "infMDFe/infAdic/infCpl") == ["CARGA CONFERIDA NA ORIGEM"]


def test_nfe_manifest_passes_the_official_xsds_and_both_verifiers(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_mdfe(nfe_manifest(), signer)
    assert validate(signed.xml, "mdfe/3.00/MDFe") == []
    assert validate(_rodo(signed.xml), "mdfe/3.00/rodo") == []
    xmlsec_verify(signed.xml, "infMDFe", MDFE_NS)
    places = _texts(signed.xml, "infMDFe/infDoc/infMunDescarga/xMunDescarga")
    assert places == ["CURITIBA", "LONDRINA"]
    assert _texts(signed.xml, "infMDFe/infDoc/infMunDescarga/infNFe/chNFe") == list(NFE_KEYS)
    assert _texts(signed.xml, "infMDFe/tot/qNFe") == ["3"]
    assert _texts(signed.xml, "infMDFe/ide/tpEmit") == ["2"]
    assert _texts(signed.xml, "infMDFe/ide/tpTransp") == []
    assert _find(signed.xml, "infMDFe/prodPred") is None


def test_access_key_is_model_58_with_its_check_digit_in_the_issuer_local_time() -> None:
    """00:30 UTC on 1 February is still 31 January in Santa Catarina: AAMM is 2601."""
    moment = dt.datetime(2026, 2, 1, 0, 30, tzinfo=dt.UTC)
    built = build_mdfe(mdfe_data(number=4321, issued_at=moment, departure=None))
    key = built.key
    assert AccessKey.parse(key.text) == key
    assert (key.cuf, key.year, key.month, key.modelo, key.serie, key.numero) == (
        42, 26, 1, 58, 1, 4321,
    )  # fmt: skip
    assert (key.registration, key.tp_emis, key.cnf) == ("11222333000181", 1, "27182818")
    assert key.dv == mod11_digit(key.text[:43])
    ide = _find(built.root, "infMDFe/ide")
    assert ide is not None
    assert ide.findtext(Q + "cDV") == str(key.dv)
    assert ide.findtext(Q + "mod") == "58"
    assert ide.findtext(Q + "dhEmi") == "2026-01-31T21:30:00-03:00"
    assert ide.find(Q + "dhIniViagem") is None
    assert _find(built.root, "infMDFe").get("Id") == f"MDFe{key.text}"  # type: ignore[union-attr]


def test_departure_route_and_loading_are_written() -> None:
    data = mdfe_data(route=("PR",), departure=dt.datetime(2026, 1, 15, 15, 0, tzinfo=dt.UTC))
    ide = _find(build_mdfe(data).root, "infMDFe/ide")
    assert ide is not None
    assert ide.findtext(Q + "dhIniViagem") == "2026-01-15T12:00:00-03:00"
    assert [e.text for e in ide.iterfind(f"{Q}infPercurso/{Q}UFPer")] == ["PR"]
    assert ide.findtext(f"{Q}infMunCarrega/{Q}cMunCarrega") == "4205407"
    assert (ide.findtext(Q + "UFIni"), ide.findtext(Q + "UFFim")) == ("SC", "PR")


@pytest.mark.parametrize("tp_amb", [TpAmb.HOMOLOGACAO, TpAmb.PRODUCAO])
def test_qr_code_is_the_svrs_page_with_key_and_environment(tp_amb: TpAmb) -> None:
    built = build_mdfe(mdfe_data(tp_amb=tp_amb))
    url = _find(built.root, "infMDFeSupl/qrCodMDFe")
    expected = (
        f"https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe={built.key.text}"
        f"&tpAmb={tp_amb.value}"
    )
    assert url is not None and url.text == expected == qr_code_url(built.key, tp_amb.value)


def test_single_document_requires_the_full_load_ceps(signer: XmlSigner) -> None:
    single = (UnloadingPlace("4106902", "CURITIBA", cte_keys=CTE_KEYS[:1]),)
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_mdfe(mdfe_data(unloading=single))
    assert caught.value.field == "infLotacao"
    assert "CEP" in str(caught.value)
    own = nfe_manifest(unloading=(UnloadingPlace("4106902", "CURITIBA", nfe_keys=NFE_KEYS[:1]),))
    with pytest.raises(InvalidDocumentDataError) as without_product:
        build_mdfe(own)
    assert without_product.value.field == "infLotacao"
    signed = prepare_mdfe(mdfe_data(unloading=single, product=product(full_load=True)), signer)
    assert _texts(signed.xml, "infMDFe/prodPred/infLotacao/infLocalCarrega/CEP") == ["88010000"]
    assert _texts(signed.xml, "infMDFe/prodPred/infLotacao/infLocalDescarrega/CEP") == ["80010000"]


@pytest.mark.parametrize("tp_emit", [TpEmit.PRESTADOR, TpEmit.CTE_GLOBALIZADO])
def test_transport_provider_must_declare_the_predominant_product(tp_emit: TpEmit) -> None:
    with pytest.raises(InvalidDocumentDataError) as caught:
        build_mdfe(mdfe_data(tp_emit=tp_emit, product=None))
    assert caught.value.field == "prodPred"
    assert "produto predominante" in str(caught.value)


def test_own_cargo_needs_no_predominant_product() -> None:
    assert build_mdfe(nfe_manifest(product=None)).key.modelo == 58


def test_manifest_without_documents_or_drivers_is_refused() -> None:
    with pytest.raises(InvalidDocumentDataError) as empty:
        build_mdfe(mdfe_data(unloading=(UnloadingPlace("4106902", "CURITIBA"),)))
    assert empty.value.field == "infDoc"
    with pytest.raises(InvalidDocumentDataError) as nobody:
        build_mdfe(mdfe_data(drivers=()))
    assert nobody.value.field == "condutor"


def test_the_modal_xsd_catches_what_the_document_xsd_skips(signer: XmlSigner) -> None:
    """The road modal sits in an xs:any: a trailer without capKG is only caught by `rodo`."""
    base = mdfe_data()
    trailer = dataclasses.replace(base.trailers[0], capacity_kg=None)
    with pytest.raises(SchemaViolationError) as caught:
        prepare_mdfe(dataclasses.replace(base, trailers=(trailer,)), signer)
    assert any("capKG" in v.message or "tpCar" in v.message for v in caught.value.violations)
