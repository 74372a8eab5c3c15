"""Positions given as text: card lists for ``sevens legal``, conformance cases and rule sheets.

A position is built by playing its table cards through any :class:`Rules`
(a compiled module or the compiler's reference interpreter), so the rule
sheets' worked example and the command line read positions the same way.

A player reads a table as a set, not as a history, so a reachable position
(``reachable=True``) accepts the table cards in any order: the order given is
tried first, then an order is searched for.  Rows grow outward from their
starts, so the search lays the opening card (or, where the first card chooses
the rows' start, each possible first card), then reconstructs each suit's
cards on their own, nearest the start first; only when that fails (rules that
read the whole table) does it search over every card, within a budget.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..runtime.api import DealState, Rules, bits
from .errors import Diagnostic, SevensError, did_you_mean

#: The seat whose legal moves are asked for; seat 1 holds the table cards before they are laid.
ASKING_SEAT = 0
_TABLE_SEAT = 1
#: States the order search may visit before it gives up (a table of real games needs a few).
SEARCH_BUDGET = 200_000


def parse_cards(rules: Rules, text: str, what: str, taken: list[int] | None = None) -> list[int]:
    """Card ids for space- or comma-separated codes (``7D 10H`` or ``7♦``).

    With several packs, a repeated code takes the next copy not already in
    ``taken`` (the cards of other lists of the same position).
    """
    taken = [] if taken is None else taken
    codes = rules.rule_set.card_codes
    lookup: dict[str, list[int]] = {}
    for card, code in enumerate(codes):
        lookup.setdefault(code.upper(), []).append(card)
    symbols = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
    cards: list[int] = []
    for token in text.replace(",", " ").split():
        key = token.upper()
        key = key[:-1] + symbols.get(key[-1], key[-1])
        copies = [c for c in lookup.get(key, []) if c not in cards and c not in taken]
        if key not in lookup:
            raise SevensError(
                Diagnostic(
                    f"{what}: '{token}' is not a card of {rules.rule_set.id}{did_you_mean(key, lookup)}"
                )
            )
        if not copies and any(c in taken for c in lookup[key]):
            raise SevensError(Diagnostic(f"cards both on the table and in the hand: {key}"))
        if not copies:
            raise SevensError(
                Diagnostic(f"{what}: '{token}' appears more often than the deck holds it")
            )
        cards.append(copies[0])
    return cards


def build_position(
    rules: Rules,
    table: list[int],
    hand: list[int],
    players: int = 4,
    reachable: bool = False,
    opening: int | None = None,
) -> DealState:
    """A deal state with ``table`` laid out and ``hand`` for seat 0.

    Without ``reachable`` the table cards are laid in the given order as they come.  With
    ``reachable`` they may come in any order: a table no game can reach is refused, saying
    why; ``sevens legal`` and the conformance cases ask for it.  ``opening`` is the card the
    dealer named, where the rule set lets the dealer name one."""
    _check_cards(rules, table, hand)
    order = _reaching_order(rules, table, hand, players, opening) if reachable else table
    st = _start(rules, order, hand, players, opening)
    for card in order:
        if card not in _preplaced(rules):
            _lay(rules, st, card)
    return st


def _check_cards(rules: Rules, table: list[int], hand: list[int]) -> None:
    """Refuse a card both on the table and in the hand, and a hand card never dealt."""
    codes = rules.rule_set.card_codes
    overlap = set(table) & set(hand)
    if overlap:
        names = " ".join(codes[c] for c in sorted(overlap))
        raise SevensError(Diagnostic(f"cards both on the table and in the hand: {names}"))
    undealt = sorted(set(hand) & _preplaced(rules))
    if undealt:
        names = " ".join(codes[c] for c in undealt)
        raise SevensError(
            Diagnostic(
                f"--hand: {names} cannot be in a hand: laid out before the deal or not in play"
            )
        )


def _preplaced(rules: Rules) -> set[int]:
    """Cards that are never in a hand: laid out before the deal, or out of play."""
    rule_set = rules.rule_set
    dealt = set(rule_set.dealt) - set(rule_set.preplaced_cards)  # holders lay those out
    return {c for c in range(rule_set.n_cards) if c not in dealt}


def _start(
    rules: Rules, table: list[int], hand: list[int], players: int, opening: int | None
) -> DealState:
    """The deal state before any table card is laid: seat 1 holds them, seat 0 the hand."""
    rule_set = rules.rule_set
    hands = [0] * players
    hands[ASKING_SEAT] = sum(1 << c for c in hand)
    hands[_TABLE_SEAT] = sum(1 << c for c in table if c not in _preplaced(rules))
    st = DealState(players, players - 1, list(hands), rule_set.n_rows)
    rules.setup(st)
    if opening is not None:  # the dealer's named card, as name_opening_card sets it
        st.opening_mask, st.opened = 1 << opening, False
    elif rule_set.opening.leader_card_opens:
        st.opening_mask = _leader_card_opening(rules, table, hand)
        st.opened = st.opening_mask == 0
    if rule_set.layout.by_holders:
        for card in rule_set.preplaced_cards:
            rules.lay_out(st, card)
    return st


def _leader_card_opening(rules: Rules, table: list[int], hand: list[int]) -> int:
    """The cards that may have opened under ``opening.card: leader-card``.  At an empty
    table the player asked is the leader, so the first deciding card in their hand opens
    (none: no deciding card was dealt).  On a table, any deciding card there may have
    been the first dealt: a lower one now in a hand can have been drawn from the stock
    later."""
    opening = rules.rule_set.opening
    if opening.leader_card is not None:
        deciding: tuple[int, ...] = tuple(bits(rules.rule_set.deck.copies_of(opening.leader_card)))
    else:
        deciding = opening.leader_order
    if not table:
        first = next((card for card in deciding if card in hand), None)
        return 0 if first is None else 1 << first
    return sum(1 << card for card in deciding if card in table)


def _lay(rules: Rules, st: DealState, card: int) -> None:
    """Lay one table card: played when it was legal, else (with elimination) laid out from a
    knocked-out hand wherever it belongs."""
    laid_out = rules.rule_set.passing.over_limit is not None
    if laid_out and st.opened and not legal_when_laid(rules, st, card):
        st.hands[_TABLE_SEAT] &= ~(1 << card)
        rules.lay_out(st, card)
    else:
        rules.play(st, _TABLE_SEAT, card)


def legal_when_laid(rules: Rules, st: DealState, card: int) -> bool:
    """Whether a table card could be legal when laid.  The hand that laid it is unknown: it
    counts as legal for a hand of that card alone (no other card of it was compulsory) or,
    when the play conditions read the hand, for one holding every card not seen (on the
    table or in the asking hand)."""
    held, bit = st.hands[_TABLE_SEAT], 1 << card
    unseen = sum(1 << c for c in rules.rule_set.dealt) & ~st.table & ~st.hands[ASKING_SEAT]
    hands = (bit, unseen | bit) if rules.rule_set.reads_hand else (bit,)
    try:
        for hand in hands:
            st.hands[_TABLE_SEAT] = hand
            if rules.legal(st, _TABLE_SEAT) & bit:
                return True
        return False
    finally:
        st.hands[_TABLE_SEAT] = held


def copy_state(st: DealState) -> DealState:
    """An independent copy of a deal state (its lists copied), for a search to try a move."""
    twin = DealState.__new__(DealState)
    for name in DealState.__slots__:
        value = getattr(st, name)
        setattr(twin, name, list(value) if isinstance(value, list) else value)
    return twin


# -- finding an order that reaches a set of table cards -----------------------------------


@dataclass
class _Stuck:
    """The furthest a failed search got: the cards laid, and the cards none of which fit."""

    laid: list[int]
    left: list[int]


class _Search:
    """Orders of table cards in which each card is legal when laid."""

    def __init__(self, rules: Rules) -> None:
        self.rules = rules
        self.rule_set = rules.rule_set
        self.failed: set[tuple[object, ...]] = set()
        self.visits = 0
        self.stuck = _Stuck([], [])

    def distance(self, st: DealState, card: int) -> int:
        """How far ``card`` lies from its row's start (0 while no start is chosen): rows grow
        outward, so the nearer cards are tried first."""
        rule_set = self.rule_set
        rank, n = rule_set.rank_of[card], rule_set.deck.n_ranks
        row = rule_set.suit_of[card] * rule_set.layout.rows_per_suit
        start = st.row_start[row]
        if not 0 <= start < n:
            return 0
        if rule_set.layout.wrap:
            return min((rank - start) % n, (start - rank) % n)
        return abs(rank - start)

    def candidates(self, st: DealState, remaining: int) -> list[int]:
        """The remaining cards that could be legal now, nearest their row's start first."""
        legal = [c for c in bits(remaining) if legal_when_laid(self.rules, st, c)]
        return sorted(legal, key=lambda c: (self.distance(st, c), c))

    def order(self, st: DealState, remaining: int, laid: list[int]) -> list[int] | None:
        """An order of ``remaining`` from ``st`` (depth first, failed states remembered)."""
        if not remaining:
            return []
        key = (remaining, st.first_face, tuple(st.row_start), st.opened)
        if key in self.failed or self.visits > SEARCH_BUDGET:
            return None
        self.visits += 1
        options = self.candidates(st, remaining)
        if not options and len(laid) >= len(self.stuck.laid):
            self.stuck = _Stuck(list(laid), list(bits(remaining)))
        for card in options:
            child = copy_state(st)
            self.rules.play(child, _TABLE_SEAT, card)
            rest = self.order(child, remaining & ~(1 << card), [*laid, card])
            if rest is not None:
                return [card, *rest]
        self.failed.add(key)
        return None


