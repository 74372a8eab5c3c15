"""Conformance cases (tests/conformance/<id>/*.yaml) run on compiled and interpreted rules.

Each case is data taken from the rule texts (the seeds): a position and the
expected legal plays, a play and the expected follow-up cards, the hands at
the end of a deal and the expected chips and points, the hands at the deal
and the expected leader, or the cards a dealer may name to open.

Case kinds and their fields:

* ``legal``: ``table`` (in play order), ``hand``, ``legal``; optional ``named``
  (the opening card the dealer named, for rule sets whose dealer names it).
* ``follow_up``: ``table``, ``hand``, ``last``, ``follow_up``; optional ``named``.
* ``score``: ``hands``, ``winner``, ``passes`` (forced passes per seat), optional
  ``voluntary`` (passes made while able to play, per seat), ``dealt`` (hand
  sizes at the deal, for antes), ``places`` (finishing places, 1 = first
  out), ``covered`` (cards laid face down, per seat) and the events
  ``last_passer`` and ``completed`` (seats completing each suit, in order);
  expected ``chips`` and/or ``points``; with teams, optional ``teams`` (each team's seats)
  and ``team_points`` (each team's points).
* ``leader``: ``hands`` (as dealt), ``dealer``, optional ``previous_winner`` and
  ``named``; expected ``leader`` (the seat that takes the first turn) and
  optional ``order`` (the seats in turn order from the leader).
* ``opening``: expected ``choices`` (the cards the dealer may name; empty when
  the rule set has a fixed opening or none).
* ``joker``: ``table``, ``hand``, ``jokers`` (held by the asking seat); expected
  ``joker`` (the cards a joker may stand for: the spots it may take).
* ``trump``: ``table``, ``hand``, ``trump_card`` (the last card dealt, naming trumps) and
  optional ``laid`` (the cards in whose place another player laid a trump); expected
  ``legal`` (the cards the asking seat may play at their place, a displaced one onto the trump
  row) and ``trump`` (the cards a trump of the hand may be laid in place of).
* ``end``: ``hands`` (as dealt; cards nobody holds stay out of play) and ``dealer``; every
  seat plays its lowest legal card (and, laying a card face down, its lowest-valued one);
  expected ``cards_left`` when the deal ends and optional ``places``.
* ``draw``: ``hands`` (as dealt), ``stock`` (in drawing order; cards neither held nor in it
  stay out of play) and ``dealer``; every seat plays its lowest legal card; expected
  ``draws``, the first draws of the deal in order, each ``"SEAT: CARDS -> CARD"`` (the
  cards drawn, then the card played or ``pass``).
* ``leftovers``: ``hands`` (as dealt), ``leftovers`` (the cards left face up, ``deal.leftovers``)
  and ``dealer``; every seat lays every leftover that fits (the lowest first) and plays its
  lowest legal card; expected ``turns``, the first decisions of the deal in order, each
  ``"SEAT: leftover CARD"`` (a leftover laid), ``"SEAT: CARD"`` or ``"SEAT: pass"``.
* ``false_pass``: ``hands`` (as dealt), ``dealer`` and ``passer``, a seat that passes the first
  time it may although able to play; every seat otherwise plays its lowest legal card; expected
  ``moves``, the cards that change hands on that pass in order, each ``"GIVER->RECEIVER: CARDS"``.

With several packs a code repeated in ``table`` and ``hand`` together takes the
next copy, so one copy can lie on the table while the other is in the hand.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import yaml

from sevens.compiler.position import ASKING_SEAT, build_position, parse_cards
from sevens.runtime.api import DealState, Rules
from sevens.runtime.engine import choose_leader
from sevens.runtime.randomness import GameRandom
from tests.conftest import BUILTIN_IDS, compiled, reference

CONFORMANCE = Path(__file__).parent / "conformance"


def _cases(kind: str) -> list[Any]:
    params = []
    for folder in sorted(CONFORMANCE.iterdir()):
        path = folder / f"{kind}.yaml"
        if path.exists():
            for case in yaml.safe_load(path.read_text(encoding="utf-8")):
                params.append(pytest.param(folder.name, case, id=f"{folder.name}:{case['name']}"))
    return params


def _codes(rules: Rules, mask: int) -> set[str]:
    return {rules.rule_set.card_codes[c] for c in range(rules.rule_set.n_cards) if mask >> c & 1}


def _engines(variant: str) -> list[Rules]:
    return [compiled(variant), reference(variant)]  # type: ignore[list-item]


def test_every_builtin_rulespec_has_conformance_cases() -> None:
    assert {p.name for p in CONFORMANCE.iterdir() if any(p.glob("*.yaml"))} == set(BUILTIN_IDS)


def _mask(cards: list[int]) -> int:
    return sum(1 << c for c in cards)


def _name_opening(rules: Rules, st: DealState, code: str) -> None:
    """The dealer names ``code`` as the opening card (as ``name_opening_card`` does)."""
    card = parse_cards(rules, code, "named")[0]
    assert 1 << card in rules.rule_set.opening_choices, f"{code} is not a card the dealer may name"
    st.opening_mask = 1 << card
    st.opened = False


def _split(rules: Rules, case: dict[str, Any]) -> tuple[list[int], list[int]]:
    """The case's table (in play order) and hand, parsed together so copies differ."""
    n_table = len(case["table"].replace(",", " ").split())
    cards = parse_cards(rules, f"{case['table']} {case['hand']}", "position")
    return cards[:n_table], cards[n_table:]


