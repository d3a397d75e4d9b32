"""README's "First NF-e in five calls", run as written against `fiscal quickstart` on a fresh
data dir: the blocks between the `primeira-nfe` markers, with only the port and the data dir
changed, in one bash session. If the README rots, this fails."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

import pytest

from tests.e2e.quickstart_process import Quickstart, json_objects, run_bash, running_quickstart

pytestmark = pytest.mark.e2e

README = Path(__file__).resolve().parents[2] / "README.md"
BEGIN, END = "<!-- primeira-nfe:inicio -->", "<!-- primeira-nfe:fim -->"
SEPARATOR = "@@fim-do-bloco@@"


def readme_blocks() -> list[str]:
    """The bash blocks between the markers, in order."""
    text = README.read_text()
    assert text.count(BEGIN) == 1 and text.count(END) == 1
    section = text[text.index(BEGIN) : text.index(END)]
    return re.findall(r"```bash\n(.*?)```", section, flags=re.DOTALL)


def _adapted(block: str, running: Quickstart) -> str:
    """What a reader on another port and data dir would change: nothing else."""
    block = block.replace("127.0.0.1:8000", f"127.0.0.1:{running.port}")
    return block.replace(".data/", f"{running.data_dir}/")


def _run_walkthrough(running: Quickstart, work: Path) -> list[list[Any]]:
    """Every block in one shell (variables carry over); the JSON answers of each block."""
    blocks = [_adapted(block, running) for block in readme_blocks()]
    script = "".join(f"{block}\nprintf '\\n{SEPARATOR}\\n'\n" for block in blocks)
    result = run_bash(script, work, seconds=300)
    assert result.returncode == 0, result.stderr
    outputs = result.stdout.split(SEPARATOR)[: len(blocks)]
    assert len(outputs) == len(blocks), result.stdout
    return [json_objects(output) for output in outputs]


def _task_until_final(running: Quickstart, task_id: str, seconds: float = 90) -> dict[str, Any]:
    """What the README says to do with the task: ask again until it is final."""
    deadline = time.monotonic() + seconds
    while True:
        task: dict[str, Any] = running.get(f"/fiscal/solicitacoes/{task_id}?empresa=LOJA").json()
        if task["status"] in ("AUTORIZADA", "REJEITADA", "ACAO_NECESSARIA"):
            return task
        assert time.monotonic() < deadline, task
        time.sleep(0.5)


def test_readme_first_nfe_in_five_calls(tmp_path: Path):
    work = tmp_path / "work"
    work.mkdir()
    with running_quickstart(tmp_path / "data") as running:
        (setup, issuer, certificate, registers, issue, download, nfce, async_issue) = (
            _run_walkthrough(running, work)
        )
        final = _task_until_final(running, async_issue[0]["solicitacao_id"])
    assert setup == []
    assert issuer[0]["empresa"] == "LOJA", issuer
    assert certificate[0]["certificado"]["status"] == "ok", certificate
    assert [answer["success"] for answer in registers] == [True, True], registers
    assert issue[0]["status"] == "AUTORIZADA", issue
    assert download == []
    assert (work / "danfe.pdf").read_bytes().startswith(b"%PDF-")
    assert b"<nfeProc" in (work / "nfe.xml").read_bytes()
    overview, csc, receipt = nfce
    assert overview["pronta_para_emitir_modelos"] == {"nfe": True, "nfce": False}
    assert any("CSC" in p for p in overview["pendencias"]), overview["pendencias"]
    assert csc["success"] is True, csc
    assert receipt["status"] == "AUTORIZADA" and receipt["modelo"] == "65", receipt
    assert (work / "danfce.pdf").read_bytes().startswith(b"%PDF-")
    queued, asked = async_issue
    assert queued["solicitacao_id"].startswith("sol") and queued["documento"] == "NFE", queued
    assert asked["solicitacao_id"] == queued["solicitacao_id"]
    assert final["status"] == "AUTORIZADA", final
    assert final["links"]["danfe"].endswith("/danfe")
