"""Where an issued document's XML is kept, on both backends: its signed XML once, compressed
(in the row, or in an S3 object store: a real moto server), its authorized XML rebuilt byte for
byte from it and the protocol, a damaged row or object an error and never another XML, and an
object whose row was never committed an orphan the sweep removes."""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterator
from typing import Any

import pytest
from flask import Flask
from sqlalchemy import func, select, update

from documents.wrappers import nfe_proc
from service.config import S3Settings
from service.db import transaction
from service.issuance import acceptance
from service.issuance.models import FiscalDocument
from service.storage import codec, sweep
from service.storage.blobs import S3Blobs
from service.storage.models import XmlDictionary
from simulator.testing import SimulatorHandle
from tests.api.nfe.helpers import authority_settings, nfe_body, ready_to_issue
from tests.s3 import running_s3
from tests.stored import authorized_of, signed_of
from tests.unit.documents.xmlsec import xmlsec_verify

API = "/api/v1"
NFE_NS = "http://www.portalfiscal.inf.br/nfe"


@pytest.fixture(scope="module")
def s3() -> Iterator[S3Settings]:
    with running_s3() as settings:
        yield settings


@pytest.fixture
def s3_app(app_factory: Any, sim: SimulatorHandle, s3: S3Settings) -> Flask:
    return app_factory(**authority_settings(sim), blob_store="s3", s3=s3)


def _row(app: Flask, document_id: str) -> FiscalDocument:
    with transaction(app.extensions["fiscal"].sessions) as session:
        document = session.get(FiscalDocument, document_id)
        assert document is not None
        return document


def _issue(client: Any, ready: Any, pedido: str, items: int = 1) -> dict[str, Any]:
    lines = [{"codigo": "P1", "quantidade": n + 1} for n in range(items)]
    answer = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body(pedido, itens=lines))
    assert answer.status_code == 200, answer.get_json()
    data: dict[str, Any] = answer.get_json()
    return data


def test_the_signed_xml_is_stored_once_compressed_and_the_authorized_rebuilt(
    app, client, rt, sim, authorized_as_built, tmp_path
):
    ready = ready_to_issue(client, rt, sim)
    issued = [_issue(client, ready, f"PED-{n}", items=n + 1) for n in range(3)]
    for data in issued:
        xml = client.get(data["xml"], headers=ready.headers).data
        assert xml == authorized_as_built[data["id"]] == authorized_of(app, data["id"])
        signed = signed_of(app, data["id"])
        assert nfe_proc(signed, _protocol(xml)) == xml  # the wrapper again: the same bytes
        row = _row(app, data["id"])
        assert row.xml_objeto is None and row.xml_dados is not None
        assert (row.xml_sha256, row.xml_tamanho) == (hashlib.sha256(signed).hexdigest(),
                                                      len(signed))  # fmt: skip
        assert row.xml_dados[0] == codec.ZLIB_DICTIONARY and len(row.xml_dados) < len(signed) / 3
        assert row.xml_protocolo is not None and len(row.xml_protocolo) < 400
    xmlsec_verify(xml, id_node="infNFe", namespace=NFE_NS, trusted_pem=sim.ca_bundle.read_bytes(),
                  tmp=tmp_path)  # fmt: skip
    with transaction(rt.sessions) as session:  # the company's one dictionary served all three
        assert session.execute(select(func.count()).select_from(XmlDictionary)).scalar() == 1


def _protocol(authorized: bytes) -> bytes:
    start = authorized.index(b"<protNFe")
    end = authorized.index(b"</protNFe>") + len(b"</protNFe>")
    return authorized[:0] + authorized[start:end].replace(
        b"<protNFe ", f'<protNFe xmlns="{NFE_NS}" '.encode(), 1
    )


def test_a_row_whose_xml_is_not_the_one_signed_is_an_error(app, client, rt, sim):
    ready = ready_to_issue(client, rt, sim)
    data = _issue(client, ready, "PED-DANO")
    with transaction(rt.sessions) as session:
        session.execute(update(FiscalDocument).where(FiscalDocument.id == data["id"])
                        .values(xml_sha256="0" * 64))  # fmt: skip
    answer = client.get(data["xml"], headers=ready.headers)
    assert answer.status_code == 500 and answer.get_json()["error"]["code"] == "ERRO_INTERNO"


