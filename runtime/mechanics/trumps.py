"""Trumps (``RuleSet.trumps``): a trump suit whose cards stand in for other suits' cards.

A trump may be laid where the card of its rank is next on another suit's open row:
the row grows as if that card were played (its bit is set on the table, and
recorded in ``DealState.trump_spots``: where trumps lie).  The card displaced so
has no place left on its own row; its holder plays it onto the trump row instead,
in the place of the trump of its rank, when that place is next there (the table
then shows the trump's bit: the place is filled).  A trump never opens another
suit's row, and with ``named_card_home`` the last card dealt, which named trumps,
goes only to its own row.

Strategies see a trump laid in place of card ``c`` as the option ``n_cards + c``, as
jokers are offered (:mod:`.jokers`), so a bot choosing among the set bits of the
mask uses trumps without knowing of them; a displaced card is offered as itself.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..api import DealState, GameError, Rules, bits
from ..choice import PASS
from ..contract import RuleSet
from ..mechanics.base import Table, deal_deck
from ..randomness import GameRandom
from ..turns import Turns

__all__ = [
    "TrumpTable",
    "TrumpTurns",
    "deal_naming_trumps",
    "displaced_options",
    "name_trumps",
    "trump_for",
    "trump_places",
]


@dataclass
class TrumpTable(Table):
    """A :class:`~sevens.runtime.engine.Table` whose given hands come with the last card
    dealt (a card id), which names trumps where the rule set says so (the step API,
    ``sevens legal``)."""

    trump_card: int | None = None


def deal_naming_trumps(
    rules: Rules, table: Table, rng: GameRandom
) -> tuple[list[int], list[int], int | None]:
    """Hands, stock and the last card dealt: shuffled and dealt as
    :func:`~sevens.runtime.engine.deal_cards` does, or the table's given hands and card."""
    if table.hands is not None:
        given = table.trump_card if isinstance(table, TrumpTable) else None
        return list(table.hands), list(table.stock or []), given
    deck = list(rules.rule_set.dealt_bits)
    rng.shuffle(deck)
    hands, stock = deal_deck(rules, table.players, table.dealer, deck)
    last = deck[len(deck) - len(stock) - 1]
    return hands, stock, last.bit_length() - 1


def name_trumps(rule_set: RuleSet, st: DealState, last_dealt: int | None) -> None:
    """Set the deal's trump suit: the fixed one, or that of the last card dealt."""
    trumps = rule_set.trumps
    assert trumps is not None
    if trumps.suit is not None:
        st.trump_suit = trumps.suit
        return
    if last_dealt is None:
        raise GameError("the last card dealt names trumps: give it with the hands")
    st.trump_suit = rule_set.suit_of[last_dealt]
    st.trump_card = last_dealt


def trump_for(rule_set: RuleSet, st: DealState, card: int) -> int:
    """The trump of ``card``'s rank: the card it stands in for, or whose place it takes."""
    return st.trump_suit * rule_set.deck.n_ranks + rule_set.rank_of[card]


def _legal_as_if_held(rules: Rules, st: DealState, seat: int, cards: int) -> int:
    """Which of ``cards`` (none on the table) would be legal now if ``seat`` held them all."""
    if rules.legal_is_playable and st.opened:
        return st.playable & cards
    hand = st.hands[seat]
    st.hands[seat] = cards
    try:
        return rules.legal(st, seat)
    finally:
        st.hands[seat] = hand


def trump_places(rules: Rules, st: DealState, seat: int) -> int:
    """The places where ``seat`` may lay a trump, as the mask of the cards it would stand in
    for: the next card of another suit's open row, of the rank of a trump held (not the card
    that named trumps where it must go home)."""
    rule_set = rules.rule_set
    trumps = rule_set.trumps
    if trumps is None or st.trump_suit < 0 or not st.opened:
        return 0
    held = st.hands[seat] & rule_set.suit_cards[st.trump_suit]
    if trumps.named_card_home and st.trump_card >= 0:
        held &= ~(1 << st.trump_card)
    if not held:
        return 0
    n_ranks, wanted = rule_set.deck.n_ranks, 0
    for suit, cards in enumerate(rule_set.suit_cards):
        if suit != st.trump_suit and st.table & cards:  # an open row of another suit
            for trump in bits(held):
                wanted |= 1 << (suit * n_ranks + rule_set.rank_of[trump])
    wanted &= ~st.table
    return _legal_as_if_held(rules, st, seat, wanted) if wanted else 0


def displaced_options(rules: Rules, st: DealState, seat: int) -> int:
    """The displaced cards ``seat`` may play now: those whose trump's place on the trump row
    is legal (as if the trump were held)."""
    displaced = st.hands[seat] & st.trump_spots
    if not displaced or not st.opened:
        return 0
    rule_set = rules.rule_set
    places = {trump_for(rule_set, st, card): card for card in bits(displaced)}
    fitting = _legal_as_if_held(rules, st, seat, sum(1 << place for place in places))
    return sum(1 << places[place] for place in bits(fitting))


class TrumpTurns(Turns):
    """The turns of a deal with trumps: cards, displaced cards, trumps in place of others."""

    def options(self, st: DealState, seat: int) -> int:
        """The cards ``seat`` may play (a displaced card onto the trump row), and from bit
        ``n_cards`` on the places where a trump may stand in."""
        rules = self.rules
        legal = rules.legal(st, seat) & ~st.trump_spots | displaced_options(rules, st, seat)
        return legal | trump_places(rules, st, seat) << rules.rule_set.n_cards

    def legal_is_playable(self) -> bool:
        return False  # the options hold displaced cards and trump places: ask :meth:`options`

    def play_option(self, st: DealState, seat: int, option: int) -> None:
        """A card at its place (a displaced one at its trump's), or a trump laid where the
        card ``option - n_cards`` goes."""
        rules = self.rules
        rule_set = rules.rule_set
        if option >= rule_set.n_cards:
            place = option - rule_set.n_cards
            st.hands[seat] ^= 1 << trump_for(rule_set, st, place)
            st.trump_spots |= 1 << place
            rules.lay_out(st, place)  # the row grows as if the card were played
        elif st.trump_spots >> option & 1:  # displaced: it takes its trump's place
            st.hands[seat] ^= 1 << option
            rules.lay_out(st, trump_for(rule_set, st, option))
        else:
            rules.play(st, seat, option)

    def note(self, seat: int, options: int, choice: int) -> None:
        """Record one turn: ``legal`` lists the cards, ``trump`` the cards a trump may stand
        in for; a trump laid records the trump as ``card`` and the card it stands in for as
        ``in_place_of``."""
        recorder = self.recorder
        if recorder is None:
            return
        rule_set = self.rules.rule_set
        n_cards = rule_set.n_cards
        entry: dict[str, Any] = {
            "seat": seat,
            "legal": recorder.cards(options & ((1 << n_cards) - 1)),
        }
        places = options >> n_cards
        if places:
            entry["trump"] = recorder.cards(places)
        if choice == PASS:
            entry["action"], entry["card"] = "pass", None
        elif choice >= n_cards:
            place = choice - n_cards
            entry["action"] = "trump"
            entry["card"] = recorder.codes[trump_for(rule_set, self.st, place)]
            entry["in_place_of"] = recorder.codes[place]
        else:
            entry["action"], entry["card"] = "play", recorder.codes[choice]
        recorder.decisions.append(entry)
