"""Turning an outbox row into an e-mail: subject, plain text and responsive HTML.

Templates live in `templates/` (package data). HTML is rendered with autoescape, so nothing
from a summary (an order code, an authority message) can inject markup; the plain-text part
is text/plain and needs none. The only link is to the panel (`PANEL_URL`), which asks for the
user's own login: no token, XML, certificate or key ever travels in a mail.
"""

from __future__ import annotations

from dataclasses import dataclass
from email.message import EmailMessage
from email.utils import formatdate, parseaddr
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import quote

from jinja2 import Environment, FileSystemLoader, StrictUndefined, select_autoescape

from service.issuance import registry
from service.notify.mail.models import NotificationKind

TEMPLATES = Path(__file__).resolve().parent / "templates"


HEADLINES = {
    NotificationKind.AUTORIZADA: "{doc} autorizada",
    NotificationKind.REJEITADA: "{doc} rejeitada",
    NotificationKind.ACAO_NECESSARIA: "Ação necessária: {doc}",
    NotificationKind.PENDENTE: "{doc} aguardando retorno da autoridade",
}

INTROS = {
    NotificationKind.AUTORIZADA: "O documento foi autorizado pela autoridade fiscal.",
    NotificationKind.REJEITADA: (
        "A autoridade fiscal rejeitou o documento. Corrija o motivo abaixo e envie o pedido "
        "novamente."
    ),
    NotificationKind.ACAO_NECESSARIA: (
        "A emissão está parada e precisa de uma ação sua. Depois de corrigir a configuração, "
        "reprocesse a solicitação."
    ),
    NotificationKind.PENDENTE: (
        "O documento foi transmitido, mas a autoridade fiscal ainda não confirmou o resultado. "
        "O serviço continua consultando e avisará quando houver resposta oficial."
    ),
}


STATUS_NAMES = {
    "AUTORIZADA": "Autorizada",
    "REJEITADA": "Rejeitada",
    "DENEGADA": "Denegada",
    "PENDENTE": "Aguardando retorno da autoridade",
    "AGUARDANDO_RETORNO": "Aguardando retorno da autoridade",
    "ACAO_NECESSARIA": "Ação necessária",
    "ERRO": "Não emitida (pedido recusado)",
}

REFUSED_HEADLINE = "{doc} não emitida"
REFUSED_INTRO = (
    "O pedido não pode ser emitido como foi enviado: nada foi numerado, enviado à autoridade "
    "ou cobrado. Corrija o motivo abaixo e envie o pedido novamente."
)
"""A queued request that ended in ERRO: mailed to those who asked for rejections, but it is
our refusal of the request, not the authority's rejection of a document."""


def _refused(kind: NotificationKind, summary: dict[str, Any]) -> bool:
    return kind is NotificationKind.REJEITADA and summary.get("status") == "ERRO"


def _headline(kind: NotificationKind, summary: dict[str, Any]) -> str:
    template = REFUSED_HEADLINE if _refused(kind, summary) else HEADLINES[kind]
    return template.format(doc=_doc_label(summary))


LABELS = (
    ("pedido", "Pedido"),
    ("status", "Situação"),
    ("chave", "Chave de acesso"),
    ("protocolo", "Protocolo"),
)


@dataclass(frozen=True)
class Company:
    """What a mail says about the issuer (never its certificate or CSC)."""

    razao_social: str
    documento: str
    pessoa_fisica: bool = False
    """A natural-person producer: its CPF, also inside the access key, is masked (LGPD)."""


@dataclass(frozen=True)
class Rendered:
    subject: str
    text: str
    html: str


@cache
def _environment() -> Environment:
    return Environment(
        loader=FileSystemLoader(TEMPLATES),
        autoescape=select_autoescape(enabled_extensions=("html",), default_for_string=True),
        undefined=StrictUndefined,
        trim_blocks=True,
        lstrip_blocks=True,
    )


def issuer_document(cnpj: str | None, cpf: str | None) -> str:
    """`CNPJ 11.222.333/0001-81`; a producer's CPF is masked (personal data, LGPD)."""
    if cnpj:
        c = cnpj
        return f"CNPJ {c[:2]}.{c[2:5]}.{c[5:8]}/{c[8:12]}-{c[12:]}" if len(c) == 14 else c
    if cpf and len(cpf) == 11:
        return f"CPF ***.{cpf[3:6]}.{cpf[6:9]}-**"
    return "-"


def masked_key(key: str) -> str:
    """The access key of a CPF issuer with the CPF (positions 10..20, after the three padding
    zeros) masked as `issuer_document` masks it: only its digits 4 to 9 remain."""
    if len(key) != 44:
        return key
    return f"{key[:9]}***{key[12:18]}**{key[20:]}"


def document_name(summary: dict[str, Any]) -> str:
    """The family's name as people say it (`NF-e`), from the registry."""
    code = str(summary.get("documento") or "").upper()
    try:
        return registry.by_documento(code).label
    except registry.UnknownFamily:
        return code or "Documento"


def is_homologation(ambiente: str) -> bool:
    return ambiente.strip().upper().startswith("HOMOLOG")


def one_line(text: str, limit: int = 200) -> str:
    """A header-safe line: no CR/LF (header injection), bounded length."""
    return " ".join(text.split())[:limit]


