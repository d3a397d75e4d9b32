"""Prometheus gauges of the authorities' states, read from their rows at each scrape.

The state is the database's (any process may change it), so the gauges are collected when
`/metrics` is scraped rather than kept in one process's memory: one small read per scrape.
`fiscal_authority_status{modelo, autorizador, ambiente, status}` is 1 for the authority's
current status and 0 for the others; `fiscal_authority_consecutive_failures` counts failures.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

from flask import has_app_context
from prometheus_client import CollectorRegistry
from prometheus_client.core import GaugeMetricFamily
from prometheus_client.registry import Collector
from sqlalchemy import select

from service import runtime
from service.authorities.models import AuthorityState, AuthorityStatus
from service.db import transaction

log = logging.getLogger("service.authorities")
LABELS = ["modelo", "autorizador", "ambiente"]


def _families() -> tuple[GaugeMetricFamily, GaugeMetricFamily]:
    status = GaugeMetricFamily(
        "fiscal_authority_status", "Authority status (1 for the current one)", labels=[*LABELS,
        "status"],
    )  # fmt: skip
    failures = GaugeMetricFamily(
        "fiscal_authority_consecutive_failures",
        "Consecutive undelivered or uncertain requests per authority",
        labels=LABELS,
    )
    return status, failures


class AuthorityCollector(Collector):
    """Collects the gauges from `authority_states` (only inside an app context: the scrape)."""

    def describe(self) -> Iterator[GaugeMetricFamily]:
        yield from _families()

    def collect(self) -> Iterator[GaugeMetricFamily]:
        status, failures = _families()
        if has_app_context():
            try:
                _fill(status, failures)
            except Exception:  # a scrape never fails for this
                log.exception("authority metrics not collected")
        yield status
        yield failures


def _fill(status: GaugeMetricFamily, failures: GaugeMetricFamily) -> None:
    with transaction(runtime.current().sessions) as session:
        rows = list(session.execute(select(AuthorityState)).scalars())
    for row in rows:
        labels = [row.modelo, row.autorizador, row.ambiente]
        for value in AuthorityStatus:
            status.add_metric([*labels, value.value], 1.0 if row.status == value else 0.0)
        failures.add_metric(labels, float(row.falhas_consecutivas))


def install(registry: CollectorRegistry) -> None:
    registry.register(AuthorityCollector())
