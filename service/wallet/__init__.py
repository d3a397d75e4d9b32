"""The credit wallet: one per account, a ledger of every movement."""
