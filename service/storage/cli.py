"""`fiscal documentos`: the operator's commands over stored documents (README, "Documentos:
armazenamento e guarda"): export a period's XML with a manifest of SHA-256 (before moving it
to cold storage or purging it past the retention), and sweep the object store's orphans."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import click
from sqlalchemy import select
from sqlalchemy.orm import Session

from service.issuance.models import FiscalDocument

BATCH = 200
"""Documents read per transaction while exporting."""


def _runtime() -> Any:
    from service.app import build_runtime
    from service.config import load_settings

    return build_runtime(load_settings())


@click.group("documentos")
def documents_group() -> None:
    """Documentos emitidos: exportação para guarda e objetos órfãos do armazenamento."""


@documents_group.command("exportar")
@click.option("--ate", "before", required=True, type=click.DateTime(["%Y-%m-%d"]),
              help="Exporta os documentos criados antes desta data (UTC).")  # fmt: skip
@click.option("--destino", required=True, type=click.Path(file_okay=False, path_type=Path))
@click.option("--conta", "account_id", default=None, help="Só os documentos desta conta.")
def export(before: dt.datetime, destino: Path, account_id: str | None) -> None:
    """Grava o XML de cada documento (o autorizado, quando há; senão o assinado) em
    DESTINO/<conta>/<empresa>/<aaaa>/<mm>/<chave>-<modulo>.xml e uma linha por arquivo em
    DESTINO/manifesto.jsonl (id, chave, status, arquivo, sha256, bytes)."""
    rt = _runtime()
    destino.mkdir(parents=True, exist_ok=True)
    count = 0
    with (destino / "manifesto.jsonl").open("a", encoding="utf-8") as manifest:
        for session, document in _documents(rt, before.replace(tzinfo=dt.UTC), account_id):
            line = _exported(session, rt.storage, document, destino)
            manifest.write(json.dumps(line, ensure_ascii=False) + "\n")
            count += 1
    click.echo(f"{count} documentos exportados para {destino}")


def _documents(
    rt: Any, before: dt.datetime, account_id: str | None
) -> Iterator[tuple[Session, FiscalDocument]]:
    """The documents created before `before`, by id, `BATCH` per short transaction."""
    from service.db import transaction

    after = ""
    while True:
        with transaction(rt.sessions) as session:
            query = (
                select(FiscalDocument)
                .where(FiscalDocument.created_at < before, FiscalDocument.id > after)
                .order_by(FiscalDocument.id)
                .limit(BATCH)
            )
            if account_id:
                query = query.where(FiscalDocument.account_id == account_id)
            batch = list(session.execute(query).scalars())
            for document in batch:
                yield session, document
        if not batch:
            return
        after = batch[-1].id


def _exported(
    session: Session, storage: Any, document: FiscalDocument, destino: Path
) -> dict[str, Any]:
    import hashlib

    from service.storage.documents import authorized_xml, signed_xml

    xml = authorized_xml(document, session=session, storage=storage)
    if xml is None:
        xml = signed_xml(document, session=session, storage=storage)
    when = document.created_at
    relative = Path(document.account_id, document.company_id, f"{when:%Y}", f"{when:%m}",
                    f"{document.chave}-{document.modulo}.xml")  # fmt: skip
    target = destino / relative
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_bytes(xml)
    return {"id": document.id, "chave": document.chave, "status": str(document.status),
            "arquivo": str(relative), "sha256": hashlib.sha256(xml).hexdigest(),
            "bytes": len(xml)}  # fmt: skip


@documents_group.command("varrer-orfaos")
@click.option("--horas", default=24, show_default=True, type=click.IntRange(min=1),
              help="Idade mínima de um objeto sem documento para ser removido.")  # fmt: skip
@click.option("--simular", is_flag=True, help="Só lista os órfãos, sem remover.")
def sweep_orphans(horas: int, simular: bool) -> None:
    """Remove do armazenamento de objetos (FISCAL_BLOB_STORE=s3) os objetos que nenhum
    documento referencia (uma emissão interrompida entre gravar o objeto e a transação)."""
    from service.storage import sweep

    rt = _runtime()
    found = sweep.sweep(rt.sessions, rt.storage.blobs, grace=dt.timedelta(hours=horas),
                        dry_run=simular)  # fmt: skip
    for key in found:
        click.echo(key)
    verb = "encontrados" if simular else "removidos"
    click.echo(f"{len(found)} objetos órfãos {verb}")
