"""What a rule sheet states, as language-independent claims the engine can confirm.

Each sentence of a sheet about the deal, the lead, the cards, what may be played,
passing, the end of a deal and the session is chosen from one of these claims, never
from raw model fields: a sentence can state only what its claim says, and a checker
(``sevens.sheetcheck``) confirms every claim by simulating deals and asking the rules
about positions.  The claims are the same for all nine languages, so one check covers
every translation.  Where the compiler cannot tell a fact for sure, the claim says so
(``None``, "at most"), and the sheet states no more than that.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...runtime.contract import DrawStop, Leader, OverLimit, RuleSet, Transfer
from ..analyse import AnalysedRules, T, TAttr, TBinary, TConst
from ..contract import build_rule_set
from ..interpret import card_condition_holds
from .amounts import (
    ExampleDeal,
    Piecewise,
    Unrecognised,
    evaluate,
    everyone_ranked,
    highest_place,
    normalise,
    rules_deal,
    within_places,
)
from .canonical import canon
from .sentences import flatten
from .shapes import PLACE_SHAPES, POINT_SHAPE_RULES, play_shape, turn_shapes

#: The values ``LeaderClaim.kind`` takes.
NEIGHBOUR = "neighbour"  # the dealer's neighbour in the direction of play


@dataclass(frozen=True)
class LeaderClaim:
    """Who takes the first turn.

    ``kind`` is ``holder`` (of the opening card), ``holder-of-card``,
    ``holder-of-lowest``, ``previous-winner`` (in the first deal: the neighbour) or
    ``neighbour``; ``side`` is the dealer's neighbour who leads when nobody else
    does: ``left`` clockwise, ``right`` counter-clockwise.  ``cards``: the card whose
    holder leads (the opening card, ``leader_card``), or for ``holder-of-lowest`` the
    cards in the order that decides, as codes."""

    kind: str
    side: str
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class HandSizes:
    """How the cards are dealt: ``all`` (every card, hands differ by at most one),
    ``fixed`` (``per_player`` each, the rest a stock), ``equal`` (as many as all can
    get alike, the rest a stock) or ``stock`` (an equal share of what leaves at least
    ``stock`` cards in the stock, at most ``per_player``).  ``dealt`` counts the cards
    dealt out when every card is dealt (for ``stock``: the cards to deal from), jokers
    included."""

    how: str
    dealt: int | None
    per_player: int | None = None
    stock: int = 0

    def size_for(self, players: int) -> int | None:
        """The hand of each of ``players`` under a ``stock`` deal (None otherwise)."""
        if self.how != "stock" or self.dealt is None:
            return None
        share = max(0, self.dealt - self.stock) // players
        return share if self.per_player is None else min(self.per_player, share)


@dataclass(frozen=True)
class DeckClaim:
    """The cards in play: ``ranks`` are the rank codes a suit has in play, lowest first
    (ranks removed from every suit are gone), ``n_cards`` the cards without jokers."""

    ranks: tuple[str, ...]
    rank_indices: tuple[int, ...]
    n_cards: int
    removed: tuple[str, ...]
    jokers: int


@dataclass(frozen=True)
class OpeningPlays:
    """What may be played first and how rows start.

    ``card``: the fixed opening card's code, the only card playable before it is down.
    ``leader_card_opens``: the leader opens with the card that chose them (the leader
    claim's ``cards``: the first of them dealt).
    ``start_while_free``: with rows of a fixed starting rank (shape "open-rank"), a
    card of that rank may start a row of its suit as long as the suit has a row not
    started yet (``rows_per_suit`` rows per suit).  ``rows_to_start``: some row is
    still to be started once play begins (not when cards laid out before play start
    every row: then no card starts a row, whatever the play rule says of one)."""

    card: str | None
    start_rank: str | None
    rows_per_suit: int
    start_while_free: bool
    rows_to_start: bool = True
    leader_card_opens: bool = False  # the card that chose the leader is played first


@dataclass(frozen=True)
class PassRule:
    """When a player may or must pass.

    ``voluntary``: a player able to play may pass anyway; ``before_opening``: also
    while the opening card is still to come (never when there is one: its holder must
    lay it).  ``limit``: passes per deal; ``limit_counts`` ``all`` means forced passes
    count towards it too; ``limits_voluntary``: the limit stops voluntary passes;
    ``forced_continue``: forced passes go on beyond the limit (else the player is
    eliminated).  ``penalised``: a voluntary pass moves cards as a penalty."""

    voluntary: bool
    before_opening: bool
    limit: int | None
    limit_counts: str
    limits_voluntary: bool
    forced_continue: bool
    penalised: bool


@dataclass(frozen=True)
class TransferClaim:
    """The cards a pass moves, as the sheet tells them: ``forced`` after a pass without a
    legal card, ``voluntary`` after a pass made although able to play, and
    ``voluntary_as_forced``: such a pass first moves what a forced pass moves.  Each
    transfer names how many cards go from whom to whom, relative to the passer; a giver
    never gives its last card."""

    forced: Transfer | None
    voluntary: Transfer | None
    voluntary_as_forced: bool = False


@dataclass(frozen=True)
class PassCost:
    """What a pass costs in chips, paid into the pot: ``forced`` for a pass without a
    legal card, ``voluntary`` for a pass made although able to play; ``None`` where the
    amount depends on the game (then the sheet words the expression)."""

    forced: int | None
    voluntary: int | None
    to: str = "pot"


@dataclass(frozen=True)
class FollowUpClaim:
    """Extra cards after a play: ``most`` extra cards per turn at most (``None``: no
    limit); ``chaining`` is true when an extra card may itself grant another; ``shapes``,
    when known, the shapes every turn of several cards keeps (``run``: one suit, each card
    next in rank to the one before; ``same-rank``), one of them throughout; ``capped``: an
    extra card could grant another, but the turn's limit of one extra card stops it."""

    most: int | None
    chaining: bool
    optional: bool
    shapes: frozenset[str] | None = None
    capped: bool = False


@dataclass(frozen=True)
class TrumpClaim:
    """Trumps: ``suit`` the fixed trump suit's code (None: the suit of the last card dealt);
    a trump is laid only in the place of the card of its rank on another suit's started row
    that needs it next, the card it replaces goes onto the trump row in the trump's place,
    and with ``named_card_home`` the last card dealt never stands in for another.
    ``next_only``: rows grow only by the next card at an end (the plain play rule); under
    another play rule a trump takes the place of a card of its rank that could be played on
    that started row, and the sheet says only that."""

    suit: str | None
    named_card_home: bool
    next_only: bool = True


@dataclass(frozen=True)
class LeftoverClaim:
    """Face-up leftovers: the cards left after an equal deal (``per_player`` each, None: as
    many as all get alike, of ``dealt``) lie face up; before playing from hand, the player
    whose turn it is may lay any that fit, one at a time, and then still plays from hand or
    passes (laying one is not the turn's play)."""

    dealt: int
    per_player: int | None

    def count(self, players: int) -> int:
        """How many cards lie face up after the deal among ``players``."""
        size = self.dealt // players if self.per_player is None else self.per_player
        return self.dealt - size * players


@dataclass(frozen=True)
class DrawClaim:
    """What a player who cannot play draws from the stock, as the sheet tells it.

    ``first`` cards for a player after someone laid a card, and ``step`` more for each
    player in a row just before them who could not play either (``step`` 0: always
    ``first``); ``first`` None: one at a time until a card fits.  ``varies``: a count the
    sheet cannot put in such words (then only ``whole`` is claimed).  ``whole``: the whole
    count is drawn before a card is played; otherwise the drawing stops at the first card
    that fits, which is played."""

    first: int | None
    step: int
    varies: bool
    whole: bool

    def count(self, unable: int) -> int | None:
        """The cards drawn after ``unable`` players in a row could not play (None: until a
        card fits); only for a count the sheet tells (not ``varies``)."""
        return None if self.first is None else self.first + self.step * unable


@dataclass(frozen=True)
class DealEnd:
    """When a deal ends (``first-out`` or ``all-out``) and whether it can end blocked,
    with cards in hand and nobody able to play."""

    when: str
    can_block: bool


@dataclass(frozen=True)
class DealWinner:
    """Who wins a deal: ``first-out``, or ``best-score`` (faces down and points).
    ``last_standing``: a player left alone when every other player has been eliminated
    (the pass limit) wins the deal with cards still in hand, if nobody went out before."""

    by: str
    last_standing: bool = False


@dataclass(frozen=True)
class TeamsClaim:
    """Fixed partnerships of ``size`` players: partners never sit side by side (with teams
    of two, they sit opposite each other), a deal won by a player is won by their team, a
    team's chips and points are its players' sums, and a session is won by a team."""

    size: int


@dataclass(frozen=True)
class SessionEnd:
    """How a session ends: ``deals`` per session (``None``: one per player), whether the
    sources leave the number to the players (``agreed``, the suggestion being
    ``deals``), and the early-end targets."""

    deals: int | None
    agreed: bool
    target_chips: int | None
    target_points: int | None
    target_deals: int | None


@dataclass(frozen=True)
class ScoringClaim:
    """What each player scores at the end of a deal, as the sheet tells it: ``terms``, the
    sum of recognised terms per case its sentences say (:mod:`.amounts`); ``shape``, the
    rule a hand-written sentence states that is no such sum
    (:data:`.shapes.POINT_SHAPE_RULES`); or ``worked``, the end of a deal its table of
    worked values shows, with each player's points in that table."""

    terms: Piecewise | None = None
    shape: str | None = None
    worked: tuple[ExampleDeal, tuple[Fraction, ...]] | None = None


@dataclass(frozen=True)
class RowsClaim:
    """One row at a time (``layout.one_row_at_a_time``), as the sheet tells it: only the
    newest row takes cards, and a new row opens, with a card of rank ``start``, only once no
    card off the table fits the newest row.  ``without_suit``: cards of any suit extend a
    row by rank (``layout.rows_follow_suit`` false), else only its suit's.  ``reach``: a row
    is finished once one end lies that many ranks from its start (None: at the pack's ends).
    ``one_row_turns``: a turn's extra cards all go on the row just played to, and none
    starts a row."""

    without_suit: bool
    start: int
    reach: int | None
    one_row_turns: bool


@dataclass(frozen=True)
class Claims:
    """Every claim a rule sheet makes, for one rule set."""

    leader: LeaderClaim
    hands: HandSizes
    deck: DeckClaim
    opening: OpeningPlays
    passing: PassRule
    cost: PassCost
    follow_up: FollowUpClaim | None
    end: DealEnd
    winner: DealWinner
    session: SessionEnd | None
    scoring: ScoringClaim | None = None
    draw: DrawClaim | None = None
    trumps: TrumpClaim | None = None
    teams: TeamsClaim | None = None
    leftovers: LeftoverClaim | None = None
    rows: RowsClaim | None = None
    transfers: TransferClaim | None = None


def claims_of(rules: AnalysedRules, parent: Claims | None = None) -> Claims:
    """The claims of the rule sheet of ``rules``, from its analysed model and rule set.

    ``parent`` holds the claims of the rule set ``rules`` extends, if any: what the
    parent leaves to the players stays open only while the child keeps its value."""
    rule_set = build_rule_set(rules)
    draw = draw_claim(rules)
    return Claims(
        leader=_leader(rule_set),
        hands=_hands(rule_set),
        deck=_deck(rule_set),
        opening=_opening(rules, rule_set),
        passing=_passing(rule_set),
        cost=_cost(rule_set),
        follow_up=_follow_up(rules, rule_set),
        end=DealEnd(rule_set.end_when.value, can_block(rules, rule_set, draw)),
        winner=_winner(rule_set),
        session=_session(rules, rule_set, parent.session if parent else None),
        scoring=scoring_claim(rules),
        draw=draw,
        trumps=_trumps(rules, rule_set),
        teams=None if rule_set.teams is None else TeamsClaim(rule_set.teams.size),
        leftovers=_leftovers(rule_set),
        rows=_rows(rules, rule_set),
        transfers=_transfers(rule_set),
    )


def _transfers(rule_set: RuleSet) -> TransferClaim | None:
    """The cards passes move (None: no pass moves any)."""
    passing = rule_set.passing
    if passing.transfer is None and passing.voluntary_transfer is None:
        return None
    return TransferClaim(
        passing.transfer, passing.voluntary_transfer, passing.voluntary_with_transfer
    )


def _leftovers(rule_set: RuleSet) -> LeftoverClaim | None:
    deal = rule_set.deal
    if not deal.leftovers:
        return None
    return LeftoverClaim(len(rule_set.dealt), None if deal.equal_hands else deal.hand_size)


#: The play-rule shapes a sheet tells for rows taken one at a time (with a cap or without).
ONE_ROW_SHAPES = frozenset({"open-rank", "extend", "extend-capped"})


def _rows(rules: AnalysedRules, rule_set: RuleSet) -> RowsClaim | None:
    """The claim of rows taken one at a time, where the play rule has shapes the sheet tells
    (an opening rank, the next card at either end, perhaps with a cap) and rows do not wrap."""
    layout = rule_set.layout
    if not layout.one_row_at_a_time or layout.wrap or layout.start_rank is None:
        return None
    shapes = [play_shape(part) for part in flatten(rules.legal.tree, "or")]
    if any(shape is None or shape[0] not in ONE_ROW_SHAPES for shape in shapes):
        return None
    if any(shape and shape[0] == "open-rank" and shape[1] != layout.start_rank for shape in shapes):
        return None  # rows opened by another rank than the layout's start: not this claim
    reach = next(
        (n for shape in shapes if shape and shape[0] == "extend-capped" for n in shape[1:]), None
    )
    follow = rules.spec.follow_up
    turns = (
        follow is not None
        and rules.follow_when is not None
        and rules.follow_allow is not None
        and (canon(rules.follow_when.tree), canon(rules.follow_allow.tree)) == ("true", "row.open")
    )
    return RowsClaim(not layout.rows_follow_suit, layout.start_rank, reach, turns)


#: Play-rule shapes under which a row grows only by the next card at one of its ends.
NEXT_CARD_SHAPES = frozenset({"open-rank", "extend"})


def _trumps(rules: AnalysedRules, rule_set: RuleSet) -> TrumpClaim | None:
    trumps = rule_set.trumps
    if trumps is None:
        return None
    suit = None if trumps.suit is None else rule_set.deck.suit_codes[trumps.suit]
    shapes = [play_shape(part) for part in flatten(rules.legal.tree, "or")]
    next_only = all(shape is not None and shape[0] in NEXT_CARD_SHAPES for shape in shapes)
    return TrumpClaim(suit, trumps.named_card_home, next_only)


def draw_claim(rules: AnalysedRules) -> DrawClaim | None:
    """Drawing from the stock: a fixed count, one at a time until a card fits, a count that
    grows by a whole number for each player in a row who could not play
    (``a + b * game.unable_in_a_row``, the count at least 1), or a count that varies otherwise."""
    draw = rules.spec.draw
    if draw is None:
        return None
    whole = draw.stop is DrawStop.NEVER
    if rules.draw_most is None:
        return DrawClaim(first=None, step=0, varies=False, whole=False)
    linear = unable_linear(rules.draw_most.tree)
    if linear is None or linear[0] < 1 or linear[1] < 0:
        return DrawClaim(first=None, step=0, varies=True, whole=whole)
    return DrawClaim(first=linear[0], step=linear[1], varies=False, whole=whole)


def unable_linear(node: T) -> tuple[int, int] | None:
    """``node`` as ``a + b * game.unable_in_a_row`` with whole ``a`` and ``b`` (None: not so)."""
    if isinstance(node, TConst):
        value = node.value
        return (value, 0) if isinstance(value, int) and not isinstance(value, bool) else None
    if isinstance(node, TAttr) and node.name == "unable_in_a_row":
        return (0, 1)
    if not isinstance(node, TBinary) or node.op not in ("+", "-", "*"):
        return None
    left, right = unable_linear(node.left), unable_linear(node.right)
    if left is None or right is None:
        return None
    if node.op == "+":
        return (left[0] + right[0], left[1] + right[1])
    if node.op == "-":
        return (left[0] - right[0], left[1] - right[1])
    if left[1] and right[1]:
        return None  # the square of the count: no such rule is told
    return (left[0] * right[0], left[0] * right[1] + left[1] * right[0])


def scoring_claim(rules: AnalysedRules) -> ScoringClaim | None:
    """The points a sheet tells (``None`` without points): a hand-written rule, a sum of
    recognised terms, or else the worked values of its example end of a deal, as
    :func:`.sheet.amount` chooses between them."""
    if rules.points is None:
        return None
    tree = rules.points.tree
    shape = POINT_SHAPE_RULES.get(canon(tree))
    if shape is not None and (shape not in PLACE_SHAPES or everyone_ranked(rules.spec)):
        return ScoringClaim(shape=shape)
    try:
        return ScoringClaim(terms=within_places(normalise(tree), highest_place(rules.spec)))
    except Unrecognised:
        deal = rules_deal(rules)
        deck = rules.spec.deck
        values = tuple(evaluate(deck, deal, seat, tree) for seat in range(len(deal.hands)))
        return ScoringClaim(worked=(deal, values))


def _leader(rule_set: RuleSet) -> LeaderClaim:
    side = "right" if rule_set.direction.value == "counter-clockwise" else "left"
    leader = rule_set.opening.leader
    kind = NEIGHBOUR if leader is Leader.LEFT_OF_DEALER else leader.value
    opening, codes = rule_set.opening, rule_set.card_codes
    cards: tuple[int, ...] = ()
    if leader is Leader.HOLDER and opening.card is not None:
        cards = (opening.card,)
    elif leader is Leader.HOLDER_OF_CARD and opening.leader_card is not None:
        cards = (opening.leader_card,)
    elif leader is Leader.HOLDER_OF_LOWEST:
        cards = opening.leader_order
    return LeaderClaim(kind, side, tuple(codes[c] for c in cards))


def _hands(rule_set: RuleSet) -> HandSizes:
    deal = rule_set.deal
    jokers = rule_set.wild.jokers if rule_set.wild is not None else 0
    if deal.stock:  # hands shrink as players grow, so the stock keeps its cards
        return HandSizes("stock", len(rule_set.dealt) + jokers, deal.hand_size, deal.stock)
    if deal.hand_size is not None:
        return HandSizes("fixed", None, deal.hand_size)
    if deal.equal_hands:
        return HandSizes("equal", None)
    return HandSizes("all", len(rule_set.dealt) + jokers)  # preplaced cards are not dealt


def _deck(rule_set: RuleSet) -> DeckClaim:
    deck = rule_set.deck
    n_ranks, removed = len(deck.rank_codes), set(deck.removed)
    n_suits = len(deck.suit_codes)
    in_play = tuple(
        rank
        for rank in range(n_ranks)
        if any(suit * n_ranks + rank not in removed for suit in range(n_suits))
    )
    return DeckClaim(
        ranks=tuple(deck.rank_codes[r] for r in in_play),
        rank_indices=in_play,
        n_cards=sum(1 for face in rule_set.face_of if face not in removed),
        removed=tuple(
            deck.rank_codes[f % n_ranks] + deck.suit_codes[f // n_ranks] for f in sorted(removed)
        ),
        jokers=rule_set.wild.jokers if rule_set.wild is not None else 0,
    )


def _opening(rules: AnalysedRules, rule_set: RuleSet) -> OpeningPlays:
    start = rule_set.layout.start_rank
    card = rule_set.opening.card
    shapes = dict(play_shape(part) or ("", None) for part in flatten(rules.legal.tree, "or"))
    if "open-rank" in shapes:
        start = shapes["open-rank"]  # the rank the play rule names starts a row
    rows_to_start = not rows_started_before_play(rule_set)
    return OpeningPlays(
        card=rule_set.card_codes[card] if card is not None else None,
        start_rank=rule_set.deck.rank_codes[start] if start is not None else None,
        rows_per_suit=rule_set.layout.rows_per_suit,
        # with one row at a time a row starts only once the newest is finished (RowsClaim)
        start_while_free=bool(shapes.keys() & {"open-rank", "open-start"})
        and not rule_set.layout.one_row_at_a_time
        and start is not None
        and rows_to_start,
        rows_to_start=rows_to_start,
        leader_card_opens=rule_set.opening.leader_card_opens,
    )


def rows_started_before_play(rule_set: RuleSet) -> bool:
    """Whether the cards laid out before play start every row (one row per suit)."""
    layout, n_ranks = rule_set.layout, rule_set.deck.n_ranks
    started = {face // n_ranks for face in layout.preplaced}
    return layout.rows_per_suit == 1 and len(started) == len(rule_set.deck.suit_codes)


def _passing(rule_set: RuleSet) -> PassRule:
    passing = rule_set.passing
    has_opening = rule_set.opens_with_a_card
    eliminates = passing.limit is not None and passing.over_limit is OverLimit.ELIMINATE
    return PassRule(
        voluntary=passing.voluntary,
        before_opening=passing.voluntary and not has_opening,
        limit=passing.limit,
        limit_counts="all",  # the engine counts every pass, forced ones too
        limits_voluntary=passing.voluntary and passing.limit is not None,
        forced_continue=not eliminates,
        penalised=passing.voluntary_transfer is not None or passing.voluntary_with_transfer,
    )


def _winner(rule_set: RuleSet) -> DealWinner:
    """The first out wins, or the best score where faces down are scored; with elimination
    beyond the pass limit the last player left wins if every other one was eliminated."""
    if rule_set.passing.cover and rule_set.points is not None:
        return DealWinner("best-score")
    passing = rule_set.passing
    eliminates = passing.limit is not None and passing.over_limit is OverLimit.ELIMINATE
    return DealWinner("first-out", last_standing=eliminates)


def _cost(rule_set: RuleSet) -> PassCost:
    passing = rule_set.passing
    forced = passing.cost if isinstance(passing.cost, int) else None
    voluntary = passing.voluntary_cost if isinstance(passing.voluntary_cost, int) else None
    return PassCost(forced, voluntary)


def _follow_up(rules: AnalysedRules, rule_set: RuleSet) -> FollowUpClaim | None:
    follow = rule_set.follow_up
    if follow is None:
        return None
    may_chain = _may_chain(rules, rule_set)
    chaining = follow.max != 1 and may_chain
    most = follow.max if chaining else 1
    shapes = None
    if rules.follow_when is not None and rules.follow_allow is not None:
        when, allow = rules.follow_when.tree, rules.follow_allow.tree
        shapes = turn_shapes(when, allow, follow.optional, follow.max, rules.spec.deck.copies)
    capped = follow.max == 1 and may_chain  # "only one", though the extra card may grant one
    return FollowUpClaim(most, chaining, follow.optional, shapes, capped)


def _may_chain(rules: AnalysedRules, rule_set: RuleSet) -> bool:
    """Whether a card played as a follow-up may grant another: surely not when the cards
    that grant one are known (``when`` reads only the card) and ``allow`` reads only the
    card and refuses every one of them."""
    allow = rules.follow_allow
    card_only = {"card", "card.rank", "card.suit", "card.value"}
    triggers = rule_set.follow_up.trigger_cards if rule_set.follow_up else 0
    every = (1 << rule_set.n_cards) - 1
    if allow is None or triggers == every or not allow.uses <= card_only:
        return True
    spec = rules.spec
    faces = {rule_set.face_of[c] for c in range(rule_set.n_cards) if triggers >> c & 1}
    return any(card_condition_holds(spec, allow.tree, face) for face in faces)


#: Play shapes under which a card may be laid past a gap: the cards skipped can never be
#: played, so a deal can block with them in hand (Cinquillo cabrón).
SKIPPING_SHAPES = frozenset({"beyond"})
#: Play shapes under which a row grows at both ends (or round the corner).
GROWING = frozenset({"extend", "up-first", "down-first", "extend-unless-held", "tunnel"})


def can_block(rules: AnalysedRules, rule_set: RuleSet, draw: DrawClaim | None = None) -> bool:
    """Whether a deal can end with cards in hand and nobody able to play.

    Under the family's own play shapes, with every card dealt or laid out, the card
    next to each end of a row (or a suit's starting card) is always in an active
    player's hand: eliminated players' cards go to the table, and gaps they leave are
    next to a row's end.  So someone can always play, unless a shape lets a card skip
    others, a row is opened by another rank than its start, the far end closes on rows
    that do not turn the corner (the tunnel without wrap), cards stay in a stock nobody
    draws from, a starting card laid out by its holder stays in the stock, a copy of a
    card has no row of its own to go to, there are jokers (one still held when every
    card is down has nowhere to go), or rows are chosen by the order of play (only the
    newest row takes cards, or rows without suits take any card of their rank, so no card
    is bound to be next anywhere); other play rules may block too.  With covers it never
    blocks: a player who cannot play lays a card face down, so some hand always shrinks."""
    if rule_set.passing.cover:
        return False
    layout = rule_set.layout
    if layout.one_row_at_a_time or not layout.rows_follow_suit:
        return True  # a row without a suit, or the newest row alone, may take no card held
    parts = flatten(rules.legal.tree, "or")
    shapes = [play_shape(part) for part in parts]
    if any(shape is None for shape in shapes):
        return True
    names = {shape[0] for shape in shapes if shape is not None}
    if names & SKIPPING_SHAPES:
        return True
    growing = names & (GROWING | {"up"})
    if not growing or (not rule_set.layout.wrap and not names & GROWING):
        return True  # rows that do not grow both ways leave cards behind them
    if "tunnel" in names and not rule_set.layout.wrap:
        return True  # an end that reaches the last rank closes the other: cards stay behind it
    if (rule_set.layout.start_rank is not None) == bool(names & {"open-any", "first"}):
        return True  # any card starts a row under a fixed start, or none under a free one
    if (
        rule_set.layout.start_rank is None
        and not rule_set.layout.start_per_row
        and ("open-any" in names)
    ):
        return True  # the first card fixes every row's start, yet any card may open a row
    if rule_set.layout.start_per_row and "open-any" not in names:
        return True  # a row's own first card sets its start: only "any card" opens more rows
    opens = {shape[1] for shape in shapes if shape is not None and shape[0] == "open-rank"}
    if opens - {rule_set.layout.start_rank}:
        return True  # a row opened by another rank than its start has no run to grow
    if rule_set.deck.copies > rule_set.layout.rows_per_suit and "inside" not in names:
        return True  # a second copy of a card has no place of its own
    if rule_set.layout.wrap and rule_set.deck.copies > 1:
        return True  # rows of one suit turning the corner can meet each other
    if _holes(rule_set) or _rows_never_start(rule_set, names):
        return True
    deal = rule_set.deal
    stock = deal.hand_size is not None or deal.equal_hands or deal.stock > 0
    if stock and (draw is None or draw.varies):
        return True  # cards may stay in the stock: nobody draws them, or a count may be none
    if stock and rule_set.layout.by_holders and not names & OPENING_SHAPES:
        return True  # a starting card left in the stock is never laid out: its row never starts
    # a joker goes only where a card may be played: once the last card is down, a joker
    # still in hand has no place, and its holder can never go out
    return rule_set.wild is not None


#: Play shapes that start a row.
OPENING_SHAPES = frozenset({"open-rank", "open-start", "first", "open-any"})


def _rows_never_start(rule_set: RuleSet, names: set[str]) -> bool:
    """Whether some row can never start: no play starts one and the cards laid out before
    play do not start every suit, or a card laid out before play is not a starting card."""
    layout, deck = rule_set.layout, rule_set.deck
    n_ranks, start = len(deck.rank_codes), layout.start_rank
    if start is not None and any(face % n_ranks != start for face in layout.preplaced):
        return True
    started = {face // n_ranks for face in layout.preplaced}
    return not names & OPENING_SHAPES and len(started) < len(deck.suit_codes)


def _holes(rule_set: RuleSet) -> bool:
    """Whether removed cards leave a gap a row cannot grow across (or take a starting
    card away): the cards beyond it are stuck."""
    deck, start = rule_set.deck, rule_set.layout.start_rank
    if not deck.removed:
        return False
    if rule_set.layout.wrap:
        return True
    n_ranks, removed = len(deck.rank_codes), set(deck.removed)
    for suit in range(len(deck.suit_codes)):
        ranks = [r for r in range(n_ranks) if suit * n_ranks + r not in removed]
        if ranks and (
            ranks[-1] - ranks[0] + 1 != len(ranks) or (start is not None and start not in ranks)
        ):
            return True
    return False


def _session(
    rules: AnalysedRules, rule_set: RuleSet, parent: SessionEnd | None
) -> SessionEnd | None:
    """The session claim.  ``agreed`` is inherited through ``extends``; a child that
    sets another number of deals than its parent's has fixed it, so it is no longer open."""
    if rules.spec.session is None:
        return None
    session = rule_set.session
    agreed = "session.deals" in rules.spec.naming.agreed
    if agreed and rules.spec.parent is not None:
        agreed = parent is not None and parent.agreed and parent.deals == session.deals
    return SessionEnd(
        deals=session.deals,
        agreed=agreed,
        target_chips=session.target_chips,
        target_points=session.target_points,
        target_deals=session.target_deals,
    )


__all__ = [
    "Claims",
    "DealEnd",
    "DealWinner",
    "DeckClaim",
    "FollowUpClaim",
    "HandSizes",
    "LeaderClaim",
    "OpeningPlays",
    "PassCost",
    "PassRule",
    "ScoringClaim",
    "SessionEnd",
    "claims_of",
    "scoring_claim",
]
