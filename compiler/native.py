"""The native back end: lower typed condition trees to programs the numba kernels run.

A second back end next to :mod:`sevens.compiler.emit`.  Where the emitter
writes Python functions, this one writes each condition and amount as a
short *program*: a flat tuple of ints (an opcode followed by its operands)
in postfix order, with jumps for ``and``/``or``/``if`` and loops for the
aggregates.  The hand-written kernels in :mod:`sevens.native` carry
one small evaluator for these programs, so a single compiled (and cached)
kernel serves every rule set: a rule set is data (its ``RuleSet`` record
plus these programs), never new code.  As in the emitter, a value from a
rulespec can only become an integer operand; nothing is ever spliced into
source text.

Values at run time are ints.  A set of cards is a *reference* to where it
lies: a seat number for that seat's hand, :data:`TABLE_REF` for the table;
a list of players is a placeholder, its meaning fixed by the operator that
reads it.  What the kernels cannot play yet raises :class:`NativeUnsupported`
with the feature named.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
from enum import IntEnum
from fractions import Fraction
from typing import Any

from .analyse import (
    BOOL,
    CARD,
    CARDS,
    INT,
    PLAYERS,
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
    typed_children,
)

__all__ = [
    "ENV_FEATURES",
    "HAND_KEYED",
    "HAND_NONE",
    "HAND_PER_CARD",
    "TABLE_REF",
    "NativeProgram",
    "NativeUnsupported",
    "Op",
    "lower_rules",
]


class NativeUnsupported(Exception):
    """A rule the native kernels cannot play yet (the message names it)."""


class Op(IntEnum):
    """Opcodes of a native program (operands follow the opcode)."""

    PUSH = 1  # value
    ROW = 2  # k: 0 face, 1 suit, 2 start, 3 low, 4 high, 5 count, 6 last, 7 top, 8 bottom, 9 first
    ENV = 3  # radix: the table-wide facts' combined index divided by radix (see ENV_FEATURES)
    LOCAL = 4  # slot: the variable of an aggregate
    SEAT = 5  # the seat an amount is asked for
    GAME = 6  # k: 0 players, 1 max_hand, 2 min_hand, 3 dealer, 4 pot, 5 winner, 6 last passer,
    # 7 the players in a row unable to play
    RANK_OF = 7  # face -> rank
    SUIT_OF = 8
    VALUE_OF = 9
    CARDS_COUNT = 10  # ref -> number of cards
    CARDS_VALUE = 11  # ref -> sum of point values
    CARDS_HAS = 12  # face ref -> any copy of face in ref
    PASSES = 13  # seat -> passes
    PLACE = 14  # seat -> place
    TABLE_COUNT = 15
    NOT = 16
    NEG = 17
    ADD = 18
    SUB = 19
    MUL = 20
    FLOORDIV = 21  # 0 when dividing by 0, as the analyser defines
    MOD = 22
    EQ = 23
    NE = 24
    LT = 25
    LE = 26
    GT = 27
    GE = 28
    MODULO = 29  # m: wrap the top of the stack into 0..m-1
    JUMP_IF_FALSE_OR_POP = 30  # target
    JUMP_IF_TRUE_OR_POP = 31  # target
    POP_JUMP_IF_FALSE = 32  # target
    JUMP = 33  # target
    ABS = 34
    MIN2 = 35
    MAX2 = 36
    IN_SET = 37  # item mask -> bit item of mask (0 outside 0..62)
    IN_PLAYERS = 38  # kind (0 all, 1 others, 2 partners, 3 opponents): item -> a seat of it
    ITER_INIT = 39  # slot kind: pops the collection
    ITER_NEXT = 40  # slot target: next item into LOCAL slot, else jump
    ACC = 41  # func slot: fold the element into the accumulator below it
    TRUTH = 42  # any value -> 0 or 1
    END = 43
    HAND = 44  # slot: a fact of the mover's hand, worked out once per decision (see HAND_*)
    CARD_FOLD = 45  # func table: fold a per-face table over the cards of a ref (see below)


#: Iteration kinds of ``ITER_INIT``.
ITER_CARDS, ITER_PLAYERS, ITER_OTHERS, ITER_SET, ITER_PARTNERS, ITER_OPPONENTS = 0, 1, 2, 3, 4, 5
#: The lists of players by name: their iteration kind and their kind in ``IN_PLAYERS``.
_PLAYER_LISTS = {
    "players": (ITER_PLAYERS, 0),
    "others": (ITER_OTHERS, 1),
    "partners": (ITER_PARTNERS, 2),  # players.teams: seats equal modulo the number of teams
    "opponents": (ITER_OPPONENTS, 3),
}
#: Aggregate functions of ``ACC``.
AGG_CODES = {"sum": 0, "count": 0, "max": 1, "min": 2, "any": 3, "all": 4}
AGG_START = {"sum": 0, "count": 0, "max": 0, "min": 0, "any": 0, "all": 1}
#: The reference of the table among sets of cards (hands are their seat numbers; the cards
#: seat s covered are ``COVERED_REF - s``).
TABLE_REF = -1
COVERED_REF = -2
#: How the kernels find the legal cards when ``play.legal`` reads the mover's hand.  The parts
#: of the condition that read the hand but not the card or the row ("hand facts": ``hand.count
#: == 1``, ``not any(c.rank == 7 for c in hand)``…) are lifted out and worked out once per
#: decision into slots read by ``HAND``.  When nothing else reads the hand and every fact is a
#: truth value, the facts index the row memo like the table-wide facts (HAND_KEYED: a bit
#: each); otherwise each card of the hand is tried with the hand (HAND_PER_CARD).
HAND_NONE, HAND_KEYED, HAND_PER_CARD = 0, 1, 2
#: The most hand facts keyed into the row memo (each doubles its size).
MAX_KEYED_HAND_FACTS = 4
#: The names a hand fact may read: nothing that changes from one card or row to the next.
_FACT_NAMES = frozenset({"hand", "table", "game"})
#: Table-wide facts the kernels keep in play conditions, with the number of values each can
#: take (None: one more than the cards in the deal).  The kernels keep one combined index of
#: them, ``sum(fact_k * radix_k)`` (mixed radix), which also indexes the row memo.
ENV_FEATURES: dict[str, int | None] = {"table.empty": 2, "table.count": None}

_ROW_VARS = {
    "row.suit": 1,
    "row.start": 2,
    "row.low": 3,
    "row.high": 4,
    "row.count": 5,
    "row.top": 7,  # the highest rank lying in the row, run or not (-1: none)
    "row.bottom": 8,
}
_GAME = {"players": 0, "max_hand": 1, "min_hand": 2, "dealer": 3, "pot": 4, "unable_in_a_row": 7}
_BINARY = {
    "+": Op.ADD,
    "-": Op.SUB,
    "*": Op.MUL,
    "//": Op.FLOORDIV,
    "%": Op.MOD,
    "==": Op.EQ,
    "!=": Op.NE,
    "<": Op.LT,
    "<=": Op.LE,
    ">": Op.GT,
    ">=": Op.GE,
}


@dataclass(frozen=True)
class _TFact(T):
    """A hand fact lifted out of a play condition: read back from its slot (``Op.HAND``)."""

    slot: int


def free_names(node: T) -> frozenset[str]:
    """The names a typed tree reads that it does not bind itself (an aggregate binds its variable)."""
    if isinstance(node, TVar):
        return frozenset({node.name})
    if isinstance(node, TAggregate):
        inner = free_names(node.element) | (
            free_names(node.cond) if node.cond is not None else frozenset()
        )
        return free_names(node.iterable) | (inner - {node.var})
    names: frozenset[str] = frozenset()
    for child in typed_children(node):
        names |= free_names(child)
    return names


def _reads_only(node: TAggregate, allowed: frozenset[str]) -> bool:
    """Whether an aggregate's element and filter read only its own variable (and ``allowed``)."""
    inner = free_names(node.element) | (
        free_names(node.cond) if node.cond is not None else frozenset()
    )
    return inner <= allowed | {node.var}


