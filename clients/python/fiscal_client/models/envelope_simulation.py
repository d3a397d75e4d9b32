from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..models.envelope_simulation_status import EnvelopeSimulationStatus
from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_simulation_links import EnvelopeSimulationLinks
  from ..models.envelope_simulation_resultado_type_0 import EnvelopeSimulationResultadoType0





T = TypeVar("T", bound="EnvelopeSimulation")



@_attrs_define
class EnvelopeSimulation:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            ate (None | str | Unset):
            concluida_em (None | str | Unset):
            criada_em (None | str | Unset):
            desde (str | Unset):
            documentos (int | Unset):
            empresa_id (str | Unset):
            erro (None | str | Unset):
            id (str | Unset):
            links (EnvelopeSimulationLinks | Unset):
            resultado (EnvelopeSimulationResultadoType0 | None | Unset): documentos, alterados, erros, totais {tributo:
                diferença}, documentos_alterados[] {id, documento, data_operacao, erro, mudancas[] {tributo, item, antes,
                depois, diferenca, base_*, aliquota_*}, regras[] {regra_id, versao, tipo, camada, mudanca, campos}}
            status (EnvelopeSimulationStatus | Unset):
     """

    request_id: str
    success: bool
    ate: None | str | Unset = UNSET
    concluida_em: None | str | Unset = UNSET
    criada_em: None | str | Unset = UNSET
    desde: str | Unset = UNSET
    documentos: int | Unset = UNSET
    empresa_id: str | Unset = UNSET
    erro: None | str | Unset = UNSET
    id: str | Unset = UNSET
    links: EnvelopeSimulationLinks | Unset = UNSET
    resultado: EnvelopeSimulationResultadoType0 | None | Unset = UNSET
    status: EnvelopeSimulationStatus | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_simulation_links import EnvelopeSimulationLinks # noqa: PLC0415
        from ..models.envelope_simulation_resultado_type_0 import EnvelopeSimulationResultadoType0 # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        ate: None | str | Unset
        if isinstance(self.ate, Unset):
            ate = UNSET
        else:
            ate = self.ate

        concluida_em: None | str | Unset
        if isinstance(self.concluida_em, Unset):
            concluida_em = UNSET
        else:
            concluida_em = self.concluida_em

        criada_em: None | str | Unset
        if isinstance(self.criada_em, Unset):
            criada_em = UNSET
        else:
            criada_em = self.criada_em

        desde = self.desde

        documentos = self.documentos

        empresa_id = self.empresa_id

        erro: None | str | Unset
        if isinstance(self.erro, Unset):
            erro = UNSET
        else:
            erro = self.erro

        id = self.id

        links: dict[str, Any] | Unset = UNSET
        if not isinstance(self.links, Unset):
            links = self.links.to_dict()

        resultado: dict[str, Any] | None | Unset
        if isinstance(self.resultado, Unset):
            resultado = UNSET
        elif isinstance(self.resultado, EnvelopeSimulationResultadoType0):
            resultado = self.resultado.to_dict()
        else:
            resultado = self.resultado

        status: str | Unset = UNSET
        if not isinstance(self.status, Unset):
            status = self.status.value



        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if ate is not UNSET:
            field_dict["ate"] = ate
        if concluida_em is not UNSET:
            field_dict["concluida_em"] = concluida_em
        if criada_em is not UNSET:
            field_dict["criada_em"] = criada_em
        if desde is not UNSET:
            field_dict["desde"] = desde
        if documentos is not UNSET:
            field_dict["documentos"] = documentos
        if empresa_id is not UNSET:
            field_dict["empresa_id"] = empresa_id
        if erro is not UNSET:
            field_dict["erro"] = erro
        if id is not UNSET:
            field_dict["id"] = id
        if links is not UNSET:
            field_dict["links"] = links
        if resultado is not UNSET:
            field_dict["resultado"] = resultado
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_simulation_links import EnvelopeSimulationLinks # noqa: PLC0415
        from ..models.envelope_simulation_resultado_type_0 import EnvelopeSimulationResultadoType0 # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        def _parse_ate(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        ate = _parse_ate(d.pop("ate", UNSET))


        def _parse_concluida_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        concluida_em = _parse_concluida_em(d.pop("concluida_em", UNSET))


        def _parse_criada_em(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        criada_em = _parse_criada_em(d.pop("criada_em", UNSET))


        desde = d.pop("desde", UNSET)

        documentos = d.pop("documentos", UNSET)

        empresa_id = d.pop("empresa_id", UNSET)

        def _parse_erro(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        erro = _parse_erro(d.pop("erro", UNSET))


        id = d.pop("id", UNSET)

        _links = d.pop("links", UNSET)
        links: EnvelopeSimulationLinks | Unset
        if isinstance(_links,  Unset):
            links = UNSET
        else:
            links = EnvelopeSimulationLinks.from_dict(_links)




        def _parse_resultado(data: object) -> EnvelopeSimulationResultadoType0 | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                resultado_type_0 = EnvelopeSimulationResultadoType0.from_dict(data)



                return resultado_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(EnvelopeSimulationResultadoType0 | None | Unset, data)

        resultado = _parse_resultado(d.pop("resultado", UNSET))


        _status = d.pop("status", UNSET)
        status: EnvelopeSimulationStatus | Unset
        if isinstance(_status,  Unset):
            status = UNSET
        else:
            status = EnvelopeSimulationStatus(_status)




        envelope_simulation = cls(
            request_id=request_id,
            success=success,
            ate=ate,
            concluida_em=concluida_em,
            criada_em=criada_em,
            desde=desde,
            documentos=documentos,
            empresa_id=empresa_id,
            erro=erro,
            id=id,
            links=links,
            resultado=resultado,
            status=status,
        )

        return envelope_simulation

