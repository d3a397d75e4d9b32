"""One settings object, read once from the environment.

Every environment variable the service understands is read here and nowhere else, so the
list below is also the operator's reference. Defaults give the embedded mode: a SQLite file
under the data dir, no Redis, the in-process worker and the simulator as the authority.
"""

from __future__ import annotations

import os
import secrets
from dataclasses import dataclass, field, replace
from decimal import Decimal
from enum import StrEnum
from pathlib import Path
from typing import Any

from service.authorities import defaults as authority_defaults
from service.errors import ConfigurationError
from service.issuance import defaults as issuance_defaults
from service.queue import defaults as queue_defaults


class RuntimeMode(StrEnum):
    """Embedded (SQLite, in-process worker) or production (PostgreSQL + Redis)."""

    EMBEDDED = "embedded"
    PRODUCTION = "production"


DEFAULT_PRICES = {
    "NFE": Decimal("0.20"),
    "NFCE": Decimal("0.10"),
    "NFSE": Decimal("0.20"),
    "CTE": Decimal("0.25"),
    "CTEOS": Decimal("0.25"),
    "MDFE": Decimal("0.25"),
    "DFE": Decimal("0.00"),
}
"""Per-document prices (`PRICE_<KIND>` overrides each). `DFE` is a document received through the
DF-e distribution (NF-e, CT-e, NFS-e issued to the company): free unless configured."""


@dataclass(frozen=True)
class MailSettings:
    """SMTP settings; sending is disabled when `host` is empty."""

    host: str = ""
    port: int = 587
    user: str = ""
    password: str = field(default="", repr=False)
    sender: str = "nao-responda@fiscal.local"
    tls: bool = True
    timeout: float = 30.0
    """Seconds for each SMTP network operation (connect, each command)."""

    @property
    def enabled(self) -> bool:
        return bool(self.host)


BLOB_STORES = ("database", "s3")
"""Where the signed XML of each document is kept (`FISCAL_BLOB_STORE`)."""


@dataclass(frozen=True)
class S3Settings:
    """An S3-compatible object store for the signed XML (`FISCAL_S3_*`). Without keys, boto3's
    own chain decides (`AWS_*` variables, the instance's role); the keys are never shown."""

    bucket: str = ""
    endpoint_url: str | None = None
    """`FISCAL_S3_ENDPOINT`: a MinIO, Ceph or moto server; unset: AWS itself."""
    region: str = "us-east-1"
    access_key_id: str | None = field(default=None, repr=False)
    secret_access_key: str | None = field(default=None, repr=False)
    prefix: str = "documentos/"
    """Every object's key starts with it (one bucket may serve several installations)."""
    timeout: float = 10.0
    """Seconds to connect and to read each answer."""


