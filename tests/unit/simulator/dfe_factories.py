"""CT-e, CT-e OS and MDF-e messages for the simulator tests, built from corpus samples.

Each factory takes a real sample (corpus/PROVENANCE.md), re-keys it for the test company, UF,
number, tpAmb and dhEmi, recomputes the check digit, adds the QR code group the 4.00/3.00 XSDs
require and signs it with ``xmlsec1`` (independent of the product's verifier).
"""

from __future__ import annotations

import base64
import datetime as dt
import gzip
from pathlib import Path

from lxml import etree

from documents.cte.events import CCE_CONDITIONS as CTE_CCE_CONDITIONS
from documents.keys import mod11_digit
from simulator.clock import BRASILIA, wire
from tests.unit.simulator.factories import CORPUS, Company, Issued, xmlsec_sign

NFELIB = Path(__import__("nfelib").__file__).parent
CTE_NS = "http://www.portalfiscal.inf.br/cte"
MDFE_NS = "http://www.portalfiscal.inf.br/mdfe"
DSIG = "http://www.w3.org/2000/09/xmldsig#"
CTE_SAMPLE = CORPUS / "cte/BrazilFiscalReport__tests_fixtures_dacte_dacte_test_without_compl.xml"
CTE_OS_SAMPLE = CORPUS / "cteos/DFe__source_Unimake.DFe.Test_CTeOS_Resources_RTC_CTeOS_CST000.xml"
MDFE_SAMPLE = NFELIB / "mdfe/samples/v3_0/41190876676436000167580010000500001000437558-mdfe.xml"


def compressed(xml: bytes) -> bytes:
    """base64(gzip(xml)): the body of cteDadosMsg / mdfeDadosMsg for the receptions."""
    return base64.b64encode(gzip.compress(xml))


def _document(path: Path, namespace: str, name: str) -> etree._Element:
    parser = etree.XMLParser(remove_blank_text=True)
    top = etree.parse(str(path), parser).getroot()
    found = top if etree.QName(top).localname == name else top.find(f"{{{namespace}}}{name}")
    assert found is not None, path
    for unwanted in (f"{{{DSIG}}}Signature", f"{{{namespace}}}infCTeSupl",
                     f"{{{namespace}}}infMDFeSupl"):  # fmt: skip
        for element in found.findall(unwanted):
            found.remove(element)
    return found


def _set(element: etree._Element, namespace: str, path: str, value: str) -> None:
    found = element.find("/".join(f"{{{namespace}}}{p}" for p in path.split("/")))
    assert found is not None, path
    found.text = value


def _key(cuf: str, when: dt.datetime, issuer: str, model: str, series: int, number: int,
         code: str) -> str:  # fmt: skip
    body = f"{int(cuf):02d}{when:%y%m}{issuer.zfill(14)}{model}{series:03d}{number:09d}1{code}"
    return body + str(mod11_digit(body))


def build_cte(
    company: Company,
    *,
    number: int,
    series: int = 1,
    os: bool = False,
    tp_amb: str = "2",
    cuf: str = "35",
    emitted: dt.datetime | None = None,
    code: str = "12345678",
    taker: str | None = None,
    sign: bool = True,
) -> Issued:
    """A CT-e (corpus DACTE sample, rodoviario) or CT-e OS (Unimake sample) for ``company``.

    ``taker`` replaces the CNPJ of the taker (the remetente in the CT-e sample, toma in the OS).
    """
    name, path, model = ("CTeOS", CTE_OS_SAMPLE, "67") if os else ("CTe", CTE_SAMPLE, "57")
    cte = _document(path, CTE_NS, name)
    info = cte.find(f"{{{CTE_NS}}}infCte")
    assert info is not None
    when = emitted or dt.datetime.now(BRASILIA)
    key = _key(cuf, when, company.cnpj, model, series, number, code)
    values = {"cUF": cuf, "cCT": code, "mod": model, "serie": str(series), "nCT": str(number),
              "dhEmi": wire(when), "tpEmis": "1", "cDV": key[-1], "tpAmb": tp_amb}  # fmt: skip
    for tag, value in values.items():
        _set(info, CTE_NS, f"ide/{tag}", value)
    _set(info, CTE_NS, "emit/CNPJ", company.cnpj)
    if taker is not None:
        _set(info, CTE_NS, "toma/CNPJ" if os else "rem/CNPJ", taker)
    info.set("Id", f"CTe{key}")
    supl = etree.SubElement(cte, f"{{{CTE_NS}}}infCTeSupl")
    etree.SubElement(
        supl, f"{{{CTE_NS}}}qrCodCTe"
    ).text = (
        f"https://homologacao.nfe.fazenda.sp.gov.br/CTeConsulta/qrCode?chCTe={key}&tpAmb={tp_amb}"
    )
    xml = etree.tostring(cte)
    return Issued(key, xmlsec_sign(xml, company, "infCte", f"CTe{key}") if sign else xml)


