"""The rules contract: what the compiler decides and the runtime reads, defined once.

A :class:`RuleSet` is a frozen, typed record of everything about a rule set
that is *data*: the deck, the layout shape, who leads, pass limits, penalty
transfers, how a deal ends, what is scored and how a match runs.  The
compiler builds it from the rulespec model in one function
(``sevens.compiler.contract.build_rule_set``); the emitter writes it into the
generated module as ``RULE_SET = RuleSet(...)`` and the reference interpreter
uses the very same record.  The runtime reads only these fields, so a
misspelt role or end rule is a type error (every choice is an enum) and an
unknown value cannot exist.

What is a *decision* (is this card legal here, what does this pass cost) is
not data: generated modules compile it to functions, and the record says by
:data:`PER_SEAT` when an amount needs its function.

Cards are ints.  A *face* is ``suit * n_ranks + rank`` (rank 0 the lowest of
a row); with several packs a card id is ``copy * n_faces + face``.  Hands and
the table are int bitmasks of card ids.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum, StrEnum
from functools import cache, cached_property

__all__ = [
    "PER_SEAT",
    "Amount",
    "Blocked",
    "ChipRules",
    "DealRules",
    "DeckShape",
    "Direction",
    "Draw",
    "DrawStop",
    "EndWhen",
    "FollowUpRules",
    "LayoutShape",
    "Leader",
    "MatchWinner",
    "OpeningRules",
    "OverLimit",
    "PassRules",
    "Pick",
    "PlayerRange",
    "PotTo",
    "Role",
    "RuleSet",
    "Session",
    "Teams",
    "Tiebreak",
    "Transfer",
    "Trumps",
    "Varies",
    "Wild",
]


class Leader(StrEnum):
    """Who takes the first turn of a deal."""

    HOLDER = "holder"  # the holder of the opening card
    HOLDER_OF_CARD = "holder-of-card"  # whoever was dealt ``leader_card``
    HOLDER_OF_LOWEST = "holder-of-lowest"  # the holder of the first card of ``leader_order``
    LEFT_OF_DEALER = "left-of-dealer"
    PREVIOUS_WINNER = "previous-winner"  # left of the dealer when there is none


class Direction(StrEnum):
    """Which way the deal, the turns and the deal itself pass round the table."""

    CLOCKWISE = "clockwise"  # to the left
    COUNTER_CLOCKWISE = "counter-clockwise"  # to the right


class EndWhen(StrEnum):
    """When a deal ends."""

    FIRST_OUT = "first-out"
    ALL_OUT = "all-out"
    ALL_EMPTY = "all-empty"  # as all-out, and the last player holding cards plays on alone

    @property
    def ranks_everyone(self) -> bool:
        """Whether play goes on after the first player is out, so that everyone is ranked."""
        return self is not EndWhen.FIRST_OUT

    @property
    def players_left(self) -> int:
        """How many players may still hold cards when the deal ends (all-out: one)."""
        return 0 if self is EndWhen.ALL_EMPTY else 1


class Blocked(StrEnum):
    """What a deal in which nobody can play any more does."""

    SCORE = "score"


class OverLimit(StrEnum):
    """What happens to a player who must pass beyond the pass limit."""

    ELIMINATE = "eliminate"


class Role(StrEnum):
    """A seat named relative to the player who caused a penalty transfer."""

    SELF = "self"
    LEFT = "left"
    RIGHT = "right"
    NEXT = "next"  # the player who plays after the offender (left when play is clockwise)
    PREVIOUS = "previous"  # the player who played before the offender
    MOST_CARDS = "most-cards"
    OTHERS = "others"  # as a giver only: each other player still in gives the cards


class Pick(StrEnum):
    """Which cards a penalty transfer moves."""

    RANDOM = "random"
    HIGHEST_VALUE = "highest-value"
    LOWEST_VALUE = "lowest-value"
    # the giver chooses: a card they cannot play now, the highest-valued of those (bots; the
    # giver keeps what they can use and gives what would cost most if left in hand)
    GIVER = "giver"


class PotTo(StrEnum):
    """Who takes the pot at the end of a deal."""

    WINNER = "winner"
    CARRY = "carry"  # it stays on the table for the next deal


class MatchWinner(StrEnum):
    """Who wins a match of several deals."""

    MOST_CHIPS = "most-chips"
    MOST_POTS = "most-pots"
    MOST_DEALS = "most-deals"
    HIGHEST_POINTS = "highest-points"
    LOWEST_POINTS = "lowest-points"


class Tiebreak(StrEnum):
    """How a tie for a match is broken."""

    NONE = "none"
    FEWEST_CARDS_LAST_DEAL = "fewest-cards-last-deal"


class Varies(Enum):
    """An amount that is not a constant: the module computes it per seat."""

    PER_SEAT = "per-seat"


PER_SEAT = Varies.PER_SEAT

#: Field metadata: the int is a face or a rank (the emitter writes it by name, e.g. SEVEN).
FACE: dict[str, str] = {"kind": "face"}
RANK: dict[str, str] = {"kind": "rank"}

#: A number of chips or points: a constant, or computed per seat by the function of that name.
Amount = int | Varies


@dataclass(frozen=True, slots=True)
class DeckShape:
    """Suits and ranks (lowest of a row first), packs, and faces left out of the game."""

    rank_codes: tuple[str, ...]
    suit_codes: tuple[str, ...]
    rank_values: tuple[int, ...]  # the point value of each rank
    copies: int = 1
    removed: tuple[int, ...] = field(default=(), metadata=FACE)  # not in play

    @property
    def n_ranks(self) -> int:
        return len(self.rank_codes)

    @property
    def n_suits(self) -> int:
        return len(self.suit_codes)

    @property
    def n_faces(self) -> int:
        return self.n_ranks * self.n_suits

    @property
    def n_cards(self) -> int:
        return self.n_faces * self.copies

    def copies_of(self, face: int) -> int:
        """The bitmask of every card id showing ``face``."""
        return sum(1 << (face + k * self.n_faces) for k in range(self.copies))


@dataclass(frozen=True, slots=True)
class LayoutShape:
    """How the rows are laid: where they start, how many per suit, what is laid before play."""

    start_rank: int | None = field(metadata=RANK)  # None: the first card chooses every row's
    rows_per_suit: int = 1
    start_per_row: bool = False  # with start_rank None: each row's own first card chooses its start
    wrap: bool = False  # rows continue past the highest rank to the lowest
    preplaced: tuple[int, ...] = field(default=(), metadata=FACE)  # on the table before play
    by_holders: bool = False  # preplaced cards are dealt, then their holders lay them out
    # False: a row belongs to the card that opens it (row ``suit`` is opened by a card of that
    # suit); once open, cards of any suit extend it by rank
    rows_follow_suit: bool = True
    # only the newest row takes cards; the next row opens once no card off the table fits it
    one_row_at_a_time: bool = False


@dataclass(frozen=True, slots=True)
class OpeningRules:
    """The card that must come first and who leads."""

    leader: Leader
    card: int | None = field(default=None, metadata=FACE)  # a fixed opening card
    choices: tuple[int, ...] = field(default=(), metadata=FACE)  # the dealer names one
    leader_order: tuple[int, ...] = ()  # card ids deciding ``HOLDER_OF_LOWEST``, first decides
    leader_card: int | None = field(default=None, metadata=FACE)  # for ``HOLDER_OF_CARD``
    # the card that chose the leader (HOLDER_OF_LOWEST's first card dealt, HOLDER_OF_CARD's
    # card) must open; when none of them was dealt any legal card opens
    leader_card_opens: bool = False


@dataclass(frozen=True, slots=True)
class Transfer:
    """Cards changing hands as a penalty."""

    cards: int
    source: Role
    target: Role
    which: Pick = Pick.RANDOM


@dataclass(frozen=True, slots=True)
class PassRules:
    """When a player may pass and what it costs."""

    cost: Amount = 0  # chips into the pot for a pass forced by having no legal card
    voluntary: bool = False  # a player able to play may pass anyway
    voluntary_cost: Amount = 0
    limit: int | None = None  # passes allowed per deal
    over_limit: OverLimit | None = None
    voluntary_transfer: Transfer | None = None
    transfer: Transfer | None = None  # cards moved when a player must pass (cannot play)
    cover: bool = False  # a player who cannot play lays a card face down instead
    # a pass by choice is still a pass: ``transfer``'s cards move, before ``voluntary_transfer``'s
    voluntary_with_transfer: bool = False


@dataclass(frozen=True, slots=True)
class DealRules:
    """How many cards each player is dealt; the rest form the stock, or lie face up."""

    hand_size: int | None = None  # None: every card is dealt (unless equal_hands)
    equal_hands: bool = False  # as many as all players can get alike
    stock: int = 0  # at least this many cards stay in the stock: hands shrink as players grow
    # the cards left over lie face up, for any player to lay before playing from hand
    # (runtime/mechanics/leftovers.py); False: they form a face-down stock
    leftovers: bool = False

    def size_for(self, total: int, players: int) -> int | None:
        """Cards each of ``players`` is dealt from ``total`` (None: all, some one card more)."""
        size = total // players if self.equal_hands else self.hand_size
        if self.stock:  # an equal share of what the stock leaves, at most ``hand_size``
            share = max(0, total - self.stock) // players
            size = share if size is None else min(size, share)
        return size


class DrawStop(StrEnum):
    """When a player drawing from the stock stops."""

    FIRST_FIT = "first-fit"  # at the first card drawn that fits, which must be played
    NEVER = "never"  # after the whole count; then a card that fits, if any, is played


@dataclass(frozen=True, slots=True)
class Draw:
    """A player who cannot play draws from the stock, up to ``most`` cards.

    ``most`` is a constant, None (until a card fits or the stock is empty) or
    :data:`PER_SEAT`: the module's ``draw_most`` counts the cards when the player
    cannot play (0 or less: no draw)."""

    most: Amount | None = 1
    stop: DrawStop = DrawStop.FIRST_FIT


@dataclass(frozen=True, slots=True)
class FollowUpRules:
    """Extra cards the same player may add at once after certain plays."""

    optional: bool
    trigger_cards: int  # cards whose play may grant a follow-up (bitmask of card ids)
    max: int | None = 1  # extra cards per turn at most; None: unlimited (each may grant another)


@dataclass(frozen=True, slots=True)
class Wild:
    """Jokers: wild cards a player may put into any playable spot, standing for that card.

    The row grows as if the card a joker stands for were played.  Whoever holds
    that card then plays it onto the joker's place and takes the joker into
    their hand (``redeem_optional``: they may decline, and the card stays
    unplayable in their hand).  Jokers are not card ids: each seat holds a count.
    """

    jokers: int  # jokers shuffled into the deal
    redeem_optional: bool = False
    out_on_joker: bool = True  # False: a joker may not be a player's last card
    holder_last: bool = True  # whoever still holds a joker when the deal ends ranks last


@dataclass(frozen=True, slots=True)
class Trumps:
    """A trump suit whose cards may stand in for another suit's card of the same rank.

    A trump may be laid where the card of its rank is next on another suit's open row
    (the row grows as if that card were played); the card it displaces then goes onto
    the trump row, in the trump's place, when that place is next there
    (runtime/mechanics/trumps.py).  One pack, one row per suit.
    """

    suit: int | None  # a fixed trump suit; None: the suit of the last card dealt
    # the last card dealt (when it names trumps) goes only to its own row, never in place of another
    named_card_home: bool = True


@dataclass(frozen=True, slots=True)
class ChipRules:
    """Chips: antes, payments to the winner and the pot."""

    pot_to: PotTo = PotTo.WINNER
    ante: Amount = 0
    pay_winner: Amount = 0


@dataclass(frozen=True, slots=True)
class PlayerRange:
    min: int
    max: int


@dataclass(frozen=True, slots=True)
class Session:
    """A match of several deals; defaults are filled in by the compiler."""

    winner: MatchWinner
    tiebreak: Tiebreak = Tiebreak.NONE
    deals: int | None = None  # None: one deal per player
    target_chips: int | None = None
    target_points: int | None = None
    target_deals: int | None = None


@dataclass(frozen=True, slots=True)
class Teams:
    """Fixed partnerships of ``size`` players, seated alternately.

    With ``n`` players there are ``n // size`` teams, and seat ``s`` plays with
    ``s + n // size``, ``s + 2 * n // size``, …: partners never sit side by side.
    A deal won by a player is won by their team; a team's chips and points are
    the sum of its members'.
    """

    size: int

    def count(self, players: int) -> int:
        """How many teams ``players`` players form."""
        return players // self.size

    def team_of(self, seat: int, players: int) -> int:
        """The team of ``seat``: teams are numbered from 0 by their first seat."""
        return seat % self.count(players)

    def members(self, team: int, players: int) -> tuple[int, ...]:
        """The seats of ``team``, in seat order."""
        return tuple(range(team, players, self.count(players)))

    def partners(self, seat: int, players: int) -> tuple[int, ...]:
        """The other seats of ``seat``'s team."""
        return tuple(s for s in self.members(self.team_of(seat, players), players) if s != seat)

    def sums(self, per_seat: list[int], players: int) -> list[int]:
        """Per team, the sum of its members' numbers (chips, points, deals won)."""
        return [
            sum(per_seat[s] for s in self.members(t, players)) for t in range(self.count(players))
        ]


