"""Regression tests for issue 13 beyond the bad-input corpus and the output tests.

Operators with one definition, strict YAML, limits, ``extends:`` that only
reads rulespecs, escaping of terminal and Markdown output, encodings, and the
smaller classes (seeds, ``--forget``, ``sevens play``).
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from sevens.cli import main
from sevens.compiler import limits
from sevens.compiler.errors import SevensError, SourceFile, escape_text
from sevens.compiler.load import MAX_EXTENDS_DEPTH, load_document, merge, parse_yaml
from sevens.compiler.pipeline import compile_file, load_rulespec, reference_rules
from sevens.compiler.rulesheet.escape import md_escape
from sevens.runtime import arith
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.machine import CompiledRules
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import _mean
from sevens.runtime.strategies import random_strategy
from tests.fuzz.oracles import module_from_source, time_limit

ROOT = Path(__file__).resolve().parent.parent
EXIT_INVALID = 2


def run(*args: str, input: str | None = None) -> Result:
    return CliRunner().invoke(main, list(args), input=input)


def assert_user_error(result: Result, *fragments: str) -> None:
    assert result.exit_code == EXIT_INVALID, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    for fragment in fragments:
        assert fragment in result.output, result.output


def house_rule(tmp_path: Path, body: str, name: str = "house.yaml") -> Path:
    path = tmp_path / name
    path.write_text(body, encoding="utf-8")
    return path


# -- one definition of every operator ---------------------------------------------------


@pytest.mark.parametrize(
    ("op", "left", "right", "expected"),
    [
        ("//", 7, 0, 0),
        ("%", 7, 0, 0),
        ("//", -7, 2, -4),
        ("%", -7, 2, 1),
        ("*", 10**18, 10**18, arith.INT_LIMIT),
        ("*", -(10**18), 10**18, -arith.INT_LIMIT),
        ("*", 6, 7, 42),
    ],
)
def test_arithmetic_definition(op: str, left: int, right: int, expected: int) -> None:
    from sevens.compiler.analyse import apply_binary

    assert apply_binary(op, left, right) == expected


def test_division_by_zero_scores_the_same_compiled_and_interpreted(tmp_path: Path) -> None:
    """``hand.count // player.passes`` raised ZeroDivisionError in generated code."""
    path = house_rule(
        tmp_path,
        "id: divide\nextends: parliament\nscoring:\n"
        "  points: hand.count // player.passes + hand.count % player.passes + hand.count * 3\n",
    )
    result = compile_file(path)
    module = CompiledRules(module_from_source(result.source, "divide"))
    reference = reference_rules(result.rules)
    for seed in range(20):
        deals = [
            play_deal(rules, Table(4, [random_strategy(rules)] * 4, seed % 4), GameRandom(seed))
            for rules in (module, reference)
        ]
        assert deals[0].points == deals[1].points
    assert "floor_div(" in result.source and "modulo(" in result.source


def test_simulate_with_division_by_zero_runs(tmp_path: Path) -> None:
    path = house_rule(
        tmp_path, "id: divide\nextends: parliament\nscoring:\n  points: 5 // player.passes\n"
    )
    result = run("simulate", str(path), "--games", "20")
    assert result.exit_code == 0, result.output


def test_summary_mean_survives_huge_totals() -> None:
    assert _mean(10**400, 3) == sys.float_info.max
    assert _mean(-(10**400), 3) == -sys.float_info.max
    assert _mean(9, 3) == 3.0


# -- YAML -------------------------------------------------------------------------------


def parse(text: str) -> dict[str, object]:
    return parse_yaml(SourceFile("inline.yaml", text)).data


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("0x1F", 31),
        ("0o17", 15),
        ("-12", -12),
        ("+3", 3),
        ("1:30", "1:30"),
        ("0x_", "0x_"),
        ("1_000", "1_000"),
    ],
)
def test_integers_are_yaml_1_2(text: str, value: object) -> None:
    assert parse(f"a: {text}\n")["a"] == value


