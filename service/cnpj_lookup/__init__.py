"""CNPJ lookup in public company registers: providers, mapping to issuer fields, the endpoint."""
