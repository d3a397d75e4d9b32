"""Mail content: Portuguese subjects, the summary, the panel link, escaping, nothing secret."""

from __future__ import annotations

from typing import Any

import pytest

from service.notify.mail import compose
from service.notify.mail.outbox import safe_summary

PANEL = "https://painel.exemplo.test/painel/"
ISSUER = compose.Company("Padaria Pão & Cia Ltda", "CNPJ 11.222.333/0001-81")


def _summary(**changes: Any) -> dict[str, Any]:
    base = {
        "id": "nfe_abc",
        "documento": "NFE",
        "status": "AUTORIZADA",
        "chave": "35261111222333000181550010000000121000000126",
        "numero": 12,
        "serie": 1,
        "pedido": "P-1",
        "ambiente": "PRODUCAO",
        "protocolo": "135260000000001",
        "sefaz_code": "100",
        "sefaz_mensagem": "Autorizado o uso da NF-e",
        "links": {"xml": "/api/v1/nfe/nfe_abc/xml", "danfe": "/api/v1/nfe/nfe_abc/danfe"},
    }
    return safe_summary({**base, **changes})


def _render(kind: str, summary: dict[str, Any], ambiente: str = "PRODUCAO") -> compose.Rendered:
    return compose.render(kind, summary, ambiente, ISSUER, PANEL)


@pytest.mark.parametrize(
    ("kind", "changes", "expected"),
    [
        ("autorizada", {}, "NF-e nº 12 série 1 autorizada (pedido P-1)"),
        (
            "rejeitada",
            {"status": "REJEITADA", "sefaz_code": "539"},
            "NF-e nº 12 série 1 rejeitada (pedido P-1) — código 539",
        ),
        (
            "acao_necessaria",
            {"numero": None, "status": "ACAO_NECESSARIA"},
            "Ação necessária: NF-e (pedido P-1)",
        ),
        (
            "pendente",
            {"documento": "NFCE", "status": "PENDENTE"},
            "NFC-e nº 12 série 1 aguardando retorno da autoridade (pedido P-1)",
        ),
        (
            "autorizada",
            {"finalidade": 4, "tipo_operacao": 0},
            "NF-e de devolução nº 12 série 1 autorizada (pedido P-1)",
        ),
        (
            "autorizada",
            {"finalidade": 2},
            "NF-e complementar nº 12 série 1 autorizada (pedido P-1)",
        ),
        (
            "autorizada",
            {"tipo_operacao": 0},
            "NF-e de entrada nº 12 série 1 autorizada (pedido P-1)",
        ),
        (
            "rejeitada",
            {"numero": None, "status": "ERRO", "sefaz_code": None, "erro": {"codigo": "X"}},
            "NF-e não emitida (pedido P-1)",
        ),
    ],
)
def test_subjects_are_portuguese(kind: str, changes: dict[str, Any], expected: str) -> None:
    assert _render(kind, _summary(**changes)).subject == expected


def test_homologation_is_flagged() -> None:
    rendered = _render("autorizada", _summary(), "HOMOLOGACAO")
    assert rendered.subject.startswith("[Homologação] ")
    assert "homologação" in rendered.text and "homologação" in rendered.html
    assert "[Homologação]" not in _render("autorizada", _summary(), "PRODUCAO").subject


def test_authorized_mail_shows_the_document_and_no_reason() -> None:
    rendered = _render("autorizada", _summary())
    for body in (rendered.text, rendered.html):
        assert "35261111222333000181550010000000121000000126" in body
        assert "135260000000001" in body
        assert "P-1" in body and "Autorizada" in body
        assert "Motivo" not in body
    assert "Padaria Pão &amp; Cia Ltda" in rendered.html
    assert "Padaria Pão & Cia Ltda" in rendered.text


def test_rejection_carries_the_code_and_the_authoritys_reason() -> None:
    summary = _summary(status="REJEITADA", sefaz_code="225", sefaz_mensagem="Falha no Schema XML")
    rendered = _render("rejeitada", summary)
    for body in (rendered.text, rendered.html):
        assert "Motivo (código 225)" in body and "Falha no Schema XML" in body


