"""Audit log: who changed which configuration, from what to what."""
