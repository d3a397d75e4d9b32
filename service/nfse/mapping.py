"""The engine's decisions and the registers in the shapes of the DPS builder.

Nothing is computed here: the ISS group, the withholdings and IBS/CBS are copied from the
`TaxResult`. A decision the DPS cannot carry yet is refused explicitly rather than dropped.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from documents.nfse import model as dps
from engine.result import IbsCbsGroup, IssGroup, ItemTaxes
from service.companies.models import Company
from service.errors import invalid_field
from service.issuance.authority import layout_environment
from service.nfe.registers import Gaps, Party

APP_VERSION = "fiscal-service 0.1"
"""`verAplic` of the DPS."""
SIMPLES = {"1": dps.OpSimpNac.ME_EPP, "2": dps.OpSimpNac.ME_EPP, "4": dps.OpSimpNac.MEI}
"""`opSimpNac` by CRT (1 and 2 are Simples Nacional, 4 is MEI); CRT 3 is not an optant."""
_WITHHELD = {"IRRF": "income_tax", "INSS": "social_security", "CP": "social_security"}


@dataclass(frozen=True)
class Described:
    """The service as the DPS and the engine see it: the register completed by the request."""

    codigo: str | None
    descricao: str
    valor: Decimal
    c_trib_nac: str | None
    c_trib_mun: str | None
    lc116: str | None
    nbs: str | None
    aliquota_iss: Decimal | None
    iss_retido: bool | None
    municipio_incidencia: str | None
    c_ind_op: str | None = None
    """The IBS/CBS operation indicator: the request's, else the services register's."""


def place(company: Company, servico: dict[str, Any]) -> str:
    """Where the service was provided: declared, else the provider's municipality."""
    local = servico.get("local_prestacao") or {}
    return str(local.get("cod_municipio") or company.cod_municipio)


def provider(company: Company) -> dps.Provider:
    return dps.Provider(
        registration=str(company.cnpj or getattr(company, "cpf", "")),
        simples_nacional=SIMPLES.get(str(company.crt), dps.OpSimpNac.NAO_OPTANTE),
        municipal_registration=company.im or None,
        phone=_digits(company.telefone) or None,
        email=company.email or None,
    )


def _digits(value: str | None) -> str:
    return "".join(ch for ch in str(value or "") if ch.isdigit())


def provider_address(company: Company) -> dps.NationalAddress | None:
    """The address the company registered, for the DANFSe when the national register (CNC)
    gave none (the DPS cannot carry it); None when the register is incomplete too."""
    needed = (company.logradouro, company.numero, company.bairro, company.cod_municipio)
    cep = _digits(company.cep)
    if not all(needed) or len(cep) != 8:
        return None
    return dps.NationalAddress(
        municipality=str(company.cod_municipio),
        cep=cep,
        street=str(company.logradouro),
        number=str(company.numero),
        district=str(company.bairro),
        complement=company.complemento or None,
    )


def taker(party: Party | None) -> dps.Taker | None:
    """`toma`: the address goes only when complete with its CEP (`endNac` requires it)."""
    if party is None:
        return None
    address = party.endereco or {}
    national = None
    if address and address.get("cep"):
        national = dps.NationalAddress(
            municipality=str(address["cod_municipio"]),
            cep=_digits(address["cep"]),
            street=str(address["logradouro"]),
            number=str(address["numero"]),
            district=str(address["bairro"]),
            complement=address.get("complemento") or None,
        )
    return dps.Taker(
        registration=party.cpf_cnpj, name=party.nome, address=national, email=party.email
    )


def iss(group: IssGroup) -> dps.IssTax:
    return dps.IssTax(
        taxation=dps.TribIssqn.TRIBUTAVEL,
        retention=dps.TpRetIssqn(group.tpRetISSQN),
        rate=group.pAliq,
    )


def federal(decided: ItemTaxes) -> dps.FederalWithholdings | None:
    """Withheld IRRF and INSS; CSRF's CSLL. PIS/COFINS withheld need the DPS `piscofins`
    group, not written yet: refused rather than left out."""
    amounts: dict[str, Decimal] = {}
    for withholding in decided.retencoes:
        if not withholding.retido:
            continue
        for name, value in withholding.valores.items():
            if name == "CSLL":
                amounts["csll"] = amounts.get("csll", Decimal(0)) + value
            elif name in _WITHHELD:
                key = _WITHHELD[name]
                amounts[key] = amounts.get(key, Decimal(0)) + value
            elif value:
                raise invalid_field(
                    "servico", f"Retenção de {name} ainda não é escrita no DPS (grupo piscofins)."
                )
    return dps.FederalWithholdings(**amounts) if amounts else None


def ibs_cbs(group: IbsCbsGroup | None, described: Described, party: Party | None,
            gaps: Gaps) -> dps.IbsCbs | None:  # fmt: skip
    """The IBSCBS classification; its operation indicator (cIndOp) is the provider's to
    declare (`servico.c_ind_op`, or kept on the registered service): no table maps services
    to it, so it is never guessed."""
    if group is None:
        return None
    indicator = described.c_ind_op
    if not indicator:
        gaps.add("servico.c_ind_op", "IBS_CBS_INDICADOR_OPERACAO",
                 "Há IBS/CBS vigente para a operação: informe `servico.c_ind_op` (indicador "
                 "da operação, 6 dígitos, Anexo VII da NT da NFS-e) ou guarde-o no serviço "
                 "cadastrado (PUT /servicos/{id}).")  # fmt: skip
        return None
    return dps.IbsCbs(
        operation_indicator=str(indicator),
        cst=group.CST,
        class_code=group.cClassTrib,
        final_consumer=party is not None and len(party.cpf_cnpj) == 11,
    )


def dps_data(
    company: Company,
    body: dict[str, Any],
    described: Described,
    party: Party | None,
    decided: ItemTaxes,
    *,
    ambiente: str,
    competence: dt.date,
    gaps: Gaps,
) -> dps.DpsData:
    """The DPS with a placeholder series and number (fixed by acceptance)."""
    assert decided.iss is not None  # the engine reports a missing rate as `missing`
    servico = body["servico"]
    discount = Decimal(body.get("desconto") or 0)
    data = dps.DpsData(
        environment=layout_environment(ambiente),
        issued_at=dt.datetime.now(dt.UTC),
        series="1",
        number=1,
        competence=competence,
        issuing_municipality=str(company.cod_municipio),
        provider=provider(company),
        service=dps.Service(
            place=place(company, servico),
            national_code=str(described.c_trib_nac),
            description=described.descricao,
            municipal_code=described.c_trib_mun,
            nbs=described.nbs,
            notes=body.get("observacoes") or None,
        ),
        values=dps.ServiceValues(service=described.valor, unconditional_discount=discount or None),
        iss=iss(decided.iss),
        total_taxes=dps.TotalTaxes(),
        app_version=APP_VERSION,
        taker=taker(party),
        federal=federal(decided),
        ibs_cbs=ibs_cbs(decided.ibs_cbs, described, party, gaps),
    )
    gaps.raise_if_any()
    return data
