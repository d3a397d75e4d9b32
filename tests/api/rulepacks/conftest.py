from tests.api.nfe.conftest import app, rt, sim  # noqa: F401  (the simulator and its app)
