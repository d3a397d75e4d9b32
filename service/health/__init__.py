"""Operational endpoints: health and metrics (outside the versioned API)."""