@pytest.mark.parametrize(
    ("text", "message", "column"),
    [
        ("\x00", "character U+0000 is not allowed", 4),
        ("\x0c", "character U+000C is not allowed", 4),
        ("!!int 1.5", "'1.5' is not an integer", 4),
        ("!!null x", "'x' is not null", 4),
        ("-.inf", "is not allowed: numbers in a rulespec are finite", 4),
        ("1e999", "1e999 is out of range", 4),
        ("!!float abc", "'abc' is not a number", 4),
    ],
)
def test_bad_scalars_are_located(text: str, message: str, column: int) -> None:
    with pytest.raises(SevensError) as caught:
        parse(f"id: x\nb: a{text}\n" if text in ("\x00", "\x0c") else f"id: x\nb: {text}\n")
    (diagnostic,) = caught.value.diagnostics
    assert message in diagnostic.message
    assert diagnostic.location is not None and diagnostic.location.line == 2


def test_control_characters_are_escaped_in_messages(tmp_path: Path) -> None:
    path = house_rule(tmp_path, 'id: x\nextends: parliament\n"\\e]0;pwned\\a": 1\n')
    result = run("validate", str(path))
    assert_user_error(result, "unknown key '\\x1b]0;pwned\\x07'")
    assert "\x1b" not in result.output and "\x07" not in result.output


@pytest.mark.parametrize(
    "args",
    [
        ["legal", "parliament", "--hand", "7\x1b[31mD"],
        ["simulate", "parliament", "-g", "1", "--strategy", "x\x1b[2J"],
        ["simulate", "no\x1b]0;title\x07such"],
    ],
)
def test_option_errors_escape_control_characters(args: list[str]) -> None:
    result = run(*args)
    assert_user_error(result, "\\x1b")
    assert "\x1b" not in result.output


def test_escape_text_keeps_tabs_and_printable_text() -> None:
    assert escape_text("a\tb ♦ é") == "a\tb ♦ é"
    assert escape_text("\x1b[2J\u202e") == "\\x1b[2J\\u202e"


def test_merge_is_linear_in_the_keys(tmp_path: Path) -> None:
    """A parent mapping of 20,000 keys took 102 s (quadratic); benchmarks/bench_merge.py measures it."""
    parent = house_rule(
        tmp_path,
        "id: big\nextends: parliament\ndeck:\n  values:\n"
        + "".join(f"    k{i}: {i}\n" for i in range(10_000)),
        "big.yaml",
    )
    child = house_rule(
        tmp_path,
        "id: bigger\nextends: ./big.yaml\ndeck:\n  values:\n"
        + "".join(f"    k{i}: 0\n" for i in range(0, 10_000, 2)),
        "bigger.yaml",
    )
    with time_limit(60):  # a hang guard, not a speed measurement (see benchmarks/)
        document = load_document(child)
    assert document.data["deck"]["values"]["k2"] == 0
    assert document.data["deck"]["values"]["k3"] == 3
    assert document.origin(("deck", "values", "k2")).source.path.endswith("bigger.yaml")  # type: ignore[union-attr]
    assert document.origin(("deck", "values", "k3")).source.path.endswith("big.yaml")  # type: ignore[union-attr]
    assert parent.exists()


def test_merge_replaces_a_subtree_with_its_origins() -> None:
    base = parse_yaml(SourceFile("base.yaml", "id: a\nx:\n  y: [1, 2, {z: 3}]\n"))
    over = parse_yaml(SourceFile("over.yaml", "id: b\nx:\n  y: 5\n"))
    merged = merge(base, over)
    assert merged.data["x"] == {"y": 5}
    assert ("x", "y", 2, "z") not in merged.origins
    assert merged.origins[("x", "y")].source.path == "over.yaml"


# -- limits ------------------------------------------------------------------------------


