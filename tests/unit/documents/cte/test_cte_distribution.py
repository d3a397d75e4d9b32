"""CT-e DF-e distribution (CTeDistribuicaoDFe, nfelib cte_dist_dfe v1.00): the request against
its XSD (no query by key in this layout) and a retDistDFeInt built from our own cteProc,
cteOSProc and procEventoCTe, each docZip validated against its own XSD."""

from __future__ import annotations

import base64
import gzip

import pytest
from lxml import etree

from documents.cte.builder import CTE_NS
from documents.cte.events import CteEventHeader, build_cancel, prepare_event
from documents.cte.pipeline import SignedCte, prepare_cte, prepare_cteos
from documents.cte.wrappers import cte_proc, cteos_proc, proc_evento_cte
from documents.nfe.model import TpAmb
from documents.signing import XmlSigner
from documents.transmission.dfe_schemas import validate
from documents.transmission.distribution import (
    DistributionBatch,
    DocumentKind,
    build_request,
    read_distribution,
)
from documents.transmission.endpoints import Environment
from documents.transmission.errors import RequestBuildError
from documents.transmission.services import Family
from documents.transmission.transport import Route
from documents.xml import parse_untrusted

from .data import ISSUED_AT, ISSUER_CNPJ, TAKER_CNPJ, cte_data, cteos_data

Q = f"{{{CTE_NS}}}"
ROUTE = Route("SP", Environment.HOMOLOGATION)


def _element(tag: str, info_tag: str, fields: dict[str, str]) -> etree._Element:
    root = etree.Element(Q + tag, nsmap={None: CTE_NS}, versao="4.00")
    info = etree.SubElement(root, Q + info_tag)
    for name, value in fields.items():
        etree.SubElement(info, Q + name).text = value
    return root


def _prot(signed: SignedCte) -> etree._Element:
    return _element("protCTe", "infProt", {
        "tpAmb": "2", "verAplic": "SP-CTe-2026", "chCTe": signed.key.text,
        "dhRecbto": "2026-01-15T10:00:05-03:00", "nProt": "135260000000001",
        "digVal": signed.digest_value, "cStat": "100", "xMotivo": "Autorizado o uso do CT-e",
    })  # fmt: skip


def _zip(xml: bytes, nsu: int, schema: str) -> str:
    packed = base64.b64encode(gzip.compress(xml)).decode()
    return f'<docZip NSU="{nsu:015d}" schema="{schema}">{packed}</docZip>'


def test_cte_requests_follow_their_own_xsd() -> None:
    payload = build_request(Family.CTE, ROUTE, TAKER_CNPJ, ult_nsu=0)
    assert validate(payload, "cte/1.00/distDFeInt") == []
    assert payload.startswith(f'<distDFeInt xmlns="{CTE_NS}" versao="1.00">'.encode())
    assert (
        validate(build_request(Family.CTE, ROUTE, TAKER_CNPJ, nsu=77), "cte/1.00/distDFeInt") == []
    )
    with pytest.raises(RequestBuildError):
        build_request(Family.CTE, ROUTE, TAKER_CNPJ, chave="3" * 44)
    with pytest.raises(RequestBuildError):  # the CT-e layout's CNPJ is still digits only
        build_request(Family.CTE, ROUTE, "12ABC34501DE35", ult_nsu=0)


def test_a_cte_batch_unpacks_and_validates_each_document(signer: XmlSigner) -> None:
    cte = prepare_cte(cte_data(), signer)
    charter = prepare_cteos(cteos_data(), signer)
    event = parse_untrusted(prepare_event(build_cancel(
        CteEventHeader(cte.key, TpAmb.HOMOLOGACAO, ISSUER_CNPJ, ISSUED_AT), "135260000000001",
        "Frete cancelado pelo cliente"), signer).xml)  # fmt: skip
    sent = event.find(Q + "infEvento")
    assert sent is not None
    ret = _element("retEventoCTe", "infEvento", {
        "tpAmb": "2", "verAplic": "SP-CTe-2026", "cOrgao": "35", "cStat": "135",
        "xMotivo": "Evento registrado e vinculado a CT-e", "chCTe": cte.key.text,
        "tpEvento": "110111", "xEvento": "Cancelamento",
        "nSeqEvento": str(sent.findtext(Q + "nSeqEvento")),
        "dhRegEvento": "2026-01-15T11:00:05-03:00", "nProt": "135260000000002",
    })  # fmt: skip
    docs = [
        _zip(cte_proc(cte.xml, _prot(cte)), 1, "procCTe_v4.00.xsd"),
        _zip(cteos_proc(charter.xml, _prot(charter)), 2, "procCTeOS_v4.00.xsd"),
        _zip(proc_evento_cte(event, ret), 3, "procEventoCTe_v4.00.xsd"),
    ]
    body = (
        f'<retDistDFeInt xmlns="{CTE_NS}" versao="1.00"><tpAmb>2</tpAmb><verAplic>1.0.0</verAplic>'
        "<cStat>138</cStat><xMotivo>Documento(s) localizado(s)</xMotivo>"
        "<dhResp>2026-01-16T10:00:00</dhResp><ultNSU>000000000000003</ultNSU>"
        f"<maxNSU>000000000000003</maxNSU><loteDistDFeInt>{''.join(docs)}</loteDistDFeInt>"
        "</retDistDFeInt>"
    ).encode()
    assert validate(body, "cte/1.00/retDistDFeInt") == []
    batch = read_distribution(parse_untrusted(body), body)
    assert isinstance(batch, DistributionBatch) and batch.caught_up
    found = [(d.kind, d.chave, d.valid, d.problem) for d in batch.documents]
    assert found == [
        (DocumentKind.CTE_PROC, cte.key.text, True, None),
        (DocumentKind.CTE_OS_PROC, charter.key.text, True, None),
        (DocumentKind.PROC_EVENTO_CTE, cte.key.text, True, None),
    ]
