"""The ``sevens`` command end to end (in-process with click's runner)."""

from __future__ import annotations

import itertools
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.compiler import pipeline
from tests.conftest import BUILTIN_IDS, without_header

ROOT = Path(__file__).resolve().parent.parent
HOUSE_RULE = """\
# yaml-language-server: $schema=schema/rulespec.schema.json
id: pub-parliament
extends: parliament
name: Pub Parliament
passing:
  voluntary: true
  voluntary_cost: 2
"""


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args))
    return result.exit_code, result.output


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    return tmp_path / "cache"


def test_validate_accepts_every_builtin_rulespec() -> None:
    code, output = run("validate", *(str(ROOT / "rulespecs" / f"{v}.yaml") for v in BUILTIN_IDS))
    assert code == 0, output
    assert f"{len(BUILTIN_IDS)} rulespec(s) valid" in output


def test_validate_takes_builtin_ids_and_defaults_to_every_builtin() -> None:
    code, output = run("validate", "pai-qi", "badam-satti")
    assert code == 0, output
    assert "2 rulespec(s) valid" in output
    code, output = run("validate")
    assert code == 0, output
    assert f"{len(BUILTIN_IDS)} rulespec(s) valid" in output


@pytest.mark.parametrize(
    ("argument", "message"),
    [
        ("pai-qii", "unknown variant 'pai-qii' — did you mean 'pai-qi'?"),
        ("missing.yaml", "missing.yaml: no such file"),
    ],
)
def test_validate_tells_an_unknown_id_from_a_missing_file(argument: str, message: str) -> None:
    code, output = run("validate", argument)
    assert code == 2
    assert message in output


def test_compile_check_passes_on_the_committed_modules() -> None:
    code, output = run("compile", "--check")
    assert code == 0, output