def test_the_largest_deck_compiles_and_plays(tmp_path: Path) -> None:
    """Everything validate accepts runs: 8 suits x 20 ranks x 4 packs, 4 rows a suit."""
    letters = "ABCDEFGHIJKLMNOPQRST"
    suits = ", ".join(f"{{code: {c}, name: s{c}}}" for c in letters[: limits.MAX_SUITS])
    ranks = ", ".join(f"{{code: {c}, name: r{c}}}" for c in letters[: limits.MAX_RANKS])
    path = house_rule(
        tmp_path,
        f"id: huge-deck\ndeck:\n  copies: {limits.MAX_COPIES}\n  suits: [{suits}]\n  ranks: [{ranks}]\n"
        "layout:\n  start_rank: G\n  rows_per_suit: 4\nplayers: {max: 16}\n",
    )
    result = run("simulate", str(path), "--games", "2", "--players", "16")
    assert result.exit_code == 0, result.output


def test_longest_allowed_condition_compiles_and_plays(tmp_path: Path) -> None:
    terms = " + ".join(["hand.count"] * 40)  # 159 tokens, 40 levels: within both limits
    path = house_rule(tmp_path, f"id: long\nextends: parliament\nscoring:\n  points: {terms}\n")
    assert run("simulate", str(path), "--games", "2").exit_code == 0


def _pip_table(card: str, ranks: list[str], values: list[int]) -> str:
    """A pip table spelt out as a chain of conditionals over ``card``'s rank."""
    chain = "".join(f"{v} if {card}.rank == {r} else " for r, v in zip(ranks, values, strict=True))
    return f"({chain}0)"


def test_a_zero_sum_formula_with_its_own_pip_table_compiles_and_plays(tmp_path: Path) -> None:
    # Pai Qi's 2kk4 scoring with a 13-rank pip table of its own, written for the others' cards
    # and your own: 249 tokens, refused by the earlier limit of 200 (issue 22).
    ranks = ["A", *map(str, range(2, 11)), "J", "Q", "K"]
    table = _pip_table("c", ranks, [15, *range(2, 14)])
    points = (
        f"(sum(sum({table} for c in p.covered) for p in others)"
        f" - 3 * sum({table} for c in player.covered))"
        " * (2 if any(p.covered.count == 0 for p in players) else 1)"
    )
    path = house_rule(tmp_path, f"id: own-pips\nextends: pai-qi\nscoring:\n  points: '{points}'\n")
    assert run("simulate", str(path), "--games", "2").exit_code == 0


def test_a_pip_table_of_twenty_ranks_fits_three_times(tmp_path: Path) -> None:
    tables = [_pip_table("c", [str(r) for r in range(1, 21)], list(range(1, 21)))] * 3
    points = (
        f"sum({tables[0]} for c in hand) + sum(sum({tables[1]} for c in p.hand) for p in others)"
        f" - sum(sum({tables[2]} for c in p.hand) for p in players)"
    )
    path = house_rule(
        tmp_path, f"id: pips-20\nextends: elfer-raus\nscoring:\n  points: '{points}'\n"
    )
    assert run("validate", str(path)).exit_code == 0


def test_condition_size_is_limited(tmp_path: Path) -> None:
    def balanced(n: int) -> str:  # a sum of n terms, shallow: the size limit, not the depth
        return "1" if n == 1 else f"({balanced(n // 2)} + {balanced(n - n // 2)})"

    path = house_rule(
        tmp_path, f"id: big-sum\nextends: parliament\nscoring:\n  points: {balanced(160)}\n"
    )
    assert_user_error(run("validate", str(path)), "the condition is too complex")


def test_extends_depth_is_limited(tmp_path: Path) -> None:
    house_rule(tmp_path, "id: level-0\nextends: parliament\n", "level0.yaml")
    for level in range(1, MAX_EXTENDS_DEPTH + 2):
        house_rule(
            tmp_path, f"id: level-{level}\nextends: ./level{level - 1}.yaml\n", f"level{level}.yaml"
        )
    result = run("validate", str(tmp_path / f"level{MAX_EXTENDS_DEPTH + 1}.yaml"))
    assert_user_error(result, f"'extends' chains more than {MAX_EXTENDS_DEPTH} rulespecs")
    assert run("validate", str(tmp_path / f"level{MAX_EXTENDS_DEPTH - 2}.yaml")).exit_code == 0


