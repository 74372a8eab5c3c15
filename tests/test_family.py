"""Mechanics of the wider family (issue 8), on compiled and interpreted rules.

Each test writes a small rulespec over a built-in one (or uses a built-in),
plays a crafted deal through the engine's turn loop, and checks the outcome.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.compiler.errors import SevensError
from sevens.compiler.pipeline import load_rulespec, reference_rules
from sevens.compiler.position import parse_cards
from sevens.loading.registry import load_rules
from sevens.runtime.api import DealState, Rules
from sevens.runtime.engine import Table
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import Strategy
from sevens.runtime.turns import Recorder as _Recorder
from sevens.runtime.turns import Turns as _Turns

ENGINES = ["compiled", "reference"]


def _load(path: Path, engine: str) -> Rules:
    if engine == "compiled":
        return load_rules(str(path))
    return reference_rules(load_rulespec(path))


def _spec(tmp_path: Path, name: str, text: str) -> Path:
    path = tmp_path / f"{name}.yaml"
    path.write_text(f"id: {name}\n{text}", encoding="utf-8")
    return path


def _mask(rules: Rules, text: str) -> int:
    return sum(1 << c for c in parse_cards(rules, text, "cards"))


def _lowest(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
    return (legal & -legal).bit_length() - 1


def _run(
    rules: Rules, hands: list[str], leader: int, strategies: list[Strategy] | None = None
) -> tuple[DealState, list[dict[str, object]]]:
    st = DealState(
        len(hands), len(hands) - 1, [_mask(rules, h) for h in hands], rules.rule_set.n_rows
    )
    rules.setup(st)
    recorder = _Recorder(rules)
    table = Table(len(hands), strategies or [_lowest] * len(hands), dealer=st.dealer, record=True)
    _Turns(rules, st, GameRandom(3), table, recorder).run(leader)
    return st, recorder.decisions


# -- play.follow_up.max ------------------------------------------------------------
CHAIN = """extends: parliament
play:
  follow_up:
    when: "true"
    allow: "true"
    optional: false
