"""Random inputs for the fuzz tests: conditions, rulespecs and positions.

Every generator is a plain function of a :class:`random.Random`, so the same
code serves the hypothesis tests (which draw the generator from a seed) and
``tests/fuzz/run_fuzz.py`` (which runs for as long as it is told).
"""

from __future__ import annotations

import random
from functools import cache
from pathlib import Path
from typing import Any

from sevens.compiler.analyse import ATTRIBUTES, CONTEXTS
from sevens.compiler.load import BUILTIN_DIR, builtin_ids, load_document

# -- conditions ------------------------------------------------------------------------

_LITERALS = {
    "int": ["0", "1", "2", "3", "7", "13", "100", "999999999999999999"],
    "rank": ["7", "A", "K", "J", "2", "10", "12"],
    "suit": ["C", "D", "H", "S", "♦", "O", "E"],
    "card": ["7D", "AS", "10H", "2C", "7♦", "5O"],
}
_OPERATORS = ["+", "-", "*", "//", "%"]
_COMPARISONS = ["==", "!=", "<", "<=", ">", ">="]
_JUNK = ["(", ")", "[", "]", ",", ".", "or", "and", "not", "in", "if", "else", "for", "@", "'"]


def _names_of(context: str, wanted: str) -> list[str]:
    """Names and attribute paths of ``context`` whose type is ``wanted``."""
    found = []
    for name, kind in CONTEXTS[context].items():
        if kind == wanted:
            found.append(name)
        for attr, attr_type in ATTRIBUTES.get(kind, {}).items():
            if attr_type == wanted:
                found.append(f"{name}.{attr}")
    return found


def expression(rng: random.Random, context: str, wanted: str, depth: int = 0) -> str:
    """A random expression of type ``wanted`` (mostly well typed) in ``context``."""
    leaf = depth >= 4 or rng.random() < 0.3
    if wanted == "bool":
        return _boolean(rng, context, depth, leaf)
    if wanted == "int":
        return _integer(rng, context, depth, leaf)
    names = _names_of(context, wanted)
    if names and rng.random() < 0.6:
        return rng.choice(names)
    return rng.choice(_LITERALS.get(wanted, ["0"]))


def _boolean(rng: random.Random, context: str, depth: int, leaf: bool) -> str:
    names = _names_of(context, "bool")
    if leaf:
        return rng.choice([*names, "true", "false"])
    choice = rng.randrange(7)
    if choice == 0:
        a, b = (expression(rng, context, "bool", depth + 1) for _ in range(2))
        return f"({a} {rng.choice(['and', 'or'])} {b})"
    if choice == 1:
        return f"not {expression(rng, context, 'bool', depth + 1)}"
    if choice == 2:
        kind = rng.choice(["int", "rank", "suit", "card"])
        a, b = (expression(rng, context, kind, depth + 1) for _ in range(2))
        ops = _COMPARISONS if kind in ("int", "rank") else ["==", "!="]
        return f"{a} {rng.choice(ops)} {b}"
    if choice == 3:
        kind = rng.choice(["rank", "suit", "card"])
        items = ", ".join(rng.choice(_LITERALS[kind]) for _ in range(rng.randint(1, 3)))
        return f"{expression(rng, context, kind, depth + 1)} in [{items}]"
    if choice == 4:
        return _aggregate(rng, context, depth, rng.choice(["any", "all"]))
    if choice == 5:
        a, c, b = (expression(rng, context, "bool", depth + 1) for _ in range(3))
        return f"({a} if {c} else {b})"
    return f"({expression(rng, context, 'bool', depth + 1)})"


#: Well-typed boolean atoms of a play condition, for conditions that must compile.
_LEGAL_ATOMS = [
    "row.open",
    "not row.open",
    "row.complete",
    "table.empty",
    "card.rank == row.high + 1",
    "card.rank == row.low - 1",
    "card.rank == 7",
    "card.rank == A",
    "card.suit == D",
    "card.suit != H",
    "card in [AS, 7D]",
    "card.rank in [K, 2]",
    "any(x.rank == K for x in hand)",
]


def _legal_operand(rng: random.Random, depth: int) -> str:
    """One operand of a long play condition; nested conditionals and chains up to ``depth``."""
    if depth <= 0 or rng.random() < 0.3:
        return rng.choice(_LEGAL_ATOMS)
    shape = rng.randrange(4)
    a, b, c = (_legal_operand(rng, depth - 1) for _ in range(3))
    if shape == 0:
        return f"({a} if {c} else {b})"
    if shape == 1:
        return f"({a} {rng.choice(['and', 'or'])} {b}) {rng.choice(['and', 'or'])} {c}"
    if shape == 2:
        return f"({a} or {b})"
    return f"not ({a} and {b})"


