"""Prometheus gauges of contingency, read at each scrape (any process may change them):

- `fiscal_contingency_periods_open{modelo, ambiente, tipo, origem}`: periods in force;
- `fiscal_contingency_pending_documents{modelo, ambiente, status}`: documents issued in
  contingency not authorized yet (the gap report's size);
- `fiscal_contingency_overdue_documents{modelo, ambiente}`: those past their deadline.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from flask import has_app_context
from prometheus_client import CollectorRegistry
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import func, select
from sqlalchemy.orm import Session

from service import clock, runtime
from service.contingency.operations import WAITING
from service.db import transaction
from service.issuance.models import ContingencyPeriod, FiscalDocument

log = logging.getLogger("service.contingency")


def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily, GaugeMetricFamily]:
    return (
        GaugeMetricFamily("fiscal_contingency_periods_open", "Contingency periods in force",
                          labels=["modelo", "ambiente", "tipo", "origem"]),
        GaugeMetricFamily("fiscal_contingency_pending_documents",
                          "Documents issued in contingency not authorized yet",
                          labels=["modelo", "ambiente", "status"]),
        GaugeMetricFamily("fiscal_contingency_overdue_documents",
                          "Contingency documents past their transmission deadline",
                          labels=["modelo", "ambiente"]),
    )  # fmt: skip


class ContingencyCollector(Collector):
    """Collects the gauges (only inside an app context: the scrape)."""

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield from _families()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        families = _families()
        if has_app_context():
            try:
                with transaction(runtime.current().sessions) as session:
                    _fill(session, *families)
            except Exception:  # a scrape never fails for this
                log.exception("contingency metrics not collected")
        yield from families


def _fill(
    session: Session,
    periods: GaugeMetricFamily,
    pending: GaugeMetricFamily,
    overdue: GaugeMetricFamily,
) -> None:
    table, doc = ContingencyPeriod, FiscalDocument
    keys = (table.modelo, table.ambiente, table.tipo, table.origem)
    open_now = select(*keys, func.count()).where(table.fim.is_(None)).group_by(*keys)
    for *labels, count in session.execute(open_now):
        periods.add_metric([str(v) for v in labels], float(count))
    waiting = select(doc.modelo, doc.ambiente, doc.status, func.count()).where(
        doc.contingencia_id.is_not(None), doc.status.in_(WAITING)
    ).group_by(doc.modelo, doc.ambiente, doc.status)  # fmt: skip
    for modelo, ambiente, status, count in session.execute(waiting):
        pending.add_metric([modelo, ambiente, str(getattr(status, "value", status))], float(count))
    late = select(doc.modelo, doc.ambiente, func.count()).where(
        doc.contingencia_id.is_not(None), doc.status.in_(WAITING),
        doc.contingencia_prazo < clock.utc_now(),
    ).group_by(doc.modelo, doc.ambiente)  # fmt: skip
    for modelo, ambiente, count in session.execute(late):
        overdue.add_metric([modelo, ambiente], float(count))


def install(registry: CollectorRegistry) -> None:
    registry.register(ContingencyCollector())
