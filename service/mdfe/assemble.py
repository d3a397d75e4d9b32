"""From a validated `/mdfe` request to a manifest ready to be numbered and signed.

Everything that depends only on the request and the company's registers and documents happens
here, before any lock is taken or any number consumed. The MDF-e carries no tax: the engine is
still run on the context (documento MDFE) so the snapshot records what the manifest was made
from, as every other issuance does.
"""

from __future__ import annotations

import datetime as dt
from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from lxml import etree
from sqlalchemy import select
from sqlalchemy.orm import Session

from documents.mdfe import model as mdfe
from documents.ufs import UF_BY_CODE
from engine import CanonicalSnapshot, DocumentType, TaxContext, compute, snapshot
from service import clock
from service.companies.models import Company
from service.cte.decide import check_issuer
from service.errors import invalid_field
from service.fiscal.context import issuer as engine_issuer
from service.fiscal.rules import CACHE
from service.issuance.authority import layout_environment
from service.issuance.family import Contingency
from service.issuance.models import FiscalDocument
from service.mdfe import manifest
from service.mdfe.manifest import Listed
from service.nfe.assemble import issuer_address
from service.nfe.registers import Gaps
from service.registers.models import Customer, Vehicle
from service.storage.documents import signed_xml

KG = mdfe.CargoUnit.KG
PROVIDERS = frozenset({1, 3})
"""`tipo_emitente` of a transport provider (1) and of the globalized CT-e (3): both declare the
predominant product (`prodPred`)."""


@dataclass(frozen=True)
class Draft:
    """A manifest decided in full except its number, key and issue instant."""

    data: mdfe.MDFeData
    snapshot: Mapping[str, Any]
    snapshot_sha256: str
    valor_total: Decimal
    listed: tuple[Listed, ...]
    drivers: tuple[tuple[str, str], ...]

    def numbered(
        self, *, serie: int, numero: int, cmdf: str, issued_at: dt.datetime,
        contingency: Contingency | None = None,
    ) -> Any:  # fmt: skip
        """The document with its number and instant; offline, its tpEmis 2 (the MDF-e 3.00
        layout has no dhCont or xJust: only the key and the QR code's signature change)."""
        data = replace(self.data, series=serie, number=numero, cmdf=cmdf, issued_at=issued_at)
        if contingency is None:
            return data
        return replace(data, tp_emis=mdfe.TpEmisMdfe(contingency.tp_emis))


def _uf_of(code: str, field: str) -> str:
    """The UF a municipality code begins with; `field` is where the request gave the code."""
    uf = UF_BY_CODE.get(int(code[:2])) if code[:2].isdigit() else None
    if uf is None:
        raise invalid_field(field, f"Município {code} sem UF conhecida.")
    return str(uf)


def _vehicle(found: Vehicle) -> mdfe.Vehicle:
    owner = None
    if found.proprietario_doc:
        owner = mdfe.VehicleOwner(
            registration=found.proprietario_doc, rntrc=str(found.proprietario_rntrc or ""),
            name=str(found.proprietario_nome or ""), ie=found.proprietario_ie or "ISENTO",
            uf=str(found.proprietario_uf or found.uf_licenciamento),
            kind=str(found.proprietario_tp_prop if found.proprietario_tp_prop is not None else 2),
        )  # fmt: skip
    return mdfe.Vehicle(
        plate=found.placa, tare_kg=found.tara, body_type=found.tp_car or "00",
        uf=found.uf_licenciamento, renavam=found.renavam, capacity_kg=found.cap_kg,
        capacity_m3=found.cap_m3, wheel_type=found.tp_rod if found.tipo == "TRACAO" else None,
        owner=owner,
    )  # fmt: skip


