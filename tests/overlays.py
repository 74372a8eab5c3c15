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
from sevens.compiler.errors import SevensError, SourceFile
from sevens.compiler.load import BUILTIN_DIR, builtin_ids, load_document, merge, parse_yaml
from sevens.compiler.pipeline import analyse_document, load_rulespec
from sevens.compiler.rulesheet import sheet_claims
from sevens.compiler.rulesheet.claims import Claims, claims_of
from sevens.runtime.api import GameError
from sevens.sheetcheck import Failure, check_claims, compiled

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
    "sum(p.covered.value for p in others)",
    "sum(p.covered.count for p in players)",
    "sum(p.hand.value for p in players)",
)
#: Conditions under which a whole amount is multiplied ("doubled if a player went through").
MULTIPLIER_CONDITIONS = (
    "any(p.covered.count == 0 for p in players)",
    "any(p.hand.count == 0 for p in others)",
    "any(p.passes == 0 for p in players)",
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
WHEN = ("true", "card.rank == 7", "card.rank > 7", "row.complete", "hand.count > 3")
ALLOW = (
    "true",
    "card.suit == last.suit",
    "card.rank == last.rank",
    "card.rank != 7",
    # Crazy Tan's turn shapes: the first card of the turn fixes what may follow
    "card.rank == first.rank and last.rank == first.rank",
    "(card.suit == first.suit and last.suit == first.suit"
    " and (card.rank == last.rank + 1 or card.rank == last.rank - 1))"
    " or (card.rank == first.rank and last.rank == first.rank)",
)


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
    multiplied = st.tuples(
        st.one_of(atom, summed), st.integers(2, 3), st.sampled_from(MULTIPLIER_CONDITIONS)
    ).map(lambda p: f"({p[0]}) * ({p[1]} if {p[2]} else 1)")
    return st.one_of(small, atom, scaled, chosen, summed, negated, multiplied)


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


def _first_suit(parent: str) -> str:
    return parent_rules(parent).spec.deck.suits[0].code


def _lowest_rank(parent: str) -> str:
    return parent_rules(parent).spec.deck.ranks[0].code


SPECIAL: dict[str, Callable[[str], st.SearchStrategy[Any]]] = {
    "play.legal": lambda _parent: st.sampled_from(LEGAL),
    "play.follow_up.when": lambda _parent: st.sampled_from(WHEN),
    "play.follow_up.allow": lambda _parent: st.sampled_from(ALLOW),
    "play.compulsory": lambda parent: st.sampled_from(
        ("card.rank == 7", f"card.suit == {_first_suit(parent)}")
    ),
    "opening.leader_cards": lambda parent: st.sampled_from(
        (f"card.suit == {_first_suit(parent)}", f"card.rank == {_lowest_rank(parent)}")
    ),
    "deck.remove": lambda parent: st.one_of(_whole_ranks(parent), _some_cards(parent)),
    "deck.copies": lambda _parent: st.integers(1, 2),
    "deck.jokers": lambda _parent: st.integers(0, 2),
    "play.trumps.suit": lambda parent: st.sampled_from(("last-dealt", _first_suit(parent))),
    "players.min": lambda _parent: st.integers(2, 4),
    "players.max": lambda _parent: st.integers(4, 8),
    "players.teams": lambda _parent: st.one_of(
        st.none(), st.integers(2, 4).map(lambda size: {"size": size})
    ),
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


#: What :func:`get_path` answers for a key a document does not have.
MISSING = object()


def get_path(document: dict[str, Any], key: str, missing: Any = None) -> Any:
    """The value at the dotted ``key`` of ``document``, or ``missing``."""
    node: Any = document
    for part in key.split("."):
        if not isinstance(node, dict) or part not in node:
            return missing
        node = node[part]
    return node


def drop_path(overlay: dict[str, Any], key: str) -> None:
    """Remove the dotted ``key`` from ``overlay`` (and a mapping it leaves empty)."""
    *heads, last = key.split(".")
    parent = get_path(overlay, ".".join(heads)) if heads else overlay
    if isinstance(parent, dict):
        parent.pop(last, None)
        if heads and not parent:
            drop_path(overlay, ".".join(heads))


class Merged:
    """An overlay seen through its parent: a key's value is the overlay's, else the
    parent's (as ``extends`` merges them)."""

    def __init__(self, parent: str, overlay: dict[str, Any]) -> None:
        self.parent = parent_rules(parent).spec.data
        self.overlay = overlay

    def __getitem__(self, key: str) -> Any:
        mine = get_path(self.overlay, key, MISSING)  # null removes an inherited value
        return mine if mine is not MISSING else get_path(self.parent, key)

    def __contains__(self, key: str) -> bool:
        return self[key] is not None


#: Repairs that make a drawn overlay one validation accepts, each a key drawn alone that
#: needs another (a limit for what happens after it, jokers for joker rules, a stock to
#: draw from, a card for a leader rule).  Each reads the overlay merged over its parent
#: and may set a key or drop the one it cannot support.
Repair = Callable[[Merged, st.DrawFn], None]


#: Rules jokers cannot be combined with yet.
JOKERS_DO_NOT_COMBINE = (
    "play.follow_up",
    "play.compulsory",
    "play.last_card",
    "passing.draw",
    "passing.voluntary_transfer",
    "passing.transfer",
    "passing.cover",
    "deal.leftovers",
)


def _joker_rules_need_jokers(merged: Merged, draw: st.DrawFn) -> None:
    overlay = merged.overlay
    jokers = merged["deck.jokers"] or 0
    if get_path(overlay, "play.joker") is not None and not jokers:
        set_path(overlay, "deck.jokers", draw(st.integers(1, 2)))
        jokers = 1
    if not jokers:
        return
    for key in JOKERS_DO_NOT_COMBINE:  # the overlay's own: dropped
        if get_path(overlay, key) is not None:
            drop_path(overlay, key)
    reads_hand = "hand" in str(merged["play.legal"] or "")  # jokers' spots ignore the hand
    if reads_hand or any(key in merged for key in JOKERS_DO_NOT_COMBINE):  # no jokers
        set_path(overlay, "deck.jokers", 0)
        drop_path(overlay, "play.joker")


#: Rules trumps cannot be combined with yet (besides those of jokers).
TRUMPS_DO_NOT_COMBINE = (
    *JOKERS_DO_NOT_COMBINE,
    "deck.jokers",
    "play.joker",
    "deck.copies",
    "layout.rows_per_suit",
)


def _drop_own(overlay: dict[str, Any], keys: tuple[str, ...]) -> None:
    """Drop the overlay's own ``keys`` and a play rule of its own that reads the hand: what a
    mechanic drawn with them cannot be combined with."""
    for key in keys:
        if get_path(overlay, key) is not None:
            drop_path(overlay, key)
    if "hand" in str(get_path(overlay, "play.legal") or ""):
        drop_path(overlay, "play.legal")


def _trumps_combine_with_few_rules(merged: Merged, draw: st.DrawFn) -> None:
    """With trumps, the overlay's own rules trumps do not combine with are dropped (and play
    conditions reading the hand); trumps are dropped where the parent has such a rule."""
    overlay = merged.overlay
    if "play.trumps" not in merged:
        return
    _drop_own(overlay, TRUMPS_DO_NOT_COMBINE)
    parent = merged.parent
    if "hand" in str(get_path(parent, "play.legal") or "") or any(
        get_path(parent, key) not in (None, 0, 1, False) for key in TRUMPS_DO_NOT_COMBINE
    ):
        drop_path(overlay, "play.trumps")


#: Rules face-up leftovers cannot be combined with: they are the cards left after the deal.
LEFTOVERS_DO_NOT_COMBINE = ("passing.draw", "deal.stock", "play.compulsory", "opening.card")


def _leftovers_combine_with_few_rules(merged: Merged, draw: st.DrawFn) -> None:
    """With face-up leftovers, the overlay's own rules they do not combine with are dropped;
    the leftovers are dropped where the parent has such a rule."""
    overlay = merged.overlay
    if merged["deal.leftovers"] is None:  # the overlay's, or the parent's (fan-tan-leftovers)
        return
    for key in LEFTOVERS_DO_NOT_COMBINE:
        if get_path(overlay, key) is not None:
            drop_path(overlay, key)
    if any(get_path(merged.parent, key) is not None for key in LEFTOVERS_DO_NOT_COMBINE):
        drop_path(overlay, "deal.leftovers")


#: Rules that rows chosen by the order of play cannot be combined with (``check_rows_by_play``):
#: one pack, one row a suit, a fixed start, and no card laid out by the engine.
ROWS_BY_PLAY_DO_NOT_COMBINE = (
    "deck.jokers",
    "play.joker",
    "play.trumps",
    "deck.copies",
    "layout.rows_per_suit",
    "layout.preplaced",
    "passing.over_limit",
)
ROWS_BY_PLAY = ("layout.rows_follow_suit", "layout.one_row_at_a_time")


def _rows_by_play_combine_with_few_rules(merged: Merged, draw: st.DrawFn) -> None:
    """With rows chosen by the order of play, the overlay's own rules they do not combine with
    are dropped (and a play rule reading the hand, and a start chosen by the first card);
    the rows' keys are dropped where the parent has such a rule."""
    overlay = merged.overlay
    if merged["layout.rows_follow_suit"] is not False and not merged["layout.one_row_at_a_time"]:
        return
    _drop_own(overlay, ROWS_BY_PLAY_DO_NOT_COMBINE)
    if str(get_path(overlay, "layout.start_rank") or "").startswith("first-card"):
        drop_path(overlay, "layout.start_rank")
    parent = merged.parent
    start = get_path(parent, "layout.start_rank")
    if (
        "hand" in str(merged["play.legal"] or "")
        or start is None
        or str(start).startswith("first-card")
        or any(
            get_path(parent, key) not in (None, 0, 1, False, [])
            for key in ROWS_BY_PLAY_DO_NOT_COMBINE
        )
    ):
        for key in ROWS_BY_PLAY:
            drop_path(overlay, key)


def _follow_up_needs_its_conditions(merged: Merged, draw: st.DrawFn) -> None:
    follow = get_path(merged.overlay, "play.follow_up")
    if follow is not None and get_path(merged.parent, "play.follow_up") is None:
        follow.setdefault("when", draw(st.sampled_from(WHEN)))
        follow.setdefault("allow", draw(st.sampled_from(ALLOW)))


def _over_limit_needs_a_limit(merged: Merged, draw: st.DrawFn) -> None:
    if "passing.over_limit" in merged and merged["passing.limit"] is None:
        set_path(merged.overlay, "passing.limit", draw(st.integers(1, 4)))


def _draw_needs_a_stock(merged: Merged, draw: st.DrawFn) -> None:
    if "passing.draw" in merged and not any(
        key in merged for key in ("deal.hand_size", "deal.stock")
    ):
        set_path(merged.overlay, "deal.hand_size", draw(st.integers(5, 8)))


def _players_in_order(merged: Merged, draw: st.DrawFn) -> None:
    low, high = merged["players.min"], merged["players.max"]
    if low is not None and high is not None and low > high:
        set_path(merged.overlay, "players.min", high)
        set_path(merged.overlay, "players.max", low)
        low, high = high, low
    best = merged["players.best"]
    if isinstance(best, str) and low is not None and high is not None:
        ends = [int(n) for n in best.split("-")]
        if ends[0] < low or ends[-1] > high:
            set_path(merged.overlay, "players.best", None)


def _teams_need_two_teams(merged: Merged, draw: st.DrawFn) -> None:
    """Teams of ``size`` need a count of players, a multiple of it, forming two teams."""
    teams = merged["players.teams"]
    if not isinstance(teams, dict):
        return
    size = teams["size"]
    low, high = merged["players.min"] or 3, merged["players.max"] or 8
    if not any(n % size == 0 and n >= 2 * size for n in range(low, high + 1)):
        set_path(merged.overlay, "players.max", max(high, 2 * size))
        if merged["players.min"] is not None and merged["players.min"] > 2 * size:
            set_path(merged.overlay, "players.min", 2 * size)
        set_path(merged.overlay, "players.best", None)


def _rows_need_packs(merged: Merged, draw: st.DrawFn) -> None:
    """Each row of a suit needs a pack of its own; a start chosen per row needs one row per
    suit (the drawn rows are dropped)."""
    if merged["layout.start_rank"] == "first-card-per-row":
        drop_path(merged.overlay, "layout.rows_per_suit")
    rows, copies = merged["layout.rows_per_suit"] or 1, merged["deck.copies"] or 1
    if rows > copies:
        set_path(merged.overlay, "deck.copies", rows)


def _hands_fit_the_pack(merged: Merged, draw: st.DrawFn) -> None:
    """A fixed hand size times the most players must not pass the cards in the pack."""
    size, high = merged["deal.hand_size"], merged["players.max"]
    if not isinstance(size, int) or not isinstance(high, int):
        return
    cards = len(_kept_cards(merged)) * (merged["deck.copies"] or 1)
    if size * high > cards:
        set_path(merged.overlay, "deal.hand_size", max(1, cards // high))


def _play_rule_follows_the_starting_rank(merged: Merged, draw: st.DrawFn) -> None:
    """A drawn starting rank comes with a play rule that opens rows by their starting rank
    (the parent's may name its own rank, which would then open nothing)."""
    overlay = merged.overlay
    if get_path(overlay, "layout.start_rank") is not None and not get_path(overlay, "play.legal"):
        set_path(overlay, "play.legal", LEGAL[1])


def _opening_card_starts_a_row(merged: Merged, draw: st.DrawFn) -> None:
    """The opening card is of the rows' starting rank (a drawn card, or the parent's card
    under a drawn starting rank), so the play rule lets it open."""
    card, start = merged["opening.card"], merged["layout.start_rank"]
    if not isinstance(card, str) or start in (None, "first-card", "first-card-per-row"):
        return
    preplaced = set(merged["layout.preplaced"] or ())
    if card[:-1] != str(start) or card in preplaced:
        starting = [c for c in _kept_cards(merged) if c[:-1] == str(start) and c not in preplaced]
        same_suit = [c for c in starting if c[-1] == card[-1]]
        choice = (same_suit or starting or [None])[0]
        set_path(merged.overlay, "opening.card", choice)


def _session_winner_needs_its_scores(merged: Merged, draw: st.DrawFn) -> None:
    needs = {
        "most-chips": "scoring.chips",
        "highest-points": "scoring.points",
        "lowest-points": "scoring.points",
    }
    winner = merged["session.winner"]
    if winner in needs and needs[winner] not in merged:
        set_path(merged.overlay, "session.winner", "most-deals")


def _pass_costs_need_chips(merged: Merged, draw: st.DrawFn) -> None:
    """A pass that costs chips needs chip scoring (validation refuses it otherwise): without
    chips the drawn or inherited cost is set to nothing."""
    if "scoring.chips" in merged:
        return
    for key in ("passing.cost", "passing.voluntary_cost"):
        if merged[key] not in (None, 0, "0"):
            set_path(merged.overlay, key, 0)


def _no_chips_with_covers(merged: Merged, draw: st.DrawFn) -> None:
    """Chips with face-down cards and points are refused (the deal's winner is the best
    score, known only after the chips are paid): the drawn chips are dropped."""
    if merged["passing.cover"] and "scoring.points" in merged and "scoring.chips" in merged:
        set_path(merged.overlay, "scoring.chips", None)


def _pass_transfer_needs_both_passes(merged: Merged, draw: st.DrawFn) -> None:
    """A pass by choice that moves a forced pass's cards needs passing by choice and such a
    transfer: where either is missing, the rule is dropped (or, inherited, turned off)."""
    if not merged["passing.voluntary_with_transfer"]:
        return
    if merged["passing.voluntary"] and "passing.transfer" in merged:
        return
    set_path(merged.overlay, "passing.voluntary_with_transfer", False)


def _leader_needs_its_cards(merged: Merged, draw: st.DrawFn) -> None:
    leader, overlay = merged["opening.leader"], merged.overlay
    if leader == "holder-of-card" and "opening.leader_card" not in merged:
        set_path(overlay, "opening.leader_card", draw(st.sampled_from(_kept_cards(merged))))
    elif leader == "holder-of-lowest" and "opening.leader_cards" not in merged:
        suit = _first_suit(str(merged.parent["id"]))
        set_path(overlay, "opening.leader_cards", f"card.suit == {suit}")
    elif leader == "holder" and "opening.card" not in merged:
        set_path(overlay, "opening.leader", "left-of-dealer")


def _holder_leads_only_with_every_card_dealt(merged: Merged, draw: st.DrawFn) -> None:
    """Where a stock keeps cards back the opening card may be among them: its holder
    cannot be the leader."""
    stock = any(
        merged[key] is not None for key in ("deal.hand_size", "deal.stock", "deal.leftovers")
    )
    if stock and merged["opening.leader"] == "holder":
        set_path(merged.overlay, "opening.leader", "left-of-dealer")


def _preplaced_by_needs_cards(merged: Merged, draw: st.DrawFn) -> None:
    if get_path(merged.overlay, "layout.preplaced_by") and "layout.preplaced" not in merged:
        drop_path(merged.overlay, "layout.preplaced_by")


def _named_cards_stay_in_the_pack(merged: Merged, draw: st.DrawFn) -> None:
    """Cards removed from the pack spare the cards other rules name (the opening card, the
    leader's card, the cards laid out before play)."""
    removed = get_path(merged.overlay, "deck.remove")
    if isinstance(removed, list):
        kept = [card for card in removed if card not in _named_cards(merged)]
        if kept:
            set_path(merged.overlay, "deck.remove", kept)
        else:
            drop_path(merged.overlay, "deck.remove")


def _named_cards(merged: Merged) -> set[str]:
    named: list[Any] = [merged["opening.leader_card"], *(merged["layout.preplaced"] or ())]
    opening = merged["opening.card"]
    named += opening if isinstance(opening, list) else [opening]  # a card, or the dealer's choice
    return {card for card in named if isinstance(card, str)}


def _kept_cards(merged: Merged) -> list[str]:
    removed = set(merged["deck.remove"] or ())
    cards = [c for c in parent_cards(str(merged.parent["id"])) if c not in removed]
    return cards or list(parent_cards(str(merged.parent["id"])))


REPAIRS: tuple[Repair, ...] = (
    _players_in_order,
    _teams_need_two_teams,
    _rows_need_packs,
    _play_rule_follows_the_starting_rank,
    _opening_card_starts_a_row,
    _follow_up_needs_its_conditions,
    _joker_rules_need_jokers,
    _trumps_combine_with_few_rules,
    _leftovers_combine_with_few_rules,
    _rows_by_play_combine_with_few_rules,
    _over_limit_needs_a_limit,
    _draw_needs_a_stock,
    _hands_fit_the_pack,
    _session_winner_needs_its_scores,
    _no_chips_with_covers,
    _pass_costs_need_chips,
    _pass_transfer_needs_both_passes,
    _leader_needs_its_cards,
    _holder_leads_only_with_every_card_dealt,
    _preplaced_by_needs_cards,
    _named_cards_stay_in_the_pack,
)


@st.composite
def overlays(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    """A built-in parent and an overlay of one to four keys over it, with the keys those
    need (:data:`REPAIRS`)."""
    parent = draw(st.sampled_from(builtin_ids()))
    chosen = draw(st.lists(st.sampled_from(KEYS), min_size=1, max_size=4, unique_by=lambda k: k[0]))
    overlay: dict[str, Any] = {"id": "generated-house-rule", "extends": parent}
    for key, node in chosen:
        set_path(overlay, key, draw(value_for(key, node, parent)))
    merged = Merged(parent, overlay)
    for repair in REPAIRS:
        repair(merged, draw)
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


#: What became of one overlay: checked, refused by validation, or not playable (no
#: player count deals it, or a deal never ends).
CHECKED, REFUSED, NOT_PLAYABLE = "checked", "refused by validation", "not playable"


def check_overlay(
    parent: str, overlay: dict[str, Any], folder: Path, deals: int = 6, matches: int = 1
) -> tuple[str, list[Failure]]:
    """Load ``overlay`` over ``parent``, build its sheet's claims and check them: what became
    of it, and the claims the engine contradicts."""
    try:
        analysed = load_overlay(parent, overlay, folder)
        rules = compiled(analysed)
    except SevensError:
        return REFUSED, []
    claims = claims_of(analysed, parent_claims(parent))
    try:
        return CHECKED, check_claims(rules, claims, deals, matches)
    except GameError:
        return NOT_PLAYABLE, []
