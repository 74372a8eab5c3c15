"""Engine-level tests of the declared mechanics, with crafted deals.

Each test builds a deal state from card lists, runs the turn loop of
``runtime.engine`` (or one of its mechanics) with scripted bots, and checks the
hands, the layout, the chips and the places afterwards.  Every test runs on
both the compiled module and the reference interpreter.  Sessions
(``runtime.match``) and the ``simulate --match --record`` output are checked
at the end.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from sevens.cli import main
from sevens.compiler.position import parse_cards
from sevens.runtime.api import DealState, Rules, bits
from sevens.runtime.contract import MatchWinner, Role, Tiebreak, Transfer
from sevens.runtime.engine import DealResult, Table, choose_leader, play_deal
from sevens.runtime.match import MatchResult, match_winners, play_match
from sevens.runtime.randomness import GameRandom
from sevens.runtime.strategies import PASS, Strategy, heuristic_strategy, random_strategy
from sevens.runtime.turns import Recorder as _Recorder
from sevens.runtime.turns import Turns as _Turns
from tests.conftest import compiled, reference

ENGINES = ["compiled", "reference"]


def _rules(engine: str, variant: str) -> Rules:
    return compiled(variant) if engine == "compiled" else reference(variant)


def _mask(rules: Rules, text: str) -> int:
    return sum(1 << c for c in parse_cards(rules, text, "cards"))


def _codes(rules: Rules, mask: int) -> set[str]:
    return {rules.rule_set.card_codes[c] for c in bits(mask)}


def _deal(rules: Rules, hands: list[str], dealer: int) -> DealState:
    """A deal state with the given hands (cards nobody holds stay out of play), set up."""
    st = DealState(len(hands), dealer, [_mask(rules, h) for h in hands], rules.rule_set.n_rows)
    rules.setup(st)
    return st


def _lowest_card(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
    """A bot that never passes voluntarily and plays its lowest card id."""
    return (legal & -legal).bit_length() - 1


def _passes_first(times: int) -> Strategy:
    """A bot that passes voluntarily ``times`` times when it may, then plays its lowest card."""
    left = [times]

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        if can_pass and left[0] > 0:
            left[0] -= 1
            return PASS
        return _lowest_card(st, seat, legal, can_pass, rng)

    return choose


def _turns(
    rules: Rules,
    st: DealState,
    strategies: list[Strategy],
    forget_last_card: float = 0.0,
    record: bool = True,
) -> _Turns:
    """The turn loop of ``st``; without ``record`` its mechanics may be called directly."""
    seats = Table(
        st.n_players, strategies, dealer=st.dealer, record=record, forget_last_card=forget_last_card
    )
    return _Turns(rules, st, GameRandom(7), seats, _Recorder(rules) if record else None)


# --- Shichi Narabe: passes, elimination and places -------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_shichi_narabe_fourth_pass_eliminates(engine: str) -> None:
    rules = _rules(engine, "shichi-narabe")
    # Seat 0 can never play (the 4♣-6♣ are nobody's); the others build diamonds and hearts.
    st = _deal(rules, ["AC 2C 3C", "8D 9D 10D JD QD", "8H 9H 10H JH QH"], dealer=2)
    assert st.table == _mask(rules, "7C 7D 7H 7S")  # the sevens are laid out before play
    leader = choose_leader(rules, st, None)
    assert leader == 0  # left of the dealer
    turns = _turns(rules, st, [_lowest_card] * 3)
    assert turns.recorder is not None
    turns.run(leader)
    decisions = turns.recorder.decisions
    seat0 = [d for d in decisions if d["seat"] == 0]
    # Three passes are allowed; the fourth (forced) pass eliminates.
    assert [d["action"] for d in seat0] == ["pass"] * 4
    assert [d.get("eliminated", False) for d in seat0] == [False, False, False, True]
    assert st.passes[0] == 3
    assert st.eliminated == [True, False, False]
    # The hand went onto the layout at its places.
    assert st.hands[0] == 0
    assert st.table & _mask(rules, "AC 2C 3C") == _mask(rules, "AC 2C 3C")
    # ... but the clubs row is still the unbroken run through the 7: only the 6♣ and 8♣ fit.
    st.hands[0] = _mask(rules, "4C 5C 6C 8C KC")
    assert _codes(rules, rules.legal(st, 0)) == {"6C", "8C"}
    # Seat 1 went out first; seat 2 is second; the eliminated player is last.
    assert st.winner == 1
    assert st.places == [3, 1, 2]
    assert rules.settle(st) == [0, 2, 1]  # players - place


@pytest.mark.parametrize("engine", ENGINES)
def test_shichi_narabe_voluntary_passes_are_limited(engine: str) -> None:
    rules = _rules(engine, "shichi-narabe")
    st = _deal(rules, ["6C 5C", "8D 9D 10D JD QD KD", "8H 9H 10H JH QH KH"], dealer=2)
    turns = _turns(rules, st, [_passes_first(5), _lowest_card, _lowest_card])
    assert turns.recorder is not None
    turns.run(0)
    seat0 = [d["action"] for d in turns.recorder.decisions if d["seat"] == 0]
    # Three voluntary passes, then the right to pass is used up and seat 0 must play.
    assert seat0 == ["pass", "pass", "pass", "play", "play"]
    assert st.passes[0] == 3
    assert st.places == [1, 2, 3]


@pytest.mark.parametrize("engine", ENGINES)
def test_shichi_narabe_all_out_ranking(engine: str) -> None:
    rules = _rules(engine, "shichi-narabe")
    st = _deal(rules, ["8C 9C 10C", "6C", "8D 9D", "8H 9H 10H JH"], dealer=3)
    turns = _turns(rules, st, [_lowest_card] * 4)
    turns.run(choose_leader(rules, st, None))
    # Order of going out: seat 1 (one card), seat 2, seat 0; seat 3 is left holding a card.
    assert st.winner == 1
    assert st.places == [3, 1, 2, 4]
    assert st.hands[3] == _mask(rules, "10H JH")
    assert rules.settle(st) == [1, 3, 2, 0]


# --- Penalty card transfers ----------------------------------------------------------------


@pytest.mark.parametrize("engine", ENGINES)
def test_last_card_forgotten_draws_two_from_the_biggest_hand(engine: str) -> None:
    rules = _rules(engine, "last-card")
    hearts = "2H 3H 4H 5H 6H"
    st = _deal(rules, ["7D 8D", "2C 3C 4C", hearts, "2S"], dealer=3)
    assert choose_leader(rules, st, None) == 0  # the holder of the 7♦
    turns = _turns(rules, st, [_lowest_card] * 4, forget_last_card=1.0, record=False)
    seven = parse_cards(rules, "7D", "card")[0]
    rules.play(st, 0, seven)
    turns.after_play(0, seven)  # one card left, "last card" forgotten: the penalty applies
    assert st.hands[0].bit_count() == 3
    assert st.hands[0] & _mask(rules, "8D")
    taken = st.hands[0] & ~_mask(rules, "8D")
    assert taken.bit_count() == 2 and taken & _mask(rules, hearts) == taken
    assert st.hands[2] == _mask(rules, hearts) & ~taken
    assert st.hands[1] == _mask(rules, "2C 3C 4C") and st.hands[3] == _mask(rules, "2S")


@pytest.mark.parametrize("engine", ENGINES)
def test_last_card_remembered_or_tied(engine: str) -> None:
    rules = _rules(engine, "last-card")
    # Announced: no penalty.
    st = _deal(rules, ["7D 8D", "2C 3C 4C", "2H 3H 4H 5H", "2S"], dealer=3)
    turns = _turns(rules, st, [_lowest_card] * 4, forget_last_card=0.0, record=False)
    seven = parse_cards(rules, "7D", "card")[0]
    rules.play(st, 0, seven)
    turns.after_play(0, seven)
    assert st.hands[0] == _mask(rules, "8D")
    # Forgotten with two biggest hands: the one nearest to the left gives.
    st = _deal(rules, ["7D 8D", "2S 3S 4S 5S", "2H 3H 4H 5H", "2C"], dealer=3)
    turns = _turns(rules, st, [_lowest_card] * 4, forget_last_card=1.0, record=False)
    rules.play(st, 0, seven)
    turns.after_play(0, seven)
    assert st.hands[0].bit_count() == 3 and st.hands[1].bit_count() == 2
    assert st.hands[2] == _mask(rules, "2H 3H 4H 5H")


@pytest.mark.parametrize("engine", ENGINES)
def test_last_card_penalty_in_a_played_deal(engine: str) -> None:
    rules = _rules(engine, "last-card")
    st = _deal(rules, ["7D 8D", "2C 3C 4C", "2H 3H 4H 5H 6H", "2S"], dealer=3)
    turns = _turns(rules, st, [_lowest_card] * 4, forget_last_card=1.0)
    assert turns.recorder is not None
    turns.run(0)
    first = turns.recorder.decisions[0]
    assert first["seat"] == 0 and first["card"] == "7D"
    assert first["forgot_last_card"] is True
    assert first["transfer"]["from"] == 2 and first["transfer"]["to"] == 0
    assert len(first["transfer"]["cards"]) == 2
    assert set(first["transfer"]["cards"]) <= {"2H", "3H", "4H", "5H", "6H"}
    # Nobody holds another seven: seat 0 plays the 8♦ and the deal is blocked.
    assert st.winner is None
    assert [h.bit_count() for h in st.hands] == [2, 3, 3, 1]


@pytest.mark.parametrize("engine", ENGINES)
def test_refusal_takes_a_card_from_every_other_player(engine: str) -> None:
    rules = _rules(engine, "refusal-penalty")
    st = _deal(rules, ["7D AS 10H 2C", "3C 9C", "4C 8C", "5C 6C"], dealer=3)
    st.opened = True  # refusing is only possible once the 7♦ is down
    turns = _turns(rules, st, [_passes_first(1)] + [_lowest_card] * 3, record=False)
    turns.voluntary_pass(0)
    # The refuser gets one card (chosen at random) from each other player, not from one
    # neighbour: no single seat is helped by the refusal.
    assert st.hands[0].bit_count() == 7
    for seat, dealt in ((1, "3C 9C"), (2, "4C 8C"), (3, "5C 6C")):
        assert st.hands[seat].bit_count() == 1 and st.hands[seat] & _mask(rules, dealt)
    assert st.chips == [-1, 0, 0, 0] and st.pot == 1
    assert st.passes == [1, 0, 0, 0]


@pytest.mark.parametrize("engine", ENGINES)
def test_refusal_in_a_played_deal(engine: str) -> None:
    rules = _rules(engine, "refusal-penalty")
    # Seat 0 must open with the 7♦; seat 1 could play the 8♦ but refuses once.
    st = _deal(rules, ["7D KS", "8D 2C", "6D 3C", "9D 4H"], dealer=3)
    turns = _turns(rules, st, [_lowest_card, _passes_first(1), _lowest_card, _lowest_card])
    assert turns.recorder is not None
    turns.run(choose_leader(rules, st, None))
    first, second = turns.recorder.decisions[:2]
    assert first["seat"] == 0 and first["card"] == "7D"
    assert second["seat"] == 1 and second["action"] == "pass" and second["legal"] == ["8D"]
    moves = second["transfers"]  # one move from each other player (seat 0 holds only KS now)
    assert {(m["from"], m["to"]) for m in moves} == {(2, 1), (3, 1)}
    assert sum(st.chips) + st.pot == 0


@pytest.mark.parametrize("engine", ENGINES)
def test_sevens_overlook_draws_from_the_biggest_hand(engine: str) -> None:
    rules = _rules(engine, "sevens-overlook")
    st = _deal(rules, ["7D 2C", "3C 4C", "2H 3H 4H", "2S 3S"], dealer=3)
    turns = _turns(rules, st, [_lowest_card] * 4, record=False)
    turns.voluntary_pass(0)
    assert st.hands[0].bit_count() == 3
    taken = st.hands[0] & ~_mask(rules, "7D 2C")
    assert taken.bit_count() == 1 and taken & _mask(rules, "2H 3H 4H")
    assert st.hands[2].bit_count() == 2
    assert st.chips == [0, 0, 0, 0] and st.pot == 0  # overlooking costs a card, not chips


@pytest.mark.parametrize("engine", ENGINES)
def test_caught_holding_costs_three_chips(engine: str) -> None:
    rules = _rules(engine, "caught-holding")
    st = _deal(rules, ["7D 8D", "6D 2C", "9D 3C", "2S 3S"], dealer=3)
    assert st.chips == [-1, -1, -1, -1] and st.pot == 4  # the antes
    turns = _turns(rules, st, [_lowest_card] * 4, record=False)
    turns.voluntary_pass(0)
    assert st.chips == [-4, -1, -1, -1] and st.pot == 7
    assert st.hands[0] == _mask(rules, "7D 8D")  # no card changes hands
    assert rules.pass_cost(st, 1) == 1  # a forced pass stays at one chip


@pytest.mark.parametrize("engine", ENGINES)
def test_caught_holding_in_a_played_deal(engine: str) -> None:
    rules = _rules(engine, "caught-holding")
    st = _deal(rules, ["7D 8D", "6D 2C", "9D 3C", "2S 3S"], dealer=3)
    turns = _turns(rules, st, [_passes_first(1)] + [_lowest_card] * 3)
    turns.run(0)
    # Antes 4; seat 0 holds back the 7♦ (3); seats 1-3 cannot play (1 each); 7♦, 6♦;
    # seats 2 and 3 pass again (1 each); seat 0 plays the 8♦ and is out.
    assert st.winner == 0
    assert st.pot == 12 and st.chips == [-4, -2, -3, -3]
    rules.settle(st)
    # The winner takes the pot and one chip per card left (1 + 2 + 2).
    assert st.chips == [13, -3, -5, -5] and st.pot == 0


# --- Sessions --------------------------------------------------------------------------------


def _match(variant: str, seed: int, deals: int, players: int = 4) -> MatchResult:
    rules = compiled(variant)
    table = Table(players, [random_strategy(rules) for _ in range(players)], record=True)
    return play_match(rules, table, GameRandom(seed), deals)


def test_match_rotates_the_dealer() -> None:
    result = _match("parliament", seed=3, deals=4)
    assert len(result.deals) == 4
    dealers = [d.record["dealer"] for d in result.deals if d.record is not None]
    assert dealers == [(dealers[0] + k) % 4 for k in range(4)]
    for seat in range(4):
        assert result.chips[seat] == sum(d.chips[seat] for d in result.deals)
        assert result.deals_won[seat] == sum(d.winner == seat for d in result.deals)


def test_best_of_five_stops_at_three_deal_wins() -> None:
    rules = compiled("best-of-five")
    session = rules.rule_set.session
    assert session.deals == 5 and session.target_deals == 3
    seen_early_stop = False
    for seed in range(40):
        result = _match("best-of-five", seed=seed, deals=5)
        wins = result.deals_won
        assert len(result.deals) <= 5
        if max(wins) >= 3:
            # The match stops with the deal that gave someone a third win.
            assert result.winners == [wins.index(3)]
            assert wins.count(3) == 1
            last = result.deals[-1].winner
            assert last is not None and wins[last] == 3
            seen_early_stop |= len(result.deals) < 5
        else:
            assert len(result.deals) == 5
    assert seen_early_stop


def test_previous_winner_leads_the_next_deal() -> None:
    rules = compiled("dutch-fan-tan")
    table = Table(4, [heuristic_strategy(rules) for _ in range(4)], record=True)
    result = play_match(rules, table, GameRandom(11), 4)
    for before, after in zip(result.deals, result.deals[1:], strict=False):
        assert after.record is not None
        if before.winner is not None:
            assert after.record["decisions"][0]["seat"] == before.winner


def _deal_result(winner: int, cards_left: list[int]) -> DealResult:
    n = len(cards_left)
    return DealResult(winner, [0] * n, [], 0, 0, 0, cards_left, [0] * n)


def test_dutch_fan_tan_tiebreak_fewest_cards_in_the_last_deal() -> None:
    session = compiled("dutch-fan-tan").rule_set.session
    assert session.winner is MatchWinner.MOST_CHIPS
    assert session.tiebreak is Tiebreak.FEWEST_CARDS_LAST_DEAL
    result = MatchResult(
        deals=[_deal_result(0, [0, 5, 2, 7]), _deal_result(3, [4, 1, 6, 0])],
        chips=[10, -20, 10, 0],
        deals_won=[1, 0, 0, 1],
    )
    assert match_winners(session, result) == [0]  # 4 cards left against seat 2's 6
    result.deals[-1].cards_left = [3, 1, 3, 0]
    assert match_winners(session, result) == [0, 2]  # still tied: both share the match
    # Without the tiebreak (Parliament), the tie stands.
    parliament = compiled("parliament").rule_set.session
    result.deals[-1].cards_left = [4, 1, 6, 0]
    result.deals_won = [2, 0, 2, 0]
    assert match_winners(parliament, result) == [0, 2]


def test_simulate_match_records_deal_numbers(tmp_path: Path) -> None:
    record = tmp_path / "games.jsonl"
    args = ["simulate", "dutch-fan-tan", "--match", "--games", "3", "--players", "4"]
    result = CliRunner().invoke(main, [*args, "--seed", "5", "--record", str(record)])
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in record.read_text(encoding="utf-8").splitlines()]
    assert len(lines) == 3 * 4  # one deal per player as dealer
    for game in range(3):
        deals = [r for r in lines if r["seed"] == 5 + game]
        assert [r["deal"] for r in deals] == [1, 2, 3, 4]
        dealers = [r["dealer"] for r in deals]
        assert dealers == [(dealers[0] + k) % 4 for k in range(4)]
        assert all(r["variant"] == "dutch-fan-tan" and r["players"] == 4 for r in deals)


def test_played_deal_conserves_cards_and_chips() -> None:
    rules = compiled("fan-tan-chips")
    table = Table(5, [random_strategy(rules) for _ in range(5)])
    deal = play_deal(rules, table, GameRandom(2))
    assert deal.winner is not None and deal.cards_left[deal.winner] == 0
    assert sum(deal.chips) == -deal.pot_left
    assert deal.chips[deal.winner] > 0


@pytest.mark.parametrize("engine", ENGINES)
def test_dealer_names_the_opening_seven(engine: str) -> None:
    rules = _rules(engine, "dealer-seven")
    named = set()
    for seed in range(12):
        table = Table(
            4, [heuristic_strategy(rules) for _ in range(4)], dealer=seed % 4, record=True
        )
        deal = play_deal(rules, table, GameRandom(seed))
        assert deal.record is not None
        card = deal.record["opening_card"]
        named.add(card)
        first = next(d for d in deal.record["decisions"] if d["action"] == "play")
        # The holder of the named seven leads and has to play it first.
        assert deal.record["decisions"][0]["seat"] == first["seat"]
        assert first["card"] == card and first["legal"] == [card]
        assert card in deal.record["hands"][first["seat"]]
    assert named <= {"7C", "7D", "7H", "7S"} and len(named) > 1


def test_points_sessions_pick_the_right_end() -> None:
    result = MatchResult(
        deals=[_deal_result(1, [5, 0, 3, 2])], points=[12, 30, 7, 30], deals_won=[0, 1, 0, 0]
    )
    assert match_winners(compiled("penalty-points").rule_set.session, result) == [2]  # lowest
    assert match_winners(compiled("winner-scores").rule_set.session, result) == [1, 3]  # highest
    assert match_winners(compiled("pip-scoring").rule_set.session, result) == [2]


BLOCKING_RULE = """\
id: sevens-only
extends: sevens
play:
  legal: "not row.open and card.rank == 7"
