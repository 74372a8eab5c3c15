"""The hand-written machinery around a generated move generator.

A generated module owns the *decisions* of a rule set: its contract record
``RULE_SET`` and compiled condition functions (``legal_on_row`` and, when the
rules have them, ``follow_when``/``follow_allow``, ``table_facts`` and the
per-seat amounts ``pass_cost``, ``voluntary_pass_cost``, ``ante``,
``pay_winner``, ``points`` and the count ``draw_most``).  :class:`CompiledRules` owns the
*bookkeeping*: the rows, the memo of playable cards per row state, placing
and laying out cards, antes and settlement.  It implements the engine's
:class:`~sevens.runtime.api.Rules` protocol.

A row's state is the bitmask of the ranks lying in it; the cards playable on
a row depend only on that state (plus the start rank and table-wide facts
when the rules read them), so they are computed once per state and kept in a
memo.  ``play`` updates one row and patches the playable set; the shape of
the layout (one or several rows per suit, fixed or chosen start, table-wide
facts) is chosen once, when the rules are loaded, not tested on every play.

A rule set whose play conditions read the mover's hand (``RuleSet.reads_hand``)
cannot keep playable cards per row state: its ``legal`` tries each card of the
asking seat's hand with that hand (:meth:`CompiledRules.legal_by_hand`), its row
masks and ``playable`` stay 0, and it reports ``legal_is_playable = False``.
Every other rule set keeps the memo and never passes a hand.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from types import ModuleType
from typing import Any

from .api import ROW_PARAMETERS, DealState, GameError, SuitRowTables, bits
from .contract import PER_SEAT, Amount, PotTo, RuleSet

#: A per-seat amount: chips or points as a function of the deal state and a seat.
SeatAmount = Callable[[DealState, int], int]
#: Legality of a face on a row: (face, suit, start, low, high, count, table facts).
RowCondition = Callable[[int, int, int, int, int, int, tuple[int, ...]], bool]
#: The start rank while no card has chosen it (rows with "first card" starts).
NO_START = -1000
#: The largest row-mask memo kept as a flat list (entries); 2^21 entries take 16 MB.
FLAT_MEMO_LIMIT = 1 << 21


class _Memo(dict[Any, int | None]):
    """Row masks by state: ``memo[key]`` is None for a state not seen yet, like the flat list."""

    def __missing__(self, key: Any) -> None:
        return None


#: The decisions a generated module defines, with their parameters (every one returns a value).
DECISIONS: dict[str, tuple[str, ...]] = {
    "legal_on_row": ROW_PARAMETERS,
    "follow_when": ROW_PARAMETERS,
    "follow_allow": ("face", "last", "first", *ROW_PARAMETERS[1:]),
    "table_facts": ("st",),
    "pass_cost": ("st", "seat"),
    "voluntary_pass_cost": ("st", "seat"),
    "ante": ("st", "seat"),
    "pay_winner": ("st", "seat"),
    "points": ("st", "seat"),
    "draw_most": ("st", "seat"),
}


#: ``legal_on_row`` of a rule set whose ``play.legal`` reads ``row.top``/``row.bottom``.
LEGAL_WITH_RANKS = (*ROW_PARAMETERS[:-1], "ranks", "env")
#: The decisions that read the row; they take the mover's hand too when the rules read it.
ROW_DECISIONS = ("legal_on_row", "follow_when", "follow_allow")


def with_hand(parameters: tuple[str, ...]) -> tuple[str, ...]:
    """A row decision's parameters with the mover's hand (a mask of card ids) before ``env``."""
    return (*parameters[:-1], "hand", parameters[-1])


def allowed_parameters(name: str, rule_set: RuleSet) -> tuple[tuple[str, ...], ...]:
    """The signatures a decision may have under this record."""
    found = (DECISIONS[name], LEGAL_WITH_RANKS) if name == "legal_on_row" else (DECISIONS[name],)
    if name in ROW_DECISIONS and rule_set.reads_hand:
        return tuple(with_hand(parameters) for parameters in found)
    return found


def expected_decisions(rule_set: RuleSet) -> set[str]:
    """The decision functions a module with this record must define (``table_facts`` may be added)."""
    chips = rule_set.chips
    amounts = {
        "pass_cost": rule_set.passing.cost,
        "voluntary_pass_cost": rule_set.passing.voluntary_cost,
        "ante": chips.ante if chips else 0,
        "pay_winner": chips.pay_winner if chips else 0,
        "points": rule_set.points,
        "draw_most": rule_set.draw.most if rule_set.draw else 0,
    }
    found = {"legal_on_row"} | {name for name, amount in amounts.items() if amount is PER_SEAT}
    if rule_set.follow_up is not None:
        found |= {"follow_when", "follow_allow"}
    return found


def check_decisions(module: ModuleType) -> list[str]:
    """What is wrong with a generated module against the contract (empty: nothing)."""
    rule_set = getattr(module, "RULE_SET", None)
    if not isinstance(rule_set, RuleSet):
        return ["RULE_SET is not a RuleSet"]
    problems = []
    defined = {
        name
        for name, value in vars(module).items()
        if inspect.isfunction(value) and value.__module__ == module.__name__
    }
    for name in sorted(expected_decisions(rule_set) - defined):
        problems.append(f"{name} is missing")
    for name in sorted(defined - expected_decisions(rule_set) - {"table_facts"}):
        problems.append(f"{name} is not a decision of this rule set")
    for name in sorted(defined & set(DECISIONS)):
        parameters = tuple(inspect.signature(getattr(module, name)).parameters)
        allowed = allowed_parameters(name, rule_set)
        if parameters not in allowed:
            problems.append(f"{name}{parameters} should take {allowed[0]}")
    return problems


def _constant(value: int) -> SeatAmount:
    def amount(st: DealState, seat: int) -> int:
        return value

    return amount


class CompiledRules:
    """A rule set ready to play: a generated module's decisions plus the runtime's bookkeeping."""

    legal_is_playable = True  # once opened, the legal cards are the hand masked by ``playable``

    def __init__(self, module: ModuleType) -> None:
        problems = check_decisions(module)
        if problems:
            raise GameError(f"{module.__name__}: not a move generator: {'; '.join(problems)}")
        rule_set: RuleSet = module.RULE_SET
        self.rule_set = rule_set
        # compulsory cards narrow the legal set, so the engine must ask ``legal``
        self.legal_is_playable = rule_set.compulsory == 0
        self.module = module
        deck, layout = rule_set.deck, rule_set.layout
        self.n_ranks = deck.n_ranks
        self.wrap = layout.wrap
        self.rows_per_suit = layout.rows_per_suit
        self.start_per_row = layout.start_per_row
        self.follows_suit = layout.rows_follow_suit
        self.one_row = layout.one_row_at_a_time
        self.follow_trigger_cards = rule_set.follow_up.trigger_cards if rule_set.follow_up else 0
        self.legal_on_row: RowCondition = module.legal_on_row
        parameters = tuple(inspect.signature(module.legal_on_row).parameters)
        self.legal_reads_ranks = "ranks" in parameters
        self.reads_hand = rule_set.reads_hand
        if self.reads_hand:
            self._ask_per_seat(rule_set)
        self.table_facts: Callable[[DealState], tuple[int, ...]] | None = getattr(
            module, "table_facts", None
        )
        self.rank_bit = tuple(1 << rank for rank in rule_set.rank_of)
        self.row_suit = tuple(r // layout.rows_per_suit for r in range(rule_set.n_rows))
        removed = set(deck.removed)
        self.faces_of_suit = tuple(
            tuple(f for f in range(s * deck.n_ranks, (s + 1) * deck.n_ranks) if f not in removed)
            for s in range(deck.n_suits)
        )
        self.face_mask = tuple(deck.copies_of(face) for face in range(deck.n_faces))
        self.faces_in_play = tuple(face for faces in self.faces_of_suit for face in faces)
        self.keyed_by_state = layout.start_rank is not None and self.table_facts is None
        # Row states index a flat list unless the start rank or table-wide facts vary.
        # Row states index a flat list while it stays small; bigger decks and keys that carry
        # the start rank or table-wide facts use a dict that answers None for a new state.
        flat_size = rule_set.n_rows << deck.n_ranks
        flat = self.keyed_by_state and flat_size <= FLAT_MEMO_LIMIT
        self.masks: Any = [None] * flat_size if flat else _Memo()
        self.initial_rows: tuple[Any, ...] | None = None
        self.chain = _wrapping_chain(deck.n_ranks) if layout.wrap else _chain(deck.n_ranks)
        self.pass_cost = self._amount(rule_set.passing.cost, "pass_cost")
        self.voluntary_pass_cost = self._amount(
            rule_set.passing.voluntary_cost, "voluntary_pass_cost"
        )
        chips = rule_set.chips
        self.ante = self._amount(chips.ante if chips else 0, "ante")
        self.pay_winner = self._amount(chips.pay_winner if chips else 0, "pay_winner")
        self.points = self._amount(rule_set.points or 0, "points")
        draw = rule_set.draw
        self.draw_most = self._amount(0 if draw is None else draw.most or 0, "draw_most")
        self.suit_row_tables: SuitRowTables | None = None  # set with the play on suit rows
        self.play = self._play_function()

    def _ask_per_seat(self, rule_set: RuleSet) -> None:
        """Legality needs the mover's hand: no playable set per row state, ``legal`` asks."""
        self.legal_is_playable = False
        self.legal = self.legal_by_hand  # type: ignore[method-assign]
        self.row_args_memo: dict[tuple[int, int], tuple[int, ...]] = {}
        per_suit = rule_set.layout.rows_per_suit
        self.row_cards = tuple(rule_set.suit_cards[r // per_suit] for r in range(rule_set.n_rows))

    def _amount(self, amount: Amount, name: str) -> SeatAmount:
        if amount is PER_SEAT:
            function: SeatAmount = getattr(self.module, name)
            return function
        assert isinstance(amount, int)
        return _constant(amount)

    # -- rows ------------------------------------------------------------
    def row_args(self, st: DealState, r: int) -> tuple[int, int, int, int, int]:
        """(suit, start, low, high, count) of row ``r``; an empty row's ends sit around its start."""
        start = st.row_start[r]
        low, count = self.chain(start, st.row_ranks[r])
        high = low + count - 1 if count else start - 1
        if self.wrap:
            high %= self.n_ranks
        return self.row_suit[r], start, low, high, count

    def build_row_mask(self, st: DealState, r: int) -> int:
        """The cards playable on row ``r`` in its current state (the generated condition decides).

        When the rules read the mover's hand no card is playable by the row alone: every row
        mask (and so ``st.playable``) stays 0, and :meth:`legal_by_hand` asks per seat."""
        if self.reads_hand:
            return 0
        suit, start, low, high, count = self.row_args(st, r)
        legal_on_row, face_mask, env = self.legal_on_row, self.face_mask, st.env
        faces = self.row_faces(suit, st.row_ranks[r])
        mask = 0
        if self.legal_reads_ranks:  # the rarer signature: the row's ranks before the table facts
            reads_ranks: Callable[..., bool] = self.legal_on_row
            ranks = st.row_ranks[r]
            for face in faces:
                if reads_ranks(face, suit, start, low, high, count, ranks, env):
                    mask |= face_mask[face]
            return mask
        for face in faces:
            if legal_on_row(face, suit, start, low, high, count, env):
                mask |= face_mask[face]
        return mask

    def row_faces(self, suit: int, ranks: int) -> tuple[int, ...]:
        """The faces that may go to a row: its suit's, or, once a row that does not follow
        suit is open, every face in play (its suit only names the row and chooses its opener)."""
        if self.follows_suit or not ranks:
            return self.faces_of_suit[suit]
        return self.faces_in_play

    def row_key(self, st: DealState, r: int) -> Any:
        """The memo key of a row's state: a small int unless the start or table facts vary."""
        key = r << self.n_ranks | st.row_ranks[r]
        if self.keyed_by_state:
            return key
        return (key, st.row_start[r], st.env)

    def row_mask(self, st: DealState, r: int) -> int:
        """The cards playable on row ``r``, memoised by the row's state."""
        key = self.row_key(st, r)
        mask: int | None = self.masks[key]
        if mask is None:
            mask = self.masks[key] = self.build_row_mask(st, r)
        return mask

    def refresh_all(self, st: DealState) -> None:
        for r in range(self.rule_set.n_rows):
            st.row_mask[r] = self.row_mask(st, r)
        self.refresh_playable(st)

    def choose_row(self, st: DealState, card: int) -> int:
        """The row a card goes to: the first of its suit not yet holding its rank.

        This is the language's definition of the rows (each copy of a rank fills
        the next row lacking it, see docs/conditions.md), so a card opens a new
        row only when the earlier rows of its suit already hold its rank.  With one
        row at a time a card the newest row takes goes there; rows that do not follow
        suit are chosen by :meth:`row_without_suit`.
        """
        newest = st.last_row
        if self.one_row and newest >= 0 and st.row_mask[newest] >> card & 1:
            return newest
        if not self.follows_suit:
            return self.row_without_suit(st, card)
        first = self.rule_set.suit_of[card] * self.rows_per_suit
        rank_bit = self.rank_bit[card]
        for r in range(first, first + self.rows_per_suit):
            if not st.row_ranks[r] & rank_bit:
                return r
        return first

    def row_without_suit(self, st: DealState, card: int) -> int:
        """The row a card goes to where rows do not follow suit: the row its suit names while
        that row is empty and the card may open it, else the first open row that takes it."""
        own = self.rule_set.suit_of[card]
        if not st.row_ranks[own] and st.row_mask[own] >> card & 1:
            return own
        for r, mask in enumerate(st.row_mask):
            if st.row_ranks[r] and mask >> card & 1:
                return r
        return own

    def place(self, st: DealState, card: int) -> None:
        """Put ``card`` into its row and update that row's playable cards and ``playable``."""
        r = self.choose_row(st, card)
        if self.start_per_row and st.row_start[r] == NO_START:  # the row's first card
            st.row_start[r] = self.rule_set.rank_of[card]
        st.row_ranks[r] |= self.rank_bit[card]
        st.last_row = r
        if self.one_row or not self.follows_suit:  # the order of play chooses the rows
            st.laid.append(card)
        mask = self.row_mask(st, r)
        if self.rows_per_suit == 1 and self.follows_suit and not self.one_row:
            # rows hold different suits, so their masks are disjoint
            st.playable ^= st.row_mask[r] ^ mask
            st.row_mask[r] = mask
        else:
            st.row_mask[r] = mask
            self.refresh_playable(st)

    def refresh_playable(self, st: DealState) -> None:
        """``playable``: what every row takes, or, with one row at a time, what the newest row
        takes while a card off the table still fits it, and else the openings of empty rows."""
        playable = 0
        if self.one_row:
            newest = st.last_row
            if newest >= 0 and st.row_mask[newest] & ~st.table:
                st.playable = st.row_mask[newest]
                return
            for mask, ranks in zip(st.row_mask, st.row_ranks, strict=True):
                if not ranks:
                    playable |= mask
            st.playable = playable
            return
        for mask in st.row_mask:
            playable |= mask
        st.playable = playable

    def after_placing(self, st: DealState) -> None:
        """Table-wide facts changed by a card: every row's playable cards may change."""
        if self.table_facts is not None:
            facts = self.table_facts(st)
            if facts != st.env:
                st.env = facts
                self.refresh_all(st)

    # -- the Rules protocol ---------------------------------------------------
    def setup(self, st: DealState) -> None:
        """Prepare the rows, place the cards laid out before play and collect the antes."""
        rule_set = self.rule_set
        st.opening_mask = rule_set.opening_mask
        st.opened = rule_set.opening_mask == 0
        if self.initial_rows is not None and self.table_facts is None:
            rows, ranks, masks, st.playable, st.table, st.env = self.initial_rows
            st.row_start[:], st.row_ranks[:], st.row_mask[:] = rows, ranks, masks
        else:
            self.lay_out_rows(st)
            self.initial_rows = (
                list(st.row_start),
                list(st.row_ranks),
                list(st.row_mask),
                st.playable,
                st.table,
                st.env,
            )
        if rule_set.chips is not None and rule_set.chips.ante != 0:
            for seat in range(st.n_players):
                amount = self.ante(st, seat)
                st.chips[seat] -= amount
                st.pot += amount

    def lay_out_rows(self, st: DealState) -> None:
        start = self.rule_set.layout.start_rank
        for r in range(self.rule_set.n_rows):
            st.row_start[r] = NO_START if start is None else start
        st.env = self.table_facts(st) if self.table_facts else ()
        for card in () if self.rule_set.layout.by_holders else self.rule_set.preplaced_cards:
            st.table |= 1 << card
            self.place(st, card)
        st.env = self.table_facts(st) if self.table_facts else ()
        self.refresh_all(st)

    def legal(self, st: DealState, seat: int) -> int:
        """Bitmask of the cards ``seat`` may play now (only compulsory ones when it has any)."""
        if not st.opened:
            return st.hands[seat] & st.opening_mask
        legal = st.hands[seat] & st.playable
        compulsory = legal & self.rule_set.compulsory
        return compulsory or legal

    def legal_by_hand(self, st: DealState, seat: int) -> int:
        """:meth:`legal` for rules whose play conditions read the hand: each card of the hand
        is tried on the rows of its suit with that hand (the memo cannot hold it)."""
        if not st.opened:
            return st.hands[seat] & st.opening_mask
        legal = self.fitting(st, seat)
        compulsory = legal & self.rule_set.compulsory
        return compulsory or legal

    def lay_out(self, st: DealState, card: int) -> None:
        """Put a card that is in nobody's hand on the table at its place."""
        st.table |= 1 << card
        self.place(st, card)
        self.after_placing(st)

    def _play_function(self) -> Callable[[DealState, int, int], None]:
        """``play``, specialised for the layout shape (it is the engine's hot path)."""
        layout = self.rule_set.layout
        if self.one_row or not self.follows_suit:  # a card's row depends on the other rows
            return self._play_general()
        if layout.rows_per_suit == 1 and self.keyed_by_state:
            return self._play_on_suit_rows()
        if self.keyed_by_state:
            return self._play_on_several_rows()
        return self._play_general()

    def _play_on_suit_rows(self) -> Callable[[DealState, int, int], None]:
        """One row per suit, fixed start, no table-wide facts: one memo look-up and an XOR."""
        masks, rank_bit, suit_of = self.masks, self.rank_bit, self.rule_set.suit_of
        shift, build = self.n_ranks, self.build_row_mask
        check_opening = self.rule_set.opens_with_a_card
        # the turn loop writes this play out where nothing else happens in a turn
        self.suit_row_tables = SuitRowTables(masks, rank_bit, suit_of, shift, build, check_opening)

        def play(st: DealState, seat: int, card: int) -> None:
            bit = 1 << card
            st.hands[seat] ^= bit
            st.table |= bit
            if check_opening and bit & st.opening_mask:
                st.opened = True
            r = suit_of[card]
            ranks = st.row_ranks[r] | rank_bit[card]
            st.row_ranks[r] = ranks
            key = r << shift | ranks
            mask = masks[key]
            if mask is None:
                mask = masks[key] = build(st, r)
            st.playable ^= st.row_mask[r] ^ mask
            st.row_mask[r] = mask

        return play

    def _play_on_several_rows(self) -> Callable[[DealState, int, int], None]:
        """Several rows per suit (several packs), fixed start, no table-wide facts."""
        masks, rank_bit, shift, build = self.masks, self.rank_bit, self.n_ranks, self.build_row_mask
        per_suit, n_rows = self.rows_per_suit, self.rule_set.n_rows
        first_row = tuple(suit * per_suit for suit in self.rule_set.suit_of)

        def play(st: DealState, seat: int, card: int) -> None:
            bit = 1 << card
            st.hands[seat] ^= bit
            st.table |= bit
            if bit & st.opening_mask:
                st.opened = True
            row_mask, row_ranks = st.row_mask, st.row_ranks
            first = first_row[card]
            rank = rank_bit[card]
            r = first
            for other in range(first, first + per_suit):  # the first row lacking its rank
                if not row_ranks[other] & rank:
                    r = other
                    break
            ranks = row_ranks[r] | rank
            row_ranks[r] = ranks
            key = r << shift | ranks
            mask = masks[key]
            if mask is None:
                mask = masks[key] = build(st, r)
            row_mask[r] = mask
            playable = 0
            for other in range(n_rows):  # rows of one suit may both accept a card
                playable |= row_mask[other]
            st.playable = playable

        return play

    def _play_general(self) -> Callable[[DealState, int, int], None]:
        """Several rows per suit, a start chosen by the first card, or table-wide facts."""
        layout = self.rule_set.layout
        start_chosen = layout.start_rank is None and not layout.start_per_row
        rank_of, face_of = self.rule_set.rank_of, self.rule_set.face_of

        def play(st: DealState, seat: int, card: int) -> None:
            bit = 1 << card
            st.hands[seat] ^= bit
            st.table |= bit
            if bit & st.opening_mask:
                st.opened = True
            if start_chosen and st.first_face < 0:
                st.first_face = face_of[card]
                st.row_start[:] = [rank_of[card]] * len(st.row_start)
                self.refresh_all(st)
            self.place(st, card)
            self.after_placing(st)

        return play

    def follow_up(self, st: DealState, seat: int, card: int, first: int) -> int:
        """Cards ``seat`` may add at once after playing ``card`` in a turn that began with
        ``first`` (0: none)."""
        module = self.module
        if not self.follow_trigger_cards >> card & 1:
            return 0
        face = self.rule_set.face_of[card]
        hand = (st.hands[seat],) if self.reads_hand else ()  # an argument only when read
        row = self.row_args(st, self.row_holding(st, card))
        if not module.follow_when(face, *row, *hand, st.env):
            return 0
        mask = 0
        face_of = self.rule_set.face_of
        first_face = face_of[first]
        candidates = self.fitting(st, seat) if self.reads_hand else st.hands[seat] & st.playable
        for candidate in bits(candidates):
            args = self.row_args(st, self.choose_row(st, candidate))
            if module.follow_allow(face_of[candidate], face, first_face, *args, *hand, st.env):
                mask |= 1 << candidate
        return mask

    def fitting(self, st: DealState, seat: int) -> int:
        """The cards of ``seat`` that ``play.legal`` allows now, before ``play.compulsory``:
        each card of the hand is tried, with that hand, on the rows of its suit in turn."""
        hand, legal_on_row, face_of = st.hands[seat], self.legal_on_row, self.rule_set.face_of
        reads_hand: Callable[..., bool] = legal_on_row
        legal = 0
        for r, suit_cards in enumerate(self.row_cards):
            waiting = hand & suit_cards & ~legal  # a card that fits one row needs no other
            if not waiting:
                continue
            args = (*self.hand_row_args(st, r), hand, st.env)
            while waiting:
                low = waiting & -waiting
                waiting ^= low
                if reads_hand(face_of[low.bit_length() - 1], *args):
                    legal |= low
        return legal

    def hand_row_args(self, st: DealState, r: int) -> tuple[int, ...]:
        """The row's arguments of ``legal_on_row`` before the hand, kept per row state."""
        key = (r << self.n_ranks | st.row_ranks[r], st.row_start[r])
        args = self.row_args_memo.get(key)
        if args is None:
            args = self.row_args(st, r)
            if self.legal_reads_ranks:
                args = (*args, st.row_ranks[r])
            self.row_args_memo[key] = args
        return args

    def row_holding(self, st: DealState, card: int) -> int:
        """The row a played card lies in (the first of its suit holding its rank; where that
        may not be its row, the row the latest card went to, which is this card's)."""
        if self.one_row or not self.follows_suit:
            return st.last_row
        first = self.rule_set.suit_of[card] * self.rows_per_suit
        rank_bit = self.rank_bit[card]
        for r in range(first, first + self.rows_per_suit):
            if st.row_ranks[r] & rank_bit:
                return r
        return first

    def settle(self, st: DealState) -> list[int]:
        """Score the ended deal: payments to the winner, the pot, and each seat's points."""
        rule_set, winner = self.rule_set, st.winner
        chips = rule_set.chips
        if chips is not None and winner is not None:
            if chips.pay_winner != 0:
                for seat in range(st.n_players):
                    if seat != winner:
                        amount = self.pay_winner(st, seat)
                        st.chips[seat] -= amount
                        st.chips[winner] += amount
            if chips.pot_to is PotTo.WINNER:
                st.chips[winner] += st.pot
                st.pot = 0
        if rule_set.points is None:
            return []
        return [self.points(st, seat) for seat in range(st.n_players)]


def _chain(n_ranks: int) -> Callable[[int, int], tuple[int, int]]:
    """The unbroken run of a row's ranks through its start: (low end, length); 0 if closed."""
    top = n_ranks - 1

    def chain(start: int, ranks: int) -> tuple[int, int]:
        if not 0 <= start < n_ranks or not ranks >> start & 1:
            return start + 1, 0
        low = high = start
        while high < top and ranks >> high + 1 & 1:
            high += 1
        while low > 0 and ranks >> low - 1 & 1:
            low -= 1
        return low, high - low + 1

    return chain


def _wrapping_chain(n_ranks: int) -> Callable[[int, int], tuple[int, int]]:
    """As :func:`_chain`, for rows that continue past the highest rank to the lowest."""

    def chain(start: int, ranks: int) -> tuple[int, int]:
        if not 0 <= start < n_ranks or not ranks >> start & 1:
            return (start + 1) % n_ranks, 0
        low = high = start
        count = 1
        while count < n_ranks and ranks >> (high + 1) % n_ranks & 1:
            high = (high + 1) % n_ranks
            count += 1
        while count < n_ranks and ranks >> (low - 1) % n_ranks & 1:
            low = (low - 1) % n_ranks
            count += 1
        return low, count

    return chain