def lift_hand_facts(node: T, facts: list[T]) -> T:
    """``node`` with each largest sub-expression that reads the hand but neither the card nor
    the row (a number or a truth value) replaced by a slot; the lifted trees go to ``facts``."""
    names = free_names(node)
    if node.type in (BOOL, INT) and "hand" in names and names <= _FACT_NAMES:
        if node not in facts:
            facts.append(node)
        return _TFact(node.type, facts.index(node))
    if "hand" not in names:
        return node
    changes: dict[str, Any] = {}
    for f in fields(node):
        value = getattr(node, f.name)
        if isinstance(value, T):
            changes[f.name] = lift_hand_facts(value, facts)
        elif isinstance(value, tuple) and any(isinstance(item, T) for item in value):
            changes[f.name] = tuple(lift_hand_facts(item, facts) for item in value)
    return replace(node, **changes)


@dataclass
class _CardTables:
    """Aggregates over cards whose element and filter read only the card: each becomes two
    tables over the faces (filter, element), filled by the kernels from these programs."""

    n_ranks: int
    programs: list[tuple[list[int], list[int]]] = field(default_factory=list)
    seen: dict[TAggregate, int] = field(default_factory=dict)

    def add(self, node: TAggregate) -> int:
        """The number of the tables of an aggregate (the same aggregate shares them)."""
        if node not in self.seen:
            self.seen[node] = len(self.programs)
            element = TConst(INT, 1) if node.func == "count" else node.element
            keep = node.cond if node.cond is not None else TConst(BOOL, True)
            self.programs.append((self.lower(keep, node.var), self.lower(element, node.var)))
        return self.seen[node]

    def lower(self, tree: T, var: str) -> list[int]:
        program = _Program("player", self.n_ranks, [], [], locals={var: 0})
        program.lower(tree)
        program.emit(Op.END)
        return program.code


