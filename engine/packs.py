"""Rule packs: `rulepacks/<layer>/<pack>/<revision>/` with `manifest.yaml`, rule files under
`rules/` and test cases under `tests/`, validated against `rulepacks/schema/*.json`.

The layer folder is `global` (shipped with the product), `platform` (an ERP vendor's or an
accounting firm's rules for some of its companies) or `company` (one company's); the manifest's
`camada` says the same in the API's words and wins when both are given.

Loading never stops at the first problem: every error is collected with its file and rule id,
so `fiscal rulepacks validate` can report them all.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import jsonschema
import yaml

from engine.defaults import ENGINE_VERSION
from engine.errors import EngineError, PackError
from engine.loading import rule_from_dict
from engine.rules import Rule, RuleOrigin
from engine.ruleset import RuleSet, compile_rule

DEFAULT_ROOT = Path(__file__).resolve().parent.parent / "rulepacks"
SCHEMA_DIR_NAME = "schema"
MANIFEST = "manifest.yaml"
LAYER_FOLDERS = {
    "global": RuleOrigin.GLOBAL,
    "platform": RuleOrigin.PLATAFORMA,
    "company": RuleOrigin.EMPRESA,
}
"""`rulepacks/<folder>/<pack>/<revision>`: the layer each folder holds."""
MAX_DEPTH = 3
"""A manifest is looked for at most this deep below the path given (layer/pack/revision)."""


_SafeLoader: type[yaml.SafeLoader] = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
"""libyaml's parser when PyYAML has it: the global pack parses several times faster (a
service process reads it once, on its first issuance or when it starts)."""


class _PlainLoader(_SafeLoader):  # type: ignore[valid-type,misc]
    """YAML without implicit timestamps: dates stay ISO text, as the JSON Schemas expect."""


_PlainLoader.yaml_implicit_resolvers = {
    key: [(tag, rx) for tag, rx in resolvers if tag != "tag:yaml.org,2002:timestamp"]
    for key, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def read_yaml(path: Path) -> Any:
    """Parse one YAML file, reporting syntax errors as PackError."""
    try:
        return yaml.load(path.read_text(encoding="utf-8"), Loader=_PlainLoader)
    except yaml.YAMLError as exc:
        raise PackError(str(path), None, f"YAML inválido: {exc}") from exc


@cache
def _validator(schema_dir: Path, name: str) -> jsonschema.Draft202012Validator:
    """Compiled validator; `$ref`s between the schema files resolve locally."""
    from referencing import Registry, Resource

    schemas = {p.name: json.loads(p.read_text()) for p in schema_dir.glob("*.schema.json")}
    registry: Registry[Any] = Registry().with_resources(
        (s["$id"], Resource.from_contents(s)) for s in schemas.values()
    )
    return jsonschema.Draft202012Validator(schemas[name], registry=registry)


def schema_errors(schema_dir: Path, name: str, data: Any, file: Path) -> list[PackError]:
    """Every schema violation of a document, located by JSON path and rule id when possible."""
    out = []
    for err in _validator(schema_dir, name).iter_errors(data):
        out.append(PackError(str(file), _rule_id_at(data, err.absolute_path), _where(err)))
    return out


def _where(err: jsonschema.ValidationError) -> str:
    path = "/".join(str(p) for p in err.absolute_path)
    return f"{path or '(raiz)'}: {err.message}"


def _rule_id_at(data: Any, path: Any) -> str | None:
    parts = list(path)
    if len(parts) >= 2 and parts[0] in ("regras", "casos") and isinstance(data, dict):
        try:
            entry = data[parts[0]][parts[1]]
        except (IndexError, KeyError, TypeError):
            return None
        return str(entry.get("id") or entry.get("nome")) if isinstance(entry, dict) else None
    return None


@dataclass
class Pack:
    """One loaded pack version; `errors` is empty when it is valid."""

    path: Path
    manifest: dict[str, Any] = field(default_factory=dict)
    rules: list[Rule] = field(default_factory=list)
    errors: list[PackError] = field(default_factory=list)

    @property
    def name(self) -> str:
        return str(self.manifest.get("name", self.path.parent.name))

    @property
    def revision(self) -> str:
        return str(self.manifest.get("revision", self.path.name))

    @property
    def layer(self) -> RuleOrigin:
        """The manifest's `camada`, else the layer folder the pack sits in, else global."""
        declared = self.manifest.get("camada")
        if declared:
            return RuleOrigin(declared)
        return LAYER_FOLDERS.get(self.path.parent.parent.name, RuleOrigin.GLOBAL)

    @property
    def label(self) -> str:
        """`nacional/2026.1`: how messages and reports name the pack revision."""
        return f"{self.name}/{self.revision}"

    def rule_files(self) -> list[Path]:
        return sorted((self.path / "rules").glob("*.yaml"))

    def test_files(self) -> list[Path]:
        return sorted((self.path / "tests").glob("*.yaml"))

    def ruleset(self) -> RuleSet:
        """The pack's rules, compiled and indexed (only for a valid pack)."""
        if self.errors:
            raise self.errors[0]
        return RuleSet(self.rules)


