"""Conventions every ``sevens`` command keeps: JSON documents, Ctrl-C, listing, the cache."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from sevens.compiler.load import builtin_ids
from sevens.loading.registry import cache_dir
from tests.conftest import sevens_cli

HOUSE_RULE = "id: my-fan-tan\nextends: fan-tan\nname: {en: My Fan Tan}\nplay: {direction: counter-clockwise}\n"


@pytest.mark.parametrize(
    ("kind", "args"),
    [
        ("simulate", ["simulate", "parliament", "--games", "20", "--json"]),
        ("legal", ["legal", "parliament", "--table", "7D", "--hand", "8D 2S", "--json"]),
        ("analyse", ["analyse", "parliament", "--games", "60", "-j", "1", "-q", "--json"]),
        (
            "compare",
            ["compare", "parliament", "fan-tan", "--games", "60", "-j", "1", "-q", "--json"],
        ),
        ("variants", ["list", "--json"]),
    ],
)
def test_every_json_document_names_its_schema_and_the_program_version(
    kind: str, args: list[str]
) -> None:
    result = sevens_cli(*args)
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    assert document["schema"] == f"sevens.{kind}/1"
    assert document["version"] == "0.1.0"
    assert list(document)[:2] == ["schema", "version"]


def test_list_names_every_builtin_with_its_kind_and_players() -> None:
    document = json.loads(sevens_cli("list", "--json", "--lang", "de").stdout)
    rows = {row["id"]: row for row in document["variants"]}
    assert sorted(rows) == sorted(builtin_ids())
    assert rows["parliament"]["kind"] == "game"
    assert rows["voluntary-pass"]["extends"] == "parliament"
    assert rows["elfer-raus"]["name"] == "Elfer raus!"
    assert all(row["min_players"] <= row["max_players"] for row in rows.values())
    text = sevens_cli("list").stdout
    assert len(text.splitlines()) == len(rows)
    assert "cinquillo" in text and "3–6 players" in text


def test_list_refuses_an_unknown_language() -> None:
    result = sevens_cli("list", "--lang", "xx")
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.output


def test_legal_help_describes_the_object_it_prints() -> None:
    help_text = sevens_cli("legal", "--help").stdout
    assert "JSON object" in help_text and "JSON list" not in help_text


def test_compile_of_a_users_file_writes_into_the_cache_and_says_where(tmp_path: Path) -> None:
    rulespec = tmp_path / "mine.yaml"
    rulespec.write_text(HOUSE_RULE, encoding="utf-8")
    result = sevens_cli("compile", str(rulespec))
    assert result.exit_code == 0, result.output
    modules = list(cache_dir().glob("my-fan-tan-*.py"))
    assert len(modules) == 1
    assert f"module {modules[0]}" in result.stdout
    assert "RULE_SET" in modules[0].read_text(encoding="utf-8")


def test_the_suite_never_uses_the_users_cache(private_cache: Path) -> None:
    assert cache_dir() == private_cache
    assert Path.home() not in cache_dir().parents


def _start(args: list[str], **kwargs: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, "-m", "sevens", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, "PYTHONIOENCODING": "utf-8"},
        **kwargs,  # type: ignore[call-overload]
    )


def _wait_for(condition: object, seconds: float = 60.0) -> None:
    deadline = time.monotonic() + seconds
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "the command never got under way"
        time.sleep(0.05)


def test_ctrl_c_in_simulate_exits_130_with_the_games_played(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    process = _start(
        ["simulate", "parliament", "--games", "1000000", "--json", "--record", str(record)]
    )
    try:
        # the record is written to a temporary file beside it until the run ends: games are
        # under way once that holds something
        _wait_for(lambda: any(p.stat().st_size > 0 for p in tmp_path.iterdir()))
        process.send_signal(signal.SIGINT)
        out, err = process.communicate(timeout=60)
    finally:
        process.kill()  # never leave a million-game run behind a failed test
    assert process.returncode == 130, err
    summary = json.loads(out)
    assert summary["partial"] is True
    assert 0 < summary["games"] < summary["planned"] == 1_000_000
    assert f"partial results from {summary['games']} of 1000000 games" in err
    assert "Traceback" not in err and "Aborted" not in err
    lines = record.read_text(encoding="utf-8").splitlines()
    assert len(lines) >= summary["games"]  # every counted game was recorded, whole
    assert all(json.loads(line) for line in lines)


def _default_ctrl_c() -> None:
    """In the child: Ctrl-C as a terminal delivers it (a shell that starts a run in the
    background without job control leaves SIGINT ignored, and a child inherits that)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def test_ctrl_c_while_a_command_waits_exits_130_without_a_traceback() -> None:
    process = _start(
        ["play", "parliament", "--plain"], stdin=subprocess.PIPE, preexec_fn=_default_ctrl_c
    )
    assert process.stdout is not None
    try:
        first = process.stdout.readline()  # the game has started and waits for a move
        assert first
        time.sleep(1.0)  # inside the prompt, which turns Ctrl-C into click's Abort
        process.send_signal(signal.SIGINT)
        # stdin stays open until the process has gone: closing it at once (communicate) lets
        # a slow, loaded process read the end of input first, and that is a clean exit
        process.wait(timeout=60)
        assert process.stderr is not None
        err = process.stderr.read()
    finally:
        process.kill()
        if process.stdin is not None:
            process.stdin.close()
    assert process.returncode == 130, err
    assert "Traceback" not in err and "Aborted" not in err


@pytest.mark.parametrize("command", ["simulate", "play", "analyse", "compare"])
def test_strategy_option_lists_every_registered_strategy_in_help(command: str) -> None:
    from sevens.bots import STRATEGIES

    result = sevens_cli(command, "--help")
    assert result.exit_code == 0, result.output
    listed = "[" + "|".join(STRATEGIES) + "]"
    assert listed in " ".join(result.output.split()).replace(" |", "|").replace("| ", "|")


def test_shell_completion_offers_the_strategies_that_match_what_is_typed() -> None:
    environment = {
        **os.environ,
        "_SEVENS_COMPLETE": "bash_complete",
        "COMP_WORDS": "sevens simulate parliament --strategy r",
        "COMP_CWORD": "4",
    }
    # the installed command, whose name the completion variable is derived from
    command = Path(sys.executable).with_name("sevens")
    done = subprocess.run([command], env=environment, capture_output=True, text=True)
    offered = [line.split(",", 1)[1] for line in done.stdout.splitlines()]
    assert offered == ["random", "random-play"], done.stdout
