"""NF-e / NFC-e services against a real mTLS server answering with corpus answers."""

from __future__ import annotations

from lxml import etree

from documents.transmission.nfe import NfeClient
from documents.transmission.outcome import (
    Authorized,
    Cancelled,
    Denied,
    NotFound,
    Processing,
    Received,
    Rejected,
    ServiceStatus,
    Throttled,
    Uncertain,
    UncertainReason,
)
from documents.transmission.transport import Route, SoapTransport

from .conftest import AuthorityServer, answer, receipt_status, with_status

NFCE = answer("envia_lote_modelo_65")
REJECTED = answer("retEnviNFe_rejeitada")
RS_AUTH = "/nfe-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"


def test_sync_authorization_returns_the_protocol(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("exemplo_retorno_sucesso_envia_lote"))
    outcome = NfeClient(transport, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt) == ("100", "143210000624926")
    assert outcome.digVal == "aWpBMlDjIlWUn2ALNSdwzLi2ntE="
    assert outcome.chave == "43211105730928000145650010000002401717268120"
    assert outcome.protocol_xml.startswith(
        b'<protNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao='
    )


def test_request_is_soap12_with_action_and_the_signed_nfe_byte_for_byte(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("exemplo_retorno_sucesso_envia_lote"))
    NfeClient(transport, route_rs).authorize(NFCE, batch_id="42")
    (request,) = authority.requests
    assert request.path == RS_AUTH
    assert request.headers["Content-Type"] == (
        "application/soap+xml; charset=utf-8; "
        'action="http://www.portalfiscal.inf.br/nfe/wsdl/NFeAutorizacao4/nfeAutorizacaoLote"'
    )
    assert NFCE.strip() in request.body
    envelope = etree.fromstring(request.body)
    assert envelope.tag == "{http://www.w3.org/2003/05/soap-envelope}Envelope"
    envi = envelope.find(".//{http://www.portalfiscal.inf.br/nfe}enviNFe")
    assert envi is not None
    assert envi.findtext("{http://www.portalfiscal.inf.br/nfe}indSinc") == "1"
    assert envi.findtext("{http://www.portalfiscal.inf.br/nfe}idLote") == "42"


def test_client_certificate_is_presented(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("retConsStatServ_em_operacao"))
    NfeClient(transport, route_rs).status()
    assert authority.requests[0].client_subject == "EMPRESA TESTE LTDA:12345678000195"


def test_async_batch_then_polling(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    client = NfeClient(transport, route_rs)
    authority.answer(answer("retEnviNFe_lote_recebido"))
    received = client.authorize(NFCE, batch_id="7", synchronous=False)
    assert received == Received("423002202113232", 1, received.raw)  # type: ignore[union-attr]
    authority.answer(receipt_status("105", "Lote em processamento"))
    assert isinstance(client.poll_receipt("423002202113232"), Processing)
    authority.answer(answer("retConsReciNFe_autorizada"))
    done = client.poll_receipt("423002202113232")
    assert isinstance(done, Authorized)
    assert done.nProt == "423002202113232"
    assert b"<nRec>423002202113232</nRec>" in authority.requests[-1].body
    assert authority.requests[-1].path.endswith("/NFeRetAutorizacao4.asmx")


def test_unknown_receipt_is_not_found(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(receipt_status("106", "Lote nao localizado"))
    outcome = NfeClient(transport, route_rs).poll_receipt("423002202113232")
    assert isinstance(outcome, NotFound)
    assert outcome.cStat == "106"


def test_receipt_with_denied_document(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("retConsReciNFe_uso_denegado"))
    outcome = NfeClient(transport, route_rs).poll_receipt("423002202113232")
    assert isinstance(outcome, Denied)
    assert outcome.cStat in {"110", "301", "302", "303", "205"}


def test_rejection_keeps_cstat_and_xmotivo_verbatim(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(REJECTED)
    outcome = NfeClient(transport, route_rs).authorize(NFCE, batch_id="1")
    assert outcome == Rejected("225", "Rejeicao: Falha no Schema XML da NFe", REJECTED)


def test_duplicate_with_different_key_names_the_key(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    key = "43211105730928000145650010000002401717268121"
    motive = f"Rejeicao: Duplicidade de NF-e com diferenca na Chave de Acesso [chNFe:{key}]"
    motive += "[nRec:431000000000001]"
    authority.answer(with_status(REJECTED, "539", motive))
    outcome = NfeClient(transport, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Rejected)
    assert outcome.is_duplicate
    assert (outcome.duplicate_key, outcome.duplicate_receipt) == (key, "431000000000001")


def test_paused_service_and_uncatalogued_error_are_uncertain(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    client = NfeClient(transport, route_rs)
    authority.answer(answer("retEnviNFe_servico_paralizado"))
    authority.answer(with_status(REJECTED, "109", "Servico Paralisado sem Previsao"))
    authority.answer(with_status(REJECTED, "999", "Rejeicao: Erro nao catalogado"))
    outcomes = [client.authorize(NFCE, batch_id="1") for _ in range(3)]
    assert [(o.reason, o.cStat) for o in outcomes if isinstance(o, Uncertain)] == [
        (UncertainReason.SERVICE_PAUSED, "108"),
        (UncertainReason.SERVICE_PAUSED, "109"),
        (UncertainReason.AUTHORITY_ERROR, "999"),
    ]


def test_consumo_indevido_is_throttled_for_an_hour(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(with_status(REJECTED, "656", "Rejeicao: Consumo Indevido"))
    outcome = NfeClient(transport, route_rs).authorize(NFCE, batch_id="1")
    assert isinstance(outcome, Throttled)
    assert outcome.retry_after == 3600


def test_query_outcomes(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    client = NfeClient(transport, route_rs)
    key = "35200159594315000157550010000000022062777169"
    for name in ("autorizado", "cancelado", "nao_consta_na_base"):
        authority.answer(answer(f"retConsSitNFe_{name}"))
    found, cancelled, missing = (client.query(key) for _ in range(3))
    assert isinstance(found, Authorized)
    assert isinstance(cancelled, Cancelled)
    assert isinstance(missing, NotFound)
    assert missing.cStat == "217"
    assert f"<chNFe>{key}</chNFe>".encode() in authority.requests[0].body
    assert authority.requests[0].path.endswith("/NfeConsulta4.asmx")


def test_status_service(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("retConsStatServ_em_operacao"))
    outcome = NfeClient(transport, route_rs).status()
    assert isinstance(outcome, ServiceStatus)
    assert outcome.online
    assert b"<cUF>43</cUF><xServ>STATUS</xServ>" in authority.requests[0].body


def test_cancellation_event_registered(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("retEnvEvento_nfe_cancelamento"))
    event = b'<evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"/>'
    outcome = NfeClient(transport, route_rs).send_event(event, batch_id="20211101182251")
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt) == ("135", "141190000382704")
    assert outcome.dhRecbto == "2023-07-05T16:52:52-03:00"
    assert b"<idLote>20211101182251</idLote>" + event in authority.requests[0].body


def test_number_range_voided(
    authority: AuthorityServer, transport: SoapTransport, route_rs: Route
) -> None:
    authority.answer(answer("response_inut_cnpj"))
    inut = b'<inutNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"/>'
    outcome = NfeClient(transport, route_rs).void_numbers(inut)
    assert isinstance(outcome, Authorized)
    assert (outcome.cStat, outcome.nProt) == ("102", "152250025831513")
    assert authority.requests[0].path.endswith("/nfeinutilizacao4.asmx")