@dataclass(frozen=True)
class Settings:
    """Everything configurable, immutable once the app starts."""

    data_dir: Path
    database_url: str
    redis_url: str | None
    encryption_key: str = field(repr=False)
    mode: RuntimeMode
    rate_limit_per_minute: int = 600
    max_body_bytes: int = 2 * 1024 * 1024
    authority_mode: str = "simulator"
    authority_url: str | None = None
    authority_ca_bundle: str | None = None
    authority_signer_bundle: str | None = None
    """PEM bundle of the CAs that sign the national NFS-e system's documents; unset: the
    `authority_ca_bundle` (the simulator's CA signs both)."""
    authority_connect_timeout: float = 10.0
    authority_read_timeout: float = 60.0
    authority_failures_to_open: int = authority_defaults.FAILURES_TO_OPEN
    """Consecutive undelivered/uncertain requests that make an authority FORA."""
    authority_slow_seconds: float = authority_defaults.SLOW_SECONDS
    """A status answer slower than this (or a `tMed` above it): DEGRADADA."""
    authority_probe_seconds: float = authority_defaults.PROBE_SECONDS
    authority_probe_unhealthy_seconds: float = authority_defaults.PROBE_UNHEALTHY_SECONDS
    authority_probe_timeout: float = authority_defaults.PROBE_TIMEOUT
    authority_probe: bool | None = None
    """Whether the worker asks the authorities' status services; unset: yes, except in tests
    (a probe would take the simulator faults a test injects for its own requests)."""
    panel_url: str = "http://localhost:8000/painel"
    mail: MailSettings = field(default_factory=MailSettings)
    prices: dict[str, Decimal] = field(default_factory=lambda: dict(DEFAULT_PRICES))
    low_balance_alert: Decimal = Decimal("10.00")
    log_json: bool = True
    testing: bool = False
    redis_prefix: str = "fiscal:"
    cnpj_providers: tuple[str, ...] = ("brasilapi", "receitaws")
    cnpj_provider_urls: dict[str, str] = field(default_factory=dict)
    cnpj_lookup_timeout: float = 5.0
    webhook_retry_schedule: tuple[float, ...] = (60, 300, 900, 3600, 21600)
    webhook_timeout_seconds: float = 8.0
    webhook_allowed_hosts: tuple[str, ...] = ()
    webhook_ca_bundle: str | None = None
    webhook_secret_overlap_seconds: float = 86400.0
    queue_inprocess: bool | None = None
    queue_poll_seconds: float = queue_defaults.POLL_SECONDS
    queue_sweep_seconds: float = queue_defaults.SWEEP_SECONDS
    queue_drain_seconds: float = queue_defaults.DRAIN_SECONDS
    queue_drain_threads: int = queue_defaults.DRAIN_THREADS
    queue_retry_schedule: tuple[float, ...] = queue_defaults.RETRY_SCHEDULE
    not_received_tolerance_seconds: float = queue_defaults.NOT_RECEIVED_TOLERANCE
    processing_grace_seconds: float = issuance_defaults.PROCESSING_GRACE_SECONDS
    mail_retry_schedule: tuple[float, ...] = (60, 300, 900, 3600, 21600)
    worker_cpu_affinity: bool = True
    """Production `fiscal serve`: each gunicorn worker runs on a CPU of its own."""
    worker_balance: bool = True
    """Production `fiscal serve`: connections spread evenly over the workers
    (`service.balance`)."""
    blob_store: str = "database"
    """`database`: the signed XML compressed in its row; `s3`: in the object store `s3`, the
    row keeping its key, size and SHA-256 (`service/storage`)."""
    s3: S3Settings = field(default_factory=S3Settings)
    list_exact_total: int = 10_000
    """Lists count their `total` exactly up to this many rows, and above it answer the
    PostgreSQL planner's estimate with `total_estimado: true` (`LIST_EXACT_TOTAL`): a count
    reads every matching index entry, so its cost grows with the list, unlike the page's
    (docs/decisions.md, "Deep pages and `total`")."""

    @property
    def runs_inprocess_worker(self) -> bool:
        """Embedded mode runs its worker inside the API process unless told otherwise."""
        if self.queue_inprocess is None:
            return self.mode is RuntimeMode.EMBEDDED and not self.testing
        return self.queue_inprocess

    @property
    def probes_authorities(self) -> bool:
        """The worker asks each authority's status service on a schedule (`AUTHORITY_PROBE`)."""
        if self.authority_probe is None:
            return not self.testing
        return self.authority_probe

    @property
    def is_production(self) -> bool:
        return self.mode is RuntimeMode.PRODUCTION

    def with_overrides(self, **changes: Any) -> Settings:
        """A copy with some fields changed (tests and the CLI use it)."""
        return replace(self, **changes)


def _env(name: str, default: str | None = None) -> str | None:
    value = os.environ.get(name)
    return value if value not in (None, "") else default


def _bool(value: str | None, default: bool) -> bool:
    if value is None:
        return default
    return value.strip().lower() in {"1", "true", "yes", "on", "sim"}


