"""The native back end's last stage: the kernels' source specialised for one rule set.

The numba kernels (:mod:`sevens.runtime.native.kernels`) read every rule of a rule set from
the configuration vector ``c`` at run time, so compiled as they are they hold the code of
every mechanic: jokers, trumps, stocks, transfers, follow-ups, teams, … .  Most rule sets use
a few of them.  This module writes a rule set's own copy of the kernels: each read of a
configuration slot whose value the rule set alone decides (``RULE_SET_SLOTS``: not the
players, the strategies or the number of deals) becomes that integer, the expressions it
makes constant are folded, and the branches that can no longer be taken are dropped, so numba
compiles only the code the rule set can reach (and LLVM sees the rule set's constants).

The result is plain Python source for numba, built from the kernels' syntax tree: the only
values a rule set brings into it are the integers of its configuration, written as integer
literals (never text from a rulespec).  :func:`specialise` is deterministic, so the same
configuration always gives the same source, and a digest of what decides it names the file.
"""

from __future__ import annotations

import ast
import hashlib
import operator
from collections.abc import Callable, Mapping
from functools import cache
from pathlib import Path
from typing import Any

__all__ = [
    "RULE_SET_SLOTS",
    "kernels_name",
    "rule_set_constants",
    "specialise",
    "template_source",
]

#: The configuration slots whose values depend on the rule set alone (never on the players,
#: the strategies, the number of deals or the size of the row memo): each is read as a
#: constant in the rule set's own kernels.
RULE_SET_SLOTS = (
    "C_NCARDS", "C_NFACES", "C_NRANKS", "C_NSUITS", "C_NROWS", "C_PER_SUIT", "C_WRAP",
    "C_START", "C_START_CHOSEN", "C_NENV", "C_LEADER", "C_VOLUNTARY", "C_PASS_LIMIT",
    "C_ELIMINATE", "C_FOLLOW", "C_FOLLOW_OPTIONAL", "C_LAST_CARD", "C_VT", "C_END_ALL_OUT",
    "C_HAS_CHIPS", "C_POT_TO_WINNER", "C_ANTE", "C_PAY", "C_HAS_POINTS",
    "C_START_DIM", "C_ENV_DIM",
    "S_WINNER", "S_TIEBREAK", "S_TCHIPS_ON", "S_TCHIPS", "S_TPOINTS_ON", "S_TPOINTS",
    "S_TDEALS_ON", "S_TDEALS", "C_NCHOICES", "C_LIMIT",
    "C_BACKWARD", "C_COMPULSORY", "C_TRANSFER", "C_DRAW", "C_DRAW_MOST", "C_DRAW_PER_SEAT",
    "C_DRAW_NEVER", "C_COVER", "C_BY_HOLDERS", "C_LEADER_OPENS", "C_READS_RANKS",
    "C_FOLLOW_MAX", "C_START_PER_ROW", "C_WILD", "C_REDEEM_OPTIONAL", "C_OUT_ON_JOKER",
    "C_HOLDER_LAST", "C_TRUMPS", "C_TRUMP_SUIT", "C_NAMED_HOME", "C_LEFTOVERS",
    "C_ROWS_BY_PLAY", "C_HAND_MODE", "C_NHF", "C_KEY_DIM", "C_PASS_IS_CONST",
    "C_PASS_CONST", "C_NDEALT", "C_NPRE", "C_NLORDER",
)  # fmt: skip

#: The kernels' template: the module compiled for no rule set in particular.
TEMPLATE = Path(__file__).resolve().parent.parent / "runtime" / "native" / "kernels.py"

_BINARY: dict[type[ast.operator], Callable[[Any, Any], Any]] = {
    ast.Add: operator.add,
    ast.Sub: operator.sub,
    ast.Mult: operator.mul,
    ast.FloorDiv: operator.floordiv,
    ast.Mod: operator.mod,
    ast.BitAnd: operator.and_,
    ast.BitOr: operator.or_,
    ast.BitXor: operator.xor,
    ast.LShift: operator.lshift,
    ast.RShift: operator.rshift,
}
_COMPARE: dict[type[ast.cmpop], Callable[[Any, Any], bool]] = {
    ast.Eq: operator.eq,
    ast.NotEq: operator.ne,
    ast.Lt: operator.lt,
    ast.LtE: operator.le,
    ast.Gt: operator.gt,
    ast.GtE: operator.ge,
}


