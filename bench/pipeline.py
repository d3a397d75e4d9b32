"""Benchmark: our NF-e pipeline (build, sign, validate, serialize) beside the peers and the floor.

    python bench/pipeline.py [--n 1 50 990] [--budget 2.0] [--goods-taxes] [--quick]
                             [--out bench/results/pipeline.md]

`--quick` (CI, `scripts/bench-quick`): `--n 1 50 --budget 0.1` unless given (still the 30
timed runs at least).

Same input, same timing method and same floor primitives as the peer benchmark
(`../shared/bench/peers/bench_peers.py`, imported, not copied): the input dict of `make_input(n)`,
3 warm-up runs, then at least 30 timed runs within a budget of `budget * (1 + n/250)` seconds,
medians and p95 per phase. The certificate is loaded once (once per company, as in the service).

Peers whose packages are missing here are reported as missing, never faked: PyNFe and
erpbrasil.assinatura (nfelib's signer) are not installed in this environment, and both need
signxml < 4, which conflicts with the service's signxml 5. nfelib's build, serialize and
validate phases still run.

Phases of ours: adapt (input dict -> NFeData, the work of the service's TaxResult adapter),
build (NFeData -> lxml tree), sign (XmlSigner), validate (cached official XSD), wrap (enviNFe +
serialization). Every final document is checked untimed: XSD, our verifier, xmlsec1.

`--goods-taxes` makes our document heavier than the peers': 40 % of the items carry ICMS-ST
(ICMS10: MVA 40 %, internal rate 18 %, values as the engine computes them) and 30 % IPI at 10 %
(IPITrib). The floor's signature, validation and serialization then run on that same document
(`_ours_unsigned`); its build floor is the peers' builder on their document scaled by the ratio
of element counts (`_scaled`: about 1.10; no peer builds those groups).
"""

from __future__ import annotations

import argparse
import datetime as dt
import importlib.abc
import importlib.machinery
import importlib.util
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import types
from decimal import Decimal
from pathlib import Path
from typing import Any

from lxml import etree

ROOT = Path(__file__).resolve().parents[1]
PEERS = Path(os.environ.get("PEERS_DIR", ROOT.parent / "shared" / "bench" / "peers"))
sys.path[:0] = [str(ROOT), str(PEERS)]

from documents.certificates import load_pkcs12  # noqa: E402
from documents.nfe.builder import NFE_NS, build_nfe  # noqa: E402
from documents.nfe.model import (  # noqa: E402
    Address,
    Crt,
    Icms,
    IndIEDest,
    IndPres,
    Ipi,
    Issuer,
    Item,
    ItemTaxes,
    Modelo,
    NFeData,
    Payment,
    PisCofins,
    Recipient,
    TpAmb,
)  # fmt: skip
from documents.schemas import validate  # noqa: E402
from documents.signing import XmlSigner, verify_signature  # noqa: E402

MISSING: dict[str, str] = {}


class _Absent(importlib.abc.MetaPathFinder, importlib.abc.Loader):
    """Stands in for peer packages that are not installed, so the peer module still imports;
    the approaches that need them are then reported as missing."""

    def __init__(self, packages: tuple[str, ...]) -> None:
        self.packages = packages

    def find_spec(self, name: str, path: Any, target: Any = None) -> Any:
        if name.split(".")[0] not in self.packages:
            return None
        return importlib.machinery.ModuleSpec(name, self, is_package=True)

    def create_module(self, spec: Any) -> types.ModuleType:
        module = types.ModuleType(spec.name)
        module.__path__ = []  # type: ignore[attr-defined]
        module.__getattr__ = lambda attr: _missing(f"{spec.name}.{attr}")  # type: ignore[method-assign]
        return module

    def exec_module(self, module: types.ModuleType) -> None:
        return None


def _missing(name: str) -> Any:
    def fail(*_args: Any, **_kwargs: Any) -> Any:
        raise ModuleNotFoundError(f"{name} is not installed")

    return fail


