"""The reference interpreter: the same rules, evaluated directly and obviously.

It walks the typed condition trees and rebuilds every row from the cards on
the table at each question, with no tables, no caching and no incremental
state.  It is slow on purpose and serves as the oracle the generated move
generators are tested against (and as the baseline of the benchmark).

:class:`ReferenceRules` implements the runtime's ``Rules`` interface, so the
same game loop can run on it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, cast

from ..runtime.api import DealState, SuitRowTables, bits
from ..runtime.contract import RuleSet
from .analyse import (
    CARDS,
    AnalysedRules,
    T,
    TAggregate,
    TAttr,
    TBinary,
    TCall,
    TConst,
    TIf,
    TUnary,
    TVar,
    apply_binary,
)
from .model import Rulespec


@dataclass(frozen=True)
class RowView:
    """One row as the condition language sees it."""

    suit: int
    start: int
    low: int
    high: int
    count: int
    n_ranks: int
    ranks: frozenset[int] = frozenset()  # every rank lying in the row, run or not

    @property
    def open(self) -> bool:
        return self.count > 0

    @property
    def complete(self) -> bool:
        return self.count == self.n_ranks


@dataclass(frozen=True)
class CardSet:
    """A multiset of faces (hand or table) with its card ids."""

    faces: tuple[int, ...]
    value_of: tuple[int, ...]

    @property
    def count(self) -> int:
        return len(self.faces)

    @property
    def value(self) -> int:
        return sum(self.value_of[f] for f in self.faces)


class Evaluator:
    """Evaluate typed trees against a dictionary of bindings."""

    def __init__(
        self,
        spec: Rulespec,
        bindings: dict[str, Any],
        attributes: dict[tuple[str, str], Callable[[Any], Any]],
    ) -> None:
        self.spec = spec
        self.bindings = bindings
        self.attributes = attributes

    def eval(self, node: T) -> Any:
        method: Callable[[Any], Any] = getattr(self, f"eval_{type(node).__name__}")
        return method(node)

    def eval_TConst(self, node: TConst) -> Any:
        return node.value

    def eval_TVar(self, node: TVar) -> Any:
        return self.bindings[node.name]

    def eval_TAttr(self, node: TAttr) -> Any:
        return self.attributes[(node.obj.type, node.name)](self.eval(node.obj))

    def eval_TUnary(self, node: TUnary) -> Any:
        value = self.eval(node.operand)
        return (not value) if node.op == "not" else -value

    def eval_TBinary(self, node: TBinary) -> Any:
        if node.op == "and":
            return bool(self.eval(node.left)) and bool(self.eval(node.right))
        if node.op == "or":
            return bool(self.eval(node.left)) or bool(self.eval(node.right))
        left, right = self.eval(node.left), self.eval(node.right)
        if node.op == "in" and node.right.type == CARDS:
            return left in right.faces
        return apply_binary(node.op, left, right, node.modulo)

    def eval_TIf(self, node: TIf) -> Any:
        return self.eval(node.then) if self.eval(node.cond) else self.eval(node.otherwise)

    def eval_TCall(self, node: TCall) -> Any:
        args = [self.eval(a) for a in node.args]
        return {"abs": lambda: abs(args[0]), "min": lambda: min(args), "max": lambda: max(args)}[
            node.func
        ]()

    def eval_TAggregate(self, node: TAggregate) -> Any:
        collection = self.eval(node.iterable)
        items: Iterable[Any] = collection.faces if isinstance(collection, CardSet) else collection
        values = []
        for item in items:
            inner = Evaluator(self.spec, {**self.bindings, node.var: item}, self.attributes)
            if node.cond is None or inner.eval(node.cond):
                values.append(1 if node.func == "count" else inner.eval(node.element))
        if node.func in ("sum", "count"):
            return sum(values)
        if node.func in ("max", "min"):
            return (max if node.func == "max" else min)(values, default=0)
        return any(values) if node.func == "any" else all(values)


class ReferenceRules:
    """A ``Rules`` implementation that interprets the rulespec model directly.

    It shares the contract record with the generated modules (built by the
    same compiler function) but none of their machinery: rows, settlement and
    antes are written again here, plainly, so agreement tests compare two
    independent implementations.
    """

    legal_is_playable = False  # it recomputes legality from the table every time
    # it keeps no rows: every play goes through ``play``
    suit_row_tables: SuitRowTables | None = None

    def __init__(self, rules: AnalysedRules, rule_set: RuleSet) -> None:
        self.analysed = rules
        self.spec = rules.spec
        self.rule_set = rule_set
        self.follow_trigger_cards = (1 << rule_set.n_cards) - 1  # asks after every play
        self.N_RANKS = rule_set.deck.n_ranks
        self.ROWS_PER_SUIT = rule_set.layout.rows_per_suit
        self.FACE_OF = rule_set.face_of
        self.SUIT_OF = rule_set.suit_of
        self.RANK_OF = rule_set.rank_of
        deck = self.spec.deck
        self.values = tuple(deck.ranks[deck.rank_of(f)].value for f in range(deck.n_faces))
        layout = rule_set.layout
        # rows taken one at a time or not by suit: a card's row depends on the order of play
        self.replays_rows = layout.one_row_at_a_time or not layout.rows_follow_suit

    # -- the position, rebuilt from the table ---------------------------
    def start_rank(self, st: DealState) -> int:
        """The rank rows start from (chosen by the first card when the layout says so)."""
        if self.spec.layout.start_rank is not None:
            return self.spec.layout.start_rank
        return self.RANK_OF[st.first_face] if st.first_face >= 0 else -1000

    def rows(self, st: DealState) -> list[list[RowView]]:
        """Every row, grouped by suit, rebuilt from the cards on the table."""
        if self.replays_rows:
            replayed, _ = self.replay(st)
            return [[row] for row in replayed]
        table_faces = [self.FACE_OF[c] for c in bits(st.table)]
        return [self.suit_rows(st, suit, table_faces) for suit in range(len(self.spec.deck.suits))]

    def suit_rows(self, st: DealState, suit: int, table_faces: list[int]) -> list[RowView]:
        deck = self.spec.deck
        ranks_down = sorted(deck.rank_of(f) for f in table_faces if deck.suit_of(f) == suit)
        placed = [set[int]() for _ in range(self.ROWS_PER_SUIT)]
        for rank in ranks_down:  # each copy of a rank fills the next row lacking it
            next(p for p in [*placed, set()] if rank not in p).add(rank)
        return [self.chain(st, suit, p) for p in placed]

    def chain(self, st: DealState, suit: int, ranks: set[int]) -> RowView:
        """The unbroken run of ``ranks`` through the start rank."""
        n, wrap, start = self.N_RANKS, self.spec.layout.wrap, self.start_rank(st)
        if self.spec.layout.start_per_row:
            start = st.row_start[suit]  # set by the row's first card (one row per suit)
        if start not in ranks:
            return RowView(
                suit,
                start,
                (start + 1) % n if wrap else start + 1,
                (start - 1) % n if wrap else start - 1,
                0,
                n,
                frozenset(ranks),
            )
        low = high = start
        count = 1
        while count < n and self.step(high, 1) in ranks:
            high, count = self.step(high, 1), count + 1
        while count < n and self.step(low, -1) in ranks:
            low, count = self.step(low, -1), count + 1
        return RowView(suit, start, low, high, count, n, frozenset(ranks))

    # -- rows taken one at a time or regardless of suit: rebuilt by replaying the plays --
    def replay(self, st: DealState) -> tuple[list[RowView], int]:
        """Each row (one a suit, numbered by the suit that opens it) and the row the latest
        card went to, rebuilt by laying ``st.laid`` again in order from an empty table."""
        n_suits = len(self.spec.deck.suits)
        ranks: list[set[int]] = [set() for _ in range(n_suits)]
        latest = -1
        for card in st.laid:
            rows = [self.chain(st, suit, ranks[suit]) for suit in range(n_suits)]
            face = self.FACE_OF[card]
            latest = next(
                (
                    r
                    for r in self.rows_in_turn(st, rows, latest, card)
                    if self.takes(st, face, rows[r])
                ),
                self.SUIT_OF[card],
            )
            ranks[latest].add(self.RANK_OF[card])
        return [self.chain(st, suit, ranks[suit]) for suit in range(n_suits)], latest

    def rows_in_turn(self, st: DealState, rows: list[RowView], latest: int, card: int) -> list[int]:
        """The rows ``card`` is tried on, in order, in a position replayed up to ``latest``:
        with one row at a time the newest row if it takes the card, and otherwise the empty
        row of the card's suit; without one row at a time, first the empty row its suit names,
        then each open row (of its suit when rows follow suit)."""
        own = self.SUIT_OF[card]
        face = self.FACE_OF[card]
        if self.spec.layout.one_row_at_a_time:
            newest = [latest] if latest >= 0 and self.takes(st, face, rows[latest]) else []
            return newest or ([own] if not rows[own].ranks else [])
        empty_own = [] if rows[own].ranks else [own]
        return empty_own + [r for r, row in enumerate(rows) if row.ranks]

    def takes(self, st: DealState, face: int, row: RowView) -> bool:
        """Whether ``play.legal`` lets ``face`` onto ``row``: a card of the row's suit, or of
        any suit once a row that does not follow suit is open."""
        other_suit = row.suit != self.spec.deck.suit_of(face)
        if other_suit and (self.spec.layout.rows_follow_suit or not row.ranks):
            return False
        return self.card_ok(st, self.analysed.legal.tree, face, row)

    def complete_for_now(self, st: DealState, row: RowView) -> bool:
        """Whether no card off the table fits ``row`` (with one row at a time the next opens)."""
        deck = self.spec.deck
        for card in range(self.rule_set.n_cards):
            face = self.FACE_OF[card]
            if not st.table >> card & 1 and deck.in_play(face) and self.takes(st, face, row):
                return False
        return True

    def replayed_fitting(self, st: DealState, seat: int) -> int:
        """:meth:`fitting` where the order of play chooses the rows: with one row at a time
        the cards the newest row takes while any card off the table still fits it, else the
        openings of empty rows; otherwise the cards some row of :meth:`rows_in_turn` takes."""
        rows, latest = self.replay(st)
        mask = 0
        for card in bits(st.hands[seat]):
            face = self.FACE_OF[card]
            if any(self.takes(st, face, row) for row in self.tried(st, rows, latest, card)):
                mask |= 1 << card
        return mask

    def tried(self, st: DealState, rows: list[RowView], latest: int, card: int) -> list[RowView]:
        """The rows ``card`` may go to now, in order (see :meth:`replayed_fitting`)."""
        if not self.spec.layout.one_row_at_a_time:
            return [rows[r] for r in self.rows_in_turn(st, rows, latest, card)]
        if latest >= 0 and not self.complete_for_now(st, rows[latest]):
            return [rows[latest]]
        own = self.SUIT_OF[card]
        return [] if rows[own].ranks else [rows[own]]

    def step(self, rank: int, delta: int) -> int:
        moved = rank + delta
        return moved % self.N_RANKS if self.spec.layout.wrap else moved

    def table_attributes(self) -> dict[tuple[str, str], Callable[[Any], Any]]:
        return {
            ("card", "rank"): self.spec.deck.rank_of,
            ("card", "suit"): self.spec.deck.suit_of,
            ("card", "value"): lambda face: self.values[face],
            ("row", "open"): lambda row: row.open,
            ("row", "start"): lambda row: row.start,
            ("row", "low"): lambda row: row.low,
            ("row", "high"): lambda row: row.high,
            ("row", "count"): lambda row: row.count,
            ("row", "complete"): lambda row: row.complete,
            ("row", "suit"): lambda row: row.suit,
            ("row", "top"): lambda row: max(row.ranks, default=-1),
            ("row", "bottom"): lambda row: min(row.ranks, default=-1),
            ("table", "empty"): lambda st: st.table == 0,
            ("table", "count"): lambda st: st.table.bit_count(),
            ("table", "cards"): lambda st: self.card_set(st.table),
            ("cards", "count"): lambda cards: cards.count,
            ("cards", "value"): lambda cards: cards.value,
            ("game", "players"): lambda st: st.n_players,
            ("game", "max_hand"): lambda st: st.max_hand,
            ("game", "min_hand"): lambda st: st.min_hand,
            ("game", "dealer"): lambda st: st.dealer,
            ("game", "pot"): lambda st: st.pot,
            ("game", "unable_in_a_row"): lambda st: st.unable_in_a_row,
        }

    def card_set(self, mask: int) -> CardSet:
        return CardSet(tuple(self.FACE_OF[c] for c in bits(mask)), self.values)

    # -- the Rules interface --------------------------------------------
    def setup(self, st: DealState) -> None:
        for r in range(self.rule_set.n_rows):
            st.row_start[r] = self.start_rank(st)
        for card in () if self.rule_set.layout.by_holders else self.rule_set.preplaced_cards:
            self.lay_out(st, card)  # laid out by their holders after the deal otherwise
        st.opening_mask = self.rule_set.opening_mask
        st.opened = st.opening_mask == 0
        if self.rule_set.chips is not None:
            for seat in range(st.n_players):
                amount = self.ante(st, seat)
                st.chips[seat] -= amount
                st.pot += amount

    def card_ok(
        self,
        st: DealState,
        tree: T,
        face: int,
        row: RowView,
        last: int = -1,
        hand: int = 0,
        first: int = -1,
    ) -> bool:
        """Whether a play condition holds for ``face`` on ``row``; ``hand`` is the mover's."""
        bindings = {
            "card": face,
            "row": row,
            "table": st,
            "game": st,
            "last": last,
            "first": first,
            "hand": self.card_set(hand),
        }
        return bool(Evaluator(self.spec, bindings, self.table_attributes()).eval(tree))

    def legal(self, st: DealState, seat: int) -> int:
        """The legal cards, narrowed to the compulsory ones when there are any."""
        if st.opening_mask and not st.table & st.opening_mask:
            return st.hands[seat] & st.opening_mask
        return self.only_compulsory(self.fitting(st, seat))

    def fitting(self, st: DealState, seat: int) -> int:
        """Every card in hand for which the legal condition holds on some row of its suit."""
        if st.opening_mask and not st.table & st.opening_mask:
            return st.hands[seat] & st.opening_mask
        if self.replays_rows:
            return self.replayed_fitting(st, seat)
        rows = self.rows(st)
        mask = 0
        hand = st.hands[seat]
        for card in bits(hand):
            face = self.FACE_OF[card]
            if any(
                self.card_ok(st, self.analysed.legal.tree, face, row, hand=hand)
                for row in rows[self.SUIT_OF[card]]
            ):
                mask |= 1 << card
        return mask

    def only_compulsory(self, legal: int) -> int:
        """With ``play.compulsory``: the legal cards it holds for, when there are any."""
        tree = self.analysed.compulsory
        if tree is None:
            return legal
        attributes: dict[tuple[str, str], Callable[[Any], Any]] = {
            ("card", "rank"): self.spec.deck.rank_of,
            ("card", "suit"): self.spec.deck.suit_of,
            ("card", "value"): lambda face: self.values[face],
        }
        forced = 0
        for card in bits(legal):
            if Evaluator(self.spec, {"card": self.FACE_OF[card]}, attributes).eval(tree.tree):
                forced |= 1 << card
        return forced or legal

    def play(self, st: DealState, seat: int, card: int) -> None:
        st.hands[seat] &= ~(1 << card)
        st.table |= 1 << card
        if st.first_face < 0:
            st.first_face = self.FACE_OF[card]
            self.note_chosen_start(st, card)
        self.note_row_start(st, card)
        st.laid.append(card)
        if (1 << card) & st.opening_mask:
            st.opened = True

    def lay_out(self, st: DealState, card: int) -> None:
        st.table |= 1 << card
        self.note_row_start(st, card)
        st.laid.append(card)

    def note_chosen_start(self, st: DealState, card: int) -> None:
        """With ``start_rank: first-card``, the first card played sets every row's start.

        The interpreter's own rows read ``first_face``; ``row_start`` is set as the compiled
        module sets it because strategies (the heuristic) read it."""
        layout = self.spec.layout
        if layout.start_rank is None and not layout.start_per_row:
            st.row_start[:] = [self.RANK_OF[card]] * len(st.row_start)

    def note_row_start(self, st: DealState, card: int) -> None:
        """With starts per row, the first card laid in a row (one per suit) fixes its start."""
        suit = self.SUIT_OF[card]
        if self.spec.layout.start_per_row and st.row_start[suit] == -1000:
            st.row_start[suit] = self.RANK_OF[card]

    def row_of(self, st: DealState, face: int) -> RowView:
        if self.replays_rows:  # the row the latest card, ``face``, went to
            replayed, latest = self.replay(st)
            return replayed[latest]
        rows = self.rows(st)[self.spec.deck.suit_of(face)]
        holding = [r for r in rows if r.open and self.within(r, self.spec.deck.rank_of(face))]
        return (holding or rows)[0]

    def within(self, row: RowView, rank: int) -> bool:
        return any(self.step(row.low, k) == rank for k in range(row.count))

    def follow_up(self, st: DealState, seat: int, card: int, first: int) -> int:
        follow = self.analysed
        if follow.follow_when is None or follow.follow_allow is None:
            return 0
        last, hand = self.FACE_OF[card], st.hands[seat]
        if not self.card_ok(st, follow.follow_when.tree, last, self.row_of(st, last), hand=hand):
            return 0
        rows = self.rows(st)
        replayed, latest = self.replay(st) if self.replays_rows else ([], -1)
        mask = 0
        for candidate in bits(self.fitting(st, seat)):  # play.compulsory binds turns only
            face = self.FACE_OF[candidate]
            if self.replays_rows:
                tried = self.tried(st, replayed, latest, candidate)
                fits = [r for r in tried if self.takes(st, face, r)]
            else:
                fits = [
                    r
                    for r in rows[self.SUIT_OF[candidate]]
                    if self.card_ok(st, follow.legal.tree, face, r, hand=hand)
                ]
            if fits and self.card_ok(
                st, follow.follow_allow.tree, face, fits[0], last, hand, self.FACE_OF[first]
            ):
                mask |= 1 << candidate
        return mask

    def player_value(self, st: DealState, seat: int, tree: T | None) -> int:
        if tree is None:
            return 0
        players = list(range(st.n_players))
        bindings = {
            "player": seat,
            "hand": self.card_set(st.hands[seat]),
            "players": players,
            "others": [p for p in players if p != seat],
            "table": st,
            "game": st,
            **self.team_bindings(st.n_players, seat),
        }
        attributes = {
            **self.table_attributes(),
            ("player", "hand"): lambda p: self.card_set(st.hands[p]),
            ("player", "covered"): lambda p: self.card_set(st.covered[p]),
            ("player", "completed"): lambda p: sum(1 for s in st.completed if s == p),
            ("player", "completed_first"): lambda p: bool(st.completed) and st.completed[0] == p,
            ("player", "passed_last"): lambda p: st.last_passer == p,
            ("player", "seat"): lambda p: p,
            ("player", "passes"): lambda p: st.passes[p],
            ("player", "is_winner"): lambda p: st.winner == p,
            ("player", "place"): lambda p: st.places[p],
        }
        value = Evaluator(self.spec, bindings, attributes).eval(tree)
        if isinstance(value, Fraction):
            # Decimals stay exact.  The engine's interface still says int: a Fraction
            # behaves as one in every sum and comparison the engine makes.
            return cast(int, value)
        return int(value)

    def team_bindings(self, players: int, seat: int) -> dict[str, Any]:
        """``partners``, ``opponents`` and (teams of two) ``partner``, from the seating plan:
        the teams are every ``players // size``-th seat, counted from each of the first seats."""
        size = self.spec.players.team_size
        if size is None:
            return {}
        count = max(players // size, 1)  # a count that forms no teams is never played, but
        # the diff's sample of states asks about every count in players.min … max
        teams = [list(range(first, players, count)) for first in range(count)]
        own = next(team for team in teams if seat in team)
        bindings: dict[str, Any] = {
            "partners": [p for p in own if p != seat],
            "opponents": sorted(p for team in teams if team is not own for p in team),
        }
        if size == 2:
            bindings["partner"] = bindings["partners"][0]
        return bindings

    def pass_cost(self, st: DealState, seat: int) -> int:
        return self.player_value(st, seat, self.analysed.pass_cost.tree)

    def voluntary_pass_cost(self, st: DealState, seat: int) -> int:
        return self.player_value(st, seat, self.analysed.voluntary_pass_cost.tree)

    def draw_most(self, st: DealState, seat: int) -> int:
        draw_most = self.analysed.draw_most
        return self.player_value(st, seat, draw_most.tree if draw_most else None)

    def ante(self, st: DealState, seat: int) -> int:
        return self.player_value(st, seat, self.analysed.ante.tree if self.analysed.ante else None)

    def pay_winner(self, st: DealState, seat: int) -> int:
        return self.player_value(
            st, seat, self.analysed.pay_winner.tree if self.analysed.pay_winner else None
        )

    def points(self, st: DealState, seat: int) -> int:
        return self.player_value(
            st, seat, self.analysed.points.tree if self.analysed.points else None
        )

    def settle(self, st: DealState) -> list[int]:
        """The winner collects what the others pay and (usually) the pot; then points."""
        winner, chips = st.winner, self.spec.chips
        if chips is not None and winner is not None:
            for seat in range(st.n_players):
                if seat != winner:
                    amount = self.pay_winner(st, seat)
                    st.chips[seat] -= amount
                    st.chips[winner] += amount
            if chips.pot == "winner":
                st.chips[winner] += st.pot
                st.pot = 0
        return [self.points(st, seat) for seat in range(st.n_players)] if self.spec.points else []


def card_condition_holds(spec: Rulespec, tree: T, face: int) -> bool:
    """Evaluate a condition on 'card' alone (e.g. ``opening.leader_cards``)."""
    deck = spec.deck
    attributes: dict[tuple[str, str], Callable[[Any], Any]] = {
        ("card", "rank"): deck.rank_of,
        ("card", "suit"): deck.suit_of,
        ("card", "value"): lambda f: deck.ranks[deck.rank_of(f)].value,
    }
    return bool(Evaluator(spec, {"card": face}, attributes).eval(tree))
