"""Draws from the stock whose count is an expression (``passing.draw.most``), and where
the drawing stops (``passing.draw.stop``): the escalating draws of issue 22.

The records are checked against the rule itself, worked out here from the record alone:
the first player in a row who cannot play draws one card, the next two, and so on, until a
player can play (terindell's Fan Tan with a draw pile, ``escalating-draws``).  Compiled and
interpreted rules agree on random count expressions; bad counts are refused where written.
"""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.compiler.pipeline import load_rulespec, reference_rules
from sevens.loading.registry import load_rules
from sevens.runtime.api import Rules
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import Options, simulate
from sevens.runtime.strategies import random_strategy
from tests.conftest import amount_expressions, compiled, sevens_cli


def _records(rules: Rules, players: int, games: int, strategy: str, seed: int = 0) -> list[Any]:
    stream = io.StringIO()
    simulate(rules, Options(players=players, games=games, seed=seed, strategy=strategy), stream)
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def _draws_by_the_rule(record: dict[str, Any], first: int, step: int) -> list[tuple[int, int]]:
    """Each draw of ``record`` as (cards drawn, cards the rule says): ``first`` cards, and
    ``step`` more for each player just before who could not play, as far as the stock goes."""
    stock, unable, found = len(record.get("stock", ())), 0, []
    for d in record["decisions"]:
        if "kind" in d:
            continue  # a follow-up is part of its turn
        drawn = d.get("drawn", [])
        if drawn or (not d["legal"] and stock):
            found.append((len(drawn), min(first + step * unable, stock)))
        stock -= len(drawn)
        unable = unable + 1 if d["action"] == "pass" and not d["legal"] else 0
    return found


@pytest.mark.parametrize("strategy", ["random", "heuristic"])
@pytest.mark.parametrize("players", [3, 7])
def test_each_player_in_a_row_who_cannot_play_draws_one_card_more(
    players: int, strategy: str
) -> None:
    records = _records(compiled("escalating-draws"), players, 40, strategy)
    draws = [draw for record in records for draw in _draws_by_the_rule(record, 1, 1)]
    assert all(drawn == due for drawn, due in draws)
    assert max(due for _, due in draws) >= 2  # the count grew (7 players leave a stock of 3)


def test_all_the_cards_are_drawn_before_one_is_played() -> None:
    """``stop: never``: a card that fits early does not end the drawing, and the player
    chooses among the drawn cards that fit (the record's ``legal``)."""
    records = _records(compiled("escalating-draws"), 4, 60, "random")
    draws = [d for r in records for d in r["decisions"] if "drawn" in d]
    assert all(d["card"] is None or d["card"] in d["drawn"] for d in draws)
    assert all(set(d["legal"]) <= set(d["drawn"]) for d in draws)
    assert any(d["card"] is not None and d["card"] != d["drawn"][-1] for d in draws)
    assert any(len(d["legal"]) > 1 for d in draws)


def _house_rule(folder: Path, name: str, draw: str, parent: str = "escalating-draws") -> Path:
    path = folder / f"{name}.yaml"
    path.write_text(f"id: {name}\nextends: {parent}\npassing:\n  draw:\n{draw}", "utf-8")
    return path


def test_stopping_at_the_first_fit_plays_the_card_that_ends_the_drawing(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "escalating-first-fit", "    stop: first-fit\n")
    records = _records(load_rules(str(path)), 4, 60, "random")
    draws = [d for r in records for d in r["decisions"] if "drawn" in d]
    assert all(d["card"] is None or d["card"] == d["drawn"][-1] for d in draws)
    assert any(d["card"] is not None and len(d["drawn"]) > 1 for d in draws)
    counts = [draw for r in records for draw in _draws_by_the_rule(r, 1, 1)]
    assert all(drawn <= due for drawn, due in counts)


def test_a_count_of_none_passes_without_drawing(tmp_path: Path) -> None:
    """``game.unable_in_a_row - 1``: the first player stuck draws nothing, the second none
    either (0), the third one card."""
    path = _house_rule(tmp_path, "late-draws", "    most: game.unable_in_a_row - 1\n")
    records = _records(load_rules(str(path)), 4, 60, "random")
    counts = [draw for r in records for draw in _draws_by_the_rule(r, -1, 1)]
    assert all(drawn == max(due, 0) for drawn, due in counts)
    assert any(due <= 0 for _, due in counts) and any(due >= 1 for _, due in counts)


def test_a_pass_cost_reads_the_players_in_a_row_who_could_not_play(tmp_path: Path) -> None:
    """The fact is kept for every amount: a forced pass costs one chip more for each player
    just before who had to pass too (a pot of chips counted here from the record)."""
    path = tmp_path / "rising-cost.yaml"
    path.write_text(
        "id: rising-cost\nextends: parliament\npassing:\n  cost: game.unable_in_a_row + 1\n"
    )
    for record in _records(load_rules(str(path)), 4, 30, "random"):
        unable, paid = 0, [0] * record["players"]
        for d in record["decisions"]:
            if d["action"] == "pass" and not d["legal"]:
                paid[d["seat"]] += unable + 1
                unable += 1
            elif "kind" not in d:
                unable = 0
        expected = [-chips for chips in paid]  # parliament: no ante, the pot to the winner
        if record["winner"] is not None:
            expected[record["winner"]] += sum(paid)
        assert record["result"]["chips"] == expected