def load_peers(workdir: Path) -> types.ModuleType:
    """Import the peer benchmark with a fresh test A1 (its own make_cert)."""
    absent = tuple(p for p in ("pynfe", "erpbrasil") if importlib.util.find_spec(p) is None)
    MISSING.update(dict.fromkeys(absent, "not installed"))
    sys.meta_path.insert(0, _Absent(absent))
    pfx = workdir / "test_a1.pfx"
    subprocess.run([sys.executable, str(PEERS / "make_cert.py"), str(pfx), "123456"], check=True,
                   capture_output=True)  # fmt: skip
    os.environ["PFX_PATH"], os.environ["PFX_PASSWORD"] = str(pfx), "123456"
    import bench_peers

    return bench_peers


# ---------------------------------------------------------------- ours


def to_nfe_data(doc: dict[str, Any]) -> NFeData:
    """The peers' input dict as NFeData: what the service's TaxResult adapter does."""
    e, c = doc["issuer"], doc["customer"]
    issuer = Issuer(
        registration=e["cnpj"], name=e["name"], trade_name=e["fantasy"], ie=e["ie"],
        crt=Crt.REGIME_NORMAL, address=_address(e),
    )  # fmt: skip
    recipient = Recipient(
        name=c["name"], ind_ie_dest=IndIEDest.CONTRIBUINTE, cnpj=c["cnpj"], address=_address(c),
        ie=c["ie"], email=c["email"],
    )  # fmt: skip
    items = tuple(_item(it, doc) for it in doc["items"])
    total = sum((_charged(i) for i in items), Decimal("0.00"))
    return NFeData(
        modelo=Modelo.NFE, tp_amb=TpAmb.HOMOLOGACAO, serie=int(doc["serie"]),
        numero=int(doc["nnf"]), cnf=doc["cnf"], issued_at=dt.datetime.fromisoformat(doc["dh"]),
        nat_op=doc["nat_op"], issuer=issuer, recipient=recipient, items=items,
        payments=(Payment(kind="01", amount=total, indicator="0"),), ind_pres=IndPres.PRESENCIAL,
        additional_info=doc["info"], ver_proc=doc["ver_proc"],
    )  # fmt: skip


def _address(p: dict[str, str]) -> Address:
    return Address(
        street=p["street"], number=p["number"], district=p["district"], city_code=p["city_code"],
        city=p["city"], uf=p["uf"], cep=p["cep"], phone=p["phone"],
    )  # fmt: skip


GOODS_TAXES = False
"""`--goods-taxes`: ST on items whose number ends in 0-3, IPI on those ending in 0-2."""
ST_MVA, ST_RATE, IPI_RATE = Decimal("40"), Decimal("18.00"), Decimal("10.00")
HUNDRED, CENTS = Decimal(100), Decimal("0.01")


def _item(it: dict[str, Any], doc: dict[str, Any]) -> Item:
    v = it["vProd"]
    number = int(it["code"][1:])
    ipi = _ipi(v) if GOODS_TAXES and number % 10 < 3 else None
    with_st = GOODS_TAXES and number % 10 < 4
    icms = _icms_st(it, doc, ipi) if with_st else Icms(
        orig="0", cst="00", mod_bc="3", v_bc=v, p_icms=doc["icms_rate"], v_icms=it["vICMS"]
    )  # fmt: skip
    taxes = ItemTaxes(
        icms=icms,
        ipi=ipi,
        pis=PisCofins("01", v, doc["pis_rate"], it["vPIS"]),
        cofins=PisCofins("01", v, doc["cofins_rate"], it["vCOFINS"]),
    )  # fmt: skip
    return Item(
        code=it["code"], description=it["desc"], ncm=it["ncm"], cfop=it["cfop"], unit=it["unit"],
        quantity=it["qty"], unit_price=it["price"], total=v, taxes=taxes,
    )  # fmt: skip


def _charged(item: Item) -> Decimal:
    """What the buyer pays for the item (vNF's share): its value, ST and IPI."""
    taxes = item.taxes
    ipi = taxes.ipi.value if taxes.ipi is not None and taxes.ipi.value else Decimal(0)
    return item.total + (taxes.icms.v_icms_st or Decimal(0)) + ipi


def _ipi(v: Decimal) -> Ipi:
    return Ipi(cst="50", v_bc=v, rate=IPI_RATE, value=(v * IPI_RATE / HUNDRED).quantize(CENTS))


