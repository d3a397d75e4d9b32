"""The scope table of the spec: a scope never grants another module."""

from enum import StrEnum


class Scope(StrEnum):
    EMITIR = "emitir"
    CONSULTAR = "consultar"
    CANCELAR = "cancelar"
    CCE = "cce"
    INUTILIZAR = "inutilizar"
    DOWNLOAD = "download"
    PREVIEW = "preview"
    CONFIGURAR = "configurar"
    NFSE_READ = "nfse:read"
    NFSE_WRITE = "nfse:write"
    CTE_READ = "cte:read"
    CTE_WRITE = "cte:write"
    CTEOS_READ = "cteos:read"
    CTEOS_WRITE = "cteos:write"
    MDFE_READ = "mdfe:read"
    MDFE_WRITE = "mdfe:write"
    RURAL_READ = "rural:read"
    RURAL_WRITE = "rural:write"
    DFE_READ = "dfe:read"
    DFE_WRITE = "dfe:write"
    OVERRIDE = "override"


ALL_SCOPES: tuple[str, ...] = tuple(scope.value for scope in Scope)
