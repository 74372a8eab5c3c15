"""The compile cache ($SEVENS_CACHE): a copy for people to read, never a way to write elsewhere.

A link or FIFO planted at a cache entry is replaced, never followed or waited
on; a cache folder writable by others (o+w) is not used; a cache that cannot be
written at all costs at most one line on stderr that speaks of the cache, and
the run goes on.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sevens.cli import main
from sevens.compiler.emit import source_hash
from sevens.compiler.pipeline import load_rulespec

HOUSE = "id: pub-house\nextends: parliament\nname: Pub House\n"


@pytest.fixture
def house(tmp_path: Path) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(HOUSE, encoding="utf-8")
    return path


def entry(cache: Path, house: Path) -> Path:
    """Where the cached module of ``house`` goes."""
    spec = load_rulespec(house).spec
    return cache / f"{spec.id}-{source_hash(spec)}.py"


def simulate(house: Path, cache: Path | str, monkeypatch: pytest.MonkeyPatch) -> Result:
    monkeypatch.setenv("SEVENS_CACHE", str(cache))
    return CliRunner().invoke(main, ["simulate", str(house), "-g", "2", "--json"])


def test_a_link_in_the_cache_is_replaced_not_followed(
    house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "cache"
    cache.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("someone else's file\n", encoding="utf-8")
    planted = entry(cache, house)
    planted.symlink_to(victim)
    result = simulate(house, cache, monkeypatch)
    assert result.exit_code == 0, result.output
    assert victim.read_text(encoding="utf-8") == "someone else's file\n"
    assert not planted.is_symlink() and planted.read_text(encoding="utf-8").startswith("#")


def test_a_fifo_in_the_cache_is_replaced_not_waited_on(house: Path, tmp_path: Path) -> None:
    """In a real process with a timeout: writing into a FIFO nobody reads would block."""
    cache = tmp_path / "cache"
    cache.mkdir()
    planted = entry(cache, house)
    os.mkfifo(planted)
    done = subprocess.run(
        [sys.executable, "-m", "sevens", "simulate", str(house), "-g", "1", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        env={**os.environ, "SEVENS_CACHE": str(cache)},
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert planted.is_file() and planted.read_text(encoding="utf-8").startswith("#")


def test_a_cache_writable_by_others_is_not_used(
    house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache = tmp_path / "shared"
    cache.mkdir()
    cache.chmod(0o777)
    result = simulate(house, cache, monkeypatch)
    assert result.exit_code == 0, result.output
    notes = result.stderr.strip().splitlines()
    assert len(notes) == 1 and "cache" in notes[0], result.stderr
    assert "writable by others" in notes[0]
    assert list(cache.iterdir()) == []


@pytest.mark.parametrize("where", ["/proc/sevens", "{tmp}/plain.txt/cache"])
def test_a_bad_cache_does_not_stop_the_run(
    where: str, house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "plain.txt").write_text("plain\n", encoding="utf-8")
    result = simulate(house, where.format(tmp=tmp_path), monkeypatch)
    assert result.exit_code == 0, result.output
    assert '"games": 2' in result.stdout
    notes = result.stderr.strip().splitlines()
    assert len(notes) <= 1, result.stderr
    assert all("cache" in note and "the output" not in note for note in notes), result.stderr
    assert (tmp_path / "plain.txt").read_text(encoding="utf-8") == "plain\n"


def test_a_cache_of_another_user_is_not_used(
    house: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Its owner could swap the copy at any time; only root can make such a folder here."""
    if os.geteuid() != 0:
        pytest.skip("only root can give a folder to another user")
    cache = tmp_path / "theirs"
    cache.mkdir()
    os.chown(cache, 4242, 4242)
    result = simulate(house, cache, monkeypatch)
    assert result.exit_code == 0, result.output
    assert "belongs to another user" in result.stderr, result.stderr
    assert list(cache.iterdir()) == []
