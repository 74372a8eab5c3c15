"""Find and load the move generator of a variant.

Built-in ids load their committed module from ``generated/`` after checking
that the module's recorded hash matches the rulespec as it is now; a stale
module is never run: it is recompiled in memory (with a warning to run
``sevens compile``).

A rulespec file elsewhere (a user's house rule) is compiled on the fly.  A
copy of the module is kept in a cache directory (``$SEVENS_CACHE``, else
``$XDG_CACHE_HOME/sevens``, else ``~/.cache/sevens``) under a name keyed by
the hash of the resolved rulespec and the emitter version, so a person can
read what ran.  The cache is never trusted over what it caches: the module
is always executed from the freshly compiled text, and a cached copy that
differs from it (tampered, truncated, from another compiler) is rewritten.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.emit import emit_module, source_hash
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.pipeline import (
    find_rulespec,
    generated_path,
    is_builtin,
    load_rulespec,
    write_atomic,
)
from sevens.runtime.machine import CompiledRules


def cache_dir() -> Path:
    """Where copies of modules compiled from user rulespecs are kept."""
    if os.environ.get("SEVENS_CACHE"):
        return Path(os.environ["SEVENS_CACHE"])
    base = os.environ.get("XDG_CACHE_HOME")
    return (Path(base) if base else Path.home() / ".cache") / "sevens"


def _import_file(path: Path, module_name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise SevensError(Diagnostic(f"{path}: cannot load generated module"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def module_from_text(text: str, filename: str, module_name: str) -> ModuleType:
    """A module executed from compiler output held in memory (no file or bytecode is read)."""
    module = ModuleType(module_name)
    module.__file__ = filename
    exec(compile(text, filename, "exec"), module.__dict__)  # text made by our emitter from ast
    return module


def load_rules(reference: str) -> CompiledRules:
    """The compiled rules of a variant id or rulespec path, ready for the engine."""
    path = find_rulespec(reference)
    analysed = load_rulespec(path)
    if is_builtin(path):
        return CompiledRules(_builtin_module(analysed))
    return CompiledRules(_user_module(analysed))


def _builtin_module(analysed: AnalysedRules) -> ModuleType:
    variant = analysed.spec.id
    module_path = generated_path(variant)
    name = f"sevens.generated.{variant.replace('-', '_')}"
    if module_path.exists():
        module = _import_file(module_path, name)
        if getattr(module, "RULESPEC_HASH", None) == source_hash(analysed.spec):
            return module
        reason = "is stale (its rulespec or the compiler changed)"
    else:
        reason = "is missing"
    print(f"warning: {module_path} {reason}; compiled in memory. Run 'sevens compile'.", file=sys.stderr)
    return module_from_text(emit_module(analysed), str(module_path), name)


def _user_module(analysed: AnalysedRules) -> ModuleType:
    spec = analysed.spec
    key = source_hash(spec)
    text = emit_module(analysed)
    cached = cache_dir() / f"{spec.id}-{key}.py"
    try:
        current = cached.read_text(encoding="utf-8") if cached.is_file() else None
        if current != text:
            write_atomic(cached, text)
    except OSError:
        pass  # the copy is for people to read; playing does not need it
    return module_from_text(text, str(cached), f"sevens_user_{spec.id.replace('-', '_')}_{key}")
