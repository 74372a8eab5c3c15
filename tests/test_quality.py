"""The code stays lint-clean and type-checked (ruff and mypy as configured in pyproject.toml)."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests import typecheck

ROOT = Path(__file__).resolve().parent.parent


def _tool(name: str) -> list[str]:
    if shutil.which(name) is None and not (Path(sys.executable).parent / name).exists():
        pytest.skip(f"{name} is not installed (pip install -e '.[test]')")
    return [
        str(Path(sys.executable).parent / name)
        if (Path(sys.executable).parent / name).exists()
        else name
    ]


def test_ruff_is_clean() -> None:
    result = subprocess.run(
        [*_tool("ruff"), "check", "."], cwd=ROOT, capture_output=True, text=True
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_mypy_is_clean() -> None:
    _tool("mypy")
    result = typecheck.run()  # over the package as installed (package-dir), see tests/typecheck.py
    assert result.returncode == 0, result.stdout + result.stderr
