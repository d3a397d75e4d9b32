"""Readiness per model: what NF-e and NFC-e each need beyond the overview's general steps.

The spec's `pronta_para_emitir` covers the four mandatory steps; issuance also needs the
model's module, a default nature for the model (a minimal request names none) and, for NFC-e,
the CSC. These are the conditions POST /nfe and /nfce check (`service/nfe/registers.py`), so
`pronta_para_emitir_modelos` never promises a document the issuance then refuses.
"""

from __future__ import annotations

from dataclasses import dataclass

from service.companies.models import Company, Module
from service.configuration import rules


@dataclass(frozen=True)
class Model:
    key: str
    label: str
    module: Module
    default_flag: str
    """The nature column that marks the model's default nature."""
    needs_csc: bool


MODELS = (
    Model("nfe", "NF-e", Module.NFE, "padrao_nfe", needs_csc=False),
    Model("nfce", "NFC-e", Module.NFCE, "padrao_nfce", needs_csc=True),
)


def not_ready() -> dict[str, bool]:
    """Every model false: an account without a company."""
    return {model.key: False for model in MODELS}


def _pendencies(company: Company, model: Model) -> list[str]:
    found: list[str] = []
    natures = rules.list_natures(company, ativo=True)
    if not any(getattr(nature, model.default_flag) for nature in natures):
        found.append(
            f"{model.label}: nenhuma natureza ativa marcada como padrão ({model.default_flag})."
        )
    if model.needs_csc and not company.has_csc:
        found.append(f"{model.label}: informe o CSC (csc_id e csc) do emitente.")
    return found


def by_model(company: Company, general_ready: bool) -> tuple[dict[str, bool], list[str]]:
    """Each model's readiness and the pendencies that are its own (listed even before the
    general steps are done, so nothing comes as a surprise at the first issuance). A model
    whose module the company did not enable is not ready and asks for nothing: an NFS-e-only
    company is not told to configure NFC-e."""
    ready: dict[str, bool] = {}
    pendencies: list[str] = []
    for model in MODELS:
        if model.module.value not in company.modulos:
            ready[model.key] = False  # not used by this company: nothing to ask for
            continue
        own = _pendencies(company, model)
        ready[model.key] = general_ready and not own
        pendencies.extend(own)
    return ready, pendencies