def test_document_size_is_limited(tmp_path: Path) -> None:
    path = house_rule(tmp_path, "id: big\n" + "#" * (limits.MAX_DOCUMENT_CHARS + 1) + "\n")
    assert_user_error(run("validate", str(path)), "the file is too large")


@pytest.mark.parametrize("deals", ["0", "1001"])
def test_deals_option_is_bounded(deals: str) -> None:
    result = run("simulate", "parliament", "--games", "1", "--deals", deals)
    assert result.exit_code == EXIT_INVALID
    assert "Traceback" not in result.output


# -- files that are not what they seem --------------------------------------------------


def test_extends_does_not_quote_a_file_that_is_not_a_rulespec(tmp_path: Path) -> None:
    secret = house_rule(tmp_path, "password: hunter2\n", "secret.yaml")
    path = house_rule(tmp_path, f"id: nosy\nextends: {secret}\n")
    result = run("validate", str(path))
    assert_user_error(result, "which is not a rulespec: it has no 'id'")
    assert "hunter2" not in result.output


def test_extends_does_not_quote_a_broken_yaml_file(tmp_path: Path) -> None:
    house_rule(tmp_path, "token: [s3cr3t\n", "broken.yaml")
    result = run("validate", str(house_rule(tmp_path, "id: nosy\nextends: ./broken.yaml\n")))
    assert_user_error(result, "which is not a rulespec: it is not a YAML mapping")
    assert "s3cr3t" not in result.output


def test_link_named_like_a_builtin_runs_its_target(tmp_path: Path) -> None:
    link = tmp_path / "parliament.yaml"
    link.symlink_to(ROOT / "rulespecs" / "fan-tan.yaml")
    result = run("simulate", str(link), "--games", "2")
    assert result.exit_code == 0, result.output
    assert "variant      fan-tan" in result.output


def test_rulesheet_of_a_house_rule_with_a_local_parent(tmp_path: Path) -> None:
    house_rule(tmp_path, "id: base-house\nextends: parliament\nname: Base House\n", "base.yaml")
    top = house_rule(tmp_path, "id: top\nextends: ./base.yaml\nname: Top\nopening: {card: 7C}\n")
    result = run("rulesheet", str(top))
    assert result.exit_code == 0, result.output
    assert "What differs from Base House" in result.output
    assert "7 of clubs" in result.output


def test_a_local_parent_may_not_be_a_builtin_namesake(tmp_path: Path) -> None:
    """A house rule taking a built-in's id is refused at its ``id:``, as a parent too."""
    house_rule(tmp_path, "id: parliament\nextends: fan-tan\nname: Local Parliament\n", "local.yaml")
    top = house_rule(tmp_path, "id: top\nextends: ./local.yaml\nname: Top\n")
    result = run("rulesheet", str(top))
    assert_user_error(result, "local.yaml:1:5: id 'parliament' is the id of a built-in rule set")


# -- output and terminals ---------------------------------------------------------------


def test_markdown_sheet_escapes_rulespec_strings(tmp_path: Path) -> None:
    path = house_rule(
        tmp_path,
        "id: evil-md\nextends: parliament\nname: '<img src=x onerror=alert(1)>'\n"
        "description: '[click](javascript:alert(1)) **bold**'\n"
        'sources: ["ok\\n# Injected heading\\n```"]\n',
    )
    result = run("rulesheet", str(path))
    assert result.exit_code == 0, result.output
    text = result.output
    assert not re.search(r"(?<!\\)<img", text) and "\\<img" in text
    assert not re.search(r"(?<!\\)\]\(javascript:", text)
    assert "\n# Injected" not in text and "\n```\n" not in text.split("```")[0]
    assert "- “ok \\# Injected heading \\`\\`\\`”" in text  # one source line, quoted as a title


def test_md_escape_neutralises_line_starts() -> None:
    assert md_escape("# title") == "\\# title"
    assert md_escape("1. first") == "1\\. first"
    assert md_escape("- item\n- item") == "\\- item - item"
    assert md_escape("plain words, (fine) too!") == "plain words, (fine) too!"


