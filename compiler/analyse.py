"""Stage 5: resolve names, check types and fold constants in conditions.

The result is a typed tree (``T*`` nodes) that both the code generator and
the reference interpreter walk.  Every mistake is reported at its place in
the YAML file: unknown names and attributes (with "did you mean"), literals
that are not in the deck, and type errors such as comparing a suit with a
rank.

Values at run time: booleans and integers are themselves; a rank is its
index in the deck's rank order; a suit its index; a card its face number.
Rank arithmetic is integer arithmetic, taken modulo the number of ranks when
the layout wraps (so ``row.high + 1`` past the ace is the two).  Without wrap
it leaves the range of real ranks and so equals no card's rank.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..runtime import arith
from . import conditions as syn
from . import limits
from .conditions import ConditionSyntaxError, parse_condition
from .errors import Diagnostic, SevensError, did_you_mean
from .model import Condition, Deck, Rulespec

BOOL, INT, RANK, SUIT, CARD = "bool", "int", "rank", "suit", "card"
ROW, TABLE, CARDS, PLAYER, PLAYERS, GAME = "row", "table", "cards", "player", "players", "game"
TYPE_NAMES = {
    BOOL: "a truth value",
    INT: "a number",
    RANK: "a rank",
    SUIT: "a suit",
    CARD: "a card",
    ROW: "a row",
    TABLE: "the table",
    CARDS: "a set of cards",
    PLAYER: "a player",
    PLAYERS: "a list of players",
    GAME: "the game",
    "set:rank": "a list of ranks",
    "set:suit": "a list of suits",
    "set:card": "a list of cards",
}

#: Attributes by the type of the object, with the type of the result.
ATTRIBUTES: dict[str, dict[str, str]] = {
    CARD: {"rank": RANK, "suit": SUIT, "value": INT},
    ROW: {
        "open": BOOL,
        "start": RANK,
        "low": RANK,
        "high": RANK,
        "count": INT,
        "complete": BOOL,
        "suit": SUIT,
        "top": RANK,  # the highest rank lying in the row, run or not (play.legal only)
        "bottom": RANK,  # the lowest rank lying in the row
    },
    TABLE: {"empty": BOOL, "count": INT, "cards": CARDS},
    CARDS: {"count": INT, "value": INT},
    PLAYER: {
        "hand": CARDS,
        "covered": CARDS,  # cards laid face down (passing.cover)
        "seat": INT,
        "passes": INT,
        "is_winner": BOOL,
        "place": INT,
        "completed": INT,  # events: suits this player completed
        "completed_first": BOOL,  # completed the first suit to be complete
        "passed_last": BOOL,  # was the last player who had to pass
    },
    GAME: {
        "players": INT,
        "max_hand": INT,
        "min_hand": INT,
        "dealer": INT,
        "pot": INT,
        "unable_in_a_row": INT,  # players in a row, before this turn, who could not play
    },
}

#: Player attributes that need the engine to note events during the deal.
EVENT_ATTRIBUTES = frozenset({"completed", "completed_first", "passed_last"})

#: Names visible in each kind of expression, with their types.
CONTEXTS: dict[str, dict[str, str]] = {
    # ``hand`` in a play condition is the mover's hand: legality is then asked per seat
    # (RuleSet.reads_hand), so only rule sets that read it pay for it.
    "legal": {"card": CARD, "row": ROW, "table": TABLE, "game": GAME, "hand": CARDS},
    "when": {"card": CARD, "row": ROW, "table": TABLE, "game": GAME, "hand": CARDS},
    "allow": {
        "card": CARD,
        "last": CARD,
        "first": CARD,
        "row": ROW,
        "table": TABLE,
        "game": GAME,
        "hand": CARDS,
    },
    "card": {"card": CARD},
    "player": {
        "player": PLAYER,
        "hand": CARDS,
        "players": PLAYERS,
        "others": PLAYERS,
        "table": TABLE,
        "game": GAME,
    },
}

#: Names an amount sees only where the players form teams (players.teams), by the team size
#: they need (0: any): the other members of the player's team, the players of the other
#: teams and, with teams of two, the one partner.
TEAM_NAMES: dict[str, tuple[str, int]] = {
    "partners": (PLAYERS, 0),
    "opponents": (PLAYERS, 0),
    "partner": (PLAYER, 2),
}

#: How each kind of expression is named in messages ("in play.legal").
PLACES = {
    "legal": "play.legal",
    "when": "follow_up.when",
    "allow": "follow_up.allow",
    "card": "card conditions (opening.leader_cards, play.compulsory)",
    "player": "amounts (passing costs, chips, scoring.points)",
}

AGGREGATES = {"sum": INT, "max": INT, "min": INT, "count": INT, "any": BOOL, "all": BOOL}
ELEMENT_OF = {CARDS: CARD, PLAYERS: PLAYER, "set:rank": RANK, "set:suit": SUIT, "set:card": CARD}


@dataclass(frozen=True)
class T:
    """A typed expression node."""

    type: str


@dataclass(frozen=True)
class TConst(T):
    value: Any


@dataclass(frozen=True)
class TVar(T):
    name: str


@dataclass(frozen=True)
class TAttr(T):
    obj: T
    name: str


@dataclass(frozen=True)
class TUnary(T):
    op: str  # "not" | "-"
    operand: T


@dataclass(frozen=True)
class TBinary(T):
    op: str  # and or + - * // % == != < <= > >= in "not in"
    left: T
    right: T
    modulo: int | None = None  # rank arithmetic that wraps


@dataclass(frozen=True)
class TIf(T):
    cond: T
    then: T
    otherwise: T


@dataclass(frozen=True)
class TAggregate(T):
    func: str
    element: T
    var: str
    iterable: T
    cond: T | None


@dataclass(frozen=True)
class TCall(T):
    func: str
    args: tuple[T, ...]


@dataclass
class Analysed:
    """A typed condition and the context names it reads."""

    condition: Condition
    tree: T
    uses: frozenset[str] = field(default_factory=frozenset)


class _Fail(Exception):
    def __init__(self, message: str, offset: int):
        super().__init__(message)
        self.message = message
        self.offset = offset


class Analyser:
    """Type-check one condition against a deck and an expression context."""

    def __init__(self, deck: Deck, wrap: bool, context: str, team_size: int | None = None) -> None:
        self.deck = deck
        self.wrap = wrap
        self.scope: dict[str, str] = dict(CONTEXTS[context])
        self.context = context
        self.team_size = team_size
        if context == "player" and team_size is not None:
            self.scope.update(
                (name, kind) for name, (kind, size) in TEAM_NAMES.items() if size in (0, team_size)
            )
        self.context_names = frozenset(self.scope)
        self.uses: set[str] = set()

    def run(self, condition: Condition, expected: str) -> Analysed:
        try:
            tree = parse_condition(condition.text)
            typed = self.visit(tree)
            if typed.type != expected and not (expected == INT and typed.type == BOOL):
                raise _Fail(
                    f"{condition.key} must be {TYPE_NAMES[expected]}, not {TYPE_NAMES[typed.type]}",
                    0,
                )
        except ConditionSyntaxError as exc:
            raise SevensError(condition.diagnostic(exc.message, exc.offset)) from None
        except _Fail as exc:
            raise SevensError(condition.diagnostic(exc.message, exc.offset)) from None
        return Analysed(condition, typed, frozenset(self.uses))

    # -- dispatch -------------------------------------------------------
    def visit(self, node: syn.Expr, hint: str | None = None) -> T:
        method: Callable[[Any, str | None], T] = getattr(self, f"visit_{type(node).__name__}")
        return method(node, hint)

    def visit_Number(self, node: syn.Number, hint: str | None) -> T:
        if isinstance(node.value, Fraction):
            return self.decimal(node.value, hint, node.offset)
        if hint == RANK:
            rank = self.deck.rank_index(str(node.value))
            if rank is None:
                raise _Fail(
                    f"there is no rank {node.value} in this deck ({self.rank_list()})", node.offset
                )
            return TConst(RANK, rank)
        return TConst(INT, node.value)

    def decimal(self, value: Fraction, hint: str | None, offset: int) -> T:
        """A decimal literal: an exact amount of chips or points, never a rank."""
        if hint == RANK:
            raise _Fail(f"ranks are whole numbers; {decimal_text(value)} is not a rank", offset)
        if self.context != "player":
            raise _Fail(
                "decimal numbers may only be used in amounts (passing costs, chips, "
                f"scoring.points), not in {PLACES[self.context]}",
                offset,
            )
        return TConst(INT, value)

    def visit_Bool(self, node: syn.Bool, hint: str | None) -> T:
        return TConst(BOOL, node.value)

    def visit_Code(self, node: syn.Code, hint: str | None) -> T:
        text = node.text
        order = {RANK: (RANK, SUIT, CARD), SUIT: (SUIT, RANK, CARD)}.get(
            hint or "", (CARD, RANK, SUIT)
        )
        for kind in order:
            value = self.resolve_code(text, kind)
            if value is not None:
                return TConst(kind, value)
        raise _Fail(
            f"'{text}' is not a card, rank or suit of this deck{self.code_hint(text)}", node.offset
        )

    def resolve_code(self, text: str, kind: str) -> int | None:
        if kind == CARD:
            return self.deck.parse_card(text)
        if kind == RANK:
            return self.deck.rank_index(text)
        return self.deck.suit_index(text)

    def code_hint(self, text: str) -> str:
        codes = (
            self.deck.card_codes()
            + [r.code for r in self.deck.ranks]
            + [s.code for s in self.deck.suits]
        )
        return did_you_mean(text, codes)

    def rank_list(self) -> str:
        return " ".join(r.code for r in self.deck.ranks)

    def visit_Name(self, node: syn.Name, hint: str | None) -> T:
        if node.name not in self.scope:
            raise _Fail(self.unknown_name(node.name), node.offset)
        if node.name in self.context_names:
            self.uses.add(node.name)
        return TVar(self.scope[node.name], node.name)

    def unknown_name(self, name: str) -> str:
        """Why ``name`` is unknown here, the names that are known, and where it would be."""
        here = f"in {PLACES[self.context]}"
        known = f"names {here}: {', '.join(sorted(self.scope))}"
        if name in TEAM_NAMES and self.context == "player":
            return self.team_name_unknown(name, known)
        elsewhere = [PLACES[c] for c, names in CONTEXTS.items() if name in names]
        if not elsewhere:
            return f"unknown name '{name}'{did_you_mean(name, self.scope)} ({known})"
        places = (
            ", ".join(elsewhere[:-1]) + " and " + elsewhere[-1]
            if len(elsewhere) > 1
            else elsewhere[0]
        )
        return f"'{name}' is not available {here}, only in {places} ({known})"

    def team_name_unknown(self, name: str, known: str) -> str:
        """Why a team name is unknown in an amount: no teams, or teams of another size."""
        if self.team_size is None:
            return f"'{name}' needs teams (players.teams) ({known})"
        return (
            f"'{name}' needs teams of two; these teams have {self.team_size} players,"
            f" so use 'partners' ({known})"
        )

    def visit_Attr(self, node: syn.Attr, hint: str | None) -> T:
        obj = self.visit(node.obj)
        table = ATTRIBUTES.get(obj.type, {})
        if node.name not in table:
            what = TYPE_NAMES[obj.type]
            allowed = f" ({what} has: {', '.join(table)})" if table else ""
            raise _Fail(
                f"{what} has no attribute '{node.name}'{did_you_mean(node.name, table)}{allowed}",
                node.name_offset,
            )
        if isinstance(obj, TVar) and obj.name in self.context_names:
            self.uses.add(f"{obj.name}.{node.name}")
        if isinstance(obj, TConst) and obj.type == CARD:
            return self.fold_card_attr(obj.value, node.name)
        return TAttr(table[node.name], obj, node.name)

    def fold_card_attr(self, face: int, name: str) -> T:
        if name == "rank":
            return TConst(RANK, self.deck.rank_of(face))
        if name == "suit":
            return TConst(SUIT, self.deck.suit_of(face))
        return TConst(INT, self.deck.ranks[self.deck.rank_of(face)].value)

    def visit_Unary(self, node: syn.Unary, hint: str | None) -> T:
        if node.op == "not":
            operand = self.expect(node.operand, BOOL)
            if isinstance(operand, TConst):
                return TConst(BOOL, not operand.value)
            return TUnary(BOOL, "not", operand)
        operand = self.expect(node.operand, INT)
        if isinstance(operand, TConst):
            return TConst(INT, -operand.value)
        return TUnary(INT, "-", operand)

    def expect(self, node: syn.Expr, wanted: str) -> T:
        typed = self.visit(node, wanted)
        if typed.type != wanted and not (wanted == INT and typed.type == BOOL):
            raise _Fail(
                f"expected {TYPE_NAMES[wanted]} here, found {TYPE_NAMES[typed.type]}", node.offset
            )
        return typed

    def visit_Binary(self, node: syn.Binary, hint: str | None) -> T:
        if node.op in ("and", "or"):
            return self.boolean(node)
        if node.op in ("+", "-", "*", "//", "%"):
            return self.arithmetic(node)
        if node.op in ("in", "not in"):
            return self.membership(node)
        return self.comparison(node)

    def boolean(self, node: syn.Binary) -> T:
        left, right = self.expect(node.left, BOOL), self.expect(node.right, BOOL)
        if isinstance(left, TConst):
            decisive = left.value if node.op == "or" else not left.value
            return TConst(BOOL, left.value) if decisive else right
        if isinstance(right, TConst):
            decisive = right.value if node.op == "or" else not right.value
            return TConst(BOOL, right.value) if decisive else left
        return TBinary(BOOL, node.op, left, right)

    def arithmetic(self, node: syn.Binary) -> T:
        left = self.visit(node.left)
        if left.type == RANK and node.op in ("+", "-"):
            right = self.expect(node.right, INT)
            if has_decimal(right):
                raise _Fail("ranks move by whole numbers; this may not be one", node.right.offset)
            modulo = self.deck.n_ranks if self.wrap else None
            return self.fold(TBinary(RANK, node.op, left, right, modulo), node.offset)
        if left.type not in (INT, BOOL):
            raise _Fail(f"cannot do arithmetic on {TYPE_NAMES[left.type]}", node.left.offset)
        right = self.expect(node.right, INT)
        return self.fold(TBinary(INT, node.op, left, right), node.offset)

    def comparison(self, node: syn.Binary) -> T:
        left, right = self.visit_pair(node.left, node.right)
        if left.type != right.type and {left.type, right.type} != {INT, BOOL}:
            message = f"cannot compare {TYPE_NAMES[left.type]} with {TYPE_NAMES[right.type]}"
            raise _Fail(message, node.offset)
        if node.op not in ("==", "!=") and left.type not in (INT, RANK, BOOL):
            raise _Fail(f"{TYPE_NAMES[left.type]} has no order; use == or !=", node.offset)
        if left.type in (ROW, TABLE, GAME, CARDS, PLAYERS):
            raise _Fail(f"cannot compare {TYPE_NAMES[left.type]}", node.offset)
        return self.fold(TBinary(BOOL, node.op, left, right))

    def visit_pair(self, left_node: syn.Expr, right_node: syn.Expr) -> tuple[T, T]:
        """Type two operands, letting a literal take its type from the other side."""
        literal = (syn.Number, syn.Code)
        if isinstance(left_node, literal) and not isinstance(right_node, literal):
            right = self.visit(right_node)
            return self.visit(left_node, right.type), right
        left = self.visit(left_node)
        return left, self.visit(right_node, left.type)

    def membership(self, node: syn.Binary) -> T:
        if isinstance(node.right, syn.ListExpr):  # a literal list takes its type from the item
            item = self.visit(node.left)
            collection = self.visit(node.right, f"set:{item.type}")
        else:
            collection = self.visit(node.right)
            element_type = ELEMENT_OF.get(collection.type)
            if element_type is None:
                raise _Fail(
                    f"'in' needs a set of cards, players or a list, not {TYPE_NAMES[collection.type]}",
                    node.right.offset,
                )
            item = self.visit(node.left, element_type)
        element = ELEMENT_OF.get(collection.type)
        if item.type != element:
            raise _Fail(
                f"cannot look for {TYPE_NAMES[item.type]} in a collection of {element}s",
                node.left.offset,
            )
        result = self.fold(TBinary(BOOL, "in", item, collection))
        if node.op == "not in":
            return self.fold(TUnary(BOOL, "not", result))
        return result

    def visit_IfElse(self, node: syn.IfElse, hint: str | None) -> T:
        cond = self.expect(node.cond, BOOL)
        then = self.visit(node.then, hint)
        otherwise = self.visit(node.otherwise, then.type)
        if then.type != otherwise.type:
            raise _Fail(
                f"both branches must have the same type ({TYPE_NAMES[then.type]} vs {TYPE_NAMES[otherwise.type]})",
                node.otherwise.offset,
            )
        if isinstance(cond, TConst):
            return then if cond.value else otherwise
        return TIf(then.type, cond, then, otherwise)

    def visit_ListExpr(self, node: syn.ListExpr, hint: str | None) -> T:
        if not node.items:
            raise _Fail("an empty list is always false to search; remove it", node.offset)
        items = [
            self.visit(item, hint[4:] if hint and hint.startswith("set:") else None)
            for item in node.items
        ]
        kind = items[0].type
        if kind not in (RANK, SUIT, CARD) or any(i.type != kind for i in items):
            raise _Fail(
                "a list holds cards, ranks or suits written as literals, all of one kind",
                node.offset,
            )
        if not all(isinstance(i, TConst) for i in items):
            raise _Fail("list items must be literals", node.offset)
        return TConst(f"set:{kind}", frozenset(i.value for i in items if isinstance(i, TConst)))

    def visit_Call(self, node: syn.Call, hint: str | None) -> T:
        if node.func == "abs" and len(node.args) == 1:
            return TCall(INT, "abs", (self.expect(node.args[0], INT),))
        if node.func in ("min", "max") and len(node.args) >= 2:
            return TCall(INT, node.func, tuple(self.expect(a, INT) for a in node.args))
        if node.func in AGGREGATES and node.func not in ("min", "max"):
            example = "x.value for x in …" if node.func == "sum" else "x for x in … if …"
            raise _Fail(
                f"{node.func}() works over a collection: write {node.func}({example})", node.offset
            )
        if node.func in ("min", "max", "abs"):
            raise _Fail(
                f"{node.func}() takes {'one number' if node.func == 'abs' else 'two or more numbers'}"
                f"; over a collection write {node.func if node.func != 'abs' else 'sum'}(x for x in …)",
                node.offset,
            )
        known = ["abs", "min", "max", *AGGREGATES]
        raise _Fail(
            f"unknown function '{node.func}' or wrong number of arguments{did_you_mean(node.func, known)}",
            node.offset,
        )

    def visit_Aggregate(self, node: syn.Aggregate, hint: str | None) -> T:
        if node.func not in AGGREGATES:
            raise _Fail(
                f"unknown aggregate '{node.func}'{did_you_mean(node.func, AGGREGATES)}", node.offset
            )
        iterable = self.visit(node.iterable)
        element_type = ELEMENT_OF.get(iterable.type)
        if element_type is None:
            raise _Fail(f"cannot iterate over {TYPE_NAMES[iterable.type]}", node.iterable.offset)
        if node.var in self.scope:
            raise _Fail(
                f"'{node.var}' is already a name here; choose another loop variable", node.offset
            )
        if len(self.scope) - len(self.context_names) >= limits.MAX_AGGREGATE_NESTING:
            raise _Fail(
                f"aggregates nest at most {limits.MAX_AGGREGATE_NESTING} deep "
                "(each level multiplies the work by the size of a hand)",
                node.offset,
            )
        self.scope[node.var] = element_type
        try:
            wanted = BOOL if node.func in ("any", "all") else None if node.func == "count" else INT
            element = (
                self.visit(node.element) if wanted is None else self.expect(node.element, wanted)
            )
            cond = self.expect(node.cond, BOOL) if node.cond is not None else None
        finally:
            del self.scope[node.var]
        return TAggregate(AGGREGATES[node.func], node.func, element, node.var, iterable, cond)

    # -- folding ---------------------------------------------------------
    def fold(self, node: T, offset: int = 0) -> T:
        """Evaluate a node whose operands are all constants."""
        if (
            isinstance(node, TBinary)
            and isinstance(node.left, TConst)
            and isinstance(node.right, TConst)
        ):
            value = apply_binary(node.op, node.left.value, node.right.value, node.modulo)
            if node.type == INT and abs(value) > arith.INT_LIMIT:
                raise _Fail("this constant is larger than 10^18", offset)
            return TConst(node.type, value)
        if isinstance(node, TUnary) and isinstance(node.operand, TConst):
            return TConst(
                node.type, (not node.operand.value) if node.op == "not" else -node.operand.value
            )
        return node


def typed_children(node: T) -> list[T]:
    """The sub-expressions of a typed node."""
    found: list[T] = []
    for value in vars(node).values():
        if isinstance(value, T):
            found.append(value)
        elif isinstance(value, tuple):
            found.extend(item for item in value if isinstance(item, T))
    return found


def has_decimal(node: T) -> bool:
    """Whether a typed tree holds a decimal literal (its value may then be a fraction)."""
    if isinstance(node, TConst):
        return isinstance(node.value, Fraction)
    return any(has_decimal(child) for child in typed_children(node))


def decimal_text(value: Fraction) -> str:
    """An exact decimal fraction written out in full (``Fraction(3, 10)`` -> ``'0.3'``)."""
    return arith.decimal_text(value)


#: Operators whose meaning lives in the runtime, shared with generated code.
_ARITHMETIC: dict[str, Callable[[int, int], int]] = {
    "*": arith.multiply,
    "//": arith.floor_div,
    "%": arith.modulo,
}


def apply_binary(op: str, left: Any, right: Any, modulo: int | None = None) -> Any:
    """The meaning of a binary operator on run-time values (shared with the interpreter)."""
    if op == "+":
        return (left + right) % modulo if modulo else left + right
    if op == "-":
        return (left - right) % modulo if modulo else left - right
    if op in _ARITHMETIC:
        return _ARITHMETIC[op](left, right)
    if op == "in":
        return left in right
    return {
        "==": left == right,
        "!=": left != right,
        "<": left < right,
        "<=": left <= right,
        ">": left > right,
        ">=": left >= right,
    }[op]


@dataclass
class AnalysedRules:
    """Every condition of a rulespec, typed."""

    spec: Rulespec
    legal: Analysed
    follow_when: Analysed | None
    follow_allow: Analysed | None
    pass_cost: Analysed
    voluntary_pass_cost: Analysed
    ante: Analysed | None
    pay_winner: Analysed | None
    points: Analysed | None
    leader_cards: Analysed | None = None
    compulsory: Analysed | None = None
    draw_most: Analysed | None = None  # passing.draw.most (None: until a card fits)


def analyse(spec: Rulespec) -> AnalysedRules:
    """Type-check all conditions of ``spec``; report every error found."""
    errors: list[Diagnostic] = []
    # A key standing for another (passing.voluntary_cost unset is passing.cost) is the same
    # Condition object: analysed once, so one mistake is reported once.
    done: dict[tuple[int, str, str], Analysed | None] = {}

    def run(condition: Condition | None, context: str, expected: str) -> Analysed | None:
        if condition is None:
            return None
        key = (id(condition), context, expected)
        if key not in done:
            done[key] = _analysed_or_none(spec, condition, context, expected, errors)
        return done[key]

    follow = spec.follow_up
    result = AnalysedRules(
        spec=spec,
        legal=run(spec.legal, "legal", BOOL),  # type: ignore[arg-type]
        follow_when=run(follow.when, "when", BOOL) if follow else None,
        follow_allow=run(follow.allow, "allow", BOOL) if follow else None,
        pass_cost=run(spec.passing.cost, "player", INT),  # type: ignore[arg-type]
        voluntary_pass_cost=run(spec.passing.voluntary_cost, "player", INT),  # type: ignore[arg-type]
        ante=run(spec.chips.ante, "player", INT) if spec.chips else None,
        pay_winner=run(spec.chips.pay_winner, "player", INT) if spec.chips else None,
        points=run(spec.points, "player", INT),
        leader_cards=run(spec.opening.leader_cards, "card", BOOL),
        compulsory=run(spec.compulsory, "card", BOOL),
        draw_most=run(spec.draw.most, "player", INT) if spec.draw else None,
    )
    if errors:
        raise SevensError(errors)
    check_whole_count(result.draw_most, errors)
    check_row_local(result, errors)
    check_hand_in_play(result, errors)
    if errors:
        raise SevensError(errors)
    return result


def _analysed_or_none(
    spec: Rulespec, condition: Condition, context: str, expected: str, errors: list[Diagnostic]
) -> Analysed | None:
    """``condition`` typed in ``context``, or ``None`` with its errors added to ``errors``."""
    try:
        analyser = Analyser(spec.deck, spec.layout.wrap, context, spec.players.team_size)
        return analyser.run(condition, expected)
    except SevensError as exc:
        errors.extend(exc.diagnostics)
        return None


#: Table-wide facts that change during a deal in ways the row tables do not follow.
NOT_IN_PLAY_CONDITIONS = {
    "table.cards": "table.cards may only be used in scoring expressions",
    "game.pot": "game.pot changes with every pass; it may only be used in scoring expressions",
    "game.unable_in_a_row": (
        "game.unable_in_a_row changes with every turn; it may only be used in amounts"
        " and passing.draw.most"
    ),
}


#: Row facts only ``play.legal`` may read (the follow-up decisions do not receive them).
LEGAL_ONLY = {
    "row.top": "row.top may only be used in play.legal",
    "row.bottom": "row.bottom may only be used in play.legal",
}


def check_whole_count(analysed: Analysed | None, errors: list[Diagnostic]) -> None:
    """A number of cards to draw is whole: decimals belong to amounts of chips and points."""
    if analysed is not None and has_decimal(analysed.tree):
        found = re.search(r"\d*\.\d+", analysed.condition.text)
        message = "passing.draw.most counts cards: a whole number, not a decimal"
        errors.append(analysed.condition.diagnostic(message, found.start() if found else 0))


def check_row_local(rules: AnalysedRules, errors: list[Diagnostic]) -> None:
    """The move generator precomputes legality per row; reject what it cannot do."""
    for analysed in (rules.follow_when, rules.follow_allow):
        for use, message in LEGAL_ONLY.items():
            if analysed is not None and use in analysed.uses:
                offset = analysed.condition.text.find(use.split(".")[1])
                errors.append(analysed.condition.diagnostic(message, max(offset, 0)))
    for analysed in (rules.legal, rules.follow_when, rules.follow_allow):
        if analysed is None:
            continue
        for use, message in NOT_IN_PLAY_CONDITIONS.items():
            if use in analysed.uses:
                offset = analysed.condition.text.find(use)
                errors.append(analysed.condition.diagnostic(message, max(offset, 0)))


def play_conditions(rules: AnalysedRules) -> list[Analysed]:
    """The conditions the move generator evaluates per row: legal and the follow-up pair."""
    found = (rules.legal, rules.follow_when, rules.follow_allow)
    return [analysed for analysed in found if analysed is not None]


def reads_hand(rules: AnalysedRules) -> bool:
    """Whether a play condition reads the mover's hand (legality is then asked per seat)."""
    return any("hand" in analysed.uses for analysed in play_conditions(rules))


def check_hand_in_play(rules: AnalysedRules, errors: list[Diagnostic]) -> None:
    """Jokers and trumps ask legality as if their player held other cards (every card, the
    trumps of the places a displaced card may take), so the hand would be wrong; rows taken
    one at a time or without suits choose a card's row by what the rows take, without a hand."""
    layout = rules.spec.layout
    if rules.spec.wild is not None:
        mechanic = "jokers (deck.jokers): a joker's spots are"
    elif rules.spec.trumps is not None:
        mechanic = "trumps (play.trumps): a trump's places are"
    elif layout.one_row_at_a_time or not layout.rows_follow_suit:
        # the row a card goes to is chosen from what the rows take without a hand
        mechanic = "layout.one_row_at_a_time or layout.rows_follow_suit false: rows are"
    else:
        return
    for analysed in play_conditions(rules):
        if "hand" in analysed.uses:
            found = re.search(r"\bhand\b", analysed.condition.text)
            message = (
                f"'hand' cannot be used in play conditions together with {mechanic}"
                " worked out without the player's hand"
            )
            errors.append(analysed.condition.diagnostic(message, found.start() if found else 0))
