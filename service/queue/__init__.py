"""The persistent work queue: fiscal tasks and the notification outboxes.

Every piece of background work is a row (the source of truth) with a due time and a lease.
Redis (rq) in production and an in-process thread in the embedded mode only say "look at row X
now"; a lost signal costs latency, never work, because the sweeper finds due rows again.
"""
