"""Stage 2: check a loaded document against the JSON Schema.

Every schema violation is reported at the YAML position of the offending
value (or key, for unknown keys), with a "did you mean" for misspelt keys.
"""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

import jsonschema

from sevens.compiler.errors import Diagnostic, SevensError, did_you_mean
from sevens.compiler.load import Document

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
            document.error(
                (*path, key), f"unknown key '{key}'{did_you_mean(key, allowed)}", at_key=True
            )
            for key in extra
        ]
    where = ".".join(str(p) for p in path) or "the rulespec"
    if error.validator == "required":
        return [document.error(path, f"{where}: {error.message}", at_key=True)]
    if error.validator == "enum":
        choices = ", ".join(repr(c) for c in error.validator_value)
        hint = did_you_mean(str(error.instance), [str(c) for c in error.validator_value])
        message = f"{where}: {error.instance!r} is not one of {choices}{hint}"
        return [document.error(path, message)]
    return [document.error(path, f"{where}: {error.message}")]


def validate_document(document: Document) -> None:
    """Raise :class:`SevensError` listing every schema violation, if any."""
    validator = jsonschema.Draft202012Validator(load_schema())
    errors = sorted(
        validator.iter_errors(document.data), key=lambda e: list(map(str, e.absolute_path))
    )
    diagnostics: list[Diagnostic] = []
    for error in errors:
        diagnostics.extend(_diagnose(document, error))
    if diagnostics:
        raise SevensError(diagnostics)
