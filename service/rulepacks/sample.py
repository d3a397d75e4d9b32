"""A sample of issued documents' snapshots as JSON lines, for replay without the database.

One line per document: its id, company id, the company's CNPJ and code (so a candidate pack's
`empresa` / `empresas` can name it), and the snapshot as stored (context, result, rules used).
A tax team exports one from production (`fiscal rulepacks amostra`) and commits it beside its
packs; its CI replays every pull request's candidate against it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import date
from itertools import islice
from pathlib import Path

from sqlalchemy.orm import Session

from engine.replay import SAMPLE_FORMAT
from service.companies.models import Company
from service.rulepacks.replay import documents


def write_sample(
    session: Session, out: Path, since: date, company_ids: Sequence[str] | None, limit: int
) -> int:
    refs: dict[str, list[str]] = {}
    count = 0
    with out.open("w", encoding="utf-8") as f:
        for doc in islice(documents(session, since, company_ids), limit):
            if doc.empresa not in refs:
                company = session.get(Company, doc.empresa)
                refs[doc.empresa] = (
                    [r for r in (company.cnpj, company.codigo) if r] if company else []
                )
            line = {"formato": SAMPLE_FORMAT, "id": doc.id, "empresa": doc.empresa,
                    "empresa_refs": refs[doc.empresa], "snapshot": doc.snapshot}  # fmt: skip
            f.write(json.dumps(line, ensure_ascii=False, sort_keys=True) + "\n")
            count += 1
    return count