def kernels_name(values: tuple[int, ...], rule_functions: str) -> str:
    """The module name of the kernels :func:`specialise` writes for these arguments: a digest
    of everything that decides the source (the template, this specialiser, the values and
    the rule set's functions), so a name found on disk never needs the source made again."""
    digest = hashlib.sha256()
    for part in (template_source(), _own_source(), repr(values), rule_functions):
        digest.update(part.encode("utf-8"))
        digest.update(b"\0")
    return f"sevens_kernels_{digest.hexdigest()[:24]}"


@cache
def _own_source() -> str:
    return Path(__file__).read_text(encoding="utf-8")


@cache
def template_source() -> str:
    """The kernels' source text."""
    return TEMPLATE.read_text(encoding="utf-8")


@cache
def _slot_numbers() -> dict[str, int]:
    """Each slot's number, as the template assigns it."""
    numbers: dict[str, int] = {}
    for node in ast.parse(template_source()).body:
        if isinstance(node, ast.Assign):
            _collect_constants(node, numbers)
    return numbers


def _collect_constants(node: ast.Assign, numbers: dict[str, int]) -> None:
    """Record ``NAME = int`` (``-int`` too) and ``A, B = (int, int)`` assignments of the
    template."""
    for target in node.targets:
        pairs = [(target, node.value)]
        if isinstance(target, ast.Tuple) and isinstance(node.value, ast.Tuple):
            pairs = list(zip(target.elts, node.value.elts, strict=False))
        for name, value in pairs:
            number = _integer(value)
            if isinstance(name, ast.Name) and number is not None:
                numbers[name.id] = number


