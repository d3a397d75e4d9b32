"""`devolucao_de`: a return of goods of one of the company's authorized NF-e (or NFC-e).

The return takes from the original's authorized XML each returned line's product, unit value
and CFOP family, and the returned share of its discount, freight, insurance, other expenses
and IPI; the original is referenced by its key. What is left to return is the original's
quantity minus what the company's other returns of it hold (authorized, or still on their way
to the authority): partial returns add up and never exceed what was sold.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.nfe import model as doc
from documents.xml import parse_untrusted
from service.companies.models import Company
from service.errors import invalid_field
from service.issuance.models import DocumentStatus, FiscalDocument
from service.nfe.lines import Line
from service.nfe.registers import ProductView, products_by_code
from service.storage.documents import authorized_xml, has_authorized

NS = {"n": "http://www.portalfiscal.inf.br/nfe"}
CENT = Decimal("0.01")
HOLDING = (
    DocumentStatus.AUTORIZADA,
    DocumentStatus.PROCESSANDO,
    DocumentStatus.PENDENTE,
    DocumentStatus.NAO_ENVIADA,
)
"""States of a return that hold the quantity it returns (a rejected or cancelled one frees it)."""
MODULES = ("nfe", "nfce")


@dataclass(frozen=True)
class OriginalLine:
    numero: int
    code: str
    description: str
    ncm: str
    cfop: str
    unit: str
    quantity: Decimal
    unit_price: Decimal
    gtin: str
    cest: str | None
    origem: str
    discount: Decimal
    freight: Decimal
    insurance: Decimal
    other: Decimal
    ipi: Decimal


@dataclass(frozen=True)
class Original:
    """What a return needs of the NF-e it returns."""

    id: str
    chave: str
    numero: int
    serie: int
    tp_nf: doc.TpNF
    lines: dict[int, OriginalLine]
    party: dict[str, Any] | None
    """The original's `dest` in the request's `cliente` shape (None on an NFC-e without one)."""


def _text(node: etree._Element, path: str) -> str | None:
    found = node.find(path, NS)
    return found.text if found is not None and found.text is not None else None


def _money(node: etree._Element, path: str) -> Decimal:
    return Decimal(_text(node, path) or "0")


def _line(det: etree._Element) -> OriginalLine:
    prod = det.find("n:prod", NS)
    assert prod is not None
    gtin = _text(prod, "n:cEAN") or "SEM GTIN"
    return OriginalLine(
        numero=int(det.get("nItem", "0")),
        code=_text(prod, "n:cProd") or "",
        description=_text(prod, "n:xProd") or "",
        ncm=_text(prod, "n:NCM") or "",
        cfop=_text(prod, "n:CFOP") or "",
        unit=_text(prod, "n:uCom") or "UN",
        quantity=Decimal(_text(prod, "n:qCom") or "0"),
        unit_price=Decimal(_text(prod, "n:vUnCom") or "0"),
        gtin=gtin,
        cest=_text(prod, "n:CEST"),
        origem=_text(det, "n:imposto/n:ICMS/*/n:orig") or "0",
        discount=_money(prod, "n:vDesc"),
        freight=_money(prod, "n:vFrete"),
        insurance=_money(prod, "n:vSeg"),
        other=_money(prod, "n:vOutro"),
        ipi=_money(det, "n:imposto/n:IPI/n:IPITrib/n:vIPI"),
    )


def _party(inf: etree._Element) -> dict[str, Any] | None:
    dest = inf.find("n:dest", NS)
    if dest is None:
        return None
    registration = _text(dest, "n:CNPJ") or _text(dest, "n:CPF")
    if registration is None or _text(dest, "n:xNome") is None:
        return None
    party: dict[str, Any] = {"cpf_cnpj": registration, "nome": _text(dest, "n:xNome")}
    if _text(dest, "n:indIEDest") == "1" and _text(dest, "n:IE"):
        party["ie"] = _text(dest, "n:IE")
    if _text(dest, "n:email"):
        party["email"] = _text(dest, "n:email")
    address = dest.find("n:enderDest", NS)
    if address is not None:
        fields = {"logradouro": "xLgr", "numero": "nro", "complemento": "xCpl",
                  "bairro": "xBairro", "cod_municipio": "cMun", "municipio": "xMun",
                  "uf": "UF", "cep": "CEP"}  # fmt: skip
        party["endereco"] = {
            name: _text(address, f"n:{tag}")
            for name, tag in fields.items()
            if _text(address, f"n:{tag}")
        }
    return party


def load_original(session: Session, company: Company, document_id: str, ambiente: str) -> Original:
    """The company's authorized NF-e/NFC-e by id, in the same environment, else 422."""
    document = session.get(FiscalDocument, document_id)
    if (
        document is None
        or document.company_id != company.id
        or document.modulo not in MODULES
        or document.ambiente != ambiente
    ):
        raise invalid_field(
            "devolucao_de.documento",
            f"NF-e '{document_id}' não encontrada nesta empresa e ambiente.",
        )
    if document.status is not DocumentStatus.AUTORIZADA or not has_authorized(document):
        raise invalid_field(
            "devolucao_de.documento",
            f"Só se devolve uma NF-e autorizada: a nota {document.numero} está "
            f"{document.status.value}.",
        )
    root = parse_untrusted(authorized_xml(document) or b"")
    inf = root.find(".//n:infNFe", NS)
    assert inf is not None
    lines = {line.numero: line for line in map(_line, inf.findall("n:det", NS))}
    return Original(
        id=document.id,
        chave=document.chave,
        numero=document.numero,
        serie=document.serie,
        tp_nf=doc.TpNF(_text(inf, "n:ide/n:tpNF") or "1"),
        lines=lines,
        party=_party(inf),
    )


