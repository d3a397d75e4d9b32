"""Content rules of the NF-e / NFC-e 4.00 authorization (MOC 7.0 and NT 2016.002): referenced
documents by purpose (finNFe), totals against the items, payments, transport and the returned
IPI. Each refusal is the authority's cStat; the codes and texts are those of the MOC's rejection
table as listed in sped-nfe docs/cStat.md, with the conditions as ACBr implements them
(ACBrNFe.ValidarRegrasdeNegocio.pas). Where no code exists, the comment says so.

The checks run on a document whose schema, signature and key are valid, after the duplicate
check (a document sent again is answered 204 whatever happened since it was authorized).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal

from lxml import etree

from documents.errors import AccessKeyError
from documents.keys import AccessKey
from simulator.errors import Rejection
from simulator.state import Store
from simulator.xmlbuild import from_bytes

NS = "http://www.portalfiscal.inf.br/nfe"
_Q = f"{{{NS}}}"
ZERO = Decimal("0.00")
NFCE = "65"
NORMAL, COMPLEMENT, ADJUSTMENT, RETURN = "1", "2", "3", "4"
NO_PAYMENT = "90"


@dataclass(frozen=True)
class Content:
    """The parts of one received NF-e the content rules read."""

    info: etree._Element  # infNFe
    key: str
    issuer: str  # emit/CNPJ or emit/CPF
    tp_amb: str

    def ide(self, tag: str) -> str:
        return _text(self.info, f"ide/{tag}")


def check_content(content: Content, store: Store) -> None:
    """Every content rule, in the order of the MOC's groups (ide, det, total, transp, pag)."""
    for rule in (_nfce_purpose, _references, _referenced_notes, _abroad, _export, _cfops,
                 _returned_tax, _totals, _transport, _payments):  # fmt: skip
        rule(content, store)


# ---------------------------------------------------------------- helpers


def _find(element: etree._Element, path: str) -> list[etree._Element]:
    """Elements at a `/`-separated path of local names in the NF-e namespace (`*` allowed)."""
    qualified = "/".join(p if p == "*" else _Q + p for p in path.split("/"))
    return list(element.iterfind(qualified))


def _text(element: etree._Element, path: str) -> str:
    found = _find(element, path)
    return (found[0].text or "").strip() if found else ""


def _sum(elements: Iterable[etree._Element], path: str) -> Decimal:
    return sum((Decimal(_text(e, path) or "0") for e in elements), ZERO)


def _total(content: Content, tag: str) -> Decimal:
    return Decimal(_text(content.info, f"total/ICMSTot/{tag}") or "0")


def _reject(code: str, reason: str) -> Rejection:
    return Rejection(code, "Rejeicao: " + reason)


# ---------------------------------------------------------------- references (ide/NFref)


def _nfce_purpose(content: Content, store: Store) -> None:
    """NFC-e: normal purpose only (715) and no referenced document (708)."""
    if content.ide("mod") != NFCE:
        return
    if content.ide("finNFe") != NORMAL:
        raise _reject("715", "NFC-e com finalidade invalida")
    if _find(content.info, "ide/NFref"):
        raise _reject("708", "NFC-e nao pode referenciar documento fiscal")


def _references(content: Content, store: Store) -> None:
    """NFref by purpose (254, 255, 321) and the referenced keys themselves (316, 547, 552,
    679, 680)."""
    refs = _find(content.info, "ide/NFref")
    purpose = content.ide("finNFe")
    item_refs = _find(content.info, "det/DFeReferenciado")  # reform layout: per-item reference
    if purpose == COMPLEMENT and not refs:
        raise _reject("254", "NF-e complementar nao possui NF referenciada")
    if purpose == COMPLEMENT and len(refs) > 1:
        raise _reject("255", "NF-e complementar possui mais de uma NF referenciada")
    if purpose == RETURN and not refs and not item_refs:
        raise _reject("321", "NF-e de devolucao de mercadoria nao possui documento fiscal "
                      "referenciado")  # fmt: skip
    if purpose == ADJUSTMENT and not refs:
        # No MOC rule requires NFref on an adjustment; issue 35 does, so the simulator refuses
        # it with the closest documented code, the complement's.
        raise _reject("254", "NF-e de ajuste nao possui NF referenciada")
    _referenced_keys(content, refs)