def _integer(node: ast.expr) -> int | None:
    """The integer an expression writes out (``3``, ``-1``), else None."""
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _integer(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def rule_set_constants(config: Any) -> tuple[int, ...]:
    """The values of ``RULE_SET_SLOTS`` in ``config`` (the configuration vector ``c`` of a
    run, or anything indexable by slot number), in that order."""
    numbers = _slot_numbers()
    return tuple(int(config[numbers[name]]) for name in RULE_SET_SLOTS)


@cache
def specialise(values: tuple[int, ...], rule_functions: str) -> str:
    """The kernels' source with the rule set's slots (``values``, as
    :func:`rule_set_constants` gives them) read as constants, and the rule set's own
    functions (``rule_functions``: :attr:`sevens.compiler.native.NativeCode.source`) in place
    of the template's stand-ins."""
    numbers = _slot_numbers()
    constants = {numbers[name]: value for name, value in zip(RULE_SET_SLOTS, values, strict=True)}
    tree = _with_rule_functions(ast.parse(template_source()), ast.parse(rule_functions))
    tree = _Specialiser(constants).visit(tree)
    for node in tree.body:
        if isinstance(node, ast.FunctionDef):
            _split_tuple_assignments(node)
            _propagate_constants(node, constants)
    _no_literal_arguments(tree)
    tree = _share_what_does_not_depend(tree)
    _unsigned_indices(tree)
    _no_python_wrappers(tree)
    ast.fix_missing_locations(tree)
    header = (
        "# The sevens kernels specialised for one rule set (sevens.compiler.native_kernels).\n"
        "# Generated; do not edit: the kernels' template is sevens/runtime/native/kernels.py.\n"
    )
    return header + ast.unparse(tree) + "\n"


def _with_rule_functions(template: ast.Module, rule_functions: ast.Module) -> ast.Module:
    """The template with each stand-in replaced by the rule set's function of that name, and
    the rule set's helper functions after them."""
    emitted = {node.name: node for node in rule_functions.body if isinstance(node, ast.FunctionDef)}
    body: list[ast.stmt] = []
    for node in template.body:
        if isinstance(node, ast.FunctionDef) and node.name in emitted:
            body.append(emitted.pop(node.name))
        else:
            body.append(node)
    template.body = body + list(emitted.values())
    return template


class _Specialiser(ast.NodeTransformer):
    """Read the rule set's slots as constants, fold what becomes constant, drop dead branches."""

    def __init__(self, slots: Mapping[int, int]) -> None:
        self.slots = slots
        self.numbers = _slot_numbers()
        self.constant_names: dict[str, Any] = {}

    def visit_Subscript(self, node: ast.Subscript) -> ast.AST:
        self.generic_visit(node)
        index = node.slice
        if (
            isinstance(node.value, ast.Name)
            and node.value.id == "c"
            and isinstance(node.ctx, ast.Load)
            and isinstance(index, ast.Name)
            and self.numbers.get(index.id) in self.slots
        ):
            return ast.copy_location(ast.Constant(self.slots[self.numbers[index.id]]), node)
        return node

    def visit_Name(self, node: ast.Name) -> ast.AST:
        if isinstance(node.ctx, ast.Load) and node.id in self.constant_names:
            return ast.copy_location(ast.Constant(self.constant_names[node.id]), node)
        return node

    def visit_BinOp(self, node: ast.BinOp) -> ast.AST:
        self.generic_visit(node)
        fold = _BINARY.get(type(node.op))
        if fold and _is_const(node.left) and _is_const(node.right):
            try:
                return ast.copy_location(
                    ast.Constant(fold(_value(node.left), _value(node.right))), node
                )
            except (ZeroDivisionError, ValueError):
                return node
        return node

    def visit_UnaryOp(self, node: ast.UnaryOp) -> ast.AST:
        self.generic_visit(node)
        if _is_const(node.operand):
            value = _value(node.operand)
            if isinstance(node.op, ast.Not):
                return ast.copy_location(ast.Constant(not value), node)
            if isinstance(node.op, ast.USub):
                return ast.copy_location(ast.Constant(-value), node)
        return node

    def visit_Compare(self, node: ast.Compare) -> ast.AST:
        self.generic_visit(node)
        if len(node.ops) == 1 and _is_const(node.left) and _is_const(node.comparators[0]):
            fold = _COMPARE.get(type(node.ops[0]))
            if fold:
                result = fold(_value(node.left), _value(node.comparators[0]))
                return ast.copy_location(ast.Constant(result), node)
        return node

    def visit_BoolOp(self, node: ast.BoolOp) -> ast.AST:
        """Python's own rule: ``a and b`` is ``a`` when ``a`` is false, else ``b``."""
        self.generic_visit(node)
        values = list(node.values)
        is_and = isinstance(node.op, ast.And)
        while values and _is_const(values[0]) and len(values) > 1:
            if bool(_value(values[0])) != is_and:  # decides the whole expression
                return ast.copy_location(values[0], node)
            values.pop(0)
        if len(values) == 1:
            return values[0]
        node.values = values
        return node

    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        if _is_const(node.test):
            return node.body if _value(node.test) else node.orelse
        return node

    def visit_If(self, node: ast.If) -> Any:
        self.generic_visit(node)
        if _is_const(node.test):
            kept = node.body if _value(node.test) else node.orelse
            return kept or [ast.Pass()]
        if not node.body:
            node.body = [ast.Pass()]
        return node

    def visit_While(self, node: ast.While) -> Any:
        self.generic_visit(node)
        if _is_const(node.test) and not _value(node.test):
            return node.orelse or [ast.Pass()]
        return node


def _no_literal_arguments(tree: ast.Module) -> None:
    """Pass every constant argument of a call to a kernel as a typed value (``np.int64(0)``,
    ``np.bool_(True)``), never as a literal.

    numba types a literal argument (``0``, a module's integer constant) as a literal type
    and compiles the callee once more for each value it is called with (a rule function's
    literal answer, passed on, does the same): for the game loop's kernels that was a third
    of a rule set's compile time, where LLVM, inlining the callee, sees the constant just
    as well."""
    kernels = {node.name for node in tree.body if isinstance(node, ast.FunctionDef)}
    named = _slot_numbers()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id in kernels
        ):
            node.args = [_typed(argument, named) for argument in node.args]
    for function in tree.body:  # a rule function's constant answer is passed on as an argument
        if isinstance(function, ast.FunctionDef) and function.name.startswith("rule_"):
            for node in ast.walk(function):
                if isinstance(node, ast.Return) and node.value is not None:
                    node.value = _typed(node.value, named)


#: The kernels' flat arrays (configuration, constant masks, row memo, deal state).
FLAT_ARRAYS = frozenset({"c", "cm", "rt", "v", "m"})