def returned_before(
    session: Session, company: Company, original: Original, pedido: str | None
) -> dict[int, Decimal]:
    """Quantity per original item held by the company's other returns of it (another order:
    an attempt of this same order is this return; a preview without `pedido` counts all)."""
    query = select(FiscalDocument.requisicao).where(
        FiscalDocument.company_id == company.id,
        FiscalDocument.modulo == "nfe",
        FiscalDocument.status.in_(HOLDING),
        FiscalDocument.requisicao[("devolucao_de", "documento")].as_string() == original.id,
    )
    if pedido is not None:
        query = query.where(FiscalDocument.pedido != pedido)
    held: dict[int, Decimal] = defaultdict(Decimal)
    for requisicao in session.execute(query).scalars():
        for entry in (requisicao.get("devolucao_de") or {}).get("itens") or ():
            held[int(entry["item"])] += Decimal(str(entry["quantidade"]))
    return held


def _share(total: Decimal, before: Decimal, now: Decimal, whole: Decimal) -> Decimal:
    """This return's part of an amount, cumulative so partial returns add up to the cent."""

    def upto(quantity: Decimal) -> Decimal:
        return (total * quantity / whole).quantize(CENT, rounding=ROUND_HALF_UP)

    return upto(before + now) - upto(before)


def _returned_line(
    index: int, line: OriginalLine, quantity: Decimal, before: Decimal, product: ProductView | None
) -> Line:
    def share(total: Decimal) -> Decimal:
        return _share(total, before, quantity, line.quantity)

    percent = (quantity * 100 / line.quantity).quantize(CENT, rounding=ROUND_HALF_UP)
    return Line(
        path=f"devolucao_de.itens.{index}",
        code=line.code,
        description=line.description,
        ncm=line.ncm,
        unit=line.unit,
        quantity=quantity,
        unit_price=line.unit_price,
        origem=line.origem,
        gtin=line.gtin,
        cest=line.cest,
        produto_id=product.id if product else None,
        categoria=product.categoria if product else None,
        discount=share(line.discount),
        freight=share(line.freight),
        insurance=share(line.insurance),
        other=share(line.other),
        returned_percent=percent if line.ipi else None,
        returned_ipi=share(line.ipi) if line.ipi else None,
    )


def _check_quantity(
    index: int, line: OriginalLine, quantity: Decimal, before: Decimal, numero: int
) -> None:
    left = line.quantity - before
    if quantity > left:
        raise invalid_field(
            f"devolucao_de.itens.{index}.quantidade",
            f"Quantidade acima do que resta devolver do item {line.numero} da NF-e {numero}: "
            f"restam {left.normalize():f} (vendidos {line.quantity.normalize():f}, já "
            f"devolvidos {before.normalize():f}).",
        )


def returned_lines(
    session: Session,
    company: Company,
    original: Original,
    requested: Iterable[dict[str, Any]],
    pedido: str | None,
) -> tuple[Line, ...]:
    """The lines of the return, each within what is left to return of its original line."""
    requested = list(requested)
    before = returned_before(session, company, original, pedido)
    products = products_by_code(session, company, (line.code for line in original.lines.values()))
    seen: set[int] = set()
    lines = []
    for index, entry in enumerate(requested):
        numero = entry["item"]
        line = original.lines.get(numero)
        if line is None:
            raise invalid_field(
                f"devolucao_de.itens.{index}.item",
                f"A NF-e {original.numero} não tem o item {numero} (tem {len(original.lines)}).",
            )
        if numero in seen:
            raise invalid_field(
                f"devolucao_de.itens.{index}.item",
                f"O item {numero} aparece duas vezes: informe cada item uma vez.",
            )
        seen.add(numero)
        quantity = entry["quantidade"]
        _check_quantity(index, line, quantity, before[numero], original.numero)
        product = products.get(line.code)
        lines.append(_returned_line(index, line, quantity, before[numero], product))
    return tuple(lines)


def recount(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, pedido: str
) -> None:
    """The acceptance's guard of a return (`Family.guard`): lock the original's row, then
    check again, with the returns committed meanwhile, that what this one returns is still
    left. Two returns of one original sent at the same instant both pass `returned_lines`;
    here the second waits for the first's acceptance to commit and sees it (PostgreSQL's
    row lock; SQLite's transactions are serialized whole)."""
    returned = body.get("devolucao_de")
    if returned is None:
        return
    document_id = returned["documento"]
    session.execute(
        select(FiscalDocument.id).where(FiscalDocument.id == document_id).with_for_update()
    )
    original = load_original(session, company, document_id, ambiente)
    before = returned_before(session, company, original, pedido)
    for index, entry in enumerate(returned["itens"]):
        line = original.lines[entry["item"]]
        quantity = Decimal(str(entry["quantidade"]))
        _check_quantity(index, line, quantity, before[line.numero], original.numero)


def note(original: Original) -> str:
    """The sentence infCpl carries about the note returned."""
    return (
        f"Devolucao referente a NF-e {original.numero} serie {original.serie}, "
        f"chave {original.chave}."
    )
