"""Benchmark: the building style of the new layouts (documents/layout.py) against the others.

    python bench/layouts.py [--n 1 50 990] [--runs 41] [--quick] [--out bench/results/layouts.md]

`--quick` (CI, `scripts/bench-quick`): `--n 1 50 --runs 5` unless given.

Three ways to produce the same document tree, timed on the same input:

- hand: the NF-e builder (`documents.nfe.builder.build_nfe`), a hand-ordered walk of the XSD;
- layout: the schema-driven serializer, from the mapping a builder would write (element names
  to values, in any order), plus the cost of making that mapping (a recursive rebuild of it);
- nfelib: `nfelib`'s generated bindings (xsdata) serializing the same document.

For NF-e the input is the peer benchmark's `make_input(n)` (../shared/bench/peers/), adapted as
bench/pipeline.py does; for CT-e, CT-e OS and MDF-e, a corpus sample. Every tree the layout
serializer writes is checked (untimed) to be the same document as the other ways' (C14N bytes).
"""

from __future__ import annotations

import argparse
import copy
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from documents import layout  # noqa: E402
from documents.nfe.builder import build_nfe  # noqa: E402

CORPUS = ROOT.parent / "shared" / "corpus"
DSIG = "{http://www.w3.org/2000/09/xmldsig#}Signature"
SAMPLES = {
    "CT-e": ("cte/BrazilFiscalReport__tests_fixtures_dacte_dacte_test_without_compl.xml",
             "CTe", "cte/4.00/CTe", "nfelib.cte.bindings.v4_0.cte_v4_00", "Cte"),
    "CT-e OS": ("cteos/DFe__source_Unimake.DFe.Test_CTeOS_Resources_RTC_CTeOS_CST000.xml",
                "CTeOS", "cte/4.00/CTeOS", "nfelib.cte.bindings.v4_0.cte_os_v4_00", "CteOs"),
    "MDF-e": ("mdfe/nfelib__nfelib_mdfe_samples_v3_0_41190876676436000167580010000500001000437558"
              "-mdfe.xml", "MDFe", "mdfe/3.00/MDFe", "nfelib.mdfe.bindings.v3_0.mdfe_v3_00",
              "Mdfe"),
}  # fmt: skip


def median_us(run: Callable[[], Any], runs: int) -> float:
    for _ in range(3):
        run()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        run()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1e6


def rebuild(value: Any) -> Any:
    """What a builder allocates when it writes the mapping: new dicts and lists, same leaves."""
    if isinstance(value, dict):
        return {k: rebuild(v) for k, v in value.items()}
    if isinstance(value, list):
        return [rebuild(v) for v in value]
    return value


def c14n(element: etree._Element) -> bytes:
    data: bytes = etree.tostring(copy.deepcopy(element), method="c14n")
    return data


def standalone(element: etree._Element) -> etree._Element:
    """A copy of a sample's document element without its signature, as a builder makes it."""
    found = copy.deepcopy(element)
    for signature in found.findall(DSIG):
        found.remove(signature)
    return found


def mapping_of(document: etree._Element) -> dict[str, Any]:
    """The builder-side mapping of a document; `xs:any` content (infModal) stays an element."""
    data = layout.to_mapping(document)
    _keep_fragments(document, data)
    return data


def _keep_fragments(element: etree._Element, data: dict[str, Any]) -> None:
    for child in element:
        name = etree.QName(child).localname
        value = data.get(name)
        if name == "infModal":
            fragments = {etree.QName(c).localname: copy.deepcopy(c) for c in child}
            data[name] = {"@versaoModal": child.get("versaoModal"), **fragments}
        elif isinstance(value, dict):
            _keep_fragments(child, value)


def nfe_rows(ns: list[int], runs: int) -> list[str]:
    import pipeline

    peers = pipeline.load_peers(Path("/tmp"))
    rows = []
    for n in ns:
        data = pipeline.to_nfe_data(peers.make_input(n))
        built = build_nfe(data).root
        mapping = layout.to_mapping(built)
        target = layout.layout_for("nfe/4.00/NFe")
        assert c14n(layout.write(target, mapping)) == c14n(built), n
        hand = median_us(lambda data=data: build_nfe(data), runs)
        write = median_us(lambda m=mapping, t=target: layout.write(t, m), runs)
        allocate = median_us(lambda m=mapping: rebuild(m), runs)
        rows.append(_row(f"NF-e, {n} items", hand, write, allocate, None))
    return rows


def sample_rows(runs: int) -> list[str]:
    import importlib

    rows = []
    for label, (path, name, key, module, cls) in SAMPLES.items():
        top = etree.parse(str(CORPUS / path), etree.XMLParser(remove_blank_text=True)).getroot()
        document = standalone(
            top if etree.QName(top).localname == name else top.find(f".//{{*}}{name}")
        )
        mapping = mapping_of(document)
        target = layout.layout_for(key)
        assert c14n(layout.write(target, mapping)) == c14n(document), label
        binding = getattr(importlib.import_module(module), cls)
        from xsdata.formats.dataclass.parsers import XmlParser
        from xsdata.formats.dataclass.serializers import XmlSerializer

        bound = XmlParser().from_string(etree.tostring(document).decode(), binding)
        serializer = XmlSerializer()
        write = median_us(lambda m=mapping, t=target: layout.write(t, m), runs)
        allocate = median_us(lambda m=mapping: rebuild(m), runs)
        nfelib = median_us(lambda b=bound, s=serializer: s.render(b), runs)
        rows.append(_row(label, None, write, allocate, nfelib))
    return rows


def _row(
    label: str, hand: float | None, write: float, allocate: float, nfelib: float | None
) -> str:
    cells = [hand, write, allocate, write + allocate, nfelib]
    shown = ["–" if value is None else f"{value:,.0f}" for value in cells]
    return f"| {label} | " + " | ".join(shown) + " |"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, nargs="+", help="NF-e items (1 50 990; quick 1 50)")
    parser.add_argument("--runs", type=int, help="timed runs per row (41; quick 5)")
    parser.add_argument("--quick", action="store_true", help="CI: --n 1 50 --runs 5")
    parser.add_argument("--out", type=Path)
    args = parser.parse_args()
    if args.n is None:
        args.n = [1, 50] if args.quick else [1, 50, 990]
    if args.runs is None:
        args.runs = 5 if args.quick else 41
    warnings.simplefilter("ignore")  # nfelib converter warnings on sample values
    header = [
        "| document | hand builder µs | layout write µs | mapping µs | layout total µs"
        " | nfelib (xsdata) render µs |",
        "|---|---:|---:|---:|---:|---:|",
    ]
    text = "\n".join([*header, *nfe_rows(args.n, args.runs), *sample_rows(args.runs)]) + "\n"
    print(text)
    if args.out:
        args.out.write_text(text, encoding="utf-8")


if __name__ == "__main__":
    main()
