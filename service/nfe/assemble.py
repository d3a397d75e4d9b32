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
    Item,
    PersonType,
    TaxContext,
    TaxResult,
    snapshot,
)
from engine import Company as EngineCompany
from service import clock, runtime
from service.companies.models import Company
from service.errors import invalid_field
from service.fiscal.errors import run_engine
from service.issuance.authority import layout_environment
from service.nfe import rural, taxes
from service.nfe.payments import PAYMENT_FORMS
from service.nfe.registers import (
    Gaps,
    NatureView,
    Party,
    ProductView,
    check_issuer,
    check_items,
    products_by_code,
    resolve_nature,
    resolve_party,
)

PRESENCE = {
    "presencial": doc.IndPres.PRESENCIAL,
    "internet": doc.IndPres.INTERNET,
    "telefone": doc.IndPres.TELEATENDIMENTO,
    "entrega": doc.IndPres.ENTREGA_DOMICILIO,
    "outros": doc.IndPres.OUTROS,
}
_CARDS = {"03", "04"}
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

    def numbered(self, *, serie: int, numero: int, cnf: str, issued_at: dt.datetime) -> doc.NFeData:
        return replace(self.data, serie=serie, numero=numero, cnf=cnf, issued_at=issued_at)


def _kind(modelo: str) -> DocumentType:
    return DocumentType.NFE if modelo == doc.Modelo.NFE else DocumentType.NFCE


def _engine_items(
    items: list[dict[str, Any]], products: dict[str, ProductView]
) -> tuple[Item, ...]:
    engine_items = []
    for numero, item in enumerate(items, start=1):
        product = products[item["codigo"]]
        engine_items.append(
            Item(
                numero=numero,
                quantidade=item["quantidade"],
                valor_unitario=item.get("valor", product.preco),
                desconto=item.get("desconto", Decimal("0")),
                produto_id=product.id,
                ncm=product.ncm,
                cest=product.cest,
                origem=str(product.origem),
                categoria=product.categoria,
            )
        )
    return tuple(engine_items)


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
    kind = PersonType.PF if len(party.cpf_cnpj) == 11 else PersonType.PJ
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


def _context(
    company: Company,
    modelo: str,
    items: tuple[Item, ...],
    counterpart: Counterpart,
    nature: NatureView | None,
    today: dt.date,
) -> TaxContext:
    issuer = EngineCompany(
        crt=int(company.crt or 0),
        uf=str(company.uf),
        cod_municipio=company.cod_municipio,
        regime=company.apuracao,
        cnae=company.cnae,
        contexto=rural.fiscal_context(company),
        contribuinte_ibs_cbs=rural.ibs_cbs_contributor(company),
    )
    return TaxContext(
        documento=_kind(modelo),
        data_operacao=today,
        empresa=issuer,
        itens=items,
        contraparte=counterpart,
        natureza_id=nature.id if nature else None,
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
        cnpj=None if is_cpf else party.cpf_cnpj,
        cpf=party.cpf_cnpj if is_cpf else None,
        address=layout_address(party.endereco) if party.endereco else None,
        ie=party.ie if ind is doc.IndIEDest.CONTRIBUINTE else None,
        email=party.email,
    )


def _doc_items(
    items: list[dict[str, Any]], products: dict[str, ProductView], result: TaxResult
) -> tuple[doc.Item, ...]:
    built = []
    for request_item, decided in zip(items, result.itens, strict=True):
        product = products[request_item["codigo"]]
        try:
            item_taxes = taxes.item_taxes(decided, str(product.origem))
        except taxes.UnsupportedTaxGroup as exc:
            raise invalid_field(f"itens.{exc.item - 1}", exc.detail) from exc
        unit_price = request_item.get("valor", product.preco)
        built.append(
            doc.Item(
                code=product.codigo,
                description=product.descricao,
                ncm=str(product.ncm),
                cfop=str(decided.cfop),
                unit=product.unidade,
                quantity=request_item["quantidade"],
                unit_price=unit_price,
                total=decided.vProd,
                taxes=item_taxes,
                gtin=product.gtin or "SEM GTIN",
                cest=product.cest,
                discount=decided.vDesc if decided.vDesc else None,
                additional_info=decided.inf_cpl,
                benefit_code=decided.icms.cBenef if decided.icms else None,
            )
        )
    return tuple(built)


