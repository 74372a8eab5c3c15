"""Where numba keeps the compiled kernels, and the note while it compiles them the first time.

numba reads its cache folder when a module of ``cache=True`` functions is imported, so the
kernels' module is imported only through :func:`kernels`, after :func:`use_user_cache`.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from ..loading.registry import cache_dir

__all__ = [
    "COLD_START_SECONDS",
    "ENTRY_POINTS",
    "kernels",
    "kernels_compiled",
    "note_cold_start",
    "use_user_cache",
]

#: About how long the first compilation of the kernels takes, in seconds (one core of the
#: 2-core machine of docs/performance.md; every rule set shares the compiled kernels).
COLD_START_SECONDS = 90


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


#: The kernels' entry points: ``simulate`` plays through the first, the balance lab the second.
ENTRY_POINTS = ("simulate_games", "play_seeds")


def kernels_compiled(entry_points: tuple[str, ...] = ENTRY_POINTS[:1]) -> bool:
    """Whether numba has these entry points of the kernels in its cache (or compiled them in
    this process)."""
    module = kernels()
    return all(_compiled(getattr(module, name)) for name in entry_points)


def _compiled(kernel: Any) -> bool:
    if kernel.signatures:
        return True
    try:  # numba's cache index of the kernel; if numba lays it out otherwise, say "not yet"
        return Path(kernel._cache._cache_file._index_path).is_file()
    except AttributeError:
        return False


def note_cold_start(name: str, entry_points: tuple[str, ...] = ENTRY_POINTS[:1]) -> None:
    """Say on stderr, before the wait, that the kernels are being compiled (the first time)."""
    if not kernels_compiled(entry_points):
        print(
            f"compiling the native kernels for {name}, once: ~{COLD_START_SECONDS} s",
            file=sys.stderr,
            flush=True,
        )
