"""A worked example computed from the model: which cards are legal in a small position.

The legal condition is evaluated directly over its typed tree, so the
example always agrees with the rulespec, whatever it says.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from compiler.analyse import (
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
from compiler.model import Deck, Rulespec

EXAMPLE_PLAYERS = 4


@dataclass(frozen=True)
class Row:
    """A row as the condition language sees it."""

    suit: int
    start: int
    low: int
    high: int
    count: int
    n_ranks: int

    @property
    def open(self) -> bool:
        return self.count > 0

    @property
    def complete(self) -> bool:
        return self.count == self.n_ranks


@dataclass(frozen=True)
class Position:
    """Cards on the table (faces, in play order) and the rows they form."""

    table: tuple[int, ...]
    rows: dict[int, Row]  # the first row of each suit
    legal: tuple[int, ...]
    all_rows: dict[int, list[Row]]


def start_rank(spec: Rulespec) -> int:
    """The starting rank of the rows (for 'first-card' layouts, the opening card's or the middle one)."""
    if spec.layout.start_rank is not None:
        return spec.layout.start_rank
    if spec.opening.card is not None:
        return spec.deck.rank_of(spec.opening.card)
    return spec.deck.n_ranks // 2


def example_table(spec: Rulespec) -> tuple[int, ...]:
    """A small position: the first suit's row three cards long, a second row just opened."""
    deck, start = spec.deck, start_rank(spec)
    first = deck.suit_of(spec.opening.card) if spec.opening.card is not None else 0
    second = (first + 1) % len(deck.suits)
    ranks = [r for r in (start - 1, start, start + 1) if 0 <= r < deck.n_ranks]
    cards = [*spec.layout.preplaced, *(deck.face(first, r) for r in ranks)]
    if second != first:
        cards.append(deck.face(second, start))
    return tuple(dict.fromkeys(c for c in cards if c not in deck.removed))


def rows_of(spec: Rulespec, table: tuple[int, ...], start: int) -> dict[int, list[Row]]:
    """Every suit's rows given the cards on the table (each copy of a rank fills the next row lacking it)."""
    deck = spec.deck
    rows = {}
    for suit in range(len(deck.suits)):
        placed: list[set[int]] = [set() for _ in range(spec.layout.rows_per_suit)]
        for rank in sorted(deck.rank_of(c) for c in table if deck.suit_of(c) == suit):
            next((p for p in placed if rank not in p), set()).add(rank)
        rows[suit] = [chain(deck, suit, start, p, spec.layout.wrap) for p in placed]
    return rows


def chain(deck: Deck, suit: int, start: int, ranks: set[int], wrap: bool) -> Row:
    """The unbroken run of ``ranks`` through the start rank."""
    n = deck.n_ranks

    def step(rank: int, delta: int) -> int:
        return (rank + delta) % n if wrap else rank + delta

    if (
        start not in ranks
    ):  # as the interpreter sees an empty row: high + 1 and low - 1 are the start
        return Row(suit, start, step(start, 1), step(start, -1), 0, n)

    low = high = start
    count = 1
    while count < n and step(high, 1) in ranks:
        high, count = step(high, 1), count + 1
    while count < n and step(low, -1) in ranks:
        low, count = step(low, -1), count + 1
    return Row(suit, start, low, high, count, n)


def example_position(spec: Rulespec, legal: T) -> Position:
    """The example position and the cards the legal condition allows in it.

    A card is legal when the condition holds on some row of its suit; with
    several packs, a card already on the table may still be played while a
    copy of it is left.
    """
    deck = spec.deck
    table = example_table(spec)
    rows = rows_of(spec, table, start_rank(spec))
    evaluator = Evaluator(deck, table)
    found = []
    for face in range(deck.n_faces):
        if (
            face in deck.removed
            or face in spec.layout.preplaced
            or table.count(face) >= deck.copies
        ):
            continue
        for row in rows[deck.suit_of(face)]:
            env = {"card": face, "row": row, "table": "table", "game": "game"}
            if evaluator.run(legal, env):
                found.append(face)
                break
    return Position(table, {s: r[0] for s, r in rows.items()}, tuple(found), rows)


class Evaluator:
    """A small interpreter for typed trees, enough for a static example position."""

    def __init__(self, deck: Deck, table: tuple[int, ...]) -> None:
        self.deck = deck
        self.table = table

    def run(self, node: T, env: dict[str, Any]) -> Any:
        """The value of ``node`` with ``env`` binding the context names."""
        if isinstance(node, TConst):
            return node.value
        if isinstance(node, TVar):
            return env[node.name]
        if isinstance(node, TAttr):
            return self.attr(self.run(node.obj, env), node.name)
        if isinstance(node, TUnary):
            value = self.run(node.operand, env)
            return (not value) if node.op == "not" else -value
        if isinstance(node, TBinary):
            return self.binary(node, env)
        if isinstance(node, TIf):
            return self.run(node.then if self.run(node.cond, env) else node.otherwise, env)
        if isinstance(node, TCall):
            args = [self.run(a, env) for a in node.args]
            return {
                "abs": lambda: abs(args[0]),
                "min": lambda: min(args),
                "max": lambda: max(args),
            }[node.func]()
        assert isinstance(node, TAggregate)
        return self.aggregate(node, env)

    def binary(self, node: TBinary, env: dict[str, Any]) -> Any:
        left = self.run(node.left, env)
        if node.op == "and":
            return left and self.run(node.right, env)
        if node.op == "or":
            return left or self.run(node.right, env)
        return apply_binary(node.op, left, self.run(node.right, env), node.modulo)

    def aggregate(self, node: TAggregate, env: dict[str, Any]) -> Any:
        values = []
        for item in self.run(node.iterable, env):
            inner = {**env, node.var: item}
            if node.cond is None or self.run(node.cond, inner):
                values.append(self.run(node.element, inner))
        if node.func == "count":
            return len(values)
        if node.func in ("any", "all"):
            return any(values) if node.func == "any" else all(values)
        if node.func == "sum":
            return sum(values)
        return (max if node.func == "max" else min)(values, default=0)

    def attr(self, obj: Any, name: str) -> Any:
        if isinstance(obj, Row):
            return getattr(obj, name)
        if isinstance(obj, int):
            return self.card_attr(obj, name)
        if obj == "table":
            return {"empty": not self.table, "count": len(self.table), "cards": list(self.table)}[
                name
            ]
        if isinstance(obj, list):
            return len(obj) if name == "count" else sum(self.card_attr(c, "value") for c in obj)
        return {"players": EXAMPLE_PLAYERS, "dealer": 0, "pot": 0}.get(name, 13)

    def card_attr(self, face: int, name: str) -> int:
        rank = self.deck.rank_of(face)
        if name == "rank":
            return rank
        if name == "suit":
            return self.deck.suit_of(face)
        return self.deck.ranks[rank].value
