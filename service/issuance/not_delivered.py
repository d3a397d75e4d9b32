"""A request that never reached the authority: what to tell the caller and the log.

`documents.transmission` reports it as `NotSent` (refused TLS handshake, connection refused,
unknown host, a write that failed): no byte reached the authority's application, so there is
nothing uncertain to reconcile and nothing to charge. The caller must learn *what* failed; when
the authority refused our certificate, *which* certificate (holder, CNPJ, issuer), because the
fix is a person installing one the authority trusts.
"""

from __future__ import annotations

import logging
from typing import Any

from cryptography import x509
from cryptography.x509.oid import NameOID

from documents.certificates import A1Certificate, holder_ids
from documents.transmission.outcome import NotSent, NotSentReason
from service.errors import ApiError

log = logging.getLogger("service.issuance")

CERTIFICATE_REFUSED = "AUTORIDADE_RECUSOU_CERTIFICADO"
UNREACHABLE = "AUTORIDADE_INACESSIVEL"

CAUSES = {
    NotSentReason.DNS_FAILED: "o endereço da autoridade não foi resolvido (DNS)",
    NotSentReason.CONNECTION_REFUSED: "a autoridade recusou a conexão",
    NotSentReason.CONNECT_TIMEOUT: "a conexão com a autoridade excedeu o tempo limite",
    NotSentReason.CONNECT_FAILED: "a conexão com a autoridade falhou",
    NotSentReason.TLS_FAILED: "o canal seguro (TLS) com a autoridade não foi estabelecido",
    NotSentReason.TLS_REJECTED: "a autoridade recusou o certificado do cliente no TLS",
    NotSentReason.WRITE_FAILED: "a conexão caiu antes de o pedido ser enviado por inteiro",
}
"""Portuguese cause of each `NotSentReason`, for the caller and the task history."""


def _common_name(name: x509.Name) -> str:
    values = name.get_attributes_for_oid(NameOID.COMMON_NAME)
    return str(values[0].value) if values else name.rfc4514_string()


def certificate_summary(a1: A1Certificate) -> dict[str, Any]:
    """Who the certificate names and who issued it (never key material)."""
    cert = a1.certificate
    return {
        "titular": _common_name(cert.subject),
        "cnpj": holder_ids(cert).cnpj,
        "emissor": _common_name(cert.issuer),
        "numero_serie": format(cert.serial_number, "x"),
        "valido_ate": cert.not_valid_after_utc.isoformat(),
    }


def error_code(outcome: NotSent) -> str:
    return CERTIFICATE_REFUSED if outcome.certificate_refused else UNREACHABLE


def message(outcome: NotSent, a1: A1Certificate) -> str:
    """What failed, in Portuguese; for a refused certificate its holder, CNPJ and issuer."""
    if not outcome.certificate_refused:
        return (
            f"Não foi possível enviar à autoridade fiscal: {CAUSES[outcome.reason]}. Nada foi "
            "enviado nem cobrado; repita o mesmo pedido quando a conexão voltar."
        )
    cert = certificate_summary(a1)
    return (
        f'A autoridade fiscal recusou o certificado A1 "{cert["titular"]}" '
        f'(CNPJ {cert["cnpj"] or "não informado"}), emitido por "{cert["emissor"]}": ela não '
        "confia nessa autoridade certificadora ou no certificado. Nada foi enviado nem cobrado; "
        "envie um certificado ICP-Brasil aceito e repita o mesmo pedido."
    )


def api_error(outcome: NotSent, a1: A1Certificate, body: dict[str, Any] | None = None) -> ApiError:
    """502 `AUTORIDADE_RECUSOU_CERTIFICADO` or 503 `AUTORIDADE_INACESSIVEL`, with the cause."""
    extra: dict[str, Any] = {"causa": outcome.reason.value, "detalhe": outcome.detail}
    if outcome.certificate_refused:
        extra["certificado"] = certificate_summary(a1)
    return ApiError(error_code(outcome), message(outcome, a1), body=body, **extra)


def log_not_delivered(outcome: NotSent, **ids: Any) -> None:
    """One warning naming what was not sent (document id, key, ...) and why, in the message
    itself: the JSON log formatter keeps only the message and the request fields."""
    named = " ".join(f"{name}={value}" for name, value in ids.items())
    log.warning(
        "not delivered to the authority: %s causa=%s detalhe=%s",
        named,
        outcome.reason.value,
        outcome.detail,
        extra={"causa": outcome.reason.value, **ids},
    )
