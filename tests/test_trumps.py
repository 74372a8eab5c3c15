"""Trumps (``play.trumps``, runtime/mechanics/trumps.py): where a trump may stand in, where
the card it displaces goes, what records, the step API and ``sevens legal`` show of it,
agreement of the compiled rules with the reference interpreter, and rejected input.

The source is the terindell Fan Tan page (catalogue §2, "Trump Fan Tan"): with spades
trumps, the 9 of spades may go on the 8 of hearts; the 9 of hearts it displaces must go
on the spades row; the trump 7 opens its own row; the last card dealt goes to the trump row.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.compiler.position import ASKING_SEAT, build_position, parse_cards
from sevens.envs.game import Game, IllegalAction
from sevens.runtime.api import DealState, Rules, bits
from sevens.runtime.engine import Table, new_turns, play_deal
from sevens.runtime.mechanics.trumps import TrumpTurns, name_trumps
from sevens.runtime.randomness import GameRandom
from sevens.runtime.records import game_record
from sevens.runtime.strategies import random_strategy
from tests.conftest import assert_refused_at, compiled, reference, sevens_cli

VARIANT = "trump-fan-tan"


def _engines() -> list[Rules]:
    return [compiled(VARIANT), reference(VARIANT)]  # type: ignore[list-item]


def _turns(rules: Rules, table: str, hand: str, trump_card: str) -> TrumpTurns:
    """The turns of a position of the asking seat with the given last card dealt."""
    cards = parse_cards(rules, f"{table} {hand}", "position")
    n_table = len(table.split())
    st = build_position(rules, cards[:n_table], cards[n_table:], 4, reachable=True)
    name_trumps(rules.rule_set, st, parse_cards(rules, trump_card, "trump")[0])
    turns = new_turns(rules, st, GameRandom(0), Table(4, [random_strategy(rules)] * 4))
    assert isinstance(turns, TrumpTurns)
    return turns


def _options(rules: Rules, turns: TrumpTurns) -> tuple[set[str], set[str]]:
    """The cards playable at their place, and the cards a trump may stand in for."""
    codes, n = rules.rule_set.card_codes, rules.rule_set.n_cards
    options = turns.options(turns.st, ASKING_SEAT)
    return {codes[c] for c in bits(options & ((1 << n) - 1))}, {
        codes[c] for c in bits(options >> n)
    }


@pytest.mark.parametrize(
    ("table", "hand", "trump_card", "legal", "places"),
    [
        # the source's example: spades trumps, the 9S goes on the 8H in place of the 9H
        ("7H 8H", "9S", "2S", set(), {"9H"}),
        # either end of a row, every open row of another suit, never the trump row itself
        ("7H 8H 7D 7S", "6S 9S", "2S", {"6S"}, {"9H", "6H", "6D"}),
        # a trump never opens another suit's row: the 7S opens its own
        ("7H", "7S", "2S", {"7S"}, set()),
        # the last card dealt, which named trumps, goes only to the trump row
        ("7H 8H", "9S", "9S", set(), set()),
    ],
)
def test_where_a_trump_may_stand_in(
    table: str, hand: str, trump_card: str, legal: set[str], places: set[str]
) -> None:
    for rules in _engines():
        turns = _turns(rules, table, hand, trump_card)
        assert _options(rules, turns) == (legal, places), type(rules)


def test_the_displaced_card_goes_to_the_trump_row_when_its_place_is_next() -> None:
    for rules in _engines():
        turns = _turns(rules, "7H 8H 7S", "9S 9H 8S", "2S")
        st, n = turns.st, rules.rule_set.n_cards
        nine_hearts, nine_spades = (parse_cards(rules, c, "card")[0] for c in ("9H", "9S"))
        turns.play_option(st, ASKING_SEAT, n + nine_hearts)  # the 9S in place of the 9H
        assert st.trump_spots == 1 << nine_hearts
        assert not st.hands[ASKING_SEAT] >> nine_spades & 1
        assert st.table >> nine_hearts & 1 and not st.table >> nine_spades & 1
        # the 9H has no place on its own row, and the spades row needs the 8S first
        assert _options(rules, turns)[0] == {"8S"}
        turns.play_option(st, ASKING_SEAT, parse_cards(rules, "8S", "card")[0])
        assert _options(rules, turns)[0] == {"9H"}
        turns.play_option(st, ASKING_SEAT, nine_hearts)  # onto the spades row, at the 9
        assert st.table >> nine_spades & 1 and not st.hands[ASKING_SEAT]
        st.hands[ASKING_SEAT] = 1 << parse_cards(rules, "10S", "card")[0]
        assert _options(rules, turns)[0] == {"10S"}  # the spades row goes on from the 9H


def _record(rules: Rules, seed: int, players: int) -> dict[str, Any]:
    rng = GameRandom(seed)
    table = Table(players, [random_strategy(rules)] * players, dealer=seed % players, record=True)
    result = play_deal(rules, table, rng)
    return game_record(VARIANT, players, seed, 1, result, False, True)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), players=st.integers(3, 8))
def test_compiled_rules_and_the_interpreter_play_the_same_trump_deals(
    seed: int, players: int
) -> None:
    gen, ref = _engines()
    assert _record(gen, seed, players) == _record(ref, seed, players)


def _trump_row_problems(record: dict[str, Any]) -> list[str]:
    """What in a record breaks the trump rule as the rulespec states it."""
    trumps, named = record["trumps"], record["trump_card"]
    problems, opened, displaced, laid = [], set(), set(), set()
    if named[-1] != trumps:
        problems.append(f"trumps {trumps} but the card that named them is {named}")
    for d in record["decisions"]:
        if d["action"] == "trump":
            card, spot = d["card"], d["in_place_of"]
            if card[-1] != trumps or spot[-1] == trumps or card[:-1] != spot[:-1]:
                problems.append(f"{card} in place of {spot}")
            if spot[-1] not in opened or card == named:
                problems.append(f"{card} in place of {spot}: row not open, or the named card")
            displaced.add(spot)
            laid.add(spot)
        elif d["action"] == "play":
            card = d["card"]
            trump_place = card[:-1] + trumps
            if card in displaced:  # it fills its trump's place: the trump row is open
                if trumps not in opened or trump_place in laid:
                    problems.append(f"{card} displaced, played with its place taken")
                laid.add(trump_place)
            else:
                laid.add(card)
            opened.add(card[-1] if card not in displaced else trumps)
    return problems


def test_recorded_trump_plays_follow_the_rule() -> None:
    rules = compiled(VARIANT)
    records = [_record(rules, seed, 4) for seed in range(60)]
    trump_plays = [d for r in records for d in r["decisions"] if d["action"] == "trump"]
    assert trump_plays, "no trump was ever laid in place of another card"
    displaced_played = sum(
        1
        for r in records
        for d in r["decisions"]
        if d["action"] == "play"
        and d["card"] in {t["in_place_of"] for t in r["decisions"] if t["action"] == "trump"}
    )
    assert displaced_played, "no displaced card was ever played onto the trump row"
    for record in records:
        assert _trump_row_problems(record) == [], record["seed"]


def test_the_suit_of_the_last_card_dealt_is_trumps() -> None:
    rules = compiled(VARIANT)
    for seed in range(20):
        record = _record(rules, seed, 5)
        # 52 cards to five players from the dealer's left: the last goes to the 2nd seat on
        last_seat = (record["dealer"] + 52 % 5) % 5
        assert record["trump_card"] in record["hands"][last_seat]
        assert record["trumps"] == record["trump_card"][-1]


def test_the_step_api_lays_a_trump_and_replays_the_record() -> None:
    rules = compiled(VARIANT)
    expected = _record(rules, 7, 4)
    hands = [" ".join(h) for h in expected["hands"]]
    with pytest.raises(ValueError, match="give trump_card with the hands"):
        Game(VARIANT, 4, hands=hands, dealer=expected["dealer"])
    game = Game(
        VARIANT,
        4,
        seed=7,
        hands=hands,
        dealer=expected["dealer"],
        trump_card=expected["trump_card"],
    )
    for d in expected["decisions"]:
        if d["action"] == "trump":
            game.apply(f"trump {d['in_place_of']}")
        else:
            game.apply(d["card"] or "pass")
    assert game.is_over
    assert game.record["decisions"] == expected["decisions"]
    assert game.observation(0).trump_suit == rules.rule_set.deck.suit_codes.index(
        expected["trumps"]
    )
    with pytest.raises(IllegalAction, match="has no jokers"):
        game.joker_action(0)


def test_sevens_legal_shows_trump_placements() -> None:
    result = sevens_cli(
        "legal",
        VARIANT,
        "--table",
        "8H 7H 7D",
        "--hand",
        "9S 9H 6S",
        "--trump-card",
        "2S",
        "--json",
    )
    assert result.exit_code == 0, result.output
    answer = json.loads(result.output)
    assert answer["legal"] == ["9H"] and answer["can_pass"] is False
    assert answer["trump"] == [
        {"card": "6S", "in_place_of": "6D"},
        {"card": "6S", "in_place_of": "6H"},
        {"card": "9S", "in_place_of": "9H"},
    ]
    text = sevens_cli("legal", VARIANT, "--table", "7H 8H", "--hand", "9S", "--trump-card", "2S")
    assert text.output.splitlines() == ["(no card at its own place)", "trump: 9S in place of 9H"], (
        text.output
    )


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("legal", VARIANT, "--table", "7H", "--hand", "9S"), "needs the last card dealt"),
        (("legal", "fan-tan", "--hand", "7S", "--trump-card", "2S"), "does not name trumps"),
    ],
)
def test_sevens_legal_refuses_a_missing_or_needless_trump_card(
    args: tuple[str, ...], message: str
) -> None:
    result = sevens_cli(*args)
    assert result.exit_code == 2 and message in result.output, result.output
    assert "Traceback" not in result.output


def _house_rule(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "house.yaml"
    path.write_text(f"id: house\nextends: fan-tan\n{body}", encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("body", "location", "message"),
    [
        ("play:\n  trumps:\n    suit: X\n", "house.yaml:5:11", "unknown trump suit 'X'"),
        ("play:\n  trumps: {}\n", "house.yaml:4:3", "'suit' is a required property"),
        (
            "deck:\n  jokers: 1\nplay:\n  trumps:\n    suit: S\n",
            "house.yaml:7:5",
            "trumps cannot be combined with deck.jokers yet",
        ),
        (
            "play:\n  trumps:\n    suit: last-dealt\n  legal: card.rank == 7 or hand.count > 0\n",
            "house.yaml:6:28",
            "'hand' cannot be used in play conditions together with trumps",
        ),
    ],
)
def test_bad_trump_rules_are_refused_where_they_are(
    tmp_path: Path, body: str, location: str, message: str
) -> None:
    path = _house_rule(tmp_path, body)
    result = sevens_cli("validate", str(path))
    assert_refused_at(result, location, message)


def test_a_fixed_trump_suit_has_no_named_card(tmp_path: Path) -> None:
    path = _house_rule(tmp_path, "play:\n  trumps:\n    suit: ♥\n")
    result = sevens_cli(
        "simulate", str(path), "--games", "3", "--record", str(tmp_path / "r.jsonl")
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert {r["trumps"] for r in records} == {"H"}
    assert all("trump_card" not in r for r in records)


def test_rule_sets_without_trumps_record_none() -> None:
    rules = compiled("fan-tan")
    result = play_deal(rules, Table(4, [random_strategy(rules)] * 4, record=True), GameRandom(1))
    assert result.record is not None and "trumps" not in result.record
    st = DealState(4, 0, [0] * 4, rules.rule_set.n_rows)
    assert st.trump_suit == -1 and st.trump_spots == 0


def _sheet_evidence() -> tuple[Any, Any]:
    """The claims of trump-fan-tan's sheet and recorded deals of its engine."""
    from sevens.compiler.pipeline import load_rulespec
    from sevens.compiler.rulesheet import sheet_claims
    from sevens.loading.registry import find_rulespec
    from sevens.sheetcheck.check import compiled as sheet_rules
    from sevens.sheetcheck.check import gather

    analysed = load_rulespec(find_rulespec(VARIANT))
    claims = sheet_claims(analysed)
    return claims, gather(sheet_rules(analysed), claims, 40, 0, 0)