def _position(rules: Rules, case: dict[str, Any]) -> DealState:
    """The case's table (in play order) and hand for the asking seat."""
    table, hand = _split(rules, case)
    if "named" not in case:
        return build_position(rules, table, hand, reachable=True)
    # As build_position, with the dealer's named card set before anything is played.
    preplaced = {c for c in range(rules.rule_set.n_cards) if c not in rules.rule_set.dealt}
    played = [c for c in table if c not in preplaced]
    st = DealState(4, 3, [_mask(hand), _mask(played), 0, 0], rules.rule_set.n_rows)
    rules.setup(st)
    _name_opening(rules, st, case["named"])
    for card in played:
        rules.play(st, 1, card)
    return st


@pytest.mark.parametrize(("variant", "case"), _cases("legal"))
def test_legal_plays(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        st = _position(rules, case)
        assert _codes(rules, rules.legal(st, ASKING_SEAT)) == set(case["legal"].split()), type(
            rules
        )


@pytest.mark.parametrize(("variant", "case"), _cases("joker"))
def test_joker_spots(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.mechanics.jokers import joker_options

    for rules in _engines(variant):
        st = _position(rules, case)
        st.jokers[ASKING_SEAT] = case["jokers"]
        spots = joker_options(rules, st, ASKING_SEAT)
        assert _codes(rules, spots) == set(case["joker"].split()), type(rules)


@pytest.mark.parametrize(("variant", "case"), _cases("trump"))
def test_trump_places(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.engine import Table, new_turns
    from sevens.runtime.mechanics.trumps import name_trumps

    for rules in _engines(variant):
        st = _position(rules, case)
        name_trumps(rules.rule_set, st, parse_cards(rules, case["trump_card"], "trump")[0])
        for spot in parse_cards(rules, case.get("laid", ""), "laid"):  # a trump lies there
            st.trump_spots |= 1 << spot
            rules.lay_out(st, spot)
        turns = new_turns(rules, st, GameRandom(0), Table(4, []))
        options, n = turns.options(st, ASKING_SEAT), rules.rule_set.n_cards
        assert _codes(rules, options & ((1 << n) - 1)) == set(case["legal"].split()), type(rules)
        assert _codes(rules, options >> n) == set(case["trump"].split()), type(rules)


@pytest.mark.parametrize(("variant", "case"), _cases("follow_up"))
def test_follow_up_cards(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        st = _position(rules, case)
        last, first = (
            _played(rules, case, case.get(key, case["last"])) for key in ("last", "first")
        )
        assert _codes(rules, rules.follow_up(st, ASKING_SEAT, last, first)) == set(
            case["follow_up"].split()
        )


def _played(rules: Rules, case: dict[str, Any], code: str) -> int:
    """The card of the case's table written ``code`` (its last copy there): the card just
    played, or the one that began the turn (``first``, the card just played by default)."""
    name = rules.rule_set.card_codes[parse_cards(rules, code, "card")[0]]
    return [c for c in _split(rules, case)[0] if rules.rule_set.card_codes[c] == name][-1]


def _dealt_state(rules: Rules, sizes: list[int]) -> DealState:
    """A state whose hands have the given sizes (for antes), then set up."""
    cards = iter(rules.rule_set.dealt)
    hands = [sum(1 << next(cards) for _ in range(size)) for size in sizes]
    st = DealState(len(sizes), len(sizes) - 1, hands, rules.rule_set.n_rows)
    rules.setup(st)
    return st


@pytest.mark.parametrize(("variant", "case"), _cases("score"))
def test_scoring(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        hands = [sum(1 << c for c in parse_cards(rules, h, "hand")) for h in case["hands"]]
        st = _dealt_state(rules, case.get("dealt") or [h.bit_count() for h in hands])
        st.hands = hands
        for seat, count in enumerate(case["passes"]):
            for _ in range(count):
                st.passes[seat] += 1
                cost = rules.pass_cost(st, seat)
                st.chips[seat] -= cost
                st.pot += cost
        for seat, count in enumerate(case.get("voluntary") or []):
            for _ in range(count):
                st.passes[seat] += 1
                cost = rules.voluntary_pass_cost(st, seat)
                st.chips[seat] -= cost
                st.pot += cost
        st.winner = case["winner"]
        if "last_passer" in case:  # events: the last seat forced to pass
            st.last_passer = case["last_passer"]
        if "completed" in case:  # events: the seat that completed each suit, in order
            st.completed = list(case["completed"])
        if "covered" in case:  # cards laid face down (passing.cover)
            st.covered = [_mask(parse_cards(rules, h, "covered")) for h in case["covered"]]
        if "places" in case:
            st.places = list(case["places"])
        points = rules.settle(st)
        if "chips" in case:
            assert st.chips == case["chips"]
            assert sum(st.chips) == -st.pot  # chips are conserved
        if "points" in case:
            assert points == case["points"]
        if "teams" in case or "team_points" in case:
            _check_teams(rules, case, points)


def _check_teams(rules: Rules, case: dict[str, Any], points: list[int]) -> None:
    """players.teams: the seating of the teams, and each team's points (its members' sum)."""
    teams, players = rules.rule_set.teams, len(case["hands"])
    assert teams is not None
    if "teams" in case:
        seats = [list(teams.members(t, players)) for t in range(teams.count(players))]
        assert seats == case["teams"]
    if "team_points" in case:
        assert teams.sums(points, players) == case["team_points"]


@pytest.mark.parametrize(("variant", "case"), _cases("leader"))
def test_leader(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        hands = [_mask(parse_cards(rules, h, "hand")) for h in case["hands"]]
        st = DealState(len(hands), case["dealer"], hands, rules.rule_set.n_rows)
        rules.setup(st)
        if "named" in case:
            _name_opening(rules, st, case["named"])
        leader = choose_leader(rules, st, case.get("previous_winner"))
        assert leader == case["leader"], type(rules)
        if "order" in case:  # the turns from the leader round the table
            following, seats = rules.rule_set.following(len(hands)), [leader]
            while len(seats) < len(hands):
                seats.append(following[seats[-1]])
            assert seats == case["order"], type(rules)


@pytest.mark.parametrize(("variant", "case"), _cases("opening"))
def test_opening_choices(variant: str, case: dict[str, Any]) -> None:
    for rules in _engines(variant):
        choices = {
            rules.rule_set.card_codes[(m & -m).bit_length() - 1]
            for m in rules.rule_set.opening_choices
        }
        assert all(m & (m - 1) == 0 for m in rules.rule_set.opening_choices)  # one card per choice
        assert choices == set(case["choices"].split()), type(rules)


def _lowest_legal(st: DealState, seat: int, legal: int, can_pass: bool, rng: Any) -> int:
    """Plays the lowest legal card id; never passes by choice (a forced decision: PASS)."""
    return (legal & -legal).bit_length() - 1 if legal else -1


@pytest.mark.parametrize(("variant", "case"), _cases("end"))
def test_end_of_deal(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.engine import Table, play_deal

    for rules in _engines(variant):
        hands = [_mask(parse_cards(rules, h, "hand")) for h in case["hands"]]
        table = Table(len(hands), [_lowest_legal] * len(hands), dealer=case["dealer"], hands=hands)
        deal = play_deal(rules, table, GameRandom(0))
        assert deal.cards_left == case["cards_left"], type(rules)
        if "places" in case:
            assert deal.places == case["places"], type(rules)


@pytest.mark.parametrize(("variant", "case"), _cases("draw"))
def test_draws_from_the_stock(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.engine import Table, play_deal

    for rules in _engines(variant):
        hands = [_mask(parse_cards(rules, h, "hand")) for h in case["hands"]]
        stock = parse_cards(rules, case["stock"], "stock")[::-1]  # the engine draws from the end
        table = Table(
            len(hands),
            [_lowest_legal] * len(hands),
            dealer=case["dealer"],
            hands=hands,
            stock=stock,
            record=True,
        )
        deal = play_deal(rules, table, GameRandom(0))
        assert deal.record is not None
        draws = [
            f"{d['seat']}: {' '.join(d['drawn'])} -> {d['card'] or 'pass'}"
            for d in deal.record["decisions"]
            if "drawn" in d
        ]
        assert draws[: len(case["draws"])] == case["draws"], type(rules)


@pytest.mark.parametrize(("variant", "case"), _cases("leftovers"))
def test_face_up_leftovers(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.engine import Table, play_deal

    for rules in _engines(variant):
        hands = [_mask(parse_cards(rules, h, "hand")) for h in case["hands"]]
        table = Table(
            len(hands),
            [_lowest_legal] * len(hands),
            dealer=case["dealer"],
            hands=hands,
            stock=parse_cards(rules, case["leftovers"], "leftovers"),
            record=True,
        )
        deal = play_deal(rules, table, GameRandom(0))
        assert deal.record is not None
        turns = [_turn_text(d) for d in deal.record["decisions"]]
        assert turns[: len(case["turns"])] == case["turns"], type(rules)


def _turn_text(decision: dict[str, Any]) -> str:
    """One recorded decision as a ``leftovers`` case lists it."""
    laid = "leftover " if decision.get("kind") == "leftover" else ""
    return f"{decision['seat']}: {laid}{decision['card'] or 'pass'}"


@pytest.mark.parametrize(("variant", "case"), _cases("false_pass"))
def test_cards_moved_by_a_false_pass(variant: str, case: dict[str, Any]) -> None:
    from sevens.runtime.engine import Table, play_deal

    passed: list[bool] = []

    def passes_once(st: DealState, seat: int, legal: int, can_pass: bool, rng: Any) -> int:
        if can_pass and not passed:
            passed.append(True)
            return -1
        return _lowest_legal(st, seat, legal, can_pass, rng)

    for rules in _engines(variant):
        passed.clear()
        hands = [_mask(parse_cards(rules, h, "hand")) for h in case["hands"]]
        strategies = [_lowest_legal] * len(hands)
        strategies[case["passer"]] = passes_once
        table = Table(len(hands), strategies, dealer=case["dealer"], hands=hands, record=True)
        deal = play_deal(rules, table, GameRandom(0))
        assert deal.record is not None and passed, type(rules)
        chosen = next(
            d
            for d in deal.record["decisions"]
            if d["seat"] == case["passer"] and d["action"] == "pass" and d["legal"]
        )
        notes = ([chosen["transfer"]] if "transfer" in chosen else []) + chosen.get("transfers", [])
        moves = [f"{m['from']}->{m['to']}: {' '.join(m['cards'])}" for m in notes]
        assert moves == case["moves"], type(rules)
