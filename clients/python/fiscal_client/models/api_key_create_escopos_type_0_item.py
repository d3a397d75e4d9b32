from enum import StrEnum

class ApiKeyCreateEscoposType0Item(StrEnum):
    CANCELAR = "cancelar"
    CCE = "cce"
    CONFIGURAR = "configurar"
    CONSULTAR = "consultar"
    CTEOSREAD = "cteos:read"
    CTEOSWRITE = "cteos:write"
    CTEREAD = "cte:read"
    CTEWRITE = "cte:write"
    DFEREAD = "dfe:read"
    DFEWRITE = "dfe:write"
    DOWNLOAD = "download"
    EMITIR = "emitir"
    INUTILIZAR = "inutilizar"
    MDFEREAD = "mdfe:read"
    MDFEWRITE = "mdfe:write"
    NFSEREAD = "nfse:read"
    NFSEWRITE = "nfse:write"
    OVERRIDE = "override"
    PREVIEW = "preview"
    RURALREAD = "rural:read"
    RURALWRITE = "rural:write"

    def __str__(self) -> str:
        return str(self.value)