@pytest.mark.parametrize(
    ("tamper", "found"),
    [
        # a trump said to stand in for a card of another rank
        (lambda d: d.update(in_place_of="2" + d["in_place_of"][-1]), "laid in place of"),
        # the card that named trumps laid elsewhere, or a trump suit it did not name
        (None, "trumps"),
    ],
)
def test_the_sheet_check_finds_trump_plays_against_the_sheet(tamper: Any, found: str) -> None:
    from sevens.sheetcheck.check import check_trumps

    claims, evidence = _sheet_evidence()
    assert claims.trumps is not None and claims.trumps.named_card_home
    assert check_trumps(claims, evidence) == []
    record = next(
        r for r in evidence.records if any(d["action"] == "trump" for d in r["decisions"])
    )
    if tamper is None:
        record["trumps"] = next(s for s in "CDHS" if s != record["trumps"])
    else:
        tamper(next(d for d in record["decisions"] if d["action"] == "trump"))
    failures = check_trumps(claims, evidence)
    assert len(failures) == 1 and found in failures[0].evidence, failures


def test_the_search_bot_plays_trump_deals_by_the_rule() -> None:
    import sevens.bots  # noqa: F401  (registers the search strategy)
    from sevens.runtime.strategies import STRATEGIES

    rules = compiled(VARIANT)
    strategies = [STRATEGIES["search"](rules), *[random_strategy(rules)] * 3]
    for seed in range(2):
        table = Table(4, strategies, dealer=seed, record=True)
        result = play_deal(rules, table, GameRandom(seed))
        record = game_record(VARIANT, 4, seed, 1, result, False, True)
        assert _trump_row_problems(record) == [], seed


def test_the_example_offers_no_trump_place_on_a_fixed_trump_suits_own_row(
    tmp_path: Path,
) -> None:
    """With diamonds fixed as trumps, the example's 6♦ and 8♦ extend the trump row itself:
    no trump stands in for a card of its own suit, so the sheet names only the clubs' places
    (a blind reader found "… 5♣, 9♣, 6♦ or 8♦" false)."""
    from sevens.compiler.pipeline import load_rulespec
    from sevens.compiler.rulesheet import render_rulesheet

    house_rule = tmp_path / "trump-diamonds.yaml"
    house_rule.write_text(
        "id: trump-diamonds\nextends: trump-fan-tan\nplay:\n  trumps: {suit: D}\n", encoding="utf-8"
    )
    text = render_rulesheet(load_rulespec(house_rule), "en")
    assert "A trump may also take the place of 5♣ or 9♣," in text, text
    assert "6♦ or 8♦, if it is of the same rank" not in text
