"""Brazilian identifiers: check digits and geography, pure functions with no I/O."""
