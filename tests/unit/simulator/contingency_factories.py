"""Contingency documents for the simulator tests: NF-e / NFC-e built by the product's own
builder (documents/nfe/builder.py writes tpEmis, dhCont and xJust), EPEC events built from them
as sped-nfe ``sefazEPEC`` does, CT-e / MDF-e re-keyed from the corpus samples. All signed by
``xmlsec1`` (independent of the simulator's verifier)."""

from __future__ import annotations

import dataclasses
import datetime as dt
import importlib.util
import sys
from collections.abc import Callable
from types import ModuleType

from lxml import etree

from documents.keys import mod11_digit
from documents.nfe.builder import build_nfe
from documents.nfe.model import Contingency, TpEmis
from simulator.clock import BRASILIA, wire
from tests.paths import REPOSITORY
from tests.unit.simulator.dfe_factories import CTE_NS, MDFE_NS, build_cte, build_mdfe
from tests.unit.simulator.factories import Company, Issued, xmlsec_sign

NS = "http://www.portalfiscal.inf.br/nfe"
Q = f"{{{NS}}}"
N = {"n": NS}
REASON = "SEFAZ autorizadora fora do ar desde a manha"
CITIES = {"SP": ("3550308", "SAO PAULO"), "RS": ("4314902", "PORTO ALEGRE"),
          "PR": ("4106902", "CURITIBA"), "SC": ("4205407", "FLORIANOPOLIS")}  # fmt: skip
Edit = Callable[[etree._Element], None]


def _factory() -> ModuleType:
    """The documents tests' NF-e data factory (loaded by path, as test_nfe_operations does)."""
    name = "_simulator_tests_nfe_factory"
    if name not in sys.modules:
        path = REPOSITORY / "tests/unit/documents/nfe_factory.py"
        spec = importlib.util.spec_from_file_location(name, path)
        assert spec is not None and spec.loader is not None
        sys.modules[name] = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(sys.modules[name])
    return sys.modules[name]


def now() -> dt.datetime:
    return dt.datetime.now(BRASILIA).replace(microsecond=0)


def nfe(
    company: Company,
    number: int,
    *,
    tp_emis: str = "1",
    model: str = "55",
    uf: str = "SP",
    emitted: dt.datetime | None = None,
    started_at: dt.datetime | None = None,
    reason: str = REASON,
    items: int = 1,
    cnf: str = "48213577",
    edit: Edit | None = None,
) -> Issued:
    """An NF-e (or NFC-e, model 65) of ``company`` in ``uf``, in the given tpEmis."""
    factory = _factory()
    base = (factory.nfce_data if model == "65" else factory.nfe_data)(items, reform=False)
    when = emitted or now()
    contingency = None
    if tp_emis != "1":
        contingency = Contingency(started_at or when - dt.timedelta(minutes=10), reason)
    data = dataclasses.replace(
        base, numero=number, issued_at=when, cnf=cnf, tp_emis=TpEmis(tp_emis),
        contingency=contingency, issuer=_issuer(base.issuer, uf),
        recipient=_recipient(base.recipient, uf),
    )  # fmt: skip
    built = build_nfe(data)
    if edit is not None:
        edit(built.root.find(f"{Q}infNFe"))
    xml = etree.tostring(built.root)
    return Issued(built.key.text, xmlsec_sign(xml, company, "infNFe", built.reference_id))


def _issuer(issuer: object, uf: str) -> object:
    if uf == "SP":
        return issuer
    code, city = CITIES[uf]
    address = dataclasses.replace(issuer.address, uf=uf, city_code=code, city=city)  # type: ignore[attr-defined]
    return dataclasses.replace(issuer, address=address)  # type: ignore[type-var]


def _recipient(recipient: object, uf: str) -> object:
    address = getattr(recipient, "address", None)
    if uf == "SP" or address is None:
        return recipient
    code, city = CITIES[uf]
    return dataclasses.replace(
        recipient,
        address=dataclasses.replace(address, uf=uf, city_code=code, city=city),  # type: ignore[type-var]
    )


def ide_edit(**values: str | None) -> Edit:
    """Set (or, with None, remove) ide children; new ones go after verProc/xJust."""

    def edit(info: etree._Element) -> None:
        ide = info.find(f"{Q}ide")
        assert ide is not None
        for tag, value in values.items():
            found = ide.find(f"{Q}{tag}")
            if value is None:
                if found is not None:
                    ide.remove(found)
                continue
            if found is None:
                found = etree.SubElement(ide, f"{Q}{tag}")
            found.text = value

    return edit


