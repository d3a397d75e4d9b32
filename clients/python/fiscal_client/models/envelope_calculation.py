from __future__ import annotations

from collections.abc import Mapping
from typing import Any, TypeVar, BinaryIO, TextIO, TYPE_CHECKING, Generator

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

from ..types import UNSET, Unset
from typing import cast

if TYPE_CHECKING:
  from ..models.envelope_calculation_classifications import EnvelopeCalculationClassifications
  from ..models.envelope_calculation_document import EnvelopeCalculationDocument
  from ..models.envelope_calculation_explain_item import EnvelopeCalculationExplainItem
  from ..models.envelope_calculation_missing_item import EnvelopeCalculationMissingItem
  from ..models.envelope_calculation_rules_used_item import EnvelopeCalculationRulesUsedItem
  from ..models.envelope_calculation_taxes import EnvelopeCalculationTaxes
  from ..models.envelope_calculation_warnings_item import EnvelopeCalculationWarningsItem





T = TypeVar("T", bound="EnvelopeCalculation")



@_attrs_define
class EnvelopeCalculation:
    """ 
        Attributes:
            request_id (str):
            success (bool):
            classifications (EnvelopeCalculationClassifications | Unset):
            confidence_score (float | Unset):
            document (EnvelopeCalculationDocument | Unset):
            explain (list[EnvelopeCalculationExplainItem] | Unset):
            missing (list[EnvelopeCalculationMissingItem] | Unset):
            requires_review (bool | Unset):
            rules_used (list[EnvelopeCalculationRulesUsedItem] | Unset):
            snapshot_sha256 (str | Unset):
            taxes (EnvelopeCalculationTaxes | Unset):
            warnings (list[EnvelopeCalculationWarningsItem] | Unset):
     """

    request_id: str
    success: bool
    classifications: EnvelopeCalculationClassifications | Unset = UNSET
    confidence_score: float | Unset = UNSET
    document: EnvelopeCalculationDocument | Unset = UNSET
    explain: list[EnvelopeCalculationExplainItem] | Unset = UNSET
    missing: list[EnvelopeCalculationMissingItem] | Unset = UNSET
    requires_review: bool | Unset = UNSET
    rules_used: list[EnvelopeCalculationRulesUsedItem] | Unset = UNSET
    snapshot_sha256: str | Unset = UNSET
    taxes: EnvelopeCalculationTaxes | Unset = UNSET
    warnings: list[EnvelopeCalculationWarningsItem] | Unset = UNSET





    def to_dict(self) -> dict[str, Any]:
        from ..models.envelope_calculation_classifications import EnvelopeCalculationClassifications # noqa: PLC0415
        from ..models.envelope_calculation_document import EnvelopeCalculationDocument # noqa: PLC0415
        from ..models.envelope_calculation_explain_item import EnvelopeCalculationExplainItem # noqa: PLC0415
        from ..models.envelope_calculation_missing_item import EnvelopeCalculationMissingItem # noqa: PLC0415
        from ..models.envelope_calculation_rules_used_item import EnvelopeCalculationRulesUsedItem # noqa: PLC0415
        from ..models.envelope_calculation_taxes import EnvelopeCalculationTaxes # noqa: PLC0415
        from ..models.envelope_calculation_warnings_item import EnvelopeCalculationWarningsItem # noqa: PLC0415
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



        missing: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.missing, Unset):
            missing = []
            for missing_item_data in self.missing:
                missing_item = missing_item_data.to_dict()
                missing.append(missing_item)



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

        warnings: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.warnings, Unset):
            warnings = []
            for warnings_item_data in self.warnings:
                warnings_item = warnings_item_data.to_dict()
                warnings.append(warnings_item)




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
        if missing is not UNSET:
            field_dict["missing"] = missing
        if requires_review is not UNSET:
            field_dict["requires_review"] = requires_review
        if rules_used is not UNSET:
            field_dict["rules_used"] = rules_used
        if snapshot_sha256 is not UNSET:
            field_dict["snapshot_sha256"] = snapshot_sha256
        if taxes is not UNSET:
            field_dict["taxes"] = taxes
        if warnings is not UNSET:
            field_dict["warnings"] = warnings

        return field_dict



    @classmethod
    def from_dict(cls: type[T], src_dict: Mapping[str, Any]) -> T:
        from ..models.envelope_calculation_classifications import EnvelopeCalculationClassifications # noqa: PLC0415
        from ..models.envelope_calculation_document import EnvelopeCalculationDocument # noqa: PLC0415
        from ..models.envelope_calculation_explain_item import EnvelopeCalculationExplainItem # noqa: PLC0415
        from ..models.envelope_calculation_missing_item import EnvelopeCalculationMissingItem # noqa: PLC0415
        from ..models.envelope_calculation_rules_used_item import EnvelopeCalculationRulesUsedItem # noqa: PLC0415
        from ..models.envelope_calculation_taxes import EnvelopeCalculationTaxes # noqa: PLC0415
        from ..models.envelope_calculation_warnings_item import EnvelopeCalculationWarningsItem # noqa: PLC0415
        d = dict(src_dict)
        request_id = d.pop("request_id")

        success = d.pop("success")

        _classifications = d.pop("classifications", UNSET)
        classifications: EnvelopeCalculationClassifications | Unset
        if isinstance(_classifications,  Unset):
            classifications = UNSET
        else:
            classifications = EnvelopeCalculationClassifications.from_dict(_classifications)




        confidence_score = d.pop("confidence_score", UNSET)

        _document = d.pop("document", UNSET)
        document: EnvelopeCalculationDocument | Unset
        if isinstance(_document,  Unset):
            document = UNSET
        else:
            document = EnvelopeCalculationDocument.from_dict(_document)




        _explain = d.pop("explain", UNSET)
        explain: list[EnvelopeCalculationExplainItem] | Unset = UNSET
        if _explain is not UNSET:
            explain = []
            for explain_item_data in _explain:
                explain_item = EnvelopeCalculationExplainItem.from_dict(explain_item_data)



                explain.append(explain_item)


        _missing = d.pop("missing", UNSET)
        missing: list[EnvelopeCalculationMissingItem] | Unset = UNSET
        if _missing is not UNSET:
            missing = []
            for missing_item_data in _missing:
                missing_item = EnvelopeCalculationMissingItem.from_dict(missing_item_data)



                missing.append(missing_item)


        requires_review = d.pop("requires_review", UNSET)

        _rules_used = d.pop("rules_used", UNSET)
        rules_used: list[EnvelopeCalculationRulesUsedItem] | Unset = UNSET
        if _rules_used is not UNSET:
            rules_used = []
            for rules_used_item_data in _rules_used:
                rules_used_item = EnvelopeCalculationRulesUsedItem.from_dict(rules_used_item_data)



                rules_used.append(rules_used_item)


        snapshot_sha256 = d.pop("snapshot_sha256", UNSET)

        _taxes = d.pop("taxes", UNSET)
        taxes: EnvelopeCalculationTaxes | Unset
        if isinstance(_taxes,  Unset):
            taxes = UNSET
        else:
            taxes = EnvelopeCalculationTaxes.from_dict(_taxes)




        _warnings = d.pop("warnings", UNSET)
        warnings: list[EnvelopeCalculationWarningsItem] | Unset = UNSET
        if _warnings is not UNSET:
            warnings = []
            for warnings_item_data in _warnings:
                warnings_item = EnvelopeCalculationWarningsItem.from_dict(warnings_item_data)



                warnings.append(warnings_item)


        envelope_calculation = cls(
            request_id=request_id,
            success=success,
            classifications=classifications,
            confidence_score=confidence_score,
            document=document,
            explain=explain,
            missing=missing,
            requires_review=requires_review,
            rules_used=rules_used,
            snapshot_sha256=snapshot_sha256,
            taxes=taxes,
            warnings=warnings,
        )

        return envelope_calculation

