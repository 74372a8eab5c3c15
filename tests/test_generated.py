"""Generated modules read like hand-written code and keep the contract with the runtime."""

from __future__ import annotations

import ast
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from sevens.compiler.pipeline import find_rulespec, generated_path, load_rulespec
from sevens.loading.registry import _import_file, cache_dir, load_rules
from sevens.runtime.machine import check_decisions
from tests import typecheck
from tests.conftest import BUILTIN_IDS

ROOT = Path(__file__).resolve().parent.parent


@pytest.mark.parametrize("variant", BUILTIN_IDS)
def test_each_module_keeps_the_decision_protocol(variant: str) -> None:
    module = _import_file(generated_path(variant), f"probe_{variant.replace('-', '_')}")
    assert check_decisions(module) == []
    assert module.RULE_SET.id == variant


def test_a_module_missing_a_decision_is_refused(tmp_path: Path) -> None:
    text = generated_path("caught-holding").read_text(encoding="utf-8")
    assert "def pay_winner(" in text
    broken = tmp_path / "broken.py"
    broken.write_text(text.replace("def pay_winner(", "def other_cost("))
    module = _import_file(broken, "broken_probe")
    assert check_decisions(module) == [
        "pay_winner is missing",
        "other_cost is not a decision of this rule set",
    ]


def _functions(variant: str) -> list[str]:
    tree = ast.parse(generated_path(variant).read_text(encoding="utf-8"))
    return [ast.unparse(node) for node in tree.body if isinstance(node, ast.FunctionDef)]


def test_no_function_is_byte_identical_in_every_module() -> None:
    counts = Counter(text for variant in BUILTIN_IDS for text in set(_functions(variant)))
    shared = [text.splitlines()[0] for text, n in counts.items() if n == len(BUILTIN_IDS)]
    assert shared == []


def test_parliament_module_is_short_beyond_its_tables() -> None:
    tree = ast.parse(generated_path("parliament").read_text(encoding="utf-8"))
    tables = [
        n for n in tree.body if isinstance(n, ast.Assign) and ast.unparse(n.targets[0]).isupper()
    ]
    table_lines = sum((n.end_lineno or n.lineno) - n.lineno + 1 for n in tables)
    total = len(generated_path("parliament").read_text(encoding="utf-8").splitlines())
    assert total - table_lines <= 80
    assert max(len(line) for line in generated_path("parliament").read_text().splitlines()) <= 120


def test_an_edited_builtin_rulespec_never_runs_its_stale_module(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """The committed module's recorded hash is compared with the rulespec as it is now."""
    from sevens.loading import registry

    builtin = tmp_path / "rulespecs"
    builtin.mkdir()
    text = find_rulespec("parliament").read_text(encoding="utf-8")
    (builtin / "parliament.yaml").write_text(text.replace("cost: 1 ", "cost: 5 "))
    monkeypatch.setattr(registry, "is_builtin", lambda path: True)
    from sevens.compiler import load  # the copy stands in for the built-in, id and all

    monkeypatch.setattr(load, "BUILTIN_DIR", builtin)
    rules = load_rules(str(builtin / "parliament.yaml"))
    assert rules.rule_set.passing.cost == 5
    assert "stale" in capsys.readouterr().err


def test_a_tampered_cache_is_never_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    house = tmp_path / "house.yaml"
    house.write_text("id: house\nextends: parliament\npassing:\n  cost: 2\n")
    assert load_rules(str(house)).pass_cost(None, 0) == 2  # type: ignore[arg-type]
    (cached,) = (tmp_path / "cache").glob("house-*.py")
    honest = cached.read_text(encoding="utf-8")
    cached.write_text(honest.replace("PassRules(cost=2", "PassRules(cost=99"))
    rules = load_rules(str(house))
    assert rules.pass_cost(None, 0) == 2  # type: ignore[arg-type]
    assert cached.read_text(encoding="utf-8") == honest  # the copy is repaired


def test_cache_location_follows_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEVENS_CACHE", "/somewhere/else")
    assert cache_dir() == Path("/somewhere/else")
    monkeypatch.delenv("SEVENS_CACHE")
    monkeypatch.setenv("XDG_CACHE_HOME", "/xdg")
    assert cache_dir() == Path("/xdg/sevens")
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert cache_dir() == Path.home() / ".cache" / "sevens"


def test_the_header_hash_covers_only_the_rulespec_and_the_emitter_version() -> None:
    """So a compiler edit that changes no output rewrites no module."""
    import hashlib

    from sevens.compiler import emit

    spec = load_rulespec(find_rulespec("parliament")).spec
    digest = hashlib.sha256(f"emitter {emit.EMITTER_VERSION}\n".encode())
    digest.update(repr(emit._canonical(spec.data)).encode())
    assert emit.source_hash(spec) == digest.hexdigest()[:16]


def test_mypy_rejects_a_misspelt_role_or_end_rule(tmp_path: Path) -> None:
    probe = tmp_path / "probe.py"
    probe.write_text(
        "from sevens.runtime.contract import EndWhen, Leader, Role, Transfer\n"
        "leader: Leader = 'previous-winer'\n"
        "end = EndWhen.FIRST_OUTT\n"
        "transfer = Transfer(2, 'left', Role.RIGHT)\n"
    )
    # mypy finds ``sevens`` in the package laid out as installed (tests/typecheck.py).
    result = typecheck.run(
        "--strict", "--no-incremental", str(probe), env={"MYPYPATH": str(typecheck.stage())}
    )
    assert result.returncode == 1
    for line in (2, 3, 4):
        assert f"probe.py:{line}: error" in result.stdout, result.stdout


def test_only_the_sevens_package_is_installed() -> None:
    """pyproject installs sevens and its subpackages, nothing generic at the top level."""
    import tomllib

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    packages = config["tool"]["setuptools"]["packages"]
    assert packages and all(p == "sevens" or p.startswith("sevens.") for p in packages)
    package_dir = config["tool"]["setuptools"]["package-dir"]
    for folder in ("compiler", "runtime", "generated", "rulespecs"):  # sevens.<folder> is <folder>/
        assert package_dir[f"sevens.{folder}"] == folder
        assert not (ROOT / "sevens" / folder).exists()  # mapped by setuptools, no link in the tree


def test_python_dash_m_sevens_runs_the_command() -> None:
    result = subprocess.run(
        [
            sys.executable,
            "-m",
            "sevens",
            "legal",
            "fan-tan",
            "--table",
            "7H 7C 6C 8C",
            "--hand",
            "5C 9H 10C 7S",
        ],
        capture_output=True,
        text=True,
        cwd=os.path.expanduser("~"),
        check=False,
    )
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["5C", "7S"]