"""


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(("most", "extra"), [(None, 1), ("2", 2), ("unlimited", 4)])
def test_follow_up_max_bounds_the_chain(
    tmp_path: Path, engine: str, most: str | None, extra: int
) -> None:
    text = CHAIN + (f"    max: {most}\n" if most else "")
    rules = _load(_spec(tmp_path, "chain", text), engine)
    assert rules.rule_set.follow_up is not None
    _, decisions = _run(rules, ["7D 8D 9D 10D JD", "2C 3C", "2H 3H", "2S 3S"], leader=0)
    kinds = [d.get("kind", "turn") for d in decisions]
    # the first turn: the 7♦, then at most ``extra`` follow-up cards by the same seat
    first_turn = kinds[: kinds.index("turn", 1)] if "turn" in kinds[1:] else kinds
    assert first_turn == ["turn"] + ["follow-up"] * extra


# -- the opening card obeys play.legal ------------------------------------------------
def test_an_opening_card_play_legal_forbids_is_reported(tmp_path: Path) -> None:
    path = _spec(tmp_path, "eights", "extends: parliament\nplay:\n  legal: card.rank == 8\n")
    with pytest.raises(SevensError) as caught:
        load_rulespec(path)
    message = str(caught.value)
    assert f"{path}:4:10" in message and "opening card 7D" in message
    assert "rulespecs/parliament.yaml:" in message  # where the opening card is written
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "Traceback" not in result.output


def test_an_opening_card_the_layout_cannot_take_is_reported(tmp_path: Path) -> None:
    path = _spec(tmp_path, "eight-opens", "extends: parliament\nopening:\n  card: 8D\n")
    with pytest.raises(SevensError) as caught:
        load_rulespec(path)
    assert f"{path}:4:9" in str(caught.value) and "opening card 8D" in str(caught.value)


# -- play.direction ----------------------------------------------------------------
def test_counter_clockwise_deals_and_plays_to_the_right() -> None:
    from sevens.runtime.engine import deal_hands

    rules = load_rules("cinquillo-traditional")
    assert rules.rule_set.following(4) == (3, 0, 1, 2)
    hands = deal_hands(rules, 3, 0, GameRandom(1))  # 40 cards to 3: 14 13 13
    assert [h.bit_count() for h in hands] == [13, 13, 14]  # the dealer's right gets the first card
    ccw = _run(rules, ["5O 4O", "6O", "3O 2O", "7O"], leader=0)[1]
    assert [d["seat"] for d in ccw[:4]] == [0, 3, 2, 1]


@pytest.mark.parametrize("engine", ENGINES)
def test_next_and_previous_follow_the_direction(tmp_path: Path, engine: str) -> None:
    text = "extends: cinquillo-traditional\npassing:\n  voluntary: true\n  voluntary_transfer: {cards: 1, from: previous, to: self}\n"
    rules = _load(_spec(tmp_path, "ccw-take", text), engine)
    st = DealState(
        4,
        3,
        [_mask(rules, h) for h in ["5O 1C", "2C 3C", "4C 6C", "7C 10C"]],
        rules.rule_set.n_rows,
    )
    rules.setup(st)
    turns = _Turns(rules, st, GameRandom(1), Table(4, [_lowest] * 4), None)
    turns.voluntary_pass(0)
    # counter-clockwise, the player before seat 0 is seat 1 (on its left)
    assert st.hands[0].bit_count() == 3 and st.hands[1].bit_count() == 1


# -- layout.preplaced_by: holders; leader holder-of-card ----------------------------------
def test_holders_lay_out_their_sevens_after_the_deal() -> None:
    from sevens.runtime.engine import play_deal

    rules = load_rules("shichi-narabe-traditional")
    assert len(rules.rule_set.dealt) == 52  # the sevens are dealt too
    table = Table(3, [_lowest] * 3, dealer=0, record=True)
    result = play_deal(rules, table, GameRandom(5))
    assert result.record is not None
    dealt = result.record["hands"]
    assert sorted(len(h) for h in dealt) == [17, 17, 18]
    assert sorted(result.record["layout_start"]) == ["7C", "7D", "7H", "7S"]
    holder = next(seat for seat, hand in enumerate(dealt) if "7D" in hand)
    assert result.record["decisions"][0]["seat"] == holder
    # nobody plays a seven: they were laid out before the first turn
    assert all(d["card"] not in ("7C", "7D", "7H", "7S") for d in result.record["decisions"])


# -- deal.hand_size and passing.draw ---------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_who_cannot_play_draws_until_a_card_fits(tmp_path: Path, engine: str) -> None:
    rules = _load(_spec(tmp_path, "draw3", "extends: elfer-raus\n"), engine)
    st = DealState(
        3, 2, [_mask(rules, h) for h in ["11R 5B", "2B 3B", "4B 6B"]], rules.rule_set.n_rows
    )
    rules.setup(st)
    # drawn from the end: 1G first, then 12R (fits), 20G stays
    st.stock = [c for c in parse_cards(rules, "20G 12R 1G", "stock")]
    recorder = _Recorder(rules)
    turns = _Turns(rules, st, GameRandom(3), Table(3, [_lowest] * 3), recorder)
    turns.run(0)
    first, second = recorder.decisions[:2]
    assert first["card"] == "11R" and second["seat"] == 1
    assert second["drawn"] == ["1G", "12R"] and second["card"] == "12R"
    third = recorder.decisions[2]  # the last card of the stock does not fit: a pass
    assert third["seat"] == 2 and third["drawn"] == ["20G"] and third["action"] == "pass"
    assert not st.stock


@pytest.mark.parametrize(
    ("players", "each", "stock"), [(2, 20, 40), (3, 20, 20), (4, 15, 20), (5, 12, 20), (6, 10, 20)]
)
def test_the_stock_keeps_twenty_cards_and_hands_shrink(players: int, each: int, stock: int) -> None:
    """Elfer raus! (de.wikipedia, catalogue §10): 20 cards stay in the stock, at most 20 each
    (``deal.stock: 20``, ``deal.hand_size: 20``), so two players leave 40."""
    from sevens.runtime.engine import play_deal

    rules = load_rules("elfer-raus")
    table = Table(players, [_lowest] * players, record=True)
    result = play_deal(rules, table, GameRandom(2))
    assert result.record is not None
    assert [len(h) for h in result.record["hands"]] == [each] * players
    assert len(result.record["stock"]) == stock
    dealt = {c for h in result.record["hands"] for c in h}
    assert dealt.isdisjoint(result.record["stock"])


# -- passing.cover and player.covered ------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_a_player_who_cannot_play_covers_a_card(engine: str, tmp_path: Path) -> None:
    rules = _load(_spec(tmp_path, "cover", "extends: pai-qi\nplayers: {min: 2, max: 10}\n"), engine)
    _, decisions = _run(rules, ["7S 8S", "KD 2C 9S"], leader=0)
    # seat 1 cannot play after the 7♠: it lays its lowest-valued card (2♣) face down
    assert decisions[1] == {
        "seat": 1,
        "legal": [],
        "action": "cover",
        "card": None,
        "covered": "2C",
    }
    st, _ = _run(rules, ["7S 8S", "KD 2C 9S"], leader=0)
    # seat 0 then goes out with the 8♠; seat 1 plays on alone until its hand is empty
    # (end.when: all-empty): the 9♠ is played and the K♦ laid face down and scored too
    assert st.covered[1] == _mask(rules, "2C KD") and rules.points(st, 1) == -15
    assert st.hands[1] == 0


# -- row.top / row.bottom ------------------------------------------------------------------
def test_row_top_and_bottom_only_in_play_legal(tmp_path: Path) -> None:
    text = "extends: sevens\nplay:\n  follow_up:\n    when: row.top == K\n    allow: 'true'\n"
    with pytest.raises(SevensError) as caught:
        load_rulespec(_spec(tmp_path, "top-follow", text))
    assert "row.top may only be used in play.legal" in str(caught.value)


def test_a_module_reading_ranks_gets_them_and_others_keep_their_signature() -> None:
    import inspect

    cabron, cinquillo = load_rules("cinquillo-cabron"), load_rules("cinquillo")
    assert "ranks" in inspect.signature(cabron.module.legal_on_row).parameters
    assert "ranks" not in inspect.signature(cinquillo.module.legal_on_row).parameters


# -- error messages that say what to do --------------------------------------------------------
@pytest.mark.parametrize(
    ("legal", "hint"),
    [
        ("card.rank = 7", "did you mean `==`?"),
        ("row.open && card.rank == 7", "did you mean `and`?"),
        ("row.open || card.rank == 7", "did you mean `or`?"),
        ("!row.open", "did you mean `not`?"),
    ],
)
def test_operators_of_other_languages_get_a_hint(tmp_path: Path, legal: str, hint: str) -> None:
    path = _spec(tmp_path, "ops", f"extends: parliament\nplay:\n  legal: '{legal}'\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and hint in result.output and f"{path}:4:" in result.output


def test_players_best_must_lie_inside_min_and_max(tmp_path: Path) -> None:
    path = _spec(tmp_path, "best", "extends: parliament\nplayers: {min: 3, max: 5, best: '4-6'}\n")
    result = CliRunner().invoke(main, ["validate", str(path)])
    assert result.exit_code == 2 and "players.best '4-6' lies outside" in result.output


def test_commands_default_to_the_recommended_player_count() -> None:
    result = CliRunner().invoke(main, ["simulate", "double-deck", "--games", "5"])
    assert result.exit_code == 0 and "(7 players" in result.output  # min 7, no best
    result = CliRunner().invoke(main, ["simulate", "badam-satti", "--games", "5"])
    assert result.exit_code == 0 and "(4 players" in result.output  # best 4-6


# -- event facts: player.completed, completed_first, passed_last -------------------------------
EVENTS = """extends: parliament
scoring:
  points: "10 * player.completed + (5 if player.completed_first else 0) - (3 if player.passed_last else 0)"