def _reaching_order(
    rules: Rules, table: list[int], hand: list[int], players: int, opening: int | None
) -> list[int]:
    """An order of ``table`` in which every card is legal when laid; refused when none is."""
    played = [c for c in table if c not in _preplaced(rules)]
    if _fits_in_order(rules, played, hand, players, opening):
        return table
    st = _start(rules, played, hand, players, opening)
    if rules.rule_set.passing.over_limit is not None:
        return _order_with_layouts(rules, st, played)
    search = _Search(rules)
    remaining = sum(1 << c for c in played)
    for seed in _seeds(rules, st, played):
        child = copy_state(st)
        if seed is not None:
            rules.play(child, _TABLE_SEAT, seed)
        rest = _order_by_suit(
            rules, child, remaining & ~(1 << seed if seed is not None else 0), search
        )
        if rest is not None:
            return rest if seed is None else [seed, *rest]
    whole = _Search(rules)  # rules reading the whole table: every card at once
    found = whole.order(st, remaining, [])
    if found is not None:
        return found
    if len(whole.stuck.laid) > len(search.stuck.laid) or not search.stuck.left:
        search.stuck = whole.stuck
    search.visits = max(search.visits, whole.visits)
    raise _unreachable(rules, st, played, search)


def _fits_in_order(
    rules: Rules, played: list[int], hand: list[int], players: int, opening: int | None
) -> bool:
    """Whether every card is legal when laid in the order given."""
    st = _start(rules, played, hand, players, opening)
    for card in played:
        if not legal_when_laid(rules, st, card):
            return False
        rules.play(st, _TABLE_SEAT, card)
    return True


