"""Lower typed condition trees to Python ``ast`` expressions.

Used by the code generator.  Names in the generated code are fixed by the
compiler; values from a rulespec only ever become ``ast.Constant`` nodes.
Two kinds of context exist:

* ``ROW``: inside the row-mask builder, where the card being considered is
  the local ``face`` and the row is described by ``suit``, ``start``,
  ``low``, ``high`` and ``count``; table-wide facts come from ``env``.
* ``PLAYER``: inside scoring and pass-cost functions of ``(st, seat)``.
"""

from __future__ import annotations

import ast
from collections.abc import Callable
from dataclasses import dataclass, field

from sevens.compiler.analyse import (
    CARD,
    CARDS,
    PLAYERS,
    T,
    TAggregate,
    TAttr,
    TBinary,
    TCall,
    TConst,
    TIf,
    TUnary,
    TVar,
)

_COMPARE = {
    "==": ast.Eq,
    "!=": ast.NotEq,
    "<": ast.Lt,
    "<=": ast.LtE,
    ">": ast.Gt,
    ">=": ast.GtE,
}
_ARITH = {"+": ast.Add, "-": ast.Sub}
#: Operators lowered to calls of :mod:`sevens.runtime.arith`, so generated code and the
#: interpreter share one definition (division by zero is 0, products are clamped).
RUNTIME_ARITHMETIC = {"*": "multiply", "//": "floor_div", "%": "modulo"}
#: The module generated code must import those functions from.
RUNTIME_ARITHMETIC_MODULE = "sevens.runtime.arith"


def name(text: str) -> ast.expr:
    return ast.Name(text, ast.Load())


def const(value: int | str | bool | None) -> ast.expr:
    return ast.Constant(value)


def attr(obj: ast.expr, field_name: str) -> ast.expr:
    return ast.Attribute(obj, field_name, ast.Load())


def index(obj: ast.expr, key: ast.expr) -> ast.expr:
    return ast.Subscript(obj, key, ast.Load())


def call(func: str, *args: ast.expr) -> ast.expr:
    return ast.Call(name(func), list(args), [])


def method(obj: ast.expr, meth: str, *args: ast.expr) -> ast.expr:
    return ast.Call(attr(obj, meth), list(args), [])


def compare(left: ast.expr, op: str, right: ast.expr) -> ast.expr:
    return ast.Compare(left, [_COMPARE[op]()], [right])


@dataclass
class Lowering:
    """How the names of one expression context appear in generated code."""

    variables: dict[str, ast.expr]
    env_features: list[str] = field(default_factory=list)

    def lower(self, node: T) -> ast.expr:
        handler: Callable[[T], ast.expr] = getattr(self, f"lower_{type(node).__name__}")
        return handler(node)

    def lower_TConst(self, node: TConst) -> ast.expr:
        if isinstance(node.value, frozenset):
            return ast.Tuple([const(v) for v in sorted(node.value)], ast.Load())
        return const(node.value)

    def lower_TVar(self, node: TVar) -> ast.expr:
        return self.variables[node.name]

    def lower_TUnary(self, node: TUnary) -> ast.expr:
        op: ast.unaryop = ast.Not() if node.op == "not" else ast.USub()
        return ast.UnaryOp(op, self.lower(node.operand))

    def lower_TBinary(self, node: TBinary) -> ast.expr:
        left, right = self.lower(node.left), self.lower(node.right)
        if node.op in ("and", "or"):
            op: ast.boolop = ast.And() if node.op == "and" else ast.Or()
            return ast.BoolOp(op, [left, right])
        if node.op in RUNTIME_ARITHMETIC:
            return call(RUNTIME_ARITHMETIC[node.op], left, right)
        if node.op in _ARITH:
            result: ast.expr = ast.BinOp(left, _ARITH[node.op](), right)
            if node.modulo:
                result = ast.BinOp(result, ast.Mod(), const(node.modulo))
            return result
        if node.op == "in":
            return self.membership(node.right, left, right)
        return compare(left, node.op, right)

    def membership(self, collection: T, item: ast.expr, lowered: ast.expr) -> ast.expr:
        if collection.type == CARDS:  # a bitmask of card ids; the item is a face
            test = ast.BinOp(lowered, ast.BitAnd(), index(name("FACE_MASK"), item))
            return compare(test, "!=", const(0))
        return ast.Compare(item, [ast.In()], [lowered])

    def lower_TIf(self, node: TIf) -> ast.expr:
        return ast.IfExp(self.lower(node.cond), self.lower(node.then), self.lower(node.otherwise))

    def lower_TCall(self, node: TCall) -> ast.expr:
        return call(node.func, *(self.lower(a) for a in node.args))

    def lower_TAggregate(self, node: TAggregate) -> ast.expr:
        iterable = self.lower(node.iterable)
        if node.iterable.type == CARDS:
            iterable = call("_faces", iterable)
        inner = Lowering({**self.variables, node.var: name(f"v_{node.var}")}, self.env_features)
        element = const(1) if node.func == "count" else inner.lower(node.element)
        ifs = [inner.lower(node.cond)] if node.cond is not None else []
        target = ast.Name(f"v_{node.var}", ast.Store())
        generator = ast.GeneratorExp(element, [ast.comprehension(target, iterable, ifs, 0)])
        func = "sum" if node.func == "count" else node.func
        if func in ("max", "min"):
            return ast.Call(name(func), [generator], [ast.keyword("default", const(0))])
        return call(func, generator)

    def lower_TAttr(self, node: TAttr) -> ast.expr:
        key = (node.obj.type, node.name)
        if isinstance(node.obj, TVar) and f"{node.obj.name}.{node.name}" in self.variables:
            return self.variables[f"{node.obj.name}.{node.name}"]
        if isinstance(node.obj, TVar) and node.obj.type in ("table", "game"):
            feature = f"{node.obj.name}.{node.name}"
            if feature in self.env_features:
                return index(name("env"), const(self.env_features.index(feature)))
        obj = self.lower(node.obj)
        lowering = _ATTRIBUTE_LOWERING.get(key)
        if lowering is None:
            raise NotImplementedError(f"no lowering for {key}")  # the analyser prevents this
        return lowering(obj)


