"""Fiscal configuration of a company: issuer, certificate, natures, tax and IVA rules."""
