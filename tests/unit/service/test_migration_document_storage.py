"""Migration 0026 on SQLite and PostgreSQL: every document's signed and authorized XML stored
before it (real NF-e of the corpus, one without its authorized XML, one whose authorized XML
does not hold the signed one, two companies and two certificates) reads back byte for byte
through `service.storage` afterwards, the tables are as the models describe them, and the
downgrade gives back both columns as they were."""

from __future__ import annotations

import hashlib
from typing import Any

import sqlalchemy as sa
from lxml import etree
from sqlalchemy.orm import Session

from service.issuance.models import FiscalDocument
from service.migrate import downgrade, upgrade
from service.storage.blobs import DatabaseBlobs
from service.storage.documents import Storage, authorized_xml, signed_xml
from tests.paths import CORPUS
from tests.unit.service import test_migration_families as families

database_url = families.database_url
"""The same two backends as the migration 0009 test."""

PROCS = sorted((CORPUS / "nfe").glob("*-procNFe.xml"))


def _signed_of(proc: bytes) -> bytes:
    """The NF-e a `nfeProc` holds, serialized as a document of its own (its namespace
    declared on its root, as our pipeline stores a signed XML)."""
    root = etree.fromstring(proc)
    nfe = root.find("{http://www.portalfiscal.inf.br/nfe}NFe")
    assert nfe is not None
    return etree.tostring(nfe, encoding="unicode").encode()


def _other_certificate(signed: bytes) -> bytes:
    """The same document signed, as it were, with another certificate."""
    start = signed.index(b"<X509Certificate>") + len(b"<X509Certificate>")
    return signed[:start] + b"MIIBOTRO" + signed[start:]


def _documents() -> list[dict[str, Any]]:
    """(company, signed, authorized) of the rows stored before the migration."""
    rows = []
    for n, path in enumerate(PROCS):
        proc = path.read_bytes()
        signed = _signed_of(proc)
        rows.append({"company": "cmp_1", "signed": signed, "authorized": proc})
        if n == 0:
            rows.append({"company": "cmp_2", "signed": _other_certificate(signed),
                         "authorized": None})  # fmt: skip
            rows.append({"company": "cmp_1", "signed": _other_certificate(signed),
                         "authorized": b"<?xml version='1.0'?><outro/>"})  # fmt: skip
    return rows


def _insert_before(connection: sa.Connection, rows: list[dict[str, Any]]) -> None:
    metadata = sa.MetaData()
    metadata.reflect(connection)
    for name in ("accounts", "companies", "orders"):
        families._insert(connection, metadata.tables[name])
    companies = metadata.tables["companies"]
    second = connection.execute(sa.select(companies)).mappings().one()
    connection.execute(companies.insert().values({**second, "id": "cmp_2", "cnpj": "2" * 14,
                                                  "codigo": "outra"}))  # fmt: skip
    documents = metadata.tables["fiscal_documents"]
    for n, row in enumerate(rows):
        families.IDS["fiscal_documents"] = f"nfe_{n:03d}"
        families._insert(connection, documents, chave=f"{n:044d}", company_id=row["company"],
                         modulo="nfe", status="AUTORIZADA", xml_assinado=row["signed"],
                         xml_autorizado=row["authorized"])  # fmt: skip
    families.IDS["fiscal_documents"] = "nfe_1"


def _read_after(engine: sa.Engine) -> dict[str, tuple[bytes, bytes | None, FiscalDocument]]:
    storage = Storage(DatabaseBlobs())
    with Session(engine) as session:
        documents = session.execute(sa.select(FiscalDocument)).scalars().all()
        return {
            d.id: (signed_xml(d, session=session, storage=storage),
                   authorized_xml(d, session=session, storage=storage), d)
            for d in documents
        }  # fmt: skip


def test_documents_read_back_byte_for_byte_after_the_migration_and_its_downgrade(
    database_url: str,
) -> None:
    assert PROCS, "the corpus's authorized NF-e"
    rows = _documents()
    upgrade(database_url, "0025")
    engine = sa.create_engine(database_url)
    with engine.begin() as connection:
        _insert_before(connection, rows)

    upgrade(database_url, "0026")
    with engine.begin() as connection:
        assert families.differences_from_model(connection, "xml_dicionarios") == []
        changed = families.differences_from_model(connection, "fiscal_documents")
        assert [d for d in changed if "xml_" in repr(d)] == []  # (SQLite: sefaz_code of 0005)
        dictionaries = connection.execute(sa.text("SELECT company_id FROM xml_dicionarios")).all()
    assert sorted(c for (c,) in dictionaries) == ["cmp_1", "cmp_1", "cmp_2"]  # two certificates
    after = _read_after(engine)
    for n, row in enumerate(rows):
        signed, authorized, document = after[f"nfe_{n:03d}"]
        assert signed == row["signed"] and authorized == row["authorized"]
        assert document.xml_sha256 == hashlib.sha256(row["signed"]).hexdigest()
        assert document.xml_tamanho == len(row["signed"]) and document.xml_objeto is None
        assert len(document.xml_dados or b"") < len(row["signed"]) / 2
    spliced = after["nfe_000"][2].xml_protocolo
    assert spliced is not None and len(spliced) < 1000  # the protocol, not the NF-e again

    downgrade(database_url, "0025")
    with engine.connect() as connection:
        restored = connection.execute(
            sa.text("SELECT id, xml_assinado, xml_autorizado FROM fiscal_documents ORDER BY id")
        ).all()
        assert "xml_dicionarios" not in sa.inspect(connection).get_table_names()
    assert [(bytes(s), a if a is None else bytes(a)) for _, s, a in restored] == [
        (row["signed"], row["authorized"]) for row in rows
    ]
    engine.dispose()