def _card_attr(table: str) -> Callable[[ast.expr], ast.expr]:
    return lambda face: index(name(table), face)


def _state_list(field_name: str) -> Callable[[ast.expr], ast.expr]:
    return lambda seat: index(attr(name("st"), field_name), seat)


_ATTRIBUTE_LOWERING: dict[tuple[str, str], Callable[[ast.expr], ast.expr]] = {
    (CARD, "rank"): _card_attr("RANK_OF_FACE"),
    (CARD, "suit"): _card_attr("SUIT_OF_FACE"),
    (CARD, "value"): _card_attr("VALUE_OF_FACE"),
    (CARDS, "count"): lambda mask: method(mask, "bit_count"),
    (CARDS, "value"): lambda mask: call("_cards_value", mask),
    ("player", "hand"): _state_list("hands"),
    ("player", "seat"): lambda seat: seat,
    ("player", "passes"): _state_list("passes"),
    ("player", "is_winner"): lambda seat: compare(attr(name("st"), "winner"), "==", seat),
    ("player", "place"): _state_list("places"),
    ("table", "empty"): lambda st: compare(attr(st, "table"), "==", const(0)),
    ("table", "count"): lambda st: method(attr(st, "table"), "bit_count"),
    ("table", "cards"): lambda st: attr(st, "table"),
    ("game", "players"): lambda st: attr(st, "n_players"),
    ("game", "max_hand"): lambda st: attr(st, "max_hand"),
    ("game", "min_hand"): lambda st: attr(st, "min_hand"),
    ("game", "dealer"): lambda st: attr(st, "dealer"),
    ("game", "pot"): lambda st: attr(st, "pot"),
}


def row_lowering(env_features: list[str]) -> Lowering:
    """Names inside ``_card_ok(face, last, suit, start, low, high, count, env)``."""
    variables: dict[str, ast.expr] = {
        "card": name("face"),
        "last": name("last"),
        "table": name("st"),
        "game": name("st"),
        "row.open": compare(name("count"), ">", const(0)),
        "row.start": name("start"),
        "row.low": name("low"),
        "row.high": name("high"),
        "row.count": name("count"),
        "row.complete": compare(name("count"), "==", name("N_RANKS")),
        "row.suit": name("suit"),
    }
    return Lowering(variables, env_features)


def player_lowering() -> Lowering:
    """Names inside scoring functions of ``(st, seat)``."""
    seats = call("range", attr(name("st"), "n_players"))
    others = ast.ListComp(
        name("p"),
        [
            ast.comprehension(
                ast.Name("p", ast.Store()), seats, [compare(name("p"), "!=", name("seat"))], 0
            )
        ],
    )
    variables: dict[str, ast.expr] = {
        "player": name("seat"),
        "hand": index(attr(name("st"), "hands"), name("seat")),
        "players": seats,
        "others": others,
        "table": name("st"),
        "game": name("st"),
    }
    return Lowering(variables)


__all__ = [
    "PLAYERS",
    "RUNTIME_ARITHMETIC",
    "RUNTIME_ARITHMETIC_MODULE",
    "Lowering",
    "player_lowering",
    "row_lowering",
]
