"""Random house rules for the claim tests: overlays of a built-in, drawn from the schema.

:func:`overlays` is a Hypothesis strategy.  It picks a built-in parent and a few keys
of ``rulespecs/schema/rulespec.schema.json``, each with a value the schema allows: an
enum value, a boolean, an integer in a small range, a card of the parent's pack, a
transfer, or an amount composed from the condition language's facts
(``docs/conditions.md``).  Some overlays are refused by validation (a condition that
reads a name its key does not see, a key that contradicts another); the test counts
those, so that a generator that only made refused overlays would fail, not pass.

Loading goes through the pipeline's own stages: each parent is loaded once and each
overlay merged over it with :func:`sevens.compiler.load.merge`, as ``extends`` does.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from hypothesis import strategies as st

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import SourceFile
from sevens.compiler.load import BUILTIN_DIR, builtin_ids, load_document, merge, parse_yaml
from sevens.compiler.pipeline import analyse_document, load_rulespec
from sevens.compiler.rulesheet import sheet_claims
from sevens.compiler.rulesheet.claims import Claims

SCHEMA = json.loads((BUILTIN_DIR / "schema" / "rulespec.schema.json").read_text("utf-8"))

#: Keys that only name or describe a rule set, or reshape the pack itself (suits, ranks,
#: values: a new pack needs every card-naming key to follow): not drawn.
NOT_DRAWN = frozenset(
    {
        "$schema", "id", "extends", "language", "kind", "name", "aliases", "description",
        "sources", "agreed", "deck.suits", "deck.ranks", "deck.values", "deck.preset",
        "deck.lowest", "layout.preplaced", "players.best", "deal.first",
    }
)  # fmt: skip

#: The facts an amount (``player`` context) may read, and small pieces to combine them.
AMOUNT_FACTS = (
    "hand.count",
    "hand.value",
    "player.passes",
    "player.place",
    "game.players",
    "game.max_hand - hand.count",
    "table.count // 10",
    "sum(p.hand.count for p in others)",
    "max(p.hand.count for p in players)",
    "player.covered.value",
)
CONDITION_FACTS = (
    "player.is_winner",
    "hand.count == 0",
    "player.passes > 1",
    "player.place == 2",
    "hand.count > game.min_hand",
    "player.seat == game.dealer",
)
#: Play and follow-up conditions: the family's shapes and a few of other kinds.
LEGAL = (
    "(not row.open and card.rank == 7) or (row.open and (card.rank == row.high + 1"
    " or card.rank == row.low - 1))",
    "(not row.open and card.rank == row.start) or (row.open and (card.rank == row.high + 1"
    " or card.rank == row.low - 1))",
    "table.empty or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))"
    " or (not row.open and card.rank == row.start)",
    "(not row.open and card.rank == 7) or (row.open and card.rank == row.high + 1)",
    "(not row.open and card.rank == 7) or (row.open and (card.rank > row.top"
    " or card.rank < row.bottom))",
    "(not row.open and card.rank == 7) or (row.open and (card.rank == row.high + 1"
    " or (card.rank == row.low - 1 and row.high > row.start)))",
)
WHEN = ("true", "card.rank == 7", "card.rank == 13", "row.complete", "hand.count > 3")
ALLOW = ("true", "card.suit == last.suit", "card.rank == last.rank", "card.rank != 7")


@cache
def schema_node(ref: str) -> dict[str, Any]:
    """The schema node a ``$ref`` names."""
    node: dict[str, Any] = SCHEMA
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


def leaves(node: dict[str, Any], path: str = "") -> list[tuple[str, dict[str, Any]]]:
    """Every drawable key of the schema under ``node``, with its schema node."""
    found = []
    for key, child in node.get("properties", {}).items():
        where = f"{path}.{key}" if path else key
        if where in NOT_DRAWN:
            continue
        if child.get("type") == "object" and "properties" in child and "$ref" not in child:
            found += leaves(child, where)
        else:
            found.append((where, child))
    return found


KEYS = leaves(SCHEMA)


@cache
def parent_cards(parent: str) -> tuple[str, ...]:
    """The card codes of a built-in's pack."""
    rules = parent_rules(parent)
    return tuple(rules.spec.deck.card_codes())


@cache
def parent_rules(parent: str) -> AnalysedRules:
    return load_rulespec(BUILTIN_DIR / f"{parent}.yaml")


@cache
def parent_claims(parent: str) -> Claims:
    """The claims of a built-in's sheet (a child's session claim reads them)."""
    return sheet_claims(parent_rules(parent))


@cache
def _parent_document(parent: str) -> Any:
    return load_document(BUILTIN_DIR / f"{parent}.yaml")


def amounts() -> st.SearchStrategy[str]:
    """Integer amounts composed from the facts of the ``player`` context."""
    fact = st.sampled_from(AMOUNT_FACTS)
    small = st.integers(0, 3).map(str)
    atom = st.one_of(small, fact)
    scaled = st.tuples(st.integers(1, 3), fact).map(lambda p: f"{p[0]} * {p[1]}")
    chosen = st.tuples(small, st.sampled_from(CONDITION_FACTS), atom).map(
        lambda p: f"{p[0]} if {p[1]} else {p[2]}"
    )
    summed = st.tuples(atom, atom).map(lambda p: f"{p[0]} + {p[1]}")
    negated = atom.map(lambda a: f"-({a})")
    return st.one_of(small, atom, scaled, chosen, summed, negated)