def long_condition(rng: random.Random) -> str:
    """A well-typed play condition long enough that the compiler wraps it over several lines.

    An unparenthesised chain of four to seven operands joined by ``and``/``or``; operands are
    parenthesised conditional expressions (nested), parenthesised chains, and operands whose
    text starts with ``(`` without being parenthesised whole (``(a) and b``): the shapes whose
    precedence a text-based layout loses.
    """
    operands = [_legal_operand(rng, 2) for _ in range(rng.randint(4, 7))]
    text = operands[0]
    for operand in operands[1:]:
        text += f" {rng.choice(['and', 'or'])} {operand}"
    return text


def _integer(rng: random.Random, context: str, depth: int, leaf: bool) -> str:
    names = _names_of(context, "int")
    if leaf:
        return rng.choice([*names, *_LITERALS["int"]])
    choice = rng.randrange(6)
    if choice <= 1:
        a, b = (expression(rng, context, "int", depth + 1) for _ in range(2))
        return f"({a} {rng.choice(_OPERATORS)} {b})"
    if choice == 2:
        return f"-{expression(rng, context, 'int', depth + 1)}"
    if choice == 3:
        cond = expression(rng, context, "bool", depth + 1)
        a, b = (expression(rng, context, "int", depth + 1) for _ in range(2))
        return f"({a} if {cond} else {b})"
    if choice == 4:
        return _aggregate(rng, context, depth, rng.choice(["sum", "max", "min", "count"]))
    args = ", ".join(expression(rng, context, "int", depth + 1) for _ in range(rng.randint(1, 3)))
    return f"{rng.choice(['abs', 'min', 'max'])}({args})"


def _aggregate(rng: random.Random, context: str, depth: int, func: str) -> str:
    collections = _names_of(context, "cards") + _names_of(context, "players")
    if not collections:
        return "true" if func in ("any", "all") else "0"
    source = rng.choice(collections)
    element = "card" if source not in ("players", "others") else "player"
    var = "x"
    inner = context if element == "card" and context != "player" else None
    attr = rng.choice(list(ATTRIBUTES[element]))
    if func in ("any", "all"):
        body = f"{var}.{attr} == {var}.{attr}" if inner is None else f"{var}.{attr} != {var}.{attr}"
    elif func == "count":
        body = var
    else:
        body = f"{var}.value" if element == "card" else f"{var}.passes"
    cond = f" if {var}.{attr} == {var}.{attr}" if rng.random() < 0.3 else ""
    return f"{func}({body} for {var} in {source}{cond})"


def mutate_text(rng: random.Random, text: str) -> str:
    """``text`` with a few tokens inserted, deleted or swapped (mostly invalid)."""
    tokens = text.split(" ")
    for _ in range(rng.randint(1, 3)):
        where = rng.randrange(len(tokens) + 1)
        action = rng.randrange(3)
        if action == 0:
            tokens.insert(where, rng.choice(_JUNK + _OPERATORS + _COMPARISONS))
        elif action == 1 and len(tokens) > 1:
            del tokens[min(where, len(tokens) - 1)]
        else:
            tokens.insert(
                where,
                rng.choice(["99999999999999999999999", "zz", "7X", "♥♥", "\t", "[A]", "[7D, 8D]"]),
            )
    return " ".join(tokens)


#: Where each context's expressions go in a rulespec, and the type they must have.
CONDITION_SLOTS: dict[str, list[tuple[tuple[str, ...], str]]] = {
    "legal": [(("play", "legal"), "bool")],
    "player": [
        (("scoring", "points"), "int"),
        (("passing", "cost"), "int"),
        (("scoring", "chips", "pay_winner"), "int"),
    ],
    "card": [(("opening", "leader_cards"), "bool")],
    "when": [(("play", "follow_up", "when"), "bool")],
    "allow": [(("play", "follow_up", "allow"), "bool")],
}


def condition_overlay(rng: random.Random) -> dict[str, Any]:
    """A house rule of a built-in whose one condition is random (sometimes mutated)."""
    context = rng.choice(sorted(CONDITION_SLOTS))
    path, wanted = rng.choice(CONDITION_SLOTS[context])
    text = expression(rng, context, wanted)
    if rng.random() < 0.25:
        text = mutate_text(rng, text)
    overlay: dict[str, Any] = {}
    _put(overlay, path, text)
    if context == "card":
        overlay["opening"].update({"leader": "holder-of-lowest", "card": None})
    if context in ("when", "allow"):
        other = "allow" if context == "when" else "when"
        overlay["play"]["follow_up"][other] = expression(rng, other, "bool")
    return overlay


