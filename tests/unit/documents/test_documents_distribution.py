"""DF-e distribution (NFeDistribuicaoDFe): the distDFeInt requests against nfelib's XSD, and
retDistDFeInt answers built here from XSD-valid documents (resNFe, resEvento, an nfeProc and a
procEventoNFe of our own pipeline) packed as the AN packs them, base64(gzip(xml)); 137/138/656;
the docZip that cannot be trusted (gzip bomb, truncated, bad base64, DOCTYPE, schema) refused
one by one without losing its NSU."""

from __future__ import annotations

import base64
import datetime as dt
import gzip
import time
import zlib
from decimal import Decimal
from types import ModuleType

import pytest
from lxml import etree

from documents.events.cancel import build_cancel
from documents.events.common import EventHeader
from documents.keys import AccessKey
from documents.nfe.model import TpAmb
from documents.nfe.pipeline import prepare_nfe
from documents.signing import XmlSigner
from documents.transmission import defaults
from documents.transmission.dfe_schemas import validate
from documents.transmission.distribution import (
    DistributionBatch,
    DocumentKind,
    ResEvento,
    ResNFe,
    build_request,
    inflate,
    read_distribution,
)
from documents.transmission.endpoints import Environment
from documents.transmission.errors import RequestBuildError
from documents.transmission.outcome import Rejected, Throttled, Uncertain, UncertainReason
from documents.transmission.services import Family
from documents.transmission.transport import Route, SoapAnswer, interpret
from documents.wrappers import nfe_proc, proc_evento_nfe
from documents.xml import parse_untrusted

NFE_NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NFE_NS}}}"
ISSUER = "11444777000161"
RECIPIENT = "11222333000181"
KEY = AccessKey.build(35, (2026, 1), ISSUER, 55, 1, 42, 1, "48213577").text
ROUTE = Route("SP", Environment.HOMOLOGATION)
BRT = dt.timezone(dt.timedelta(hours=-3))


def res_nfe(key: str = KEY, **changes: str) -> bytes:
    """A resNFe 1.01 as the AN writes it (nfelib resNFe_v1.01.xsd)."""
    fields = {
        "chNFe": key, "CNPJ": ISSUER, "xNome": "FORNECEDOR TESTE LTDA", "IE": "110042490114",
        "dhEmi": "2026-01-15T10:00:00-03:00", "tpNF": "1", "vNF": "1520.75",
        "digVal": "n8Tq9Wv3bqXkCPvWj2mX4mQk0uU=", "dhRecbto": "2026-01-15T10:00:05-03:00",
        "nProt": "135260000000042", "cSitNFe": "1",
    }  # fmt: skip
    fields.update(changes)
    body = "".join(f"<{name}>{value}</{name}>" for name, value in fields.items())
    return f'<resNFe xmlns="{NFE_NS}" versao="1.01">{body}</resNFe>'.encode()


def res_evento(key: str = KEY) -> bytes:
    fields = {
        "cOrgao": "35", "CNPJ": ISSUER, "chNFe": key, "dhEvento": "2026-01-16T09:00:00-03:00",
        "tpEvento": "110111", "nSeqEvento": "1", "xEvento": "Cancelamento",
        "dhRecbto": "2026-01-16T09:00:02-03:00", "nProt": "135260000000043",
    }  # fmt: skip
    body = "".join(f"<{name}>{value}</{name}>" for name, value in fields.items())
    return f'<resEvento xmlns="{NFE_NS}" versao="1.01">{body}</resEvento>'.encode()


def doc_zip(xml: bytes, nsu: int, schema: str, *, packed: bytes | None = None) -> str:
    """A docZip element: base64(gzip(xml)) unless `packed` gives the base64 text itself."""
    text = packed if packed is not None else base64.b64encode(gzip.compress(xml))
    return f'<docZip NSU="{nsu:015d}" schema="{schema}">{text.decode()}</docZip>'


def ret_dist(cstat: str, xmotivo: str, docs: list[str], ult: int, top: int) -> bytes:
    lot = f"<loteDistDFeInt>{''.join(docs)}</loteDistDFeInt>" if docs else ""
    return (
        f'<retDistDFeInt xmlns="{NFE_NS}" versao="1.01"><tpAmb>2</tpAmb>'
        f"<verAplic>1.7.6</verAplic><cStat>{cstat}</cStat><xMotivo>{xmotivo}</xMotivo>"
        f"<dhResp>2026-01-16T10:00:00-03:00</dhResp><ultNSU>{ult:015d}</ultNSU>"
        f"<maxNSU>{top:015d}</maxNSU>{lot}</retDistDFeInt>"
    ).encode()


def read(body: bytes) -> object:
    return read_distribution(parse_untrusted(body), body)


