"""Webhooks: subscriptions, the event outbox and signed, SSRF-safe delivery.

`outbox.record_event` is called by the fiscal code inside its own transaction; each matching
subscription gets one delivery row, worked by the `webhook` kind of the `notificacoes` queue
(`delivery.WEBHOOK`). The README's "Webhooks" section is the receiver-facing contract.
"""
