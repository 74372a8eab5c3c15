"""Where numba keeps the compiled kernels, and the note while it compiles them the first time.

numba reads its cache folder when a module of ``cache=True`` functions is imported, so the
kernels' module is imported only through :func:`kernels`, after :func:`use_user_cache`.
"""

from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

from sevens.compiler.native_kernels import kernels_name, rule_set_constants, specialise
from sevens.compiler.output import write_private

from ..loading.registry import cache_dir

__all__ = [
    "COLD_START_SECONDS",
    "ENTRY_POINTS",
    "kernels",
    "kernels_compiled",
    "note_cold_start",
    "rule_set_kernels",
    "use_user_cache",
]

#: About how long the first compilation of a rule set's kernels takes, in seconds (one core of
#: the 2-core machine of docs/performance.md; the kernels no rule set changes are compiled
#: with the first rule set and shared by the others).
COLD_START_SECONDS = 10


def use_user_cache() -> Path:
    """Keep numba's compiled kernels in the user's cache directory (``$SEVENS_CACHE/numba``,
    see :func:`sevens.loading.registry.cache_dir`), never inside the installed package;
    ``NUMBA_CACHE_DIR``, when set, is kept.  numba reads the folder when the kernels'
    module is imported, so this runs before that (:func:`kernels`)."""
    folder = os.environ.get("NUMBA_CACHE_DIR") or str(cache_dir() / "numba")
    os.environ["NUMBA_CACHE_DIR"] = folder
    if "numba" in sys.modules:  # imported already: its configuration read the variable then
        import numba

        config: Any = numba.config  # read by numba when a cached function is defined
        config.CACHE_DIR = folder
    return Path(folder)


def kernels() -> Any:
    """The kernels' module, imported with numba's cache in the user's cache directory."""
    if "sevens.runtime.native.kernels" not in sys.modules:
        use_user_cache()
    from sevens.runtime.native import kernels as k

    return k


#: The rule sets' own kernels loaded in this process, by module name.
_LOADED: dict[str, ModuleType] = {}


def rule_set_kernels(config: Any, rule_functions: str) -> ModuleType:
    """The kernels specialised for the rule set of a configuration vector, with its own
    functions (:func:`sevens.compiler.native_kernels.specialise`), written once into numba's
    cache folder (``sources/``) and imported from there, so that numba caches their compiled
    code with the others' (the file's name is a digest of what decides its text: it never
    changes, and a file already there is not written or made again)."""
    values = rule_set_constants(config)
    name = kernels_name(values, rule_functions)
    module = _LOADED.get(name)
    if module is not None:
        return module
    folder = use_user_cache()  # the sources beside numba's cache of them
    path = folder / "sources" / f"{name}.py"
    if not path.is_file():  # written once: numba's cache keys on the file's time
        source = specialise(values, rule_functions)
        write_private(path, source, what="the native kernels", make_parents=True)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # numba's cache finds the module by name
    spec.loader.exec_module(module)
    _LOADED[name] = module
    return module


#: The kernels' entry point: ``simulate``, the balance lab and a recorded game all play
#: through it (one compilation for all).
ENTRY_POINTS = ("play_games",)


def kernels_compiled(module: ModuleType, entry_points: tuple[str, ...] = ENTRY_POINTS) -> bool:
    """Whether numba has these entry points of a rule set's kernels (``module``, from
    :func:`rule_set_kernels`) in its cache, or compiled them in this process."""
    return all(_compiled(getattr(module, name)) for name in entry_points)


def _compiled(kernel: Any) -> bool:
    if kernel.signatures:
        return True
    try:  # numba's cache index of the kernel; if numba lays it out otherwise, say "not yet"
        return Path(kernel._cache._cache_file._index_path).is_file()
    except AttributeError:
        return False


def note_cold_start(
    name: str, module: ModuleType, entry_points: tuple[str, ...] = ENTRY_POINTS
) -> None:
    """Say on stderr, before the wait, that a rule set's kernels are being compiled (the first
    time)."""
    if not kernels_compiled(module, entry_points):
        print(
            f"compiling the native kernels for {name}, once: ~{COLD_START_SECONDS} s",
            file=sys.stderr,
            flush=True,
        )
