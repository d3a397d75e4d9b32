"""Read the endpoint tables that nfelib generates from the national portals.

nfelib ships them as `nfelib/<family>/client/<version>/servers.py`, but the package
`__init__` of those client folders imports `brazil_fiscal_client`, which we do not install (we
have our own transport). The tables themselves only need `enum` and `typing`, so we execute those
single files by path. The result is flattened to plain strings: server key -> environment ->
service name (nfelib's `Endpoint` value) -> URL.
"""

from __future__ import annotations

import importlib.util
from functools import cache
from importlib import resources
from types import ModuleType
from typing import Any

TABLE_FILES = {
    "nfe": "nfe/client/v4_0/servers.py",
    "cte": "cte/client/v4_0/servers.py",
    "mdfe": "mdfe/client/v3_0/servers.py",
}
"""Where each family's generated table lives inside the installed nfelib package."""

ServerTable = dict[str, dict[str, dict[str, str]]]


@cache
def server_table(family: str) -> ServerTable:
    """Return `{server_key: {"1"|"2": {service: url}}}` for `family` ("1" = production)."""
    module = _load(family, TABLE_FILES[family])
    servers: dict[str, Any] = module.servers
    return {key: _by_environment(config) for key, config in servers.items()}


def _by_environment(config: dict[str, Any]) -> dict[str, dict[str, str]]:
    return {
        "1": {endpoint.value: url for endpoint, url in config["prod_endpoints"].items()},
        "2": {endpoint.value: url for endpoint, url in config["dev_endpoints"].items()},
    }


def _load(family: str, relative: str) -> ModuleType:
    path = resources.files("nfelib").joinpath(relative)
    spec = importlib.util.spec_from_file_location(f"_nfelib_servers_{family}", str(path))
    if spec is None or spec.loader is None:  # pragma: no cover - broken installation
        raise ImportError(f"cannot load nfelib table {relative}")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
