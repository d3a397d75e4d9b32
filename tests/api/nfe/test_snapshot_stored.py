"""An issued document's snapshot is stored as the canonical text that was hashed: anyone
holding the row can check `snapshot_sha256` against it (issue 19 stores it as produced,
instead of decoding it and encoding it again; before, the stored text was `json.dumps` of the
decoded dict, with other separators and escapes, and hashed to something else)."""

from __future__ import annotations

import hashlib

from sqlalchemy import text

from service.db import transaction
from service.issuance.models import FiscalDocument
from tests.api.nfe.helpers import ready_to_issue
from tests.api.nfe.test_register_caches import issue


def test_the_stored_snapshot_hashes_to_its_digest(client, rt, sim, backend):
    ready = ready_to_issue(client, rt, sim)
    issued = issue(client, ready, "PED-SNAP")
    with transaction(rt.sessions) as session:
        stored, digest = session.execute(
            text("SELECT CAST(snapshot AS TEXT), snapshot_sha256 FROM fiscal_documents "
                 "WHERE id = :id"),
            {"id": issued["id"]},
        ).one()  # fmt: skip
        document = session.get(FiscalDocument, issued["id"])
        assert document is not None
        read_back = document.snapshot
    assert hashlib.sha256(stored.encode("utf-8")).hexdigest() == digest
    assert read_back["formato"] == "fiscal-engine-snapshot/1"  # read back as JSON data
    assert read_back["resultado"] and read_back["contexto"]