def _referenced_keys(content: Content, refs: list[etree._Element]) -> None:
    seen: set[str] = set()
    for ref in refs:
        for tag, digit_code, models, model_code in (
            ("refNFe", "547", ("55", "65"), "679"), ("refCTe", "552", ("57", "67"), "683"),
        ):  # fmt: skip
            key = _text(ref, tag)
            if not key:
                continue
            _key_digit(key, digit_code, tag)
            if key[20:22] not in models:
                raise _reject(model_code, f"Modelo do documento referenciado invalido ({tag})")
            if key == content.key:
                raise _reject("316", "Nota Fiscal referenciada com a mesma Chave de Acesso da "
                              "Nota Fiscal atual")  # fmt: skip
            if key in seen:
                raise _reject("680", "Duplicidade de NF-e referenciada (Chave de Acesso "
                              "referenciada mais de uma vez)")  # fmt: skip
            seen.add(key)


def _key_digit(key: str, code: str, tag: str) -> None:
    try:
        AccessKey.parse(key)
    except AccessKeyError as exc:
        document = "NF-e Referenciada" if tag == "refNFe" else "CT-e Referenciado"
        raise _reject(
            code, f"Digito Verificador da Chave de Acesso da {document} invalido"
        ) from exc


def _referenced_notes(content: Content, store: Store) -> None:
    """A complement or a return that references the issuer's own NF-e: it must exist (267),
    be authorized, not cancelled (686), and a complement cannot complement a complement (268).
    A paper note referenced by a complement must be the issuer's (269).

    The MOC states 267/268/686 for the complement; for a return it has no code of its own, so
    the same codes are used (issue 35: "references must exist and be authorized for a return of
    our own note"). Returned quantities are checked in `_returned_quantities`.
    """
    purpose = content.ide("finNFe")
    if purpose not in (COMPLEMENT, RETURN):
        return
    for ref in _find(content.info, "ide/NFref"):
        key = _text(ref, "refNFe")
        if key and key[6:20] == content.issuer.zfill(14):
            original = _own_note(store, key, content.tp_amb)
            if purpose == COMPLEMENT and _text(original, "infNFe/ide/finNFe") == COMPLEMENT:
                raise _reject("268", "NF Complementar referencia outra NF-e Complementar")
            if purpose == RETURN:
                _returned_quantities(content, store, key, original)
        paper = _text(ref, "refNF/CNPJ") or _text(ref, "refNFP/CNPJ") or _text(ref, "refNFP/CPF")
        if purpose == COMPLEMENT and paper and paper != content.issuer:
            raise _reject("269", "CNPJ Emitente da NF Complementar difere do CNPJ da NF "
                          "Referenciada")  # fmt: skip


def _own_note(store: Store, key: str, tp_amb: str) -> etree._Element:
    stored = store.document(key)
    if stored is None or stored.family != "nfe" or stored.tp_amb != tp_amb:
        raise _reject("267", "NF Complementar referencia uma NF-e inexistente")
    if stored.status == "cancelled":
        raise _reject("686", "NF Complementar referencia uma NF-e cancelada")
    return from_bytes(stored.xml)


def _returned_quantities(
    content: Content, store: Store, key: str, original: etree._Element
) -> None:
    """The quantity returned of each product (cProd), added over every authorized return of the
    issuer referencing the note, cannot exceed the quantity the note carried. The MOC has no
    such rule (SEFAZ does not check it): issue 35 asks the simulator for it, and it answers
    999 "Erro nao catalogado" with the product named, as no catalogued code fits."""
    sold = _quantities(original.find(f"{_Q}infNFe"))
    returned = _quantities(content.info)
    for stored in store.documents_with_status("nfe", content.issuer, "authorized"):
        if stored.access_key == content.key:
            continue
        earlier = from_bytes(stored.xml).find(f"{_Q}infNFe")
        if earlier is not None and _returns(earlier, key):
            for code, qty in _quantities(earlier).items():
                returned[code] = returned.get(code, ZERO) + qty
    for code, qty in returned.items():
        if code in sold and qty > sold[code]:
            raise _reject("999", f"Erro nao catalogado (quantidade devolvida do produto {code} "
                          f"supera a da NF-e referenciada)")  # fmt: skip


