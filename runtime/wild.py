"""Jokers (``RuleSet.wild``): their deal and their own turn loop.

A joker is not a card id: each seat holds a count (``DealState.jokers``).  A
player may put a joker into any spot where a card is playable now; it stands
for that card, so the row grows as if the card were played (the card's bit
is set on the table and recorded in ``DealState.joker_spots``).  The holder
of that card then plays it onto the joker's place and takes the joker into
their hand (a ``redeem`` decision; with ``redeem_optional`` they may
decline, and the card can then not be played any more).

Strategies see a joker play as the option ``n_cards + card`` in the mask of
legal options, so a bot choosing among the set bits of that mask (the
random bot) uses jokers without knowing of them.

Rule sets without jokers never come here: :func:`~sevens.runtime.engine.play_deal`
tests ``rule_set.wild`` once per deal, so their turn loops pay nothing.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from .api import DealState, GameError, Rules
from .choice import PASS
from .contract import EndWhen, RuleSet, Wild
from .engine import (
    DECISION_LIMIT_PER_CARD,
    DealResult,
    Table,
    _Recorder,
    _score,
    _Turns,
    choose_leader,
    lay_out_by_holders,
    may_pass,
    name_opening_card,
)

__all__ = ["JokerTable", "deal_with_jokers", "joker_options", "play_wild_deal"]


@dataclass
class JokerTable(Table):
    """A :class:`~sevens.runtime.engine.Table` whose given hands come with jokers: how many
    each seat holds (the step API's ``jokers``, OpenSpiel's deal).  A plain table's given
    hands hold none."""

    jokers: list[int] | None = None


def deal_with_jokers(
    rule_set: RuleSet, players: int, dealer: int, rng: random.Random
) -> tuple[list[int], list[int], list[int]]:
    """Shuffle the jokers in with the cards and deal as :func:`~sevens.runtime.engine.deal_cards`
    does (one at a time from the dealer's neighbour).  Returns hands, stock and jokers per seat."""
    wild = rule_set.wild
    assert wild is not None
    deck = [*rule_set.dealt_bits, *[0] * wild.jokers]  # 0 marks a joker
    rng.shuffle(deck)
    size = len(deck) // players if rule_set.deal.equal_hands else rule_set.deal.hand_size
    dealt = len(deck) if size is None else min(len(deck), size * players)
    hands, jokers = [0] * players, [0] * players
    following = rule_set.following(players)
    seat = following[dealer]
    for first in range(players):
        for bit in deck[first:dealt:players]:
            hands[seat] |= bit
            jokers[seat] += bit == 0
        seat = following[seat]
    stock = [bit.bit_length() - 1 for bit in deck[dealt:] if bit]  # a joker left over is unused
    return hands, stock, jokers


def joker_options(rules: Rules, st: DealState, seat: int) -> int:
    """The spots where ``seat`` may put a joker, as the mask of the cards it would stand for.

    Any card legal now (asked of the rules, as if the player held it) that is neither on the
    table nor in the player's own hand; none before the opening card is down, and none when
    the joker would be the player's last card and ``out_on_joker`` is false."""
    rule_set = rules.rule_set
    wild = rule_set.wild
    if wild is None or not st.jokers[seat] or not st.opened:
        return 0
    if not wild.out_on_joker and not st.hands[seat] and st.jokers[seat] == 1:
        return 0
    hand = st.hands[seat]
    if rules.legal_is_playable:  # legal cards are the hand masked by ``playable``: no need to ask
        return st.playable & ~st.table & ~hand
    st.hands[seat] = _in_play(rule_set) & ~st.table & ~hand
    try:
        return rules.legal(st, seat)
    finally:
        st.hands[seat] = hand


def _in_play(rule_set: RuleSet) -> int:
    """Every card id in play."""
    mask = 0
    for suit in rule_set.suit_cards:
        mask |= suit
    return mask


def play_wild_deal(rules: Rules, table: Table, rng: random.Random) -> DealResult:
    """:func:`~sevens.runtime.engine.play_deal` for a rule set with jokers."""
    rule_set, players, dealer = rules.rule_set, table.players, table.dealer
    if table.hands is None:
        hands, stock, jokers = deal_with_jokers(rule_set, players, dealer, rng)
    else:  # given hands (the step API): jokers only where the table gives them
        given = table.jokers if isinstance(table, JokerTable) else None
        hands, stock, jokers = list(table.hands), [], list(given or [0] * players)
    st = DealState(players, dealer, hands, rule_set.n_rows)
    st.stock = list(stock)
    st.jokers = list(jokers)
    dealt = list(st.hands) if table.record else []
    rules.setup(st)
    st.pot += table.carried_pot
    opening_card = name_opening_card(rules, st, rng)
    seat = table.leader
    if seat is None:
        seat = choose_leader(rules, st, table.previous_winner)
    lay_out_by_holders(rules, st)
    layout_start = st.table
    recorder = _Recorder(rules) if table.record else None
    decisions, passes = WildTurns(rules, st, rng, table, recorder).run(seat)
    result = _score(rules, st, decisions, passes)
    if recorder is not None:
        result.record = {
            "dealer": dealer,
            "hands": [recorder.cards(h) for h in dealt],
            "jokers": jokers,
            "layout_start": recorder.cards(layout_start),
            "decisions": recorder.decisions,
        }
        if opening_card is not None:
            result.record["opening_card"] = rule_set.card_codes[opening_card]
        if stock:
            result.record["stock"] = recorder.cards_in_order(stock[::-1])
    return result


class WildTurns(_Turns):
    """The turn loop of a deal with jokers: cards, joker plays, redeems and passes."""

    def run(self, seat: int) -> tuple[int, int]:
        """Play turns from ``seat``; returns (decisions, passes).  Sets ``st.winner``."""
        st, rule_set = self.st, self.rules.rule_set
        following = rule_set.following(st.n_players)
        skip_out = rule_set.end_when is EndWhen.ALL_OUT or rule_set.passing.over_limit is not None
        limit = DECISION_LIMIT_PER_CARD * rule_set.n_cards
        self.extra = self.passes = self.stuck = 0
        for decisions in range(1, limit + 1):
            if self.turn(seat):
                return decisions + self.extra, self.passes
            seat = following[seat]
            if skip_out:
                while st.places[seat]:
                    seat = following[seat]
        raise GameError(
            f"the deal did not end after {limit} decisions; the rules may never let it end"
        )

    def turn(self, seat: int) -> bool:
        """One decision of ``seat``; True when the deal ends."""
        rules, st, rule_set = self.rules, self.st, self.rules.rule_set
        n_cards = rule_set.n_cards
        if rules.legal_is_playable and st.opened:
            legal = st.hands[seat] & st.playable & ~st.joker_spots
        else:
            legal = rules.legal(st, seat) & ~st.joker_spots
        options = legal | joker_options(rules, st, seat) << n_cards
        if not options:
            return self.forced_pass(seat)
        can_pass = may_pass(rule_set, st, seat)
        if options & (options - 1) or can_pass or self.table.explicit:
            choice = self.table.strategies[seat](st, seat, options, can_pass, self.rng)
        else:
            choice = options.bit_length() - 1
        self.note(seat, options, choice)
        if choice == PASS:  # a voluntary pass: someone could play, so the deal is not blocked
            self.stuck = 0
            self.passes += 1
            self.voluntary_pass(seat)
            return False
        self.stuck = 0
        if choice >= n_cards:
            self.place_joker(seat, choice - n_cards)
        else:
            rules.play(st, seat, choice)
        return self.out(seat) and self.goes_out(seat)

    def out(self, seat: int) -> bool:
        """Whether ``seat`` holds neither cards nor jokers."""
        return not self.st.hands[seat] and not self.st.jokers[seat]

    def forced_pass(self, seat: int) -> bool:
        """``seat`` can play nothing: a pass, its cost, the pass limit; True when the deal ends."""
        st, passing = self.st, self.rules.rule_set.passing
        if self.table.explicit:
            self.table.strategies[seat](st, seat, 0, False, self.rng)
        self.note(seat, 0, PASS)
        self.passes += 1
        limit = passing.limit if passing.over_limit is not None else None
        if limit is not None and st.passes[seat] >= limit:  # a pass beyond the limit
            self.stuck = 0
            return self.eliminate(seat)
        self.stuck += 1
        st.passes[seat] += 1
        st.last_passer = seat
        cost = self.rules.pass_cost(st, seat)
        if cost:
            st.chips[seat] -= cost
            st.pot += cost
        if self.stuck >= self.active:  # a full round in which nobody could play
            if rules_end_all_out(self.rules.rule_set):
                self.rank_the_rest()
            return True
        return False

    def place_joker(self, seat: int, card: int) -> None:
        """``seat`` puts a joker where ``card`` goes; the holder of ``card`` may then redeem it."""
        st = self.st
        st.jokers[seat] -= 1
        st.joker_spots |= 1 << card
        self.rules.lay_out(st, card)  # the row grows as if the card were played
        holder = next((s for s in range(st.n_players) if st.hands[s] >> card & 1), None)
        if holder is not None:
            self.extra += 1
            self.redeem(holder, card)

    def redeem(self, holder: int, card: int) -> None:
        """The holder of the card a joker stands for plays it there and takes the joker."""
        st, wild = self.st, self.wild
        bit = 1 << card
        choice = card
        if wild.redeem_optional or self.table.explicit:
            choice = self.table.strategies[holder](st, holder, bit, wild.redeem_optional, self.rng)
        if self.recorder is not None:
            self.recorder.decisions.append(
                {
                    "seat": holder,
                    "legal": self.recorder.cards(bit),
                    "action": "redeem" if choice != PASS else "pass",
                    "card": None if choice == PASS else self.recorder.codes[card],
                    "kind": "redeem",
                }
            )
        if choice == PASS:  # declined: the joker stays, the card is dead in the holder's hand
            return
        st.hands[holder] ^= bit  # the table shows the card already
        st.joker_spots ^= bit
        st.jokers[holder] += 1

    @property
    def wild(self) -> Wild:
        wild = self.rules.rule_set.wild
        assert wild is not None
        return wild

    def note(self, seat: int, options: int, choice: int) -> None:
        """Record one turn: ``legal`` lists the cards, ``joker`` the spots a joker may take."""
        recorder = self.recorder
        if recorder is None:
            return
        n_cards = self.rules.rule_set.n_cards
        entry: dict[str, Any] = {
            "seat": seat,
            "legal": recorder.cards(options & ((1 << n_cards) - 1)),
        }
        spots = options >> n_cards
        if spots:
            entry["joker"] = recorder.cards(spots)
        if choice == PASS:
            entry["action"], entry["card"] = "pass", None
        elif choice >= n_cards:
            entry["action"], entry["card"] = "joker", recorder.codes[choice - n_cards]
        else:
            entry["action"], entry["card"] = "play", recorder.codes[choice]
        recorder.decisions.append(entry)

    def eliminate(self, seat: int) -> bool:
        """As the plain loop; the eliminated player's jokers leave the game with them."""
        self.st.jokers[seat] = 0
        return super().eliminate(seat)

    def rank_the_rest(self) -> None:
        """Places for everyone still in: with ``holder_last``, joker holders below the others
        (fewest cards first within each group), then the eliminated (the earliest lowest)."""
        st, wild = self.st, self.wild
        holding = [s for s in range(st.n_players) if not st.places[s]]

        def key(s: int) -> tuple[bool, int, int]:
            return (
                wild.holder_last and st.jokers[s] > 0,
                st.hands[s].bit_count() + st.jokers[s],
                s,
            )

        for seat in sorted(holding, key=key):
            self.finished += 1
            st.places[seat] = self.finished
        for seat in reversed(self.eliminated):
            self.finished += 1
            st.places[seat] = self.finished


def rules_end_all_out(rule_set: RuleSet) -> bool:
    """Whether players who are out are skipped and the rest ranked when the deal blocks."""
    return rule_set.end_when is EndWhen.ALL_OUT or rule_set.passing.over_limit is not None
