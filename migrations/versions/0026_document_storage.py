"""document storage: signed XML once, compressed, optionally in an object store

Revision ID: 0026
Revises: 0025
Create Date: 2026-12-01 22:00:00.000000

Issue 41, "Scale": a document's signed XML was stored twice, as itself (`xml_assinado`) and
inside its authorized XML (`xml_autorizado`), each compressed only by PostgreSQL's TOAST. Now
it is stored once, packed by zlib against a dictionary made of one of the company's own
documents (`xml_dicionarios`), in `xml_dados` (or, with `FISCAL_BLOB_STORE=s3`, in an object
store under `xml_objeto`), with its SHA-256 and size; the authorized XML becomes what it adds
to the signed one (`xml_protocolo`: the protocol and the wrapper around the span of the signed
XML it holds), rebuilt byte for byte (`service/storage`).

The upgrade converts every row (a company and module at a time, in batches) and checks each
rebuilt XML against the original before writing; the downgrade restores both columns, byte
for byte, from rows whose XML is in the database (it refuses while any is in the object store:
bring them back first). On SQLite the new NOT NULL columns keep the empty default they were
added with (SQLite cannot drop a default without copying the table; the models give every
value).
"""

import hashlib
from collections.abc import Iterator, Sequence
from typing import Any

import sqlalchemy as sa
from alembic import op

import service.db
from service.ids import new_id
from service.storage import codec
from service.storage.documents import authorized_values, certificate_of, rebuilt

revision: str = "0026"
down_revision: str | None = "0025"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

BATCH = 500

_documents = sa.table(
    "fiscal_documents",
    sa.column("id", sa.String()), sa.column("company_id", sa.String()),
    sa.column("modulo", sa.String()), sa.column("xml_assinado", sa.LargeBinary()),
    sa.column("xml_autorizado", sa.LargeBinary()), sa.column("xml_dados", sa.LargeBinary()),
    sa.column("xml_objeto", sa.String()), sa.column("xml_sha256", sa.String()),
    sa.column("xml_tamanho", sa.Integer()), sa.column("xml_protocolo", sa.LargeBinary()),
)  # fmt: skip
_dictionaries = sa.table(
    "xml_dicionarios",
    sa.column("id", sa.String()), sa.column("nome", sa.String()),
    sa.column("company_id", sa.String()), sa.column("modulo", sa.String()),
    sa.column("dados", sa.LargeBinary()), sa.column("created_at", service.db.UTCDateTime()),
)  # fmt: skip