def _batch(body: bytes) -> DistributionBatch:
    outcome = read(body)
    assert isinstance(outcome, DistributionBatch), outcome
    return outcome


# ---------------------------------------------------------------------------------- requests


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"ult_nsu": 0}, "<distNSU><ultNSU>000000000000000</ultNSU></distNSU>"),
        ({"ult_nsu": "123"}, "<distNSU><ultNSU>000000000000123</ultNSU></distNSU>"),
        ({"nsu": 200}, "<consNSU><NSU>000000000000200</NSU></consNSU>"),
        ({"chave": KEY}, f"<consChNFe><chNFe>{KEY}</chNFe></consChNFe>"),
    ],
)
def test_requests_are_valid_against_the_xsd(query: dict[str, object], expected: str) -> None:
    payload = build_request(Family.NFE, ROUTE, RECIPIENT, **query)  # type: ignore[arg-type]
    assert validate(payload, "nfe/1.01/distDFeInt") == []
    assert (
        payload
        == (
            f'<distDFeInt xmlns="{NFE_NS}" versao="1.01"><tpAmb>2</tpAmb><cUFAutor>35</cUFAutor>'
            f"<CNPJ>{RECIPIENT}</CNPJ>{expected}</distDFeInt>"
        ).encode()
    )


def test_a_person_asks_with_a_cpf_and_an_alphanumeric_cnpj_is_accepted() -> None:
    person = build_request(
        Family.NFE, Route("RS", Environment.PRODUCTION), "12345678909", ult_nsu=7
    )
    assert b"<tpAmb>1</tpAmb><cUFAutor>43</cUFAutor><CPF>12345678909</CPF>" in person
    assert (
        validate(build_request(Family.NFE, ROUTE, "12ABC34501DE35", nsu=1), "nfe/1.01/distDFeInt")
        == []
    )


@pytest.mark.parametrize(
    "query",
    [
        {"ult_nsu": -1}, {"ult_nsu": 10**15}, {"ult_nsu": "12a"}, {"nsu": True},
        {"chave": KEY[:-1]}, {"chave": KEY + "<x/>"}, {}, {"ult_nsu": 1, "nsu": 2},
    ],
)  # fmt: skip
def test_values_the_layout_refuses_are_never_sent(query: dict[str, object]) -> None:
    with pytest.raises(RequestBuildError):
        build_request(Family.NFE, ROUTE, RECIPIENT, **query)  # type: ignore[arg-type]


def test_an_invalid_interested_party_is_never_sent() -> None:
    for party in ("1122233300018", "11.222.333/0001-81", "</CNPJ>"):
        with pytest.raises(RequestBuildError):
            build_request(Family.NFE, ROUTE, party, ult_nsu=0)


# ---------------------------------------------------------------------------------- answers


def test_a_138_batch_unpacks_validates_and_reads_every_summary() -> None:
    docs = [
        doc_zip(res_nfe(), 41, "resNFe_v1.01.xsd"),
        doc_zip(res_evento(), 42, "resEvento_v1.01.xsd"),
    ]
    body = ret_dist("138", "Documento(s) localizado(s)", docs, 42, 57)
    assert validate(body, "nfe/1.01/retDistDFeInt") == []  # the answer has the real shape
    batch = _batch(body)
    assert (batch.cStat, batch.ult_nsu, batch.max_nsu) == (
        "138",
        "000000000000042",
        "000000000000057",
    )
    assert batch.answered_at == "2026-01-16T10:00:00-03:00"
    assert not batch.caught_up and batch.wait_seconds == 0
    summary, event = batch.documents
    assert (summary.nsu, summary.schema, summary.kind) == (
        "000000000000041",
        "resNFe_v1.01.xsd",
        DocumentKind.RES_NFE,
    )
    assert summary.valid and summary.xml == res_nfe() and summary.chave == KEY
    assert summary.view == ResNFe(
        chave=KEY, cnpj_emitente=ISSUER, nome="FORNECEDOR TESTE LTDA", ie="110042490114",
        dh_emi="2026-01-15T10:00:00-03:00", tp_nf="1", v_nf=Decimal("1520.75"),
        dig_val="n8Tq9Wv3bqXkCPvWj2mX4mQk0uU=", dh_recbto="2026-01-15T10:00:05-03:00",
        n_prot="135260000000042", c_sit="1",
    )  # fmt: skip
    assert event.kind is DocumentKind.RES_EVENTO and event.valid
    assert event.view == ResEvento(
        chave=KEY, c_orgao="35", autor=ISSUER, tp_evento="110111", n_seq=1,
        x_evento="Cancelamento", dh_evento="2026-01-16T09:00:00-03:00",
        dh_recbto="2026-01-16T09:00:02-03:00", n_prot="135260000000043",
    )  # fmt: skip


