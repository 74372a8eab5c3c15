"""Stage 2: check a loaded document against the JSON Schema.

Every schema violation is reported at the YAML position of the offending
value (or key, for unknown keys), with a "did you mean" for misspelt keys.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

import jsonschema

from .errors import Diagnostic, SevensError, did_you_mean
from .limits import check_document
from .load import Document

if TYPE_CHECKING:
    from .analyse import AnalysedRules

SCHEMA_PATH = (
    Path(__file__).resolve().parent.parent / "rulespecs" / "schema" / "rulespec.schema.json"
)


@lru_cache(maxsize=1)
def load_schema() -> dict[str, Any]:
    """The rulespec JSON Schema."""
    schema: dict[str, Any] = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    return schema


def _subschema(schema: dict[str, Any], path: tuple[str | int, ...]) -> dict[str, Any]:
    """The schema of the object at ``path`` (following properties and $refs)."""
    root = load_schema()
    node = schema
    for part in path:
        if "$ref" in node:
            node = _resolve_ref(root, node["$ref"])
        if isinstance(part, int):
            node = node.get("items", {})
        else:
            node = node.get("properties", {}).get(part, node.get("additionalProperties", {}))
        if not isinstance(node, dict):
            return {}
    if "$ref" in node:
        node = _resolve_ref(root, node["$ref"])
    return node


def _resolve_ref(root: dict[str, Any], ref: str) -> dict[str, Any]:
    node: Any = root
    for part in ref.lstrip("#/").split("/"):
        node = node[part]
    return dict(node)


def _diagnose(document: Document, error: jsonschema.ValidationError) -> list[Diagnostic]:
    path = tuple(error.absolute_path)
    if error.validator == "additionalProperties" and isinstance(error.instance, dict):
        allowed = _subschema(load_schema(), path).get("properties", {})
        extra = [k for k in error.instance if k not in allowed]
        return [
            document.error((*path, key), unknown_key_message(key, path, allowed), at_key=True)
            for key in extra
        ]
    where = ".".join(str(p) for p in path) or "the rulespec"
    if error.validator == "required":
        return [document.error(path, f"{where}: {error.message}", at_key=True)]
    if error.validator == "enum":
        choices = ", ".join(yaml_text(c) for c in error.validator_value)
        hint = did_you_mean(str(error.instance), [str(c) for c in error.validator_value])
        message = f"{where}: {yaml_text(error.instance)} is not one of {choices}{hint}"
        return [document.error(path, message)]
    return [document.error(path, f"{where}: {_yaml_message(error)}")]


def yaml_text(value: object) -> str:
    """``value`` written as in YAML: ``null``, ``true``, ``false``, numbers bare, text quoted."""
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list):
        return "[" + ", ".join(yaml_text(item) for item in value) + "]"
    return repr(value)


def _yaml_message(error: jsonschema.ValidationError) -> str:
    """jsonschema's message with the value it starts with written as YAML (``null``, not ``None``)."""
    shown, message = repr(error.instance), str(error.message)
    if message.startswith(shown):
        return yaml_text(error.instance) + message[len(shown) :]
    return message


def unknown_key_message(key: str, parent: tuple[str | int, ...], allowed: Iterable[str]) -> str:
    """'unknown key' with a near miss, where the key belongs instead, and the keys allowed here."""
    allowed = sorted(allowed)
    hint = did_you_mean(key, allowed)
    where = ".".join(str(p) for p in parent if isinstance(p, str))
    place = f"under `{where}`" if where else "at the top level"
    listed = f"(keys allowed {place}: {', '.join(allowed)})"
    homes = [home for home in key_homes().get(key, ()) if home != where]
    if homes and not hint:
        places = " or ".join(f"`{home}`" if home else "at the top level" for home in homes)
        return f"unknown key '{key}' here: `{key}` belongs under {places} {listed}"
    return f"unknown key '{key}'{hint} {listed}"


@lru_cache(maxsize=1)
def key_homes() -> dict[str, tuple[str, ...]]:
    """For every key the schema knows, the dotted paths of the mappings that accept it."""
    homes: dict[str, list[str]] = {}
    root = load_schema()
    stack: list[tuple[dict[str, Any], tuple[str, ...], int]] = [(root, (), 0)]
    while stack:
        node, where, depth = stack.pop()
        if depth > _SCHEMA_DEPTH:
            continue
        if "$ref" in node:
            node = _resolve_ref(root, node["$ref"])
        for key, sub in node.get("properties", {}).items():
            if key == "$schema":
                continue
            dotted = ".".join(where)
            if dotted not in homes.setdefault(key, []):
                homes[key].append(dotted)
            if isinstance(sub, dict):
                stack.append((sub, (*where, key), depth + 1))
        for combinator in ("oneOf", "anyOf", "allOf"):
            stack.extend((sub, where, depth + 1) for sub in node.get(combinator, []))
        for inner in ("items", "additionalProperties"):
            if isinstance(node.get(inner), dict):
                stack.append((node[inner], where, depth + 1))
    return {key: tuple(sorted(places)) for key, places in homes.items()}


#: How deep :func:`key_homes` follows the schema (it has no recursive definitions this deep).
_SCHEMA_DEPTH = 12


def _is_integer(checker: object, instance: object) -> bool:
    """Only ints are integers: JSON Schema would also accept ``2.0``, which then breaks compile."""
    return isinstance(instance, int) and not isinstance(instance, bool)


_StrictValidator = jsonschema.validators.extend(
    jsonschema.Draft202012Validator,
    type_checker=jsonschema.Draft202012Validator.TYPE_CHECKER.redefine("integer", _is_integer),
)


def validate_document(document: Document) -> None:
    """Raise :class:`SevensError` listing every schema violation, if any."""
    validator = _StrictValidator(load_schema())
    errors = sorted(
        validator.iter_errors(document.data), key=lambda e: list(map(str, e.absolute_path))
    )
    diagnostics: list[Diagnostic] = []
    for error in errors:
        diagnostics.extend(_diagnose(document, error))
    if not diagnostics:  # the limits read a document of the schema's shape
        diagnostics.extend(check_document(document))
    if diagnostics:
        raise SevensError(diagnostics)


def check_playable(document: Document, rules: AnalysedRules) -> None:
    """Refuse a rule set that no allowed number of players can play, at the key that causes it.

    Each count from ``players.min`` to ``players.max`` is put to the test play
    itself applies (:func:`sevens.runtime.contract.player_count_problem`); a
    rule set is refused only when every count fails, with the first count's
    reason.  Counts that fail while others play are refused at play time.
    """
    from ..runtime.contract import player_count_problem
    from .contract import build_rule_set  # the compiler's heavier stages

    rule_set = build_rule_set(rules)
    low, high = rule_set.players.min, rule_set.players.max
    problems = [player_count_problem(rule_set, count) for count in range(low, high + 1)]
    first = problems[0] if problems else None
    if first is None or not all(problems):
        return
    counts = f"{low} players" if low == high else f"any number of players from {low} to {high}"
    message = f"no game can be played by {counts}: {first.message}; {first.advice_for_rules}"
    raise SevensError(document.error(_stated_path(document, first.keys), message))


def _stated_path(document: Document, keys: tuple[str, ...]) -> tuple[str, ...]:
    """The first of ``keys`` the rulespec itself states, else the first one stated at all."""
    paths = [tuple(key.split(".")) for key in keys]
    stated = [path for path in paths if path in document.origins]
    own = [p for p in stated if document.source and document.origins[p].source is document.source]
    return (own or stated or paths)[0]