def build_mdfe(
    company: Company,
    *,
    number: int,
    series: int = 1,
    tp_amb: str = "2",
    cuf: str = "41",
    emitted: dt.datetime | None = None,
    code: str = "00043755",
    modal: str = "1",
    sign: bool = True,
) -> Issued:
    """An MDF-e from nfelib's official sample (road modal, one driver) for ``company``."""
    mdfe = _document(MDFE_SAMPLE, MDFE_NS, "MDFe")
    info = mdfe.find(f"{{{MDFE_NS}}}infMDFe")
    assert info is not None
    when = emitted or dt.datetime.now(BRASILIA)
    key = _key(cuf, when, company.cnpj, "58", series, number, code)
    values = {"cUF": cuf, "tpAmb": tp_amb, "mod": "58", "serie": str(series),
              "nMDF": str(number), "cMDF": code, "cDV": key[-1], "dhEmi": wire(when),
              "tpEmis": "1", "modal": modal}  # fmt: skip
    for tag, value in values.items():
        _set(info, MDFE_NS, f"ide/{tag}", value)
    _set(info, MDFE_NS, "emit/CNPJ", company.cnpj)
    info.set("Id", f"MDFe{key}")
    supl = etree.SubElement(mdfe, f"{{{MDFE_NS}}}infMDFeSupl")
    etree.SubElement(
        supl, f"{{{MDFE_NS}}}qrCodMDFe"
    ).text = f"https://dfe-portal.svrs.rs.gov.br/mdfe/qrCode?chMDFe={key}&tpAmb={tp_amb}"
    xml = etree.tostring(mdfe)
    return Issued(key, xmlsec_sign(xml, company, "infMDFe", f"MDFe{key}") if sign else xml)


def event(
    namespace: str,
    company: Company,
    key: str,
    event_type: str,
    sequence: int,
    detail: str,
    *,
    when: dt.datetime | None = None,
    tp_amb: str = "2",
    digits: int = 3,
    event_id: str | None = None,
) -> bytes:
    """A signed eventoCTe (versao 4.00) or eventoMDFe (3.00) authored by ``company``."""
    family, version = ("CTe", "4.00") if namespace == CTE_NS else ("MDFe", "3.00")
    identifier = event_id or f"ID{event_type}{key}{sequence:0{digits}d}"
    xml = (
        f'<evento{family} xmlns="{namespace}" versao="{version}"><infEvento Id="{identifier}">'
        f"<cOrgao>{key[:2]}</cOrgao><tpAmb>{tp_amb}</tpAmb><CNPJ>{company.cnpj}</CNPJ>"
        f"<ch{family}>{key}</ch{family}>"
        f"<dhEvento>{wire(when or dt.datetime.now(BRASILIA))}</dhEvento>"
        f"<tpEvento>{event_type}</tpEvento><nSeqEvento>{sequence}</nSeqEvento>"
        f'<detEvento versaoEvento="{version}">{detail}</detEvento></infEvento></evento{family}>'
    ).encode()
    return xmlsec_sign(xml, company, "infEvento", identifier)


def cte_cancel(company: Company, key: str, protocol: str, sequence: int = 1) -> bytes:
    detail = (
        "<evCancCTe><descEvento>Cancelamento</descEvento>"
        f"<nProt>{protocol}</nProt><xJust>Frete cancelado pelo cliente</xJust></evCancCTe>"
    )
    return event(CTE_NS, company, key, "110111", sequence, detail)


def cte_correction(company: Company, key: str, sequence: int) -> bytes:
    detail = (
        "<evCCeCTe><descEvento>Carta de Correcao</descEvento><infCorrecao>"
        "<grupoAlterado>compl</grupoAlterado><campoAlterado>xObs</campoAlterado>"
        f"<valorAlterado>Entrega no periodo da tarde {sequence}</valorAlterado></infCorrecao>"
        f"<xCondUso>{CTE_CCE_CONDITIONS}</xCondUso></evCCeCTe>"
    )
    return event(CTE_NS, company, key, "110110", sequence, detail)


