"""What an NF-e is for: finNFe and tpNF, the nature that names it, and the CFOP they demand.

`finalidade` and `tipo_operacao` come from the request, else from the nature (its spec fields),
else 1/1. A return (`devolucao_de`) is finalidade 4 in the direction opposite to its original
(a sale comes back as an entry; a purchase the company documented goes back as an output), and
its nature is the one the request names or the company's only return nature for that direction.
The CFOP comes from the tax rule the engine chose, or from the nature's `cfop`; a CFOP of the
wrong direction, or a return without a return CFOP, is configuration to complete (422), never
guessed.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfe import model as doc
from service.companies.models import Company
from service.configuration.models import Nature
from service.errors import ApiError, invalid_field
from service.nfe.registers import Gaps, NatureView, resolve_nature

_RETURN_SUFFIXES = (
    "201", "202", "203", "204", "208", "209", "210", "211", "410", "411", "412", "413", "503",
    "504", "505", "506", "553", "555", "556", "660", "661", "662", "918", "919",
)  # fmt: skip
RETURN_CFOPS = frozenset(f"{first}{suffix}" for first in "123567" for suffix in _RETURN_SUFFIXES)
"""CFOPs of returns of goods (devolução) and of their entries, in every scope (CFOP table,
Convênio s/nº 1970, groups x.200, x.410, x.500, x.550, x.660, x.900)."""

_FIRST_DIGIT = {
    (doc.TpNF.ENTRADA, doc.IdDest.INTERNA): "1",
    (doc.TpNF.ENTRADA, doc.IdDest.INTERESTADUAL): "2",
    (doc.TpNF.ENTRADA, doc.IdDest.EXTERIOR): "3",
    (doc.TpNF.SAIDA, doc.IdDest.INTERNA): "5",
    (doc.TpNF.SAIDA, doc.IdDest.INTERESTADUAL): "6",
    (doc.TpNF.SAIDA, doc.IdDest.EXTERIOR): "7",
}


@dataclass(frozen=True)
class Purpose:
    finalidade: doc.FinNFe
    tipo: doc.TpNF
    nature: NatureView | None


def _return_nature(
    session: Session, company: Company, tipo: doc.TpNF, gaps: Gaps
) -> NatureView | None:
    query = select(Nature).where(
        Nature.company_id == company.id,
        Nature.ativo.is_(True),
        Nature.finalidade == 4,
        Nature.tipo_operacao == int(tipo.value),
    )
    found = session.execute(query.limit(2)).scalars().all()
    if len(found) > 1:
        raise invalid_field(
            "natureza",
            "A empresa tem mais de uma natureza de devolução: informe `natureza` com o código.",
        )
    if not found:
        direction = "entrada (0)" if tipo is doc.TpNF.ENTRADA else "saída (1)"
        gaps.add(
            "natureza.devolucao",
            "NATUREZA_DEVOLUCAO_AUSENTE",
            f"Cadastre uma natureza de devolução (finalidade 4, tipo_operacao {direction}) "
            "ou informe `natureza`.",
        )
        return None
    return NatureView.of(found[0])


def decide(
    session: Session,
    company: Company,
    body: dict[str, Any],
    modelo: str,
    gaps: Gaps,
    returned_tp_nf: doc.TpNF | None,
) -> Purpose:
    """finNFe, tpNF and nature; `returned_tp_nf` is the original's tpNF on a return."""
    if returned_tp_nf is not None:
        return _for_return(session, company, body, modelo, gaps, returned_tp_nf)
    nature = resolve_nature(session, company, body.get("natureza"), modelo, gaps)
    finalidade = body.get("finalidade") or (nature.finalidade if nature else None) or 1
    tipo = body.get("tipo_operacao")
    if tipo is None:
        tipo = nature.tipo_operacao if nature and nature.tipo_operacao is not None else 1
    purpose = Purpose(doc.FinNFe(str(finalidade)), doc.TpNF(str(tipo)), nature)
    _check_model(purpose, modelo)
    return purpose


