"""`referencias[]` of a request as the layout's NFref, and the rules by finalidade.

A complement (2), an adjustment (3) and a return (4) name the documents they refer to; a
normal NF-e may too (a sale after an ECF coupon). The NFC-e has no references (rejection 708).
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfe import model as doc
from service.brazil.geo import uf_code
from service.companies.models import Company
from service.errors import invalid_field
from service.issuance.models import DocumentStatus, FiscalDocument
from service.nfe import rural

NEEDS_REFERENCE = {
    doc.FinNFe.COMPLEMENTAR: "complementar",
    doc.FinNFe.AJUSTE: "de ajuste",
    doc.FinNFe.DEVOLUCAO: "de devolução",
}


def reference(raw: dict[str, Any]) -> doc.Reference:
    """One request reference (already validated by `ReferenceSchema`)."""
    if "chave" in raw:
        return doc.RefKey(key=raw["chave"])
    if "ecf" in raw:
        ecf = raw["ecf"]
        return doc.RefEcf(model=ecf["modelo"], ecf_number=ecf["n_ecf"], coo=ecf["n_coo"])
    if "cpf_cnpj" in raw or "ie" in raw or raw["modelo"] == "04":
        return doc.RefProducerNote(
            uf_code=uf_code(raw["uf"]), yymm=raw["aamm"], registration=raw["cpf_cnpj"],
            ie=raw["ie"], model=raw["modelo"], series=raw["serie"], number=raw["numero"],
        )  # fmt: skip
    return doc.RefPaperNote(
        uf_code=uf_code(raw["uf"]), yymm=raw["aamm"], cnpj=raw["cnpj"], model=raw["modelo"],
        series=raw["serie"], number=raw["numero"],
    )  # fmt: skip


def references(
    raw: list[dict[str, Any]] | None, finalidade: doc.FinNFe, implied: tuple[doc.Reference, ...]
) -> tuple[doc.Reference, ...]:
    """The request's references after those the service implies (a return's original), without
    repeats; finalidade 2, 3 and 4 need at least one, and a complement exactly one."""
    found: list[doc.Reference] = list(implied)
    for entry in raw or ():
        ref = reference(entry)
        if ref not in found:
            found.append(ref)
    kind = NEEDS_REFERENCE.get(finalidade)
    if kind is not None and not found:
        raise invalid_field(
            "referencias",
            f"Uma NF-e {kind} (finalidade {finalidade.value}) precisa referenciar o documento a "
            'que se refere: informe `referencias` (ex.: [{"chave": "<44 dígitos>"}]).',
        )
    if finalidade is doc.FinNFe.COMPLEMENTAR and len(found) > 1:
        raise invalid_field(
            "referencias", "Uma NF-e complementar referencia uma única nota: informe só uma."
        )
    return tuple(found)


def check_own_notes(
    session: Session,
    company: Company,
    raw: list[dict[str, Any]] | None,
    finalidade: doc.FinNFe,
    ambiente: str,
) -> None:
    """A complement or a return that names one of the company's own NF-e by key: it must be
    an NF-e issued here and authorized (the authority's 267/686), and a complement does not
    complement a complement (268); a paper note a complement names is the company's (269)."""
    if finalidade not in (doc.FinNFe.COMPLEMENTAR, doc.FinNFe.DEVOLUCAO):
        return
    own = rural.issuer_registration(company).zfill(14)
    for index, entry in enumerate(raw or ()):
        key = entry.get("chave")
        if key and key[6:20] == own and key[20:22] == doc.Modelo.NFE:
            _check_own_key(session, company, key, finalidade, ambiente, f"referencias.{index}")
        paper = entry.get("cnpj") or entry.get("cpf_cnpj")
        if finalidade is doc.FinNFe.COMPLEMENTAR and paper and paper.zfill(14) != own:
            raise invalid_field(
                f"referencias.{index}",
                "Uma NF-e complementar só complementa nota da própria empresa (rejeição 269).",
            )


def _check_own_key(
    session: Session,
    company: Company,
    key: str,
    finalidade: doc.FinNFe,
    ambiente: str,
    field: str,
) -> None:
    document = session.execute(
        select(FiscalDocument).where(FiscalDocument.chave == key)
    ).scalar_one_or_none()
    if document is None or document.company_id != company.id or document.ambiente != ambiente:
        raise invalid_field(
            f"{field}.chave", "A chave é de uma NF-e desta empresa que não foi emitida aqui "
            "neste ambiente (rejeição 267).",
        )  # fmt: skip
    if document.status is not DocumentStatus.AUTORIZADA:
        raise invalid_field(
            f"{field}.chave",
            f"A NF-e {document.numero} referenciada está {document.status.value}: só se "
            "referencia nota autorizada (rejeição 686).",
        )
    summary = document.resumo or {}
    if finalidade is doc.FinNFe.COMPLEMENTAR and summary.get("finalidade") == 2:
        raise invalid_field(
            f"{field}.chave",
            "Uma NF-e complementar não complementa outra complementar (rejeição 268): "
            "referencie a nota original.",
        )