def _icms_st(it: dict[str, Any], doc: dict[str, Any], ipi: Ipi | None) -> Icms:
    """ICMS10: the ST base is the value with IPI plus the margin; the own ICMS is deducted."""
    v = it["vProd"]
    base_st = (v + (ipi.value if ipi and ipi.value else 0)) * (HUNDRED + ST_MVA) / HUNDRED
    base_st = base_st.quantize(CENTS)
    st = (base_st * ST_RATE / HUNDRED).quantize(CENTS) - it["vICMS"]
    return Icms(
        orig="0", cst="10", mod_bc="3", v_bc=v, p_icms=doc["icms_rate"], v_icms=it["vICMS"],
        mod_bc_st="4", p_mva_st=ST_MVA, v_bc_st=base_st, p_icms_st=ST_RATE, v_icms_st=st,
    )  # fmt: skip


def our_phases(signer: XmlSigner) -> list[tuple[str, Any]]:
    state: dict[str, Any] = {}

    def build(data: NFeData) -> etree._Element:
        built = build_nfe(data)
        state["id"] = built.reference_id
        return built.root

    def check(root: etree._Element) -> etree._Element:
        if validate(root, "nfe/4.00/NFe"):
            raise AssertionError("our NF-e is not schema-valid")
        return root

    def wrap(root: etree._Element) -> bytes:
        envi = etree.Element(f"{{{NFE_NS}}}enviNFe", nsmap={None: NFE_NS}, versao="4.00")
        etree.SubElement(envi, f"{{{NFE_NS}}}idLote").text = "1"
        etree.SubElement(envi, f"{{{NFE_NS}}}indSinc").text = "1"
        envi.append(root)
        return bytes(etree.tostring(envi, xml_declaration=True, encoding="UTF-8"))

    return [
        ("adapt", to_nfe_data),
        ("build", build),
        ("sign", lambda root: signer.sign(root, state["id"])),
        ("validate", check),
        ("wrap", wrap),
    ]


def baseline_phases(peers: Any, doc: dict[str, Any]) -> list[tuple[str, Any]]:
    """Peer approach c with signxml 5: its `namespaces = {None: ds}` trick now yields
    un-namespaced Signature elements in memory (XSD-invalid until re-parsed), so the signer keeps
    signxml's default `ds:` prefix. Same work, same cost; SEFAZ would refuse the prefix (404)."""
    signer = peers.lxml_signer(True)
    signer.namespaces = {"ds": peers.DS}
    ref = "#NFe" + doc["key"]
    return [
        ("build", peers.lxml_build),
        (
            "sign",
            lambda nfe: signer.sign(nfe, key=peers.KEY, cert=peers.CERT_PEM, reference_uri=ref),
        ),
        ("validate", lambda nfe: peers.check(peers.SCHEMA_NFE.validate(nfe), nfe)),
        ("wrap", peers.lxml_wrap),
    ]


def floor_cases(peers: Any, doc: dict[str, Any], budget: float) -> dict[str, Any]:
    """The peers' four floor primitives, on their baseline document: lxml build, the minimal
    manual signature, cached XMLSchema.validate, etree.tostring. (Their floor_cases() needs
    signxml 3 for its setup, so the same primitives are assembled here.)"""
    import copy

    unsigned = _ours_unsigned(doc) if GOODS_TAXES else peers.lxml_build(doc)
    signed = peers.manual_sign(copy.deepcopy(unsigned))
    build = run_case(peers, [("build", peers.lxml_build)], doc, budget)
    if GOODS_TAXES:
        build = _scaled(build, _element_ratio(unsigned, peers.lxml_build(doc)))
    return {
        "floor: lxml SubElement build": build,
        "floor: manual signature (lxml C14N + cryptography)": run_case(
            peers, [("_copy", lambda _: copy.deepcopy(unsigned)), ("sign", peers.manual_sign)],
            doc, budget,
        ),
        "floor: XMLSchema.validate, cached": run_case(
            peers, [("validate", lambda _: peers.check(peers.SCHEMA_NFE.validate(signed), signed))],
            doc, budget,
        ),
        "floor: etree.tostring": run_case(
            peers, [("serialize", lambda _: etree.tostring(signed))], doc, budget
        ),
    }  # fmt: skip