def _seeds(rules: Rules, st: DealState, played: list[int]) -> list[int | None]:
    """The cards that must be tried first: the opening card while it is not down, or (where
    the first card chooses where every row starts) each legal card, the ranks nearest the
    middle of the table first; ``[None]`` when any card may come first as it fits."""
    layout = rules.rule_set.layout
    chosen_start = layout.start_rank is None and not layout.start_per_row
    if st.opened and not (chosen_start and st.first_face < 0):
        return [None]
    legal: list[int | None] = [c for c in played if legal_when_laid(rules, st, c)]
    rank_of = rules.rule_set.rank_of

    def first(card: int | None) -> tuple[bool, int, int]:
        # the card listed first comes first when it can: where the table alone leaves the
        # start open, the user says which card chose it; then the real start has every table
        # card close to it
        assert card is not None
        spread = sum(abs(rank_of[c] - rank_of[card]) for c in played)
        return (card != played[0], spread, card)

    return sorted(legal, key=first)


def _order_by_suit(
    rules: Rules, st: DealState, remaining: int, search: _Search
) -> list[int] | None:
    """Each suit's cards ordered on their own after the first card (rows of different suits
    do not meet), then checked together; None when a suit has no order or they clash."""
    rule_set = rules.rule_set
    order: list[int] = []
    for suit_cards in rule_set.suit_cards:
        rest = search.order(st, remaining & suit_cards, [])
        if rest is None:
            return None
        order += rest
    trial = copy_state(st)
    for card in order:
        if not legal_when_laid(rules, trial, card):
            return None
        rules.play(trial, _TABLE_SEAT, card)
    return order


def _order_with_layouts(rules: Rules, st: DealState, played: list[int]) -> list[int]:
    """With elimination, a card that fits nowhere may have come from a knocked-out hand, which
    goes onto the layout as it is: lay what fits, nearest the start first, else lay one out."""
    search = _Search(rules)
    remaining = sum(1 << c for c in played)
    order: list[int] = []
    while remaining:
        options = search.candidates(st, remaining) if st.opened or order else []
        if not options and not st.opened:
            raise _unreachable(rules, st, played, search)
        nearest = min(bits(remaining), key=lambda c: (search.distance(st, c), c))
        card = options[0] if options else nearest
        _lay(rules, st, card)
        order.append(card)
        remaining &= ~(1 << card)
    return order


def _unreachable(rules: Rules, st: DealState, played: list[int], search: _Search) -> SevensError:
    """The refusal of a table no order of its cards reaches, saying where every order stops."""
    codes = rules.rule_set.card_codes
    if not st.opened and not any(st.opening_mask >> c & 1 for c in played):
        opening = " or ".join(sorted({codes[c] for c in bits(st.opening_mask)}))
        why = f"{codes[played[0]]} cannot come first: nothing may be played before {opening}"
    elif search.visits > SEARCH_BUDGET:
        why = f"no order was found within {SEARCH_BUDGET} steps of search"
    elif search.stuck.left:
        why = _stuck_reason(
            [codes[c] for c in search.stuck.laid], [codes[c] for c in search.stuck.left]
        )
    else:
        why = "no first card fits a row"
    return SevensError(
        Diagnostic(
            f"--table: no game reaches this table: {why} (the cards may come in any order;"
            " in no order is each card legal when laid)"
        )
    )


def _stuck_reason(laid: list[str], left: list[str]) -> str:
    """Where the furthest order stopped: the cards laid, and those none of which fit then."""
    if len(left) == 1 and not laid:
        return f"{left[0]} cannot be the first card laid: it fits no row then"
    if len(left) == 1:
        return f"{left[0]} cannot be laid after {' '.join(laid)}: it fits no row then"
    if not laid:
        return f"none of {' '.join(left)} can be the first card laid: none fits a row then"
    return f"none of {' '.join(left)} can be laid after {' '.join(laid)}: none fits a row then"