def _mail_from_env() -> MailSettings:
    return MailSettings(
        host=_env("MAIL_HOST", "") or "",
        port=int(_env("MAIL_PORT", "587") or 587),
        user=_env("MAIL_USER", "") or "",
        password=_env("MAIL_PASSWORD", "") or "",
        sender=_env("MAIL_FROM", "nao-responda@fiscal.local") or "",
        tls=_bool(_env("MAIL_TLS"), True),
        timeout=float(_env("MAIL_TIMEOUT", "30") or 30),
    )


def _prices_from_env() -> dict[str, Decimal]:
    """`PRICE_NFE=0.20` and friends override the per-document price."""
    prices = dict(DEFAULT_PRICES)
    for kind in prices:
        value = _env(f"PRICE_{kind}")
        if value is not None:
            prices[kind] = Decimal(value)
    return prices


def _cnpj_providers_from_env() -> tuple[str, ...]:
    """`CNPJ_PROVIDERS=brasilapi,receitaws`: the public registers asked, in order."""
    from service.cnpj_lookup.providers import PROVIDERS

    raw = _env("CNPJ_PROVIDERS") or "brasilapi,receitaws"
    names = tuple(n for n in (part.strip().lower() for part in raw.split(",")) if n)
    unknown = [n for n in names if n not in PROVIDERS]
    if unknown or not names:
        known = ", ".join(PROVIDERS)
        raise ConfigurationError(f"CNPJ_PROVIDERS inválido: {raw}; conhecidos: {known}.")
    return names


def _cnpj_urls_from_env() -> dict[str, str]:
    """`CNPJ_BRASILAPI_URL` and friends replace a provider's base URL (mirrors, tests)."""
    from service.cnpj_lookup.providers import PROVIDERS

    return {
        name: url for name in PROVIDERS if (url := _env(f"CNPJ_{name.upper()}_URL")) is not None
    }


def _cnpj_timeout_from_env() -> float:
    """`CNPJ_LOOKUP_TIMEOUT`: seconds each provider gets for its whole answer."""
    seconds = float(_env("CNPJ_LOOKUP_TIMEOUT", "5") or 5)
    if seconds <= 0:
        raise ConfigurationError("CNPJ_LOOKUP_TIMEOUT deve ser maior que zero.")
    return seconds


def _seconds_list(name: str, default: str) -> tuple[float, ...]:
    """`30,60,120`: a schedule of pauses in seconds."""
    raw = _env(name, default) or default
    try:
        values = tuple(float(part) for part in raw.split(",") if part.strip())
    except ValueError as exc:
        raise ConfigurationError(
            f"{name} inválido: {raw} (segundos separados por vírgula)."
        ) from exc
    if not values or any(v < 0 for v in values):
        raise ConfigurationError(f"{name} inválido: {raw} (segundos separados por vírgula).")
    return values


def _queue_inprocess_from_env() -> bool | None:
    value = _env("QUEUE_INPROCESS")
    return None if value is None else _bool(value, False)


def _authority_probe_from_env() -> bool | None:
    value = _env("AUTHORITY_PROBE")
    return None if value is None else _bool(value, True)


def _webhook_allowed_hosts_from_env() -> tuple[str, ...]:
    """`WEBHOOK_ALLOWED_HOSTS=localhost`: names that may resolve to private addresses (tests)."""
    raw = _env("WEBHOOK_ALLOWED_HOSTS", "") or ""
    return tuple(n for n in (part.strip().lower().rstrip(".") for part in raw.split(",")) if n)


def _webhook_ca_bundle_from_env() -> str | None:
    """`WEBHOOK_CA_BUNDLE`: a readable PEM file, checked at start rather than at a delivery."""
    path = _env("WEBHOOK_CA_BUNDLE")
    if path is not None and not Path(path).is_file():
        raise ConfigurationError(f"WEBHOOK_CA_BUNDLE não encontrado: {path}.")
    return path


