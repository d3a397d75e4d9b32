"""Sales abroad: the NF-e of export and its `exporta` and `detExport` groups.

An export is an output (`tipo_operacao` 1) to a buyer abroad (`cliente` without CPF/CNPJ,
`endereco.pais`): idDest 3, CFOP 7 (`purpose.cfops`). The authority refuses it without the
place where the goods leave the country (rejection 355, "Informar o local de saída do País no
caso da exportação") and refuses that place on any other note (356); the item's export group
(drawback, indirect export) goes only on an operation with abroad (336). Codes and texts of the
MOC's rejection table (sped-nfe docs/cStat.md).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from documents.nfe import model as doc
from service.errors import invalid_field
from service.nfe.registers import Party


def exporting(tipo: doc.TpNF, party: Party | None) -> bool:
    """An output to a party abroad: the only note that carries `exporta`."""
    return tipo is doc.TpNF.SAIDA and party is not None and party.estrangeiro


def check(body: Mapping[str, Any], tipo: doc.TpNF, party: Party | None) -> None:
    """`exportacao` (the note's and the items') on an export and nowhere else; the note's is
    required there, since the authority refuses an export without it (355)."""
    export = exporting(tipo, party)
    if export and "exportacao" not in body:
        raise invalid_field(
            "exportacao",
            "Numa NF-e de exportação (comprador no exterior) informe `exportacao` com "
            "`uf_embarque` e `local_embarque`: o local de saída do País (grupo exporta).",
            element="exporta",
        )
    if not export and "exportacao" in body:
        raise invalid_field(
            "exportacao",
            "`exportacao` só se aplica a uma NF-e de exportação: saída (tipo_operacao 1) para "
            "um cliente no exterior (sem cpf_cnpj, com `endereco.pais`). Retire-a.",
            element="exporta",
        )
    for index, item in enumerate(body.get("itens") or ()):
        if not export and "exportacao" in item:
            raise invalid_field(
                f"itens.{index}.exportacao",
                "`exportacao` do item (drawback, exportação indireta) só se aplica a uma NF-e "
                "de exportação: saída para um cliente no exterior. Retire-a.",
                element="detExport",
            )


def shipment(raw: Mapping[str, Any] | None) -> doc.Export | None:
    """The note's `exporta` group."""
    if raw is None:
        return None
    return doc.Export(
        uf=raw["uf_embarque"],
        place=raw["local_embarque"],
        dispatch_place=raw.get("local_despacho"),
    )


def details(raw: Mapping[str, Any] | None) -> tuple[doc.ExportDetail, ...]:
    """The item's `detExport` group (one: the layout allows 500, one act per line is what an
    issuer states)."""
    if raw is None:
        return ()
    return (
        doc.ExportDetail(
            drawback=raw.get("drawback"),
            registration=raw.get("registro_exportacao"),
            key=raw.get("chave_nfe"),
            quantity=raw.get("quantidade_exportada"),
        ),
    )