class _Names:
    """Municipality names the layout needs (`xMunDescarga`, `xMunCarrega`): from the listed
    CT-e, the issuer's address and the company's customers; a code none of them names is the
    caller's to name (422)."""

    def __init__(self, session: Session, company: Company, listed: list[Listed]) -> None:
        self.known: dict[str, str] = {}
        if company.cod_municipio and company.municipio:
            self.known[str(company.cod_municipio)] = str(company.municipio)
        query = select(Customer.cod_municipio, Customer.municipio).where(
            Customer.company_id == company.id, Customer.cod_municipio.is_not(None)
        )
        for code, name in session.execute(query):
            self.known.setdefault(str(code), str(name))
        for item in listed:
            if item.cte_id:
                self._from_cte(session, item.cte_id)
            if item.unloading_name:
                self.known[item.unloading] = item.unloading_name

    def _from_cte(self, session: Session, cte_id: str) -> None:
        document = session.get(FiscalDocument, cte_id)
        assert document is not None
        ide = etree.fromstring(signed_xml(document)).find("{*}infCte/{*}ide")
        if ide is None:
            return
        for end in ("Ini", "Fim"):
            code, name = ide.findtext(f"{{*}}cMun{end}"), ide.findtext(f"{{*}}xMun{end}")
            if code and name:
                self.known[code] = name

    def name(self, code: str, field: str) -> str:
        if code not in self.known:
            raise invalid_field(field, f"Município {code} desconhecido: informe o nome.")
        return self.known[code]


def _unloading(listed: list[Listed], names: _Names) -> tuple[mdfe.UnloadingPlace, ...]:
    """The documents grouped by unloading municipality; a name nobody knows is asked for at the
    first document unloading there (`documentos.N.municipio_descarga`)."""
    by_city: dict[str, dict[str, list[str]]] = defaultdict(lambda: {"cte": [], "nfe": []})
    first: dict[str, int] = {}
    for index, item in enumerate(listed):
        by_city[item.unloading][item.kind].append(item.key)
        first.setdefault(item.unloading, index)
    return tuple(
        mdfe.UnloadingPlace(
            code,
            names.name(code, f"documentos.{first[code]}.municipio_descarga"),
            tuple(keys["cte"]),
            tuple(keys["nfe"]),
        )
        for code, keys in by_city.items()
    )


def check_product(body: dict[str, Any], listed: list[Listed]) -> None:
    """The two MDF-e rules the XSD leaves open, on the request, so the 422 names the field to
    send (the layout element goes in `details`) and comes before anything is numbered: a
    provider declares the predominant product, and a manifest of one document is a full load
    with both CEPs. The builder keeps the same rules as a last guard."""
    cargo, route = body["carga"], body.get("percurso") or {}
    if body.get("tipo_emitente", 1) in PROVIDERS:
        for name in ("tipo", "produto"):
            if not cargo.get(name):
                raise invalid_field(f"carga.{name}", _PROVIDER_PRODUCT, element="prodPred")
    if len(listed) != 1:
        return
    full_load = {
        "carga.tipo": cargo.get("tipo"),
        "carga.produto": cargo.get("produto"),
        "percurso.carregamento.cep": (route.get("carregamento") or {}).get("cep"),
        "percurso.descarregamento_cep": route.get("descarregamento_cep"),
    }
    for path, value in full_load.items():
        if not value:
            raise invalid_field(path, _FULL_LOAD, element="infLotacao")


_PROVIDER_PRODUCT = (
    "Informe o produto predominante (`carga.tipo` e `carga.produto`): é obrigatório para o "
    "emitente prestador de serviço de transporte (tipo_emitente 1) e para o CT-e globalizado "
    "(tipo_emitente 3)."
)
_FULL_LOAD = (
    "Um MDF-e com um único documento é carga lotação: informe `carga.tipo`, `carga.produto`, "
    "`percurso.carregamento.cep` e `percurso.descarregamento_cep`."
)


def _loading(route: dict[str, Any], company: Company) -> mdfe.LoadingPlace:
    place = route.get("carregamento")
    if place:
        return mdfe.LoadingPlace(str(place["cod_municipio"]), str(place["municipio"]))
    return mdfe.LoadingPlace(str(company.cod_municipio), str(company.municipio))


def _product(body: dict[str, Any], route: dict[str, Any]) -> mdfe.PredominantProduct | None:
    cargo = body["carga"]
    if not cargo.get("tipo") or not cargo.get("produto"):
        return None
    loading_cep = (route.get("carregamento") or {}).get("cep")
    unloading_cep = route.get("descarregamento_cep")
    full = (
        mdfe.FullLoad(str(loading_cep), str(unloading_cep))
        if loading_cep and unloading_cep
        else None
    )
    return mdfe.PredominantProduct(
        mdfe.CargoType(cargo["tipo"]), str(cargo["produto"]), cargo.get("ncm"), full_load=full
    )


