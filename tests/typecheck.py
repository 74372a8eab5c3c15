"""Run mypy over the ``sevens`` package as it is installed: ``python -m tests.typecheck``.

The installed package is put together by setuptools' ``package-dir``
(compiler/ becomes ``sevens.compiler`` and so on), and an editable install
resolves those names with an import hook that mypy does not run.  So mypy
reads a copy of the tree laid out as the package (build/typecheck/sevens),
refreshed file by file (mtimes kept, so mypy's cache stays warm), and its
messages are given back with the repository's own paths.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
STAGE = ROOT / "build" / "typecheck"


def package_dirs() -> dict[str, Path]:
    """Each package directory of ``[tool.setuptools] package-dir``, by its folder in the stage."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    mapping: dict[str, str] = config["tool"]["setuptools"]["package-dir"]
    return {name.replace(".", "/"): ROOT / folder for name, folder in mapping.items()}


def stage(dest: Path = STAGE) -> Path:
    """Lay out the Python files as the installed package under ``dest``; return ``dest``."""
    wanted: dict[Path, Path] = {}
    for target, source in package_dirs().items():
        for path in source.rglob("*.py"):
            wanted[dest / target / path.relative_to(source)] = path
    for copy, original in wanted.items():
        if not copy.exists() or copy.stat().st_mtime_ns != original.stat().st_mtime_ns:
            copy.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(original, copy)
    for stale in dest.rglob("*.py"):
        if stale not in wanted:
            stale.unlink()
    return dest


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    """mypy as configured in pyproject.toml, over the staged package (or ``args``)."""
    where = stage()
    mypy = Path(sys.executable).parent / "mypy"
    command = [
        str(mypy) if mypy.exists() else "mypy",
        "--config-file",
        str(ROOT / "pyproject.toml"),
    ]
    cache = ["--cache-dir", str(ROOT / ".mypy_cache")]
    result = subprocess.run(
        [*command, *cache, *args],
        cwd=where,
        capture_output=True,
        text=True,
        check=False,
        env={**os.environ, **(env or {})},
    )
    dirs = package_dirs()
    for target in sorted(dirs, key=len, reverse=True):  # the longest prefix first
        prefix = f"{target}/"
        source = dirs[target].relative_to(ROOT).as_posix()
        replacement = "" if source == "." else f"{source}/"
        result.stdout = "\n".join(
            replacement + line[len(prefix) :] if line.startswith(prefix) else line
            for line in result.stdout.split("\n")
        )
    return result


if __name__ == "__main__":
    outcome = run(*sys.argv[1:])
    print(outcome.stdout + outcome.stderr, end="")
    sys.exit(outcome.returncode)