def test_the_object_store_keeps_the_signed_xml_and_the_row_its_key(
    s3_app, sim, s3, authorized_as_built, tmp_path
):
    client, rt = s3_app.test_client(), s3_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    data = _issue(client, ready, "PED-S3", items=2)
    row = _row(s3_app, data["id"])
    today = dt.datetime.now(dt.UTC)
    assert row.xml_dados is None and row.xml_objeto == (
        f"documentos/{ready.account_id}/{ready.company_id}/{today:%Y}/{today:%m}/"
        f"{data['chave']}-{row.xml_sha256[:16]}.xml.z"
    )
    blobs = S3Blobs(s3)
    stored = blobs.client().get_object(Bucket=s3.bucket, Key=row.xml_objeto)["Body"].read()
    assert stored[0] == codec.ZLIB  # self-contained: readable without the database
    signed = codec.unpack(stored)
    assert hashlib.sha256(signed).hexdigest() == row.xml_sha256
    xml = client.get(data["xml"], headers=ready.headers).data
    assert xml == authorized_as_built[data["id"]]
    xmlsec_verify(xml, id_node="infNFe", namespace=NFE_NS, trusted_pem=sim.ca_bundle.read_bytes(),
                  tmp=tmp_path)  # fmt: skip
    assert client.get(data["danfe"], headers=ready.headers).status_code == 200
    blobs.client().put_object(Bucket=s3.bucket, Key=row.xml_objeto,
                              Body=codec.pack(signed + b"\n"))  # fmt: skip
    damaged = client.get(data["xml"], headers=ready.headers)
    assert damaged.status_code == 500 and damaged.get_json()["error"]["code"] == "ERRO_INTERNO"


def test_an_object_whose_row_was_not_committed_is_an_orphan_the_sweep_removes(
    s3_app, sim, s3, monkeypatch
):
    client, rt = s3_app.test_client(), s3_app.extensions["fiscal"]
    ready = ready_to_issue(client, rt, sim)
    kept = _issue(client, ready, "PED-GUARDADO")

    def crash_after_the_object(*args: Any, **kwargs: Any) -> dict[str, Any]:
        acceptance_values = stored_before_sending(*args, **kwargs)  # the object is written
        raise RuntimeError(f"crash before the commit of {acceptance_values['xml_objeto']}")

    stored_before_sending = acceptance.signed_values
    monkeypatch.setattr(acceptance, "signed_values", crash_after_the_object)
    crashed = client.post(f"{API}/nfe", headers=ready.headers, json=nfe_body("PED-QUEDA"))
    assert crashed.status_code == 500  # the object was written, its row never committed
    monkeypatch.undo()
    retried = _issue(client, ready, "PED-QUEDA")  # the order goes on: a new key, a new object
    blobs = rt.storage.blobs
    prefix = f"{ready.account_id}/{ready.company_id}/"
    objects = {key for key, _ in blobs.listed(prefix)}
    rows = {_row(s3_app, data["id"]).xml_objeto for data in (kept, retried)}
    assert rows < objects and len(objects) == 3
    assert sweep.sweep(rt.sessions, blobs) == []  # younger than the grace period: left alone
    later = dt.datetime.now(dt.UTC) + sweep.GRACE + dt.timedelta(minutes=1)
    swept = sweep.sweep(rt.sessions, blobs, now=later)
    assert [key for key in swept if key.startswith(s3.prefix + prefix)] == list(objects - rows)
    assert {key for key, _ in blobs.listed(prefix)} == rows
    for data in (kept, retried):
        assert client.get(data["xml"], headers=ready.headers).status_code == 200


def test_an_operator_exports_a_period_with_its_manifest(
    app, client, rt, sim, tmp_path, monkeypatch
):
    from click.testing import CliRunner

    from service.storage import cli

    ready = ready_to_issue(client, rt, sim)
    issued = [_issue(client, ready, f"PED-EXP-{n}") for n in range(2)]
    monkeypatch.setattr(cli, "_runtime", lambda: rt)

    def export(until: str, folder: str) -> str:
        arguments = ["exportar", "--ate", until, "--destino", str(tmp_path / folder)]
        done = CliRunner().invoke(cli.documents_group, arguments)
        assert done.exit_code == 0, done.output
        return done.output

    tomorrow = (dt.datetime.now(dt.UTC) + dt.timedelta(days=1)).date().isoformat()
    assert "2 documentos exportados" in export(tomorrow, "x")
    manifest = (tmp_path / "x" / "manifesto.jsonl").read_text().splitlines()
    lines = [json.loads(line) for line in manifest]
    assert sorted(line["id"] for line in lines) == sorted(d["id"] for d in issued)
    for line in lines:
        exported = (tmp_path / "x" / line["arquivo"]).read_bytes()
        assert exported == authorized_of(app, line["id"])
        assert hashlib.sha256(exported).hexdigest() == line["sha256"]
    assert "0 documentos exportados" in export("2020-01-01", "y")
