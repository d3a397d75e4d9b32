"""Every `bash` block of every page of the documentation site, run as written against
`fiscal quickstart` (what `scripts/dev` runs) on a fresh data dir: page by page in the order of
`mkdocs.yml`, each page in one bash session (its variables carry over from block to block), with
only the port and the data dir changed. If a guide rots, this fails.

What a block must answer is written in the block itself: every JSON answer is a success
(`"success": true`) unless the block declares the errors it shows with a comment line
`# answers: CODE` (one per code). A command that fails fails the page (`set -e`). Files a page
saves are checked by kind (`*.pdf` is a PDF, `*.xml` is XML). Blocks that must not run are
fenced `console` or `text`.

The banner's own lines are checked too: each family's printed curl issues its first document.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import yaml

from tests.e2e.quickstart_process import Quickstart, json_objects, run_bash, running_quickstart

pytestmark = pytest.mark.e2e

ROOT = Path(__file__).resolve().parents[2]
SEPARATOR = "@@fim-do-bloco@@"
BASH_BLOCK = re.compile(r"^```bash\n(.*?)^```", flags=re.DOTALL | re.MULTILINE)
DECLARED = re.compile(r"^# answers: ([A-Z_]+)\s*$", flags=re.MULTILINE)
BANNER_END = 'curl -s "http'


def _pages(nav: Any) -> Iterator[str]:
    """The pages of the site's navigation, in order."""
    for entry in nav:
        value = next(iter(entry.values())) if isinstance(entry, dict) else entry
        if isinstance(value, list):
            yield from _pages(value)
        else:
            yield value


def site_pages() -> list[str]:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(), Loader=yaml.BaseLoader)
    return list(_pages(config["nav"]))


def bash_blocks(page: str) -> list[str]:
    return BASH_BLOCK.findall((ROOT / "docs" / page).read_text())


RUNNABLE = [page for page in site_pages() if bash_blocks(page)]


@pytest.fixture(scope="module")
def running(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Quickstart]:
    with running_quickstart(tmp_path_factory.mktemp("docs") / "data") as started:
        started.banner(BANNER_END, seconds=90)
        yield started


def adapted(block: str, running: Quickstart) -> str:
    """What a reader on another port and data dir would change: nothing else."""
    block = block.replace("127.0.0.1:8000", f"127.0.0.1:{running.port}")
    return block.replace(".data/", f"{running.data_dir}/")


def run_page(page: str, running: Quickstart, work: Path) -> list[list[Any]]:
    """Every block of the page in one shell; the JSON answers of each block."""
    blocks = [adapted(block, running) for block in bash_blocks(page)]
    script = "set -e -o pipefail\n"  # a failing command fails the page (curl -s fails only offline)
    script += "".join(f"{block}\nprintf '\\n{SEPARATOR}\\n'\n" for block in blocks)
    result = run_bash(script, work, seconds=300)
    assert result.returncode == 0, (page, result.stdout[-3000:], result.stderr[-3000:])
    outputs = result.stdout.split(SEPARATOR)[: len(blocks)]
    assert len(outputs) == len(blocks), (page, result.stdout[-3000:], result.stderr[-3000:])
    return [json_objects(output) for output in outputs]


def check_answers(page: str, number: int, block: str, answers: list[Any]) -> None:
    """Successes, except the errors the block declares; each declared error is shown."""
    declared = set(DECLARED.findall(block))
    codes = {a.get("error", {}).get("code") for a in answers if a.get("success") is False}
    where = f"{page}, block {number + 1}:\n{block}\n{answers}"
    assert codes <= declared, where
    assert declared <= codes, where


def check_files(page: str, work: Path) -> None:
    for pdf in work.glob("*.pdf"):
        assert pdf.read_bytes().startswith(b"%PDF-"), (page, pdf.name)
    for xml in work.glob("*.xml"):
        assert xml.read_bytes().lstrip().startswith(b"<"), (page, xml.name)


@pytest.mark.parametrize("page", RUNNABLE)
def test_guide_runs_as_written(page: str, running: Quickstart, tmp_path: Path):
    work = tmp_path / "work"
    work.mkdir()
    blocks = bash_blocks(page)
    for number, answers in enumerate(run_page(page, running, work)):
        check_answers(page, number, blocks[number], answers)
    check_files(page, work)


def test_every_family_guide_has_runnable_blocks():
    guides = [page for page in site_pages() if page.startswith(("guides/", "getting-started"))]
    assert len(guides) == 9, guides
    assert [page for page in guides if page not in RUNNABLE] == []


def test_shell_blocks_are_either_run_or_marked_as_shown():
    """A shell block fenced `sh` or `shell` would be neither run nor marked as an illustration."""
    fences = {page: re.findall(r"^```(\w+)", (ROOT / "docs" / page).read_text(), re.MULTILINE)
              for page in site_pages()}  # fmt: skip
    hidden = {page: found for page, found in fences.items() if {"sh", "shell", "zsh"} & set(found)}
    assert hidden == {}


def test_the_banner_prints_a_first_document_per_family(running: Quickstart, tmp_path: Path):
    """`scripts/dev` prints one curl per family; pasted, each issues its first document."""
    lines = running.banner(BANNER_END)
    issue = [line for line in lines if line.startswith(("ID=$(curl ", "curl -s -X POST "))]
    modules = [re.search(r"/api/v1/(\w+) ", line).group(1) for line in issue]  # type: ignore[union-attr]
    assert modules == ["nfe", "nfce", "nfse", "cte", "cteos", "mdfe", "nfe"], issue
    work = tmp_path / "work"
    work.mkdir()
    result = run_bash("\n".join(issue) + "\n", work)
    assert result.returncode == 0, result.stderr
    answers = json_objects(result.stderr + result.stdout)
    assert [a["status"] for a in answers] == ["AUTORIZADA"] * 7, answers
    producer = answers[-1]
    assert producer["serie"] == 920 and producer["chave"][6:20] == "00052998224725", producer
