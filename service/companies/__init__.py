"""Companies (issuers) and the one resolver that selects them for a request."""
