"""Engine constants. None of them is a tax rate: rates only ever come from rules."""

from __future__ import annotations

from decimal import Decimal

ENGINE_VERSION = "1.0"
"""Version of the rule model and resolution semantics; pack manifests declare the one they need."""

REVIEW_THRESHOLD = Decimal("0.80")
"""Below this confidence score a result requires human review (spec: automatic issuing blocked).

Chosen so that rules backed by one secondary source (confiança C = 0.70) force review while
rules backed by two agreeing sources (B = 0.85) do not.
"""

REVIEW_CAP_STEP = Decimal("0.01")
"""A result whose review is forced scores at most this much below the review threshold
(`compute.reviewed_score`): the score's resolution, so the cap is the highest score that
still reads as "needs review"."""

FALLBACK_PENALTY = Decimal("0.90")
"""Factor applied to the confidence score for each fallback the engine had to take
(e.g. withholding presumed absent because no rule matched)."""

DEFAULT_PRIORITY = 100
"""Priority of a rule that does not declare one; `[Auto]` rules use AUTO_PRIORITY."""

AUTO_PRIORITY = 50
"""Priority the spec fixes for automatically generated rules (tag `[Auto]`)."""

AUTO_TAG = "[Auto]"
"""Tag that marks automatically generated company rules."""
