"""The issuance lifecycle's own tests reuse the NF-e tests' simulator (for the A1 the
authority trusts) and app fixtures."""

from tests.api.nfe.conftest import app, rt, sim  # noqa: F401
