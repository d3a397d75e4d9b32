"""documents package."""