@dataclass
class _Program:
    """A program under construction: code, and the names bound in its context."""

    context: str  # "row" or "player"
    n_ranks: int
    env: list[str]
    env_dims: list[int] = field(default_factory=list)
    code: list[int] = field(default_factory=list)
    locals: dict[str, int] = field(default_factory=dict)
    tables: _CardTables | None = (
        None  # None: aggregates loop over their items (in a table's own program)
    )

    def emit(self, *words: int) -> int:
        """Append words; returns the position of the first."""
        self.code.extend(int(w) for w in words)
        return len(self.code) - len(words)

    def patch(self, position: int, target: int) -> None:
        self.code[position] = target

    # -- nodes -----------------------------------------------------------
    def lower(self, node: T) -> None:
        handler = getattr(self, f"lower_{type(node).__name__}", None)
        if handler is None:
            raise NativeUnsupported(f"the numba backend does not support {type(node).__name__} yet")
        handler(node)

    def lower_TConst(self, node: TConst) -> None:
        value = node.value
        if isinstance(value, frozenset):
            if any(not 0 <= v < 63 for v in value):
                raise NativeUnsupported(
                    "the numba backend does not support sets beyond 63 items yet"
                )
            self.emit(Op.PUSH, sum(1 << v for v in value))
        elif value is None:
            raise NativeUnsupported("the numba backend does not support the empty value yet")
        elif isinstance(value, Fraction):
            raise NativeUnsupported("the numba backend does not support decimal numbers yet")
        else:
            self.emit(Op.PUSH, int(value))

    def lower_TVar(self, node: TVar) -> None:
        if node.name in self.locals:
            self.emit(Op.LOCAL, self.locals[node.name])
        elif node.name == "card" and self.context == "row":
            self.emit(Op.ROW, 0)
        elif node.name == "last" and self.context == "row":
            self.emit(Op.ROW, 6)
        elif node.name == "first" and self.context == "row":
            self.emit(Op.ROW, 9)
        elif node.name in ("player", "hand") and self.context == "player":
            self.emit(Op.SEAT)  # a player is its seat; its hand is referred to by the seat
        elif node.name == "hand":  # a play condition reading the mover's hand: the kernels pass
            self.emit(Op.SEAT)  # the mover's seat to row programs that read it (RuleSet.reads_hand)
        elif node.name == "partner" and self.context == "player":  # teams of two: half the
            # table away, (seat + players // 2) % players
            self.emit(Op.SEAT, Op.GAME, 0, Op.PUSH, 2, Op.FLOORDIV, Op.ADD, Op.GAME, 0, Op.MOD)
        elif node.name in (*_PLAYER_LISTS, "table", "game", "row"):
            self.emit(Op.PUSH, 0)  # a placeholder: the operator reading it knows what it means
        else:
            raise NativeUnsupported(
                f"the numba backend does not support the name '{node.name}' yet"
            )

    def lower_TAttr(self, node: TAttr) -> None:
        obj = node.obj
        if isinstance(obj, TVar) and obj.name not in self.locals:
            key = f"{obj.name}.{node.name}"
            if obj.name == "row":
                self.row_attribute(node.name)
                return
            if obj.name in ("table", "game"):
                self.table_attribute(key, node.type == BOOL)
                return
        self.lower(obj)
        self.value_attribute(obj.type, node.name)

    def row_attribute(self, attribute: str) -> None:
        if attribute == "open":
            self.emit(Op.ROW, 5, Op.PUSH, 0, Op.GT)
        elif attribute == "complete":
            self.emit(Op.ROW, 5, Op.PUSH, self.n_ranks, Op.EQ)
        elif f"row.{attribute}" in _ROW_VARS:
            self.emit(Op.ROW, _ROW_VARS[f"row.{attribute}"])
        else:
            raise NativeUnsupported(f"the numba backend does not support row.{attribute} yet")

    def table_attribute(self, key: str, is_bool: bool) -> None:
        if self.context == "row":
            if key not in ENV_FEATURES:
                raise NativeUnsupported(
                    f"the numba backend does not support {key} in play conditions yet"
                )
            k = self.env.index(key)
            self.emit(Op.ENV, _radix(self.env_dims, k))
            if len(self.env) > 1:  # the fact's digit of the combined index
                self.emit(Op.PUSH, self.env_dims[k], Op.MOD)
            if is_bool:
                self.emit(Op.TRUTH)
            return
        if key == "table.empty":
            self.emit(Op.TABLE_COUNT, Op.PUSH, 0, Op.EQ)
        elif key == "table.count":
            self.emit(Op.TABLE_COUNT)
        elif key == "table.cards":
            self.emit(Op.PUSH, TABLE_REF)
        else:
            self.emit(Op.GAME, _GAME[key.split(".")[1]])

    def value_attribute(self, kind: str, attribute: str) -> None:
        simple = {
            (CARD, "rank"): Op.RANK_OF,
            (CARD, "suit"): Op.SUIT_OF,
            (CARD, "value"): Op.VALUE_OF,
            (CARDS, "count"): Op.CARDS_COUNT,
            (CARDS, "value"): Op.CARDS_VALUE,
            ("player", "passes"): Op.PASSES,
            ("player", "place"): Op.PLACE,
        }
        if (kind, attribute) in simple:
            self.emit(simple[(kind, attribute)])
        elif (kind, attribute) in (("player", "hand"), ("player", "seat")):
            pass  # the seat is both the player and the reference to its hand
        elif (kind, attribute) == ("player", "is_winner"):
            self.emit(Op.GAME, 5, Op.EQ)
        elif (kind, attribute) == ("player", "passed_last"):
            self.emit(Op.GAME, 6, Op.EQ)
        elif (kind, attribute) == ("player", "covered"):  # seat -> COVERED_REF - seat
            self.emit(Op.NEG, Op.PUSH, -COVERED_REF, Op.SUB)
        else:
            raise NativeUnsupported(f"the numba backend does not support {kind}.{attribute} yet")

    def lower_TUnary(self, node: TUnary) -> None:
        self.lower(node.operand)
        self.emit(Op.NOT if node.op == "not" else Op.NEG)

    def lower_TBinary(self, node: TBinary) -> None:
        if node.op in ("and", "or"):
            self.lower(node.left)
            self.emit(Op.TRUTH)
            jump = Op.JUMP_IF_FALSE_OR_POP if node.op == "and" else Op.JUMP_IF_TRUE_OR_POP
            at = self.emit(jump, 0)
            self.lower(node.right)
            self.emit(Op.TRUTH)
            self.patch(at + 1, len(self.code))
            return
        if node.op in ("in", "not in"):
            self.membership(node)
            if node.op == "not in":
                self.emit(Op.NOT)
            return
        if node.op not in _BINARY:
            raise NativeUnsupported(f"the numba backend does not support '{node.op}' yet")
        self.lower(node.left)
        self.lower(node.right)
        self.emit(_BINARY[node.op])
        if node.modulo and node.op in ("+", "-"):
            self.emit(Op.MODULO, node.modulo)

    def membership(self, node: TBinary) -> None:
        right = node.right
        self.lower(node.left)
        if right.type == CARDS:
            self.lower(right)
            self.emit(Op.CARDS_HAS)
        elif right.type == PLAYERS and isinstance(right, TVar):
            self.emit(Op.IN_PLAYERS, _PLAYER_LISTS[right.name][1])
        elif right.type.startswith("set:"):
            self.lower(right)
            self.emit(Op.IN_SET)
        else:
            raise NativeUnsupported(
                f"the numba backend does not support 'in' over {right.type} yet"
            )

    def lower_TIf(self, node: TIf) -> None:
        self.lower(node.cond)
        to_else = self.emit(Op.POP_JUMP_IF_FALSE, 0)
        self.lower(node.then)
        to_end = self.emit(Op.JUMP, 0)
        self.patch(to_else + 1, len(self.code))
        self.lower(node.otherwise)
        self.patch(to_end + 1, len(self.code))

    def lower_TCall(self, node: TCall) -> None:
        for arg in node.args:
            self.lower(arg)
        if node.func == "abs":
            self.emit(Op.ABS)
        else:
            for _ in node.args[1:]:
                self.emit(Op.MIN2 if node.func == "min" else Op.MAX2)

    def lower_TAggregate(self, node: TAggregate) -> None:
        iterable = node.iterable
        kind = self.iteration_kind(iterable)
        if kind == ITER_CARDS and self.tables is not None and _reads_only(node, frozenset()):
            # the element and filter read nothing but the card: a table per face, folded natively
            self.lower(iterable)
            self.emit(Op.CARD_FOLD, AGG_CODES[node.func], self.tables.add(node))
            return
        self.lower(iterable)
        slot = len(self.locals)
        self.emit(Op.ITER_INIT, slot, kind)
        self.emit(Op.PUSH, AGG_START[node.func])
        loop = self.emit(Op.ITER_NEXT, slot, 0)
        outer = self.locals
        self.locals = {**outer, node.var: slot}
        if node.cond is not None:
            self.lower(node.cond)
            self.emit(Op.POP_JUMP_IF_FALSE, loop)
        if node.func == "count":
            self.emit(Op.PUSH, 1)
        else:
            self.lower(node.element)
        self.locals = outer
        self.emit(Op.ACC, AGG_CODES[node.func], slot)
        self.emit(Op.JUMP, loop)
        self.patch(loop + 2, len(self.code))

    def lower__TFact(self, node: _TFact) -> None:
        self.emit(Op.HAND, node.slot)

    def iteration_kind(self, iterable: T) -> int:
        if iterable.type == CARDS:
            return ITER_CARDS
        if iterable.type == PLAYERS and isinstance(iterable, TVar):
            return _PLAYER_LISTS[iterable.name][0]
        if iterable.type.startswith("set:"):
            return ITER_SET
        raise NativeUnsupported(f"the numba backend does not support iterating {iterable.type} yet")


