from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_validation_classifications import EnvelopeValidationClassifications
  from ..models.envelope_validation_explain_item import EnvelopeValidationExplainItem
  from ..models.envelope_validation_missing_item import EnvelopeValidationMissingItem
  from ..models.envelope_validation_rules_used_item import EnvelopeValidationRulesUsedItem
  from ..models.envelope_validation_taxes import EnvelopeValidationTaxes
  from ..models.envelope_validation_warnings_item import EnvelopeValidationWarningsItem
  from ..models.layout_violation import LayoutViolation
  from ..models.preview_document import PreviewDocument





T = TypeVar("T", bound="EnvelopeValidation")



@_attrs_define
class EnvelopeValidation:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            classifications (EnvelopeValidationClassifications | Unset):
            confidence_score (float | Unset):
            document (PreviewDocument | Unset):
            explain (list[EnvelopeValidationExplainItem] | Unset):
            leiaute (None | str | Unset):
            missing (list[EnvelopeValidationMissingItem] | Unset):
            ready_to_issue (bool | Unset):
            requires_review (bool | Unset):
            rules_used (list[EnvelopeValidationRulesUsedItem] | Unset):
            snapshot_sha256 (str | Unset):
            taxes (EnvelopeValidationTaxes | Unset):
            valid (bool | Unset):
            violacoes (list[LayoutViolation] | Unset):
            warnings (list[EnvelopeValidationWarningsItem] | Unset):
            xml_validado (bool | Unset):
     """

    request_id: str
    success: bool
    classifications: EnvelopeValidationClassifications | Unset = UNSET
    confidence_score: float | Unset = UNSET
    document: PreviewDocument | Unset = UNSET
    explain: list[EnvelopeValidationExplainItem] | Unset = UNSET
    leiaute: None | str | Unset = UNSET
    missing: list[EnvelopeValidationMissingItem] | Unset = UNSET
    ready_to_issue: bool | Unset = UNSET
    requires_review: bool | Unset = UNSET
    rules_used: list[EnvelopeValidationRulesUsedItem] | Unset = UNSET
    snapshot_sha256: str | Unset = UNSET
    taxes: EnvelopeValidationTaxes | Unset = UNSET
    valid: bool | Unset = UNSET
    violacoes: list[LayoutViolation] | Unset = UNSET
    warnings: list[EnvelopeValidationWarningsItem] | Unset = UNSET
    xml_validado: bool | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_validation_classifications import EnvelopeValidationClassifications # noqa: PLC0415
        from ..models.envelope_validation_explain_item import EnvelopeValidationExplainItem # noqa: PLC0415
        from ..models.envelope_validation_missing_item import EnvelopeValidationMissingItem # noqa: PLC0415
        from ..models.envelope_validation_rules_used_item import EnvelopeValidationRulesUsedItem # noqa: PLC0415
        from ..models.envelope_validation_taxes import EnvelopeValidationTaxes # noqa: PLC0415
        from ..models.envelope_validation_warnings_item import EnvelopeValidationWarningsItem # noqa: PLC0415
        from ..models.layout_violation import LayoutViolation # noqa: PLC0415
        from ..models.preview_document import PreviewDocument # noqa: PLC0415
        request_id = self.request_id

        success = self.success

        classifications: dict[str, Any] | Unset = UNSET
        if not isinstance(self.classifications, Unset):
            classifications = self.classifications.to_dict()

        confidence_score = self.confidence_score

        document: dict[str, Any] | Unset = UNSET
        if not isinstance(self.document, Unset):
            document = self.document.to_dict()

        explain: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.explain, Unset):
            explain = []
            for explain_item_data in self.explain:
                explain_item = explain_item_data.to_dict()
                explain.append(explain_item)



        leiaute: None | str | Unset
        if isinstance(self.leiaute, Unset):
            leiaute = UNSET
        else:
            leiaute = self.leiaute

        missing: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = []
            for missing_item_data in self.missing:
                missing_item = missing_item_data.to_dict()
                missing.append(missing_item)



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

        valid = self.valid

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
        if explain is not UNSET:
            field_dict["explain"] = explain
        if leiaute is not UNSET:
            field_dict["leiaute"] = leiaute
        if missing is not UNSET:
            field_dict["missing"] = missing
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
        if valid is not UNSET:
            field_dict["valid"] = valid
        if violacoes is not UNSET:
            field_dict["violacoes"] = violacoes
        if warnings is not UNSET:
            field_dict["warnings"] = warnings
        if xml_validado is not UNSET:
            field_dict["xml_validado"] = xml_validado

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_validation_classifications import EnvelopeValidationClassifications # noqa: PLC0415
        from ..models.envelope_validation_explain_item import EnvelopeValidationExplainItem # noqa: PLC0415
        from ..models.envelope_validation_missing_item import EnvelopeValidationMissingItem # noqa: PLC0415
        from ..models.envelope_validation_rules_used_item import EnvelopeValidationRulesUsedItem # noqa: PLC0415
        from ..models.envelope_validation_taxes import EnvelopeValidationTaxes # noqa: PLC0415
        from ..models.envelope_validation_warnings_item import EnvelopeValidationWarningsItem # noqa: PLC0415
        from ..models.layout_violation import LayoutViolation # noqa: PLC0415
        from ..models.preview_document import PreviewDocument # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _classifications = d.pop("classifications", UNSET)
        classifications: EnvelopeValidationClassifications | Unset
        if isinstance(_classifications,  Unset):
            classifications = UNSET
        else:
            classifications = EnvelopeValidationClassifications.from_dict(_classifications)




        confidence_score = d.pop("confidence_score", UNSET)

        _document = d.pop("document", UNSET)
        document: PreviewDocument | Unset
        if isinstance(_document,  Unset):
            document = UNSET
        else:
            document = PreviewDocument.from_dict(_document)




        _explain = d.pop("explain", UNSET)
        explain: list[EnvelopeValidationExplainItem] | Unset = UNSET
        if _explain is not UNSET:
            explain = []
            for explain_item_data in _explain:
                explain_item = EnvelopeValidationExplainItem.from_dict(explain_item_data)



                explain.append(explain_item)


        def _parse_leiaute(data: object) -> None | str | Unset:
            if data is None:
                return data
            if isinstance(data, Unset):
                return data
            return cast(None | str | Unset, data)

        leiaute = _parse_leiaute(d.pop("leiaute", UNSET))


        _missing = d.pop("missing", UNSET)
        missing: list[EnvelopeValidationMissingItem] | Unset = UNSET
        if _missing is not UNSET:
            missing = []
            for missing_item_data in _missing:
                missing_item = EnvelopeValidationMissingItem.from_dict(missing_item_data)



                missing.append(missing_item)


        ready_to_issue = d.pop("ready_to_issue", UNSET)

        requires_review = d.pop("requires_review", UNSET)

        _rules_used = d.pop("rules_used", UNSET)
        rules_used: list[EnvelopeValidationRulesUsedItem] | Unset = UNSET
        if _rules_used is not UNSET:
            rules_used = []
            for rules_used_item_data in _rules_used:
                rules_used_item = EnvelopeValidationRulesUsedItem.from_dict(rules_used_item_data)



                rules_used.append(rules_used_item)


        snapshot_sha256 = d.pop("snapshot_sha256", UNSET)

        _taxes = d.pop("taxes", UNSET)
        taxes: EnvelopeValidationTaxes | Unset
        if isinstance(_taxes,  Unset):
            taxes = UNSET
        else:
            taxes = EnvelopeValidationTaxes.from_dict(_taxes)




        valid = d.pop("valid", UNSET)

        _violacoes = d.pop("violacoes", UNSET)
        violacoes: list[LayoutViolation] | Unset = UNSET
        if _violacoes is not UNSET:
            violacoes = []
            for violacoes_item_data in _violacoes:
                violacoes_item = LayoutViolation.from_dict(violacoes_item_data)



                violacoes.append(violacoes_item)


        _warnings = d.pop("warnings", UNSET)
        warnings: list[EnvelopeValidationWarningsItem] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = EnvelopeValidationWarningsItem.from_dict(warnings_item_data)



                warnings.append(warnings_item)


        xml_validado = d.pop("xml_validado", UNSET)

        envelope_validation = cls(
            request_id=request_id,
            success=success,
            classifications=classifications,
            confidence_score=confidence_score,
            document=document,
            explain=explain,
            leiaute=leiaute,
            missing=missing,
            ready_to_issue=ready_to_issue,
            requires_review=requires_review,
            rules_used=rules_used,
            snapshot_sha256=snapshot_sha256,
            taxes=taxes,
            valid=valid,
            violacoes=violacoes,
            warnings=warnings,
            xml_validado=xml_validado,
        )

        return envelope_validation