PURPOSES = {2: "complementar", 3: "de ajuste", 4: "de devolução"}
"""How a subject names an NF-e that is not a plain one (`finalidade`); an entry says so."""


def _doc_label(summary: dict[str, Any]) -> str:
    """`NF-e nº 12 série 1`, or `NF-e` before a number exists; `NF-e de devolução nº 13 …`
    for a return, `NF-e de entrada …` for an entry of the issuer's own."""
    label = document_name(summary)
    purpose = PURPOSES.get(int(summary.get("finalidade") or 1))
    if purpose:
        label += f" {purpose}"
    elif str(summary.get("tipo_operacao")) == "0":
        label += " de entrada"
    if summary.get("numero"):
        label += f" nº {summary['numero']}"
        if summary.get("serie") is not None:
            label += f" série {summary['serie']}"
    return label


def subject(kind: NotificationKind, summary: dict[str, Any], ambiente: str) -> str:
    """Portuguese subject: what happened, which document, which order."""
    text = _headline(kind, summary)
    if summary.get("pedido"):
        text += f" (pedido {summary['pedido']})"
    if kind is NotificationKind.REJEITADA and summary.get("sefaz_code"):
        text += f" — código {summary['sefaz_code']}"
    if is_homologation(ambiente):
        text = "[Homologação] " + text
    return one_line(text)


def panel_link(panel_url: str, summary: dict[str, Any]) -> str:
    """The panel page of the document (or of the queued request when there is none)."""
    base = panel_url.rstrip("/")
    if summary.get("id"):
        return f"{base}/documentos/{quote(str(summary['id']), safe='')}"
    if summary.get("solicitacao_id"):
        return f"{base}/solicitacoes/{quote(str(summary['solicitacao_id']), safe='')}"
    return base


def _reason(item: Any) -> str:
    if isinstance(item, dict):
        parts = [item.get("codigo"), item.get("campo"), item.get("mensagem")]
        return " — ".join(str(p) for p in parts if p)
    return str(item)


def _problem(summary: dict[str, Any]) -> dict[str, Any] | None:
    """The authority's code and message, else the task's error (`erro`)."""
    if summary.get("sefaz_code") or summary.get("sefaz_mensagem"):
        return {"codigo": summary.get("sefaz_code"), "mensagem": summary.get("sefaz_mensagem")}
    error = summary.get("erro")
    if isinstance(error, dict):
        return {"codigo": error.get("codigo"), "mensagem": error.get("mensagem")}
    return None


def context(
    kind: NotificationKind,
    summary: dict[str, Any],
    ambiente: str,
    company: Company | None,
    panel_url: str,
) -> dict[str, Any]:
    """Everything the templates read, already in display form."""
    rows: list[tuple[str, str]] = [("Documento", document_name(summary))]
    if summary.get("numero"):
        rows.append(("Número / série", f"{summary['numero']} / {summary.get('serie', '-')}"))
    for key, label in LABELS:
        if summary.get(key):
            value = str(summary[key])
            if key == "chave" and company is not None and company.pessoa_fisica:
                value = masked_key(value)
            rows.append((label, STATUS_NAMES.get(value, value) if key == "status" else value))
    if company is not None:
        rows.append(("Empresa", f"{company.razao_social} ({company.documento})"))
    rows.append(("Ambiente", "Homologação" if is_homologation(ambiente) else "Produção"))
    if summary.get("contexto"):
        rows.append(("Contexto", str(summary["contexto"])))
    if summary.get("solicitacao_id") and not summary.get("id"):
        rows.append(("Solicitação", str(summary["solicitacao_id"])))
    rejection = _problem(summary)
    return {
        "kind": kind.value,
        "headline": _headline(kind, summary),
        "intro": REFUSED_INTRO if _refused(kind, summary) else INTROS[kind],
        "rows": rows,
        "rejection": rejection if kind is not NotificationKind.AUTORIZADA else None,
        "motivos": [_reason(m) for m in summary.get("motivos", [])],
        "pendencias": [_reason(m) for m in summary.get("missing", [])],
        "link": panel_link(panel_url, summary),
        "homologacao": is_homologation(ambiente),
    }


def render(
    kind: str,
    summary: dict[str, Any],
    ambiente: str,
    company: Company | None,
    panel_url: str,
) -> Rendered:
    notice = NotificationKind(kind)
    values = context(notice, summary, ambiente, company, panel_url)
    env = _environment()
    return Rendered(
        subject=subject(notice, summary, ambiente),
        text=env.get_template("notification.txt").render(values),
        html=env.get_template("notification.html").render(values),
    )


def message(rendered: Rendered, *, sender: str, to: str, message_id: str) -> EmailMessage:
    """multipart/alternative: plain text first, HTML last (the preferred part)."""
    mail = EmailMessage()
    mail["Subject"] = rendered.subject
    mail["From"] = sender
    mail["To"] = to
    mail["Date"] = formatdate(localtime=False, usegmt=True)
    domain = parseaddr(sender)[1].rpartition("@")[2] or "fiscal.local"
    mail["Message-ID"] = f"<{message_id}@{domain}>"
    mail["Auto-Submitted"] = "auto-generated"
    mail.set_content(rendered.text)
    mail.add_alternative(rendered.html, subtype="html")
    return mail
