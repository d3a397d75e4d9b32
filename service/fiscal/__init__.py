"""Tax-engine endpoints (`/fiscal/calcular`) and the company's versioned base rules."""
