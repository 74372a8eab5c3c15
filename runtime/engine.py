"""The game loop: deal, turns, passes, chips, end of deal, scoring.

Deliberately thin: every rule comes from the ``Rules`` object (a generated
module or the reference interpreter).  Seats are numbered clockwise; the
player left of the dealer is ``dealer + 1``.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any

from runtime.api import DealState, GameError, Rules, bits
from runtime.strategies import PASS, Strategy

#: Decisions per card in the deck after which a deal is declared endless.
DECISION_LIMIT_PER_CARD = 200


@dataclass
class DealResult:
    """The outcome of one deal (and its record when asked for)."""

    winner: int | None
    chips: list[int]
    points: list[int]
    decisions: int
    passes: int
    pot_left: int
    cards_left: list[int]
    record: dict[str, Any] | None = field(default=None, repr=False)


def deal_hands(rules: Rules, players: int, dealer: int, rng: random.Random) -> list[int]:
    """Shuffle and deal every card one at a time, starting left of the dealer."""
    deck = list(rules.DEALT)
    rng.shuffle(deck)
    hands = [0] * players
    seat = (dealer + 1) % players
    for card in deck:
        hands[seat] |= 1 << card
        seat = seat + 1 if seat + 1 < players else 0
    return hands


def choose_leader(rules: Rules, st: DealState, previous_winner: int | None) -> int:
    """Who takes the first turn, as the rule set's ``LEADER`` says."""
    if rules.LEADER == "holder":
        for seat, hand in enumerate(st.hands):
            if hand & rules.OPENING_MASK:
                return seat
        raise GameError("nobody holds the opening card")
    if rules.LEADER == "previous-winner" and previous_winner is not None:
        return previous_winner
    return (st.dealer + 1) % st.n_players


class _Recorder:
    """Collects the decisions of one deal for the game record."""

    def __init__(self, rules: Rules) -> None:
        self.codes = rules.CARD_CODES
        self.decisions: list[dict[str, Any]] = []

    def cards(self, mask: int) -> list[str]:
        return [self.codes[c] for c in bits(mask)]

    def add(self, seat: int, legal: int, card: int, kind: str) -> None:
        entry: dict[str, Any] = {"seat": seat, "legal": self.cards(legal)}
        entry["action"] = "pass" if card == PASS else "play"
        entry["card"] = None if card == PASS else self.codes[card]
        if kind != "turn":
            entry["kind"] = kind
        self.decisions.append(entry)


def play_deal(
    rules: Rules,
    players: int,
    rng: random.Random,
    strategies: list[Strategy],
    *,
    dealer: int = 0,
    previous_winner: int | None = None,
    record: bool = False,
) -> DealResult:
    """Play one deal to its end and score it."""
    st = DealState(players, dealer, deal_hands(rules, players, dealer, rng), rules.N_ROWS)
    dealt = list(st.hands) if record else []
    rules.setup(st)  # lays out pre-placed cards and collects the antes
    layout_start = st.table
    recorder = _Recorder(rules) if record else None
    seat = choose_leader(rules, st, previous_winner)
    decisions, passes = _run_turns(rules, st, seat, rng, strategies, recorder)
    result = _score(rules, st, decisions, passes)
    if recorder is not None:
        result.record = {
            "dealer": dealer,
            "hands": [recorder.cards(h) for h in dealt],
            "layout_start": recorder.cards(layout_start),
            "decisions": recorder.decisions,
        }
    return result


def _pay_pot(st: DealState, seat: int, amount: int) -> None:
    st.chips[seat] -= amount
    st.pot += amount


def _run_turns(
    rules: Rules,
    st: DealState,
    seat: int,
    rng: random.Random,
    strategies: list[Strategy],
    recorder: _Recorder | None,
) -> tuple[int, int]:
    """The turn loop; returns (decisions, passes).  Sets ``st.winner``."""
    legal_moves, play = rules.legal, rules.play
    voluntary, has_follow_up = rules.VOLUNTARY_PASS, rules.HAS_FOLLOW_UP
    fast = rules.LEGAL_IS_PLAYABLE
    players, hands = st.n_players, st.hands
    limit = DECISION_LIMIT_PER_CARD * rules.N_CARDS
    decisions = passes = stuck = 0
    while decisions < limit:
        decisions += 1
        # Once the opening card is down, legality is the hand masked by the
        # playable set the rules keep up to date (the Rules contract).
        legal = hands[seat] & st.playable if fast and st.opened else legal_moves(st, seat)
        if legal:
            if legal & (legal - 1) or voluntary:
                card = strategies[seat](st, seat, legal, voluntary, rng)
            else:  # one legal card and no right to pass: there is no choice to ask for
                card = legal.bit_length() - 1
            if recorder is not None:
                recorder.add(seat, legal, card, "turn")
            if card != PASS:
                stuck = 0
                play(st, seat, card)
                if not hands[seat]:
                    st.winner = seat
                    return decisions, passes
                if has_follow_up:
                    decisions += _follow_ups(rules, st, seat, card, rng, strategies, recorder)
                    if not hands[seat]:
                        st.winner = seat
                        return decisions, passes
            else:  # a voluntary pass: someone could play, so the deal is not blocked
                stuck = 0
                passes += 1
                st.passes[seat] += 1
                _pay_pot(st, seat, rules.voluntary_pass_cost(st, seat))
        else:
            if recorder is not None:
                recorder.add(seat, 0, PASS, "turn")
            passes += 1
            stuck += 1
            st.passes[seat] += 1
            _pay_pot(st, seat, rules.pass_cost(st, seat))
            if stuck >= players:  # a full round in which nobody could play
                return decisions, passes
        seat = seat + 1 if seat + 1 < players else 0
    raise GameError(f"the deal did not end after {limit} decisions; the rules may never let it end")


def _follow_ups(
    rules: Rules,
    st: DealState,
    seat: int,
    card: int,
    rng: random.Random,
    strategies: list[Strategy],
    recorder: _Recorder | None,
) -> int:
    """Extra cards the same player may add at once; returns the decisions taken."""
    taken = 0
    extra = rules.follow_up(st, seat, card)
    while extra and st.hands[seat]:
        taken += 1
        card = strategies[seat](st, seat, extra, rules.FOLLOW_UP_OPTIONAL, rng)
        if recorder is not None:
            recorder.add(seat, extra, card, "follow-up")
        if card == PASS:
            break
        rules.play(st, seat, card)
        extra = rules.follow_up(st, seat, card)
    return taken


def _score(rules: Rules, st: DealState, decisions: int, passes: int) -> DealResult:
    points = rules.settle(st)
    cards_left = [hand.bit_count() for hand in st.hands]
    return DealResult(st.winner, list(st.chips), points, decisions, passes, st.pot, cards_left)
