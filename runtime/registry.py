"""Find and load the move generator of a variant.

Built-in ids load their committed module from ``generated/``.  A rulespec
file elsewhere (a user's house rule) is compiled on the fly into a cache
directory, keyed by its hash, and never written into ``generated/``.
"""

from __future__ import annotations

import importlib.util
import os
import re
from pathlib import Path
from types import ModuleType

from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.pipeline import (
    compile_file,
    find_rulespec,
    generated_path,
    is_builtin,
    write_atomic,
)
from sevens.runtime.api import Rules


def cache_dir() -> Path:
    """Where modules compiled from user rulespecs are kept."""
    base = os.environ.get("SEVENS_CACHE") or os.environ.get("XDG_CACHE_HOME")
    root = Path(base) if base else Path.home() / ".cache"
    return root / "sevens" if not os.environ.get("SEVENS_CACHE") else root


def _import_file(path: Path, module_name: str) -> ModuleType:
    spec = importlib.util.spec_from_file_location(module_name, path)
    if spec is None or spec.loader is None:
        raise SevensError(Diagnostic(f"{path}: cannot load generated module"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def load_rules(reference: str) -> Rules:
    """The compiled rules of a variant id or rulespec path."""
    path = find_rulespec(reference)
    if is_builtin(path):
        module_path = generated_path(path.stem)
        if not module_path.exists():
            raise SevensError(Diagnostic(f"{module_path}: missing; run 'sevens compile'"))
        module = _import_file(module_path, f"sevens.generated.{path.stem.replace('-', '_')}")
    else:
        compiled = compile_file(path)
        header_hash = re.search(r"hash: ([0-9a-f]+)", compiled.source)
        key = header_hash.group(1) if header_hash else "nohash"
        cached = cache_dir() / f"{compiled.spec.id}-{key}.py"
        if not cached.exists():
            write_atomic(cached, compiled.source)
        module = _import_file(cached, f"sevens_user_{compiled.spec.id.replace('-', '_')}_{key}")
    return module