def transfers() -> st.SearchStrategy[dict[str, Any]]:
    node = schema_node("#/$defs/transfer")["properties"]
    return st.fixed_dictionaries(
        {
            "cards": st.integers(1, 2),
            "from": st.sampled_from(node["from"]["enum"]),
            "to": st.sampled_from(node["to"]["enum"]),
            "which": st.sampled_from(node["which"]["enum"]),
        }
    )


def value_for(key: str, node: dict[str, Any], parent: str) -> st.SearchStrategy[Any]:
    """A value the schema allows for ``key`` (``parent``'s pack names the cards)."""
    special = SPECIAL.get(key)
    if special is not None:
        return special(parent)
    return from_schema(node, parent)


def from_schema(node: dict[str, Any], parent: str) -> st.SearchStrategy[Any]:
    """A value of a schema node: enums, booleans, bounded integers, cards, amounts."""
    if "$ref" in node:
        ref = node["$ref"]
        if ref.endswith("/expression"):
            return amounts()
        if ref.endswith("/card"):
            return st.sampled_from(parent_cards(parent))
        if ref.endswith("/transfer"):
            return transfers()
        return from_schema(schema_node(ref), parent)
    if "enum" in node:
        return st.sampled_from(node["enum"])
    if "const" in node:
        return st.just(node["const"])
    options = node.get("oneOf") or node.get("anyOf")
    if options:
        return st.one_of([from_schema(option, parent) for option in options])
    kind = node.get("type")
    if isinstance(kind, list):
        return st.one_of([from_schema({**node, "type": k}, parent) for k in kind])
    if kind == "boolean":
        return st.booleans()
    if kind == "integer":
        low = node.get("minimum", 0)
        return st.integers(low, min(node.get("maximum", low + 8), low + 8))
    if kind == "null":
        return st.none()
    if kind == "string":
        return amounts()  # the strings the drawn keys hold are expressions
    if kind == "object":
        fields = {k: from_schema(v, parent) for k, v in node.get("properties", {}).items()}
        return st.fixed_dictionaries({}, optional=fields)
    return st.nothing()


def _some_cards(parent: str) -> st.SearchStrategy[list[str]]:
    return st.lists(st.sampled_from(parent_cards(parent)), min_size=1, max_size=8, unique=True)


def _whole_ranks(parent: str) -> st.SearchStrategy[list[str]]:
    """Every card of one or two ranks (``deck.remove`` of K and A)."""
    spec = parent_rules(parent).spec
    codes = [rank.code for rank in spec.deck.ranks]
    suits = [suit.code for suit in spec.deck.suits]
    chosen = st.lists(st.sampled_from(codes[-3:] + codes[:2]), min_size=1, max_size=2, unique=True)
    return chosen.map(lambda ranks: [r + s for r in ranks for s in suits])


SPECIAL: dict[str, Callable[[str], st.SearchStrategy[Any]]] = {
    "play.legal": lambda _parent: st.sampled_from(LEGAL),
    "play.follow_up.when": lambda _parent: st.sampled_from(WHEN),
    "play.follow_up.allow": lambda _parent: st.sampled_from(ALLOW),
    "play.compulsory": lambda _parent: st.sampled_from(("card.rank == 7", "card.suit == D")),
    "opening.leader_cards": lambda _parent: st.sampled_from(("card.suit == D", "card.rank == 2")),
    "deck.remove": lambda parent: st.one_of(_whole_ranks(parent), _some_cards(parent)),
    "deck.copies": lambda _parent: st.integers(1, 2),
    "deck.jokers": lambda _parent: st.integers(0, 2),
    "players.min": lambda _parent: st.integers(2, 4),
    "players.max": lambda _parent: st.integers(4, 8),
    "layout.start_rank": lambda _parent: st.sampled_from(("7", "5", "first-card")),
    "layout.rows_per_suit": lambda _parent: st.integers(1, 2),
    "deal.hand_size": lambda _parent: st.one_of(st.integers(5, 13), st.just("equal")),
    "passing.limit": lambda _parent: st.one_of(st.none(), st.integers(0, 4)),
    "session.deals": lambda _parent: st.one_of(st.integers(1, 6), st.just("players")),
    "scoring.points": lambda _parent: st.one_of(st.none(), amounts()),
}


def set_path(overlay: dict[str, Any], key: str, value: Any) -> None:
    """Put ``value`` at the dotted ``key`` of ``overlay``."""
    *heads, last = key.split(".")
    node = overlay
    for head in heads:
        node = node.setdefault(head, {})
    node[last] = value


@st.composite
def overlays(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A built-in parent and an overlay of one to four keys over it."""
    parent = draw(st.sampled_from(builtin_ids()))
    chosen = draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=4, unique_by=lambda k: k[0]))
    overlay: dict[str, Any] = {"id": "generated-house-rule", "extends": parent}
    for key, node in chosen:
        set_path(overlay, key, draw(value_for(key, node, parent)))
    return parent, overlay


def load_overlay(parent: str, overlay: dict[str, Any], folder: Path) -> AnalysedRules:
    """Validate, model and analyse ``overlay`` merged over ``parent``; raises
    :class:`~sevens.compiler.errors.SevensError` where ``sevens validate`` would refuse it."""
    path = folder / "generated-house-rule.yaml"
    child = parse_yaml(SourceFile(str(path), json.dumps(overlay, indent=1)))
    parent_document = _parent_document(parent)
    merged = merge(parent_document, child)
    merged.paths = [*parent_document.paths, path]
    return analyse_document(merged)