def _for_return(
    session: Session,
    company: Company,
    body: dict[str, Any],
    modelo: str,
    gaps: Gaps,
    returned_tp_nf: doc.TpNF,
) -> Purpose:
    if body.get("finalidade", 4) != 4:
        raise invalid_field(
            "finalidade", "Uma devolução (`devolucao_de`) tem finalidade 4: retire ou use 4."
        )
    tipo = doc.TpNF.SAIDA if returned_tp_nf is doc.TpNF.ENTRADA else doc.TpNF.ENTRADA
    if "tipo_operacao" in body and str(body["tipo_operacao"]) != tipo.value:
        raise invalid_field(
            "tipo_operacao",
            f"A devolução de uma nota de {'entrada' if tipo is doc.TpNF.SAIDA else 'saída'} é "
            f"de {'saída' if tipo is doc.TpNF.SAIDA else 'entrada'} (tipo_operacao "
            f"{tipo.value}): retire ou use {tipo.value}.",
        )
    if body.get("natureza"):
        nature = resolve_nature(session, company, body["natureza"], modelo, gaps)
    else:
        nature = _return_nature(session, company, tipo, gaps)
    purpose = Purpose(doc.FinNFe.DEVOLUCAO, tipo, nature)
    _check_model(purpose, modelo)
    return purpose


def _check_model(purpose: Purpose, modelo: str) -> None:
    """The NFC-e is a sale to a consumer: finNFe 1 and tpNF 1 only (rejections 715, 706)."""
    if modelo != doc.Modelo.NFCE:
        return
    if purpose.finalidade is not doc.FinNFe.NORMAL:
        raise invalid_field("finalidade", "A NFC-e só tem finalidade 1 (normal): use a NF-e.")
    if purpose.tipo is not doc.TpNF.SAIDA:
        raise invalid_field(
            "tipo_operacao", "A NFC-e só documenta saídas (tipo_operacao 1): use a NF-e."
        )


def _acceptable(cfop: str | None, expected: str, returning: bool) -> bool:
    if not cfop:
        return False
    return cfop[0] == expected and (not returning or cfop in RETURN_CFOPS)


def cfops(purpose: Purpose, id_dest: doc.IdDest, decided: list[str | None]) -> list[str]:
    """Each line's CFOP: the rule's when it fits the direction (and is a return CFOP on a
    return), else the nature's when that one fits, else 422 saying what to configure."""
    expected = _FIRST_DIGIT[(purpose.tipo, id_dest)]
    returning = purpose.finalidade is doc.FinNFe.DEVOLUCAO
    fallback = purpose.nature.cfop if purpose.nature else None
    chosen = []
    wrong = []
    for numero, cfop in enumerate(decided, start=1):
        if _acceptable(cfop, expected, returning):
            chosen.append(str(cfop))
        elif _acceptable(fallback, expected, returning):
            chosen.append(str(fallback))
        else:
            wrong.append((numero, cfop))
    if wrong:
        raise _cfop_missing(purpose, expected, returning, wrong)
    return chosen


def _cfop_missing(
    purpose: Purpose, expected: str, returning: bool, wrong: list[tuple[int, str | None]]
) -> ApiError:
    nature = purpose.nature
    name = nature.codigo if nature else "(sem natureza)"
    kind = "de devolução " if returning else ""
    example = {"1": "1202", "2": "2202", "3": "3202", "5": "5202", "6": "6202", "7": "7202"}
    sample = example[expected] if returning else f"{expected}xxx"
    items = ", ".join(f"item {n}: {c or 'nenhum'}" for n, c in wrong)
    message = (
        f"Configuração fiscal incompleta: a operação pede CFOP {kind}iniciado por {expected} "
        f"(ex.: {sample}) e a regra de tributação aplicada deu outro ({items}). Cadastre uma "
        f"regra de tributação com `natureza_id` da natureza {name} e esse CFOP, ou informe o "
        "`cfop` da natureza."
    )
    return ApiError(
        "FISCAL_CONFIGURATION_REQUIRED",
        message,
        missing=[f"natureza.{name}.cfop_{'devolucao' if returning else 'operacao'}"],
        motivos=["CFOP_DEVOLUCAO_AUSENTE" if returning else "CFOP_INCOMPATIVEL"],
        body={"ready_to_issue": False},
    )
