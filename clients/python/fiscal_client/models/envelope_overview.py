from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.certificate_status import CertificateStatus
  from ..models.envelope_overview_etapas import EnvelopeOverviewEtapas
  from ..models.envelope_overview_pronta_para_emitir_modelos import EnvelopeOverviewProntaParaEmitirModelos
  from ..models.issuer_record import IssuerRecord
  from ..models.totals import Totals





T = TypeVar("T", bound="EnvelopeOverview")



@_attrs_define
class EnvelopeOverview:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            certificado (CertificateStatus | Unset):
            configuracao_fiscal_percentual (int | Unset):
            emitente (IssuerRecord | None | Unset):
            empresa (None | str | Unset):
            etapas (EnvelopeOverviewEtapas | Unset):
            pendencias (list[str] | Unset):
            pronta_para_emitir (bool | Unset):
            pronta_para_emitir_modelos (EnvelopeOverviewProntaParaEmitirModelos | Unset): Prontidão por modelo (`nfe`,
                `nfce`): o que cada um exige.
            totais (Totals | Unset):
     """

    request_id: str
    success: bool
    certificado: CertificateStatus | Unset = UNSET
    configuracao_fiscal_percentual: int | Unset = UNSET
    emitente: IssuerRecord | None | Unset = UNSET
    empresa: None | str | Unset = UNSET
    etapas: EnvelopeOverviewEtapas | Unset = UNSET
    pendencias: list[str] | Unset = UNSET
    pronta_para_emitir: bool | Unset = UNSET
    pronta_para_emitir_modelos: EnvelopeOverviewProntaParaEmitirModelos | Unset = UNSET
    totais: Totals | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.certificate_status import CertificateStatus # noqa: PLC0415
        from ..models.envelope_overview_etapas import EnvelopeOverviewEtapas # noqa: PLC0415
        from ..models.envelope_overview_pronta_para_emitir_modelos import EnvelopeOverviewProntaParaEmitirModelos # noqa: PLC0415
        from ..models.issuer_record import IssuerRecord # noqa: PLC0415
        from ..models.totals import Totals # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        certificado: dict[str, Any] | Unset = UNSET
        if not isinstance(self.certificado, Unset):
            certificado = self.certificado.to_dict()

        configuracao_fiscal_percentual = self.configuracao_fiscal_percentual

        emitente: dict[str, Any] | None | Unset
        if isinstance(self.emitente, Unset):
            emitente = UNSET
        elif isinstance(self.emitente, IssuerRecord):
            emitente = self.emitente.to_dict()
        else:
            emitente = self.emitente

        empresa: None | str | Unset
        if isinstance(self.empresa, Unset):
            empresa = UNSET
        else:
            empresa = self.empresa

        etapas: dict[str, Any] | Unset = UNSET
        if not isinstance(self.etapas, Unset):
            etapas = self.etapas.to_dict()

        pendencias: list[str] | Unset = UNSET
        if not isinstance(self.pendencias, Unset):
            pendencias = self.pendencias



        pronta_para_emitir = self.pronta_para_emitir

        pronta_para_emitir_modelos: dict[str, Any] | Unset = UNSET
        if not isinstance(self.pronta_para_emitir_modelos, Unset):
            pronta_para_emitir_modelos = self.pronta_para_emitir_modelos.to_dict()

        totais: dict[str, Any] | Unset = UNSET
        if not isinstance(self.totais, Unset):
            totais = self.totais.to_dict()


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if certificado is not UNSET:
            field_dict["certificado"] = certificado
        if configuracao_fiscal_percentual is not UNSET:
            field_dict["configuracao_fiscal_percentual"] = configuracao_fiscal_percentual
        if emitente is not UNSET:
            field_dict["emitente"] = emitente
        if empresa is not UNSET:
            field_dict["empresa"] = empresa
        if etapas is not UNSET:
            field_dict["etapas"] = etapas
        if pendencias is not UNSET:
            field_dict["pendencias"] = pendencias
        if pronta_para_emitir is not UNSET:
            field_dict["pronta_para_emitir"] = pronta_para_emitir
        if pronta_para_emitir_modelos is not UNSET:
            field_dict["pronta_para_emitir_modelos"] = pronta_para_emitir_modelos
        if totais is not UNSET:
            field_dict["totais"] = totais

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.certificate_status import CertificateStatus # noqa: PLC0415
        from ..models.envelope_overview_etapas import EnvelopeOverviewEtapas # noqa: PLC0415
        from ..models.envelope_overview_pronta_para_emitir_modelos import EnvelopeOverviewProntaParaEmitirModelos # noqa: PLC0415
        from ..models.issuer_record import IssuerRecord # noqa: PLC0415
        from ..models.totals import Totals # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _certificado = d.pop("certificado", UNSET)
        certificado: CertificateStatus | Unset
        if isinstance(_certificado,  Unset):
            certificado = UNSET
        else:
            certificado = CertificateStatus.from_dict(_certificado)




        configuracao_fiscal_percentual = d.pop("configuracao_fiscal_percentual", UNSET)

        def _parse_emitente(data: object) -> IssuerRecord | None | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, dict):
                    raise TypeError()
                emitente_type_1 = IssuerRecord.from_dict(data)



                return emitente_type_1
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(IssuerRecord | None | Unset, data)

        emitente = _parse_emitente(d.pop("emitente", UNSET))


        def _parse_empresa(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        empresa = _parse_empresa(d.pop("empresa", UNSET))


        _etapas = d.pop("etapas", UNSET)
        etapas: EnvelopeOverviewEtapas | Unset
        if isinstance(_etapas,  Unset):
            etapas = UNSET
        else:
            etapas = EnvelopeOverviewEtapas.from_dict(_etapas)




        pendencias = cast(list[str], d.pop("pendencias", UNSET))


        pronta_para_emitir = d.pop("pronta_para_emitir", UNSET)

        _pronta_para_emitir_modelos = d.pop("pronta_para_emitir_modelos", UNSET)
        pronta_para_emitir_modelos: EnvelopeOverviewProntaParaEmitirModelos | Unset
        if isinstance(_pronta_para_emitir_modelos,  Unset):
            pronta_para_emitir_modelos = UNSET
        else:
            pronta_para_emitir_modelos = EnvelopeOverviewProntaParaEmitirModelos.from_dict(_pronta_para_emitir_modelos)




        _totais = d.pop("totais", UNSET)
        totais: Totals | Unset
        if isinstance(_totais,  Unset):
            totais = UNSET
        else:
            totais = Totals.from_dict(_totais)




        envelope_overview = cls(
            request_id=request_id,
            success=success,
            certificado=certificado,
            configuracao_fiscal_percentual=configuracao_fiscal_percentual,
            emitente=emitente,
            empresa=empresa,
            etapas=etapas,
            pendencias=pendencias,
            pronta_para_emitir=pronta_para_emitir,
            pronta_para_emitir_modelos=pronta_para_emitir_modelos,
            totais=totais,
        )

        return envelope_overview