"""


@pytest.mark.parametrize("engine", ENGINES)
def test_event_facts_score_who_completed_a_suit_and_who_passed_last(
    tmp_path: Path, engine: str
) -> None:
    rules = _load(_spec(tmp_path, "events", EVENTS), engine)
    assert rules.rule_set.events and not load_rules("parliament").rule_set.events
    # seat 0 holds every diamond and completes the suit; seat 1 (clubs only) must pass
    diamonds = "2D 3D 4D 5D 6D 7D 8D 9D 10D JD QD KD AD"
    st = DealState(2, 1, [_mask(rules, diamonds), _mask(rules, "2C 3C")], rules.rule_set.n_rows)
    rules.setup(st)
    turns = _Turns(rules, st, GameRandom(1), Table(2, [_lowest] * 2, dealer=1), None)
    turns.run(0)
    assert st.winner == 0 and st.completed == [0] and st.last_passer == 1
    assert rules.settle(st) == [10 + 5, -3]


# -- play.compulsory -----------------------------------------------------------------------
def test_compulsory_cards_narrow_the_legal_plays_of_a_turn_only() -> None:
    rules = load_rules("badam-satti-compulsory")
    assert not rules.legal_is_playable  # the engine must ask legal(), not mask the hand itself
    assert load_rules("badam-satti").legal_is_playable
    result = CliRunner().invoke(
        main, ["legal", "badam-satti-compulsory", "--table", "7H", "--hand", "7S 8H"]
    )
    assert result.exit_code == 0 and result.output.strip() == "7S"
