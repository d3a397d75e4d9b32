"""Imports every resource's models so the metadata is complete (Alembic, tests)."""


def load_all() -> None:
    import service.accounts.models
    import service.audit.models
    import service.authorities.models
    import service.companies.models
    import service.configuration.models
    import service.fiscal.models
    import service.issuance.models
    import service.notify.mail.models
    import service.notify.webhooks.models
    import service.queue.models
    import service.received.models
    import service.registers.models
    import service.rulepacks.models
    import service.storage.models
    import service.wallet.indexes
    import service.wallet.models  # noqa: F401
