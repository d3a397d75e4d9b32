from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_family_preview_classifications import EnvelopeFamilyPreviewClassifications
  from ..models.envelope_family_preview_document import EnvelopeFamilyPreviewDocument
  from ..models.envelope_family_preview_dps_validacao_item import EnvelopeFamilyPreviewDpsValidacaoItem
  from ..models.envelope_family_preview_explain_item import EnvelopeFamilyPreviewExplainItem
  from ..models.envelope_family_preview_missing_item import EnvelopeFamilyPreviewMissingItem
  from ..models.envelope_family_preview_rules_used_item import EnvelopeFamilyPreviewRulesUsedItem
  from ..models.envelope_family_preview_taxes import EnvelopeFamilyPreviewTaxes
  from ..models.envelope_family_preview_violacoes_item import EnvelopeFamilyPreviewViolacoesItem
  from ..models.envelope_family_preview_warnings_item import EnvelopeFamilyPreviewWarningsItem





T = TypeVar("T", bound="EnvelopeFamilyPreview")



@_attrs_define
class EnvelopeFamilyPreview:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            classifications (EnvelopeFamilyPreviewClassifications | Unset):
            confidence_score (float | Unset):
            document (EnvelopeFamilyPreviewDocument | Unset):
            dps_validacao (list[EnvelopeFamilyPreviewDpsValidacaoItem] | Unset):
            explain (list[EnvelopeFamilyPreviewExplainItem] | Unset):
            leiaute (str | Unset):
            missing (list[EnvelopeFamilyPreviewMissingItem] | Unset):
            qtd_documentos (int | Unset): MDF-e: documentos listados.
            ready_to_issue (bool | Unset):
            requires_review (bool | Unset):
            rules_used (list[EnvelopeFamilyPreviewRulesUsedItem] | Unset):
            snapshot_sha256 (str | Unset):
            taxes (EnvelopeFamilyPreviewTaxes | Unset):
            violacoes (list[EnvelopeFamilyPreviewViolacoesItem] | Unset):
            warnings (list[EnvelopeFamilyPreviewWarningsItem] | Unset):
            xml_validado (bool | Unset):
     """

    request_id: str
    success: bool
    classifications: EnvelopeFamilyPreviewClassifications | Unset = UNSET
    confidence_score: float | Unset = UNSET
    document: EnvelopeFamilyPreviewDocument | Unset = UNSET
    dps_validacao: list[EnvelopeFamilyPreviewDpsValidacaoItem] | Unset = UNSET
    explain: list[EnvelopeFamilyPreviewExplainItem] | Unset = UNSET
    leiaute: str | Unset = UNSET
    missing: list[EnvelopeFamilyPreviewMissingItem] | Unset = UNSET
    qtd_documentos: int | Unset = UNSET
    ready_to_issue: bool | Unset = UNSET
    requires_review: bool | Unset = UNSET
    rules_used: list[EnvelopeFamilyPreviewRulesUsedItem] | Unset = UNSET
    snapshot_sha256: str | Unset = UNSET
    taxes: EnvelopeFamilyPreviewTaxes | Unset = UNSET
    violacoes: list[EnvelopeFamilyPreviewViolacoesItem] | Unset = UNSET
    warnings: list[EnvelopeFamilyPreviewWarningsItem] | Unset = UNSET
    xml_validado: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_family_preview_classifications import EnvelopeFamilyPreviewClassifications # noqa: PLC0415
        from ..models.envelope_family_preview_document import EnvelopeFamilyPreviewDocument # noqa: PLC0415
        from ..models.envelope_family_preview_dps_validacao_item import EnvelopeFamilyPreviewDpsValidacaoItem # noqa: PLC0415
        from ..models.envelope_family_preview_explain_item import EnvelopeFamilyPreviewExplainItem # noqa: PLC0415
        from ..models.envelope_family_preview_missing_item import EnvelopeFamilyPreviewMissingItem # noqa: PLC0415
        from ..models.envelope_family_preview_rules_used_item import EnvelopeFamilyPreviewRulesUsedItem # noqa: PLC0415
        from ..models.envelope_family_preview_taxes import EnvelopeFamilyPreviewTaxes # noqa: PLC0415
        from ..models.envelope_family_preview_violacoes_item import EnvelopeFamilyPreviewViolacoesItem # noqa: PLC0415
        from ..models.envelope_family_preview_warnings_item import EnvelopeFamilyPreviewWarningsItem # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        classifications: dict[str, Any] | Unset = UNSET
        if not isinstance(self.classifications, Unset):
            classifications = self.classifications.to_dict()

        confidence_score = self.confidence_score

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        dps_validacao: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.dps_validacao, Unset):
            dps_validacao = []
            for dps_validacao_item_data in self.dps_validacao:
                dps_validacao_item = dps_validacao_item_data.to_dict()
                dps_validacao.append(dps_validacao_item)



        explain: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.explain, Unset):
            explain = []
            for explain_item_data in self.explain:
                explain_item = explain_item_data.to_dict()
                explain.append(explain_item)



        leiaute = self.leiaute

        missing: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = []
            for missing_item_data in self.missing:
                missing_item = missing_item_data.to_dict()
                missing.append(missing_item)



        qtd_documentos = self.qtd_documentos

        ready_to_issue = self.ready_to_issue

        requires_review = self.requires_review

        rules_used: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.rules_used, Unset):
            rules_used = []
            for rules_used_item_data in self.rules_used:
                rules_used_item = rules_used_item_data.to_dict()
                rules_used.append(rules_used_item)



        snapshot_sha256 = self.snapshot_sha256

        taxes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.taxes, Unset):
            taxes = self.taxes.to_dict()

        violacoes: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.violacoes, Unset):
            violacoes = []
            for violacoes_item_data in self.violacoes:
                violacoes_item = violacoes_item_data.to_dict()
                violacoes.append(violacoes_item)



        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)



        xml_validado = self.xml_validado


        field_dict: dict[str, Any] = {}

        field_dict.update({
            "request_id": request_id,
            "success": success,
        })
        if classifications is not UNSET:
            field_dict["classifications"] = classifications
        if confidence_score is not UNSET:
            field_dict["confidence_score"] = confidence_score
        if document is not UNSET:
            field_dict["document"] = document
        if dps_validacao is not UNSET:
            field_dict["dps_validacao"] = dps_validacao
        if explain is not UNSET:
            field_dict["explain"] = explain
        if leiaute is not UNSET:
            field_dict["leiaute"] = leiaute
        if missing is not UNSET:
            field_dict["missing"] = missing
        if qtd_documentos is not UNSET:
            field_dict["qtd_documentos"] = qtd_documentos
        if ready_to_issue is not UNSET:
            field_dict["ready_to_issue"] = ready_to_issue
        if requires_review is not UNSET:
            field_dict["requires_review"] = requires_review
        if rules_used is not UNSET:
            field_dict["rules_used"] = rules_used
        if snapshot_sha256 is not UNSET:
            field_dict["snapshot_sha256"] = snapshot_sha256
        if taxes is not UNSET:
            field_dict["taxes"] = taxes
        if violacoes is not UNSET:
            field_dict["violacoes"] = violacoes
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if xml_validado is not UNSET:
            field_dict["xml_validado"] = xml_validado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_family_preview_classifications import EnvelopeFamilyPreviewClassifications # noqa: PLC0415
        from ..models.envelope_family_preview_document import EnvelopeFamilyPreviewDocument # noqa: PLC0415
        from ..models.envelope_family_preview_dps_validacao_item import EnvelopeFamilyPreviewDpsValidacaoItem # noqa: PLC0415
        from ..models.envelope_family_preview_explain_item import EnvelopeFamilyPreviewExplainItem # noqa: PLC0415
        from ..models.envelope_family_preview_missing_item import EnvelopeFamilyPreviewMissingItem # noqa: PLC0415
        from ..models.envelope_family_preview_rules_used_item import EnvelopeFamilyPreviewRulesUsedItem # noqa: PLC0415
        from ..models.envelope_family_preview_taxes import EnvelopeFamilyPreviewTaxes # noqa: PLC0415
        from ..models.envelope_family_preview_violacoes_item import EnvelopeFamilyPreviewViolacoesItem # noqa: PLC0415
        from ..models.envelope_family_preview_warnings_item import EnvelopeFamilyPreviewWarningsItem # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _classifications = d.pop("classifications", UNSET)
        classifications: EnvelopeFamilyPreviewClassifications | Unset
        if isinstance(_classifications,  Unset):
            classifications = UNSET
        else:
            classifications = EnvelopeFamilyPreviewClassifications.from_dict(_classifications)




        confidence_score = d.pop("confidence_score", UNSET)

        _document = d.pop("document", UNSET)
        document: EnvelopeFamilyPreviewDocument | Unset
        if isinstance(_document,  Unset):
            document = UNSET
        else:
            document = EnvelopeFamilyPreviewDocument.from_dict(_document)




        _dps_validacao = d.pop("dps_validacao", UNSET)
        dps_validacao: list[EnvelopeFamilyPreviewDpsValidacaoItem] | Unset = UNSET
        if _dps_validacao is not UNSET:
            dps_validacao = []
            for dps_validacao_item_data in _dps_validacao:
                dps_validacao_item = EnvelopeFamilyPreviewDpsValidacaoItem.from_dict(dps_validacao_item_data)



                dps_validacao.append(dps_validacao_item)


        _explain = d.pop("explain", UNSET)
        explain: list[EnvelopeFamilyPreviewExplainItem] | Unset = UNSET
        if _explain is not UNSET:
            explain = []
            for explain_item_data in _explain:
                explain_item = EnvelopeFamilyPreviewExplainItem.from_dict(explain_item_data)



                explain.append(explain_item)


        leiaute = d.pop("leiaute", UNSET)

        _missing = d.pop("missing", UNSET)
        missing: list[EnvelopeFamilyPreviewMissingItem] | Unset = UNSET
        if _missing is not UNSET:
            missing = []
            for missing_item_data in _missing:
                missing_item = EnvelopeFamilyPreviewMissingItem.from_dict(missing_item_data)



                missing.append(missing_item)


        qtd_documentos = d.pop("qtd_documentos", UNSET)

        ready_to_issue = d.pop("ready_to_issue", UNSET)

        requires_review = d.pop("requires_review", UNSET)

        _rules_used = d.pop("rules_used", UNSET)
        rules_used: list[EnvelopeFamilyPreviewRulesUsedItem] | Unset = UNSET
        if _rules_used is not UNSET:
            rules_used = []
            for rules_used_item_data in _rules_used:
                rules_used_item = EnvelopeFamilyPreviewRulesUsedItem.from_dict(rules_used_item_data)



                rules_used.append(rules_used_item)


        snapshot_sha256 = d.pop("snapshot_sha256", UNSET)

        _taxes = d.pop("taxes", UNSET)
        taxes: EnvelopeFamilyPreviewTaxes | Unset
        if isinstance(_taxes,  Unset):
            taxes = UNSET
        else:
            taxes = EnvelopeFamilyPreviewTaxes.from_dict(_taxes)




        _violacoes = d.pop("violacoes", UNSET)
        violacoes: list[EnvelopeFamilyPreviewViolacoesItem] | Unset = UNSET
        if _violacoes is not UNSET:
            violacoes = []
            for violacoes_item_data in _violacoes:
                violacoes_item = EnvelopeFamilyPreviewViolacoesItem.from_dict(violacoes_item_data)



                violacoes.append(violacoes_item)


        _warnings = d.pop("warnings", UNSET)
        warnings: list[EnvelopeFamilyPreviewWarningsItem] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = EnvelopeFamilyPreviewWarningsItem.from_dict(warnings_item_data)



                warnings.append(warnings_item)


        xml_validado = d.pop("xml_validado", UNSET)

        envelope_family_preview = cls(
            request_id=request_id,
            success=success,
            classifications=classifications,
            confidence_score=confidence_score,
            document=document,
            dps_validacao=dps_validacao,
            explain=explain,
            leiaute=leiaute,
            missing=missing,
            qtd_documentos=qtd_documentos,
            ready_to_issue=ready_to_issue,
            requires_review=requires_review,
            rules_used=rules_used,
            snapshot_sha256=snapshot_sha256,
            taxes=taxes,
            violacoes=violacoes,
            warnings=warnings,
            xml_validado=xml_validado,
        )

        return envelope_family_preview

