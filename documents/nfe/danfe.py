"""What the DANFE must show that brazilfiscalreport does not draw: the purpose of a complement,
adjustment or return, the referenced documents (NFref), every volume after the first, the
trailers, and on an import the supplier abroad (its id and country: the recipient block has
only a CNPJ/CPF box) with the import declarations and the II, and on an export the place of
shipment (exporta) and each item's drawback or export registration. They are appended to the
additional information (infCpl) of the copy handed to the renderer, the block the DANFE manual
reserves for such data; the stored XML is never touched.
"""

from __future__ import annotations

from collections.abc import Callable

from lxml import etree

from documents.nfe.builder import NFE_NS

_Q = f"{{{NFE_NS}}}"
PURPOSES = {"2": "NF-E COMPLEMENTAR", "3": "NF-E DE AJUSTE", "4": "NF-E DE DEVOLUCAO"}
"""finNFe values printed in the additional information (1, normal, prints nothing)."""


def add_danfe_notes(root: etree._Element) -> None:
    """Append the notes to infCpl of the `NFe`/`nfeProc` tree `root` (a rendering copy)."""
    inf = root.find(f".//{_Q}infNFe")
    if inf is None:
        return
    notes = [
        n
        for n in (
            _purpose(inf),
            _references(inf),
            _volumes(inf),
            _trailers(inf),
            _abroad(inf),
            _export(inf),
        )
        if n
    ]
    if not notes:
        return
    complement = _inf_cpl(inf)
    complement.text = "; ".join(filter(None, [complement.text, *notes]))


def _inf_cpl(inf: etree._Element) -> etree._Element:
    additional = inf.find(f"{_Q}infAdic")
    if additional is None:
        additional = etree.SubElement(inf, _Q + "infAdic")
    found = additional.find(f"{_Q}infCpl")
    return etree.SubElement(additional, _Q + "infCpl") if found is None else found


def _text(element: etree._Element, path: str) -> str:
    return " ".join((element.findtext(path.replace("n:", _Q)) or "").split())


def _purpose(inf: etree._Element) -> str:
    return PURPOSES.get(_text(inf, "n:ide/n:finNFe"), "")


def _references(inf: etree._Element) -> str:
    refs = [_reference(ref) for ref in inf.iterfind(f"{_Q}ide/{_Q}NFref")]
    return "DOCUMENTOS REFERENCIADOS: " + ", ".join(refs) if refs else ""


def _reference(ref: etree._Element) -> str:
    child = ref[0]
    kind = etree.QName(child).localname
    if kind in ("refNFe", "refNFeSig", "refCTe"):
        label = "CT-e" if kind == "refCTe" else "NF-e"
        return f"{label} {' '.join((child.text or '')[i : i + 4] for i in range(0, 44, 4))}"
    describe: dict[str, Callable[[etree._Element], str]] = {
        "refNF": _paper_note, "refNFP": _producer_note, "refECF": _coupon,
    }  # fmt: skip
    return describe[kind](child)


def _paper_note(ref: etree._Element) -> str:
    return (
        f"NF modelo {_text(ref, 'n:mod')} serie {_text(ref, 'n:serie')} numero "
        f"{_text(ref, 'n:nNF')} de {_period(ref)} CNPJ {_text(ref, 'n:CNPJ')}"
    )


def _producer_note(ref: etree._Element) -> str:
    registration = _text(ref, "n:CNPJ") or _text(ref, "n:CPF")
    return (
        f"NF de produtor modelo {_text(ref, 'n:mod')} serie {_text(ref, 'n:serie')} numero "
        f"{_text(ref, 'n:nNF')} de {_period(ref)} CNPJ/CPF {registration} IE {_text(ref, 'n:IE')}"
    )


def _coupon(ref: etree._Element) -> str:
    return f"Cupom fiscal modelo {_text(ref, 'n:mod')} ECF {_text(ref, 'n:nECF')} COO " + _text(
        ref, "n:nCOO"
    )


