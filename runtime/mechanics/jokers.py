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

Jokers run the one turn loop of :class:`~sevens.runtime.turns.Turns`: :class:`JokerTurns`
overrides its hooks (the options, carrying one out, going out, the record, the ranking).
Rule sets without jokers never build it: :func:`~sevens.runtime.engine.play_deal` tests
``rule_set.wild`` once per deal, so their turns pay nothing.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..api import DealState, Rules
from ..choice import PASS
from ..contract import RuleSet, Transfer, Wild
from ..mechanics.base import Table
from ..randomness import GameRandom
from ..turns import Turns

__all__ = ["JokerTable", "JokerTurns", "deal_with_jokers", "joker_options"]


@dataclass
class JokerTable(Table):
    """A :class:`~sevens.runtime.engine.Table` whose given hands come with jokers: how many
    each seat holds (the step API's ``jokers``, OpenSpiel's deal).  A plain table's given
    hands hold none."""

    jokers: list[int] | None = None


def deal_with_jokers(
    rule_set: RuleSet, players: int, dealer: int, rng: GameRandom
) -> tuple[list[int], list[int], list[int]]:
    """Shuffle the jokers in with the cards and deal as :func:`~sevens.runtime.engine.deal_cards`
    does (one at a time from the dealer's neighbour).  Returns hands, stock and jokers per seat."""
    wild = rule_set.wild
    assert wild is not None
    deck = [*rule_set.dealt_bits, *[0] * wild.jokers]  # 0 marks a joker
    rng.shuffle(deck)
    size = rule_set.deal.size_for(len(deck), players)
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


class JokerTurns(Turns):
    """The turns of a deal with jokers: cards, joker plays, redeems and passes.

    Jokers are dealt with none of the mechanics of a turn without a legal card (draws,
    covers, transfers) nor those after a play (follow-ups, events, "last card"): the rules
    with jokers have none, and these hooks say so."""

    @staticmethod
    def deal(
        rules: Rules, table: Table, rng: GameRandom
    ) -> tuple[list[int], list[int], list[int] | None]:
        """Hands, stock and jokers per seat: shuffled in, or given (jokers only where the
        table gives them, and no stock)."""
        if table.hands is None:
            return deal_with_jokers(rules.rule_set, table.players, table.dealer, rng)
        given = table.jokers if isinstance(table, JokerTable) else None
        return list(table.hands), [], list(given or [0] * table.players)

    def options(self, st: DealState, seat: int) -> int:
        """The cards ``seat`` may play (not onto a joker's spot), and from bit ``n_cards`` on
        the spots where a joker may go."""
        rules = self.rules
        if rules.legal_is_playable and st.opened:
            legal = st.hands[seat] & st.playable & ~st.joker_spots
        else:
            legal = rules.legal(st, seat) & ~st.joker_spots
        return legal | joker_options(rules, st, seat) << rules.rule_set.n_cards

    def legal_is_playable(self) -> bool:
        return False  # the options hold the joker spots: the loop asks :meth:`options`

    def play_option(self, st: DealState, seat: int, option: int) -> None:
        """A card, or a joker put where the card ``option - n_cards`` goes."""
        n_cards = self.rules.rule_set.n_cards
        if option >= n_cards:
            self.place_joker(seat, option - n_cards)
        else:
            self.rules.play(st, seat, option)

    def out(self, seat: int) -> bool:
        """Whether ``seat`` holds neither cards nor jokers."""
        return not self.st.hands[seat] and not self.st.jokers[seat]

    def draw_rule_most(self) -> tuple[bool, int | None]:
        return (False, None)

    def covers(self) -> bool:
        return False

    def pass_transfer_rule(self) -> Transfer | None:
        return None

    def after_play_mask(self) -> int:
        return 0

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

    def rank_key(self, seat: int) -> tuple[int, ...]:
        """With ``holder_last``, joker holders rank below the others; fewest cards (and
        jokers) first within each group."""
        st = self.st
        return (
            self.wild.holder_last and st.jokers[seat] > 0,
            st.hands[seat].bit_count() + st.jokers[seat],
            seat,
        )