# -- compiled and interpreted rules agree --------------------------------------------------

#: Counts of cards to draw: the players in a row who could not play, scaled and shifted,
#: with any other amount of the ``player`` context added (hypothesis composes them).
COUNTS = st.one_of(
    st.sampled_from(
        [
            "game.unable_in_a_row + 1",
            "2 * game.unable_in_a_row",
            "3 - game.unable_in_a_row",
            "min(game.unable_in_a_row, 2) + 1",
            "1 if game.unable_in_a_row > player.passes else 0",
        ]
    ),
    st.tuples(amount_expressions(4), st.sampled_from(["+", "-"])).map(
        lambda t: f"({t[0]}) % 4 {t[1]} game.unable_in_a_row"
    ),
)


@settings(max_examples=40, deadline=None)
@given(count=COUNTS, stop=st.sampled_from(["first-fit", "never"]), seed=st.integers(0, 2**32))
def test_compiled_and_interpreted_draws_agree(
    count: str, stop: str, seed: int, tmp_path_factory: pytest.TempPathFactory
) -> None:
    draw = f"    most: {json.dumps(count)}\n    stop: {stop}\n"
    path = _house_rule(tmp_path_factory.mktemp("draws"), "generated-draw", draw)
    gen, ref = load_rules(str(path)), reference_rules(load_rulespec(path))
    players = 3 + seed % 5
    results = [
        play_deal(
            rules,  # type: ignore[arg-type]
            Table(players, [random_strategy(rules)] * players, seed % players, record=True),  # type: ignore[arg-type]
            GameRandom(seed),
        )
        for rules in (gen, ref)
    ]
    assert results[0].record == results[1].record
    assert (results[0].winner, results[0].points) == (results[1].winner, results[1].points)


# -- sevens legal ------------------------------------------------------------------------


def test_legal_shows_the_count_for_the_players_in_a_row_who_could_not_play() -> None:
    args = ("legal", "escalating-draws", "--table", "7H", "--hand", "2C 9D")
    assert sevens_cli(*args).output.strip() == (
        "(none: draw 1 from the stock, then play one that fits; pass when none fits)"
    )
    third = sevens_cli(*args, "--unable-in-a-row", "2", "--json")
    answer = json.loads(third.output)
    assert (answer["cannot_play"], answer["draw_most"], answer["draw_stop"]) == ("draw", 3, "never")


def test_legal_says_pass_where_the_count_is_none(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "late-draws", "    most: game.unable_in_a_row - 1\n")
    args = ("legal", str(path), "--table", "7H", "--hand", "2C 9D", "--json")
    assert "cannot_play" not in json.loads(sevens_cli(*args).output)
    later = json.loads(sevens_cli(*args, "--unable-in-a-row", "3").output)
    assert (later["cannot_play"], later["draw_most"]) == ("draw", 2)


def test_legal_answers_recorded_draws_with_the_count_drawn() -> None:
    """Every position of recorded deals before a draw: ``sevens legal`` given the players in a
    row who could not play (worked out from the record) answers the count the engine drew,
    unless the stock ran short."""
    from sevens.play.legal import Position, position_decisions
    from sevens.play.recorded import recorded_games, recorded_positions

    rules = compiled("escalating-draws")
    checked = 0
    for record in recorded_games(rules, 4, 20, 5):
        stock = len(record["stock"])
        for position in recorded_positions(record, set()):
            drawn = position.decision.get("drawn", [])
            if not drawn:
                continue
            asked = Position(" ".join(position.table), " ".join(position.hand), 4)
            asked.unable_in_a_row = position.unable_in_a_row
            answer = position_decisions(rules, asked)
            assert answer.cannot_play == "draw"
            assert answer.draw_most == position.unable_in_a_row + 1
            assert len(drawn) == min(answer.draw_most, stock)
            stock -= len(drawn)
            checked += 1
    assert checked > 20


# -- the rule sheet's claim ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("first", "step", "whole"),
    [(1, 2, True), (2, 1, True), (1, 1, False)],
    ids=["two-more-each", "two-first", "first-fit"],
)
def test_a_wrong_draw_claim_is_caught(first: int, step: int, whole: bool) -> None:
    """``sevens rulesheet --check`` holds the sheet's draw sentences to the engine: the
    claim of escalating-draws passes, and a claim with another count or stop fails."""
    from dataclasses import replace

    from sevens.compiler.pipeline import find_rulespec
    from sevens.compiler.rulesheet import sheet_claims
    from sevens.compiler.rulesheet.claims import DrawClaim
    from sevens.sheetcheck import check_claims
    from sevens.sheetcheck import compiled as sheet_compiled

    analysed = load_rulespec(find_rulespec("escalating-draws"))
    claims = sheet_claims(analysed)
    assert claims.draw == DrawClaim(first=1, step=1, varies=False, whole=True)
    rules = sheet_compiled(analysed)
    assert not check_claims(rules, claims, deals=40, matches=0)
    wrong = replace(claims, draw=DrawClaim(first=first, step=step, varies=False, whole=whole))
    assert [f.kind for f in check_claims(rules, wrong, deals=40, matches=0)] == ["draw"]