# -- rulespecs ---------------------------------------------------------------------------

_FREE_TEXT = {"id", "name", "aliases", "description", "sources", "extends"}

#: Values that stress the loader: wrong types, sizes, specials and terminal escapes.
HOSTILE_VALUES: list[Any] = [
    -1,
    0,
    10**18,
    2.5,
    "",
    "\x1b[31mred\x1b[0m",
    "a\nb",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "\u202eevil\u202c",
    "zero\u200bwidth\ufeff",
    "nul\x00byte",
    "__import__('os').system('true')",
    [],
    [None],
    {"unknown": 1},
    True,
    None,
    "players",
    "first-card",
    "7D",
    "Kn",
]


#: Characters that must never reach a rule sheet raw: controls, bidi overrides, zero widths.
INVISIBLE = [
    "\x00",
    "\x07",
    "\x1b",
    "\u202e",
    "\u202d",
    "\u2066",
    "\u200b",
    "\u200f",
    "\u2060",
    "\ufeff",
]
#: Link targets a sheet must not make clickable.
UNSAFE_URLS = [
    "javascript:alert(4)",
    " JavaScript:alert(1)",
    "data:text/html,<b>x</b>",
    "vbscript:x",
    "file:///etc/passwd",
]


#: Markup that must reach a sheet as text, never as markup.
MARKUP = [
    "<b>rules</b>",
    "<script>alert(1)</script>",
    "[x](javascript:alert(1))",
    "<a href='javascript:x'>y</a>",
]


def hostile_text(rng: random.Random, invisible: bool = False) -> str:
    """A short text with markup (and invisible characters when ``invisible``) spliced in."""
    words = ["Pub", *MARKUP, "**bold**", "`code`", "é", "七", "&amp;"]
    parts = [rng.choice(words) for _ in range(rng.randint(1, 4))]
    if invisible:  # refused at load time
        for _ in range(rng.randint(1, 3)):
            parts.insert(rng.randrange(len(parts) + 1), rng.choice(INVISIBLE))
    return " ".join(parts)


def hostile_text_overlay(rng: random.Random) -> dict[str, Any]:
    """A house rule whose free texts (name, description, sources) carry hostile text.

    One house rule in four also carries invisible or control characters (refused when read);
    the others must validate and render with their markup shown as text.
    """
    invisible = rng.random() < 0.25
    overlay: dict[str, Any] = {"name": hostile_text(rng, invisible)}
    if rng.random() < 0.7:
        overlay["description"] = {"en": hostile_text(rng, invisible)}
    source: dict[str, Any] = {"title": hostile_text(rng, invisible)}
    if rng.random() < 0.8:
        safe = "https://example.org/" + rng.choice(["a", "a?b=<c>", "x y", "'q'"])
        source["url"] = rng.choice([*UNSAFE_URLS, safe, safe, safe])
    overlay["sources"] = [source]
    return overlay


#: Values for numeric and text options that commands must refuse or take cleanly.
OPTION_VALUES = ["-1", "-5", "0", "1", "3", "99999999999999999999", "1.5", "", "x", "nan", "-0"]
SCHEDULER_ADDRESSES = [
    "nonsense",
    "",
    "inproc://x",
    "http://127.0.0.1:9",
    "tcp://",
    "tcp://:0",
    "ucx://x:1",
    "127.0.0.1:notaport",
]


def option_arguments(rng: random.Random) -> list[str]:
    """A command line of ``sevens`` with one or two odd option values (runs quickly when valid)."""
    variant = rng.choice(["parliament", "fan-tan", "domino", "pai-qi", "cinquillo"])
    commands = {
        "analyse": ["analyse", variant, "--games", "4", "--quiet"],
        "compare": ["compare", variant, "parliament", "--games", "4", "--quiet"],
        "simulate": ["simulate", variant, "--games", "2"],
        "play": ["play", variant, "--plain", "--deals", "1"],
    }
    name = rng.choice(sorted(commands))
    args = list(commands[name])
    options = {
        "analyse": [
            "--seed",
            "--players",
            "--jobs",
            "--confidence",
            "--forget",
            "--scheduler",
            "--seats",
        ],
        "compare": ["--seed", "--players", "--jobs", "--confidence", "--scheduler"],
        "simulate": ["--seed", "--players", "--deals", "--forget"],
        "play": ["--seed", "--players", "--deals", "--seat", "--bots"],
    }[name]
    for option in rng.sample(options, rng.randint(1, 2)):
        if option == "--scheduler":
            value = rng.choice(SCHEDULER_ADDRESSES)
        elif option in ("--seats", "--bots"):
            value = ",".join(
                rng.choice(["random", "heuristic", "x", ""]) for _ in range(rng.randint(1, 9))
            )
        else:
            value = rng.choice(OPTION_VALUES)
        args += [option, value]
    return args


