"""The SOAP services we call, described once; namespaces and actions come from nfelib's WSDLs.

A `SoapService` names the service as nfelib's endpoint tables do (`table_key`), the WSDL file and
operation that give its namespace and soapAction, the element that carries the payload, and
whether the payload travels as base64(gzip(xml)) text (CT-e / MDF-e synchronous reception).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from importlib import resources

from lxml import etree


class Family(StrEnum):
    """Document families served over SOAP; the value is nfelib's package folder."""

    NFE = "nfe"
    CTE = "cte"
    MDFE = "mdfe"


WSDL_FOLDERS = {
    Family.NFE: "nfe/wsdl/v4_0",
    Family.CTE: "cte/wsdl/v4_0",
    Family.MDFE: "mdfe/wsdl/v3_0",
}
"""Where each family's WSDLs live inside nfelib (layout NF-e 4.00, CT-e 4.00, MDF-e 3.00)."""

_WSDL = "http://schemas.xmlsoap.org/wsdl/"
_SOAP12 = "http://schemas.xmlsoap.org/wsdl/soap12/"


@dataclass(frozen=True)
class WsdlInfo:
    """Namespace, soapAction and SOAP header presence of one WSDL operation."""

    namespace: str
    action: str
    header: bool


@dataclass(frozen=True)
class SoapService:
    """One authority web service operation."""

    family: Family
    table_key: str
    wsdl_file: str
    method: str
    compressed: bool = False
    wrapped: bool = False
    declared: WsdlInfo | None = None

    @property
    def wrapper_element(self) -> str | None:
        """The operation element around the DadosMsg when the WSDL declares a document-literal
        wrapper (`nfeDistDFeInteresse/nfeDadosMsg`, the DF-e distribution); None otherwise."""
        return self.method if self.wrapped else None

    @property
    def body_element(self) -> str:
        """`nfeDadosMsg`, `cteDadosMsg` or `mdfeDadosMsg`."""
        return f"{self.family.value}DadosMsg"

    @property
    def namespace(self) -> str:
        """The WSDL target namespace, which is also the namespace of the body element."""
        return self._info.namespace

    @property
    def action(self) -> str:
        """The soapAction declared by the WSDL binding, sent as the SOAP 1.2 `action`."""
        return self._info.action

    @property
    def has_header(self) -> bool:
        """True when the binding declares a `<family>CabecMsg` SOAP header (MDF-e 3.00)."""
        return self._info.header

    @property
    def _info(self) -> WsdlInfo:
        """What the WSDL says, or `declared` for a service whose WSDL nfelib does not ship."""
        if self.declared is not None:
            return self.declared
        return _wsdl_info(self.family, self.wsdl_file, self.method)


@cache
def _wsdl_info(family: Family, wsdl_file: str, method: str) -> WsdlInfo:
    """Read namespace, soapAction and header presence from the packaged WSDL (trusted data)."""
    path = resources.files("nfelib").joinpath(f"{WSDL_FOLDERS[family]}/{wsdl_file}")
    parser = etree.XMLParser(resolve_entities=False, no_network=True, load_dtd=False)
    root = etree.fromstring(path.read_bytes(), parser)
    ns = {"w": _WSDL, "s12": _SOAP12}
    op = root.xpath(f"w:binding[s12:binding]/w:operation[@name='{method}']", namespaces=ns)[0]
    action = op.xpath("s12:operation/@soapAction", namespaces=ns)[0]
    parts = op.xpath("w:input/s12:header/@part", namespaces=ns)
    header = any(str(part).endswith("CabecMsg") for part in parts)
    return WsdlInfo(str(root.get("targetNamespace")), str(action), header)


NFE_AUTHORIZATION = SoapService(
    Family.NFE, "NFeAutorizacao", "nfeautorizacao4.wsdl", "nfeAutorizacaoLote"
)
NFE_RECEIPT = SoapService(
    Family.NFE, "NFeRetAutorizacao", "nferetautorizacao4.wsdl", "nfeRetAutorizacaoLote"
)
NFE_QUERY = SoapService(Family.NFE, "NfeConsultaProtocolo", "nfeconsulta4.wsdl", "nfeConsultaNF")
NFE_STATUS = SoapService(
    Family.NFE, "NfeStatusServico", "nfestatusservico4.wsdl", "nfeStatusServicoNF"
)
NFE_EVENT = SoapService(Family.NFE, "RecepcaoEvento", "recepcaoevento4.wsdl", "nfeRecepcaoEvento")
NFE_VOIDING = SoapService(
    Family.NFE, "NfeInutilizacao", "nfeinutilizacao4.wsdl", "nfeInutilizacaoNF"
)

