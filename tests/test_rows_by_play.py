"""Rows chosen by the order of play: ``layout.rows_follow_suit: false`` and
``layout.one_row_at_a_time`` (Karten-Domino's "next eight", issue 22).

The compiled rules agree with the reference interpreter (which rebuilds the rows by
replaying the cards in the order they were laid) on the built-in and on two house rules
that use one key each; observations tell apart two tables that hold the same cards in
different rows; the rule sheet says the rows as they are.  The numba kernels play these
layouts too (tests/test_native.py compares their games with the engine's).  Conformance
cases citing the source are in tests/conformance/karten-domino/.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.compiler.position import build_position, parse_cards
from sevens.runtime.api import DealState, bits
from sevens.runtime.encoding import encode, rows_by_play
from tests.conftest import builtin_sheet, compiled, reachable_positions, reference
from tests.fuzz.oracles import Pair, compile_pair, play_both

#: House rules using one of the two keys each (the built-in uses both).
HOUSE_RULES = {
    # every 8 opens a row of its own and all rows stay open; a card goes to the first that
    # takes it, so the same card may fit several rows
    "rows-without-suit": """\
id: rows-without-suit
extends: karten-domino
layout:
  one_row_at_a_time: false
play:
  legal: >-
    (not row.open and card.rank == 8)
    or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))
""",
    # Fan Tan whose suits are built one at a time: a new 7 only once the newest row is full
    "one-suit-at-a-time": """\
id: one-suit-at-a-time
extends: fan-tan
layout:
  one_row_at_a_time: true
""",
}


@cache
def house_pair(name: str, folder: str) -> Pair:
    path = Path(folder) / f"{name}.yaml"
    path.write_text(HOUSE_RULES[name], encoding="utf-8")
    return compile_pair(path)


@pytest.fixture(scope="module")
def house_folder(tmp_path_factory: pytest.TempPathFactory) -> str:
    return str(tmp_path_factory.mktemp("rows-by-play"))


@settings(max_examples=12, deadline=None)
@given(name=st.sampled_from(sorted(HOUSE_RULES)), seed=st.integers(0, 2**32))
def test_house_rules_play_whole_deals_as_the_reference_interpreter(
    house_folder: str, name: str, seed: int
) -> None:
    assert play_both(house_pair(name, house_folder), seed) is None


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(2, 8))
def test_karten_domino_legal_cards_and_follow_ups_agree_at_every_position(
    seed: int, players: int
) -> None:
    gen, ref = compiled("karten-domino"), reference("karten-domino")

    def same_follow_up(state: DealState, seat: int, card: int) -> None:
        for first in {card, *list(bits(state.table))[:2]}:  # the card, or an earlier one
            assert gen.follow_up(state, seat, card, first) == ref.follow_up(
                state, seat, card, first
            )

    seen = 0
    for state, _ in reachable_positions(gen, players, seed, 120, same_follow_up):
        for seat in range(players):
            assert gen.legal(state, seat) == ref.legal(state, seat), (seed, seat)
        seen += 1
    assert seen > 0


def _position(table: str, hand: str) -> tuple[DealState, list[float]]:
    rules = compiled("karten-domino")
    laid = parse_cards(rules, table, "table")
    held = parse_cards(rules, hand, "hand", taken=laid)
    state = build_position(rules, laid, held, reachable=True)
    return state, encode(rules.rule_set, state, 0, False)


def test_the_observation_tells_rows_with_the_same_cards_apart() -> None:
    """The same seven cards on the table: the 9♣ finished in the 8♥'s row, or laid in the
    8♦'s row before its four (then the 8♥ lies alone).  The table's cards alone are equal."""
    rules = compiled("karten-domino")
    assert rows_by_play(rules.rule_set) and not rows_by_play(compiled("fan-tan").rule_set)
    first, seen_first = _position("8D 7S 6C 5H 4D 8H 9C", "2C")
    second, seen_second = _position("8D 9C 7S 6C 5H 4D 8H", "2C")
    assert first.table == second.table
    assert seen_first != seen_second
    # the 9♣ fits the 8♥'s row only in the first position: the other rows differ in play too
    hand = parse_cards(rules, "10D 7C", "hand")
    for state in (first, second):
        state.hands[0] = sum(1 << c for c in hand)
    codes = rules.rule_set.card_codes
    assert {codes[c] for c in bits(rules.legal(first, 0))} == {"10D", "7C"}
    assert {codes[c] for c in bits(rules.legal(second, 0))} == {"7C"}


def test_the_rule_sheet_says_rows_without_suits_one_at_a_time() -> None:
    sheet = builtin_sheet("karten-domino", "en")
    assert "Rows do not belong to a suit: each 8 laid on the table starts a row" in sheet
    assert "Only the newest row takes cards." in sheet
    assert "until one end of the row lies 4 ranks from its starting card" in sheet
    assert "You may not start another row in the same turn." in sheet
    assert "Each suit is built" not in sheet  # no rows by suit
    assert "the layout looks like this" not in sheet  # no finished layout to picture
    assert "Example: the table shows" not in sheet  # worked examples show rows of one suit


def test_the_sheet_check_replays_the_rows_by_the_sheets_own_rule() -> None:
    """`sevens rulesheet --check` replays recorded deals with the rule the sheet states: the
    true claim holds, and a row said to stop one rank sooner is caught."""
    import dataclasses

    from sevens.compiler.pipeline import load_rulespec
    from sevens.compiler.rulesheet import sheet_claims
    from sevens.loading.registry import find_rulespec
    from sevens.sheetcheck.check import check_claims
    from sevens.sheetcheck.check import compiled as checked_rules

    analysed = load_rulespec(find_rulespec("karten-domino"))
    claims = sheet_claims(analysed)
    assert claims.rows is not None and claims.rows.reach == 4 and claims.rows.one_row_turns
    rules = checked_rules(analysed)
    assert check_claims(rules, claims, deals=40, matches=0) == []
    shorter = dataclasses.replace(claims, rows=dataclasses.replace(claims.rows, reach=3))
    failures = check_claims(rules, shorter, deals=40, matches=0)
    assert [failure.kind for failure in failures] == ["rows"]
