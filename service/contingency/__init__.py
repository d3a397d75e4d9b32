"""The contingency API: the company's settings and periods, and the gap report."""
