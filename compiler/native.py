"""The native back end: the rule set's conditions and amounts as numba source.

A second back end next to :mod:`sevens.compiler.emit`.  Where the emitter writes the Python
module of a rule set, this one writes the rule set's own numba functions: its legality, its
follow-ups, its costs, antes, payments, points and draws, each as straight-line code over the
kernels' state arrays (``c``, ``v``, ``m``), with a small helper function for each aggregate.
:mod:`sevens.compiler.native_kernels` puts them into the rule set's copy of the kernels
(:mod:`sevens.runtime.native.kernels`), in place of the template's stand-ins.

As in the emitter, a value from a rulespec can only become an integer literal; names and
operators come from this module, never from the rulespec's text.

Values at run time are ints.  A set of cards is a *reference* to where it lies: a seat number
for that seat's hand, :data:`TABLE_REF` for the table; a list of players is a placeholder, its
meaning fixed by the operator that reads it.  What the kernels cannot play raises
:class:`NativeUnsupported` with the feature named.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, replace
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
    "RULE_FUNCTIONS",
    "TABLE_REF",
    "NativeCode",
    "NativeUnsupported",
    "lower_rules",
]


class NativeUnsupported(Exception):
    """A rule the native kernels cannot play yet (the message names it)."""


#: The lists of players by name: the kinds of the kernels' ``seat_listed`` (1 players,
#: 2 others, 4 partners, 5 opponents).
_PLAYER_LISTS = {"players": 1, "others": 2, "partners": 4, "opponents": 5}
#: The reference of the table among sets of cards (hands are their seat numbers; the cards
#: seat s covered are ``COVERED_REF - s``).
TABLE_REF = -1
COVERED_REF = -2
#: How the kernels find the legal cards when ``play.legal`` reads the mover's hand.  The parts
#: of the condition that read the hand but not the card or the row ("hand facts": ``hand.count
#: == 1``, ``not any(c.rank == 7 for c in hand)``…) are lifted out and worked out once per
#: decision into slots (``v[c[V_HF] + k]``).  When nothing else reads the hand and every fact
#: is a truth value, the facts index the row memo like the table-wide facts (HAND_KEYED: a bit
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

#: Where the kernels put a row's figures before they ask a row condition (``v[c[V_ROWV] + k]``):
#: 0 the card's face, 1 suit, 2 start, 3 low, 4 high, 5 count, 6 the follow-up's trigger
#: (``last``), 7 top, 8 bottom, 9 the turn's first card (``first``).
_ROW_VARS = {"suit": 1, "start": 2, "low": 3, "high": 4, "count": 5, "top": 7, "bottom": 8}
_GAME = {
    "players": "c[C_PLAYERS]",
    "max_hand": "v[S_MAXH]",
    "min_hand": "v[S_MINH]",
    "dealer": "v[S_DEALER]",
    "pot": "v[S_POT]",
    "unable_in_a_row": "v[S_UNABLE]",
}
_ARITHMETIC = {"+": "{} + {}", "-": "{} - {}", "*": "{} * {}", "//": "floordiv0({}, {})",
               "%": "mod0({}, {})"}  # fmt: skip
_COMPARISONS = {"==", "!=", "<", "<=", ">", ">="}
_CARD_ATTRIBUTES = {"rank": "face_rank", "suit": "face_suit", "value": "face_value"}

#: The rule set's functions the kernels call, by what they work out (each takes
#: ``c, v, m, seat``; the hand facts also the fact's number, before the seat).
RULE_FUNCTIONS = (
    "rule_legal",
    "rule_follow_when",
    "rule_follow_allow",
    "rule_pass_cost",
    "rule_voluntary_pass_cost",
    "rule_ante",
    "rule_pay_winner",
    "rule_points",
    "rule_draw_most",
    "rule_env",
    "rule_hand_fact",
)


@dataclass(frozen=True)
class _TFact(T):
    """A hand fact lifted out of a play condition: read back from its slot."""

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


def _truth(expression: str) -> str:
    return f"(1 if {expression} != 0 else 0)"


@dataclass
class _Emitter:
    """Writes typed trees as numba expressions, and a helper function for each aggregate.

    ``context`` is "row" for conditions asked of a card on a row (the kernels put the row's
    figures at ``v[c[V_ROWV] + k]``) and "player" for amounts asked of a seat.
    """

    n_ranks: int
    env: list[str]
    env_dims: list[int]
    helpers: list[str] = field(default_factory=list)
    context: str = "player"
    locals: dict[str, str] = field(default_factory=dict)

    # -- nodes -----------------------------------------------------------
    def expression(self, node: T) -> str:
        """The numba expression of ``node`` (an int64)."""
        handler = getattr(self, f"emit_{type(node).__name__}", None)
        if handler is None:
            raise NativeUnsupported(f"the numba backend does not support {type(node).__name__} yet")
        result: str = handler(node)
        return result

    def emit_TConst(self, node: TConst) -> str:
        value = node.value
        if isinstance(value, frozenset):
            if any(not 0 <= v < 63 for v in value):
                raise NativeUnsupported(
                    "the numba backend does not support sets beyond 63 items yet"
                )
            return str(sum(1 << v for v in value))
        if value is None:
            raise NativeUnsupported("the numba backend does not support the empty value yet")
        if isinstance(value, Fraction):
            raise NativeUnsupported("the numba backend does not support decimal numbers yet")
        return str(int(value))

    def emit_TVar(self, node: TVar) -> str:
        name = node.name
        if name in self.locals:
            return self.locals[name]
        if self.context == "row" and name in ("card", "last", "first"):
            return f"v[c[V_ROWV] + {({'card': 0, 'last': 6, 'first': 9})[name]}]"
        if name == "hand" or (name == "player" and self.context == "player"):
            return "seat"  # a player is its seat, and its hand is referred to by the seat
        if name == "partner" and self.context == "player":  # teams of two: half the table away
            return "mod0(seat + floordiv0(c[C_PLAYERS], 2), c[C_PLAYERS])"
        if name in (*_PLAYER_LISTS, "table", "game", "row"):
            return "0"  # a placeholder: the operator reading it knows what it means
        raise NativeUnsupported(f"the numba backend does not support the name '{name}' yet")

    def emit_TAttr(self, node: TAttr) -> str:
        obj = node.obj
        if isinstance(obj, TVar) and obj.name not in self.locals:
            if obj.name == "row":
                return self.row_attribute(node.name)
            if obj.name in ("table", "game"):
                return self.table_attribute(f"{obj.name}.{node.name}", node.type == BOOL)
        return self.value_attribute(obj.type, node.name, self.expression(obj))

    def row_attribute(self, attribute: str) -> str:
        count = "v[c[V_ROWV] + 5]"
        if attribute == "open":
            return f"(1 if {count} > 0 else 0)"
        if attribute == "complete":
            return f"(1 if {count} == {self.n_ranks} else 0)"
        if attribute in _ROW_VARS:
            return f"v[c[V_ROWV] + {_ROW_VARS[attribute]}]"
        raise NativeUnsupported(f"the numba backend does not support row.{attribute} yet")

    def table_attribute(self, key: str, is_bool: bool) -> str:
        if self.context == "row":  # the kernels keep the table-wide facts in one index
            if key not in ENV_FEATURES:
                raise NativeUnsupported(
                    f"the numba backend does not support {key} in play conditions yet"
                )
            k = self.env.index(key)
            digit = f"(v[S_ENV] // {_radix(self.env_dims, k)})"
            if len(self.env) > 1:
                digit = f"({digit} % {self.env_dims[k]})"
            return _truth(digit) if is_bool else digit
        if key == "table.empty":
            return "(1 if size(m, c[M_TABLE]) == 0 else 0)"
        if key == "table.count":
            return "size(m, c[M_TABLE])"
        if key == "table.cards":
            return str(TABLE_REF)
        attribute = key.split(".")[1]
        if key.startswith("game.") and attribute in _GAME:
            return _GAME[attribute]
        raise NativeUnsupported(f"the numba backend does not support {key} yet")

    def value_attribute(self, kind: str, attribute: str, value: str) -> str:
        if kind == CARD and attribute in _CARD_ATTRIBUTES:
            return f"{_CARD_ATTRIBUTES[attribute]}(c, {value})"
        if kind == CARDS and attribute == "count":
            return f"size(m, cards_at(c, {value}))"
        if kind == CARDS and attribute == "value":
            return f"cards_value(c, m, {value})"
        if kind == "player":
            if attribute == "passes":
                return f"v[c[V_PASSES] + {value}]"
            if attribute == "place":
                return f"v[c[V_PLACES] + {value}]"
            if attribute in ("hand", "seat"):
                return value  # the seat is both the player and the reference to its hand
            if attribute == "is_winner":
                return f"(1 if {value} == v[S_WIN] else 0)"
            if attribute == "passed_last":
                return f"(1 if {value} == v[S_LASTPASS] else 0)"
            if attribute == "covered":  # seat -> COVERED_REF - seat
                return f"({COVERED_REF} - {value})"
        raise NativeUnsupported(f"the numba backend does not support {kind}.{attribute} yet")

    def test(self, node: T) -> str:
        """``node`` as a numba truth value (for ``if``, ``and``, ``or``, ``not``): the
        comparisons and connectives stay truth values instead of becoming 0 or 1."""
        if isinstance(node, TUnary) and node.op == "not":
            return f"(not {self.test(node.operand)})"
        if isinstance(node, TBinary) and node.op in ("and", "or"):
            return f"({self.test(node.left)} {node.op} {self.test(node.right)})"
        if isinstance(node, TBinary) and node.op in _COMPARISONS:
            left, right = self.expression(node.left), self.expression(node.right)
            return f"({left} {node.op} {right})"
        return f"({self.expression(node)} != 0)"

    def emit_TUnary(self, node: TUnary) -> str:
        if node.op == "not":
            return f"(1 if {self.test(node)} else 0)"
        return f"(-{self.expression(node.operand)})"

    def emit_TBinary(self, node: TBinary) -> str:
        if node.op in ("and", "or") or node.op in _COMPARISONS:
            return f"(1 if {self.test(node)} else 0)"
        if node.op in ("in", "not in"):
            found = self.membership(node)
            return f"(1 if {found} == 0 else 0)" if node.op == "not in" else found
        left, right = self.expression(node.left), self.expression(node.right)
        if node.op not in _ARITHMETIC:
            raise NativeUnsupported(f"the numba backend does not support '{node.op}' yet")
        result = "(" + _ARITHMETIC[node.op].format(left, right) + ")"
        if node.modulo and node.op in ("+", "-"):
            result = f"({result} % {node.modulo})"
        return result

    def membership(self, node: TBinary) -> str:
        right = node.right
        item = self.expression(node.left)
        if right.type == CARDS:
            return f"cards_has(c, m, {item}, {self.expression(right)})"
        if right.type == PLAYERS and isinstance(right, TVar):
            return f"in_players(c, {_PLAYER_LISTS[right.name]}, {item}, seat)"
        if right.type.startswith("set:"):
            return f"in_set({item}, {self.expression(right)})"
        raise NativeUnsupported(f"the numba backend does not support 'in' over {right.type} yet")

    def emit_TIf(self, node: TIf) -> str:
        cond = self.test(node.cond)
        then, otherwise = self.expression(node.then), self.expression(node.otherwise)
        return f"({then} if {cond} else {otherwise})"

    def emit_TCall(self, node: TCall) -> str:
        args = [self.expression(arg) for arg in node.args]
        if node.func == "abs":
            return f"abs({args[0]})"
        result = args[-1]
        for arg in reversed(args[:-1]):  # min(a, min(b, c)): the kernels' order
            result = f"{node.func}({arg}, {result})"
        return result

    def emit__TFact(self, node: _TFact) -> str:
        return f"v[c[V_HF] + {node.slot}]"

    def emit_TAggregate(self, node: TAggregate) -> str:
        """A helper function looping over the items, called with the enclosing variables."""
        name = f"rule_aggregate_{len(self.helpers)}"
        self.helpers.append("")  # keeps the number while nested aggregates are written
        outer = dict(self.locals)
        variable = f"x{len(outer)}"
        iterable = self.expression(node.iterable)
        self.locals = {**outer, node.var: variable}
        cond = self.test(node.cond) if node.cond is not None else None
        element = "1" if node.func == "count" else self.expression(node.element)
        self.locals = outer
        parameters = ", ".join(["c", "v", "m", "seat", *outer.values()])
        lines = ["@njit(cache=True)", f"def {name}({parameters}):"]
        lines += _loop(node, iterable, variable, cond, element, self.iteration(node.iterable))
        self.helpers[int(name.rsplit("_", 1)[1])] = "\n".join(lines)
        return f"{name}({parameters})"

    def iteration(self, iterable: T) -> str:
        if iterable.type == CARDS:
            return "cards"
        if iterable.type == PLAYERS and isinstance(iterable, TVar):
            return f"players:{_PLAYER_LISTS[iterable.name]}"
        if iterable.type.startswith("set:"):
            return "set"
        raise NativeUnsupported(f"the numba backend does not support iterating {iterable.type} yet")


def _loop(
    node: TAggregate, iterable: str, variable: str, cond: str | None, element: str, kind: str
) -> list[str]:
    """The body of an aggregate's helper: its items in increasing order, as the engine."""
    body: list[str] = []
    if kind == "cards":  # each card of the set's two words, as its face
        body += [
            f"    at = cards_at(c, {iterable})",
            "    n_faces = c[C_NFACES]",
        ]
        head = [
            "    for w in range(2):",
            "        word = m[at + w]",
            "        while word != U0:",
            f"            {variable} = (64 * w + np.int64(trailing_zeros(word))) % n_faces",
            "            word &= word - U1",
        ]
        indent = "            "
    elif kind == "set":
        body.append(f"    items = {iterable}")
        head = [f"    for {variable} in range(63):", f"        if (items >> {variable}) & 1 == 0:",
                "            continue"]  # fmt: skip
        indent = "        "
    else:
        listed = kind.split(":")[1]
        head = [
            f"    for {variable} in range(c[C_PLAYERS]):",
            f"        if not seat_listed(c, {listed}, {variable}, seat):",
            "            continue",
        ]
        indent = "        "
    func = node.func
    start = 1 if func == "all" else 0
    body += [f"    acc = {start}", "    seen = False", *head]
    if cond is not None:
        body += [f"{indent}if not {cond}:", f"{indent}    continue"]
    body.append(f"{indent}x = {element}")
    if func in ("sum", "count"):
        body.append(f"{indent}acc += x")
    elif func in ("max", "min"):
        body += [
            f"{indent}acc = x if not seen else {func}(acc, x)",
            f"{indent}seen = True",
        ]
    elif func == "any":
        body += [f"{indent}if x != 0:", f"{indent}    return 1"]
    else:
        body += [f"{indent}if x == 0:", f"{indent}    return 0"]
    body.append("    return acc")
    return body