def _returns(info: etree._Element, key: str) -> bool:
    refs = {_text(ref, "refNFe") for ref in _find(info, "ide/NFref")}
    return _text(info, "ide/finNFe") == RETURN and key in refs


def _quantities(info: etree._Element | None) -> dict[str, Decimal]:
    totals: dict[str, Decimal] = {}
    for prod in _find(info, "det/prod") if info is not None else []:
        code = _text(prod, "cProd")
        totals[code] = totals.get(code, ZERO) + Decimal(_text(prod, "qCom") or "0")
    return totals


# ---------------------------------------------------------------- operations with abroad


ABROAD = "3"
_SCOPE_OF_DIGIT = {"1": "1", "5": "1", "2": "2", "6": "2", "3": "3", "7": "3"}
_SCOPE_REJECTIONS = {
    "1": ("733", "CFOP de operacao interna e idDest <> 1"),
    "2": ("732", "CFOP de operacao interestadual e idDest <> 2"),
    "3": ("731", "CFOP de operacao com Exterior e idDest <> 3"),
}


def _abroad(content: Content, store: Store) -> None:
    """An operation with abroad (idDest 3: an import or an export) has its party in UF EX
    (727) and every CFOP of the exterior group 3/7; a CFOP of that group needs idDest 3 (731);
    a CFOP of another scope on idDest 3 is refused by its own scope's rule (732 interstate,
    733 internal). Codes and texts of the MOC's table (sped-nfe docs/cStat.md); the scope
    rules 732/733 are checked here only when abroad is involved, the rest of them not
    simulated."""
    id_dest = content.ide("idDest")
    if id_dest == ABROAD and _text(content.info, "dest/enderDest/UF") not in ("", "EX"):
        raise _reject("727", "Operacao com Exterior e UF diferente de EX")
    for prod in _find(content.info, "det/prod"):
        scope = _SCOPE_OF_DIGIT.get(_text(prod, "CFOP")[:1])
        if scope is not None and scope != id_dest and ABROAD in (scope, id_dest):
            raise _reject(*_SCOPE_REJECTIONS[scope])


def _export(content: Content, store: Store) -> None:
    """An export (an output, tpNF 1, with idDest 3) states where the goods leave the country,
    the exporta group (355), and no other note does (356); an item's export group (detExport)
    goes only with a CFOP of abroad, 7 or 3 (3503 returns an export: 336). Codes and texts of
    the MOC's table (sped-nfe docs/cStat.md); the conditions as issuers' support pages
    describe them (exporta on an entry or with idDest 1/2: 356). The indirect export's own
    rules (340, 342-346: CFOP 7501 without exportInd, the received note's key, its reference
    and quantity) are optional per UF and not simulated."""
    export = content.ide("tpNF") == "1" and content.ide("idDest") == ABROAD
    given = bool(_find(content.info, "exporta"))
    if export and not given:
        raise _reject("355", "Informar o local de saida do Pais no caso da exportacao")
    if given and not export:
        raise _reject("356", "Informar o local de saida do Pais somente no caso da exportacao")
    for prod in _find(content.info, "det/prod"):
        if _find(prod, "detExport") and _text(prod, "CFOP")[:1] not in ("3", "7"):
            raise _reject(
                "336", "Informado o grupo de exportacao no item para CFOP que nao e de exportacao"
            )


# ---------------------------------------------------------------- det/prod/CFOP


_RETURN_SUFFIXES = (
    "201", "202", "203", "204", "208", "209", "210", "211", "410", "411", "412", "413", "503",
    "504", "505", "506", "553", "555", "556", "660", "661", "662", "918", "919",
)  # fmt: skip
RETURN_CFOPS = frozenset(f"{first}{suffix}" for first in "123567" for suffix in _RETURN_SUFFIXES)
"""CFOPs of returns of goods (devolução), every scope: the CFOP table's (Convênio s/nº 1970)
groups x.200, x.410, x.500, x.550, x.660 and x.900. The MOC's rules 327/328 name the return
CFOPs; this is the simulator's reading of them from the CFOP table, the list the product's
own check uses too (service/nfe/purpose.py)."""

