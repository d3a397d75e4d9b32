"""The simulator counts the mutual-TLS connections it accepts (`/_admin/connections`), so the
benchmark can show how well the service reuses its connections (`bench/api.py` reports the
handshakes of each run)."""

from __future__ import annotations

from tests.unit.simulator.factories import SoapClient, cons_stat, val


def test_handshakes_count_new_connections_not_requests(client, sim, company):
    assert sim.tls_handshakes() == 0
    for _ in range(3):  # one kept-alive connection
        assert val(client.call("NFeStatusServico4", cons_stat()), "n:cStat") == "107"
    assert sim.tls_handshakes() == 1
    other = SoapClient(sim, company)  # a second client: its own connection
    assert val(other.call("NFeStatusServico4", cons_stat()), "n:cStat") == "107"
    assert sim.tls_handshakes() == 2
