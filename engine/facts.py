"""Facts: the flat view of a TaxContext that criteria and conditions read.

VOCABULARY is the declared list of variables a criterion or a JsonLogic `condicao` may name;
packs are checked against it at load. In the vocabulary, "destinatário" is always the
counterpart (the NF-e recipient, the NFS-e or CT-e taker).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.context import DocumentType, Item, TaxContext

FactValue = str | bool | frozenset[str] | None
Facts = Mapping[str, FactValue]

VOCABULARY: Mapping[str, str] = {
    "documento": "tipo do documento: NFE NFCE NFSE CTE CTEOS MDFE",
    "modelo": "modelo do documento: 55, 65, 57, 67, 58 (NFS-e: vazio)",
    "data_operacao": "data da operação, AAAA-MM-DD",
    "crt": "CRT do emitente (1, 2, 3, 4)",
    "uf_origem": "UF do emitente",
    "cod_municipio_emitente": "município IBGE do emitente",
    "regime": "regime de apuração do emitente",
    "cnae": "CNAE principal do emitente",
    "contexto": "contexto fiscal do emitente (PRODUTOR_RURAL)",
    "contribuinte_ibs_cbs": "emitente é contribuinte de IBS/CBS (LC 214 art. 164)",
    "uf_destino": "UF do destinatário/tomador (EX = exterior)",
    "cod_municipio_destino": "município IBGE do destinatário/tomador",
    "tipo_destinatario": "PF ou PJ",
    "contribuinte": "destinatário/tomador é contribuinte do ICMS",
    "consumidor_final": "destinatário é consumidor final",
    "destinatario_simples": "destinatário/tomador optante do Simples Nacional",
    "tipo_estabelecimento_tomador": "mesma_natureza industrial comercial comunicacao energia "
    "produtor_rural",
    "operacao": "interna, interestadual ou exterior",
    "natureza_id": "natureza de operação",
    "produto_id": "produto ou serviço cadastrado",
    "ncm": "NCM do item (8 dígitos)",
    "cest": "CEST do item",
    "origem": "origem da mercadoria (0 a 8)",
    "categoria": "categoria do produto",
    "nbs": "NBS do serviço",
    "c_trib_nac": "código de tributação nacional (6 dígitos)",
    "lc116": "item da lista da LC 116 (NN.NN)",
    "enquadramento": "enquadramentos legais declarados do serviço (conjunto)",
    "cod_municipio_prestacao": "município onde o serviço é executado",
    "cod_municipio_incidencia": "município de incidência do ISS (derivado)",
    "uf_inicio": "UF de início da prestação de transporte",
    "uf_fim": "UF de fim da prestação de transporte",
    "cod_municipio_inicio": "município de início da prestação",
    "cod_municipio_fim": "município de fim da prestação",
    "inicio_outra_uf": "prestação iniciada em UF diferente da do emitente",
    "uf": "UF credora do FCP que a regra FCP decide (a do emitente na operação interna, a de "
    "destino no FCP-ST)",
}

SET_FACTS = frozenset({"enquadramento"})
"""Facts holding a set (a JSON list for conditions): tested with `in`, `some`, `all`, `none`,
never compared with `==` or `<` (JsonLogic cannot compare a list and fails to evaluate)."""

_MODELS = {
    DocumentType.NFE: 55,
    DocumentType.NFCE: 65,
    DocumentType.CTE: 57,
    DocumentType.CTEOS: 67,
    DocumentType.MDFE: 58,
}
EXTERIOR = "EX"


def operation_scope(uf_from: str | None, uf_to: str | None) -> str | None:
    """interna / interestadual / exterior; None when a side is unknown."""
    if uf_from is None or uf_to is None:
        return None
    if EXTERIOR in (uf_from, uf_to):
        return "exterior"
    return "interna" if uf_from == uf_to else "interestadual"


def normalize_lc116(code: str | None) -> str | None:
    """LC 116 subitems as `NN.NN` ("7.02" and "0702" become "07.02")."""
    if not code:
        return None
    if "." in code:
        head, _, tail = code.partition(".")
        return f"{int(head):02d}.{tail}"
    return f"{code[:2]}.{code[2:]}"


def _text(value: int | None) -> str | None:
    """Numeric codes are compared as text, like every criterion value."""
    return None if value is None else str(value)


def document_facts(ctx: TaxContext) -> dict[str, FactValue]:
    """Facts shared by every item of the operation."""
    company, other = ctx.empresa, ctx.contraparte
    facts: dict[str, FactValue] = {
        "documento": ctx.documento.value,
        "modelo": _text(_MODELS.get(ctx.documento)),
        "data_operacao": ctx.data_operacao.isoformat(),
        "crt": str(company.crt),
        "uf_origem": company.uf,
        "cod_municipio_emitente": company.cod_municipio,
        "regime": company.regime,
        "cnae": company.cnae,
        "contexto": company.contexto,
        "contribuinte_ibs_cbs": company.contribuinte_ibs_cbs,
        "uf_destino": other.uf,
        "cod_municipio_destino": other.cod_municipio,
        "tipo_destinatario": other.tipo.value if other.tipo else None,
        "contribuinte": other.contribuinte,
        "consumidor_final": other.consumidor_final,
        "destinatario_simples": other.simples_nacional,
        "tipo_estabelecimento_tomador": other.tipo_estabelecimento,
        "operacao": operation_scope(company.uf, other.uf),
        "natureza_id": ctx.natureza_id,
    }
    facts.update(_transport_facts(ctx))
    return facts


def _transport_facts(ctx: TaxContext) -> dict[str, FactValue]:
    """For CT-e the scope follows the start and end UFs of the service, not the parties."""
    tr = ctx.transporte
    if tr is None:
        return {}
    facts: dict[str, FactValue] = {
        "uf_inicio": tr.uf_inicio,
        "uf_fim": tr.uf_fim,
        "cod_municipio_inicio": tr.cod_municipio_inicio,
        "cod_municipio_fim": tr.cod_municipio_fim,
        "operacao": operation_scope(tr.uf_inicio, tr.uf_fim),
        "inicio_outra_uf": tr.uf_inicio != ctx.empresa.uf,
    }
    if tr.tipo_estabelecimento_tomador:
        facts["tipo_estabelecimento_tomador"] = tr.tipo_estabelecimento_tomador
    return facts


def item_facts(base: Mapping[str, FactValue], item: Item) -> dict[str, FactValue]:
    """Document facts plus the item's own."""
    facts = dict(base)
    facts["produto_id"] = item.produto_id
    facts["ncm"] = item.ncm
    facts["cest"] = item.cest
    facts["origem"] = item.origem
    facts["categoria"] = item.categoria
    facts["nbs"] = item.nbs
    facts["c_trib_nac"] = item.c_trib_nac
    facts["lc116"] = normalize_lc116(item.lc116)
    facts["enquadramento"] = item.enquadramentos
    facts["cod_municipio_prestacao"] = item.cod_municipio_prestacao
    return facts


def jsonable_facts(facts: Facts) -> dict[str, Any]:
    """Facts as JSON data for JsonLogic (sets become sorted lists)."""
    return {k: sorted(v) if isinstance(v, frozenset) else v for k, v in facts.items()}
