"""Issue 19: a service process loads what every first issuance needs before it serves (rule
packs, every XSD), so the first requests after a deployment do not pay it under load."""

from __future__ import annotations

import gc

import yaml

from documents import schemas
from engine import packs
from service.config import load_settings
from service.fiscal.rules import global_rules
from service.server import gunicorn_options
from service.warmup import post_worker_init, warm


def test_warm_loads_rules_and_every_schema_then_freezes():
    try:
        warm()
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
    assert global_rules.cache_info().currsize == 1
    assert set(schemas._compiled._made) == set(schemas.catalogue())


def test_each_gunicorn_worker_warms_before_it_accepts():
    options = gunicorn_options(load_settings(), "127.0.0.1", 8000, None)
    assert options["post_worker_init"] is post_worker_init


def test_rule_packs_parse_with_libyaml_and_keep_dates_as_text():
    if yaml.__with_libyaml__:
        assert issubclass(packs._PlainLoader, yaml.CSafeLoader)
    assert yaml.load("vigencia: 2026-01-01", Loader=packs._PlainLoader) == {
        "vigencia": "2026-01-01"
    }
