"""From a validated `/nfe` or `/nfce` request to a document ready to number and sign.

Everything that depends only on the request, the registers and the rules happens here, before
any lock is taken or any number consumed: the customer and products are looked up, the engine
decides every tax, and the builder's input (`NFeData`) is prepared with a placeholder number.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from documents.nfce.qrcode import Csc
from documents.nfe import model as doc
from documents.nfe.builder import compute_totals
from engine import (
    CanonicalSnapshot,
    Counterpart,
    DocumentType,
    PersonType,
    TaxContext,
    TaxResult,
    snapshot,
)
from service import clock, runtime
from service.companies.models import Company
from service.errors import invalid_field
from service.fiscal.context import goods_context
from service.fiscal.errors import run_engine
from service.issuance.authority import layout_environment
from service.issuance.family import Contingency
from service.nfe import (
    complements,
    exports,
    imports,
    purpose,
    references,
    returns,
    rural,
    taxes,
    transport,
)
from service.nfe import payments as nfe_payments
from service.nfe.lines import Line, requested_lines
from service.nfe.purpose import Purpose
from service.nfe.registers import (
    Gaps,
    NatureView,
    Party,
    check_issuer,
    check_items,
    products_by_code,
    resolve_party,
)

PRESENCE = {
    "presencial": doc.IndPres.PRESENCIAL,
    "internet": doc.IndPres.INTERNET,
    "telefone": doc.IndPres.TELEATENDIMENTO,
    "entrega": doc.IndPres.ENTREGA_DOMICILIO,
    "outros": doc.IndPres.OUTROS,
}
HOMOLOGATION_NAME = "NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL"


@dataclass(frozen=True)
class Draft:
    """A document decided in full except its number, key and issue instant."""

    modelo: str
    data: doc.NFeData
    context: TaxContext
    result: TaxResult
    snapshot: Mapping[str, Any]
    snapshot_sha256: str
    valor_total: Decimal
    csc: Csc | None

    def numbered(
        self,
        *,
        serie: int,
        numero: int,
        cnf: str,
        issued_at: dt.datetime,
        contingency: Contingency | None = None,
    ) -> doc.NFeData:
        """The document with its number and instant; in contingency also its tpEmis, dhCont
        and xJust (the key's tpEmis digit follows)."""
        if contingency is None:
            return replace(self.data, serie=serie, numero=numero, cnf=cnf, issued_at=issued_at)
        return replace(
            self.data, serie=serie, numero=numero, cnf=cnf, issued_at=issued_at,
            tp_emis=doc.TpEmis(contingency.tp_emis),
            contingency=doc.Contingency(contingency.started_at, contingency.reason),
        )  # fmt: skip


def _kind(modelo: str) -> DocumentType:
    return DocumentType.NFE if modelo == doc.Modelo.NFE else DocumentType.NFCE


def counterpart_of(
    company: Company, party: Party | None, consumidor_final: bool | None, modelo: str
) -> Counterpart:
    """The engine's recipient, as the issuance decides it (also used by `/fiscal/calcular`)."""
    if party is None:
        return Counterpart(
            uf=company.uf,
            cod_municipio=company.cod_municipio,
            tipo=PersonType.PF,
            contribuinte=False,
            consumidor_final=True,
        )
    address = party.endereco or {}
    kind: PersonType | None = PersonType.PF if len(party.cpf_cnpj) == 11 else PersonType.PJ
    if party.estrangeiro:
        kind = None  # neither a CPF nor a CNPJ: the engine's facts say nothing
    contribuinte = party.indicador_ie == 1
    if consumidor_final is None:
        consumidor_final = modelo == doc.Modelo.NFCE or not contribuinte
    return Counterpart(
        uf=address.get("uf") or company.uf,
        cod_municipio=address.get("cod_municipio"),
        tipo=kind,
        contribuinte=contribuinte,
        consumidor_final=consumidor_final,
    )


def layout_address(values: dict[str, Any]) -> doc.Address:
    """An address of the request or a register as the layouts write it (`ender*`)."""
    return doc.Address(
        street=values["logradouro"],
        number=values["numero"],
        district=values["bairro"],
        city_code=values["cod_municipio"],
        city=values["municipio"],
        uf=values["uf"],
        cep=values.get("cep"),
        complement=values.get("complemento") or None,
        phone=values.get("telefone") or None,
        country_code=values.get("pais") or "1058",
        country=values.get("nome_pais") or "BRASIL",
    )


ISSUER_ADDRESS = ("logradouro", "numero", "bairro", "cod_municipio", "municipio", "uf", "cep",
                  "complemento", "telefone")  # fmt: skip


def issuer_address(company: Company) -> doc.Address:
    """The issuer's address as every layout's `ender*` writes it (NF-e, CT-e, MDF-e)."""
    return layout_address({name: getattr(company, name) for name in ISSUER_ADDRESS})


def _issuer(company: Company) -> doc.Issuer:
    return doc.Issuer(
        registration=rural.issuer_registration(company),
        name=company.razao_social,
        address=issuer_address(company),
        ie=str(company.ie),
        crt=doc.Crt(str(company.crt)),
        trade_name=company.nome_fantasia,
        im=company.im if company.im and company.cnae else None,
        cnae=company.cnae if company.im and company.cnae else None,
    )


def _recipient(party: Party | None) -> doc.Recipient | None:
    if party is None:
        return None
    ind = {1: doc.IndIEDest.CONTRIBUINTE, 2: doc.IndIEDest.ISENTO}.get(
        party.indicador_ie, doc.IndIEDest.NAO_CONTRIBUINTE
    )
    is_cpf = len(party.cpf_cnpj) == 11
    return doc.Recipient(
        name=party.nome,
        ind_ie_dest=ind,
        cnpj=None if is_cpf or party.estrangeiro else party.cpf_cnpj,
        cpf=party.cpf_cnpj if is_cpf else None,
        foreign_id=party.id_estrangeiro,
        address=layout_address(party.endereco) if party.endereco else None,
        ie=party.ie if ind is doc.IndIEDest.CONTRIBUINTE else None,
        email=party.email,
    )


def _doc_items(
    lines: tuple[Line, ...], result: TaxResult, cfops: list[str]
) -> tuple[doc.Item, ...]:
    built = []
    for line, decided, cfop in zip(lines, result.itens, cfops, strict=True):
        try:
            item_taxes = taxes.item_taxes(decided, line.origem)
        except taxes.UnsupportedTaxGroup as exc:
            raise invalid_field(line.path, exc.detail) from exc
        built.append(
            doc.Item(
                code=line.code,
                description=line.description,
                ncm=line.ncm,
                cfop=cfop,
                unit=line.unit,
                quantity=line.quantity,
                unit_price=line.unit_price,
                total=decided.vProd,
                taxes=item_taxes,
                gtin=line.gtin,
                cest=line.cest,
                discount=decided.vDesc if decided.vDesc else None,
                additional_info=line.info,
                benefit_code=decided.icms.cBenef if decided.icms else None,
                freight=line.freight or None,
                insurance=line.insurance or None,
                other=line.other or None,
                purchase_order=line.purchase_order,
                purchase_order_item=line.purchase_order_item,
                returned_percent=line.returned_percent,
                returned_ipi=line.returned_ipi,
                import_declarations=line.import_declarations,
                export_details=line.export_details,
            )
        )
    return tuple(built)


def _csc(company: Company, modelo: str) -> Csc | None:
    if modelo != doc.Modelo.NFCE or company.csc_cifrado is None:
        return None
    code = runtime.current().secrets.open(company.csc_cifrado).decode()
    return Csc(id=str(company.csc_id), code=code)


def _id_dest(company: Company, party: Party | None) -> doc.IdDest:
    if party is not None and party.estrangeiro:
        return doc.IdDest.EXTERIOR
    uf = (party.endereco or {}).get("uf") if party else None
    return doc.IdDest.INTERESTADUAL if uf and uf != company.uf else doc.IdDest.INTERNA


INF_CPL_MAX = 5000


def _info(
    body: dict[str, Any], nature: NatureView | None, result: TaxResult, extra: str | None
) -> str | None:
    """infCpl: the request's text, the nature's `observacoes`, each applied rule's `inf_cpl`
    (item order), then what the service adds (a return's original), without repeats."""
    texts = [
        body.get("informacoes_complementares"),
        body.get("observacoes"),
        nature.observacoes if nature else None,
        *(decided.inf_cpl for decided in result.itens),
        extra,
    ]
    parts: list[str] = []
    for text in texts:
        if text and text.strip() and text.strip() not in parts:
            parts.append(text.strip())
    joined = " ".join(parts)
    if len(joined) > INF_CPL_MAX:
        raise invalid_field(
            "informacoes_complementares",
            f"As informações complementares somadas às da natureza e das regras passam de "
            f"{INF_CPL_MAX} caracteres ({len(joined)}): encurte o texto.",
        )
    return joined or None


def _party(
    session: Session,
    company: Company,
    body: dict[str, Any],
    modelo: str,
    tipo: doc.TpNF,
    original: returns.Original | None,
    gaps: Gaps,
) -> Party | None:
    """The other party: `cliente` on an output, `fornecedor` on an entry; on a return, the
    original's recipient unless the request names one."""
    named = body.get("fornecedor") or body.get("cliente")
    if original is not None:
        named = named or original.party
        if named is None:
            raise invalid_field(
                "fornecedor" if tipo is doc.TpNF.ENTRADA else "cliente",
                "A nota original não identifica o destinatário: informe quem devolve.",
            )
        return resolve_party(session, company, named, needs_address=True, gaps=gaps)
    if tipo is doc.TpNF.ENTRADA:
        if "cliente" in body:
            raise invalid_field(
                "cliente", "Numa NF-e de entrada (tipo_operacao 0) a outra parte é `fornecedor`."
            )
        if "fornecedor" not in body:
            raise invalid_field(
                "fornecedor", "Campo obrigatório numa NF-e de entrada (tipo_operacao 0)."
            )
        return resolve_party(
            session, company, body["fornecedor"], needs_address=True, gaps=gaps,
            field="fornecedor",
        )  # fmt: skip
    if "fornecedor" in body:
        raise invalid_field(
            "fornecedor", "`fornecedor` é a outra parte de uma entrada (tipo_operacao 0): use "
            "`cliente` numa saída.",
        )  # fmt: skip
    party = resolve_party(
        session, company, body.get("cliente"), needs_address=modelo == doc.Modelo.NFE, gaps=gaps
    )
    if party is not None and party.estrangeiro and modelo != doc.Modelo.NFE:
        raise invalid_field(
            "cliente", "A NFC-e é sempre de operação interna: um comprador no exterior (sem "
            "`cpf_cnpj`, com `endereco.pais`) é o destinatário de uma NF-e de exportação.",
        )  # fmt: skip
    return party


def _lines(
    session: Session,
    company: Company,
    body: dict[str, Any],
    original: returns.Original | None,
    gaps: Gaps,
) -> tuple[Line, ...]:
    if original is None:
        products = products_by_code(session, company, (i["codigo"] for i in body["itens"]))
        check_items(body["itens"], products, gaps)
        return requested_lines(body, body["itens"], products)
    given = {
        "frete.valor": (body.get("frete") or {}).get("valor"),
        "seguro": body.get("seguro"),
        "outras_despesas": body.get("outras_despesas"),
    }
    for name, value in given.items():
        if value is not None:
            raise invalid_field(
                name,
                "Numa devolução frete, seguro e outras despesas vêm da NF-e original, na "
                "proporção devolvida: retire este valor.",
            )  # fmt: skip
    returned = body["devolucao_de"]
    return returns.returned_lines(session, company, original, returned["itens"], body.get("pedido"))


@dataclass(frozen=True)
class Facts:
    """What the engine decides an NF-e/NFC-e from (`context`) and the registers it came from."""

    context: TaxContext
    lines: tuple[Line, ...]
    party: Party | None
    purpose: Purpose
    original: returns.Original | None


def decision_facts(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    modelo: str,
    ambiente: str,
    today: dt.date,
) -> Facts:
    """The engine's context of an issuance request, and the lines and parties it came from.

    The one path from a request to the engine's input: the issuance (`draft`) and
    `/fiscal/calcular` (an `operacao` in the issuance's JSON) both call it, so a calculation
    decides what the issuance of the same request decides (issue 36: a rural producer's
    calculation had lost the issuer's regime and answered "nenhuma regra")."""
    rural.refuse_nfce(company, modelo)
    _refuse_on_nfce(body, modelo)
    gaps = Gaps()
    check_issuer(company, modelo, gaps)
    original = None
    if "devolucao_de" in body:
        original = returns.load_original(
            session, company, body["devolucao_de"]["documento"], ambiente
        )
    lines = _lines(session, company, body, original, gaps)
    the_purpose = purpose.decide(
        session, company, body, modelo, gaps, original.tp_nf if original else None
    )
    complements.check(body, the_purpose.finalidade)
    party = _party(session, company, body, modelo, the_purpose.tipo, original, gaps)
    imports.check(body.get("itens") or (), the_purpose.tipo, the_purpose.finalidade, party)
    exports.check(body, the_purpose.tipo, party)
    gaps.raise_if_any()
    counterpart = counterpart_of(company, party, body.get("consumidor_final"), modelo)
    engine_items = tuple(line.engine_item(n) for n, line in enumerate(lines, start=1))
    nature = the_purpose.nature
    ctx = goods_context(
        company, _kind(modelo), engine_items, counterpart, nature.id if nature else None, today
    )
    return Facts(ctx, lines, party, the_purpose, original)


def issued_cfops(company: Company, facts: Facts, result: TaxResult) -> list[str]:
    """The CFOP each line is written with: the tax rule's when it fits the direction (a return
    CFOP on a return), else the nature's; else 422 naming what to configure. Shared with
    `/fiscal/calcular`, whose answer must name the CFOP the issuance writes, not only the
    engine's (a return's rule may give a sale's CFOP the nature's return CFOP replaces)."""
    id_dest = _id_dest(company, facts.party)
    return purpose.cfops(facts.purpose, id_dest, [decided.cfop for decided in result.itens])


def draft(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    modelo: str,
    ambiente: str,
    today: dt.date,
    explain: bool = False,
    allow_review: bool = False,
) -> Draft:
    """Look up, decide and prepare; raises the API's 422s for anything missing.

    `allow_review` keeps going when the engine asks for a fiscal review (previews show the
    decisions; issuance refuses with 422 `REVISAO_FISCAL_NECESSARIA`).
    """
    facts = decision_facts(session, company, body, modelo=modelo, ambiente=ambiente, today=today)
    lines, party, the_purpose, original = facts.lines, facts.party, facts.purpose, facts.original
    nature, counterpart, ctx = the_purpose.nature, facts.context.contraparte, facts.context
    result = run_engine(session, company, ctx, explain=explain, allow_review=allow_review)
    id_dest = _id_dest(company, party)
    cfops = issued_cfops(company, facts, result)
    items = _doc_items(lines, result, cfops)
    v_nf = compute_totals(items).v_nf
    payments, change = nfe_payments.payments(
        body["pagamento"], v_nf, the_purpose.finalidade, body.get("troco")
    )
    implied = (doc.RefKey(key=original.chave),) if original else ()
    refs = references.references(body.get("referencias"), the_purpose.finalidade, implied)
    references.check_own_notes(
        session, company, body.get("referencias"), the_purpose.finalidade, ambiente
    )
    tp_amb = layout_environment(ambiente)
    presence = PRESENCE[body.get("presenca", "presencial")]
    shipping = transport.transport(body.get("frete"), id_dest, modelo, presence)
    data = doc.NFeData(
        modelo=doc.Modelo(modelo),
        tp_amb=tp_amb,
        serie=0,
        numero=1,
        cnf="00000000",
        issued_at=clock.issuer_now(company.uf),
        nat_op=nature.descricao if nature else "VENDA",
        issuer=_issuer(company),
        items=items,
        payments=payments,
        recipient=_recipient(party),
        mod_frete=shipping.mod_frete,
        transport=shipping,
        tp_nf=the_purpose.tipo,
        fin_nfe=the_purpose.finalidade,
        references=refs,
        id_dest=id_dest,
        final_consumer=counterpart.consumidor_final is True,
        ind_pres=presence,
        tp_imp=doc.TpImp.DANFCE if modelo == doc.Modelo.NFCE else doc.TpImp.RETRATO,
        change=change,
        additional_info=_info(body, nature, result, returns.note(original) if original else None),
        fisco_info=body.get("informacoes_fisco"),
        intermediary=_intermediary(body.get("intermediador"), presence),
        export=exports.shipment(body.get("exportacao")),
    )
    canonical, digest = snapshot(ctx, result)
    return Draft(
        modelo, data, ctx, result, CanonicalSnapshot(canonical), digest, v_nf, _csc(company, modelo)
    )


_NOT_ON_NFCE = ("referencias", "devolucao_de", "fornecedor")


def _refuse_on_nfce(body: dict[str, Any], modelo: str) -> None:
    """The NFC-e has no references, returns or entries (rejections 708, 715, 706)."""
    if modelo != doc.Modelo.NFCE:
        return
    for name in _NOT_ON_NFCE:
        if name in body:
            raise invalid_field(name, "Não se aplica à NFC-e: emita uma NF-e (modelo 55).")


def _intermediary(raw: dict[str, Any] | None, presence: doc.IndPres) -> doc.Intermediary | None:
    """`intermediador` only when the sale was not presencial (indIntermed 1, infIntermed)."""
    if raw is None:
        return None
    if presence is doc.IndPres.PRESENCIAL:
        raise invalid_field("intermediador", "Intermediador só se aplica a vendas não presenciais.")
    return doc.Intermediary(cnpj=raw["cnpj"], platform_id=raw["id"])
