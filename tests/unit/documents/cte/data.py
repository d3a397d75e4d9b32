"""Test data for the CT-e and CT-e OS builders: an SP road freight and an SP charter.

Rates and values are test inputs standing in for the tax engine's output (ICMS 12 %, IBS/CBS
test-year 0.1 % / 0.9 %), not rules of the product.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

from documents.cte.model import (
    Address,
    Cargo,
    CargoQuantity,
    Charter,
    Component,
    Crt,
    CTeData,
    CTeOSData,
    DocumentReference,
    IbsCbs,
    Icms,
    IcmsGroup,
    IndIEToma,
    Issuer,
    Municipality,
    Party,
    RoadOS,
    TakerRole,
    Taxes,
    TpAmb,
    TpServOS,
    Vehicle,
)
from documents.keys import AccessKey

BRT = dt.timezone(dt.timedelta(hours=-3))
ISSUED_AT = dt.datetime(2026, 1, 15, 10, 0, 0, tzinfo=BRT)
ISSUER_CNPJ = "11222333000181"
TAKER_CNPJ = "44555666000177"
SAO_PAULO = Municipality("3550308", "SAO PAULO", "SP")
CAMPINAS = Municipality("3509502", "CAMPINAS", "SP")
RIO = Municipality("3304557", "RIO DE JANEIRO", "RJ")
NFE_KEY = AccessKey.build(35, (2026, 1), "44555666000177", 55, 1, 1234, 1, "48213577").text


def address(city: Municipality = SAO_PAULO, street: str = "RUA DAS FLORES") -> Address:
    return Address(
        street=street, number="100", district="CENTRO", city_code=city.code, city=city.name,
        uf=city.uf, cep="01001000", phone="1133334444",
    )  # fmt: skip


def issuer(registration: str = ISSUER_CNPJ, crt: Crt = Crt.REGIME_NORMAL) -> Issuer:
    return Issuer(
        registration=registration, ie="123456789012", name="TRANSPORTES TESTE LTDA",
        address=address(), crt=crt, trade_name="TRANSPORTES TESTE",
    )  # fmt: skip


def party(registration: str, name: str, city: Municipality = CAMPINAS, **extra: Any) -> Party:
    return Party(registration=registration, name=name, address=address(city, "AVENIDA BRASIL"),
                 ie=extra.pop("ie", "244123456119"), **extra)  # fmt: skip


def icms00() -> Taxes:
    icms = Icms(IcmsGroup.ICMS00, "00", Decimal("1000.00"), Decimal("12.00"), Decimal("120.00"))
    return Taxes(icms, approximate_total=Decimal("150.00"))


def simples() -> Taxes:
    return Taxes(Icms(IcmsGroup.ICMSSN, "90"))


def with_ibs_cbs(taxes: Taxes) -> Taxes:
    ibs_cbs = IbsCbs(
        cst="000", c_class_trib="000001", v_bc=Decimal("1000.00"), p_ibs_uf=Decimal("0.10"),
        v_ibs_uf=Decimal("1.00"), p_ibs_mun=Decimal("0"), v_ibs_mun=Decimal("0.00"),
        p_cbs=Decimal("0.90"), v_cbs=Decimal("9.00"),
    )  # fmt: skip
    return dataclasses.replace(taxes, ibs_cbs=ibs_cbs, document_total=Decimal("1010.00"))


def cte_data(number: int = 1, **changes: Any) -> CTeData:
    data = CTeData(
        tp_amb=TpAmb.HOMOLOGACAO, issued_at=ISSUED_AT, series=1, number=number,
        cct="48213577", cfop="5353", nat_op="PRESTACAO DE SERVICO DE TRANSPORTE",
        issuer=issuer(), start=SAO_PAULO, end=CAMPINAS, taker=TakerRole.REMETENTE,
        ind_ie_toma=IndIEToma.CONTRIBUINTE,
        sender=party(TAKER_CNPJ, "INDUSTRIA REMETENTE SA", SAO_PAULO, trade_name="REMETENTE"),
        recipient=party("11444777000161", "COMERCIO DESTINATARIO LTDA"),
        service_total=Decimal("1000.00"), receivable=Decimal("1000.00"),
        components=(Component("FRETE PESO", Decimal("900.00")),
                    Component("PEDAGIO", Decimal("100.00"))),
        taxes=icms00(),
        cargo=Cargo(Decimal("25000.00"), "PECAS AUTOMOTIVAS",
                    (CargoQuantity("01", "PESO BRUTO", Decimal("1200.5000")),
                     CargoQuantity("03", "VOLUMES", Decimal("40.0000")))),
        nfe_keys=(NFE_KEY,), rntrc="12345678", observations="ENTREGA EM HORARIO COMERCIAL",
    )  # fmt: skip
    return dataclasses.replace(data, **changes)


def cteos_data(number: int = 1, **changes: Any) -> CTeOSData:
    data = CTeOSData(
        tp_amb=TpAmb.HOMOLOGACAO, issued_at=ISSUED_AT, series=1, number=number,
        cct="48213577", cfop="6357", nat_op="TRANSPORTE DE PASSAGEIROS", issuer=issuer(),
        start=SAO_PAULO, end=RIO, route=(), taker=party(TAKER_CNPJ, "EMPRESA CONTRATANTE SA",
                                                         trade_name="CONTRATANTE"),
        ind_ie_toma=IndIEToma.CONTRIBUINTE, tp_serv=TpServOS.PESSOAS,
        description="FRETAMENTO SAO PAULO RIO", quantity=Decimal("42.0000"),
        service_total=Decimal("3500.00"), receivable=Decimal("3500.00"),
        components=(Component("FRETAMENTO", Decimal("3500.00")),),
        taxes=Taxes(Icms(IcmsGroup.ICMS00, "00", Decimal("3500.00"), Decimal("12.00"),
                         Decimal("420.00"))),
        road=RoadOS(taf="123456789012", vehicle=Vehicle("ABC1D23", "SP", "12345678901"),
                    charter=Charter("1", dt.datetime(2026, 1, 20, 7, 0, tzinfo=BRT))),
        references=(DocumentReference(number="77", series="1", issued_on=dt.date(2026, 1, 10),
                                      value=Decimal("3500.00")),),
    )  # fmt: skip
    return dataclasses.replace(data, **changes)