def discover(root: Path = DEFAULT_ROOT) -> list[Path]:
    """Every pack revision directory under `root` (or `root` itself if it is one): `root` may
    be the rulepacks folder, a layer folder, a pack folder or a revision."""
    if (root / MANIFEST).is_file():
        return [root]
    found: list[Path] = []
    for depth in range(1, MAX_DEPTH + 1):
        found.extend(p.parent for p in root.glob("/".join(["*"] * depth) + f"/{MANIFEST}"))
    return sorted(p for p in found if not _inside_revision(p, root))


def _inside_revision(path: Path, root: Path) -> bool:
    """A manifest below another revision (a test fixture inside a pack) is not a pack."""
    return any((parent / MANIFEST).is_file() for parent in path.parents if parent != root and
               root in parent.parents)  # fmt: skip


def schema_dir_for(pack_dir: Path) -> Path:
    """The nearest `schema` folder holding the manifest schema above the pack (a tax team's
    repository may carry its own copy), else the product's `rulepacks/schema`."""
    for parent in pack_dir.parents:
        candidate = parent / SCHEMA_DIR_NAME
        if (candidate / "manifest.schema.json").is_file():
            return candidate
    return DEFAULT_ROOT / SCHEMA_DIR_NAME


def load_pack(pack_dir: Path) -> Pack:
    """Load and validate a pack version, collecting every error."""
    pack = Pack(pack_dir)
    schemas = schema_dir_for(pack_dir)
    try:
        pack.manifest = _manifest(pack_dir, schemas)
    except PackError as exc:
        pack.errors.append(exc)
        return pack
    for file in pack.rule_files():
        _load_rule_file(pack, file, schemas)
    _check_duplicates(pack)
    return pack


def _manifest(pack_dir: Path, schemas: Path) -> dict[str, Any]:
    file = pack_dir / MANIFEST
    data = read_yaml(file)
    errors = schema_errors(schemas, "manifest.schema.json", data, file)
    if errors:
        raise errors[0]
    layer = data.get("camada")
    folder = LAYER_FOLDERS.get(pack_dir.parent.parent.name)
    if layer and folder and RuleOrigin(layer) is not folder:
        where = pack_dir.parent.parent.name
        raise PackError(str(file), None, f"camada {layer} num pacote sob a pasta {where}/: "
                        "mova o pacote ou corrija a camada")  # fmt: skip
    if data["engine_version"].split(".")[0] != ENGINE_VERSION.split(".")[0]:
        raise PackError(str(file), None, f"engine_version {data['engine_version']} incompatível "
                        f"com o motor {ENGINE_VERSION}")  # fmt: skip
    return dict(data)


def _load_rule_file(pack: Pack, file: Path, schemas: Path) -> None:
    try:
        data = read_yaml(file)
    except PackError as exc:
        pack.errors.append(exc)
        return
    problems = schema_errors(schemas, "rule.schema.json", data, file)
    pack.errors.extend(problems)
    broken = {p.rule_id for p in problems}
    if None in broken or not isinstance(data, dict):
        return
    for raw in data.get("regras") or []:
        if str(raw.get("id")) not in broken:
            _load_rule(pack, file, raw)


def _load_rule(pack: Pack, file: Path, raw: dict[str, Any]) -> None:
    try:
        rule = rule_from_dict(raw, pack.layer, pack.name, pack.revision)
        compile_rule(rule)
    except EngineError as exc:
        pack.errors.append(PackError(str(file), str(raw.get("id")), str(exc)))
        return
    if rule.tipo.value not in pack.manifest["scope"]:
        pack.errors.append(PackError(str(file), rule.id, f"tipo {rule.tipo} fora do escopo"))
        return
    pack.rules.append(rule)


def _check_duplicates(pack: Pack) -> None:
    seen: set[tuple[str, str]] = set()
    for rule in pack.rules:
        key = (rule.id, rule.versao)
        if key in seen:
            pack.errors.append(PackError(str(pack.path), rule.id, "id e versão repetidos"))
        seen.add(key)


def iter_packs(root: Path = DEFAULT_ROOT) -> Iterator[Pack]:
    """Load every pack under root."""
    for path in discover(root):
        yield load_pack(path)


def revision_order(pack: Pack) -> tuple[str, str]:
    """How a pack's revisions follow each other: by `valid_from`, then by revision text."""
    return (str(pack.manifest.get("valid_from")), pack.revision)


def pack_key(pack: Pack) -> tuple[str, str, str]:
    """One pack across its revisions: layer, name and (for a company pack) its company."""
    company = pack.manifest.get("empresa") if pack.layer is RuleOrigin.EMPRESA else None
    return (pack.layer.value, pack.name, str(company or ""))


def loaded_together(packs: Iterable[Pack]) -> list[Pack]:
    """The revisions that meet in one rule set. Every revision of a global pack (the service
    loads them all: a global revision adds the rules of its period, so revisions never repeat a
    rule version); of a platform or company pack only the newest, since each published revision
    replaces the one before it (`fiscal rulepacks sync`)."""
    newest: dict[tuple[str, str, str], Pack] = {}
    out = []
    for pack in packs:
        if pack.layer is RuleOrigin.GLOBAL:
            out.append(pack)
            continue
        key = pack_key(pack)
        if key not in newest or revision_order(pack) > revision_order(newest[key]):
            newest[key] = pack
    return out + list(newest.values())


def global_packs(root: Path = DEFAULT_ROOT) -> list[Pack]:
    """The global layer's pack revisions under root (what every company computes with)."""
    return [pack for pack in iter_packs(root) if pack.layer is RuleOrigin.GLOBAL]