def test_whole_documents_validate_against_their_own_schema(
    nfe_factory: ModuleType, signer: XmlSigner
) -> None:
    signed = prepare_nfe(nfe_factory.nfe_data(2), signer)
    prot = etree.Element(Q + "protNFe", nsmap={None: NFE_NS}, versao="4.00")
    info = etree.SubElement(prot, Q + "infProt")
    for name, value in (
        ("tpAmb", "2"), ("verAplic", "SP_NFE_PL_010"), ("chNFe", signed.key.text),
        ("dhRecbto", "2026-01-15T10:00:05-03:00"), ("nProt", "135260000000001"),
        ("digVal", signed.digest_value), ("cStat", "100"), ("xMotivo", "Autorizado o uso da NF-e"),
    ):  # fmt: skip
        etree.SubElement(info, Q + name).text = value
    proc = nfe_proc(signed.xml, prot)
    header = EventHeader(signed.key, TpAmb.HOMOLOGACAO, "11222333000181",
                         dt.datetime(2026, 1, 15, 11, 0, tzinfo=BRT))  # fmt: skip
    cancel = build_cancel(header, "135260000000001", "Pedido cancelado pelo cliente")
    signer.sign(cancel.root, cancel.reference_id)
    ret = etree.Element(Q + "retEvento", nsmap={None: NFE_NS}, versao="1.00")
    answer = etree.SubElement(ret, Q + "infEvento")
    for name, value in (
        ("tpAmb", "2"), ("verAplic", "SP_EVENTOS_PL_100"), ("cOrgao", "35"), ("cStat", "135"),
        ("xMotivo", "Evento registrado e vinculado a NF-e"), ("chNFe", signed.key.text),
        ("tpEvento", "110111"), ("xEvento", "Cancelamento registrado"), ("nSeqEvento", "1"),
        ("dhRegEvento", "2026-01-15T11:00:03-03:00"), ("nProt", "135260000000002"),
    ):  # fmt: skip
        etree.SubElement(answer, Q + name).text = value
    event = proc_evento_nfe(cancel.root, ret)
    body = ret_dist(
        "138", "Documento(s) localizado(s)",
        [doc_zip(proc, 7, "procNFe_v4.00.xsd"), doc_zip(event, 8, "procEventoNFe_v1.00.xsd")], 8, 8,
    )  # fmt: skip
    batch = _batch(body)
    whole, cancelled = batch.documents
    assert (whole.kind, whole.valid, whole.chave, whole.view) == (
        DocumentKind.NFE_PROC, True, signed.key.text, None,
    )  # fmt: skip
    assert parse_untrusted(whole.xml).find(f"{Q}NFe/{Q}infNFe") is not None
    assert (cancelled.kind, cancelled.valid, cancelled.chave) == (
        DocumentKind.PROC_EVENTO_NFE, True, signed.key.text,
    )  # fmt: skip
    assert batch.caught_up and batch.wait_seconds == 3600  # ultNSU reached maxNSU


def test_137_is_an_empty_batch_that_waits_an_hour() -> None:
    batch = _batch(ret_dist("137", "Nenhum documento localizado", [], 57, 57))
    assert batch.documents == () and batch.caught_up
    assert batch.wait_seconds == defaults.DISTRIBUTION_IDLE_SECONDS == 3600


def test_656_is_throttled_for_an_hour() -> None:
    reason = (
        "Rejeicao: Consumo Indevido (Deve ser utilizado o ultNSU nas solicitacoes subsequentes)"
    )
    outcome = read(ret_dist("656", reason, [], 0, 0))
    assert isinstance(outcome, Throttled)
    assert (outcome.cStat, outcome.retry_after, outcome.xMotivo) == ("656", 3600, reason)


@pytest.mark.parametrize(
    ("cstat", "xmotivo"),
    [
        ("589", "Rejeicao: Numero do NSU informado superior ao maior NSU da base de dados"),
        ("593", "Rejeicao: CNPJ-Base consultado difere do CNPJ-Base do Certificado Digital"),
        ("640", "Rejeicao: CNPJ/CPF do interessado nao possui permissao para consultar esta NF-e"),
    ],
)
def test_other_statuses_are_rejections_verbatim(cstat: str, xmotivo: str) -> None:
    outcome = read(ret_dist(cstat, xmotivo, [], 0, 0))
    assert isinstance(outcome, Rejected) and (outcome.cStat, outcome.xMotivo) == (cstat, xmotivo)


def test_an_answer_without_its_cursor_is_uncertain() -> None:
    body = ret_dist("138", "Documento(s) localizado(s)", [], 1, 1).replace(b"<ultNSU>", b"<x>")
    body = body.replace(b"</ultNSU>", b"</x>")
    outcome = interpret(SoapAnswer(parse_untrusted(body), body), read_distribution)
    assert isinstance(outcome, Uncertain)
    assert outcome.reason is UncertainReason.UNREADABLE_ANSWER


