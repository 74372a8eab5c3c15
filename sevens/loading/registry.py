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

The copy is written by :func:`sevens.compiler.output.write_private`: a fresh
file renamed into place, never through a link found there, and never into a
folder other users may write to.  A cache that cannot be written (a bad
``$SEVENS_CACHE``, such a folder) costs a one-line note on stderr, not the run.
"""

from __future__ import annotations

import importlib.util
import os
import stat
import sys
from pathlib import Path
from types import ModuleType

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.emit import source_hash
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.model import Rulespec
from sevens.compiler.output import write_private
from sevens.compiler.pipeline import (
    compile_rules,
    find_rulespec,
    generated_path,
    is_builtin,
    load_rulespec,
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


def rules_of_text(analysed: AnalysedRules) -> CompiledRules:
    """The compiled rules of a rulespec loaded from memory (the workbench's editor): compiled
    as a user's file is, with its readable copy in the cache, never into ``generated/``."""
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
    print(
        f"warning: {module_path} {reason}; compiled in memory. Run 'sevens compile'.",
        file=sys.stderr,
    )
    return module_from_text(compile_rules(analysed).source, str(module_path), name)


def cached_module_path(spec: Rulespec) -> Path:
    """Where the readable copy of a user rulespec's module is kept in the cache."""
    return cache_dir() / f"{spec.id}-{source_hash(spec)}.py"


def _user_module(analysed: AnalysedRules) -> ModuleType:
    spec = analysed.spec
    key = source_hash(spec)
    text = compile_rules(analysed).source
    cached = cached_module_path(spec)
    _keep_copy(cached, text)
    return module_from_text(text, str(cached), f"sevens_user_{spec.id.replace('-', '_')}_{key}")


#: Cache folders already reported as unusable, so a run notes each once.
_NOTED: set[str] = set()


def _keep_copy(cached: Path, text: str) -> None:
    """Keep ``text`` at ``cached`` for people to read; playing does not need it, so a
    cache that cannot be written is a note, never the end of the run."""
    try:
        if _read_copy(cached, len(text.encode("utf-8"))) != text:
            write_private(cached, text, what="the cached module", make_parents=True)
    except SevensError as exc:
        if str(cached.parent) not in _NOTED:
            _NOTED.add(str(cached.parent))
            reason = exc.diagnostics[0].message
            print(f"note: compile cache not used: {reason}", file=sys.stderr)


def _read_copy(cached: Path, size: int) -> str | None:
    """The cached copy if it is a regular file of the expected size at most, else ``None``.

    A link is not followed and a FIFO not waited on: what is there is only
    compared with the fresh text, and replaced when it differs.
    """
    try:
        fd = os.open(cached, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK)
    except OSError:
        return None
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return None
        data = handle.read(size + 1)
    return data.decode("utf-8", "replace")


def recommended_players(reference: str) -> int:
    """The player count a run uses when none is given: the low end of the rule set's
    ``players.best``, else 4 moved inside ``players.min … max``."""
    return recommended_players_of(load_rulespec(find_rulespec(reference)).spec)


def recommended_players_of(spec: Rulespec) -> int:
    """:func:`recommended_players` of a rule set already loaded."""
    if spec.players.best is not None:
        return int(str(spec.players.best).replace("–", "-").split("-")[0])
    return min(max(4, spec.players.min), spec.players.max)