def _element_ratio(ours: etree._Element, theirs: etree._Element) -> float:
    """How many more elements our document has than the peers' (`--goods-taxes`: ~1.10)."""
    return sum(1 for _ in ours.iter()) / sum(1 for _ in theirs.iter())


def _scaled(case: dict[str, Any], factor: float) -> dict[str, Any]:
    """The build floor per element applied to our element count: no peer builds the ICMS-ST
    and IPI groups, and `SubElement` costs the same per element whatever the group."""
    return {
        phase: {**stats, "median": stats["median"] * factor, "p95": stats["p95"] * factor}
        for phase, stats in case.items()
    }


def _ours_unsigned(doc: dict[str, Any]) -> etree._Element:
    """`--goods-taxes`: the floor's signature, validation and serialization run on our own
    (heavier) document, so the ratio compares the same content; the build floor is the peers'
    builder on their lighter document, scaled per element (`_scaled`)."""
    return build_nfe(to_nfe_data(doc)).root


def nfelib_phases(peers: Any) -> list[tuple[str, Any]]:
    """nfelib's build and (tuned, one XmlSerializer) serialize phases. Sign needs
    erpbrasil.assinatura, and validation needs a signed document (Signature is mandatory)."""
    from xsdata.formats.dataclass.serializers import XmlSerializer
    from xsdata.formats.dataclass.serializers.config import SerializerConfig

    serializer = XmlSerializer(config=SerializerConfig())
    return [
        ("build", peers.nfelib_build),
        ("serialize", lambda obj: serializer.render(obj, ns_map={None: peers.NFE})),
    ]


def verify_ours(final: bytes, workdir: Path, cert_pem: bytes) -> str:
    """Untimed: enviNFe XSD, our verifier (signxml), xmlsec1 (independent)."""
    if validate(final, "nfe/4.00/enviNFe"):
        raise AssertionError("enviNFe not schema-valid")
    envi = etree.fromstring(final)
    nfe = envi.find(f"{{{NFE_NS}}}NFe")
    assert nfe is not None
    digest = verify_signature(nfe).digest_value
    if shutil.which("xmlsec1"):
        (workdir / "ours.xml").write_bytes(final)
        (workdir / "cert.pem").write_bytes(cert_pem)
        command = ["xmlsec1", "--verify", "--pubkey-cert-pem", str(workdir / "cert.pem"),
                   "--id-attr:Id", f"{NFE_NS}:infNFe", "--enabled-reference-uris", "same-doc",
                   str(workdir / "ours.xml")]  # fmt: skip
        result = subprocess.run(command, capture_output=True, text=True, check=False)
        if result.returncode != 0:
            raise AssertionError(f"xmlsec1 refused: {result.stderr}")
        return f"DigestValue {digest}; XSD ok, signxml ok, xmlsec1 ok"
    return f"DigestValue {digest}; XSD ok, signxml ok (xmlsec1 not installed)"


# ---------------------------------------------------------------- run


def run_case(
    peers: Any, phases: list[tuple[str, Any]], start: Any, budget: float
) -> dict[str, Any]:
    return dict(peers.bench(phases, start, budget))


def measure(peers: Any, signer: XmlSigner, n: int, budget: float, workdir: Path) -> dict[str, Any]:
    doc = peers.make_input(n)
    budget *= 1 + n / 250
    rows: dict[str, Any] = {}
    notes: list[str] = []
    ours = our_phases(signer)
    _, final = peers.run_once(ours, doc)
    notes.append(
        f"ours N={n}: enviNFe {len(final):,} bytes; "
        + verify_ours(final, workdir, peers.CERT_PEM.encode())
    )
    rows["ours: documents/ pipeline"] = run_case(peers, ours, doc, budget)
    rows["c. lxml + cached XMLSchema + signxml (peer baseline)"] = run_case(
        peers, baseline_phases(peers, doc), doc, budget
    )
    rows["a'. nfelib tuned: build + serialize only (its signer is not installed)"] = run_case(
        peers, nfelib_phases(peers), doc, budget
    )
    floor = floor_cases(peers, doc, budget)
    rows.update(floor)
    parts = list(floor.values())
    rows["FLOOR (sum of the four primitives' medians)"] = {
        "total": {"median": sum(p["total"]["median"] for p in parts), "p95": float("nan"), "n": 0}
    }
    return {"rows": rows, "notes": notes}


