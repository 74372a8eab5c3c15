"""The model → the context of a rule sheet: plain data and localised phrases.

Everything a template shows comes from the :class:`AnalysedRules` here; the
templates only choose the sentences around it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from sevens.compiler.analyse import Analysed, AnalysedRules, T, TAttr, TBinary, TConst, TVar
from sevens.compiler.model import Deck, Rulespec
from sevens.compiler.rulesheet.cards import card_full, card_short, rank_letter, rank_name, suit_name
from sevens.compiler.rulesheet.example import example_position, start_rank
from sevens.compiler.rulesheet.i18n import Lang
from sevens.compiler.rulesheet.phrases import lowest_holder, transfer_text
from sevens.compiler.rulesheet.sentences import flatten, sentence

CELL_WIDTH, CELL_HEIGHT, GAP, MARGIN = 34, 46, 6, 8
#: Ranks per suit in a full pack of each preset (fewer: the low ranks were cut).
FULL_RANKS = {"french": 13, "spanish": 10}


def amount(lang: Lang, deck: Deck, analysed: Analysed | None) -> dict[str, Any] | None:
    """An integer expression: its constant value (if it is one) and its wording."""
    if analysed is None:
        return None
    tree = analysed.tree
    const = int(tree.value) if isinstance(tree, TConst) else None
    return {"const": const, "text": sentence(lang, deck, tree)}


def uses_value(rules: AnalysedRules) -> bool:
    """Whether any scoring expression reads card values."""
    trees = [a.tree for a in (rules.points, rules.pay_winner, rules.ante, rules.pass_cost) if a]
    return any(_reads_value(t) for t in trees)


def _reads_value(node: T) -> bool:
    if isinstance(node, TAttr) and node.name == "value":
        return True
    children = [v for f in dataclasses.fields(node) if isinstance(v := getattr(node, f.name), T)]
    return any(_reads_value(c) for c in children)


def deck_context(lang: Lang, deck: Deck, show_values: bool) -> dict[str, Any]:
    """Suits, ranks low → high, packs and removed cards."""
    in_play = deck.copies * (deck.n_faces - len(deck.removed))
    return {
        "preset": deck.preset,
        "standard": deck.copies == 1 and not deck.removed,
        "n_cards": in_play,
        "copies": deck.copies,
        "ace": deck.ace if deck.rank_index("A") is not None else None,
        "suits": [
            {"name": suit_name(lang, deck, i), "symbol": s.symbol, "color": s.color}
            for i, s in enumerate(deck.suits)
        ],
        "ranks": [
            {
                "letter": rank_letter(lang, deck, i),
                "name": rank_name(lang, deck, i),
                "value": r.value,
            }
            for i, r in enumerate(deck.ranks)
        ],
        "removed": [card_full(lang, deck, f) for f in sorted(deck.removed)],
        "cut": deck.n_ranks < FULL_RANKS.get(deck.preset or "", 0),
        "lowest": rank_name(lang, deck, 0),
        "highest": rank_name(lang, deck, deck.n_ranks - 1),
        "show_values": show_values,
    }


def layout_context(lang: Lang, spec: Rulespec) -> dict[str, Any]:
    """Starting rank, rows per suit, turning the corner, preplaced cards."""
    layout, deck = spec.layout, spec.deck
    dealt = deck.copies * (deck.n_faces - len(deck.removed) - len(layout.preplaced))
    return {
        "start": rank_name(lang, deck, layout.start_rank)
        if layout.start_rank is not None
        else None,
        "example_start": rank_name(lang, deck, start_rank(spec)),
        "rows_per_suit": layout.rows_per_suit,
        "n_rows": layout.rows_per_suit * len(deck.suits),
        "wrap": layout.wrap,
        "preplaced": [card_full(lang, deck, f) for f in layout.preplaced],
        "dealt": dealt,
        "picture": picture(lang, spec),
    }


def picture(lang: Lang, spec: Rulespec) -> dict[str, Any]:
    """The layout at the end of a deal: one line of cards per row, start rank aligned."""
    deck, start = spec.deck, start_rank(spec)
    order = list(range(deck.n_ranks))
    if spec.layout.wrap:
        shift = (start - deck.n_ranks // 2) % deck.n_ranks
        order = order[shift:] + order[:shift]
    rows = []
    for suit in range(len(deck.suits)):
        for _ in range(spec.layout.rows_per_suit):
            rows.append(
                [
                    cell(
                        lang,
                        deck,
                        deck.face(suit, r),
                        r == start or deck.face(suit, r) in spec.layout.preplaced,
                        x,
                    )
                    for x, r in enumerate(order)
                ]
            )
    width = 2 * MARGIN + len(order) * (CELL_WIDTH + GAP) - GAP
    height = 2 * MARGIN + len(rows) * (CELL_HEIGHT + GAP) - GAP
    return {
        "rows": rows,
        "width": width,
        "height": height,
        "cell_w": CELL_WIDTH,
        "cell_h": CELL_HEIGHT,
    }


def cell(lang: Lang, deck: Deck, face: int, is_start: bool, column: int) -> dict[str, Any] | None:
    """One card of the picture, or ``None`` for a removed card."""
    if face in deck.removed:
        return None
    suit = deck.suits[deck.suit_of(face)]
    return {
        "letter": rank_letter(lang, deck, deck.rank_of(face)),
        "symbol": suit.symbol,
        "color": suit.color,
        "start": is_start,
        "column": column,
    }


def legal_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any]:
    """The legal condition as alternatives, plus the worked example."""
    deck, tree = rules.spec.deck, rules.legal.tree
    position = example_position(rules)
    open_rows = [row for rows in position.all_rows.values() for row in rows if row.open]
    return {
        "alternatives": [sentence(lang, deck, part) for part in flatten(tree, "or")],
        "sentence": sentence(lang, deck, tree),
        "example_rows": [row_text(lang, deck, r.suit, r.low, r.high) for r in open_rows],
        "example_legal": [card_short(lang, deck, f) for f in position.legal],
        "example_legal_names": [card_full(lang, deck, f) for f in position.legal],
        "reads_row_start": _mentions(tree, "row", "start"),
    }


def _mentions(node: T, var: str, attr: str) -> bool:
    if (
        isinstance(node, TAttr)
        and isinstance(node.obj, TVar)
        and (node.obj.name, node.name) == (var, attr)
    ):
        return True
    if isinstance(node, TBinary):
        return _mentions(node.left, var, attr) or _mentions(node.right, var, attr)
    return any(
        _mentions(getattr(node, f.name), var, attr)
        for f in dataclasses.fields(node)
        if isinstance(getattr(node, f.name), T)
    )


def row_text(lang: Lang, deck: Deck, suit: int, low: int, high: int) -> str:
    """A row on the table, e.g. ``6♦–8♦``."""
    first = card_short(lang, deck, deck.face(suit, low))
    return first if low == high else f"{first}–{card_short(lang, deck, deck.face(suit, high))}"


def follow_up_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any] | None:
    """The extra card a player may (or must) add after certain plays."""
    follow = rules.spec.follow_up
    if follow is None or rules.follow_when is None or rules.follow_allow is None:
        return None
    deck = rules.spec.deck
    return {
        "when": sentence(lang, deck, rules.follow_when.tree),
        "allow": sentence(lang, deck, rules.follow_allow.tree),
        "optional": follow.optional,
    }


def passing_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any]:
    """Whether passing is voluntary and what it costs."""
    spec, deck = rules.spec, rules.spec.deck
    voluntary_cost = None
    if spec.passing.voluntary and spec.passing.voluntary_cost.text != spec.passing.cost.text:
        voluntary_cost = amount(lang, deck, rules.voluntary_pass_cost)
    transfer = spec.passing.voluntary_transfer
    return {
        "voluntary": spec.passing.voluntary,
        "cost": amount(lang, deck, rules.pass_cost),
        "voluntary_cost": voluntary_cost,
        "limit": spec.passing.limit,
        "over_limit": spec.passing.over_limit,
        "transfer": transfer_text(lang, transfer) if transfer else None,
    }


def scoring_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any]:
    """Chips (ante, pot, payments to the winner) and points."""
    spec, deck = rules.spec, rules.spec.deck
    chips = None
    if spec.chips is not None:
        chips = {
            "ante": amount(lang, deck, rules.ante),
            "pot": spec.chips.pot,
            "pay_winner": amount(lang, deck, rules.pay_winner),
        }
    return {"chips": chips, "points": amount(lang, deck, rules.points)}


def session_context(spec: Rulespec) -> dict[str, Any] | None:
    """A match of several deals: its length, early end, winner and tie-break."""
    session = spec.session
    if session is None:
        return None
    return {
        "deals": session.deals,
        "target_chips": session.target_chips,
        "target_points": session.target_points,
        "target_deals": session.target_deals,
        "early": any(
            t is not None
            for t in (session.target_chips, session.target_points, session.target_deals)
        ),
        "winner": session.winner,
        "tiebreak": session.tiebreak,
    }


def opening_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any]:
    """The opening card (fixed, or named by the dealer) and who leads."""
    spec = rules.spec
    opening, deck = spec.opening, spec.deck
    return {
        "card": card_full(lang, deck, opening.card) if opening.card is not None else None,
        "choices": [card_full(lang, deck, f) for f in opening.choices],
        "leader": opening.leader,
        "lowest_holder": lowest_holder(lang, rules)
        if opening.leader == "holder-of-lowest"
        else None,
    }


def sheet_context(
    lang: Lang, rules: AnalysedRules, differences: list[str] | None, parent_name: str | None
) -> dict[str, Any]:
    """Everything a rule sheet template needs."""
    spec = rules.spec
    opening = opening_context(lang, rules)
    return {
        "lang": lang.code,
        "id": spec.id,
        "name": spec.name,
        "aliases": lang.join_and(list(spec.aliases)),
        "description": spec.description,
        "sources": list(spec.sources),
        "players": spec.players,
        "deck": deck_context(lang, spec.deck, rules.points is not None or uses_value(rules)),
        "layout": layout_context(lang, spec),
        "opening": opening,
        "opening_card": opening["card"],
        "leader": opening["leader"],
        "legal": legal_context(lang, rules),
        "follow_up": follow_up_context(lang, rules),
        "passing": passing_context(lang, rules),
        "last_card": transfer_text(lang, spec.last_card) if spec.last_card else None,
        "end_when": spec.end_when,
        "blocked": spec.blocked,
        "scoring": scoring_context(lang, rules),
        "session": session_context(spec),
        "parent": parent_name,
        "differences": differences,
    }
