"""Bot strategies: given the legal cards, choose a card (or ``PASS``).

A strategy is a callable ``(st, seat, legal, can_pass, rng) -> card | PASS``
built for one rule set by a factory in :data:`STRATEGIES`.  The runtime's own
bots are here; a bot that needs more than the runtime (the search bot of
:mod:`sevens.bots`, which plays whole deals through the engine) is added to
the table by the application layer with :func:`register_strategy`, so the
runtime knows nothing of it.
"""

from __future__ import annotations

from collections.abc import Callable

from .api import DealState, Rules, bits
from .choice import PASS, Strategy, choose_uniformly
from .randomness import GameRandom

__all__ = [
    "PASS",
    "STRATEGIES",
    "Strategy",
    "choose_uniformly",
    "heuristic_strategy",
    "random_play_strategy",
    "random_strategy",
    "register_strategy",
    "withholding_strategy",
]


def random_strategy(rules: Rules) -> Strategy:
    """Uniform among the legal actions: :func:`choose_uniformly`, whatever the rules."""
    return choose_uniformly


def random_play_strategy(rules: Rules) -> Strategy:
    """Uniform among the legal *cards*; passes only when it holds none it may play.

    A random player who never throws a turn away: where the rules let a player
    pass while able to play, :func:`random_strategy` passes as often as it plays
    a given card, which no person does when passing gains nothing.  The balance
    lab's default player, so that comparing a passing rule compares games, not
    bots that pass at random.
    """

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        return choose_uniformly(st, seat, legal, can_pass and legal == 0, rng)

    return choose


def heuristic_strategy(rules: Rules) -> Strategy:
    """Play the card that opens the way to most of one's own cards.

    Each legal card is scored by how many cards of the same suit the player
    holds beyond it (further from the row's start, which this card brings
    closer), minus a penalty for opening a new row with a starting card when
    other plays exist, since that helps the opponents.  Ties go to the lower
    card id, so the strategy is deterministic.  It never passes voluntarily.  A joker
    (rules with ``deck.jokers``) is scored as the card it would stand for, plus one.
    Offered face-up leftovers (cards not in its hand, ``deal.leftovers``), it lays the best
    one only when that opens the way to cards of its own hand, and otherwise declines them
    (laying one that helps only the others gains nothing).
    """
    rule_set = rules.rule_set
    suit_of, rank_of, rows_per_suit = (
        rule_set.suit_of,
        rule_set.rank_of,
        rule_set.layout.rows_per_suit,
    )
    n_cards = rule_set.n_cards  # options from n_cards up put a joker where card - n_cards goes

    def score(st: DealState, hand: int, card: int, crowded: bool) -> int:
        suit, rank = suit_of[card], rank_of[card]
        start = st.row_start[suit * rows_per_suit]
        upward = rank >= start
        ahead = 0
        for other in bits(hand):
            if suit_of[other] == suit and other != card:
                ahead += rank_of[other] > rank if upward else rank_of[other] < rank
        opens_row = rank == start and crowded
        return 2 * ahead - opens_row

    dealt = (1 << n_cards) - 1  # options above are jokers or trumps, not cards

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        hand = st.hands[seat]
        crowded = legal & (legal - 1) != 0
        # leftovers are offered as cards outside the hand: laid only when one scores above 0
        best, best_score = PASS, (0 if legal & dealt & ~hand else -(10**9))
        for card in bits(legal):
            if card >= n_cards:  # a joker: scored as the card it stands for, plus one for
                # passing the joker on (its holder must take it back)
                value = score(st, hand, card - n_cards, crowded) + 1
            else:
                value = score(st, hand, card, crowded)
            if value > best_score:
                best, best_score = card, value
        return best

    return choose


def withholding_strategy(rules: Rules, chance: float = 0.25) -> Strategy:
    """Like the heuristic, but passes on purpose (where the rules allow it) a quarter of the time.

    It lets simulations show what voluntary passing, caught-holding fines and
    refusal penalties do to a game.
    """
    play_well = heuristic_strategy(rules)

    def choose(st: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        if can_pass and rng.random() < chance:
            return PASS
        return play_well(st, seat, legal, can_pass, rng)

    return choose


#: A strategy factory: builds a strategy for one rule set.
StrategyFactory = Callable[[Rules], Strategy]

#: Strategy factories by the name used on the command line (the applications add theirs).
STRATEGIES: dict[str, StrategyFactory] = {
    "random": random_strategy,
    "random-play": random_play_strategy,
    "heuristic": heuristic_strategy,
    "withhold": withholding_strategy,
}


def register_strategy(name: str, factory: StrategyFactory) -> None:
    """Add a strategy to :data:`STRATEGIES` under ``name`` (``--strategy NAME``).

    Registering the same factory again is harmless; another factory under a name already
    taken is a programming error."""
    known = STRATEGIES.get(name)
    if known is not None and known is not factory:
        raise ValueError(f"a different strategy is already registered as '{name}'")
    STRATEGIES[name] = factory