def _insurance(body: dict[str, Any]) -> tuple[mdfe.Insurance, ...]:
    raw = body.get("seguro")
    if not raw:
        return ()
    return (
        mdfe.Insurance(
            responsible=str(raw["responsavel"]), insurer_name=raw.get("nome_seguradora"),
            insurer_cnpj=raw.get("cnpj_seguradora"), policy=raw.get("apolice"),
            endorsements=tuple(raw.get("averbacoes") or ()),
        ),
    )  # fmt: skip


def _cargo_value(session: Session, body: dict[str, Any], listed: list[Listed]) -> Decimal:
    """`vCarga`: as given, else the sum of the listed CT-e's cargo values (all ours)."""
    given = body["carga"].get("valor")
    if given is not None:
        return Decimal(given)
    if not listed or any(item.cte_id is None for item in listed):
        raise invalid_field("carga.valor", "Informe o valor da carga (há chaves de fora).")
    total = Decimal(0)
    for item in listed:
        document = session.get(FiscalDocument, item.cte_id)
        assert document is not None
        value = etree.fromstring(signed_xml(document)).findtext(".//{*}infCarga/{*}vCarga")
        total += Decimal(value or 0)
    return total


def _issuer(company: Company) -> mdfe.Issuer:
    return mdfe.Issuer(
        registration=str(company.cnpj), name=company.razao_social,
        address=issuer_address(company),
        ie=company.ie, trade_name=company.nome_fantasia or None, email=company.email or None,
        rntrc=company.rntrc if company.rntrc and company.rntrc.isdigit() else None,
    )  # fmt: skip


def draft(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    ambiente: str,
    today: dt.date,
) -> Draft:
    """Look up and check; raises the API's 422s (configuration, registers, open manifests)."""
    gaps = Gaps()
    check_issuer(company, gaps)
    gaps.raise_if_any()
    traction = _vehicle(manifest.vehicle(session, company, body["veiculo"], "veiculo", "TRACAO"))
    trailers = tuple(
        _vehicle(manifest.vehicle(session, company, plate, f"reboques.{n}", "REBOQUE"))
        for n, plate in enumerate(body.get("reboques") or [])
    )
    drivers = manifest.drivers(session, company, body["condutores"])
    listed = manifest.documents(session, company, body["documentos"])
    check_product(body, listed)
    manifest.check_not_manifested(session, company, listed)
    route = body.get("percurso") or {}
    loading = _loading(route, company)
    unloading = _unloading(listed, _Names(session, company, listed))
    value = _cargo_value(session, body, listed)
    data = mdfe.MDFeData(
        tp_amb=layout_environment(ambiente),
        issued_at=clock.issuer_now(company.uf), series=1, number=1, cmdf="00000000",
        issuer=_issuer(company), tp_emit=mdfe.TpEmit(str(body.get("tipo_emitente", 1))),
        uf_start=route.get("uf_inicio") or _uf_of(loading.code, "percurso.carregamento"),
        uf_end=route.get("uf_fim") or _uf_of(unloading[-1].code, "documentos"),
        loading=(loading,), unloading=unloading, vehicle=traction,
        drivers=tuple(mdfe.Driver(name, cpf) for name, cpf in drivers),
        totals=mdfe.Totals(value, KG, Decimal(body["carga"]["peso_kg"])),
        tp_transp=mdfe.TpTransp(str(body["tipo_transportador"]))
        if body.get("tipo_transportador") else None,
        route=tuple(route.get("ufs_percurso") or ()), departure=route.get("inicio_viagem"),
        trailers=trailers, product=_product(body, route), insurance=_insurance(body),
        observations=body.get("observacoes") or None,
    )  # fmt: skip
    ctx = TaxContext(documento=DocumentType.MDFE, data_operacao=today,
                     empresa=engine_issuer(company, None))  # fmt: skip
    result = compute(ctx, CACHE.ruleset(session, company.id))
    canonical, digest = snapshot(ctx, result)
    return Draft(data, CanonicalSnapshot(canonical), digest, value, tuple(listed), tuple(drivers))