@dataclass(frozen=True)
class NativeCode:
    """A rule set's own numba functions (source text) and what the kernels' configuration
    needs to know about its conditions."""

    source: str  # the functions of RULE_FUNCTIONS and their helpers
    env: tuple[str, ...]  # the table-wide facts play conditions read, in ENV order
    constants: dict[str, int]  # amounts that are a single constant, by name
    reads_ranks: bool = False  # play.legal reads row.top/row.bottom: the memo is built per state
    env_dims: tuple[int, ...] = ()  # the number of values of each fact in ``env``
    hand_mode: int = HAND_NONE  # how play.legal reads the mover's hand (HAND_*)
    hand_facts: int = 0  # the hand facts lifted out of play.legal

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


def _function(name: str, body: str) -> str:
    return f"@njit(cache=True)\ndef {name}(c, v, m, seat):\n    return {body}\n"


def lower_rules(rules: AnalysedRules) -> NativeCode:
    """Write every condition and amount of an analysed rule set as numba functions."""
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
        "rule_legal": (legal, "row"),
        "rule_follow_when": (rules.follow_when.tree if rules.follow_when else None, "row"),
        "rule_follow_allow": (rules.follow_allow.tree if rules.follow_allow else None, "row"),
        "rule_pass_cost": (rules.pass_cost.tree, "player"),
        "rule_voluntary_pass_cost": (rules.voluntary_pass_cost.tree, "player"),
        "rule_ante": (rules.ante.tree if rules.ante else None, "player"),
        "rule_pay_winner": (rules.pay_winner.tree if rules.pay_winner else None, "player"),
        "rule_points": (rules.points.tree if rules.points else None, "player"),
        "rule_draw_most": (rules.draw_most.tree if rules.draw_most else None, "player"),
    }
    emitter = _Emitter(n_ranks, env, dims)
    functions: list[str] = []
    constants: dict[str, int] = {}
    for name, (tree, context) in trees.items():
        emitter.context = context
        body = "0" if tree is None else emitter.expression(tree)
        functions.append(_function(name, body))
        if tree is None or isinstance(tree, TConst):
            constants[name.removeprefix("rule_")] = int(body)
    emitter.context = "player"
    index = " + ".join(
        f"{emitter.expression(_feature_tree(feature))} * {_radix(dims, k)}"
        for k, feature in enumerate(env)
    )
    functions.append(_function("rule_env", index or "0"))
    chain = "".join(
        f"    if k == {k}:\n        return {emitter.expression(fact)}\n"
        for k, fact in enumerate(facts)
    )
    functions.append(
        f"@njit(cache=True)\ndef rule_hand_fact(c, v, m, k, seat):\n{chain}    return 0\n"
    )
    source = "\n\n".join([*emitter.helpers, *functions])
    reads_ranks = bool(rules.legal.uses & {"row.top", "row.bottom"})
    return NativeCode(
        source, tuple(env), constants, reads_ranks, tuple(dims), hand_mode, len(facts)
    )


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
