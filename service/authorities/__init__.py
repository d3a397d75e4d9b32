"""What the service knows of each tax authority's state: ONLINE, DEGRADADA or FORA.

One row per authority (model, authoriser as the endpoint tables resolve it, environment),
kept by a circuit breaker fed by every transmission (`breaker`) and by a scheduled status
probe (`probe`); `GET /fiscal/autoridades` shows it (`blueprint`), the transitions to FORA
and back to ONLINE are webhooks (`announce`). The contingency chosen from it is issue 37's
next part (`contingencia` stays null until then).
"""