def test_action_required_lists_the_reasons_and_the_missing_configuration() -> None:
    summary = _summary(
        id=None,
        solicitacao_id="sol_1",
        status="ACAO_NECESSARIA",
        sefaz_code=None,
        sefaz_mensagem=None,
        erro={"codigo": "FISCAL_CONFIGURATION_REQUIRED", "mensagem": "Configuração fiscal"},
        motivos=["PRODUTO_SEM_NCM", {"codigo": "CSC_AUSENTE", "mensagem": "Informe o CSC"}],
        missing=["produto.P1.ncm"],
    )
    rendered = _render("acao_necessaria", summary)
    for body in (rendered.text, rendered.html):
        assert "PRODUTO_SEM_NCM" in body
        assert "CSC_AUSENTE — Informe o CSC" in body
        assert "produto.P1.ncm" in body
        assert "FISCAL_CONFIGURATION_REQUIRED" in body
        assert "https://painel.exemplo.test/painel/solicitacoes/sol_1" in body
        assert "Ação necessária" in body


def test_the_only_link_is_the_panel() -> None:
    rendered = _render("autorizada", _summary())
    link = "https://painel.exemplo.test/painel/documentos/nfe_abc"
    assert f'href="{link}"' in rendered.html
    assert rendered.html.count("href=") == 1
    assert link in rendered.text
    for body in (rendered.text, rendered.html):
        assert "/xml" not in body and "/danfe" not in body and "/api/v1" not in body


def test_everything_is_escaped_and_the_subject_cannot_inject_headers() -> None:
    hostile = '<script>alert(1)</script>"\r\nBcc: vitima@exemplo.com'
    rendered = _render("rejeitada", _summary(pedido=hostile, sefaz_mensagem="<b>x</b>"))
    assert "<script>" not in rendered.html and "&lt;script&gt;" in rendered.html
    assert "<b>x</b>" not in rendered.html
    assert "\r" not in rendered.subject and "\n" not in rendered.subject
    message = compose.message(rendered, sender="n@fiscal.local", to="a@x.com", message_id="mail_1")
    assert message["Bcc"] is None
    assert message.get_content_type() == "multipart/alternative"
    assert message["Message-ID"] == "<mail_1@fiscal.local>"


def test_safe_summary_keeps_only_known_members() -> None:
    kept = safe_summary(
        {
            "id": "nfe_1",
            "xml": "<NFe/>",
            "links": {"xml": "/x"},
            "certificado": "-----BEGIN PRIVATE KEY-----",
            "csc": "123",
            "pedido": "x" * 2000,
            "motivos": [{"codigo": "A", "segredo": "s", "mensagem": {"deep": 1}}] * 50,
            "erro": {"codigo": "E", "mensagem": "m", "detalhes": {"senha": "s"}},
        }
    )
    assert set(kept) == {"id", "pedido", "motivos", "erro"}
    assert len(kept["pedido"]) == 500
    assert kept["motivos"] == [{"codigo": "A"}] * 20
    assert kept["erro"] == {"codigo": "E", "mensagem": "m"}


def test_issuer_document_masks_a_producers_cpf() -> None:
    assert compose.issuer_document("11222333000181", None) == "CNPJ 11.222.333/0001-81"
    assert compose.issuer_document(None, "12345678909") == "CPF ***.456.789-**"
    rendered = compose.render(
        "autorizada", _summary(contexto="PRODUTOR_RURAL"), "PRODUCAO",
        compose.Company("João", compose.issuer_document(None, "12345678909")), PANEL,
    )  # fmt: skip
    assert "PRODUTOR_RURAL" in rendered.text
    assert "12345678909" not in rendered.text + rendered.html
    assert "***.456.789-**" in rendered.text


def test_a_producers_cpf_is_masked_inside_the_access_key_too() -> None:
    """The key of a CPF issuer carries `000` + CPF (positions 7..20): shown, it would undo the
    mask; a CNPJ issuer's key is shown whole."""
    key = "35261100012345678909559200000000011959084048"
    producer = compose.Company("João", compose.issuer_document(None, "12345678909"), True)
    rendered = compose.render(
        "autorizada", _summary(chave=key, contexto="PRODUTOR_RURAL"), "PRODUCAO", producer, PANEL
    )
    assert "12345678909" not in rendered.text + rendered.html
    assert "352611000***456789**559200000000011959084048" in rendered.text
    company = compose.Company("Empresa", compose.issuer_document("11222333000181", None))
    whole = compose.render("autorizada", _summary(chave=key), "PRODUCAO", company, PANEL)
    assert key in whole.text
