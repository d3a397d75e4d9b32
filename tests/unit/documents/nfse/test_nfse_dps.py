"""DPS and cancellation request of the national NFS-e: XSD, signature, Id, the simulator."""

from __future__ import annotations

import dataclasses
import datetime as dt
from collections.abc import Callable
from decimal import Decimal
from pathlib import Path

import pytest
from lxml import etree

from documents.certificates import load_pkcs12
from documents.errors import InvalidDocumentDataError, ProtocolMismatchError
from documents.keys import mod11_digit
from documents.nfse.authenticity import load_trusted
from documents.nfse.builder import build_dps, local_time
from documents.nfse.danfse import render_danfse
from documents.nfse.model import (
    DpsData,
    FederalWithholdings,
    IbsCbs,
    IssTax,
    NationalAddress,
    OpSimpNac,
    Provider,
    Service,
    ServiceValues,
    Taker,
    TotalTaxes,
    TpAmb,
    TpRetIssqn,
    TribIssqn,
)
from documents.nfse.pipeline import build_cancel_request, prepare_dps
from documents.nfse.received import accept_event, accept_nfse
from documents.schemas import validate
from documents.signing import XmlSigner, verify_signature
from simulator.testing import running_simulator
from tests.unit.simulator.factories import PASSWORD, make_company
from tests.unit.simulator.nfse_factories import SefinClient, unpack

NS = "http://www.sped.fazenda.gov.br/nfse"
SAO_PAULO = "3550308"
MANAUS = "1302603"
CNPJ = "11222333000181"
ISSUED = dt.datetime(2026, 11, 24, 13, 5, 7, tzinfo=dt.UTC)


def dps_data(**changes: object) -> DpsData:
    data = DpsData(
        environment=TpAmb.HOMOLOGACAO,
        issued_at=ISSUED,
        series="900",
        number=42,
        competence=dt.date(2026, 11, 24),
        issuing_municipality=SAO_PAULO,
        provider=Provider(CNPJ, OpSimpNac.NAO_OPTANTE, municipal_registration="12345"),
        service=Service(
            SAO_PAULO,
            "010101",
            "Desenvolvimento de software sob encomenda",
            municipal_code="001",
            nbs="115021000",
            notes="Pedido 123; entrega em novembro",
        ),
        values=ServiceValues(Decimal("1000.00"), unconditional_discount=Decimal("50.00")),
        iss=IssTax(TribIssqn.TRIBUTAVEL, TpRetIssqn.NAO_RETIDO, Decimal("2.00")),
        total_taxes=TotalTaxes(Decimal("80.00"), Decimal("0.00"), Decimal("20.00")),
        app_version="emissor-teste 1.0",
        taker=Taker(
            "44555666000177",
            "TOMADOR DE TESTE LTDA",
            NationalAddress(SAO_PAULO, "01310100", "Avenida Paulista", "1000", "Bela Vista"),
            email="fiscal@tomador.example",
        ),
        federal=FederalWithholdings(social_security=Decimal("11.00")),
    )
    return dataclasses.replace(data, **changes)  # type: ignore[arg-type]


def text(xml: bytes, path: str) -> str | None:
    found = etree.fromstring(xml).findtext("/".join(f"{{{NS}}}{p}" for p in path.split("/")))
    return None if found is None else str(found)


