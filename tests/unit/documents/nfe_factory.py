"""Test data for the NF-e / NFC-e builder: a plausible SP sale, taxes already computed.

Rates here are test inputs standing in for the tax engine's output (ICMS 18%, PIS 1.65%,
COFINS 7.6%, IBS/CBS test-year 0.1%/0.9%), not rules of the product.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from documents.nfe.model import (
    Address,
    Crt,
    IbsCbs,
    Icms,
    IndIEDest,
    IndPres,
    Issuer,
    Item,
    ItemTaxes,
    Modelo,
    NFeData,
    Payment,
    PisCofins,
    Recipient,
    TechResponsible,
    TpAmb,
    TpImp,
)  # fmt: skip

BRT = dt.timezone(dt.timedelta(hours=-3))
ISSUED_AT = dt.datetime(2026, 1, 15, 10, 0, 0, tzinfo=BRT)


def cents(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.01"), ROUND_HALF_UP)


def issuer(registration: str = "11222333000181", crt: Crt = Crt.REGIME_NORMAL) -> Issuer:
    address = Address(
        street="RUA DAS FLORES", number="100", district="CENTRO", city_code="3550308",
        city="SAO PAULO", uf="SP", cep="01001000", phone="1133334444",
    )  # fmt: skip
    return Issuer(
        registration=registration, name="EMPRESA TESTE LTDA", address=address,
        ie="123456789012", crt=crt, trade_name="EMPRESA TESTE",
    )  # fmt: skip


def recipient() -> Recipient:
    address = Address(
        street="AVENIDA BRASIL", number="2000", district="JARDIM AMERICA", city_code="3509502",
        city="CAMPINAS", uf="SP", cep="13010000",
    )  # fmt: skip
    return Recipient(
        name="CLIENTE TESTE SA", ind_ie_dest=IndIEDest.CONTRIBUINTE, cnpj="11444777000161",
        address=address, ie="244123456119", email="compras@cliente.com.br",
    )  # fmt: skip


def item(n: int, *, simples: bool = False, reform: bool = True) -> Item:
    qty = Decimal(1 + n % 5).quantize(Decimal("0.0001"))
    price = Decimal("10.50") + n % 7
    total = cents(qty * price)
    if simples:
        icms = Icms(orig="0", csosn="102")
    else:
        icms = Icms(
            orig="0", cst="00", mod_bc="3", v_bc=total, p_icms=Decimal("18.00"),
            v_icms=cents(total * Decimal("0.18")),
        )  # fmt: skip
    pis = PisCofins("01", total, Decimal("1.65"), cents(total * Decimal("0.0165")))
    cofins = PisCofins("01", total, Decimal("7.60"), cents(total * Decimal("0.076")))
    ibs_cbs = None
    if reform:
        ibs_cbs = IbsCbs(
            cst="000", c_class_trib="000001", v_bc=total, p_ibs_uf=Decimal("0.10"),
            v_ibs_uf=cents(total * Decimal("0.001")), p_ibs_mun=Decimal("0"),
            v_ibs_mun=Decimal("0.00"), p_cbs=Decimal("0.90"),
            v_cbs=cents(total * Decimal("0.009")),
        )  # fmt: skip
    return Item(
        code=f"P{n:05d}", description=f"PRODUTO TESTE {n}", ncm="84713012", cfop="5102",
        unit="UN", quantity=qty, unit_price=price, total=total,
        taxes=ItemTaxes(icms=icms, pis=pis, cofins=cofins, ibs_cbs=ibs_cbs),
    )  # fmt: skip


def nfe_data(n_items: int = 3, **overrides: Any) -> NFeData:
    reform = overrides.pop("reform", True)
    items = tuple(item(i, reform=reform) for i in range(1, n_items + 1))
    total = sum((i.total for i in items), Decimal("0.00"))
    data = NFeData(
        modelo=Modelo.NFE, tp_amb=TpAmb.HOMOLOGACAO, serie=1, numero=1, cnf="48213577",
        issued_at=ISSUED_AT, nat_op="VENDA DE MERCADORIA", issuer=issuer(), items=items,
        payments=(Payment(kind="01", amount=total, indicator="0"),), recipient=recipient(),
        additional_info="DOCUMENTO EMITIDO EM AMBIENTE DE HOMOLOGACAO",
        tech_responsible=TechResponsible(
            "11222333000181", "SUPORTE", "suporte@ex.com.br", "1133334444"
        ),
    )  # fmt: skip
    return dataclasses.replace(data, **overrides)


def nfce_data(n_items: int = 2, **overrides: Any) -> NFeData:
    base = nfe_data(n_items, reform=overrides.pop("reform", True))
    total = sum((i.total for i in base.items), Decimal("0.00"))
    consumer = Recipient(name=None, ind_ie_dest=IndIEDest.NAO_CONTRIBUINTE, cpf="12345678909")
    fields: dict[str, Any] = {
        "modelo": Modelo.NFCE, "tp_imp": TpImp.DANFCE, "final_consumer": True,
        "ind_pres": IndPres.PRESENCIAL, "recipient": consumer,
        "payments": (Payment(kind="01", amount=total + Decimal("10.00")),),
        "change": Decimal("10.00"),
    }  # fmt: skip
    fields.update(overrides)
    return dataclasses.replace(base, **fields)
