"""Purchases from abroad: the NF-e of entry the importer issues for goods it cleared.

The other party is a supplier abroad (`fornecedor` without CPF/CNPJ, `endereco.pais`): the
document is `idDest` 3 with `dest/idEstrangeiro` and `enderDest` in UF EX. Each item carries
`importacao`: its import declaration (the `DI` group) and the values of its clearance as
Siscomex computed them (the `II` group: customs value, II, IOF, customs expenses), which the
engine turns into the IPI, PIS/COFINS and ICMS bases (`engine/calculators/importation.py`).
The service never computes the II. The CFOP must start with 3 (`purpose.cfops`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal
from typing import Any

from documents.nfe import model as doc
from engine import Importation
from service.errors import invalid_field
from service.nfe.registers import Party

ZERO = Decimal("0")


def check(items: Sequence[Mapping[str, Any]], tipo: doc.TpNF, finalidade: doc.FinNFe,
          party: Party | None) -> None:  # fmt: skip
    """`importacao` goes with an entry from a supplier abroad and nowhere else; such an entry
    (other than a return, whose lines come from the original) needs it on every item, since
    the authority refuses an import CFOP without the DI (rejection 525)."""
    abroad = party is not None and party.estrangeiro
    importing = abroad and tipo is doc.TpNF.ENTRADA
    for index, item in enumerate(items):
        if "importacao" in item and not importing:
            raise invalid_field(
                f"itens.{index}.importacao",
                "`importacao` só se aplica a uma NF-e de entrada (tipo_operacao 0) de "
                "fornecedor no exterior (sem cpf_cnpj, com `endereco.pais`): retire-a ou "
                "informe esse fornecedor.",
            )
        if importing and finalidade is not doc.FinNFe.DEVOLUCAO and "importacao" not in item:
            raise invalid_field(
                f"itens.{index}.importacao",
                "Numa entrada de fornecedor no exterior cada item é uma importação: informe "
                "`importacao` com a DI e os valores do desembaraço (valor_aduaneiro, valor_ii).",
            )


def importation(raw: Mapping[str, Any] | None) -> Importation | None:
    """The engine's customs values of an item (the II group and the DI's AFRMM)."""
    if raw is None:
        return None
    return Importation(
        valor_aduaneiro=raw["valor_aduaneiro"],
        valor_ii=raw["valor_ii"],
        valor_iof=raw.get("valor_iof", ZERO),
        despesas_aduaneiras=raw.get("despesas_aduaneiras", ZERO),
        valor_afrmm=raw["di"].get("valor_afrmm", ZERO),
    )


def declarations(raw: Mapping[str, Any] | None) -> tuple[doc.ImportDeclaration, ...]:
    """The item's `DI` group as the layout writes it."""
    if raw is None:
        return ()
    di = raw["di"]
    return (
        doc.ImportDeclaration(
            number=di["numero"],
            registered_on=di["data_registro"],
            clearance_place=di["local_desembaraco"],
            clearance_uf=di["uf_desembaraco"],
            cleared_on=di["data_desembaraco"],
            transport_mode=str(di["via_transporte"]),
            intermediation=str(di["intermediacao"]),
            exporter=di["codigo_exportador"],
            additions=tuple(_addition(a) for a in di["adicoes"]),
            afrmm=di.get("valor_afrmm"),
            third_party=di.get("cpf_cnpj_adquirente"),
            third_party_uf=di.get("uf_adquirente"),
        ),
    )


def _addition(raw: Mapping[str, Any]) -> doc.Addition:
    return doc.Addition(
        sequence=raw["sequencia"],
        manufacturer=raw["codigo_fabricante"],
        number=raw.get("numero"),
        discount=raw.get("desconto"),
        drawback=raw.get("drawback"),
    )