def test_diff_escapes_names(tmp_path: Path) -> None:
    path = house_rule(tmp_path, "id: evil\nextends: parliament\nname: '**loud**'\n")
    result = run("diff", "parliament", str(path))
    assert result.exit_code == 0, result.output
    assert "\\*\\*loud\\*\\*" in result.output


def _sevens(*args: str, **env: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "sevens", *args],
        capture_output=True,
        text=True,
        encoding="latin-1",
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )


def test_latin1_terminal_gets_card_codes_not_a_crash() -> None:
    done = _sevens("rulesheet", "parliament", PYTHONIOENCODING="latin-1")
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "[7D]" in done.stdout  # the layout picture, with suit letters for symbols


def test_latin1_terminal_error_messages() -> None:
    done = _sevens("simulate", "parliment", PYTHONIOENCODING="latin-1")
    assert done.returncode == EXIT_INVALID
    assert "Traceback" not in done.stderr and "parliament" in done.stderr


# -- smaller ones --------------------------------------------------------------------


@pytest.mark.parametrize("command", [["simulate", "parliament", "-g", "1"], ["play", "parliament"]])
def test_negative_seed_is_refused(command: list[str]) -> None:
    result = run(*command, "--seed", "-5")
    assert result.exit_code == EXIT_INVALID
    assert "-5 is not in the range x>=0" in result.output


def test_forget_nan_is_refused() -> None:
    result = run("simulate", "parliament", "-g", "1", "--forget", "nan")
    assert result.exit_code == EXIT_INVALID
    assert "not nan" in result.output


TWO_LETTER_DECK = """\
id: kn-deck
name: Knight deck
deck:
  ranks:
    - {code: "7", name: seven}
    - {code: "8", name: eight}
    - {code: Kn, name: knight}
    - {code: K, name: king}
layout:
  start_rank: "7"
players: {min: 2, max: 4}
"""


@pytest.mark.parametrize("typed", ["KnC", "knc", "KNC", "Kn♣"])
def test_two_letter_rank_codes_can_be_typed(
    typed: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from sevens.compiler.position import build_position, parse_cards
    from sevens.loading.registry import load_rules
    from sevens.play import interactive

    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))
    rules = load_rules(str(house_rule(tmp_path, TWO_LETTER_DECK)))
    table = parse_cards(rules, "7C 8C", "--table")
    hand = parse_cards(rules, "KnC KD", "--hand", taken=table)
    state = build_position(rules, table, hand, players=2)
    legal = rules.legal(state, 0)
    monkeypatch.setattr(interactive.click, "prompt", lambda *a, **k: typed)
    choose = interactive.human_strategy(rules)
    with time_limit(30):  # the old prompt asked forever: no typed text matched "KnC"
        card = choose(state, 0, legal, False, GameRandom(0))
    assert rules.rule_set.card_codes[card] == "KnC"


def test_play_gives_up_on_endless_bad_input() -> None:
    with time_limit(60):
        result = run("play", "parliament", input="nonsense\n" * 1000)
    assert result.exit_code == EXIT_INVALID, result.output[-500:]
    assert "No legal answer after 20 tries: the deal is abandoned." in result.output


def test_play_stops_at_end_of_input() -> None:
    with time_limit(60):
        result = run("play", "parliament", input="")
    # the end of the input is not a mistake: one line, exit 0 (issue 27 changed this from 1)
    assert result.exit_code == 0, result.output[-500:]
    assert "No more input: the deal is left unfinished." in result.output
    assert "Traceback" not in result.output
    assert not isinstance(result.exception, (RecursionError, AssertionError))


def test_leader_cards_false_fails_at_validate(tmp_path: Path) -> None:
    path = house_rule(
        tmp_path,
        "id: nobody\nextends: parliament\nopening:\n  card: null\n  leader: holder-of-lowest\n"
        "  leader_cards: card.rank == 7 and card.rank == 8\n",
    )
    assert_user_error(run("validate", str(path)), "no dealt card satisfies this condition")
    with pytest.raises(SevensError):
        load_rulespec(path)
