"""The deal: shuffle, lay out, lead, play the turns, score.

Deliberately thin: every rule comes from the ``Rules`` object (a generated
module or the reference interpreter): its legality, its scoring, and a few
declared mechanics, each a module of :mod:`sevens.runtime.mechanics` plugged into
the one turn loop of :mod:`sevens.runtime.turns`.  Seats are numbered clockwise;
the player left of the dealer is ``dealer + 1``.  Turns, the deal and the next
dealer follow ``rule_set.direction`` (``RuleSet.following``).
"""

from __future__ import annotations

from .api import DealState, GameError, Rules
from .contract import Leader, RuleSet
from .mechanics.base import deal_cards
from .mechanics.jokers import JokerTurns
from .mechanics.leftovers import LeftoverTurns
from .mechanics.trumps import TrumpTurns, deal_naming_trumps, name_trumps
from .randomness import GameRandom
from .turns import (
    DECISION_LIMIT_PER_CARD,
    DealResult,
    Recorder,
    Table,
    Turns,
    best_score,
    may_pass,
    score_deal,
)

__all__ = [
    "DECISION_LIMIT_PER_CARD",
    "DealResult",
    "Recorder",
    "Table",
    "Turns",
    "best_score",
    "choose_leader",
    "deal_cards",
    "deal_hands",
    "lay_out_by_holders",
    "leader_card_mask",
    "may_pass",
    "name_opening_card",
    "new_turns",
    "open_with_leader_card",
    "play_deal",
    "score_deal",
]


def deal_hands(rules: Rules, players: int, dealer: int, rng: GameRandom) -> list[int]:
    """The hands of :func:`deal_cards` (the stock set aside)."""
    return deal_cards(rules, players, dealer, rng)[0]


def choose_leader(rules: Rules, st: DealState, previous_winner: int | None) -> int:
    """Who takes the first turn, as the rule set's ``LEADER`` says."""
    rule_set = rules.rule_set
    leader, following = rule_set.opening.leader, rule_set.following(st.n_players)
    if leader is Leader.HOLDER:
        return _holder(st, st.opening_mask, following)
    if leader is Leader.HOLDER_OF_CARD and rule_set.opening.leader_card is not None:
        return _holder(st, rule_set.deck.copies_of(rule_set.opening.leader_card), following)
    if leader is Leader.HOLDER_OF_LOWEST:
        for card in rule_set.opening.leader_order:
            if any(hand >> card & 1 for hand in st.hands):
                return _holder(st, 1 << card, following)
        # with a stock they may all lie in it: the dealer's neighbour then leads
        return following[st.dealer]
    if leader is Leader.PREVIOUS_WINNER and previous_winner is not None:
        return previous_winner
    return following[st.dealer]


def leader_card_mask(rules: Rules, st: DealState) -> int:
    """The card(s) that choose the leader and were dealt (0: none was): the first card of
    ``leader_order`` in a hand, or every dealt copy of ``leader_card``."""
    opening = rules.rule_set.opening
    held = 0
    for hand in st.hands:
        held |= hand
    if opening.leader is Leader.HOLDER_OF_CARD and opening.leader_card is not None:
        return held & rules.rule_set.deck.copies_of(opening.leader_card)
    for card in opening.leader_order:
        if held >> card & 1:
            return 1 << card
    return 0


def open_with_leader_card(rules: Rules, st: DealState) -> None:
    """With ``opening.card: leader-card``, the card that made the leader must open (any
    legal card when none of those cards was dealt, e.g. all lie in the stock)."""
    if rules.rule_set.opening.leader_card_opens:
        st.opening_mask = leader_card_mask(rules, st)
        st.opened = st.opening_mask == 0


def lay_out_by_holders(rules: Rules, st: DealState) -> None:
    """With ``layout.by_holders``, each player lays the preplaced cards they were dealt."""
    if not rules.rule_set.layout.by_holders:
        return
    for card in rules.rule_set.preplaced_cards:
        for seat in range(st.n_players):
            if st.hands[seat] >> card & 1:
                st.hands[seat] ^= 1 << card
                rules.lay_out(st, card)