def _payments(
    raw: list[dict[str, Any]], v_nf: Decimal, modelo: str
) -> tuple[tuple[doc.Payment, ...], Decimal | None]:
    payments = []
    for index, entry in enumerate(raw):
        kind = PAYMENT_FORMS.get(entry["forma"].lower(), entry["forma"])
        if kind not in PAYMENT_FORMS.values():
            raise invalid_field(
                f"pagamento.{index}.forma", f"Forma de pagamento '{entry['forma']}' desconhecida."
            )
        amount = entry["valor"]
        if amount is None:
            amount = Decimal("0.00") if kind == "90" else v_nf
        payments.append(
            doc.Payment(
                kind=kind,
                amount=amount.quantize(Decimal("0.01")),
                description="Outros" if kind == "99" else None,
                card=doc.Card() if kind in _CARDS else None,
            )
        )
    if all(p.kind == "90" for p in payments):
        return tuple(payments), None
    paid = sum((p.amount for p in payments), Decimal("0.00"))
    if paid < v_nf:
        raise invalid_field(
            "pagamento", f"Pagamentos ({paid}) menores que o total da nota ({v_nf})."
        )
    return tuple(payments), (paid - v_nf) if paid > v_nf else None


def _csc(company: Company, modelo: str) -> Csc | None:
    if modelo != doc.Modelo.NFCE or company.csc_cifrado is None:
        return None
    code = runtime.current().secrets.open(company.csc_cifrado).decode()
    return Csc(id=str(company.csc_id), code=code)


def _id_dest(company: Company, party: Party | None) -> doc.IdDest:
    uf = (party.endereco or {}).get("uf") if party else None
    return doc.IdDest.INTERESTADUAL if uf and uf != company.uf else doc.IdDest.INTERNA


def _info(body: dict[str, Any], nature: NatureView | None) -> str | None:
    parts = [
        text for text in (body.get("observacoes"), nature.observacoes if nature else None) if text
    ]
    return " ".join(parts) if parts else None


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
    rural.refuse_nfce(company, modelo)
    gaps = Gaps()
    check_issuer(company, modelo, gaps)
    products = products_by_code(session, company, (i["codigo"] for i in body["itens"]))
    check_items(body["itens"], products, gaps)
    party = resolve_party(
        session, company, body.get("cliente"), needs_address=modelo == doc.Modelo.NFE, gaps=gaps
    )
    nature = resolve_nature(session, company, body.get("natureza"), modelo, gaps)
    gaps.raise_if_any()
    counterpart = counterpart_of(company, party, body.get("consumidor_final"), modelo)
    ctx = _context(
        company, modelo, _engine_items(body["itens"], products), counterpart, nature, today
    )
    result = run_engine(session, company, ctx, explain=explain, allow_review=allow_review)
    items = _doc_items(body["itens"], products, result)
    v_nf = compute_totals(items).v_nf
    payments, change = _payments(body["pagamento"], v_nf, modelo)
    tp_amb = layout_environment(ambiente)
    presence = PRESENCE[body.get("presenca", "presencial")]
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
        mod_frete=doc.ModFrete(str(body["frete"]["modalidade"]))
        if body.get("frete")
        else doc.ModFrete.SEM_FRETE,
        id_dest=_id_dest(company, party),
        final_consumer=counterpart.consumidor_final is True,
        ind_pres=presence,
        tp_imp=doc.TpImp.DANFCE if modelo == doc.Modelo.NFCE else doc.TpImp.RETRATO,
        change=change,
        additional_info=_info(body, nature),
        intermediary=_intermediary(body.get("intermediador"), presence),
    )
    canonical, digest = snapshot(ctx, result)
    return Draft(
        modelo, data, ctx, result, CanonicalSnapshot(canonical), digest, v_nf, _csc(company, modelo)
    )


def _intermediary(raw: dict[str, Any] | None, presence: doc.IndPres) -> doc.Intermediary | None:
    """`intermediador` only when the sale was not presencial (indIntermed 1, infIntermed)."""
    if raw is None:
        return None
    if presence is doc.IndPres.PRESENCIAL:
        raise invalid_field("intermediador", "Intermediador só se aplica a vendas não presenciais.")
    return doc.Intermediary(cnpj=raw["cnpj"], platform_id=raw["id"])
