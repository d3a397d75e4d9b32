"""Every kind of background work, by name. Each package exposes its `WorkKind`; this is the list."""

from __future__ import annotations

from service.queue.dispatch import WorkKind


def all_kinds() -> dict[str, WorkKind]:
    """Imported lazily: the kinds import their packages, which import the app's models."""
    from service.notify.mail.work import MAIL
    from service.notify.webhooks.delivery import WEBHOOK
    from service.queue.work import FISCAL
    from service.rulepacks.simulations import SIMULATION

    kinds = [FISCAL, MAIL, WEBHOOK, SIMULATION]
    return {kind.name: kind for kind in kinds}


def queue_of(kind: str) -> str:
    return all_kinds()[kind].queue