def test_compile_check_reports_a_stale_module(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for variant in BUILTIN_IDS:
        (tmp_path / f"{variant}.py").write_text(pipeline.generated_path(variant).read_text())
    (tmp_path / "parliament.py").write_text("# edited by hand\n")
    monkeypatch.setattr(pipeline, "GENERATED_DIR", tmp_path)
    code, output = run("compile", "--check")
    assert code == 1
    assert "parliament.py" in output and "fan-tan.py" not in output
    assert (
        tmp_path / "parliament.py"
    ).read_text() == "# edited by hand\n"  # --check writes nothing
    code, _ = run("compile")
    assert code == 0
    assert (tmp_path / "parliament.py").read_text() == pipeline.generated_path(
        "parliament"
    ).read_text()


def test_legal_answers_the_worked_example_of_seed_001() -> None:
    code, output = run("legal", "fan-tan", "--table", "7H 7C 6C 8C", "--hand", "5C 9H 10C 7S")
    assert (code, output.strip()) == (0, "5C 7S")
    code, output = run(
        "legal", "fan-tan", "--table", "7♥ 7♣ 6♣ 8♣", "--hand", "5♣ 9♥ 10♣ 7♠", "--json"
    )
    assert code == 0
    assert without_header(json.loads(output)) == {"legal": ["5C", "7S"], "can_pass": False}


@pytest.mark.parametrize(
    ("variant", "table", "why"),
    [
        ("parliament", "9S", "9S cannot come first: nothing may be played before 7D"),
        ("parliament", "7S 8S 9S 10S JS QS KS AS", "7S cannot come first"),
        ("fan-tan", "7H 5C", "5C cannot be laid after 7H: it fits no row then"),
        ("fan-tan", "5C", "5C cannot be the first card laid: it fits no row then"),
    ],
)
def test_legal_refuses_a_table_no_game_reaches(variant: str, table: str, why: str) -> None:
    code, output = run("legal", variant, "--table", table, "--hand", "2D")
    assert code == 2 and "no game reaches this table" in output and why in output, output
    assert "Traceback" not in output


def test_legal_json_says_whether_passing_is_allowed() -> None:
    def answer(variant: str, table: str, hand: str) -> object:
        code, output = run("legal", variant, "--table", table, "--hand", hand, "--json")
        assert code == 0, output
        return without_header(json.loads(output))

    assert answer("voluntary-pass", "7D", "8D") == {
        "legal": ["8D"],
        "can_pass": True,
        "pass_cost": 1,
    }
    # the holder of the opening card may not refuse it (seed 000, "muss sie … legen")
    assert answer("voluntary-pass", "", "7D") == {"legal": ["7D"], "can_pass": False}
    assert answer("parliament", "7D", "8D") == {"legal": ["8D"], "can_pass": False}
    assert answer("parliament", "7D", "2S") == {"legal": [], "can_pass": True, "pass_cost": 1}


def test_simulate_prints_a_summary() -> None:
    code, output = run("simulate", "parliament", "--players", "4", "--games", "50", "--seed", "3")
    assert code == 0, output
    for label in ("games/s", "wins", "decisions", "chips"):
        assert label in output


def test_simulate_json_summary_is_consistent() -> None:
    code, output = run("simulate", "dutch-fan-tan", "--games", "200", "--seed", "1", "--json")
    summary = json.loads(output)
    assert code == 0
    assert summary["games"] == 200 and sum(summary["wins"]) + summary["blocked"] == 200
    assert abs(sum(summary["mean_chips"])) < 1e-9  # chips only change hands
    assert summary["mean_decisions"] >= 13  # somebody played out a hand


def test_record_has_the_interface_keys(tmp_path: Path) -> None:
    path = tmp_path / "games.jsonl"
    code, _ = run("simulate", "sevens", "--games", "5", "--seed", "7", "--record", str(path))
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert code == 0 and len(records) == 5
    for game, record in enumerate(records):
        assert (
            record["variant"] == "sevens" and record["players"] == 4 and record["seed"] == 7 + game
        )
        dealt = [c for hand in record["hands"] for c in hand]
        assert len(dealt) == len(set(dealt)) == 52 and record["layout_start"] == []
        first = record["decisions"][0]
        assert first["action"] == "play" and first["card"] == "7D" and first["legal"] == ["7D"]
        assert set(record["result"]) >= {"points"}
        assert record["winner"] is None or record["result"]["points"][record["winner"]] == 0


def test_same_seed_gives_identical_records(tmp_path: Path) -> None:
    first, second, single = tmp_path / "a.jsonl", tmp_path / "b.jsonl", tmp_path / "c.jsonl"
    run("simulate", "voluntary-pass", "--games", "20", "--seed", "11", "--record", str(first))
    run("simulate", "voluntary-pass", "--games", "20", "--seed", "11", "--record", str(second))
    assert first.read_bytes() == second.read_bytes()
    # any game can be replayed alone from its recorded seed
    game = json.loads(first.read_text().splitlines()[13])
    run(
        "simulate",
        "voluntary-pass",
        "--games",
        "1",
        "--seed",
        str(game["seed"]),
        "--record",
        str(single),
    )
    assert json.loads(single.read_text()) == game


def test_a_house_rule_outside_rulespecs_is_compiled_into_the_cache(
    tmp_path: Path, cache: Path
) -> None:
    house = tmp_path / "pub.yaml"
    house.write_text(HOUSE_RULE)
    before = sorted(p.name for p in pipeline.GENERATED_DIR.iterdir())
    code, output = run("simulate", str(house), "--games", "30", "--json")
    assert code == 0, output
    assert json.loads(output)["variant"] == "pub-parliament"
    assert sorted(p.name for p in pipeline.GENERATED_DIR.iterdir()) == before
    assert [p.name.startswith("pub-parliament-") for p in cache.iterdir()] == [True]
    code, output = run("legal", str(house), "--table", "", "--hand", "7S 7D")
    assert (code, output.strip()) == (0, "7D")


def test_compile_of_a_user_file_writes_to_an_output_directory_when_given(tmp_path: Path) -> None:
    house = tmp_path / "pub.yaml"
    house.write_text(HOUSE_RULE)
    code, _ = run("compile", str(house), "-o", str(tmp_path / "out"))
    assert code == 0 and (tmp_path / "out" / "pub-parliament.py").exists()


def test_play_runs_a_deal_against_bots_from_the_terminal() -> None:
    result = CliRunner().invoke(main, ["play", "parliament", "--seed", "4"], input="\n" * 60)
    assert result.exit_code == 0, result.output
    assert "Your cards:" in result.output and "The deal is over. Winner:" in result.output


def test_play_rejects_a_card_that_is_not_legal() -> None:
    result = CliRunner().invoke(main, ["play", "fan-tan", "--seed", "1"], input="ZZ\n" + "\n" * 60)
    assert result.exit_code == 0
    assert "Not a legal play" in result.output


def test_rulesheet_and_diff_commands(tmp_path: Path) -> None:
    code, output = run("rulesheet", "sevens", "--lang", "de")
    assert code == 0 and output.startswith("# Sevens")
    out = tmp_path / "sheet.html"
    code, _ = run("rulesheet", "parliament", "--lang", "pt", "--format", "html", "-o", str(out))
    assert code == 0 and out.read_text(encoding="utf-8").lstrip().lower().startswith(
        "<!doctype html"
    )
    code, output = run("diff", "parliament", "voluntary-pass", "--lang", "en")
    assert code == 0 and "pass" in output.lower()


def test_match_mode_reports_match_wins(tmp_path: Path) -> None:
    path = tmp_path / "m.jsonl"
    code, output = run(
        "simulate", "dutch-fan-tan", "--match", "--games", "20", "--json", "--record", str(path)
    )
    summary = json.loads(output)
    assert code == 0 and summary["deals_per_game"] == 4.0
    assert abs(sum(summary["wins"]) - 20) < 1e-9  # one match win per match, split on ties
    records = [json.loads(line) for line in path.read_text().splitlines()]
    assert [r["deal"] for r in records[:4]] == [1, 2, 3, 4]
    dealers = [r["dealer"] for r in records[:4]]
    assert all((b - a) % 4 == 1 for a, b in itertools.pairwise(dealers))
    # seed 004: the winner of the previous deal leads the next one
    for previous, current in itertools.pairwise(records[:4]):
        assert current["decisions"][0]["seat"] == previous["winner"]
    assert records[0]["decisions"][0]["seat"] == (records[0]["dealer"] + 1) % 4


@pytest.mark.parametrize(("games", "players"), [(100, 4), (1000, 4), (1000, 7), (100_000, 3)])
def test_simulate_says_how_noisy_win_shares_are(games: int, players: int) -> None:
    from sevens.cli import _share_noise
    from sevens.lab.stats import wilson

    said = float(_share_noise(games, players).split("±")[1].split()[0])
    interval = wilson(round(games / players), games, 0.95)  # the lab's interval, from scipy
    assert said == pytest.approx((interval.high - interval.low) / 2 * 100, abs=0.15)


def test_simulate_prints_the_noise_line() -> None:
    code, output = run("simulate", "parliament", "--games", "400")
    assert code == 0, output
    assert "noise        a fair seat's share varies by ±4.2 points (95 %) over 400 games" in output


@pytest.mark.parametrize(
    "args",
    [
        ["compare", "parliament", "fan-tan", "--games", "20", "--quiet"],
        ["analyse", "parliament", "--games", "20", "--quiet"],
        ["simulate", "parliament", "--games", "5"],
        ["rulesheet", "parliament", "--lang", "ja"],
        ["diff", "parliament", "fan-tan", "--lang", "ru"],
        ["legal", "parliament", "--table", "7D", "--hand", "8D,6D"],
    ],
)
def test_output_degrades_on_a_stdout_that_is_not_utf_8(args: list[str]) -> None:
    """``PYTHONIOENCODING=latin-1``: escapes for what latin-1 lacks, never a UnicodeEncodeError."""
    environment = {**os.environ, "PYTHONIOENCODING": "latin-1"}
    done = subprocess.run(
        [sys.executable, "-m", "sevens.cli", *args],
        capture_output=True,
        env=environment,
        timeout=120,
    )
    assert done.returncode == 0, done.stderr.decode("latin-1")
    assert b"UnicodeEncodeError" not in done.stderr
    done.stdout.decode("latin-1")  # every byte is latin-1: nothing left unencoded