CTE_RECEPTION = SoapService(
    Family.CTE, "CTeRecepcaoSincV4", "cterecepcaosincv4.wsdl", "cteRecepcao", True
)
CTE_OS_RECEPTION = SoapService(
    Family.CTE, "CTeRecepcaoOSV4", "cterecepcaoosv4.wsdl", "cteRecepcaoOS", True
)
CTE_QUERY = SoapService(Family.CTE, "CteConsultaV4", "cteconsultav4.wsdl", "cteConsultaCT")
CTE_STATUS = SoapService(
    Family.CTE, "CteStatusServicoV4", "ctestatusservicov4.wsdl", "cteStatusServicoCT"
)
CTE_EVENT = SoapService(
    Family.CTE, "CteRecepcaoEventoV4", "cterecepcaoeventov4.wsdl", "cteRecepcaoEvento"
)

MDFE_RECEPTION = SoapService(
    Family.MDFE, "MDFeRecepcaoSinc", "mdferecepcaosinc.wsdl", "mdfeRecepcao", True
)
MDFE_QUERY = SoapService(Family.MDFE, "MDFeConsulta", "mdfeconsulta.wsdl", "mdfeConsultaMDF")
MDFE_OPEN_QUERY = SoapService(
    Family.MDFE, "MDFeConsNaoEnc", "mdfeconsnaoenc.wsdl", "mdfeConsNaoEnc"
)
MDFE_STATUS = SoapService(
    Family.MDFE, "MDFeStatusServico", "mdfestatusservico.wsdl", "mdfeStatusServicoMDF"
)
MDFE_EVENT = SoapService(
    Family.MDFE, "MDFeRecepcaoEvento", "mdferecepcaoevento.wsdl", "mdfeRecepcaoEvento"
)

NFE_DISTRIBUTION = SoapService(
    Family.NFE, "NFeDistribuicaoDFe", "nfedistribuicaodfe.wsdl", "nfeDistDFeInteresse",
    wrapped=True,
)  # fmt: skip
_CTE_DISTRIBUTION_NS = "http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe"
CTE_DISTRIBUTION = SoapService(
    Family.CTE, "CTeDistribuicaoDFe", "", "cteDistDFeInteresse", wrapped=True,
    declared=WsdlInfo(_CTE_DISTRIBUTION_NS, f"{_CTE_DISTRIBUTION_NS}/cteDistDFeInteresse", False),
)  # fmt: skip
"""nfelib ships no CTeDistribuicaoDFe WSDL: namespace and action as sped-cte `sefazDistDFe` sends
them (the NF-e service's pattern, `cteDistDFeInteresse/cteDadosMsg`)."""

_NFCE_EPEC_NS = "http://www.portalfiscal.inf.br/nfe/wsdl/RecepcaoEvento"
NFCE_EPEC = SoapService(
    Family.NFE, "RecepcaoEPEC", "", "nfeRecepcaoEvento",
    declared=WsdlInfo(_NFCE_EPEC_NS, f"{_NFCE_EPEC_NS}/nfeRecepcaoEvento", False),
)  # fmt: skip
"""SEFAZ-SP's EPEC of the NFC-e (`RecepcaoEPEC.asmx`), whose WSDL nfelib does not ship: namespace
and action as sped-nfe `sefazEpecNfce` sends them (`storage/wsnfe_4.00_mod65.xml`: operation
`RecepcaoEvento`, method `nfeRecepcaoEvento`), an envEvento in `nfeDadosMsg`, no SOAP header."""

AN_SERVICES = (NFE_DISTRIBUTION, CTE_DISTRIBUTION)
"""Served only by the Ambiente Nacional (routed with `Route.authority="AN"`), not by any UF."""

ALL_SERVICES = (
    NFE_AUTHORIZATION, NFE_RECEIPT, NFE_QUERY, NFE_STATUS, NFE_EVENT, NFE_VOIDING,
    CTE_RECEPTION, CTE_OS_RECEPTION, CTE_QUERY, CTE_STATUS, CTE_EVENT,
    MDFE_RECEPTION, MDFE_QUERY, MDFE_OPEN_QUERY, MDFE_STATUS, MDFE_EVENT,
)  # fmt: skip
"""Every operation this client knows; a test checks each one against nfelib's WSDLs."""
