"""No false rejection: the real NF-e of the corpus (authorized by SEFAZ, or the libraries'
samples of them) pass every content rule the simulator adds for issue 35 (totals, references,
payments, transport). The corpus also holds DANFE fixtures whose totals were edited by hand;
they are not real documents and are left out."""

from __future__ import annotations

from pathlib import Path

import pytest
from lxml import etree

from simulator.nfe_rules import Content, check_content
from simulator.state import Store
from tests.paths import CORPUS

Q = "{http://www.portalfiscal.inf.br/nfe}"
REAL = sorted(
    [*CORPUS.glob("nfe/*procNFe.xml"), *CORPUS.glob("nfe/nfelib__*-nfe.xml"),
     *CORPUS.glob("nfe_more/l10n-brazil__*.xml"), *CORPUS.glob("nfce/sped-nfe__*.xml")]
)  # fmt: skip


@pytest.mark.skipif(not REAL, reason="shared corpus not available")
@pytest.mark.parametrize("path", REAL, ids=lambda p: p.name[-60:])
def test_real_documents_pass_the_content_rules(path: Path, tmp_path: Path) -> None:
    info = etree.parse(str(path)).getroot().find(f".//{Q}infNFe")
    assert info is not None
    issuer = info.findtext(f"{Q}emit/{Q}CNPJ") or info.findtext(f"{Q}emit/{Q}CPF") or ""
    content = Content(
        info, (info.get("Id") or "")[3:], issuer, info.findtext(f"{Q}ide/{Q}tpAmb") or ""
    )
    store = Store(tmp_path / "state.sqlite3")
    try:
        check_content(content, store)
    finally:
        store.close()
