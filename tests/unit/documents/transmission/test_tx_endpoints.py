"""Endpoint resolution from nfelib's tables, the UF routing and the AUTHORITY_URL override."""

from __future__ import annotations

import ast
from importlib import resources

import pytest

from documents.transmission import services as svc
from documents.transmission.endpoints import (
    CTE_OWN,
    NFE_OWN,
    NFE_SVAN,
    UF_CODES,
    Environment,
    effective_url,
    nfe_authority,
    nfse_url,
    real_url,
)
from documents.transmission.errors import EndpointNotFoundError

HOM, PROD = Environment.HOMOLOGATION, Environment.PRODUCTION


@pytest.mark.parametrize(
    ("uf", "model", "expected"),
    [
        ("SP", "55", "https://homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx"),
        ("RS", "55", "https://nfe-homologacao.sefazrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"),
        ("SC", "55", "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"),
        ("MA", "55", "https://hom.sefazvirtual.fazenda.gov.br/NFeAutorizacao4/NFeAutorizacao4.asmx"),
        ("BA", "55", "https://hnfe.sefaz.ba.gov.br/webservices/NFeAutorizacao4/NFeAutorizacao4.asmx"),
        ("BA", "65", "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"),
        ("42", "55", "https://nfe-homologacao.svrs.rs.gov.br/ws/NfeAutorizacao/NFeAutorizacao4.asmx"),
    ],
)  # fmt: skip
def test_nfe_authoriser_per_uf_and_model(uf: str, model: str, expected: str) -> None:
    assert real_url(svc.NFE_AUTHORIZATION, uf, HOM, model=model) == expected


def test_contingency_goes_to_svc() -> None:
    assert nfe_authority("SP", "55", "6") == "SVC-AN"
    assert nfe_authority("BA", "55", "7") == "SVC-RS"
    assert nfe_authority("SP", "65", "9") == "SP"


def test_wsdl_query_suffix_is_dropped() -> None:
    url = real_url(svc.NFE_STATUS, "GO", PROD)
    assert url == "https://nfe.sefaz.go.gov.br/nfe/services/NFeStatusServico4"


def test_override_maps_to_host_and_path() -> None:
    url = real_url(svc.NFE_AUTHORIZATION, "SP", HOM)
    assert effective_url(url, "https://127.0.0.1:8443") == (
        "https://127.0.0.1:8443/homologacao.nfe.fazenda.sp.gov.br/ws/nfeautorizacao4.asmx"
    )
    assert effective_url(url, "https://127.0.0.1:8443/") == effective_url(
        url, "https://127.0.0.1:8443"
    )
    assert effective_url(url, None) == url


def test_cte_and_mdfe_routing() -> None:
    assert "nfe.fazenda.sp.gov.br/CTeWS" in real_url(svc.CTE_RECEPTION, "PE", PROD)
    assert real_url(svc.CTE_RECEPTION, "MT", HOM).startswith("https://homologacao.sefaz.mt.gov.br/")
    assert real_url(svc.CTE_OS_RECEPTION, "BA", HOM).startswith("https://cte-homologacao.svrs")
    for uf in ("SP", "AM", "RS"):
        assert real_url(svc.MDFE_RECEPTION, uf, PROD).startswith("https://mdfe.svrs.rs.gov.br/")


@pytest.mark.parametrize("service", svc.ALL_SERVICES, ids=lambda s: s.table_key)
@pytest.mark.parametrize("environment", list(Environment))
def test_every_uf_has_every_service(service: svc.SoapService, environment: Environment) -> None:
    models = ("55", "65") if service.family is svc.Family.NFE else ("00",)
    for uf in UF_CODES:
        for model in models:
            assert real_url(service, uf, environment, model=model).startswith("https://")


def test_unknown_uf_is_an_error() -> None:
    with pytest.raises(EndpointNotFoundError):
        real_url(svc.NFE_STATUS, "XX", HOM)


def _last_assignments(source: str) -> dict[str, set[str]]:
    """Evaluate every top-level literal set/dict assignment; later ones win, as in Python."""
    found: dict[str, set[str]] = {}
    for node in ast.parse(source).body:
        if isinstance(node, ast.Assign) and isinstance(node.targets[0], ast.Name):
            value = node.value
            if isinstance(value, ast.Set | ast.Dict):
                literal = ast.literal_eval(value)
                found[node.targets[0].id] = set(literal)
    return found


def test_nfe_routing_matches_nfelib() -> None:
    """Drift test: our NF-e (55) routing equals nfelib's effective sets in `nfe.py`."""
    path = resources.files("nfelib").joinpath("nfe/client/v4_0/nfe.py")
    sets = _last_assignments(path.read_text(encoding="utf-8"))
    by_code = {code: uf for uf, code in UF_CODES.items()}
    assert {by_code[c] for c in sets["_OWN_SERVER_UFS"]} == NFE_OWN
    assert {by_code[c] for c in sets["_SVAN_NORMAL_UFS"]} == NFE_SVAN
    svrs = {by_code[c] for c in sets["_SVRS_NORMAL_UFS"]}
    assert svrs == set(UF_CODES) - NFE_OWN - NFE_SVAN


def test_cte_own_authorisers_exist_in_nfelib_table() -> None:
    for uf in CTE_OWN:
        assert real_url(svc.CTE_QUERY, uf, PROD).startswith("https://")


def test_soap_actions_come_from_the_wsdls() -> None:
    for service in svc.ALL_SERVICES:
        assert service.action == f"{service.namespace}/{service.method}"
        assert service.namespace.startswith(
            f"http://www.portalfiscal.inf.br/{service.family}/wsdl/"
        )
    headed = {s.table_key for s in svc.ALL_SERVICES if s.has_header}
    assert headed == {"MDFeConsulta", "MDFeConsNaoEnc", "MDFeStatusServico", "MDFeRecepcaoEvento"}


def test_nfse_urls() -> None:
    assert nfse_url(PROD, "/nfse") == "https://sefin.nfse.gov.br/SefinNacional/nfse"
    assert nfse_url(HOM, "/dps/X").startswith("https://sefin.producaorestrita.nfse.gov.br/")