def test_signed_dps_passes_the_official_xsd_and_both_verifiers(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    signed = prepare_dps(dps_data(), signer)
    assert validate(signed.xml, "nfse/1.00/DPS") == []
    root = etree.fromstring(signed.xml)
    verified = verify_signature(root, reference_id=signed.dps_id)
    assert verified.digest_value == signed.digest_value
    xmlsec_verify(signed.xml, "infDPS", NS)
    assert etree.QName(root[-1]).localname == "Signature"


def test_dps_id_is_the_concatenation_of_protocol_facts() -> None:
    built = build_dps(dps_data())
    # DPS + cLocEmi(7) + tpInsc(2 = CNPJ) + CNPJ(14) + serie(5) + nDPS(15)
    assert built.dps_id == f"DPS{SAO_PAULO}2{CNPJ}00900{42:015d}"
    assert built.root.find(f"{{{NS}}}infDPS").get("Id") == built.dps_id
    by_cpf = build_dps(dps_data(provider=Provider("12345678909", OpSimpNac.MEI)))
    assert by_cpf.dps_id == f"DPS{SAO_PAULO}1{'12345678909':0>14}00900{42:015d}"
    assert by_cpf.root.findtext(f"{{{NS}}}infDPS/{{{NS}}}prest/{{{NS}}}CPF") == "12345678909"


def test_issue_time_is_the_local_time_of_the_issuing_municipality() -> None:
    xml = etree.tostring(build_dps(dps_data()).root)
    assert text(xml, "infDPS/dhEmi") == "2026-11-24T10:05:07-03:00"
    manaus = dps_data(issuing_municipality=MANAUS)
    xml = etree.tostring(build_dps(manaus).root)
    assert text(xml, "infDPS/dhEmi") == "2026-11-24T09:05:07-04:00"


def test_values_and_taxes_are_mapped_not_computed(signer: XmlSigner) -> None:
    xml = prepare_dps(dps_data(), signer).xml
    assert text(xml, "infDPS/valores/vServPrest/vServ") == "1000.00"
    assert text(xml, "infDPS/valores/vDescCondIncond/vDescIncond") == "50.00"
    assert text(xml, "infDPS/valores/trib/tribMun/pAliq") == "2.00"
    assert text(xml, "infDPS/valores/trib/tribFed/vRetCP") == "11.00"
    assert text(xml, "infDPS/valores/trib/totTrib/vTotTrib/vTotTribMun") == "20.00"
    assert text(xml, "infDPS/toma/end/endNac/CEP") == "01310100"
    assert text(xml, "infDPS/serv/cServ/cNBS") == "115021000"
    assert text(xml, "infDPS/serv/infoCompl/xInfComp") == "Pedido 123; entrega em novembro"


def test_simples_nacional_minimal_dps_without_taker(signer: XmlSigner) -> None:
    data = dps_data(
        taker=None, federal=None,
        provider=Provider(CNPJ, OpSimpNac.ME_EPP, simples_apportionment="1"),
        iss=IssTax(TribIssqn.TRIBUTAVEL, TpRetIssqn.NAO_RETIDO),
        total_taxes=TotalTaxes(simples_rate=Decimal("6.00")),
    )  # fmt: skip
    xml = prepare_dps(data, signer).xml
    assert text(xml, "infDPS/toma") is None
    assert text(xml, "infDPS/valores/trib/totTrib/pTotTribSN") == "6.00"
    assert text(xml, "infDPS/prest/regTrib/regApTribSN") == "1"


def test_not_informed_total_taxes_and_ibs_cbs_group(signer: XmlSigner) -> None:
    ibs_cbs = IbsCbs(operation_indicator="100301", cst="000", class_code="000001")
    xml = prepare_dps(dps_data(total_taxes=TotalTaxes(), ibs_cbs=ibs_cbs), signer).xml
    assert text(xml, "infDPS/valores/trib/totTrib/indTotTrib") == "0"
    assert text(xml, "infDPS/IBSCBS/cIndOp") == "100301"
    assert text(xml, "infDPS/IBSCBS/valores/trib/gIBSCBS/cClassTrib") == "000001"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"values": ServiceValues(Decimal("10.005"))}, "valores"),
        ({"total_taxes": TotalTaxes(federal=Decimal("1.00"))}, "totTrib/vTotTrib"),
        ({"issuing_municipality": "9900000"}, "cLocEmi"),
        ({"competence": dt.date(2026, 11, 25)}, "dCompet"),
        ({"series": "123456"}, "infDPS/@Id"),
    ],
)
def test_data_the_layout_cannot_hold_is_refused(changes: dict[str, object], field: str) -> None:
    with pytest.raises(InvalidDocumentDataError) as refused:
        build_dps(dps_data(**changes))
    assert refused.value.field == field


