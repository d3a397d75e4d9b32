"""Notifications: webhook and e-mail outboxes, each worked by the `notificacoes` queue.

Both are written in the same transaction as the state change that causes them and delivered
later, so a fiscal confirmation never waits for (or depends on) a receiver or an SMTP server.
"""