def _unsigned_indices(tree: ast.Module) -> None:
    """Index the flat arrays with unsigned numbers (``v[np.uint64(at + seat)]``).

    numba reads a signed index below zero from the array's end, so each read or write with
    a computed index also tests its sign and keeps the array's length at hand: two more
    instructions on the address of every access, and a register more for every array, in
    a loop already short of registers (a sixth of a game's time).  The kernels never index
    from the end (every index is an offset plus a card, seat or row), and an unsigned index
    has no such test.  Indices that are names of the template's slots or constants are left
    as they are: LLVM folds their test away."""
    named = _slot_numbers()
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Subscript)
            and isinstance(node.value, ast.Name)
            and node.value.id in FLAT_ARRAYS
            and not isinstance(node.slice, (ast.Slice, ast.Tuple, ast.Constant))
            and not (isinstance(node.slice, ast.Name) and node.slice.id in named)
        ):
            node.slice = ast.copy_location(_numpy_cast("uint64", node.slice), node.slice)


#: The rule set's kernels that Python calls (the rest are called only from other kernels).
CALLED_FROM_PYTHON = frozenset({"play_games", "build_row_table"})


def _no_python_wrappers(tree: ast.Module) -> None:
    """Compile the rule set's kernels that only other kernels call without the wrappers
    that let Python call them (``no_cpython_wrapper``, ``no_cfunc_wrapper``).

    numba writes, for every function it compiles, a function converting Python's objects
    to the kernel's arguments and back (for each array argument a few dozen instructions)
    and optimises and emits it with the kernel: a sixth of a rule set's compile time for
    wrappers nobody calls."""
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef) or node.name in CALLED_FROM_PYTHON:
            continue
        for decorator in node.decorator_list:
            if isinstance(decorator, ast.Call):
                decorator.keywords += [
                    ast.keyword("no_cpython_wrapper", ast.Constant(True)),
                    ast.keyword("no_cfunc_wrapper", ast.Constant(True)),
                ]


def _typed(argument: ast.expr, named: Mapping[str, int]) -> ast.expr:
    """``argument`` as a typed value when numba would type it as a literal."""
    if isinstance(argument, ast.Constant) and isinstance(argument.value, bool):
        kind = "bool_"
    elif _is_const(argument) or (isinstance(argument, ast.Name) and argument.id in named):
        kind = "int64"
    else:
        return argument
    return ast.copy_location(_numpy_cast(kind, argument), argument)


def _numpy_cast(kind: str, value: ast.expr) -> ast.Call:
    """``np.<kind>(value)``."""
    return ast.Call(ast.Attribute(ast.Name("np", ast.Load()), kind, ast.Load()), [value], [])


def _is_const(node: ast.AST) -> bool:
    return isinstance(node, ast.Constant) and isinstance(node.value, (int, bool))


def _value(node: ast.AST) -> Any:
    assert isinstance(node, ast.Constant)
    return node.value


#: Kernels that read the rule set's slots but are off the path of every turn: they stay
#: shared (compiled once, in the template's module) rather than compiled for each rule set.
SHARED_ANYWAY = frozenset({
    "add_deal", "record_decision", "record_turn", "note", "log_event", "best_score",
    "target_reached", "team_sums", "members_of", "match_winners", "card_score", "choose",
    "choose_leftover", "giver_prefers", "holder", "choose_leader", "open_with_leader_card",
    "rank_the_rest",
})  # fmt: skip
#: Where the shared kernels are imported from: the template, compiled as it is.
TEMPLATE_MODULE = "sevens.runtime.native.kernels"


def _share_what_does_not_depend(tree: ast.Module) -> ast.Module:
    """Keep in the rule set's module only the kernels that call the rule set's functions or
    read its slots on the way of a turn (and whatever calls those); import the others from
    the template's module, where numba compiles them once for every rule set."""
    functions = {node.name: node for node in tree.body if isinstance(node, ast.FunctionDef)}
    calls = {
        name: {n.id for n in ast.walk(node) if isinstance(n, ast.Name) and n.id in functions}
        for name, node in functions.items()
    }
    own = {name for name in functions if name.startswith("rule_")}
    own |= {name for name in functions if name not in SHARED_ANYWAY and _reads_slots(name)}
    changed = True
    while changed:  # whatever calls a kernel of the rule set's own is one too
        grown = {name for name, called in calls.items() if called & own}
        changed = not grown <= own
        own |= grown
    shared = sorted(set(functions) - own)
    body: list[ast.stmt] = []
    for node in tree.body:
        if isinstance(node, ast.FunctionDef) and node.name in shared:
            continue
        body.append(node)
        if isinstance(node, ast.ImportFrom) and node.module == "numba.cpython.unsafe.numbers":
            names = [ast.alias(name) for name in shared]
            body.append(ast.ImportFrom(TEMPLATE_MODULE, names, 0))
    tree.body = body
    return tree


