"""From a validated `/cte` or `/cteos` request to a document ready to be numbered and signed.

Everything that depends only on the request, the registers and the rules happens here, before
any lock is taken or any number consumed: parties looked up (with the full address the layout
requires), the prerequisites named (RNTRC, TAF or state registry), the engine's decision for
the operation date, and the builder's input with a placeholder number.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, replace
from decimal import Decimal
from typing import Any

from sqlalchemy.orm import Session

from documents.cte import model as cte
from engine import CanonicalSnapshot, DocumentType, TaxContext, snapshot
from service import clock
from service.companies.models import Company
from service.cte import decide as common
from service.cte.decide import Decided
from service.cte.operator import road_os
from service.errors import invalid_field
from service.issuance.authority import layout_environment
from service.issuance.family import Contingency
from service.nfe.registers import Gaps, Party

ROLES = {
    "remetente": cte.TakerRole.REMETENTE,
    "expedidor": cte.TakerRole.EXPEDIDOR,
    "recebedor": cte.TakerRole.RECEBEDOR,
    "destinatario": cte.TakerRole.DESTINATARIO,
}
SERVICE_KINDS = {"transporte_pessoas": cte.TpServOS.PESSOAS,
                 "transporte_valores": cte.TpServOS.VALORES,
                 "excesso_bagagem": cte.TpServOS.EXCESSO_BAGAGEM}  # fmt: skip
UNITS = {"m3": "00", "kg": "01", "ton": "02", "unidade": "03", "litros": "04", "mmbtu": "05"}


@dataclass(frozen=True)
class Draft:
    """A CT-e or CT-e OS decided in full except its number, key and issue instant."""

    data: cte.CTeData | cte.CTeOSData
    decided: Decided
    snapshot: Mapping[str, Any]
    snapshot_sha256: str
    valor_total: Decimal
    tipo_servico: str | None = None

    @property
    def result(self) -> Any:
        return self.decided.result

    def numbered(
        self, *, serie: int, numero: int, cct: str, issued_at: dt.datetime,
        contingency: Contingency | None = None,
    ) -> Any:  # fmt: skip
        """The document with its number and instant; in contingency also its tpEmis, dhCont
        and xJust (the key's tpEmis digit follows)."""
        data = replace(self.data, series=serie, number=numero, cct=cct, issued_at=issued_at)
        if contingency is None:
            return data
        return replace(
            data, tp_emis=cte.TpEmisCte(contingency.tp_emis),
            contingency=cte.Contingency(contingency.started_at, contingency.reason),
        )  # fmt: skip


def _place(explicit: dict[str, Any] | None, found: Party | None, role: str) -> cte.Municipality:
    """`origem`/`destino` as given, else the sender's / recipient's address."""
    if explicit:
        return common.municipality(explicit)
    address = (found.endereco if found else None) or {}
    if not address.get("cod_municipio"):
        raise invalid_field(role, f"Informe `{role}` (o endereço da parte não o define).")
    return common.municipality(address)


def _taker(body: dict[str, Any], parties: dict[str, Party | None], session: Session,
           company: Company, gaps: Gaps) -> tuple[cte.TakerRole | cte.Party, Party]:  # fmt: skip
    """`toma3` (a role of a party present) or `toma4` (a party of its own)."""
    raw = body["tomador"]
    if "papel" in raw:
        found = parties.get(raw["papel"])
        if found is None:
            raise invalid_field("tomador", f"O tomador é o {raw['papel']}, que não foi informado.")
        return ROLES[raw["papel"]], found
    own = common.party(session, company, raw, "tomador", gaps)
    assert own is not None
    gaps.raise_if_any()
    return common.layout_party(own, trade_name=True), own


def _cargo(body: dict[str, Any]) -> cte.Cargo:
    cargo = body["carga"]
    quantities = [cte.CargoQuantity(UNITS[q["unidade"]], str(q["tipo_medida"]),
                                    Decimal(q["quantidade"]))
                  for q in cargo.get("quantidades") or []]  # fmt: skip
    if cargo.get("peso_kg") is not None:
        quantities.insert(0, cte.CargoQuantity("01", "PESO BRUTO", Decimal(cargo["peso_kg"])))
    return cte.Cargo(Decimal(cargo["valor"]), str(cargo["produto"]), tuple(quantities))


def _frozen(decided: Decided) -> tuple[Mapping[str, Any], str]:
    canonical, digest = snapshot(decided.context, decided.result)
    return CanonicalSnapshot(canonical), digest


def _cte_facts(session: Session, company: Company, body: dict[str, Any]) -> tuple[Any, ...]:
    """RNTRC, parties, taker (layout and register), start and end of a CT-e request."""
    gaps = Gaps()
    common.check_issuer(company, gaps)
    rntrc = getattr(company, "rntrc", None)
    if not rntrc:
        note = "Informe o RNTRC da transportadora em PUT /configuracao-fiscal/emitente."
        gaps.add("emitente.rntrc", "RNTRC_AUSENTE", note)
    parties = {role: common.party(session, company, body.get(role), role, gaps) for role in ROLES}
    gaps.raise_if_any()
    taker, taker_party = _taker(body, parties, session, company, gaps)
    sender, recipient = parties["remetente"], parties["destinatario"]
    assert sender is not None and recipient is not None  # required by the schema
    start = _place(body.get("origem"), sender, "origem")
    end = _place(body.get("destino"), recipient, "destino")
    return rntrc, parties, taker, taker_party, start, end


def cte_context(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
) -> TaxContext:
    """The engine's context of a CT-e request, as `cte_draft` decides it (`/fiscal/calcular`:
    one decision path, issue 36; `ambiente` is not read)."""
    _, _, _, taker_party, start, end = _cte_facts(session, company, body)
    when = body.get("data_operacao") or today
    return common.context_of(company, body, documento=DocumentType.CTE, start=start, end=end,
                             taker=taker_party, operation_date=when)  # fmt: skip


def _cteos_facts(session: Session, company: Company, body: dict[str, Any]) -> tuple[Any, ...]:
    """Taker, road data, start and end of a CT-e OS request."""
    gaps = Gaps()
    common.check_issuer(company, gaps)
    taker = common.party(session, company, body["tomador"], "tomador", gaps)
    road = road_os(session, company, body, gaps)
    gaps.raise_if_any()
    assert taker is not None
    start, end = common.municipality(body["origem"]), common.municipality(body["destino"])
    return taker, road, start, end


def cteos_context(
    session: Session, company: Company, body: dict[str, Any], ambiente: str, today: dt.date
) -> TaxContext:
    """The engine's context of a CT-e OS request, as `cteos_draft` decides it."""
    taker, _, start, end = _cteos_facts(session, company, body)
    when = body.get("data_operacao") or today
    return common.context_of(company, body, documento=DocumentType.CTEOS, start=start, end=end,
                             taker=taker, operation_date=when)  # fmt: skip


def cte_draft(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    ambiente: str,
    today: dt.date,
    explain: bool = False,
    allow_review: bool = False,
) -> Draft:
    """POST /cte: the road CT-e (model 57)."""
    rntrc, parties, taker, taker_party, start, end = _cte_facts(session, company, body)
    sender, recipient = parties["remetente"], parties["destinatario"]
    assert sender is not None and recipient is not None  # required by the schema
    decided = common.decide(session, company, body, documento=DocumentType.CTE, start=start,
                            end=end, taker=taker_party,
                            operation_date=body.get("data_operacao") or today, explain=explain,
                            allow_review=allow_review)  # fmt: skip
    value = Decimal(body["valor_prestacao"])
    shipper, receiver = parties["expedidor"], parties["recebedor"]
    data = cte.CTeData(
        tp_amb=layout_environment(ambiente), issued_at=clock.issuer_now(company.uf), series=1,
        number=1, cct="00000000", cfop=decided.cfop,
        nat_op=body.get("natureza_operacao") or common.NAT_OP, issuer=common.issuer(company),
        start=start, end=end, taker=taker, ind_ie_toma=common.ind_ie(taker_party),
        sender=common.layout_party(sender, trade_name=True),
        recipient=common.layout_party(recipient), service_total=value, receivable=value,
        components=common.components(body), taxes=decided.taxes, cargo=_cargo(body),
        nfe_keys=tuple(body["documentos"]), rntrc=str(rntrc),
        shipper=common.layout_party(shipper) if shipper else None,
        receiver=common.layout_party(receiver) if receiver else None,
        observations=body.get("observacoes") or None,
    )  # fmt: skip
    frozen, digest = _frozen(decided)
    return Draft(data, decided, frozen, digest, value)


def cteos_draft(
    session: Session,
    company: Company,
    body: dict[str, Any],
    *,
    ambiente: str,
    today: dt.date,
    explain: bool = False,
    allow_review: bool = False,
) -> Draft:
    """POST /cteos: the CT-e OS (model 67), road modal."""
    taker, road, start, end = _cteos_facts(session, company, body)
    decided = common.decide(session, company, body, documento=DocumentType.CTEOS, start=start,
                            end=end, taker=taker,
                            operation_date=body.get("data_operacao") or today, explain=explain,
                            allow_review=allow_review)  # fmt: skip
    value = Decimal(body["valor_prestacao"])
    servico = body["servico"]
    quantity = servico.get("quantidade")
    data = cte.CTeOSData(
        tp_amb=layout_environment(ambiente), issued_at=clock.issuer_now(company.uf), series=1,
        number=1, cct="00000000", cfop=decided.cfop,
        nat_op=body.get("natureza_operacao") or common.NAT_OP, issuer=common.issuer(company),
        start=start, end=end, taker=common.layout_party(taker, trade_name=True),
        ind_ie_toma=common.ind_ie(taker), tp_serv=SERVICE_KINDS[servico["tipo"]],
        description=str(servico["descricao"]), service_total=value, receivable=value,
        components=common.components(body), taxes=decided.taxes, road=road,
        quantity=Decimal(quantity) if quantity is not None else None,
        route=tuple(body.get("percurso") or ()), references=_references(body),
    )  # fmt: skip
    frozen, digest = _frozen(decided)
    return Draft(data, decided, frozen, digest, value, tipo_servico=servico["tipo"])


def _references(body: dict[str, Any]) -> tuple[cte.DocumentReference, ...]:
    return tuple(
        cte.DocumentReference(
            number=r.get("numero"),
            series=r.get("serie"),
            issued_on=r.get("data"),
            value=r.get("valor"),
            bpe_key=r.get("chave_bpe"),
        )
        for r in body.get("documentos_referenciados") or []
    )