def nfse_key() -> str:
    body = f"{SAO_PAULO}22{CNPJ}{1:013d}2611{123456789:09d}"
    return body + str(mod11_digit(body))


def test_cancel_request_is_signed_and_xsd_valid(
    signer: XmlSigner, xmlsec_verify: Callable[..., str]
) -> None:
    key = nfse_key()
    signed = build_cancel_request(
        key, CNPJ, 1, "Erro na emissao da nota fiscal", ISSUED,
        signer=signer, environment=TpAmb.HOMOLOGACAO, app_version="emissor-teste 1.0",
    )  # fmt: skip
    assert signed.request_id == f"PRE{key}101101"
    assert validate(signed.xml, "nfse/1.00/pedRegEvento") == []
    verify_signature(etree.fromstring(signed.xml), reference_id=signed.request_id)
    xmlsec_verify(signed.xml, "infPedReg", NS)
    assert text(signed.xml, "infPedReg/dhEvento") == "2026-11-24T10:05:07-03:00"
    assert text(signed.xml, "infPedReg/e101101/xDesc") == "Cancelamento de NFS-e"


@pytest.mark.parametrize(("key", "code"), [(nfse_key()[:-1] + "X", 1), (nfse_key(), 3)])
def test_cancel_request_refuses_a_bad_key_or_reason(signer: XmlSigner, key: str, code: int) -> None:
    with pytest.raises(InvalidDocumentDataError):
        build_cancel_request(
            key, CNPJ, code, "Erro na emissao da nota fiscal", ISSUED,
            signer=signer, environment=TpAmb.HOMOLOGACAO, app_version="t",
        )  # fmt: skip


def test_the_simulator_accepts_the_signed_dps_and_its_cancellation(tmp_path: Path) -> None:
    with running_simulator(tmp_path / "sim") as sim:
        company = make_company(sim, tmp_path / "c", CNPJ)
        signer = XmlSigner(load_pkcs12(company.pfx.read_bytes(), PASSWORD))
        now = dt.datetime.now(dt.UTC).replace(microsecond=0)
        today = local_time(SAO_PAULO, now).date()  # the issuer's day: from 21:00 in Brasília
        data = dps_data(issued_at=now, competence=today)  # the UTC day is already tomorrow
        signed = prepare_dps(data, signer)
        client = SefinClient(sim, company)
        response = client.issue(signed.xml)
        assert response.status_code == 201, response.text
        body = response.json()
        assert body["idDps"] == signed.dps_id
        nfse_xml = unpack(body["nfseXmlGZipB64"])
        nfse = etree.fromstring(nfse_xml)
        assert nfse.find(f".//{{{NS}}}infDPS").get("Id") == signed.dps_id
        key = body["chaveAcesso"]
        assert render_danfse(nfse_xml).startswith(b"%PDF-")
        cancel = build_cancel_request(
            key, CNPJ, 2, "Servico nao foi prestado ao tomador", now,
            signer=signer, environment=TpAmb.HOMOLOGACAO, app_version="emissor-teste 1.0",
        )  # fmt: skip
        cancelled = client.cancel(key, cancel.xml)
        assert cancelled.status_code == 201, cancelled.text
        trusted = load_trusted(str(sim.ca_bundle))
        received = accept_nfse(signed.xml, nfse_xml, trusted=trusted)
        assert (received.key, received.number) == (
            key,
            nfse.findtext(f"{{{NS}}}infNFSe/{{{NS}}}nNFSe"),
        )
        event_xml = unpack(cancelled.json()["eventoXmlGZipB64"])
        event = accept_event(cancel.xml, event_xml, trusted=trusted)
        assert event.event_id == f"EVT{key}101101001"
        other = prepare_dps(dataclasses.replace(data, number=43), signer)
        with pytest.raises(ProtocolMismatchError):
            accept_nfse(other.xml, nfse_xml)
