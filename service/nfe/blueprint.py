"""`/nfe` and `/nfce`: the lifecycle's routes for the two families (`service.issuance.routes`),
plus their own (cancellation, CC-e and event files, added by `family.extra_routes`)."""

from __future__ import annotations

from service.issuance.routes import make_blueprint
from service.nfe.family import NFCE, NFE

nfe = make_blueprint(NFE)
nfce = make_blueprint(NFCE)
__all__ = ["nfce", "nfe"]
