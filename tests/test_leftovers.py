"""Face-up leftovers (``deal.leftovers: face-up``, the built-in ``fan-tan-leftovers``).

Equal hands are dealt and the cards left over lie face up; before playing from hand,
the player whose turn it is may lay any of them that fit, one at a time; that is not
the turn's play.  Checked here: the deal, the turn (a pass after a leftover is still a
pass, paid for, but the round is not blocked), the bots' use of them, the record, the
step API and its encoding, ``sevens legal``, the sheet check, and that the kernels take
the rule set (tests/test_native.py plays it in both backends).
The rule's conformance cases are in ``tests/conformance/fan-tan-leftovers``.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.compiler.position import parse_cards
from sevens.compiler.rulesheet.claims import LeftoverClaim
from sevens.envs.game import Game
from sevens.loading.registry import load_rules
from sevens.native.features import unsupported_features
from sevens.play.recorded import answer_problem, recorded_games, recorded_positions
from sevens.runtime.api import DealState, Rules
from sevens.runtime.choice import PASS
from sevens.runtime.encoding import encode, observation_size
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.randomness import GameRandom
from sevens.runtime.records import game_record
from sevens.runtime.strategies import STRATEGIES
from sevens.sheetcheck.check import leftover_problem
from tests.conftest import compiled, reference, sevens_cli

VARIANT = "fan-tan-leftovers"

#: Cards left face up from the 52 by the number of players (52 = 4 x 13: none with four).
LEFT_BY_PLAYERS = {3: 1, 4: 0, 5: 2, 6: 4, 7: 3, 8: 4}


def mask(rules: Rules, codes: str) -> int:
    return sum(1 << c for c in parse_cards(rules, codes, "cards"))


def lowest(st: DealState, seat: int, legal: int, can_pass: bool, rng: Any) -> int:
    """Lays every leftover that fits and plays its lowest legal card."""
    return (legal & -legal).bit_length() - 1 if legal else PASS


def declining(st: DealState, seat: int, legal: int, can_pass: bool, rng: Any) -> int:
    """Declines every leftover; otherwise as :func:`lowest`."""
    if legal & st.leftovers:
        return PASS
    return lowest(st, seat, legal, can_pass, rng)


def deal_with(rules: Rules, hands: list[str], leftovers: str, strategies: list[Any]) -> Any:
    """One recorded deal from given hands and face-up leftovers, the dealer at the last seat."""
    table = Table(
        len(hands),
        strategies,
        dealer=len(hands) - 1,
        hands=[mask(rules, h) for h in hands],
        stock=parse_cards(rules, leftovers, "leftovers"),
        record=True,
    )
    return play_deal(rules, table, GameRandom(0))


@pytest.mark.parametrize(("players", "left"), sorted(LEFT_BY_PLAYERS.items()))
def test_equal_hands_are_dealt_and_the_rest_lies_face_up(players: int, left: int) -> None:
    rules = compiled(VARIANT)
    table = Table(players, [lowest] * players, record=True)
    record = play_deal(rules, table, GameRandom(players)).record
    assert record is not None
    assert {len(hand) for hand in record["hands"]} == {52 // players}
    assert len(record.get("leftovers", [])) == left
    assert "stock" not in record


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.sampled_from(sorted(LEFT_BY_PLAYERS)))
def test_compiled_rules_and_the_reference_interpreter_play_the_same_leftovers(
    seed: int, players: int
) -> None:
    """Same seed, random bots laying and declining leftovers: identical records."""
    records = []
    for rules in (compiled(VARIANT), reference(VARIANT)):
        bots = [STRATEGIES["random"](rules)] * players  # type: ignore[arg-type]
        table = Table(players, bots, seed % players, record=True)
        records.append(play_deal(rules, table, GameRandom(seed)).record)  # type: ignore[arg-type]
    assert records[0] == records[1]
    assert (
        records[0] is not None and len(records[0].get("leftovers", [])) == LEFT_BY_PLAYERS[players]
    )


def test_a_round_in_which_a_leftover_was_laid_does_not_block_the_deal() -> None:
    """Seats 0 and 1 decline the 7H and pass; seat 2 lays it and passes.  A card was laid in
    that round, so seat 0 then plays its 8H (three passes in a row used to block the deal)."""
    rules = compiled(VARIANT)
    deal = deal_with(rules, ["8H 2C", "2D 3D", "4S 5S"], "7H", [declining, declining, lowest])
    turns = [(d["seat"], d.get("kind"), d["card"]) for d in deal.record["decisions"]]
    assert turns[:6] == [
        (0, "leftover", None),
        (0, None, None),
        (1, "leftover", None),
        (1, None, None),
        (2, "leftover", "7H"),
        (2, None, None),
    ]
    assert turns[6] == (0, None, "8H")


def test_a_full_round_without_any_card_laid_blocks_the_deal_even_with_a_leftover_fitting() -> None:
    rules = compiled(VARIANT)
    deal = deal_with(rules, ["8H 2C", "2D 3D", "4S 5S"], "7H", [declining] * 3)
    assert deal.winner is None and deal.cards_left == [2, 2, 2]
    assert len(deal.record["decisions"]) == 6  # three declined leftovers, three passes


def test_a_pass_after_laying_a_leftover_is_still_a_pass_and_is_paid_for(tmp_path: Path) -> None:
    path = tmp_path / "paid.yaml"
    path.write_text(
        f"id: paid-leftovers\nextends: {VARIANT}\npassing: {{cost: 1}}\n"
        "scoring: {chips: {pot: carry}}\n",
        encoding="utf-8",
    )
    rules = load_rules(str(path))
    deal = deal_with(rules, ["2C 3C", "8H 2S", "6H 3S"], "7H", [lowest] * 3)
    first = deal.record["decisions"][:2]
    assert [(d["seat"], d.get("kind"), d["action"]) for d in first] == [
        (0, "leftover", "play"),
        (0, None, "pass"),
    ]
    # every pass of seat 0 costs a chip, the first one, after its leftover, too
    passes = [d for d in deal.record["decisions"] if d["seat"] == 0 and d["action"] == "pass"]
    assert deal.chips[0] == -sum("kind" not in d for d in passes) < 0


def test_the_heuristic_lays_a_leftover_only_when_it_opens_the_way_to_its_own_cards() -> None:
    rules = compiled(VARIANT)
    heuristic = STRATEGIES["heuristic"](rules)
    st = DealState(3, 2, [mask(rules, "8H 2C"), mask(rules, "2D"), mask(rules, "3D")], 4)
    st.leftovers = mask(rules, "7H 7S")
    offered = st.leftovers
    seven_of_hearts = parse_cards(rules, "7H", "card")[0]
    assert heuristic(st, 0, offered, True, GameRandom(0)) == seven_of_hearts
    st.hands[0] = mask(rules, "2C 3C")  # nothing of its own beyond either seven
    assert heuristic(st, 0, offered, True, GameRandom(0)) == PASS


def test_the_random_player_of_the_lab_lays_every_leftover_that_fits() -> None:
    rules = compiled(VARIANT)
    random_play = STRATEGIES["random-play"](rules)
    deal = deal_with(rules, ["8H 2C", "9H 2S", "6H 3S"], "7C 7H", [random_play] * 3)
    laid = [d["card"] for d in deal.record["decisions"] if d.get("kind") == "leftover"]
    assert sorted(laid) == ["7C", "7H"]


def test_the_step_api_asks_for_leftovers_and_shows_them() -> None:
    game = Game(VARIANT, players=5, seed=3)
    seen = 0
    while not game.is_over:
        pending = game.pending
        assert pending is not None
        if pending.kind == "leftover":
            seen += 1
            view = game.observation(pending.seat)
            assert view.kind == "leftover" and pending.legal & ~view.leftovers == 0
            assert not pending.legal & view.hand and PASS in pending.actions
            rules = game.rules
            vector = encode(rules.rule_set, game.state, pending.seat, False, leftover=True)
            assert len(vector) == observation_size(rules.rule_set, 5)
            assert vector[-1] == 1.0  # the decision is a leftover
        game.apply(pending.actions[0])
    assert seen and game.record["leftovers"]


def test_sevens_legal_lists_the_leftovers_that_may_be_laid_first() -> None:
    result = sevens_cli(
        "legal", VARIANT, "--players", "5", "--table", "7D 8D 7H", "--hand", "10D 6H 2C",
        "--leftovers", "9D 5S", "--json",
    )  # fmt: skip
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert (answer["legal"], answer["leftover"]) == (["6H"], ["9D"])


@pytest.mark.parametrize(
    ("variant", "leftovers", "message"),
    [
        ("fan-tan", "9D", "--leftovers: fan-tan leaves no cards face up (deal.leftovers)"),
        (VARIANT, "9D 5S 4S", "--leftovers: 3 cards, but the deal leaves 2 face up"),
    ],
)
def test_sevens_legal_refuses_leftovers_no_deal_leaves(
    variant: str, leftovers: str, message: str
) -> None:
    result = sevens_cli(
        "legal", variant, "--players", "5", "--table", "7D", "--hand", "8D",
        "--leftovers", leftovers,
    )  # fmt: skip
    assert result.exit_code == 2 and message in result.output
    assert "Traceback" not in result.output


def test_sevens_legal_answers_positions_of_recorded_games_with_leftovers() -> None:
    rules = compiled(VARIANT)
    rng, checked = random.Random(VARIANT), 0
    for record in recorded_games(rules, 5, 10, 500):
        for position in recorded_positions(record, set()):
            checked += bool(position.leftovers)
            assert answer_problem(rules, position, rng) is None
    assert checked > 10  # positions with cards still face up were asked


def test_the_sheet_check_fails_a_leftover_laid_as_the_turns_play() -> None:
    claim = LeftoverClaim(52, None)
    record = {
        "players": 5,
        "leftovers": ["7H", "KD"],
        "decisions": [
            {"seat": 0, "legal": ["7H"], "action": "play", "card": "7H", "kind": "leftover"},
            {"seat": 1, "legal": ["8H"], "action": "play", "card": "8H"},
        ],
    }
    assert "then" in (leftover_problem(claim, record) or "")
    record["decisions"].insert(1, {"seat": 0, "legal": [], "action": "pass", "card": None})
    assert leftover_problem(claim, record) is None
    record["leftovers"] = ["7H"]
    assert leftover_problem(claim, record) == "1 cards face up, not 2"


def test_the_numba_backend_plays_leftovers() -> None:
    """No feature of the rule set is refused by the kernels: they play the leftovers
    (tests/test_native.py compares their games and records with the engine's)."""
    assert unsupported_features(compiled(VARIANT).rule_set) == []


def test_sevens_play_refuses_leftovers_its_table_cannot_show() -> None:
    result = sevens_cli("play", VARIANT)
    assert result.exit_code == 2 and "cannot show face-up leftovers yet" in result.output


def test_the_search_bot_never_deals_the_face_up_leftovers_to_a_hidden_hand(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from sevens.bots import search

    seen: list[tuple[int, int]] = []
    sample = search.sample_hands

    def watched(st: DealState, seat: int, unseen: int, *rest: Any) -> Any:
        seen.append((unseen, st.leftovers))
        return sample(st, seat, unseen, *rest)

    monkeypatch.setattr(search, "sample_hands", watched)
    rules = compiled(VARIANT)
    bots = [search.SearchBot(rules, playouts=8) for _ in range(5)]
    for seed in range(3):
        result = play_deal(rules, Table(5, bots, dealer=seed, record=True), GameRandom(seed))
        record = game_record(VARIANT, 5, seed, 1, result, False, True)
        assert list(recorded_positions(record, set()))  # every play came from its player's hand
    assert any(face_up for _, face_up in seen)
    assert all(not unseen & face_up for unseen, face_up in seen)


def test_a_suit_a_leftover_completes_counts_for_the_player_who_laid_it(tmp_path: Path) -> None:
    path = tmp_path / "completed.yaml"
    path.write_text(
        f"id: completed-leftovers\nextends: {VARIANT}\nscoring: {{points: player.completed}}\n",
        encoding="utf-8",
    )
    rules = load_rules(str(path))
    # seat 1 lays every spade from the 2 to the king; then seat 2 lays the ace, face up
    spades = "2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS 2C"
    deal = deal_with(rules, ["2H 3H", spades, "2D 3D"], "AS", [lowest] * 3)
    laid = [d for d in deal.record["decisions"] if d.get("kind") == "leftover" and d["card"]]
    assert [(d["seat"], d["card"]) for d in laid] == [(2, "AS")]
    assert deal.points == [0, 0, 1]