@dataclass(frozen=True)
class NativeProgram:
    """Every decision of a rule set as native programs, concatenated into one code array."""

    code: tuple[int, ...]
    #: Where each program starts in ``code`` (keys: legal, follow_when, follow_allow,
    #: pass_cost, voluntary_pass_cost, ante, pay_winner, points, draw_most, and env: the combined index
    #: of the table-wide facts, when the play conditions read any).
    starts: dict[str, int]
    env: tuple[str, ...]  # the table-wide facts, in ENV order
    constants: dict[str, int]  # programs that are a single constant, by name
    reads_ranks: bool = False  # play.legal reads row.top/row.bottom: the memo is built per state
    env_dims: tuple[int, ...] = ()  # the number of values of each fact in ``env``
    hand_mode: int = HAND_NONE  # how play.legal reads the mover's hand (HAND_*)
    hand_facts: int = 0  # the hand facts lifted out of play.legal (programs hand0, hand1…)
    card_tables: int = 0  # per-face tables of aggregates (programs table0_keep, table0_value…)

    @property
    def env_size(self) -> int:
        """The number of values the combined index of the table-wide facts can take."""
        size = 1
        for dim in self.env_dims:
            size *= dim
        return size


def _radix(dims: list[int], k: int) -> int:
    """The place value of the k-th fact in the combined index."""
    radix = 1
    for dim in dims[:k]:
        radix *= dim
    return radix


