from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys

import pytest
import requests

from simulator.testing import running_simulator, running_simulator_process
from tests.unit.simulator.factories import (
    SoapClient,
    build_nfe,
    cons_sit,
    cons_stat,
    envi_nfe,
    make_company,
    val,
)


def test_client_without_certificate_is_refused_at_tls(sim):
    session = requests.Session()
    session.trust_env = False
    with pytest.raises((requests.exceptions.SSLError, requests.ConnectionError)):
        session.post(sim.base_url + "/homologacao.nfe.fazenda.sp.gov.br/ws/nfestatusservico4.asmx",
                     data=b"x", verify=str(sim.ca_bundle), timeout=5)  # fmt: skip


def test_certificate_from_another_ca_is_refused_at_tls(sim, tmp_path):
    with running_simulator(tmp_path / "other") as stranger:
        foreign = make_company(stranger, tmp_path / "foreign", "11222333000181")
    client = SoapClient(sim, foreign)
    with pytest.raises((requests.exceptions.SSLError, requests.ConnectionError)):
        client.post("NFeStatusServico4", cons_stat())


def test_unknown_path_is_404_soap_fault(client):
    response = client.session.post(client.sim.base_url + "/nowhere.example/ws", data=b"<x/>")
    assert response.status_code == 404
    assert b"Fault" in response.content


def test_operation_must_match_endpoint(client):
    url = client.url("NFeStatusServico4")
    response = client.post("NFeConsultaProtocolo4", cons_sit("3" * 44))
    assert response.status_code == 200  # correct endpoint
    body = (b'<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope"><soap12:Body>'
            b'<nfeDadosMsg xmlns="http://www.portalfiscal.inf.br/nfe/wsdl/NFeConsultaProtocolo4">'
            + cons_sit("3" * 44) + b"</nfeDadosMsg></soap12:Body></soap12:Envelope>")  # fmt: skip
    assert client.session.post(url, data=body).status_code == 500


def test_xxe_request_is_refused(client):
    body = (b'<?xml version="1.0"?><!DOCTYPE x [<!ENTITY e SYSTEM "file:///etc/passwd">]>'
            b'<soap12:Envelope xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">'
            b"<soap12:Body>&e;</soap12:Body></soap12:Envelope>")  # fmt: skip
    response = client.session.post(client.url("NFeStatusServico4"), data=body)
    assert response.status_code == 400
    assert b"root:" not in response.content


def test_state_survives_a_restart_of_the_process(tmp_path):
    data_dir = tmp_path / "sim"
    with running_simulator_process(data_dir) as first:
        company = make_company(first, tmp_path / "c", "11222333000181")
        issued = build_nfe(company, number=60)
        answer = SoapClient(first, company).call("NFeAutorizacao4", envi_nfe(issued.xml))
        protocol = val(answer, "n:protNFe/n:infProt/n:nProt")
    with running_simulator_process(data_dir) as second:
        client = SoapClient(second, company)
        query = client.call("NFeConsultaProtocolo4", cons_sit(issued.key))
        assert val(query, "n:cStat") == "100"
        assert val(query, "n:protNFe/n:infProt/n:nProt") == protocol
        again = client.call("NFeAutorizacao4", envi_nfe(issued.xml))
        assert val(again, "n:protNFe/n:infProt/n:cStat") == "204"


def test_certs_make_test_issues_a_trusted_a1_with_icp_brasil_fields(tmp_path):
    from cryptography.hazmat.primitives.serialization import pkcs12

    from documents.certificates import holder_ids, load_pkcs12

    out = tmp_path / "a1.pfx"
    for flag, value in (("--cnpj", "11222333000181"), ("--cpf", "12345678909")):
        subprocess.run([sys.executable, "-m", "simulator", "certs", "make-test", flag, value,
                        "--out", str(out), "--password", "pw", "--data-dir", str(tmp_path / "d")],
                       check=True, capture_output=True)  # fmt: skip
        a1 = load_pkcs12(out.read_bytes(), "pw")
        ids = holder_ids(a1.certificate)
        assert (ids.cnpj if flag == "--cnpj" else ids.cpf) == value
    _, cert, _ = pkcs12.load_key_and_certificates(out.read_bytes(), b"pw")
    assert cert is not None
    ca = (tmp_path / "d" / "ca.pem").read_bytes()
    context = ssl.create_default_context(cadata=ca.decode())
    assert context.get_ca_certs()[0]["subject"]


def test_certs_make_test_defaults_to_the_quickstart_simulator_ca(tmp_path):
    """Without --data-dir the certificate is signed by the CA `fiscal quickstart` gives its
    simulator ($FISCAL_DATA_DIR/simulator), not by a CA of its own elsewhere."""
    from cryptography import x509
    from cryptography.hazmat.primitives.serialization import pkcs12

    from simulator import pki

    service_data = tmp_path / "data"
    pki.save_ca(pki.create_ca(), service_data / "simulator")
    ca = x509.load_pem_x509_certificate((service_data / "simulator" / "ca.pem").read_bytes())
    env = {k: v for k, v in os.environ.items() if k != "FISCAL_SIM_DATA_DIR"}
    env["FISCAL_DATA_DIR"] = str(service_data)
    out = tmp_path / "a1.pfx"
    made = subprocess.run(
        [sys.executable, "-m", "simulator", "certs", "make-test", "--cnpj", "11222333000181",
         "--out", str(out), "--password", "pw"],
        cwd=tmp_path, env=env, check=True, capture_output=True, text=True,
    )  # fmt: skip
    assert "warning" not in made.stderr
    _, cert, _ = pkcs12.load_key_and_certificates(out.read_bytes(), b"pw")
    assert cert is not None
    cert.verify_directly_issued_by(ca)
    assert not (tmp_path / ".fiscal-sim").exists()


def test_the_ready_file_appears_whole(tmp_path):
    """A waiter polls for the file and reads it at once: it must never exist half written
    (a restart test read an empty file once)."""
    from simulator.cli import write_ready

    ready = tmp_path / "ready.json"
    write_ready(ready, {"base_url": "https://127.0.0.1:1", "ca_bundle": "ca.pem"})
    assert json.loads(ready.read_text())["base_url"] == "https://127.0.0.1:1"
    assert [p.name for p in tmp_path.iterdir()] == ["ready.json"]
