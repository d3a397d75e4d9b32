"""E-mail notifications: preferences, a persistent outbox and its SMTP worker.

The fiscal code calls `outbox.record_notification` in the transaction that changes a document
or task; rows are sent later by the `mail` kind of work (queue `notificacoes`), so a fiscal
confirmation never waits for an SMTP server. Without `MAIL_HOST` nothing is recorded.
"""