"""


def _both_engines(tmp_path: Path, name: str, text: str) -> list[Rules]:
    """The rulespec ``text`` compiled to a module on disk, and its reference interpreter."""
    from sevens.compiler.pipeline import compile_file, load_rulespec, reference_rules
    from sevens.loading.registry import _import_file
    from sevens.runtime.machine import CompiledRules

    path = tmp_path / f"{name}.yaml"
    path.write_text(text)
    module_name = name.replace("-", "_")
    module_path = tmp_path / f"{module_name}.py"
    module_path.write_text(compile_file(path).source)
    return [
        CompiledRules(_import_file(module_path, module_name)),
        reference_rules(load_rulespec(path)),
    ]


def test_a_blocked_deal_ends_without_winner_and_is_scored(tmp_path: Path) -> None:
    """Seed 003: when nobody can play any more, the deal ends and hands are scored as usual."""
    for rules in _both_engines(tmp_path, "sevens-only", BLOCKING_RULE):
        result = play_deal(
            rules, Table(4, [random_strategy(rules)] * 4, record=True), GameRandom(3)
        )
        assert result.winner is None
        assert sum(result.cards_left) == 52 - 4  # only the four sevens were played
        assert result.points == [-v for v in _hand_values(rules, result)]
        passes = [d for d in (result.record or {})["decisions"] if d["action"] == "pass"]
        assert len(passes) >= 4  # a full round of passes ended it


def _hand_values(rules: Rules, result: DealResult) -> list[int]:
    record = result.record or {}
    played = {d["card"] for d in record["decisions"] if d["action"] == "play"}
    values = {
        code: rules.rule_set.card_value[i] for i, code in enumerate(rules.rule_set.card_codes)
    }
    return [sum(values[c] for c in hand if c not in played) for hand in record["hands"]]


# -- end.when: all-empty ----------------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_pai_qi_plays_until_every_hand_is_empty(engine: str) -> None:
    """Catalogue §9: play goes on until every hand is empty, so the last player's cards are
    played or covered (and scored) too; with 'all-out' they stayed in hand, unscored."""
    rules = _rules(engine, "pai-qi")
    table = Table(4, [heuristic_strategy(rules) for _ in range(4)])
    for game in range(20):
        table.dealer = game % 4
        deal = play_deal(rules, table, GameRandom(777000 + game))
        assert deal.cards_left == [0, 0, 0, 0], deal
        assert sorted(deal.places) == [1, 2, 3, 4]


@pytest.mark.parametrize("engine", ENGINES)
def test_cinquillo_cabron_plays_on_until_nobody_can_play(engine: str) -> None:
    """Catalogue §7: the hand ends when all rows are closed, not at the first player out: it
    ends on a full round of forced passes by everyone still holding cards."""
    rules = _rules(engine, "cinquillo-cabron")
    table = Table(4, [heuristic_strategy(rules) for _ in range(4)], record=True)
    for game in range(20):
        table.dealer = game % 4
        deal = play_deal(rules, table, GameRandom(game))
        assert deal.record is not None
        holding = sum(1 for left in deal.cards_left if left)
        if holding:
            last_round = deal.record["decisions"][-holding:]
            assert all(d["action"] == "pass" and d["legal"] == [] for d in last_round), game
        assert sorted(deal.places) == [1, 2, 3, 4]


# -- which: giver -----------------------------------------------------------------------
@pytest.mark.parametrize("engine", ENGINES)
def test_the_giver_keeps_what_it_can_play_and_gives_its_costliest_other_card(
    engine: str,
) -> None:
    """Ristiseiska (catalogue §5): the player who cannot play takes a card from the previous
    player, "who chooses which card to give": a playable card is kept, and of the others the
    highest-valued (the ace counts 14) goes."""
    rules = _rules(engine, "ristiseiska")
    st = _deal(rules, ["7C 6C", "8C 5C 9D AD KH 2H 3H 4H", "2S 3S", "4S 5S"], dealer=3)
    for card in parse_cards(rules, "7C 6C", "table"):
        rules.play(st, 0, card)
    st.hands[0] = 0
    turns = _turns(rules, st, [_lowest_card] * 4, record=False)
    rule = rules.rule_set.passing.transfer
    assert rule is not None
    turns.transfer(rule, 2)  # seat 2 cannot play: seat 1, before it, gives a card
    # 8C and 5C are playable and kept; of the others the ace (14) goes, not the king (13)
    assert _codes(rules, st.hands[2]) == {"2S", "3S", "AD"}
    assert _codes(rules, st.hands[1]) == {"8C", "5C", "9D", "KH", "2H", "3H", "4H"}


@pytest.mark.parametrize("engine", ENGINES)
@pytest.mark.parametrize(
    ("source", "target"),
    [(Role.SELF, Role.NEXT), (Role.OTHERS, Role.SELF), (Role.PREVIOUS, Role.SELF)],
)
def test_no_transfer_takes_a_players_last_card(engine: str, source: Role, target: Role) -> None:
    """A penalty transfer never empties a hand, so nobody goes out by giving cards away (a
    player's own pass giving ``from: self`` included): a one-card hand gives nothing."""
    rules = _rules(engine, "ristiseiska")
    st = _deal(rules, ["7C 6C", "9D", "2S", "4S"], dealer=3)
    for card in parse_cards(rules, "7C 6C", "table"):
        rules.play(st, 0, card)
    st.hands[0] = 0
    turns = _turns(rules, st, [_lowest_card] * 4, record=False)
    held = list(st.hands)
    moved = turns.transfer(Transfer(cards=2, source=source, target=target), 2)
    assert moved == 0
    assert st.hands == held


def test_with_covers_and_penalty_points_the_fewest_points_win_the_deal(tmp_path: Path) -> None:
    """A deal with covers goes to the best score for it; where the session is won on the
    lowest total (penalty points, Badam Satti), that is the fewest points, not the most."""
    from tests.conftest import cli_on_house_rule

    text = "id: covered-penalties\nextends: badam-satti\npassing:\n  cover: true\n"
    result = cli_on_house_rule(
        text, tmp_path, "simulate", "house-rule.yaml", "--games", "30", "--record", "r.jsonl"
    )
    assert result.exit_code == 0, result.output
    records = [json.loads(line) for line in (tmp_path / "r.jsonl").read_text().splitlines()]
    assert any(d["action"] == "cover" for r in records for d in r["decisions"])
    for record in records:
        points = record["result"]["points"]
        assert points[record["winner"]] == min(points), record["result"]


FIRST_OUT_WITH_ELIMINATION = """\
id: shichi-short
extends: shichi-narabe
passing:
  limit: 1
end:
  when: first-out
"""


def test_the_first_out_ends_the_deal_and_everyone_is_ranked_where_players_can_be_eliminated(
    tmp_path: Path,
) -> None:
    """Where a pass beyond the limit eliminates, places rank everyone in every deal: the
    winner first, the others by the fewest cards left, the eliminated last (the earliest
    lowest).  Before, the others were ranked only in deals in which someone had been
    eliminated, and otherwise scored as "not out" (place 0): under Shichi Narabe's
    "players - place", more than the winner."""
    for rules in _both_engines(tmp_path, "shichi-short", FIRST_OUT_WITH_ELIMINATION):
        table = Table(4, [random_strategy(rules)] * 4)
        without_elimination = 0
        for seed in range(60):
            result = play_deal(rules, table, GameRandom(seed))
            assert sorted(result.places) == [1, 2, 3, 4], (seed, result.places)
            if result.winner is not None and result.cards_left[result.winner] == 0:
                assert result.places[result.winner] == 1
            by_place = sorted(range(4), key=lambda seat: result.places[seat])
            still_in = [s for s in by_place if result.cards_left[s] or s == result.winner]
            cards = [result.cards_left[s] for s in still_in]
            assert cards == sorted(cards), (seed, result.places, result.cards_left)
            assert result.points == [4 - place for place in result.places]
            without_elimination += all(result.cards_left[s] for s in range(4) if s != result.winner)
        assert without_elimination > 0  # the case that was scored as "not out" came up


class _GeneralTurns(_Turns):
    """The one turn loop without its lean path (:meth:`Turns.run_lean` needs ``Turns`` itself)."""


def _deals_and_states(
    monkeypatch: pytest.MonkeyPatch, rules: Rules, players: int, turns: type[_Turns]
) -> list[tuple[object, ...]]:
    """Random deals played by ``turns``: each one's result, every slot of its final state and
    the generator's position afterwards."""
    from sevens.runtime import engine

    finals: list[tuple[object, ...]] = []
    score = engine.score_deal

    def scored(rules: Rules, st: DealState, decisions: int, passes: int) -> DealResult:
        finals.append(tuple(repr(getattr(st, slot)) for slot in DealState.__slots__))
        return score(rules, st, decisions, passes)

    monkeypatch.setattr(engine, "turns_class", lambda rule_set: turns)
    monkeypatch.setattr(engine, "score_deal", scored)
    table, found = Table(players, [random_strategy(rules)] * players), []
    for seed in range(40):
        rng = GameRandom(seed)
        table.dealer = rng.below(players)
        result = play_deal(rules, table, rng)
        found.append((result, finals[-1], rng.getstate()))
    return found


@pytest.mark.parametrize("variant", ["parliament", "cinquillo-cabron", "fan-tan", "sjuan"])
def test_the_lean_turn_loop_plays_the_deals_of_the_general_one(
    monkeypatch: pytest.MonkeyPatch, variant: str
) -> None:
    """Rule sets without mechanics in a turn play random seats through ``Turns.run_lean``,
    with the rules' play written out: the same deals, the same final state (every slot), the
    same numbers drawn as the general loop.  Cinquillo cabrón plays on past the first out."""
    rules = compiled(variant)
    probe = _Turns(
        rules, DealState(4, 0, [0] * 4, rules.rule_set.n_rows), GameRandom(0), Table(4, []), None
    )
    assert probe.plan().lean
    for players in sorted({rules.rule_set.players.min, rules.rule_set.players.max}):
        lean = _deals_and_states(monkeypatch, rules, players, _Turns)
        general = _deals_and_states(monkeypatch, rules, players, _GeneralTurns)
        assert lean == general