def _lower_one(
    tree: T | None, context: str, n_ranks: int, env: list[str], dims: list[int], tables: _CardTables
) -> list[int]:
    program = _Program(context, n_ranks, env, dims, tables=tables)
    if tree is None:
        program.emit(Op.PUSH, 0)
    else:
        program.lower(tree)
    program.emit(Op.END)
    return program.code


def _lower_env(n_ranks: int, env: list[str], dims: list[int], tables: _CardTables) -> list[int]:
    """The combined index of the table-wide facts: each fact times its place value, summed."""
    program = _Program("player", n_ranks, env, dims, tables=tables)
    program.emit(Op.PUSH, 0)
    for k, feature in enumerate(env):
        program.lower(_feature_tree(feature))
        program.emit(Op.PUSH, _radix(dims, k), Op.MUL, Op.ADD)
    program.emit(Op.END)
    return program.code


def lower_rules(rules: AnalysedRules) -> NativeProgram:
    """Lower every condition and amount of an analysed rule set to native programs."""
    n_ranks = len(rules.spec.deck.ranks)
    uses: set[str] = set()
    for analysed in (rules.legal, rules.follow_when, rules.follow_allow):
        if analysed is not None:
            uses |= {u for u in analysed.uses if u.split(".")[0] in ("table", "game") and "." in u}
    env = sorted(uses)
    for feature in env:
        if feature not in ENV_FEATURES:
            raise NativeUnsupported(
                f"the numba backend does not support {feature} in play conditions yet"
            )
    dims = [ENV_FEATURES[f] or rules.spec.deck.n_cards + 1 for f in env]
    legal, facts, hand_mode = split_hand_facts(rules.legal.tree)
    trees: dict[str, tuple[T | None, str]] = {
        "legal": (legal, "row"),
        "follow_when": (rules.follow_when.tree if rules.follow_when else None, "row"),
        "follow_allow": (rules.follow_allow.tree if rules.follow_allow else None, "row"),
        "pass_cost": (rules.pass_cost.tree, "player"),
        "voluntary_pass_cost": (rules.voluntary_pass_cost.tree, "player"),
        "ante": (rules.ante.tree if rules.ante else None, "player"),
        "pay_winner": (rules.pay_winner.tree if rules.pay_winner else None, "player"),
        "points": (rules.points.tree if rules.points else None, "player"),
        "draw_most": (rules.draw_most.tree if rules.draw_most else None, "player"),
    }
    trees |= {f"hand{k}": (fact, "player") for k, fact in enumerate(facts)}
    code: list[int] = []
    starts: dict[str, int] = {}
    constants: dict[str, int] = {}
    tables = _CardTables(n_ranks)

    def add(name: str, lowered: list[int]) -> None:
        starts[name] = len(code)
        code.extend(_relocate(lowered, len(code)))

    for name, (tree, context) in trees.items():
        lowered = _lower_one(tree, context, n_ranks, env, dims, tables)
        add(name, lowered)
        if len(lowered) == 3 and lowered[0] == Op.PUSH:
            constants[name] = lowered[1]
    if env:
        add("env", _lower_env(n_ranks, env, dims, tables))
    for t, (keep, value) in enumerate(tables.programs):
        add(f"table{t}_keep", keep)
        add(f"table{t}_value", value)
    reads_ranks = bool(rules.legal.uses & {"row.top", "row.bottom"})
    return NativeProgram(
        tuple(code), starts, tuple(env), constants, reads_ranks, tuple(dims),
        hand_mode, len(facts), len(tables.programs),
    )  # fmt: skip


