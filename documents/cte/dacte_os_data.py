"""What a DACTE OS prints, read from an authorized `cteOSProc` and formatted for print.

Reading is kept apart from drawing (`dacte_os.py`) so that every field the MOC's DACTE OS asks
for is named once, here, and a missing mandatory one fails as `PdfRenderError` before any
drawing starts. Optional groups (IBSCBS, infDocRef, veic, infFretamento) become empty values.
Values are printed as the XML carries them (money `1.234,56`, rates `12,00`): nothing is
recomputed or rounded.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal, InvalidOperation

from lxml import etree

from documents.cte.builder import CTE_NS, MODEL_CTE_OS
from documents.errors import PdfRenderError

_Q = f"{{{CTE_NS}}}"

TP_SERV = {"6": "TRANSPORTE DE PESSOAS", "7": "TRANSPORTE DE VALORES", "8": "EXCESSO DE BAGAGEM"}
TP_CTE = {"0": "NORMAL", "1": "COMPLEMENTAR", "3": "SUBSTITUTO"}
TP_FRETAMENTO = {"1": "EVENTUAL", "2": "CONTÍNUO"}
CST_ICMS = {
    "00": "00 - TRIBUTAÇÃO NORMAL",
    "20": "20 - COM REDUÇÃO DE BASE DE CÁLCULO",
    "40": "40 - ISENTA",
    "41": "41 - NÃO TRIBUTADA",
    "51": "51 - DIFERIDA",
    "60": "60 - COBRADO ANTERIORMENTE POR SUBSTITUIÇÃO TRIBUTÁRIA",
    "90": "90 - OUTROS",
}


@dataclass(frozen=True)
class Party:
    """The issuer or the taker, as printed."""

    name: str
    registration: str  # formatted CNPJ or CPF
    ie: str
    address: str  # street, number, complement, district
    city: str
    uf: str
    cep: str
    phone: str


@dataclass(frozen=True)
class Icms:
    situation: str
    base: str
    rate: str
    value: str
    reduction: str
    approximate_total: str


@dataclass(frozen=True)
class IbsCbs:
    cst: str
    c_class_trib: str
    base: str
    ibs_uf: str
    ibs_mun: str
    cbs: str


@dataclass(frozen=True)
class Road:
    taf: str
    state_registration: str
    plate: str
    vehicle_uf: str
    renavam: str
    charter: str


@dataclass(frozen=True)
class DacteOsData:
    key: str  # 44 digits
    tp_amb: str
    tp_emis: str  # 1 normal; 2, 7, 8 contingency (stamped)
    model: str
    series: str
    number: str
    issued_at: str
    protocol: str  # "nProt - dd/mm/aaaa hh:mm:ss"
    qr_code: str
    tp_cte: str
    tp_serv: str
    cfop_nat_op: str
    start: str
    end: str
    route: str
    issuer: Party
    taker: Party
    description: str
    quantity: str
    components: tuple[tuple[str, str], ...]
    total: str
    receivable: str
    icms: Icms
    ibs_cbs: IbsCbs | None
    references: tuple[str, ...]
    observations: str
    road: Road


OFFLINE_TP_EMIS = "2"


def read_dacte_os(root: etree._Element) -> DacteOsData:
    """The printable content of a `cteOSProc`, or of a bare signed `CTeOS` issued offline
    (tpEmis 2), whose DACTE OS is printed before it is transmitted and so has no protocol yet;
    raises `PdfRenderError` for anything else."""
    if _offline(root):
        document, protocol = root, ""
    elif root.tag == _Q + "cteOSProc":
        document = _required(root, "CTeOS")
        protocol = _protocol(_required(root, "protCTe/infProt"))
    else:
        raise PdfRenderError(f"expected cteOSProc, got {etree.QName(root).localname}")
    info = _required(document, "infCte")
    ide = _required(info, "ide")
    key = str(info.get("Id", ""))[3:]
    if len(key) != 44 or not key.isdigit():
        raise PdfRenderError("infCte/@Id has no 44-digit access key")
    model = _text(ide, "mod")
    if model != str(MODEL_CTE_OS):
        raise PdfRenderError(f"document model {model or '?'} is not {MODEL_CTE_OS}")
    service = info.find(f"{_Q}infCTeNorm/{_Q}infServico")
    value = _required(info, "vPrest")
    return DacteOsData(
        key=key, tp_amb=_text(ide, "tpAmb"), tp_emis=_text(ide, "tpEmis"), model=model,
        series=_text(ide, "serie"), number=_text(ide, "nCT"),
        issued_at=date_time(_text(ide, "dhEmi")), protocol=protocol,
        qr_code=_text(document, "infCTeSupl/qrCodCTe"),
        tp_cte=_coded(TP_CTE, _text(ide, "tpCTe")), tp_serv=_coded(TP_SERV, _text(ide, "tpServ")),
        cfop_nat_op=f"{_text(ide, 'CFOP')} - {_text(ide, 'natOp')}",
        start=f"{_text(ide, 'xMunIni')} - {_text(ide, 'UFIni')}",
        end=f"{_text(ide, 'xMunFim')} - {_text(ide, 'UFFim')}",
        route=" / ".join(uf.text or "" for uf in ide.iterfind(f"{_Q}infPercurso/{_Q}UFPer")),
        issuer=_party(_required(info, "emit"), "enderEmit"),
        taker=_party(_required(info, "toma"), "enderToma"),
        description=_text(service, "xDescServ"), quantity=_number(_text(service, "infQ/qCarga")),
        components=tuple(
            (_text(c, "xNome"), money(_text(c, "vComp"))) for c in value.iterfind(_Q + "Comp")
        ),
        total=money(_text(value, "vTPrest")), receivable=money(_text(value, "vRec")),
        icms=_icms(info.find(f"{_Q}imp")), ibs_cbs=_ibs_cbs(info.find(f"{_Q}imp/{_Q}IBSCBS")),
        references=tuple(_reference(r) for r in info.iterfind(f"{_Q}infCTeNorm/{_Q}infDocRef")),
        observations=_text(info, "compl/xObs"),
        road=_road(info.find(f"{_Q}infCTeNorm/{_Q}infModal/{_Q}rodoOS")),
    )  # fmt: skip


def _offline(root: etree._Element) -> bool:
    """A bare CT-e OS issued offline: the only document printed without its protocol."""
    return root.tag == _Q + "CTeOS" and _text(root, "infCte/ide/tpEmis") == OFFLINE_TP_EMIS


def _path(path: str) -> str:
    return "/".join(_Q + step for step in path.split("/"))


def _required(element: etree._Element, path: str) -> etree._Element:
    found = element.find(_path(path))
    if found is None:
        raise PdfRenderError(f"{path} is missing")
    return found


def _text(element: etree._Element | None, path: str) -> str:
    if element is None:
        return ""
    return " ".join((element.findtext(_path(path)) or "").split())


def _coded(table: dict[str, str], code: str) -> str:
    return table.get(code, code)


def money(text: str) -> str:
    """`1234.5` -> `1.234,50`; an absent value stays blank (never printed as zero)."""
    if not text:
        return ""
    try:
        amount = Decimal(text)
    except InvalidOperation as exc:
        raise PdfRenderError(f"{text!r} is not a value") from exc
    return f"{amount:,.2f}".replace(",", "_").replace(".", ",").replace("_", ".")


def _number(text: str) -> str:
    """A quantity or rate as printed: decimal comma, trailing zeros beyond two places dropped."""
    if not text:
        return ""
    whole, _, fraction = text.partition(".")
    fraction = fraction.rstrip("0").ljust(2, "0") if fraction else ""
    return f"{whole},{fraction}" if fraction else whole


def date_time(text: str) -> str:
    """`2026-01-15T10:00:00-03:00` -> `15/01/2026 10:00:00` (the issuer's local time)."""
    if len(text) < 19:
        return text
    return f"{text[8:10]}/{text[5:7]}/{text[0:4]} {text[11:19]}"


def registration(text: str) -> str:
    """CNPJ `11.222.333/0001-81` or CPF `123.456.789-09`; anything else as is."""
    if len(text) == 14:
        return f"{text[:2]}.{text[2:5]}.{text[5:8]}/{text[8:12]}-{text[12:]}"
    if len(text) == 11:
        return f"{text[:3]}.{text[3:6]}.{text[6:9]}-{text[9:]}"
    return text


def _protocol(prot: etree._Element) -> str:
    number = _text(prot, "nProt")
    if not number:
        raise PdfRenderError("protCTe/infProt/nProt is missing")
    return f"{number} - {date_time(_text(prot, 'dhRecbto'))}"


def _party(element: etree._Element, address_tag: str) -> Party:
    address = element.find(_Q + address_tag)
    street = ", ".join(
        part
        for part in (_text(address, "xLgr"), _text(address, "nro"), _text(address, "xCpl"))
        if part
    )
    district = _text(address, "xBairro")
    cep = _text(address, "CEP")
    return Party(
        name=_text(element, "xNome"),
        registration=registration(_text(element, "CNPJ") or _text(element, "CPF")),
        ie=_text(element, "IE"),
        address=f"{street} - {district}" if district else street,
        city=_text(address, "xMun"),
        uf=_text(address, "UF"),
        cep=f"{cep[:5]}-{cep[5:]}" if len(cep) == 8 else cep,
        phone=_text(element, "fone") or _text(address, "fone"),
    )


def _icms(imp: etree._Element | None) -> Icms:
    group = imp.find(f"{_Q}ICMS/*") if imp is not None else None
    cst = _text(group, "CST")
    simples = group is not None and etree.QName(group).localname == "ICMSSN"
    return Icms(
        situation="90 - SIMPLES NACIONAL" if simples else _coded(CST_ICMS, cst),
        base=money(_text(group, "vBC") or _text(group, "vBCSTRet")),
        rate=_number(_text(group, "pICMS") or _text(group, "pICMSSTRet")),
        value=money(_text(group, "vICMS") or _text(group, "vICMSSTRet")),
        reduction=_number(_text(group, "pRedBC")),
        approximate_total=money(_text(imp, "vTotTrib")),
    )


def _ibs_cbs(group: etree._Element | None) -> IbsCbs | None:
    if group is None:
        return None

    def rate_value(path: str, rate: str, value: str) -> str:
        if not _text(group, f"gIBSCBS/{path}/{value}"):
            return ""
        printed_rate = _number(_text(group, f"gIBSCBS/{path}/{rate}"))
        return f"{printed_rate}% / {money(_text(group, f'gIBSCBS/{path}/{value}'))}"

    return IbsCbs(
        cst=_text(group, "CST"),
        c_class_trib=_text(group, "cClassTrib"),
        base=money(_text(group, "gIBSCBS/vBC")),
        ibs_uf=rate_value("gIBSUF", "pIBSUF", "vIBSUF"),
        ibs_mun=rate_value("gIBSMun", "pIBSMun", "vIBSMun"),
        cbs=rate_value("gCBS", "pCBS", "vCBS"),
    )


def _reference(element: etree._Element) -> str:
    bpe = _text(element, "chBPe")
    if bpe:
        return f"BP-e {bpe}"
    parts = [
        f"DOC. {_text(element, 'nDoc')}",
        f"SÉRIE {_text(element, 'serie')}" if _text(element, "serie") else "",
        date_time(_text(element, "dEmi") + "T00:00:00")[:10] if _text(element, "dEmi") else "",
        f"R$ {money(_text(element, 'vDoc'))}" if _text(element, "vDoc") else "",
    ]
    return " - ".join(part for part in parts if part)


def _road(road: etree._Element | None) -> Road:
    charter = ""
    if road is not None and road.find(_Q + "infFretamento") is not None:
        kind = _coded(TP_FRETAMENTO, _text(road, "infFretamento/tpFretamento"))
        departure = date_time(_text(road, "infFretamento/dhViagem"))
        charter = f"{kind} - VIAGEM {departure}" if departure else kind
    return Road(
        taf=_text(road, "TAF"),
        state_registration=_text(road, "NroRegEstadual"),
        plate=_text(road, "veic/placa"),
        vehicle_uf=_text(road, "veic/UF"),
        renavam=_text(road, "veic/RENAVAM"),
        charter=charter,
    )
