"""The rural producer's context and the engine's ICMS in the builder's shapes
(`service/nfe/rural.py`, `service/nfe/taxes.py`); sources: tax_domain.md §6."""

from __future__ import annotations

from decimal import Decimal
from types import SimpleNamespace
from typing import Any

import pytest

from engine.result import IcmsGroup
from service.errors import ApiError
from service.nfe import rural, taxes


def company(**fields: Any) -> Any:
    values = {"cnpj": None, "cpf": None, "codigo": "E1", "exige_ibs_cbs": False,
              "contexto_fiscal": None}  # fmt: skip
    values.update(fields)
    return SimpleNamespace(**values)


def test_a_natural_person_is_always_a_rural_producer() -> None:
    producer = company(cpf="52998224725")
    assert rural.fiscal_context(producer) == "PRODUTOR_RURAL"
    assert rural.is_natural_person(producer)
    assert rural.issuer_registration(producer) == "52998224725"


def test_a_legal_person_is_one_only_by_its_declared_context() -> None:
    plain = company(cnpj="11222333000181")
    assert rural.fiscal_context(plain) is None and not rural.is_rural(plain)
    declared = company(cnpj="11222333000181", contexto_fiscal="PRODUTOR_RURAL")
    assert rural.is_rural(declared) and not rural.is_natural_person(declared)
    assert rural.issuer_registration(declared) == "11222333000181"


def test_ibs_cbs_contributor_is_asked_only_of_rural_producers() -> None:
    assert rural.ibs_cbs_contributor(company(cnpj="11222333000181")) is None
    assert rural.ibs_cbs_contributor(company(cpf="52998224725")) is False
    assert rural.ibs_cbs_contributor(company(cpf="52998224725", exige_ibs_cbs=True)) is True
    simulated = company(cnpj="11222333000181")
    assert rural.ibs_cbs_contributor(simulated, "PRODUTOR_RURAL") is False


def test_nfce_is_refused_to_a_natural_person_only() -> None:
    with pytest.raises(ApiError) as refused:
        rural.refuse_nfce(company(cpf="52998224725"), "65")
    assert refused.value.code == "VALIDATION_ERROR"
    rural.refuse_nfce(company(cpf="52998224725"), "55")
    rural.refuse_nfce(company(cnpj="11222333000181", contexto_fiscal="PRODUTOR_RURAL"), "65")


def test_a_requested_context_must_be_the_companys() -> None:
    rural.check_requested_context(company(cpf="52998224725"), "PRODUTOR_RURAL")
    rural.check_requested_context(company(cnpj="11222333000181"), None)
    with pytest.raises(ApiError):
        rural.check_requested_context(company(cnpj="11222333000181"), "PRODUTOR_RURAL")


def deferred(cst: str = "51") -> IcmsGroup:
    return IcmsGroup(
        grupo="ICMS51", orig="0", CST=cst, modBC="3", vBC=Decimal("100.00"),
        pICMS=Decimal("18.00"), vICMSOp=Decimal("18.00"), pDif=Decimal("100.00"),
        vICMSDif=Decimal("18.00"), vICMS=Decimal("0.00"), cBenef="SP830001",
    )  # fmt: skip


def test_cst_51_carries_its_deferral_into_the_xml_shapes() -> None:
    icms = taxes.icms(1, deferred(), "0")
    assert (icms.cst, icms.v_icms_op, icms.p_dif, icms.v_icms_dif, icms.v_icms) == (
        "51", Decimal("18.00"), Decimal("100.00"), Decimal("18.00"), Decimal("0.00"),
    )  # fmt: skip


def test_deferral_outside_cst_51_is_still_refused_and_fcp_is_carried() -> None:
    with pytest.raises(taxes.UnsupportedTaxGroup, match="vICMSOp, pDif, vICMSDif"):
        taxes.icms(1, deferred(cst="90"), "0")
    with_fcp = IcmsGroup(grupo="ICMS00", CST="00", pFCP=Decimal("2"), vFCP=Decimal("2.00"))
    icms = taxes.icms(1, with_fcp, "0")
    assert (icms.p_fcp, icms.v_fcp) == (Decimal("2"), Decimal("2.00"))