def _blob_store_from_env() -> str:
    """`FISCAL_BLOB_STORE=database|s3` (default `database`)."""
    store = (_env("FISCAL_BLOB_STORE", "database") or "database").strip().lower()
    if store not in BLOB_STORES:
        raise ConfigurationError(
            f"FISCAL_BLOB_STORE inválido: {store}; conhecidos: {', '.join(BLOB_STORES)}."
        )
    return store


def _s3_from_env(store: str) -> S3Settings:
    """`FISCAL_S3_BUCKET` (required with `FISCAL_BLOB_STORE=s3`), `FISCAL_S3_ENDPOINT`,
    `FISCAL_S3_REGION`, `FISCAL_S3_ACCESS_KEY_ID`, `FISCAL_S3_SECRET_ACCESS_KEY`,
    `FISCAL_S3_PREFIX`, `FISCAL_S3_TIMEOUT`."""
    bucket = _env("FISCAL_S3_BUCKET", "") or ""
    if store == "s3" and not bucket:
        raise ConfigurationError("FISCAL_S3_BUCKET é obrigatório com FISCAL_BLOB_STORE=s3.")
    return S3Settings(
        bucket=bucket,
        endpoint_url=_env("FISCAL_S3_ENDPOINT"),
        region=_env("FISCAL_S3_REGION", "us-east-1") or "us-east-1",
        access_key_id=_env("FISCAL_S3_ACCESS_KEY_ID"),
        secret_access_key=_env("FISCAL_S3_SECRET_ACCESS_KEY"),
        prefix=_env("FISCAL_S3_PREFIX", "documentos/") or "",
        timeout=_positive_seconds("FISCAL_S3_TIMEOUT", "10"),
    )


def _positive_seconds(name: str, default: str) -> float:
    raw = _env(name, default) or default
    try:
        seconds = float(raw)
    except ValueError as exc:
        raise ConfigurationError(f"{name} inválido: {raw} (segundos).") from exc
    if seconds <= 0:
        raise ConfigurationError(f"{name} deve ser maior que zero.")
    return seconds