def environment() -> str:
    import cryptography
    import lxml
    import nfelib
    import signxml

    return (
        f"{platform.python_implementation()} {platform.python_version()}, {os.cpu_count()} CPUs, "
        f"lxml {lxml.__version__} (libxml2 {'.'.join(map(str, etree.LIBXML_VERSION))}), "
        f"signxml {signxml.__version__ if hasattr(signxml, '__version__') else '5.x'}, "
        f"cryptography {cryptography.__version__}, nfelib {getattr(nfelib, '__version__', '3.2.x')}"
    )


def report(results: dict[int, dict[str, Any]], ns: list[int]) -> str:
    lines = ["| approach | phase | " + " | ".join(f"N={n} median | p95" for n in ns) + " |",
             "|---|---|" + "---|---|" * len(ns)]  # fmt: skip
    names = list(results[ns[0]]["rows"])
    for name in names:
        phases = list(results[ns[0]]["rows"][name])
        for phase in phases:
            cells = []
            for n in ns:
                r = results[n]["rows"].get(name, {}).get(phase)
                cells.append("— | —" if r is None else f"{r['median']:.3f} | {r['p95']:.3f}")
            label = f"**{phase}**" if phase == "total" else phase
            lines.append(f"| {name} | {label} | " + " | ".join(cells) + " |")
    return "\n".join(lines)


def ratios(results: dict[int, dict[str, Any]], ns: list[int]) -> str:
    lines = ["| N | ours total (ms) | floor (ms) | ours / floor | baseline c (ms) | ours / c |",
             "|---|---|---|---|---|---|"]  # fmt: skip
    for n in ns:
        rows = results[n]["rows"]
        ours = rows["ours: documents/ pipeline"]["total"]["median"]
        floor = rows["FLOOR (sum of the four primitives' medians)"]["total"]["median"]
        base = rows["c. lxml + cached XMLSchema + signxml (peer baseline)"]["total"]["median"]
        cells = [f"{ours:.3f}", f"{floor:.3f}", f"{ours / floor:.2f}", f"{base:.3f}"]
        lines.append(f"| {n} | " + " | ".join([*cells, f"{ours / base:.2f}"]) + " |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--n", type=int, nargs="+", help="NF-e items (1 50 990; quick 1 50)")
    parser.add_argument("--budget", type=float, help="seconds per phase (2.0; quick 0.1)")
    parser.add_argument("--out", help="write the markdown report here too")
    parser.add_argument("--goods-taxes", action="store_true", help="ICMS-ST and IPI items")
    parser.add_argument("--quick", action="store_true", help="CI: --n 1 50 --budget 0.1")
    args = parser.parse_args()
    if args.n is None:
        args.n = [1, 50] if args.quick else [1, 50, 990]
    if args.budget is None:
        args.budget = 0.1 if args.quick else 2.0
    global GOODS_TAXES
    GOODS_TAXES = args.goods_taxes
    with tempfile.TemporaryDirectory() as tmp:
        workdir = Path(tmp)
        peers = load_peers(workdir)
        a1 = load_pkcs12((workdir / "test_a1.pfx").read_bytes(), "123456")  # once per company
        signer = XmlSigner(a1)
        results = {}
        for n in args.n:
            results[n] = measure(peers, signer, n, args.budget, workdir)
            print(f"N={n} done", file=sys.stderr, flush=True)
    missing = ", ".join(sorted(MISSING)) or "none"
    notes = [note for n in args.n for note in results[n]["notes"]]
    text = "\n\n".join([
        "## Run " + dt.datetime.now(dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "Environment: " + environment()
        + ("; our document with ICMS-ST and IPI items (`--goods-taxes`)" if GOODS_TAXES else ""),
        f"Peer packages missing here (reported, not faked): {missing}.",
        "### Ours against the floor and the plain baseline (medians)", ratios(results, args.n),
        "### All rows, ms per document", report(results, args.n),
        "### Checks (untimed)", "\n".join(f"- {note}" for note in notes),
    ])  # fmt: skip
    print(text)
    if args.out:
        Path(args.out).write_text(text + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
