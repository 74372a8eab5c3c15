"""The runtime's public API: what generated move generators may import.

A generated module (or the reference interpreter) implements :class:`Rules`
over a :class:`DealState`.  Cards are ints (card ids); hands, the table and
playable sets are int bitmasks with bit ``card`` set.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any, NamedTuple, Protocol

from .contract import RuleSet

__all__ = ["ROW_PARAMETERS", "DealState", "GameError", "Rules", "SuitRowTables", "bits"]

#: The parameters of a generated row decision (``legal_on_row``, ``follow_when``…), in
#: order: the calling convention the compiler emits and the machine calls.
ROW_PARAMETERS = ("face", "suit", "start", "low", "high", "count", "env")


class GameError(Exception):
    """A game that cannot be played as specified (e.g. it cannot end)."""


def bits(mask: int) -> Iterator[int]:
    """The set bits of ``mask``, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


class DealState:
    """Everything that changes during one deal.

    Row fields are indexed by row number (``suit * rows_per_suit + k``):
    ``row_start`` the starting rank, ``row_ranks`` a bitmask of the ranks
    lying in the row (its state: the row is the unbroken run of these ranks
    through the start), ``row_mask`` the cards that may be played on the row
    now.  ``playable`` is the union of the row masks, kept up to date by
    ``Rules.play``.  Rows that do not follow suit (``layout.rows_follow_suit``) are numbered by
    the suit of the card that opens them; with ``layout.one_row_at_a_time`` ``playable`` holds
    only the cards the newest row (``last_row``) takes, or the openings once it is complete.
    """

    __slots__ = (
        "chips",
        "completed",
        "covered",
        "dealer",
        "eliminated",
        "env",
        "first_face",
        "giving_to",
        "hands",
        "joker_spots",
        "jokers",
        "laid",
        "last_passer",
        "last_row",
        "leftovers",
        "max_hand",
        "min_hand",
        "n_players",
        "opened",
        "opening_mask",
        "passes",
        "places",
        "playable",
        "pot",
        "row_mask",
        "row_ranks",
        "row_start",
        "stock",
        "table",
        "trump_card",
        "trump_spots",
        "trump_suit",
        "unable_in_a_row",
        "winner",
    )

    def __init__(self, n_players: int, dealer: int, hands: list[int], n_rows: int) -> None:
        self.n_players = n_players
        self.dealer = dealer
        self.hands = hands
        sizes = [hand.bit_count() for hand in hands]
        sizes.sort()  # a third of the instructions of max() and min(), which parse keywords
        self.max_hand = sizes[-1]
        self.min_hand = sizes[0]
        self.table = 0
        self.first_face = -1
        self.opened = False
        self.opening_mask = 0
        self.places = [0] * n_players  # finishing position, 1 = first out; 0 = still playing
        self.eliminated = [False] * n_players
        self.passes = [0] * n_players
        self.chips = [0] * n_players
        self.pot = 0
        self.winner: int | None = None
        self.row_start = [0] * n_rows
        self.row_ranks = [0] * n_rows
        self.row_mask = [0] * n_rows
        self.playable = 0
        # the row the latest card went to (-1: none yet); with ``layout.one_row_at_a_time`` the
        # newest row, with rows that do not follow suit the row a follow-up is judged on
        self.last_row = -1
        # the cards laid, in order, kept where the order of play chooses the rows (rows taken
        # one at a time or regardless of suit: the table alone does not say which row a card
        # went to); the reference interpreter rebuilds the rows from it
        self.laid: list[int] = []
        self.env: tuple[int, ...] = ()
        self.stock: list[int] = []  # cards left after the deal, drawn from the end
        self.leftovers = 0  # cards left after the deal lying face up (deal.leftovers), a mask
        self.covered = [0] * n_players  # cards each seat laid face down (passing.cover)
        # events, kept only when the scoring reads them (RuleSet.events):
        self.completed: list[int] = []  # the seat that completed each suit, in order
        self.last_passer = -1  # the last seat forced to pass
        # the players in a row, just before this turn, who could not play (game.unable_in_a_row):
        # the turn loop keeps it; a card played (or a voluntary pass) sets it back to 0
        self.unable_in_a_row = 0
        # jokers (RuleSet.wild): how many each seat holds, and the table cards they stand for
        self.jokers = [0] * n_players
        self.joker_spots = 0
        # trumps (RuleSet.trumps): the trump suit (-1: none), the last card dealt when it named
        # them (-1: none), and the places of other suits' cards where a trump lies instead
        self.trump_suit = -1
        self.trump_card = -1
        self.trump_spots = 0
        # while the engine asks a giver which card to give (``which: giver`` on a table that
        # asks every decision, the step API), the seat the card goes to; else -1
        self.giving_to = -1


class SuitRowTables(NamedTuple):
    """What ``Rules.play`` reads where each suit has one row with a fixed start and no
    table-wide facts, so that the turn loop can write the play out (:meth:`Turns.run_lean
    <sevens.runtime.turns.Turns.run_lean>`) and change the rows exactly as ``play`` does:
    the card goes to row ``suit_of[card]``, whose state becomes ``row_ranks[r] |
    rank_bit[card]``; the row's playable cards are ``masks[r << shift | ranks]``, or, where
    that is None (a state not seen yet), ``build(st, r)``, to be kept in ``masks``; a card
    of ``st.opening_mask`` opens the deal when ``check_opening``."""

    masks: Any  # a list or a dict answering None for a state not seen yet
    rank_bit: tuple[int, ...]
    suit_of: tuple[int, ...]
    shift: int
    build: Callable[[DealState, int], int]
    check_opening: bool


class Rules(Protocol):
    """What the engine needs from a rule set ready to play.

    :class:`~sevens.runtime.machine.CompiledRules` (a generated module plus the
    runtime's bookkeeping) and the reference interpreter implement it.  Every
    fact that is data lives in ``rule_set``; the methods are the decisions.
    """

    rule_set: RuleSet
    #: True when, once ``st.opened``, ``legal(st, seat) == st.hands[seat] & st.playable``.
    legal_is_playable: bool
    #: Cards whose play can grant a follow-up (every card when that depends on more than the card).
    follow_trigger_cards: int
    #: The tables ``play`` reads when it plays on one row per suit (None: ``play`` is called).
    suit_row_tables: SuitRowTables | None

    def setup(self, st: DealState) -> None:
        """Lay out pre-placed cards, initialise the rows and collect the antes."""

    def legal(self, st: DealState, seat: int) -> int: ...
    def play(self, st: DealState, seat: int, card: int) -> None: ...
    def lay_out(self, st: DealState, card: int) -> None:
        """Put a card that is in nobody's hand on the table at its place."""

    def follow_up(self, st: DealState, seat: int, card: int, first: int) -> int: ...
    def pass_cost(self, st: DealState, seat: int) -> int: ...
    def voluntary_pass_cost(self, st: DealState, seat: int) -> int: ...
    def draw_most(self, st: DealState, seat: int) -> int:
        """How many cards ``seat``, unable to play, draws (``passing.draw.most``; 0 or less: none).
        The turn loop asks it only where the record's ``Draw.most`` is ``PER_SEAT``; a constant
        count is read from the record, and it answers that constant too."""

    def settle(self, st: DealState) -> list[int]:
        """Apply end-of-deal payments to ``st.chips``; return points per seat (or ``[]``)."""
