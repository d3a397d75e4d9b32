"""Per-family flows: which rules each document needs, in which order, fed to the calculators."""