def split_hand_facts(tree: T) -> tuple[T, list[T], int]:
    """``play.legal`` with its hand facts lifted out, the facts, and how the kernels find the
    legal cards (``HAND_*``): keyed into the row memo when only true/false facts read the hand."""
    facts: list[T] = []
    lifted = lift_hand_facts(tree, facts)
    if not facts and "hand" not in free_names(lifted):
        return tree, [], HAND_NONE
    keyed = (
        "hand" not in free_names(lifted)
        and all(fact.type == BOOL for fact in facts)
        and len(facts) <= MAX_KEYED_HAND_FACTS
    )
    return lifted, facts, HAND_KEYED if keyed else HAND_PER_CARD


def _feature_tree(feature: str) -> T:
    obj, attribute = feature.split(".")
    return TAttr(BOOL if feature == "table.empty" else "int", TVar(obj, obj), attribute)


#: Opcodes followed by a jump target (the target is the operand at the given offset).
_JUMPS = {
    Op.JUMP_IF_FALSE_OR_POP: 1,
    Op.JUMP_IF_TRUE_OR_POP: 1,
    Op.POP_JUMP_IF_FALSE: 1,
    Op.JUMP: 1,
    Op.ITER_NEXT: 2,
}
#: The number of operands of each opcode.
OPERANDS = {
    Op.PUSH: 1,
    Op.ROW: 1,
    Op.ENV: 1,
    Op.LOCAL: 1,
    Op.GAME: 1,
    Op.MODULO: 1,
    Op.JUMP_IF_FALSE_OR_POP: 1,
    Op.JUMP_IF_TRUE_OR_POP: 1,
    Op.POP_JUMP_IF_FALSE: 1,
    Op.JUMP: 1,
    Op.IN_PLAYERS: 1,
    Op.ITER_INIT: 2,
    Op.ITER_NEXT: 2,
    Op.ACC: 2,
    Op.HAND: 1,
    Op.CARD_FOLD: 2,
}


def _relocate(code: list[int], base: int) -> list[int]:
    """Shift a program's jump targets by ``base`` (programs share one code array)."""
    out = list(code)
    pc = 0
    while pc < len(out):
        op = Op(out[pc])
        if op in _JUMPS:
            out[pc + _JUMPS[op]] += base
        pc += 1 + OPERANDS.get(op, 0)
    return out