@cache
def _following(players: int, step: int) -> tuple[int, ...]:
    """The next seat of each seat (asked several times a deal, so kept)."""
    return tuple((seat + step) % players for seat in range(players))


@dataclass(frozen=True)
class RuleSet:
    """Everything the runtime needs to know about a rule set that is data, not a decision.

    The card tables below are derived here, once, for every user of the record.
    """

    id: str
    deck: DeckShape
    layout: LayoutShape
    opening: OpeningRules
    players: PlayerRange
    session: Session
    passing: PassRules = field(default_factory=PassRules)
    follow_up: FollowUpRules | None = None
    last_card: Transfer | None = None  # penalty for not announcing one's last card
    end_when: EndWhen = EndWhen.FIRST_OUT
    blocked: Blocked = Blocked.SCORE
    direction: Direction = Direction.CLOCKWISE
    deal: DealRules = field(default_factory=DealRules)
    draw: Draw | None = None  # drawing from the stock instead of passing at once
    events: bool = False  # the engine notes who completes each suit and who passed last
    compulsory: int = 0  # card ids that must be played when one of them is legal (0: none)
    # play conditions read the mover's hand: legality is asked per seat, never kept per row
    reads_hand: bool = False
    wild: Wild | None = None  # jokers (hooks of the one turn loop, runtime/mechanics/jokers.py)
    trumps: Trumps | None = (
        None  # a trump suit (hooks of the turn loop, runtime/mechanics/trumps.py)
    )
    chips: ChipRules | None = None
    points: Amount | None = None  # None: the rule set scores no points
    teams: Teams | None = None  # fixed partnerships (None: everyone plays for themselves)

    def following(self, players: int) -> tuple[int, ...]:
        """For each seat, the seat that plays (and is dealt to) next.  Seats are numbered clockwise."""
        found = self._followings.get(players)  # asked three times a deal: kept per record
        if found is None:
            step = 1 if self.direction is Direction.CLOCKWISE else -1
            found = self._followings[players] = _following(players, step)
        return found

    @cached_property
    def _followings(self) -> dict[int, tuple[int, ...]]:
        """:meth:`following` by player count, as asked so far."""
        return {}

    @cached_property
    def dealt(self) -> tuple[int, ...]:
        """Card ids dealt to the players: every card not removed and not laid out before the deal."""
        out = set(self.deck.removed)
        if not self.layout.by_holders:
            out |= set(self.layout.preplaced)
        return tuple(c for c, face in enumerate(self.face_of) if face not in out)

    def undealt(self, players: int) -> int:
        """How many of the :attr:`dealt` cards stay in the stock when ``players`` play."""
        total = len(self.dealt)
        size = self.deal.size_for(total, players)
        return 0 if size is None else max(0, total - size * players)

    @cached_property
    def dealt_bits(self) -> tuple[int, ...]:
        """``1 << card`` for each card of :attr:`dealt`: the deal shuffles these."""
        return tuple(1 << card for card in self.dealt)

    @cached_property
    def suit_cards(self) -> tuple[int, ...]:
        """For each suit, the mask of its card ids in play (all copies, preplaced included)."""
        masks = [0] * self.deck.n_suits
        removed = set(self.deck.removed)
        for card, face in enumerate(self.face_of):
            if face not in removed:
                masks[self.suit_of[card]] |= 1 << card
        return tuple(masks)

    @cached_property
    def preplaced_cards(self) -> tuple[int, ...]:
        """Card ids on the table before play (every copy of the preplaced faces)."""
        faces = set(self.layout.preplaced)
        return tuple(c for c, face in enumerate(self.face_of) if face in faces)

    @cached_property
    def opening_mask(self) -> int:
        """Every copy of the fixed opening card (0: none)."""
        card = self.opening.card
        return 0 if card is None else self.deck.copies_of(card)

    @cached_property
    def opens_with_a_card(self) -> bool:
        """Whether a given card must open each deal: a fixed one, one the dealer names, or
        the card that chose the leader."""
        opening = self.opening
        return self.opening_mask != 0 or bool(opening.choices) or opening.leader_card_opens

    @cached_property
    def opening_choices(self) -> tuple[int, ...]:
        """For each opening card the dealer may name, the mask of its copies."""
        return tuple(self.deck.copies_of(face) for face in self.opening.choices)

    @cached_property
    def n_rows(self) -> int:
        return self.deck.n_suits * self.layout.rows_per_suit

    @cached_property
    def n_cards(self) -> int:
        return self.deck.n_cards

    @cached_property
    def face_of(self) -> tuple[int, ...]:
        return tuple(c % self.deck.n_faces for c in range(self.deck.n_cards))

    @cached_property
    def suit_of(self) -> tuple[int, ...]:
        return tuple(face // self.deck.n_ranks for face in self.face_of)

    @cached_property
    def rank_of(self) -> tuple[int, ...]:
        return tuple(face % self.deck.n_ranks for face in self.face_of)

    @cached_property
    def card_value(self) -> tuple[int, ...]:
        """The point value of each card id."""
        return tuple(self.deck.rank_values[rank] for rank in self.rank_of)

    @cached_property
    def card_codes(self) -> tuple[str, ...]:
        """Each card id's code, e.g. ``10H`` (copies share a code)."""
        deck = self.deck
        return tuple(
            deck.rank_codes[rank] + deck.suit_codes[suit]
            for rank, suit in zip(self.rank_of, self.suit_of, strict=True)
        )


@dataclass(frozen=True)
class PlayerCountProblem:
    """Why a rule set cannot be played by some number of players.

    ``keys`` are the rulespec keys (dotted) whose values cause it, the one to
    change first: validation points at the first one the rulespec states.
    """

    message: str
    keys: tuple[str, ...]
    #: What to change when some other count plays, and when none does.
    advice_for_play: str = ""
    advice_for_rules: str = ""


def player_count_problem(rule_set: RuleSet, players: int) -> PlayerCountProblem | None:
    """Why ``players``, a count within ``players.min`` … ``max``, cannot play ``rule_set``.

    ``None`` when they can.  The one test of an allowed player count: play
    refuses with it (:func:`sevens.runtime.simulate.check_players`) and ``sevens validate`` refuses a
    rule set it finds for every allowed count.
    """
    undealt, opening = rule_set.undealt(players), rule_set.opening_mask
    if rule_set.opening.leader is Leader.HOLDER and opening and undealt >= opening.bit_count():
        card = rule_set.card_codes[opening.bit_length() - 1]
        message = (
            f"with {players} players {undealt} of the cards stay undealt, and the "
            f"opening card {card}, whose holder leads, may be among them"
        )
        return PlayerCountProblem(
            message,
            ("deal.hand_size", "opening.leader", "opening.card"),
            "choose a number of players that leaves it in a hand, or another leader rule",
            "deal more cards, or choose another leader rule",
        )
    teams = rule_set.teams
    if teams is not None and (players % teams.size or players == teams.size):
        return PlayerCountProblem(
            f"{players} players cannot form two or more teams of {teams.size}",
            ("players.teams.size", "players.min", "players.max"),
            f"choose a multiple of {teams.size}, at least {2 * teams.size}",
            "allow a number of players that is a multiple of the team size",
        )
    return None