@cache
def builtin_data() -> dict[str, dict[str, Any]]:
    """The merged data of every built-in rulespec."""
    return {v: load_document(BUILTIN_DIR / f"{v}.yaml").data for v in builtin_ids()}


@cache
def builtin_leaves() -> dict[tuple[str, ...], list[Any]]:
    """Every rule key of the built-ins (as a path) with the values they give it."""
    leaves: dict[tuple[str, ...], list[Any]] = {}
    for data in builtin_data().values():
        for path, value in _leaves(data, ()):
            if path[0] not in _FREE_TEXT and value not in leaves.setdefault(path, []):
                leaves[path].append(value)
    return leaves


def _leaves(value: Any, path: tuple[str, ...]) -> list[tuple[tuple[str, ...], Any]]:
    if isinstance(value, dict) and value and len(path) < 3:
        return [leaf for k, v in value.items() for leaf in _leaves(v, (*path, str(k)))]
    return [(path, value)] if path else []


def _put(overlay: dict[str, Any], path: tuple[str, ...], value: Any) -> None:
    node = overlay
    for part in path[:-1]:
        child = node.get(part)
        if not isinstance(child, dict):
            child = node[part] = {}
        node = child
    node[path[-1]] = value


def rule_overlay(rng: random.Random, hostile: float = 0.0) -> dict[str, Any]:
    """Keys of other built-ins laid over one built-in (the rule combinations)."""
    leaves = builtin_leaves()
    paths = sorted(leaves)
    overlay: dict[str, Any] = {}
    for _ in range(rng.randint(1, 5)):
        path = rng.choice(paths)
        value = rng.choice(HOSTILE_VALUES) if rng.random() < hostile else rng.choice(leaves[path])
        _put(overlay, path, value)
    return overlay


def house_rule(rng: random.Random, overlay: dict[str, Any], parent: str | None = None) -> str:
    """YAML text of a house rule extending a random built-in (or ``parent``) with ``overlay``."""
    import yaml

    base = parent or rng.choice(builtin_ids())
    data = {"id": f"fuzz-{rng.randrange(10**6)}", "extends": base, **overlay}
    text: str = yaml.safe_dump(data, allow_unicode=True, sort_keys=False)
    return text


def mutated_builtin(rng: random.Random) -> str:
    """The text of a built-in rulespec with a few random characters changed."""
    variant = rng.choice(builtin_ids())
    text = (BUILTIN_DIR / f"{variant}.yaml").read_text(encoding="utf-8")
    # an id of its own: a copy outside rulespecs/ keeping a built-in's id is refused at once
    text = text.replace(f"\nid: {variant}\n", f"\nid: {variant}-damaged\n", 1)
    chars = list(text)
    for _ in range(rng.randint(1, 4)):
        where = rng.randrange(len(chars))
        chars[where] = rng.choice([":", "-", " ", "\n", "[", "{", "&a", "*a", "!!int", "\x0c", "9"])
    return "".join(chars)


# -- positions ---------------------------------------------------------------------------


def position_text(rng: random.Random, codes: list[str]) -> tuple[str, str]:
    """A ``--table`` and a ``--hand`` made of card codes (sometimes wrong ones)."""
    pool = list(codes)
    rng.shuffle(pool)
    table_size, hand_size = rng.randint(0, min(20, len(pool))), rng.randint(0, 13)
    table, hand = pool[:table_size], pool[table_size : table_size + hand_size]
    if rng.random() < 0.2:
        hand.append(rng.choice(["7X", "", "♦", "10", "pass", "7d", "7♦", rng.choice(codes)]))
    if rng.random() < 0.1:
        table.append(rng.choice(codes))
    return " ".join(table), " ".join(hand)


def write(tmp: Path, name: str, text: str) -> Path:
    """Write a generated rulespec to ``tmp/name`` and return its path."""
    path = tmp / name
    path.write_text(text, encoding="utf-8")
    return path