_ENTRY_DIGITS, _OUTPUT_DIGITS = "123", "567"


def _cfops(content: Content, store: Store) -> None:
    """Each item's CFOP against the note: an entry CFOP (1, 2, 3) on an output (518), an output
    CFOP (5, 6, 7) on an entry (519); a return (finNFe 4) only with return CFOPs (327), a return
    CFOP only on a return (328). Codes and texts of the MOC's table (sped-nfe docs/cStat.md)."""
    output = content.ide("tpNF") == "1"
    returning = content.ide("finNFe") == RETURN
    for prod in _find(content.info, "det/prod"):
        cfop = _text(prod, "CFOP")
        if output and cfop[:1] in _ENTRY_DIGITS:
            raise _reject("518", "CFOP de entrada para NF-e de saida")
        if not output and cfop[:1] in _OUTPUT_DIGITS:
            raise _reject("519", "CFOP de saida para NF-e de entrada")
        if returning and cfop not in RETURN_CFOPS:
            raise _reject("327", "CFOP invalido para NF-e com finalidade de devolucao de "
                          "mercadoria")  # fmt: skip
        if not returning and cfop in RETURN_CFOPS:
            raise _reject("328", "CFOP de devolucao de mercadoria para NF-e que nao tem "
                          "finalidade de devolucao de mercadoria")  # fmt: skip


def _returned_tax(content: Content, store: Store) -> None:
    """impostoDevol only on a return (354)."""
    if content.ide("finNFe") != RETURN and _find(content.info, "det/impostoDevol"):
        raise _reject("354", "Informado grupo de devolucao de tributos para NF-e que nao tem "
                      "finalidade de devolucao de mercadoria")  # fmt: skip


# ---------------------------------------------------------------- totals (total/ICMSTot)


@dataclass(frozen=True)
class _Sum:
    """One ICMSTot value, the item path it sums, whether only indTot=1 items count, its code."""

    tag: str
    path: str
    code: str
    reason: str
    counted_only: bool = False


_SUMS = (
    _Sum("vBC", "imposto/ICMS/*/vBC", "531", "Total da BC ICMS", True),
    _Sum("vICMS", "imposto/ICMS/*/vICMS", "532", "Total do ICMS", True),
    _Sum("vICMSDeson", "imposto/ICMS/*/vICMSDeson", "795", "Total do ICMS desonerado"),
    _Sum("vBCST", "imposto/ICMS/*/vBCST", "533", "Total da BC ICMS-ST", True),
    _Sum("vST", "imposto/ICMS/*/vICMSST", "534", "Total do ICMS-ST", True),
    _Sum("vFCP", "imposto/ICMS/*/vFCP", "861", "Total do FCP", True),
    _Sum("vFCPST", "imposto/ICMS/*/vFCPST", "862", "Total do FCP ST", True),
    _Sum("vFCPSTRet", "imposto/ICMS/*/vFCPSTRet", "859",
         "Total do FCP retido anteriormente por Substituicao Tributaria", True),
    _Sum("vProd", "prod/vProd", "564", "Total do Produto / Servico", True),
    _Sum("vFrete", "prod/vFrete", "535", "Total do Frete"),
    _Sum("vSeg", "prod/vSeg", "536", "Total do Seguro"),
    _Sum("vDesc", "prod/vDesc", "537", "Total do Desconto"),
    _Sum("vII", "imposto/II/vII", "601", "Total do II"),
    _Sum("vIPI", "imposto/IPI/IPITrib/vIPI", "538", "Total do IPI"),
    _Sum("vIPIDevol", "impostoDevol/IPI/vIPIDevol", "863", "Total do IPI devolvido"),
    _Sum("vOutro", "prod/vOutro", "604", "Total do vOutro"),
)  # fmt: skip
"""The sums of MOC group W02 the simulator checks, in the order of ICMSTot."""