def cte_disagreement(author: Company, key: str) -> bytes:
    detail = (
        "<evPrestDesacordo><descEvento>Prestacao do Servico em Desacordo</descEvento>"
        "<indDesacordoOper>1</indDesacordoOper>"
        "<xObs>Mercadoria entregue em endereco diferente do contratado</xObs></evPrestDesacordo>"
    )
    return event(CTE_NS, author, key, "610110", 1, detail)


def mdfe_cancel(company: Company, key: str, protocol: str) -> bytes:
    detail = (
        "<evCancMDFe><descEvento>Cancelamento</descEvento>"
        f"<nProt>{protocol}</nProt><xJust>Viagem cancelada pelo contratante</xJust></evCancMDFe>"
    )
    return event(MDFE_NS, company, key, "110111", 1, detail, digits=2)


def mdfe_close(company: Company, key: str, protocol: str, day: dt.date | None = None) -> bytes:
    detail = (
        f"<evEncMDFe><descEvento>Encerramento</descEvento><nProt>{protocol}</nProt>"
        f"<dtEnc>{(day or dt.datetime.now(BRASILIA).date()).isoformat()}</dtEnc>"
        "<cUF>42</cUF><cMun>4209102</cMun></evEncMDFe>"
    )
    return event(MDFE_NS, company, key, "110112", 1, detail, digits=2)


def mdfe_driver(company: Company, key: str, sequence: int, cpf: str) -> bytes:
    detail = (
        "<evIncCondutorMDFe><descEvento>Inclusao Condutor</descEvento><condutor>"
        f"<xNome>MOTORISTA {sequence}</xNome><CPF>{cpf}</CPF></condutor></evIncCondutorMDFe>"
    )
    return event(MDFE_NS, company, key, "110114", sequence, detail, digits=2)


def cons_sit(namespace: str, key: str, tp_amb: str = "2") -> bytes:
    family, version = ("CTe", "4.00") if namespace == CTE_NS else ("MDFe", "3.00")
    return (
        f'<consSit{family} xmlns="{namespace}" versao="{version}"><tpAmb>{tp_amb}</tpAmb>'
        f"<xServ>CONSULTAR</xServ><ch{family}>{key}</ch{family}></consSit{family}>"
    ).encode()


def cons_stat_cte(cuf: str = "35", tp_amb: str = "2") -> bytes:
    return (
        f'<consStatServCTe xmlns="{CTE_NS}" versao="4.00"><tpAmb>{tp_amb}</tpAmb>'
        f"<cUF>{cuf}</cUF><xServ>STATUS</xServ></consStatServCTe>"
    ).encode()


def cons_stat_mdfe(tp_amb: str = "2") -> bytes:
    return (
        f'<consStatServMDFe xmlns="{MDFE_NS}" versao="3.00"><tpAmb>{tp_amb}</tpAmb>'
        "<xServ>STATUS</xServ></consStatServMDFe>"
    ).encode()


def cons_nao_enc(cnpj: str, tp_amb: str = "2") -> bytes:
    return (
        f'<consMDFeNaoEnc xmlns="{MDFE_NS}" versao="3.00"><tpAmb>{tp_amb}</tpAmb>'
        f"<xServ>CONSULTAR NÃO ENCERRADOS</xServ><CNPJ>{cnpj}</CNPJ></consMDFeNaoEnc>"
    ).encode()


def text(element: etree._Element, path: str) -> str | None:
    """Text at a namespace-agnostic path such as ``protCTe/infProt/cStat``."""
    found = element.find("/".join(f"{{*}}{part}" for part in path.split("/")))
    return None if found is None else found.text


def schema_errors(element: etree._Element, key: str) -> list[str]:
    """Violations of an answer against its official XSD (empty when valid)."""
    from documents.schemas import validate

    standalone = etree.fromstring(etree.tostring(element))
    return [f"{v.path}: {v.message}" for v in validate(standalone, key)]


def xmlsec_verify_outer(xml: bytes, ca_bundle: Path, id_node: str) -> bool:
    """xmlsec1 on the root's own Signature (documents that embed other signed documents)."""
    import subprocess
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "doc.xml"
        path.write_bytes(xml)
        result = subprocess.run(
            ["xmlsec1", "--verify", "--trusted-pem", str(ca_bundle), "--id-attr:Id", id_node,
             "--node-xpath", "/*/*[local-name()='Signature']", str(path)],
            capture_output=True,
        )  # fmt: skip
    return result.returncode == 0
