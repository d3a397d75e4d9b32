"""A rural producer at the simulator: an e-CPF caller sends its NF-e (`emit/CPF`, the key with
`000` + CPF), and only its own: key positions 7..20 must be its CPF (tax_domain.md §6)."""

from __future__ import annotations

from pathlib import Path

from cryptography.hazmat.primitives import serialization
from cryptography.hazmat.primitives.serialization import pkcs12
from lxml import etree

from simulator.testing import SimulatorHandle
from tests.unit.simulator.factories import (
    PASSWORD,
    Company,
    Issued,
    N,
    SoapClient,
    build_nfe,
    envi_nfe,
    val,
    xmlsec_sign,
)

PROT = "n:protNFe/n:infProt/n:cStat"
PRODUCER = "52998224725"
NEIGHBOUR = "11144477735"


def make_producer(sim: SimulatorHandle, directory: Path, cpf: str) -> Company:
    """An e-CPF from the simulator's CA; `cnpj` holds the CPF padded as the key writes it."""
    directory.mkdir(parents=True, exist_ok=True)
    pfx_bytes = sim.issue_a1(cpf=cpf, password=PASSWORD, name="JOAO PRODUTOR")
    key, cert, _ = pkcs12.load_key_and_certificates(pfx_bytes, PASSWORD.encode())
    assert key is not None and cert is not None
    pfx, cert_pem, key_pem = (directory / f"{cpf}.{ext}" for ext in ("pfx", "crt", "key"))
    pfx.write_bytes(pfx_bytes)
    cert_pem.write_bytes(cert.public_bytes(serialization.Encoding.PEM))
    key_pem.write_bytes(
        key.private_bytes(
            serialization.Encoding.PEM,
            serialization.PrivateFormat.PKCS8,
            serialization.NoEncryption(),
        )
    )
    return Company(cpf.zfill(14), pfx, cert_pem, key_pem)


def producer_nfe(producer: Company, number: int) -> Issued:
    """The sample NF-e with `emit/CPF`, keyed with `000` + CPF, series 920, signed by the CPF."""
    unsigned = build_nfe(producer, number=number, series=920, sign=False)
    nfe = etree.fromstring(unsigned.xml)
    registration = nfe.find("n:infNFe/n:emit/n:CNPJ", N)
    assert registration is not None
    registration.tag = f"{{{N['n']}}}CPF"
    registration.text = producer.cnpj[3:]
    xml = xmlsec_sign(etree.tostring(nfe), producer, "infNFe", f"NFe{unsigned.key}")
    return Issued(unsigned.key, xml)


def test_an_e_cpf_caller_gets_its_own_nfe_authorized(sim: SimulatorHandle, tmp_path: Path):
    producer = make_producer(sim, tmp_path / "producer", PRODUCER)
    issued = producer_nfe(producer, number=1)
    assert issued.key[6:20] == "000" + PRODUCER
    answer = SoapClient(sim, producer).call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "100"


def test_an_e_cpf_caller_cannot_send_another_producers_nfe(sim: SimulatorHandle, tmp_path: Path):
    producer = make_producer(sim, tmp_path / "producer", PRODUCER)
    neighbour = make_producer(sim, tmp_path / "neighbour", NEIGHBOUR)
    issued = producer_nfe(producer, number=2)
    answer = SoapClient(sim, neighbour).call("NFeAutorizacao4", envi_nfe(issued.xml))
    assert val(answer, PROT) == "213"
    assert "CPF do Certificado de Transmissao" in str(val(answer, "n:protNFe/n:infProt/n:xMotivo"))


def test_an_e_cnpj_transmitter_may_still_send_a_producers_nfe(
    sim: SimulatorHandle, client: SoapClient, tmp_path: Path
):
    """An accountant's e-CNPJ transmits for its clients; the signature is still the CPF's."""
    producer = make_producer(sim, tmp_path / "producer", PRODUCER)
    answer = client.call("NFeAutorizacao4", envi_nfe(producer_nfe(producer, number=3).xml))
    assert val(answer, PROT) == "100"