def _totals(content: Content, store: Store) -> None:
    """Each total equals the sum of its items (531-604, 795, 859-863), then vNF the MOC formula
    (610)."""
    items = _find(content.info, "det")
    counted = [d for d in items if _text(d, "prod/indTot") != "0"]
    for rule in _SUMS:
        found = _sum(counted if rule.counted_only else items, rule.path)
        if found != _total(content, rule.tag):
            raise _reject(rule.code, f"{rule.reason} difere do somatorio dos itens")
    if not _invoice_total_matches(content, items):
        raise _reject("610", "Total da NF difere do somatorio dos Valores compoe o valor Total "
                      "da NF.")  # fmt: skip


def _invoice_total_matches(content: Content, items: list[etree._Element]) -> bool:
    """vNF = vProd - vDesc - vICMSDeson + vST + vFCPST + vFrete + vSeg + vOutro + vII + vIPI +
    vIPIDevol (+ vServ of ISSQNtot). vICMSDeson is subtracted only when the issuer deducts it
    (indDeduzDeson, NT 2023.004), so both forms are accepted; imports (CFOP 3xxx) are not
    checked, as ACBr does not, their vNF may carry taxes paid at clearance."""
    if any(_text(d, "prod/CFOP").startswith("3") for d in items):
        return True
    added = sum((_total(content, tag) for tag in _ADDED), ZERO)
    service = Decimal(_text(content.info, "total/ISSQNtot/vServ") or "0")
    formula = _total(content, "vProd") - _total(content, "vDesc") + added + service
    return _total(content, "vNF") in (formula, formula - _total(content, "vICMSDeson"))


_ADDED = ("vST", "vFCPST", "vFrete", "vSeg", "vOutro", "vII", "vIPI", "vIPIDevol")
"""The ICMSTot values vNF adds to vProd - vDesc."""


# ---------------------------------------------------------------- transp


def _transport(content: Content, store: Store) -> None:
    """Vehicles never in an interstate operation (868) nor on an NFC-e (756, 757), freight on an
    NFC-e only for a home delivery, indPres 4 (753); an IE of the carrier needs its UF (559)."""
    vehicle = bool(_find(content.info, "transp/veicTransp"))
    trailers = bool(_find(content.info, "transp/reboque"))
    if content.ide("idDest") == "2" and (vehicle or trailers):
        raise _reject("868", "Grupos Veiculo Transporte e Reboque nao devem ser informados")
    delivery = content.ide("indPres") == "4"
    if (
        content.ide("mod") == NFCE
        and not delivery
        and _text(content.info, "transp/modFrete") != "9"
    ):
        raise _reject("753", "NFC-e com Frete")
    if content.ide("mod") == NFCE and vehicle:
        raise _reject("756", "NFC-e com dados do veiculo de Transporte")
    if content.ide("mod") == NFCE and trailers:
        raise _reject("757", "NFC-e com dados de Reboque do veiculo de Transporte")
    carrier = "transp/transporta/"
    if _text(content.info, carrier + "IE") and not _text(content.info, carrier + "UF"):
        raise _reject("559", "UF do Transportador nao informada")


# ---------------------------------------------------------------- pag (NT 2016.002)


def _payments(content: Content, store: Store) -> None:
    """An adjustment or return has no payment (871); otherwise the change rules (866, 869) and,
    on an NFC-e, payments at least the total (865). NT 2016.002 v1.10 dropped the NF-e's
    "payments equal the total" rule, so an NF-e paid in part (the rest in cobr) passes."""
    details = _find(content.info, "pag/detPag")
    purpose = content.ide("finNFe")
    if purpose in (ADJUSTMENT, RETURN):
        if any(_text(d, "tPag") != NO_PAYMENT for d in details):
            raise _reject("871", "O campo Meio de Pagamento deve ser preenchido com a opcao "
                          "Sem Pagamento")  # fmt: skip
        return
    paid = _sum(details, "vPag")
    change = Decimal(_text(content.info, "pag/vTroco") or "0")
    total = _total(content, "vNF")
    if content.ide("mod") == NFCE and paid < total:
        raise _reject("865", "Total dos pagamentos menor que o total da nota")
    if change == 0 and paid > total:
        raise _reject("866", "Ausencia de troco quando o valor dos pagamentos informados for "
                      "maior que o total da nota")  # fmt: skip
    if change > 0 and paid - change != total:
        raise _reject("869", "Valor do troco incorreto")
