"""The NFS-e ADN's distribution to taxpayers (issue 38, item 4): ``GET /contribuintes/DFe/{NSU}``
over HTTPS + mTLS, in the ADN swagger's shape (PascalCase, ArquivoXml = base64(gzip))."""

from __future__ import annotations

from tests.unit.simulator.factories import make_company
from tests.unit.simulator.nfse_factories import (
    SefinClient,
    build_dps,
    cancel_request,
    unpack,
)

ADN_HOST = "adn.producaorestrita.nfse.gov.br"
TAKER = "44555666000177"


def _adn(client: SefinClient, nsu: int, **query: str):  # type: ignore[no-untyped-def]
    url = f"{client.sim.base_url}/{ADN_HOST}/contribuintes/DFe/{nsu}"
    return client.session.get(url, params=query or None, timeout=20)


def test_provider_and_taker_receive_the_nfse_and_its_cancellation(sim, tmp_path):
    provider = SefinClient(sim, make_company(sim, tmp_path / "p", "11222333000181"))
    taker = SefinClient(sim, make_company(sim, tmp_path / "t", TAKER))
    issued = provider.issue(build_dps(provider.company, number=1, taker=TAKER).xml)
    assert issued.status_code == 201, issued.text
    key = issued.json()["chaveAcesso"]
    assert provider.cancel(key, cancel_request(provider.company, key)).status_code == 201

    answer = _adn(taker, 1, lote="true")
    assert answer.status_code == 200, answer.text
    body = answer.json()
    assert (body["StatusProcessamento"], body["TipoAmbiente"]) == (
        "DOCUMENTOS_LOCALIZADOS", "HOMOLOGACAO")  # fmt: skip
    nfse, event = body["LoteDFe"]
    assert (nfse["NSU"], nfse["ChaveAcesso"], nfse["TipoDocumento"]) == (1, key, "NFSE")
    assert unpack(nfse["ArquivoXml"]).startswith(b"<NFSe")
    assert (event["NSU"], event["TipoDocumento"], event["TipoEvento"]) == (
        2, "EVENTO", "CANCELAMENTO")  # fmt: skip
    assert [d["NSU"] for d in _adn(taker, 2).json()["LoteDFe"]] == [2]  # from the NSU given
    assert [d["NSU"] for d in _adn(taker, 1, lote="false").json()["LoteDFe"]] == [1]
    assert len(_adn(provider, 1).json()["LoteDFe"]) == 2  # the provider's own sequence

    nothing = _adn(taker, 3)
    assert nothing.status_code == 404
    assert nothing.json()["StatusProcessamento"] == "NENHUM_DOCUMENTO_LOCALIZADO"
    other = _adn(taker, 1, cnpjConsulta="11222333000181")
    assert other.status_code == 400
    assert [e["Codigo"] for e in other.json()["Erros"]] == ["E9593"]
    assert sim.distribution(TAKER, family="nfse")["maxNSU"] == 2