def _holder(st: DealState, mask: int, following: tuple[int, ...]) -> int:
    """The first player after the dealer (in the direction of play) holding a card of ``mask``
    (packs may repeat it)."""
    seat = st.dealer
    for _ in range(st.n_players):
        seat = following[seat]
        if st.hands[seat] & mask:
            return seat
    raise GameError("nobody holds the opening card")


def turns_class(rule_set: RuleSet) -> type[Turns]:
    """The turn loop's class for the rule set: with jokers, trumps or face-up leftovers, the
    one that plugs them in."""
    if rule_set.wild is not None:
        return JokerTurns
    if rule_set.deal.leftovers:
        return LeftoverTurns
    return Turns if rule_set.trumps is None else TrumpTurns


def new_turns(
    rules: Rules, st: DealState, rng: GameRandom, table: Table, recorder: Recorder | None = None
) -> Turns:
    """The turns of a deal in ``st`` (a bot's playouts continue a deal with it)."""
    return turns_class(rules.rule_set)(rules, st, rng, table, recorder)


def play_deal(rules: Rules, table: Table, rng: GameRandom) -> DealResult:
    """Play one deal to its end and score it."""
    turns = turns_class(rules.rule_set)
    trumps, trump_card = rules.rule_set.trumps, None
    if trumps is None:
        hands, stock, jokers = turns.deal(rules, table, rng)
    else:
        hands, stock, trump_card = deal_naming_trumps(rules, table, rng)
        jokers = None
    dealer = table.dealer
    st = DealState(table.players, dealer, hands, rules.rule_set.n_rows)
    if trumps is not None:
        name_trumps(rules.rule_set, st, trump_card)
    if rules.rule_set.deal.leftovers:  # the cards left lie face up, for anyone to lay
        st.leftovers = sum(1 << card for card in stock)
    else:
        st.stock = list(stock)  # drawn from its end
    if jokers is not None:
        st.jokers = list(jokers)
    dealt = list(st.hands) if table.record else []
    rules.setup(st)  # lays out pre-placed cards and collects the antes
    st.pot += table.carried_pot
    opening_card = name_opening_card(rules, st, rng)
    seat = table.leader  # given (the step API), else chosen from the hands as dealt
    if seat is None:
        seat = choose_leader(rules, st, table.previous_winner)
    open_with_leader_card(rules, st)
    lay_out_by_holders(rules, st)
    layout_start = st.table
    recorder = Recorder(rules) if table.record else None
    decisions, passes = turns(rules, st, rng, table, recorder).run(seat)
    result = score_deal(rules, st, decisions, passes)
    if recorder is not None:
        result.record = {"dealer": dealer, "hands": [recorder.cards(h) for h in dealt]}
        if jokers is not None:
            result.record["jokers"] = jokers
        if st.trump_suit >= 0:  # the trump suit, and the card that named it
            result.record["trumps"] = rules.rule_set.deck.suit_codes[st.trump_suit]
            if st.trump_card >= 0:
                result.record["trump_card"] = rules.rule_set.card_codes[st.trump_card]
        result.record["layout_start"] = recorder.cards(layout_start)
        result.record["decisions"] = recorder.decisions
        if opening_card is not None:
            result.record["opening_card"] = rules.rule_set.card_codes[opening_card]
        if stock and rules.rule_set.deal.leftovers:
            result.record["leftovers"] = recorder.cards_in_order(sorted(stock))
        elif stock:
            result.record["stock"] = recorder.cards_in_order(stock[::-1])  # in drawing order
    return result


def name_opening_card(rules: Rules, st: DealState, rng: GameRandom) -> int | None:
    """When the dealer names the opening card, a bot dealer picks one at random."""
    choices = rules.rule_set.opening_choices
    if not choices:
        return None
    mask = choices[rng.below(len(choices))]
    st.opening_mask = mask
    st.opened = False
    return (mask & -mask).bit_length() - 1
