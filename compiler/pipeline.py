"""The compiler pipeline: load → validate → model → parse/analyse → emit.

Each stage lives in its own module; this one only chains them and writes
files atomically.
"""

from __future__ import annotations

import os
import tempfile
from dataclasses import dataclass
from pathlib import Path

from sevens.compiler.analyse import AnalysedRules, analyse
from sevens.compiler.contract import build_rule_set, check_opening
from sevens.compiler.emit import emit_module
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.interpret import ReferenceRules
from sevens.compiler.load import BUILTIN_DIR, builtin_ids, load_document, resolve_reference
from sevens.compiler.model import Rulespec, build_model
from sevens.compiler.validate import validate_document

GENERATED_DIR = Path(__file__).resolve().parent.parent / "generated"


@dataclass
class Compiled:
    """A rulespec after every stage: its model, typed conditions and module text."""

    spec: Rulespec
    rules: AnalysedRules
    source: str


def load_rulespec(path: Path) -> AnalysedRules:
    """Load, validate, model and analyse one rulespec file."""
    document = load_document(path)
    validate_document(document)
    rules = analyse(build_model(document))
    check_opening(rules)
    return rules


def reference_rules(rules: AnalysedRules) -> ReferenceRules:
    """The reference interpreter of an analysed rule set, with its contract record."""
    return ReferenceRules(rules, build_rule_set(rules))


def compile_file(path: Path) -> Compiled:
    """Run the whole pipeline on one file."""
    rules = load_rulespec(path)
    return Compiled(rules.spec, rules, emit_module(rules))


def find_rulespec(reference: str) -> Path:
    """The file for a variant id or path, or a clear error."""
    path = resolve_reference(reference, Path.cwd())
    if path is None:
        from sevens.compiler.errors import did_you_mean

        hint = did_you_mean(reference, builtin_ids())
        known = ", ".join(builtin_ids())
        raise SevensError(Diagnostic(f"unknown variant '{reference}'{hint} (known: {known})"))
    return path


def is_builtin(path: Path) -> bool:
    """Whether ``path`` is one of the shipped rulespecs."""
    return path.resolve().parent == BUILTIN_DIR.resolve()


def generated_path(variant_id: str) -> Path:
    """Where the module of a built-in rulespec lives."""
    return GENERATED_DIR / f"{variant_id}.py"


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so readers never see a half-written file."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