def _period(ref: etree._Element) -> str:
    yymm = _text(ref, "n:AAMM")
    return f"{yymm[2:]}/{yymm[:2]}"


def _volumes(inf: etree._Element) -> str:
    """Every volume when there is more than one (the DANFE block holds only one line)."""
    volumes = inf.findall(f"{_Q}transp/{_Q}vol")
    if len(volumes) < 2:
        return ""
    return "VOLUMES: " + ", ".join(_volume(v) for v in volumes)


def _volume(vol: etree._Element) -> str:
    words = [_text(vol, f"n:{tag}") for tag in ("qVol", "esp", "marca", "nVol")]
    weights = [
        f"{label} {_text(vol, f'n:{tag}').replace('.', ',')} kg"
        for label, tag in (("peso liquido", "pesoL"), ("peso bruto", "pesoB"))
        if _text(vol, f"n:{tag}")
    ]
    return " ".join(w for w in [*words, *weights] if w)


def _abroad(inf: etree._Element) -> str:
    """A party abroad (idDest 3): who and where, and each import declaration once, with the
    II of the note (ICMSTot/vII)."""
    if _text(inf, "n:ide/n:idDest") != "3":
        return ""
    dest = inf.find(f"{_Q}dest")
    if dest is None:
        return ""
    foreign_id = _text(dest, "n:idEstrangeiro")
    who = " ".join(filter(None, [
        "EXTERIOR:", _text(dest, "n:xNome"), f"ID {foreign_id}" if foreign_id else "",
        _text(dest, "n:enderDest/n:xPais"),
    ]))  # fmt: skip
    seen: dict[str, str] = {}
    for di in inf.iterfind(f"{_Q}det/{_Q}prod/{_Q}DI"):
        number = _text(di, "n:nDI")
        seen.setdefault(number, (
            f"DI {number} de {_date(_text(di, 'n:dDI'))}, desembaraco {_text(di, 'n:xLocDesemb')}"
            f"/{_text(di, 'n:UFDesemb')} em {_date(_text(di, 'n:dDesemb'))}"
        ))  # fmt: skip
    ii = _text(inf, "n:total/n:ICMSTot/n:vII")
    tax = f"II R$ {ii.replace('.', ',')}" if seen and ii else ""
    return "; ".join(filter(None, [who, *seen.values(), tax]))


def _export(inf: etree._Element) -> str:
    """An export's place of shipment and dispatch (exporta) and the items' drawback acts and
    export registrations (detExport): the DANFE's frames have no box for them."""
    exporta = inf.find(f"{_Q}exporta")
    dispatch = _text(exporta, "n:xLocDespacho") if exporta is not None else ""
    shipment = "" if exporta is None else " ".join(filter(None, [
        f"EXPORTACAO: embarque {_text(exporta, 'n:xLocExporta')}/{_text(exporta, 'n:UFSaidaPais')}",
        f"despacho {dispatch}" if dispatch else "",
    ]))  # fmt: skip
    details = []
    for det in inf.iterfind(f"{_Q}det"):
        for group in det.iterfind(f"{_Q}prod/{_Q}detExport"):
            words = [f"item {det.get('nItem')}:",
                     f"drawback {_text(group, 'n:nDraw')}" if _text(group, "n:nDraw") else "",
                     f"RE {_text(group, 'n:exportInd/n:nRE')}"
                     if _text(group, "n:exportInd/n:nRE") else ""]  # fmt: skip
            details.append(" ".join(w for w in words if w))
    return "; ".join(filter(None, [shipment, *details]))


def _date(iso: str) -> str:
    return "/".join(reversed(iso.split("-"))) if iso else ""


def _trailers(inf: etree._Element) -> str:
    trailers = [
        "/".join(filter(None, [_text(t, "n:placa"), _text(t, "n:UF")]))
        for t in inf.iterfind(f"{_Q}transp/{_Q}reboque")
    ]
    return "REBOQUES: " + ", ".join(trailers) if trailers else ""