def _load_or_create_key(data_dir: Path) -> str:
    """The embedded mode keeps its secret in the data dir, created on first start."""
    key_file = data_dir / "encryption.key"
    if key_file.exists():
        return key_file.read_text().strip()
    data_dir.mkdir(parents=True, exist_ok=True)
    key = secrets.token_urlsafe(48)
    fd = os.open(key_file, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    with os.fdopen(fd, "w") as handle:
        handle.write(key)
    return key


def load_settings() -> Settings:
    """Read the environment once; refuse an unsafe production configuration."""
    data_dir = Path(_env("FISCAL_DATA_DIR", ".data") or ".data").resolve()
    database_url = _env("DATABASE_URL") or f"sqlite:///{data_dir / 'fiscal.db'}"
    redis_url = _env("REDIS_URL")
    mode = RuntimeMode.PRODUCTION if database_url.startswith("postgresql") else RuntimeMode.EMBEDDED
    mode = RuntimeMode(_env("FISCAL_MODE", mode.value) or mode.value)
    key = _env("FISCAL_ENCRYPTION_KEY")
    if key is None and mode is RuntimeMode.PRODUCTION:
        raise ConfigurationError("FISCAL_ENCRYPTION_KEY é obrigatória no modo de produção.")
    if redis_url is None and mode is RuntimeMode.PRODUCTION:
        raise ConfigurationError("REDIS_URL é obrigatória no modo de produção.")
    blob_store = _blob_store_from_env()
    return Settings(
        data_dir=data_dir,
        database_url=database_url,
        redis_url=redis_url,
        encryption_key=key or _load_or_create_key(data_dir),
        mode=mode,
        rate_limit_per_minute=int(_env("RATE_LIMIT_PER_MINUTE", "600") or 600),
        max_body_bytes=int(_env("MAX_BODY_BYTES", str(2 * 1024 * 1024)) or 0),
        authority_mode=_env("AUTHORITY_MODE", "simulator") or "simulator",
        authority_url=_env("AUTHORITY_URL"),
        authority_ca_bundle=_env("AUTHORITY_CA_BUNDLE"),
        authority_signer_bundle=_env("AUTHORITY_SIGNER_BUNDLE"),
        authority_connect_timeout=float(_env("AUTHORITY_CONNECT_TIMEOUT", "10") or 10),
        authority_read_timeout=float(_env("AUTHORITY_READ_TIMEOUT", "60") or 60),
        authority_failures_to_open=max(1, int(_env("AUTHORITY_FAILURES_TO_OPEN", "3") or 3)),
        authority_slow_seconds=_positive_seconds("AUTHORITY_SLOW_SECONDS", "5"),
        authority_probe_seconds=_positive_seconds("AUTHORITY_PROBE_SECONDS", "300"),
        authority_probe_unhealthy_seconds=_positive_seconds(
            "AUTHORITY_PROBE_UNHEALTHY_SECONDS", "60"
        ),
        authority_probe_timeout=_positive_seconds("AUTHORITY_PROBE_TIMEOUT", "10"),
        authority_probe=_authority_probe_from_env(),
        panel_url=_env("PANEL_URL", "http://localhost:8000/painel") or "",
        mail=_mail_from_env(),
        prices=_prices_from_env(),
        log_json=_bool(_env("LOG_JSON"), True),
        redis_prefix=_env("FISCAL_REDIS_PREFIX", "fiscal:") or "fiscal:",
        cnpj_providers=_cnpj_providers_from_env(),
        cnpj_provider_urls=_cnpj_urls_from_env(),
        cnpj_lookup_timeout=_cnpj_timeout_from_env(),
        webhook_retry_schedule=_seconds_list("WEBHOOK_RETRY_SCHEDULE", "60,300,900,3600,21600"),
        webhook_timeout_seconds=_positive_seconds("WEBHOOK_TIMEOUT_SECONDS", "8"),
        webhook_allowed_hosts=_webhook_allowed_hosts_from_env(),
        webhook_ca_bundle=_webhook_ca_bundle_from_env(),
        webhook_secret_overlap_seconds=_positive_seconds("WEBHOOK_SECRET_OVERLAP_SECONDS", "86400"),
        queue_inprocess=_queue_inprocess_from_env(),
        queue_poll_seconds=float(_env("QUEUE_POLL_SECONDS", "1") or 1),
        queue_sweep_seconds=float(_env("QUEUE_SWEEP_SECONDS", "15") or 15),
        queue_drain_seconds=float(_env("QUEUE_DRAIN_SECONDS", "5") or 5),
        queue_drain_threads=max(1, int(_env("QUEUE_DRAIN_THREADS", "2") or 2)),
        queue_retry_schedule=_seconds_list(
            "QUEUE_RETRY_SCHEDULE", ",".join(str(s) for s in queue_defaults.RETRY_SCHEDULE)
        ),
        not_received_tolerance_seconds=float(_env("NOT_RECEIVED_TOLERANCE_SECONDS", "600") or 600),
        processing_grace_seconds=float(_env("PROCESSING_GRACE_SECONDS", "30") or 30),
        mail_retry_schedule=_seconds_list("MAIL_RETRY_SCHEDULE", "60,300,900,3600,21600"),
        worker_cpu_affinity=_bool(_env("WORKER_CPU_AFFINITY"), True),
        worker_balance=_bool(_env("WORKER_BALANCE"), True),
        blob_store=blob_store,
        s3=_s3_from_env(blob_store),
        list_exact_total=max(0, int(_env("LIST_EXACT_TOTAL", "10000") or 0)),
    )