def _reads_slots(name: str) -> bool:
    """Whether the template's kernel ``name`` reads one of ``RULE_SET_SLOTS`` from ``c``."""
    return name in _kernels_reading_slots()


@cache
def _kernels_reading_slots() -> frozenset[str]:
    readers = set()
    for node in ast.parse(template_source()).body:
        if isinstance(node, ast.FunctionDef) and any(
            isinstance(n, ast.Subscript)
            and isinstance(n.value, ast.Name)
            and n.value.id == "c"
            and isinstance(n.slice, ast.Name)
            and n.slice.id in RULE_SET_SLOTS
            for n in ast.walk(node)
        ):
            readers.add(node.name)
    return frozenset(readers)


def _split_tuple_assignments(function: ast.FunctionDef) -> None:
    """``a, b = x, y`` as ``a = x`` and ``b = y`` where no value reads a name assigned, so
    that each name's constant can be seen (the kernels bind a few switches at a time)."""

    class _Splitter(ast.NodeTransformer):
        def visit_Assign(self, node: ast.Assign) -> Any:
            target, value = node.targets[0], node.value
            if not (
                len(node.targets) == 1
                and isinstance(target, ast.Tuple)
                and isinstance(value, ast.Tuple)
                and len(target.elts) == len(value.elts)
                and all(isinstance(name, ast.Name) for name in target.elts)
            ):
                return node
            names = {name.id for name in target.elts if isinstance(name, ast.Name)}
            read = {n.id for n in ast.walk(value) if isinstance(n, ast.Name)}
            if names & read:
                return node
            return [
                ast.copy_location(ast.Assign([name], item), node)
                for name, item in zip(target.elts, value.elts, strict=True)
            ]

    _Splitter().visit(function)


def _propagate_constants(function: ast.FunctionDef, slots: Mapping[int, int]) -> None:
    """Within a function, a local assigned once, to a constant, is that constant where read;
    repeated until nothing changes (each round may fold more branches away)."""
    while True:
        assigned: dict[str, list[ast.AST]] = {}
        for node in ast.walk(function):
            for target in _targets(node):
                for bound in ast.walk(target):
                    if isinstance(bound, ast.Name):
                        assigned.setdefault(bound.id, []).append(node)
        arguments = {a.arg for a in function.args.args}
        constant: dict[str, Any] = {}
        for name, nodes in assigned.items():
            only = nodes[0]
            if (
                len(nodes) == 1
                and name not in arguments
                and isinstance(only, ast.Assign)
                and len(only.targets) == 1
                and isinstance(only.targets[0], ast.Name)
                and _is_const(only.value)
            ):
                constant[name] = _value(only.value)
        if not constant:
            return
        specialiser = _Specialiser(slots)
        specialiser.constant_names = constant
        body = [specialiser.visit(statement) for statement in function.body]
        function.body = _flatten(body)
        _drop_assignments(function, set(constant))


def _targets(node: ast.AST) -> list[ast.AST]:
    if isinstance(node, ast.Assign):
        return list(node.targets)
    if isinstance(node, (ast.AugAssign, ast.AnnAssign, ast.For)):
        return [node.target]
    if isinstance(node, ast.comprehension):
        return [node.target]
    if isinstance(node, ast.NamedExpr):
        return [node.target]
    return []


def _flatten(statements: list[Any]) -> list[ast.stmt]:
    out: list[ast.stmt] = []
    for statement in statements:
        if isinstance(statement, list):
            out.extend(statement)
        else:
            out.append(statement)
    return out or [ast.Pass()]


def _drop_assignments(function: ast.FunctionDef, names: set[str]) -> None:
    """Remove the assignments of locals now read as constants everywhere."""

    class _Dropper(ast.NodeTransformer):
        def visit_Assign(self, node: ast.Assign) -> Any:
            target = node.targets[0]
            if len(node.targets) == 1 and isinstance(target, ast.Name) and target.id in names:
                return None
            return node

        def generic_visit(self, node: ast.AST) -> ast.AST:
            super().generic_visit(node)
            for field in ("body", "orelse", "finalbody"):
                statements = getattr(node, field, None)
                if isinstance(statements, list) and not statements and field == "body":
                    setattr(node, field, [ast.Pass()])
            return node

    _Dropper().visit(function)