def upgrade() -> None:
    op.create_table(
        "xml_dicionarios",
        sa.Column("id", sa.String(length=40), nullable=False),
        sa.Column("nome", sa.String(length=32), nullable=False),
        sa.Column("company_id", sa.String(length=40), nullable=False),
        sa.Column("modulo", sa.String(length=10), nullable=False),
        sa.Column("dados", sa.LargeBinary(), nullable=False),
        sa.Column("created_at", service.db.UTCDateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["company_id"], ["companies.id"], name=op.f("fk_xml_dicionarios_company_id_companies")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_xml_dicionarios")),
    )
    op.create_index(op.f("ix_xml_dicionarios_nome"), "xml_dicionarios", ["nome"])
    op.create_index(
        "ix_xml_dicionarios_empresa_modulo", "xml_dicionarios", ["company_id", "modulo"]
    )
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.add_column(sa.Column("xml_dados", sa.LargeBinary(), nullable=True))
        batch.add_column(sa.Column("xml_objeto", sa.String(length=300), nullable=True))
        batch.add_column(
            sa.Column("xml_sha256", sa.String(length=64), nullable=False, server_default="")
        )
        batch.add_column(
            sa.Column("xml_tamanho", sa.Integer(), nullable=False, server_default="0")
        )
        batch.add_column(sa.Column("xml_protocolo", sa.LargeBinary(), nullable=True))
    _pack_every_document(op.get_bind())
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.drop_column("xml_autorizado")
        batch.drop_column("xml_assinado")
    if op.get_bind().dialect.name == "postgresql":
        op.alter_column("fiscal_documents", "xml_sha256", server_default=None)
        op.alter_column("fiscal_documents", "xml_tamanho", server_default=None)


def _groups(connection: sa.Connection) -> list[tuple[str, str]]:
    """Every (company, module) that has documents."""
    query = sa.select(_documents.c.company_id, _documents.c.modulo).distinct()
    return [(str(c), str(m)) for c, m in connection.execute(query)]


def _batches(connection: sa.Connection, company: str, module: str, *columns: Any) -> Iterator[Any]:
    """The group's documents by id, `BATCH` rows at a time (keyset: no offset, no long cursor)."""
    after = ""
    c = _documents.c
    while True:
        query = (
            sa.select(c.id, *columns)
            .where(c.company_id == company, c.modulo == module, c.id > after)
            .order_by(c.id)
            .limit(BATCH)
        )
        rows = connection.execute(query).all()
        if not rows:
            return
        yield rows
        after = rows[-1].id


def _pack_every_document(connection: sa.Connection) -> None:
    c = _documents.c
    update = (
        sa.update(_documents)
        .where(c.id == sa.bindparam("p_id"))
        .values(xml_dados=sa.bindparam("p_dados"), xml_sha256=sa.bindparam("p_sha"),
                xml_tamanho=sa.bindparam("p_size"), xml_protocolo=sa.bindparam("p_proto"))
    )  # fmt: skip
    for company, module in _groups(connection):
        made: list[bytes] = []
        for rows in _batches(connection, company, module, c.xml_assinado, c.xml_autorizado):
            values = [_packed(connection, company, module, made, row) for row in rows]
            connection.execute(update, values)


def _packed(
    connection: sa.Connection, company: str, module: str, made: list[bytes], row: Any
) -> dict[str, Any]:
    """One row's new columns, each checked to unpack to the original bytes."""
    signed = bytes(row.xml_assinado)
    dictionary = _dictionary(connection, company, module, made, signed)
    packed = codec.pack_with(signed, dictionary)
    assert codec.unpack(packed, dictionaries=lambda _name: dictionary) == signed
    proto = None
    if row.xml_autorizado is not None:
        authorized = bytes(row.xml_autorizado)
        proto = authorized_values(signed, authorized)
        assert rebuilt(signed, proto) == authorized
    return {"p_id": row.id, "p_dados": packed, "p_sha": hashlib.sha256(signed).hexdigest(),
            "p_size": len(signed), "p_proto": proto}  # fmt: skip


def _dictionary(
    connection: sa.Connection, company: str, module: str, made: list[bytes], signed: bytes
) -> bytes:
    """The group's dictionary holding the document's certificate, made (from this document)
    when none does: as the service chooses one for a new document."""
    certificate = certificate_of(signed)
    for dictionary in reversed(made):
        if certificate in dictionary:
            return dictionary
    dictionary = signed[-codec.WINDOW :]
    connection.execute(
        sa.insert(_dictionaries).values(
            id=new_id("xdic"), nome=codec.name_of(dictionary).hex(), company_id=company,
            modulo=module, dados=codec.pack(dictionary), created_at=service.db.utcnow(),
        )
    )  # fmt: skip
    made.append(dictionary)
    return dictionary


def downgrade() -> None:
    connection = op.get_bind()
    outside = connection.execute(
        sa.select(sa.func.count()).select_from(_documents).where(_documents.c.xml_dados.is_(None))
    ).scalar()
    if outside:
        raise RuntimeError(
            f"{outside} documents keep their XML in the object store: bring them back into "
            "the database before downgrading below 0026"
        )
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.add_column(
            sa.Column("xml_assinado", sa.LargeBinary(), nullable=False, server_default="")
        )
        batch.add_column(sa.Column("xml_autorizado", sa.LargeBinary(), nullable=True))
    _unpack_every_document(connection)
    if connection.dialect.name == "postgresql":
        op.alter_column("fiscal_documents", "xml_assinado", server_default=None)
    with op.batch_alter_table("fiscal_documents", recreate="never") as batch:
        batch.drop_column("xml_protocolo")
        batch.drop_column("xml_tamanho")
        batch.drop_column("xml_sha256")
        batch.drop_column("xml_objeto")
        batch.drop_column("xml_dados")
    op.drop_index("ix_xml_dicionarios_empresa_modulo", table_name="xml_dicionarios")
    op.drop_index(op.f("ix_xml_dicionarios_nome"), table_name="xml_dicionarios")
    op.drop_table("xml_dicionarios")


def _unpack_every_document(connection: sa.Connection) -> None:
    c = _documents.c
    update = (
        sa.update(_documents)
        .where(c.id == sa.bindparam("p_id"))
        .values(xml_assinado=sa.bindparam("p_signed"), xml_autorizado=sa.bindparam("p_auth"))
    )
    dictionaries = {
        bytes.fromhex(name): codec.unpack(data)
        for name, data in connection.execute(sa.select(_dictionaries.c.nome, _dictionaries.c.dados))
    }
    for company, module in _groups(connection):
        columns = (c.xml_dados, c.xml_sha256, c.xml_protocolo)
        for rows in _batches(connection, company, module, *columns):
            connection.execute(update, [_unpacked(dictionaries, row) for row in rows])


def _unpacked(dictionaries: dict[bytes, bytes], row: Any) -> dict[str, Any]:
    signed = codec.unpack(bytes(row.xml_dados), dictionaries=dictionaries.__getitem__)
    if hashlib.sha256(signed).hexdigest() != row.xml_sha256:
        raise RuntimeError(f"signed XML of {row.id} does not match its SHA-256")
    proto = row.xml_protocolo
    authorized = rebuilt(signed, bytes(proto)) if proto is not None else None
    return {"p_id": row.id, "p_signed": signed, "p_auth": authorized}