def epec_event(
    company: Company,
    issued: Issued,
    *,
    when: dt.datetime | None = None,
    sequence: int = 1,
    c_orgao: str = "91",
    author_uf: str | None = None,
    dest_cnpj: str | None = None,
) -> bytes:
    """The EPEC (110140) of an NF-e, with the fields sped-nfe ``sefazEPEC`` copies from it."""
    info = etree.fromstring(issued.xml).find(f"{Q}infNFe")
    assert info is not None

    def get(path: str) -> str:
        found = info.find(path.replace("n:", Q))
        assert found is not None and found.text is not None, path
        return found.text

    dest = info.find(f"{Q}dest")
    assert dest is not None
    dest_id = "".join(
        f"<{tag}>{found.text}</{tag}>" for tag in ("CNPJ", "CPF", "idEstrangeiro")
        if (found := dest.find(f"{Q}{tag}")) is not None
    )  # fmt: skip
    if dest_cnpj is not None:
        dest_id = f"<CNPJ>{dest_cnpj}</CNPJ>"
    dest_ie = dest.find(f"{Q}IE")
    key = issued.key
    event_id = f"ID110140{key}{sequence:02d}"
    xml = (
        f'<evento xmlns="{NS}" versao="1.00"><infEvento Id="{event_id}"><cOrgao>{c_orgao}</cOrgao>'
        f"<tpAmb>2</tpAmb><CNPJ>{company.cnpj}</CNPJ><chNFe>{key}</chNFe>"
        f"<dhEvento>{wire(when or now())}</dhEvento><tpEvento>110140</tpEvento>"
        f"<nSeqEvento>{sequence}</nSeqEvento><verEvento>1.00</verEvento>"
        f'<detEvento versao="1.00"><descEvento>EPEC</descEvento>'
        f"<cOrgaoAutor>{author_uf or key[:2]}</cOrgaoAutor><tpAutor>1</tpAutor>"
        f"<verAplic>TESTE 1.0</verAplic><dhEmi>{get('n:ide/n:dhEmi')}</dhEmi>"
        f"<tpNF>{get('n:ide/n:tpNF')}</tpNF><IE>{get('n:emit/n:IE')}</IE>"
        f"<dest><UF>{get('n:dest/n:enderDest/n:UF')}</UF>{dest_id}"
        f"{'' if dest_ie is None else f'<IE>{dest_ie.text}</IE>'}"
        f"<vNF>{get('n:total/n:ICMSTot/n:vNF')}</vNF><vICMS>{get('n:total/n:ICMSTot/n:vICMS')}"
        f"</vICMS><vST>{get('n:total/n:ICMSTot/n:vST')}</vST></dest></detEvento></infEvento>"
        "</evento>"
    ).encode()
    return xmlsec_sign(xml, company, "infEvento", event_id)


def _rekeyed(xml: bytes, namespace: str, info_tag: str, prefix: str, company: Company,
             tp_emis: str, ide_extra: dict[str, str | None]) -> Issued:  # fmt: skip
    """A CT-e / MDF-e sample with another tpEmis (key digit 35, cDV, Id) and ide fields."""
    doc = etree.fromstring(xml)
    info = doc.find(f"{{{namespace}}}{info_tag}")
    assert info is not None
    ide = info.find(f"{{{namespace}}}ide")
    assert ide is not None
    old_key = (info.get("Id") or "")[len(prefix) :]
    body = old_key[:34] + tp_emis + old_key[35:43]
    key = body + str(mod11_digit(body))
    ide.find(f"{{{namespace}}}tpEmis").text = tp_emis  # type: ignore[union-attr]
    ide.find(f"{{{namespace}}}cDV").text = key[-1]  # type: ignore[union-attr]
    for tag, value in ide_extra.items():
        if value is None:
            continue
        element = etree.Element(f"{{{namespace}}}{tag}")
        element.text = value
        ide.append(element)
    info.set("Id", f"{prefix}{key}")
    supl = doc.find(f"{{{namespace}}}infCTeSupl") if namespace == CTE_NS else None
    if supl is not None:
        supl[0].text = (supl[0].text or "").replace(old_key, key)
    return Issued(key, xmlsec_sign(etree.tostring(doc), company, info_tag, f"{prefix}{key}"))


def cte(
    company: Company,
    number: int,
    *,
    tp_emis: str = "1",
    emitted: dt.datetime | None = None,
    dh_cont: str | None = None,
    x_just: str | None = None,
    cuf: str = "35",
) -> Issued:
    """A CT-e of the corpus sample with this tpEmis; dhCont/xJust appended to ide when given
    (the CT-e XSD puts them last in ide)."""
    sample = build_cte(company, number=number, emitted=emitted, cuf=cuf, sign=False)
    return _rekeyed(sample.xml, CTE_NS, "infCte", "CTe", company, tp_emis,
                    {"dhCont": dh_cont, "xJust": x_just})  # fmt: skip


def mdfe(company: Company, number: int, *, tp_emis: str = "2",
         emitted: dt.datetime | None = None) -> Issued:  # fmt: skip
    """An MDF-e of nfelib's sample in contingency (tpEmis 2 = offline; no dhCont in its layout)."""
    sample = build_mdfe(company, number=number, emitted=emitted, sign=False)
    return _rekeyed(sample.xml, MDFE_NS, "infMDFe", "MDFe", company, tp_emis, {})
