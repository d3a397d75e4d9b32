"""Accounts (platform users) and their API credentials."""
