"""Test data for the MDF-e builder: an SC carrier's trip from Florianópolis to Curitiba."""

from __future__ import annotations

import dataclasses
import datetime as dt
from decimal import Decimal
from typing import Any

from documents.keys import AccessKey
from documents.mdfe.model import (
    Address,
    CargoType,
    CargoUnit,
    Driver,
    FullLoad,
    Insurance,
    Issuer,
    LoadingPlace,
    MDFeData,
    PredominantProduct,
    Totals,
    TpAmb,
    TpEmit,
    TpTransp,
    UnloadingPlace,
    Vehicle,
    VehicleOwner,
)

BRT = dt.timezone(dt.timedelta(hours=-3))
ISSUED_AT = dt.datetime(2026, 1, 15, 10, 0, 0, tzinfo=BRT)
ISSUER_CNPJ = "11222333000181"
DRIVER = Driver("JOAO DA SILVA", "52998224725")
CTE_KEYS = tuple(
    AccessKey.build(42, (2026, 1), ISSUER_CNPJ, 57, 1, n, 1, "48213577").text for n in (7, 8)
)
NFE_KEYS = tuple(
    AccessKey.build(42, (2026, 1), "44555666000177", 55, 1, n, 1, "31415926").text
    for n in (11, 12, 13)
)
FLORIANOPOLIS = LoadingPlace("4205407", "FLORIANOPOLIS")


def issuer() -> Issuer:
    address = Address(
        street="RUA DAS FLORES", number="100", district="CENTRO", city_code="4205407",
        city="FLORIANOPOLIS", uf="SC", cep="88010000", phone="4833334444",
    )  # fmt: skip
    return Issuer(
        registration=ISSUER_CNPJ, name="TRANSPORTES TESTE LTDA", address=address,
        ie="255123456", trade_name="TRANSPORTES TESTE", rntrc="12345678",
    )  # fmt: skip


def product(full_load: bool = False) -> PredominantProduct:
    return PredominantProduct(
        CargoType.CARGA_GERAL, "PECAS AUTOMOTIVAS", ncm="87089990",
        full_load=FullLoad("88010000", "80010000") if full_load else None,
    )  # fmt: skip


def mdfe_data(number: int = 1, **changes: Any) -> MDFeData:
    """A manifest of two CT-e unloaded in Curitiba, issued by the transport provider."""
    data = MDFeData(
        tp_amb=TpAmb.HOMOLOGACAO, issued_at=ISSUED_AT, series=1, number=number,
        cmdf="27182818", issuer=issuer(), tp_emit=TpEmit.PRESTADOR, tp_transp=TpTransp.ETC,
        uf_start="SC", uf_end="PR", loading=(FLORIANOPOLIS,),
        unloading=(UnloadingPlace("4106902", "CURITIBA", cte_keys=CTE_KEYS),),
        vehicle=Vehicle(
            plate="ABC1D23", tare_kg=9000, body_type="02", uf="SC", renavam="12345678901",
            capacity_kg=25000, capacity_m3=80, wheel_type="03",
        ),
        trailers=(Vehicle(plate="XYZ9K87", tare_kg=7000, body_type="02", uf="SC",
                          capacity_kg=30000,
                          owner=VehicleOwner("52998224725", "87654321", "PEDRO PROPRIETARIO",
                                             "ISENTO", "SC", "0")),),
        drivers=(DRIVER,),
        totals=Totals(Decimal("52000.00"), CargoUnit.KG, Decimal("12500.5000")),
        product=product(),
        departure=ISSUED_AT + dt.timedelta(hours=2),
        insurance=(Insurance("1", ISSUER_CNPJ, "SEGURADORA TESTE SA", "33444555000190",
                             "1234567890", ("000111222333",)),),
        observations="CARGA CONFERIDA NA ORIGEM",
    )  # fmt: skip
    return dataclasses.replace(data, **changes)


def nfe_manifest(number: int = 2, **changes: Any) -> MDFeData:
    """A carrier of its own cargo (tpEmit 2) with three NF-e in two unloading municipalities."""
    unloading = (
        UnloadingPlace("4106902", "CURITIBA", nfe_keys=NFE_KEYS[:2]),
        UnloadingPlace("4113700", "LONDRINA", nfe_keys=NFE_KEYS[2:]),
    )
    own: dict[str, Any] = {
        "tp_emit": TpEmit.CARGA_PROPRIA, "tp_transp": None, "unloading": unloading,
        "product": None, "trailers": (), "insurance": (), "route": (),
    }  # fmt: skip
    return mdfe_data(number, **{**own, **changes})