# ---------------------------------------------------------------------------------- hostile docZip


def _bomb(megabytes: int) -> bytes:
    """gzip of `megabytes` MB of zeros, compressed a megabyte at a time."""
    packer = zlib.compressobj(9, zlib.DEFLATED, zlib.MAX_WBITS | 16)
    chunk = b"\0" * 1_000_000
    return b"".join(packer.compress(chunk) for _ in range(megabytes)) + packer.flush()


def test_a_gzip_bomb_is_refused_without_inflating_it_and_the_batch_survives() -> None:
    bomb = _bomb(200)  # ~200 KB that inflate to 200 MB
    assert len(bomb) < 300_000
    body = ret_dist(
        "138", "Documento(s) localizado(s)",
        [doc_zip(b"", 1, "resNFe_v1.01.xsd", packed=base64.b64encode(bomb)),
         doc_zip(res_nfe(), 2, "resNFe_v1.01.xsd")], 2, 2,
    )  # fmt: skip
    started = time.perf_counter()
    refused, good = _batch(body).documents
    assert time.perf_counter() - started < 2.0  # stopped at the limit, not after 200 MB
    assert (refused.nsu, refused.kind, refused.xml, refused.view) == (
        "000000000000001", DocumentKind.UNREADABLE, b"", None,
    )  # fmt: skip
    assert refused.problem is not None and "limit" in refused.problem
    assert good.valid and isinstance(good.view, ResNFe)


def test_inflate_is_bounded_and_strict() -> None:
    data = gzip.compress(b"x" * 1000)
    assert inflate(data, 1000) == b"x" * 1000
    for broken, reason in (
        (data, "limit"),  # with a limit of 999 below
        (data[:-10], "truncated"),
        (data + b"garbage", "after"),
        (b"not gzip at all", "not gzip"),
    ):
        with pytest.raises(ValueError, match=reason):
            inflate(broken, 999 if reason == "limit" else 1000)


def _packed(xml: bytes) -> bytes:
    return base64.b64encode(gzip.compress(xml, mtime=0))


@pytest.mark.parametrize(
    ("packed", "fragment"),
    [
        (b"@@@not base64@@@", "not base64"),
        (_packed(b"<resNFe"), "line"),
        (_packed(b'<!DOCTYPE r [<!ENTITY e "x">]><r>&e;</r>'), "DOCTYPE"),
        (_packed(b"<a>" * 100 + b"</a>" * 100), "deeper"),
    ],
    ids=["base64", "malformed", "doctype", "depth"],
)
def test_unreadable_documents_are_refused_one_by_one(packed: bytes, fragment: str) -> None:
    body = ret_dist("138", "Documento(s) localizado(s)",
                    [doc_zip(b"", 5, "resNFe_v1.01.xsd", packed=packed)], 5, 9)  # fmt: skip
    (document,) = _batch(body).documents
    assert document.kind is DocumentKind.UNREADABLE and document.nsu == "000000000000005"
    assert document.problem is not None and fragment.lower() in document.problem.lower()


def test_a_document_against_its_schema_keeps_its_kind_but_no_view() -> None:
    body = ret_dist("138", "Documento(s) localizado(s)",
                    [doc_zip(res_nfe(cSitNFe="9"), 3, "resNFe_v1.01.xsd")], 3, 3)  # fmt: skip
    (document,) = _batch(body).documents
    assert document.kind is DocumentKind.RES_NFE and document.view is None
    assert document.chave == KEY and document.problem is not None
    assert "cSitNFe" in document.problem
    unknown = doc_zip(b'<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="9.99"/>', 4, "x")
    other = doc_zip(b"<GTVe/>", 5, "procGTVe_v4.00.xsd")
    weird, gtve = _batch(ret_dist("138", "ok", [unknown, other], 5, 5)).documents
    assert weird.problem == "no schema for resNFe versao 9.99"
    assert gtve.kind is DocumentKind.OTHER and gtve.problem is not None


def test_the_batch_inflate_budget_refuses_what_comes_after_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    size = len(res_nfe())
    monkeypatch.setattr(defaults, "MAX_DISTRIBUTION_BATCH_BYTES", size * 2 + 10)
    docs = [doc_zip(res_nfe(), n, "resNFe_v1.01.xsd") for n in (1, 2, 3)]
    first, second, third = _batch(ret_dist("138", "ok", docs, 3, 3)).documents
    assert first.valid and second.valid
    assert third.kind is DocumentKind.UNREADABLE and "limit" in (third.problem or "")
