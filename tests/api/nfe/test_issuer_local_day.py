"""Rules configured without a start date start on the issuer's local calendar day, not on the
server's (UTC) day: configured at 22:00 in São Paulo, they are in force for an issuance made
right after (found when the suite ran between 21:00 and 24:00 in Brasília: every issuance
answered 422 REGRA_TRIBUTACAO, its rules starting "tomorrow")."""

from __future__ import annotations

import datetime as dt

import pytest
from sqlalchemy import select

from service import clock
from service.configuration.models import TaxRule
from service.db import transaction
from tests.api.nfe.helpers import ready_company

EVENING_IN_SAO_PAULO = dt.datetime(2031, 3, 4, 1, 30, tzinfo=dt.UTC)
"""22:30 on 3 March 2031 in São Paulo (UTC-3), already 4 March in UTC; a day that is not the
machine's, so code that takes the server's own date fails whatever time the suite runs."""


@pytest.fixture
def evening(monkeypatch):
    monkeypatch.setattr(clock, "utc_now", lambda: EVENING_IN_SAO_PAULO)


def test_automatic_rules_start_on_the_issuers_local_day(client, rt, sim, evening):
    ready = ready_company(client, rt, sim)  # issuer in SP; the automatic configuration runs
    with transaction(rt.sessions) as session:
        starts = set(
            session.execute(
                select(TaxRule.vigencia_inicio).where(TaxRule.company_id == ready.company_id)
            ).scalars()
        )
    assert starts == {dt.date(2031, 3, 3)}
