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
from fractions import Fraction

from .analyse import (
    CARD,
    CARDS,
    GAME,
    PLAYERS,
    RANK,
    SUIT,
    TABLE,
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
from .model import Deck

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


_NUMBER_WORDS = [
    "ZERO",
    "ONE",
    "TWO",
    "THREE",
    "FOUR",
    "FIVE",
    "SIX",
    "SEVEN",
    "EIGHT",
    "NINE",
    "TEN",
    "ELEVEN",
    "TWELVE",
    "THIRTEEN",
    "FOURTEEN",
    "FIFTEEN",
    "SIXTEEN",
    "SEVENTEEN",
    "EIGHTEEN",
    "NINETEEN",
    "TWENTY",
]
#: Names of the preset decks' ranks that are not numbers (custom ranks are numbered).
_PRESET_RANK_WORDS = {"jack", "queen", "king", "ace", "sota", "caballo", "rey"}
_PRESET_SUIT_WORDS = {"clubs", "diamonds", "hearts", "spades", "oros", "copas", "espadas", "bastos"}


class ConstantNames:
    """Readable names for the ranks, suits and cards a condition mentions (``SEVEN = 5``).

    Names come from the compiler's own word lists for the preset decks; a
    rank or suit a rulespec defines itself is named by its index, so no text
    from a rulespec ever becomes an identifier.
    """

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.chosen: dict[str, int] = {}

    def rank(self, rank: int) -> str:
        code, name = self.deck.ranks[rank].code, self.deck.ranks[rank].name
        if code.isdigit() and int(code) < len(_NUMBER_WORDS):
            word = _NUMBER_WORDS[int(code)]
        elif name in _PRESET_RANK_WORDS:
            word = name.upper()
        else:
            word = f"RANK_{rank}"
        return self.use(word, rank)

    def suit(self, suit: int) -> str:
        name = self.deck.suits[suit].name
        return self.use(name.upper() if name in _PRESET_SUIT_WORDS else f"SUIT_{suit}", suit)

    def card(self, face: int) -> str:
        rank, suit = self.deck.rank_of(face), self.deck.suit_of(face)
        rank_name, suit_name = self.rank(rank), self.suit(suit)
        return self.use(f"{rank_name}_OF_{suit_name}", face)

    def use(self, name: str, value: int) -> str:
        if self.chosen.setdefault(name, value) != value:  # two things with one name: number it
            return self.use(f"{name}_{value}", value)
        return name

    def used(self) -> list[tuple[str, int]]:
        return list(self.chosen.items())

    def of(self, kind: str, value: int) -> str | None:
        """The name of a constant of type ``kind``, or None for plain numbers."""
        if kind == RANK:
            return self.rank(value)
        if kind == SUIT:
            return self.suit(value)
        if kind == CARD:
            return self.card(value)
        return None


@dataclass
class Lowering:
    """How the names of one expression context appear in generated code."""

    variables: dict[str, ast.expr]
    constants: ConstantNames
    deck: Deck
    env_features: list[str] = field(default_factory=list)

    def lower(self, node: T) -> ast.expr:
        handler: Callable[[T], ast.expr] = getattr(self, f"lower_{type(node).__name__}")
        return handler(node)

    def lower_TConst(self, node: TConst) -> ast.expr:
        if isinstance(node.value, frozenset):
            kind = node.type.removeprefix("set:")
            return ast.Tuple([self.constant(kind, v) for v in sorted(node.value)], ast.Load())
        if isinstance(node.value, Fraction):  # exact: Fraction(numerator, denominator)
            parts = [const(node.value.numerator), const(node.value.denominator)]
            return ast.Call(name("Fraction"), parts, [])
        return self.constant(node.type, node.value)

    def constant(self, kind: str, value: int | bool) -> ast.expr:
        named = None if isinstance(value, bool) else self.constants.of(kind, value)
        return name(named) if named else const(value)

    def card_ids(self, mask: ast.expr) -> ast.expr:
        """The faces of the cards in a bitmask (card ids are faces with one pack)."""
        ids = call("bits", mask)
        if self.deck.copies == 1:
            return ids
        card = ast.Name("c", ast.Store())
        face = ast.BinOp(name("c"), ast.Mod(), name("N_FACES"))
        return ast.GeneratorExp(face, [ast.comprehension(card, ids, [], 0)])

    def lower_feature(self, feature: str) -> ast.expr:
        """A table-wide fact (``table.empty``) read from the deal state ``st``."""
        obj, attribute = feature.split(".")
        lowering = _ATTRIBUTE_LOWERING[(TABLE if obj == "table" else GAME, attribute)]
        return lowering(self, name("st"))

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
            return compare(self.copies_in(lowered, item), "!=", const(0))
        return ast.Compare(item, [ast.In()], [lowered])

    def copies_in(self, mask: ast.expr, face: ast.expr) -> ast.expr:
        """How the copies of ``face`` in ``mask`` are tested: one bit per pack."""
        found: ast.expr = ast.BinOp(mask, ast.RShift(), face)
        for copy in range(1, self.deck.copies):
            shifted = ast.BinOp(
                face, ast.Add(), ast.BinOp(const(copy), ast.Mult(), name("N_FACES"))
            )
            found = ast.BinOp(found, ast.BitOr(), ast.BinOp(mask, ast.RShift(), shifted))
        return ast.BinOp(found, ast.BitAnd(), const(1))

    def lower_TIf(self, node: TIf) -> ast.expr:
        return ast.IfExp(self.lower(node.cond), self.lower(node.then), self.lower(node.otherwise))

    def lower_TCall(self, node: TCall) -> ast.expr:
        return call(node.func, *(self.lower(a) for a in node.args))

    def lower_TAggregate(self, node: TAggregate) -> ast.expr:
        iterable = self.lower(node.iterable)
        if node.iterable.type == CARDS:
            iterable = self.card_ids(iterable)
        inner = Lowering(
            {**self.variables, node.var: name(f"v_{node.var}")},
            self.constants,
            self.deck,
            self.env_features,
        )
        element = const(1) if node.func == "count" else inner.lower(node.element)
        ifs = [inner.lower(node.cond)] if node.cond is not None else []
        target = ast.Name(f"v_{node.var}", ast.Store())
        # A list, not a generator: ast.unparse would write a generator argument in double parentheses.
        generator = ast.ListComp(element, [ast.comprehension(target, iterable, ifs, 0)])
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
                position = self.constants.use(
                    feature.replace(".", "_").upper(), self.env_features.index(feature)
                )
                fact = index(name("env"), name(position))
                return compare(fact, "!=", const(0)) if node.type == "bool" else fact
        obj = self.lower(node.obj)
        lowering = _ATTRIBUTE_LOWERING.get(key)
        if lowering is None:
            raise NotImplementedError(f"no lowering for {key}")  # the analyser prevents this
        return lowering(self, obj)

    def cards_value(self, mask: ast.expr) -> ast.expr:
        """The sum of the point values of the cards in a bitmask."""
        face = ast.Name("f", ast.Store())
        value = index(name("VALUE_OF_FACE"), name("f"))
        return call(
            "sum", ast.ListComp(value, [ast.comprehension(face, self.card_ids(mask), [], 0)])
        )


Lowerer = Callable[[Lowering, ast.expr], ast.expr]


def _card_attr(table: str) -> Lowerer:
    return lambda lowering, face: index(name(table), face)


def _state_list(field_name: str) -> Lowerer:
    return lambda lowering, seat: index(attr(name("st"), field_name), seat)


def _plain(build: Callable[[ast.expr], ast.expr]) -> Lowerer:
    return lambda lowering, obj: build(obj)


_ATTRIBUTE_LOWERING: dict[tuple[str, str], Lowerer] = {
    (CARD, "rank"): _card_attr("RANK_OF_FACE"),
    (CARD, "suit"): _card_attr("SUIT_OF_FACE"),
    (CARD, "value"): _card_attr("VALUE_OF_FACE"),
    (CARDS, "count"): _plain(lambda mask: method(mask, "bit_count")),
    (CARDS, "value"): lambda lowering, mask: lowering.cards_value(mask),
    ("player", "hand"): _state_list("hands"),
    ("player", "covered"): _state_list("covered"),
    ("player", "completed"): _plain(
        lambda seat: method(attr(name("st"), "completed"), "count", seat)
    ),
    ("player", "completed_first"): _plain(
        lambda seat: compare(
            ast.Subscript(attr(name("st"), "completed"), ast.Slice(None, const(1)), ast.Load()),
            "==",
            ast.List([seat], ast.Load()),
        )
    ),
    ("player", "passed_last"): _plain(
        lambda seat: compare(attr(name("st"), "last_passer"), "==", seat)
    ),
    ("player", "seat"): _plain(lambda seat: seat),
    ("player", "passes"): _state_list("passes"),
    ("player", "is_winner"): _plain(lambda seat: compare(attr(name("st"), "winner"), "==", seat)),
    ("player", "place"): _state_list("places"),
    ("table", "empty"): _plain(lambda st: compare(attr(st, "table"), "==", const(0))),
    ("table", "count"): _plain(lambda st: method(attr(st, "table"), "bit_count")),
    ("table", "cards"): _plain(lambda st: attr(st, "table")),
    ("game", "players"): _plain(lambda st: attr(st, "n_players")),
    ("game", "max_hand"): _plain(lambda st: attr(st, "max_hand")),
    ("game", "min_hand"): _plain(lambda st: attr(st, "min_hand")),
    ("game", "dealer"): _plain(lambda st: attr(st, "dealer")),
    ("game", "pot"): _plain(lambda st: attr(st, "pot")),
    ("game", "unable_in_a_row"): _plain(lambda st: attr(st, "unable_in_a_row")),
}


def row_lowering(env_features: list[str], constants: ConstantNames, deck: Deck) -> Lowering:
    """Names inside ``legal_on_row(face, suit, start, low, high, count, env)`` and its kin."""
    variables: dict[str, ast.expr] = {
        "card": name("face"),
        "last": name("last"),
        "first": name("first"),  # the card that began the turn (play.follow_up.allow)
        "hand": name("hand"),  # a parameter only of rule sets whose play conditions read it
        "table": name("st"),
        "game": name("st"),
        "row.open": compare(name("count"), ">", const(0)),
        "row.start": name("start"),
        "row.low": name("low"),
        "row.high": name("high"),
        "row.count": name("count"),
        "row.complete": compare(name("count"), "==", name("N_RANKS")),
        "row.suit": name("suit"),
        # the row's ranks (a bitmask) are a parameter only of legal_on_row that reads them
        "row.top": ast.BinOp(method(name("ranks"), "bit_length"), ast.Sub(), const(1)),
        "row.bottom": ast.BinOp(
            method(
                ast.BinOp(name("ranks"), ast.BitAnd(), ast.UnaryOp(ast.USub(), name("ranks"))),
                "bit_length",
            ),
            ast.Sub(),
            const(1),
        ),
    }
    return Lowering(variables, constants, deck, env_features)


def player_lowering(constants: ConstantNames, deck: Deck, team_size: int | None = None) -> Lowering:
    """Names inside scoring functions of ``(st, seat)``."""
    seats = call("range", attr(name("st"), "n_players"))
    variables: dict[str, ast.expr] = {
        "player": name("seat"),
        "hand": index(attr(name("st"), "hands"), name("seat")),
        "players": seats,
        "others": _seats_where(compare(name("p"), "!=", name("seat"))),
        "table": name("st"),
        "game": name("st"),
    }
    if team_size is not None:
        variables.update(_team_variables(team_size))
    return Lowering(variables, constants, deck)


def _seats_where(test: ast.expr) -> ast.expr:
    """``[p for p in range(st.n_players) if test]``: the seats ``test`` keeps, in seat order."""
    seats = call("range", attr(name("st"), "n_players"))
    return ast.ListComp(
        name("p"), [ast.comprehension(ast.Name("p", ast.Store()), seats, [test], 0)]
    )


def _team_variables(team_size: int) -> dict[str, ast.expr]:
    """``partners``, ``opponents`` and ``partner``: seats are partners when they are equal
    modulo the number of teams (runtime.contract.Teams seats teams alternately)."""
    # at least one team, as the reference interpreter counts them, for player counts that
    # form no teams (never played; the rule-sheet diff's sample of states asks about them)
    teams = call(
        "max", ast.BinOp(attr(name("st"), "n_players"), ast.FloorDiv(), const(team_size)), const(1)
    )

    def team(seat: ast.expr) -> ast.expr:
        return ast.BinOp(seat, ast.Mod(), teams)

    same_team = compare(team(name("p")), "==", team(name("seat")))
    variables = {
        "partners": _seats_where(
            ast.BoolOp(ast.And(), [compare(name("p"), "!=", name("seat")), same_team])
        ),
        "opponents": _seats_where(compare(team(name("p")), "!=", team(name("seat")))),
    }
    if team_size == 2:  # the one partner sits half the table away
        variables["partner"] = ast.BinOp(
            ast.BinOp(name("seat"), ast.Add(), teams), ast.Mod(), attr(name("st"), "n_players")
        )
    return variables


__all__ = [
    "PLAYERS",
    "RUNTIME_ARITHMETIC",
    "RUNTIME_ARITHMETIC_MODULE",
    "ConstantNames",
    "Lowering",
    "player_lowering",
    "row_lowering",
]
