"""Wild cards (``deck.jokers``, ``play.joker``): the joker turn loop, its records and errors.

Deals of ``shichi-narabe-joker`` are played with the compiled module and the
reference interpreter; their records must agree, and replaying a record must
show the joker rules kept: every joker play is answered by the holder of the
card it stands for, nobody goes out on a joker, and a joker still held at the
end ranks its holder below every player holding none.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.runtime.api import DealState, Rules
from sevens.runtime.engine import DealResult, Table, play_deal
from sevens.runtime.mechanics.jokers import JokerTurns, deal_with_jokers, joker_options
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import heuristic_strategy, random_strategy
from tests.conftest import compiled, reference

VARIANT = "shichi-narabe-joker"
MAY_REDEEM = """\
id: joker-may
extends: shichi-narabe-joker
play:
  joker:
    redeem: may
    out_on_joker: true
"""


def _deal(rules: Rules, seed: int, players: int, heuristic: bool = False) -> DealResult:
    make = heuristic_strategy if heuristic else random_strategy
    table = Table(players, [make(rules)] * players, seed % players, record=True)
    return play_deal(rules, table, GameRandom(seed))


@pytest.mark.parametrize("heuristic", [False, True])
@pytest.mark.parametrize("seed", range(12))
def test_compiled_and_interpreted_joker_deals_agree(seed: int, heuristic: bool) -> None:
    players = 3 + seed % 5
    a = _deal(compiled(VARIANT), seed, players, heuristic)
    b = _deal(reference(VARIANT), seed, players, heuristic)
    assert a.record == b.record
    assert (a.winner, a.points, a.places) == (b.winner, b.points, b.places)


def _replay(record: dict[str, Any]) -> tuple[list[int], list[int]]:
    """Jokers and cards held per seat at the end, checking each joker play on the way."""
    jokers = list(record["jokers"])
    cards = [len(hand) for hand in record["hands"]]
    decisions = record["decisions"]
    for k, decision in enumerate(decisions):
        seat, action = decision["seat"], decision["action"]
        if action == "joker":
            assert decision["card"] in decision["joker"]
            jokers[seat] -= 1
            assert jokers[seat] + cards[seat] > 0, "a player went out on a joker"
            answer = decisions[k + 1]
            assert answer["kind"] == "redeem" and answer["legal"] == [decision["card"]]
            assert answer["seat"] != seat
        elif action == "redeem":
            jokers[seat] += 1
            cards[seat] -= 1
        elif action == "play":
            cards[seat] -= 1
        if decision.get("eliminated"):
            jokers[seat] = cards[seat] = 0
    return jokers, cards


@pytest.mark.parametrize("seed", range(40))
def test_joker_rules_hold_in_recorded_deals(seed: int) -> None:
    rules = compiled(VARIANT)
    result = _deal(rules, seed, 4, heuristic=seed % 2 == 1)
    assert result.record is not None
    assert sum(result.record["jokers"]) == 1
    jokers, cards = _replay(result.record)
    assert cards == result.cards_left
    record, places = result.record, result.places
    eliminated = {s for s in range(4) if _was_eliminated(record, s)}
    for holder in [s for s in range(4) if jokers[s] and s not in eliminated]:
        for seat in range(4):  # below everyone holding no joker, above the eliminated
            if seat in eliminated:
                assert places[holder] < places[seat]
            elif not jokers[seat]:
                assert places[holder] > places[seat]


def _was_eliminated(record: dict[str, Any], seat: int) -> bool:
    return any(d["seat"] == seat and d.get("eliminated") for d in record["decisions"])


def test_jokers_are_played_and_redeemed_often() -> None:
    """Not a vacuous replay: the joker really moves in these deals."""
    moves = 0
    for seed in range(20):
        result = _deal(compiled(VARIANT), seed, 4)
        assert result.record is not None
        moves += sum(d["action"] == "joker" for d in result.record["decisions"])
    assert moves >= 20


def test_the_holder_of_the_card_redeems_it() -> None:
    rules = compiled(VARIANT)
    n = rules.rule_set.n_cards
    code = rules.rule_set.card_codes.index
    st = DealState(
        3,
        0,
        [1 << code("8C") | 1 << code("9C"), 1 << code("8D"), 1 << code("2S")],
        rules.rule_set.n_rows,
    )
    rules.setup(st)
    st.jokers = [0, 1, 0]
    table = Table(3, [random_strategy(rules)] * 3, record=False)
    turns = JokerTurns(rules, st, GameRandom(0), table, None)
    turns.extra = turns.passes = turns.stuck = 0
    assert joker_options(rules, st, 1) >> code("8C") & 1
    turns.place_joker(1, code("8C"))
    assert st.jokers == [1, 0, 0]  # seat 0 held the 8♣: it played it and took the joker
    assert st.hands[0] == 1 << code("9C") and st.table >> code("8C") & 1
    assert st.joker_spots == 0
    assert rules.legal(st, 0) == 1 << code("9C")  # the row grew as if the 8♣ were played
    assert n > code("9C")


def test_a_declined_redeem_leaves_the_card_dead(tmp_path: Path) -> None:
    path = tmp_path / "joker-may.yaml"
    path.write_text(MAY_REDEEM, encoding="utf-8")
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(
        main, ["simulate", str(path), "--games", "30", "--seed", "3", "--record", str(out)]
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in out.read_text(encoding="utf-8").splitlines()]
    declined = [
        d
        for r in records
        for d in r["decisions"]
        if d.get("kind") == "redeem" and d["action"] == "pass"
    ]
    taken = [d for r in records for d in r["decisions"] if d.get("action") == "redeem"]
    assert declined and taken  # the random bot declines about half the time
    for r in records:  # a declined card is dead: nobody plays it afterwards
        for k, d in enumerate(r["decisions"]):
            if d.get("kind") == "redeem" and d["action"] == "pass":
                later = r["decisions"][k + 1 :]
                assert all(e["card"] != d["legal"][0] for e in later if e["action"] == "play")


def test_deal_with_jokers_deals_every_card_and_the_joker() -> None:
    rule_set = compiled(VARIANT).rule_set
    for seed in range(30):
        hands, stock, jokers = deal_with_jokers(rule_set, 5, seed % 5, GameRandom(seed))
        assert not stock and sum(jokers) == 1
        sizes = [h.bit_count() + j for h, j in zip(hands, jokers, strict=True)]
        assert sum(sizes) == len(rule_set.dealt) + 1 and max(sizes) - min(sizes) <= 1


def test_simulate_record_and_legal_on_the_command_line(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    result = CliRunner().invoke(
        main, ["simulate", VARIANT, "--games", "5", "--strategy", "heuristic", "--record", str(out)]
    )
    assert result.exit_code == 0, result.output
    record = json.loads(out.read_text(encoding="utf-8").splitlines()[0])
    assert list(record)[-1] == "jokers" and sum(record["jokers"]) == 1
    result = CliRunner().invoke(main, ["legal", VARIANT, "--table", "8S", "--hand", "9S 6C"])
    assert result.exit_code == 0, result.output
    assert "9S" in result.output and "6C" in result.output


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "play:\n  joker:\n    redeem: may\n",
            "play.joker needs jokers in the deck: set deck.jokers",
        ),
        (
            "deck:\n  jokers: 1\npassing:\n  cover: true\n",
            "jokers cannot be combined with passing.cover yet",
        ),
    ],
)
def test_joker_mistakes_are_reported(tmp_path: Path, text: str, message: str) -> None:
    path = tmp_path / "bad.yaml"
    path.write_text(f"id: bad\nextends: shichi-narabe\n{text}", encoding="utf-8")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2
    assert message in result.output
    assert f"{path}:" in result.output
    assert "Traceback" not in result.output


def test_native_backend_plays_jokers() -> None:
    """The kernels play jokers (issue 12); their agreement tests are in test_native.py."""
    from sevens.native.features import unsupported_features

    assert unsupported_features(compiled(VARIANT).rule_set) == []


def test_rule_sets_without_jokers_keep_their_records() -> None:
    result = _deal(compiled("shichi-narabe"), 5, 4)
    assert result.record is not None and "jokers" not in result.record


def test_the_search_bot_plays_joker_deals_to_their_end() -> None:
    """The search bot plays with jokers (its playouts run the joker turn loop); the step API,
    the environments and ``sevens play`` are checked in test_game, test_pettingzoo,
    test_openspiel and test_play."""
    from sevens.bots.search import SearchBot

    rules = compiled(VARIANT)
    bot = SearchBot(rules, playouts=8)
    heuristic = heuristic_strategy(rules)
    jokers_chosen = 0

    def checked(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        nonlocal jokers_chosen
        choice = bot(st, seat, legal, can_pass, rng)
        assert legal >> choice & 1 if choice >= 0 else can_pass or not legal
        jokers_chosen += choice >= rules.rule_set.n_cards
        return choice

    for seed in range(3):
        table = Table(4, [checked, heuristic, heuristic, heuristic], seed % 4, record=True)
        result = play_deal(rules, table, GameRandom(seed))
        assert result.record is not None and 1 in result.places
    assert bot.decision_seconds and jokers_chosen  # it searched real choices, jokers among them
