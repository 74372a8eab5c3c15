"""The model → the context of a rule sheet: plain data and localised phrases.

Everything a template shows comes from the :class:`AnalysedRules` here; the
templates only choose the sentences around it.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from markupsafe import Markup

from ..analyse import (
    Analysed,
    AnalysedRules,
    T,
    TAggregate,
    TAttr,
    TBinary,
    TConst,
    TIf,
    TUnary,
    TVar,
)
from ..interpret import card_condition_holds
from ..model import SAFE_URL, Deck, Rulespec, Source
from ..pipeline import is_builtin
from .amounts import chips_phrase, everyone_ranked, highest_place, reads, worked_context
from .canonical import canon
from .cards import (
    card_forms,
    card_full,
    card_short,
    colour_suits,
    joined_forms,
    rank_forms,
    rank_letter,
    rank_name,
    suit_class,
    suit_name,
    suit_symbol,
)
from .claims import (
    OPENING_SHAPES,
    Claims,
    DeckClaim,
    DrawClaim,
    FollowUpClaim,
    HandSizes,
    LeaderClaim,
    OpeningPlays,
    PassRule,
    SessionEnd,
    TransferClaim,
    TrumpClaim,
    claims_of,
)
from .example import Position, example_position, later_position, start_rank
from .i18n import P_, Count, Lang, language_name
from .phrases import leader_rank, lowest_holder, transfer_text
from .sentences import flatten, sentence
from .shapes import (
    ANTE_SHAPES,
    GAPS,
    PAY_SHAPES,
    chains,
    compulsory_sentence,
    extend_example,
    follow_sentence,
    free_follow_sentence,
    held_sentence,
    play_sentences,
    play_shape,
    points_sentence,
    table_sentence,
    turn_sentence,
    without_stop,
)
from .typography import keep

#: The ``lang`` attribute of an HTML sheet where the sheet follows one country's usage
#: (the Portuguese sheets are written in Brazilian Portuguese).
HTML_LANG = {"pt": "pt-BR"}
SOURCE_TITLE = P_("source", "“%(title)s”")
SOURCE_LANG = P_("source", "%(source)s (in %(language)s)")
SOURCE_SECTION = P_("source", "%(source)s, section “%(section)s”")
#: Between a source and its address.
SOURCE_URL = P_("source url", ": ")

CELL_WIDTH, CELL_HEIGHT, GAP, MARGIN = 34, 46, 6, 8
#: Ranks per suit in a full pack of each preset (fewer: the low ranks were cut).
FULL_RANKS = {"french": 13, "spanish": 10}


def amount(
    lang: Lang,
    rules: AnalysedRules,
    analysed: Analysed | None,
    shape: str | None = None,
    unit: str = "chip",
    at_start: bool = False,
    payers: bool = False,
) -> dict[str, Any] | None:
    """An integer expression, never read out as a formula: its constant value (if it is
    one), its hand-written sentence (``shape``), its chips as a noun phrase of recognised
    terms (``words``), and otherwise a table of worked values (``worked``)."""
    if analysed is None:
        return None
    tree = analysed.tree
    const = int(tree.value) if isinstance(tree, TConst) else None
    words = chips_phrase(lang, tree) if unit == "chip" and const is None else None
    worked = None
    if const is None and shape is None and words is None:
        worked = worked_context(lang, rules, tree, unit, at_start, payers)
    return {"const": const, "shape": shape, "words": words, "worked": worked}


def uses_value(rules: AnalysedRules) -> bool:
    """Whether any rule reads the cards' point values (scoring, or giving away the best card)."""
    amounts = (
        rules.points,
        rules.pay_winner,
        rules.ante,
        rules.pass_cost,
        rules.voluntary_pass_cost,
    )
    if any(_reads_value(a.tree) for a in amounts if a):
        return True
    spec = rules.spec
    transfers = (spec.passing.voluntary_transfer, spec.last_card)
    return any(t is not None and t.which != "random" for t in transfers)


def _reads_value(node: T) -> bool:
    if isinstance(node, TAttr) and node.name == "value":
        return True
    children = [v for f in dataclasses.fields(node) if isinstance(v := getattr(node, f.name), T)]
    return any(_reads_value(c) for c in children)


def deck_context(lang: Lang, deck: Deck, show_values: bool, claim: DeckClaim) -> dict[str, Any]:
    """Suits, the ranks in play low → high (a rank removed from every suit is gone), packs
    and removed cards, as the deck claim states them."""
    ranks = claim.rank_indices
    low, high = ranks[0], ranks[-1]
    return {
        "preset": deck.preset,
        "standard": deck.copies == 1 and not deck.removed,
        "n_cards": claim.n_cards,
        "copies": deck.copies,
        "ace": deck.ace if "A" in claim.ranks else None,
        "suits": [
            {
                "name": suit_name(lang, deck, i),
                "symbol": suit_symbol(lang, deck, i),
                "color": suit_class(deck, i),
            }
            for i in range(len(deck.suits))
        ],
        "ranks": [
            {
                "letter": rank_letter(lang, deck, i),
                "name": rank_name(lang, deck, i),
                "value": deck.ranks[i].value,
            }
            for i in ranks
        ],
        "removed": [card_full(lang, deck, f) for f in sorted(deck.removed)],
        "removed_forms": card_list(lang, deck, sorted(deck.removed), lang.join_and),
        "cut": deck.n_ranks < FULL_RANKS.get(deck.preset or "", 0),
        "lowest": rank_name(lang, deck, low),
        "highest": rank_name(lang, deck, high),
        "low_forms": rank_forms(lang, deck, low, "low"),
        "high_forms": rank_forms(lang, deck, high, "high"),
        "show_values": show_values,
        "colours": colour_suits(deck),  # four plain colours: sentences of their own where needed
    }


def _preplaced_are_start(spec: Rulespec) -> bool:
    """Whether the cards laid out before the deal are exactly the rows' starting cards (the
    four 7s of Shichi Narabe), so a caption names them as one group, not two."""
    layout, deck = spec.layout, spec.deck
    if layout.start_rank is None or not layout.preplaced:
        return False
    starts = {deck.face(suit, layout.start_rank) for suit in range(len(deck.suits))}
    return set(layout.preplaced) == starts


def layout_context(lang: Lang, spec: Rulespec, hands: HandSizes) -> dict[str, Any]:
    """Starting rank, rows per suit, turning the corner, preplaced cards; the number of
    cards dealt is the hand claim's (jokers included)."""
    layout, deck = spec.layout, spec.deck
    return {
        "start": rank_name(lang, deck, layout.start_rank)
        if layout.start_rank is not None
        else None,
        "example_start": rank_name(lang, deck, start_rank(spec)),
        "start_forms": rank_forms(lang, deck, layout.start_rank)
        if layout.start_rank is not None
        else {},
        "example_forms": rank_forms(lang, deck, start_rank(spec)),
        "start_per_row": layout.start_per_row,
        "by_holders": layout.by_holders,
        "rows_per_suit": layout.rows_per_suit,
        "without_suit": not layout.rows_follow_suit,
        "one_row": layout.one_row_at_a_time,
        "n_rows": layout.rows_per_suit * len(deck.suits),
        "wrap": layout.wrap,
        "preplaced": [card_full(lang, deck, f) for f in layout.preplaced],
        "preplaced_forms": card_list(lang, deck, layout.preplaced, lang.join_and),
        "preplaced_start": _preplaced_are_start(spec),
        "dealt": hands.dealt,
        "picture": picture(lang, spec),
        # copies of a card that share one row: the picture draws each card once
        "copies_per_row": deck.copies // layout.rows_per_suit
        if deck.copies > layout.rows_per_suit
        else None,
    }


def picture(lang: Lang, spec: Rulespec) -> dict[str, Any]:
    """The layout at the end of a deal: one line of cards per row, start rank aligned."""
    deck, start = spec.deck, start_rank(spec)
    order = list(range(deck.n_ranks))  # low to high, also when rows turn the corner
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
    return {
        "letter": rank_letter(lang, deck, deck.rank_of(face)),
        "symbol": suit_symbol(lang, deck, deck.suit_of(face)),
        "color": suit_class(deck, deck.suit_of(face)),
        "start": is_start,
        "column": column,
    }


def legal_context(lang: Lang, rules: AnalysedRules, claim: OpeningPlays) -> dict[str, Any]:
    """The legal condition as alternatives, plus the worked example.  Where no row is left
    to start once play begins (``claim``), the alternatives that start one are not said."""
    spec = rules.spec
    deck, tree = spec.deck, rules.legal.tree
    position = example_position(rules)
    parts = flatten(tree, "or")
    if not claim.rows_to_start:
        kept = [p for p in parts if (play_shape(p) or ("",))[0] not in OPENING_SHAPES]
        parts = kept or parts
    rows, follow_suit = spec.layout.rows_per_suit, spec.layout.rows_follow_suit
    shaped = play_sentences(
        lang, deck, parts, held_apart=True, rows_per_suit=rows, follow_suit=follow_suit
    )
    # a play rule of no known shape is shown by worked examples, never read out as a formula
    alternatives = shaped or []
    # worked examples show rows of one suit each; rows chosen by the order of play are not
    by_play = not follow_suit or spec.layout.one_row_at_a_time
    later = None if shaped is not None or by_play else later_position(rules, position)
    later_rows = [] if later is None else _open_rows(lang, deck, later)
    example = None
    plain = any(play_shape(p) == ("extend", None) for p in parts)  # both ends grow freely
    if shaped is not None and plain and spec.layout.start_rank is not None:
        example = extend_example(lang, deck, spec.layout.start_rank, spec.layout.wrap)
    return {
        "alternatives": alternatives,
        # one way to play is said in the sentence that introduces it, not as a one-item list
        "single": without_stop(alternatives[0]) if len(alternatives) == 1 else None,
        "shaped": shaped is not None,
        "own_rule": shaped is None,
        "later_rows": later_rows,
        "later_legal": [] if later is None else [card_short(lang, deck, f) for f in later.legal],
        "extend_example": example,
        "gaps": lang.marked(GAPS) if spec.passing.over_limit == "eliminate" else None,
        "sentence": sentence(lang, deck, tree),
        "example_rows": [] if by_play else _open_rows(lang, deck, position),
        "example_legal": [card_short(lang, deck, f) for f in position.legal],
        "example_legal_names": [card_full(lang, deck, f) for f in position.legal],
        "example_otherwise": [card_short(lang, deck, f) for f in position.otherwise],
        # with trumps, the example's cards that extend a row already started: a trump of
        # their rank and another suit may take their place ("only these" would be false)
        "example_trump_places": _trump_places(lang, spec, position),
        "reads_row_start": _mentions(tree, "row", "start"),
        "compulsory": _compulsory(lang, rules),
        "held": held_sentence(lang, deck, parts) if shaped is not None else None,
        "up_only": _up_only(parts),
        # the tunnel (the far end closes) says in its own words how rows wrap
        "tunnel": shaped is not None
        and any(play_shape(p) == ("tunnel", deck.n_ranks - 1) for p in parts),
    }


def _trump_places(lang: Lang, spec: Rulespec, position: Position) -> list[str]:
    """With trumps, the example's cards that extend a row already started: a trump of their
    rank may take their place ("only these" would be false).  A fixed trump suit's own row
    is left out: no trump stands in for a card of its own suit."""
    deck, trumps = spec.deck, spec.trumps
    if trumps is None:
        return []
    started = {deck.suit_of(t) for t in position.table}
    return [
        card_short(lang, deck, f)
        for f in position.legal
        if deck.suit_of(f) in started and deck.suit_of(f) != trumps.suit
    ]


def _open_rows(lang: Lang, deck: Deck, position: Position) -> list[str]:
    """The open rows of a worked example, as the sheet writes them (6♦–8♦)."""
    rows = [row for rows in position.all_rows.values() for row in rows if row.open]
    return [row_text(lang, deck, r.suit, r.low, r.high) for r in rows]


#: Play shapes that let a row grow downwards.
DOWNWARD = frozenset({"extend", "up-first", "down-first", "extend-unless-held", "beyond"})


def _up_only(parts: list[T]) -> bool:
    """Whether rows only ever grow upwards (then turning the corner goes one way only)."""
    shapes = [play_shape(part) for part in parts]
    names = {shape[0] for shape in shapes if shape is not None}
    return None not in shapes and "up" in names and not names & DOWNWARD


def _compulsory(lang: Lang, rules: AnalysedRules) -> str | None:
    """The sentence for ``play.compulsory``, if the rule set has one."""
    if rules.compulsory is None:
        return None
    deck, tree = rules.spec.deck, rules.compulsory.tree
    # the sheet says it right after "you choose which one", so it opens with "However"
    return compulsory_sentence(lang, deck, tree, sentence(lang, deck, tree), after_choice=True)


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


def wild_context(spec: Rulespec) -> dict[str, Any] | None:
    """The joker rules (``deck.jokers``, ``play.joker``), or None without jokers."""
    wild = spec.wild
    if wild is None:
        return None
    return {
        "jokers": wild.jokers,
        "redeem_optional": wild.redeem_optional,
        "out_on_joker": wild.out_on_joker,
        "holder_last": wild.holder_last,
        "eliminates": spec.passing.over_limit is not None,
    }


def trumps_context(lang: Lang, spec: Rulespec, claim: TrumpClaim | None) -> dict[str, Any] | None:
    """The trump rules (``play.trumps``), or None without trumps: the fixed trump suit's name
    (None where the last card dealt names trumps), whether that card must go home, and
    whether rows grow only by the next card (the claim's ``next_only``)."""
    trumps = spec.trumps
    if trumps is None or claim is None:
        return None
    fixed = trumps.suit
    return {
        "suit": None
        if fixed is None
        else f"{suit_name(lang, spec.deck, fixed)} ({suit_symbol(lang, spec.deck, fixed)})",
        "named_card_home": trumps.named_card_home,
        "next_only": claim.next_only,
    }


def rows_close(rules: AnalysedRules) -> bool:
    """Whether a row closes once it holds its suit's lowest or highest card (斩龙): it is
    then never complete, and no deal ends with the whole pack laid out."""
    closing = ("extend-closing", rules.spec.deck.n_ranks - 1)
    return closing in (play_shape(part) for part in flatten(rules.legal.tree, "or"))


def follow_up_context(
    lang: Lang, rules: AnalysedRules, claim: FollowUpClaim | None
) -> dict[str, Any] | None:
    """The extra card a player may (or must) add after certain plays; ``most`` and
    ``again`` (an extra card may grant another) come from the follow-up claim."""
    follow = rules.spec.follow_up
    if follow is None or claim is None or rules.follow_when is None or rules.follow_allow is None:
        return None
    deck = rules.spec.deck
    when, allow = rules.follow_when.tree, rules.follow_allow.tree
    if claim.shapes:  # a turn of several cards of one shape: one sentence says it all
        shape = turn_sentence(lang, claim.shapes)
        return {"shape": shape, "again": False, "chain": False, "capped": False}
    one_row, suitless = rules.spec.layout.one_row_at_a_time, not rules.spec.layout.rows_follow_suit
    one_row_turn = (one_row or suitless) and (canon(when), canon(allow)) == ("true", "row.open")
    return {
        "shape": follow_sentence(lang, deck, when, allow, follow.optional)
        or free_follow_sentence(
            lang, deck, when, allow, follow.optional, follow.max, one_row, suitless
        ),
        "when": sentence(lang, deck, rules.follow_when.tree),
        "always": canon(when) == "true",  # every play grants the extra card: no "if" to say
        "allow": sentence(lang, deck, rules.follow_allow.tree),
        "optional": follow.optional,
        "chain": chains(when, allow, follow.optional, follow.max),
        # a turn's cards on the newest row: its sentence already says "as many as you like"
        "again": claim.chaining and not one_row_turn,
        "most": claim.most,
        "capped": claim.capped,
    }


def passing_context(
    lang: Lang,
    rules: AnalysedRules,
    claim: PassRule,
    draw: DrawClaim | None = None,
    moved: TransferClaim | None = None,
) -> dict[str, Any]:
    """When passing is allowed, limited or penalised (the pass claim), what it costs, and the
    cards it moves (the transfer claim)."""
    spec = rules.spec
    voluntary_cost = None
    if spec.passing.voluntary and spec.passing.voluntary_cost.text != spec.passing.cost.text:
        voluntary_cost = amount(lang, rules, rules.voluntary_pass_cost)
    forced = moved.forced if moved else None
    transfer = moved.voluntary if moved else None
    return {
        "voluntary": claim.voluntary,
        "before_opening": claim.before_opening,
        "penalised": claim.penalised,
        "cost": amount(lang, rules, rules.pass_cost),
        # a pass that costs no chips may still cost points: then it is not called free
        "scored": rules.points is not None and reads(rules.points.tree, "passes"),
        "voluntary_cost": voluntary_cost,
        "limit": claim.limit,
        "limits_voluntary": claim.limits_voluntary,
        "eliminates": claim.limit is not None and not claim.forced_continue,
        "transfer": transfer_text(lang, transfer) if transfer else None,
        "forced_transfer": transfer_text(lang, forced) if forced else None,
        # a pass by choice moves the forced pass's cards first (passing.voluntary_with_transfer)
        "with_forced": bool(forced) and moved is not None and moved.voluntary_as_forced,
        "draw": draw_context(draw),
        "cover": spec.passing.cover and spec.draw is None,
    }


def draw_context(claim: DrawClaim | None) -> dict[str, Any] | None:
    """Drawing from the stock as the draw claim tells it: ``most`` a fixed count (None: one
    at a time until a card fits), or ``first`` and ``step`` for a count that grows with each
    player in a row who could not play, or ``varies``; ``whole``: every card is drawn before
    one is played."""
    if claim is None:
        return None
    fixed = not claim.varies and claim.step == 0
    return {
        "most": claim.first if fixed else None,
        "until_fit": claim.first is None and not claim.varies,
        "first": claim.first,
        "step": claim.step,
        "escalates": not claim.varies and claim.step > 0,
        "varies": claim.varies,
        "whole": claim.whole,
    }


def deal_context(lang: Lang, spec: Rulespec) -> dict[str, Any]:
    """Every card dealt, a fixed number each, or as many as all can get alike (the rest: a stock);
    with ``deal.stock`` the hand size of each player count, counts of one size together ("20
    cards each with 2 or 3 players, 15 cards each with 4 players")."""
    deal, deck, layout = spec.deal, spec.deck, spec.layout
    context: dict[str, Any] = {"hand_size": deal.hand_size, "equal": deal.equal_hands}
    context["stock"] = deal.stock
    context["leftovers"] = deal.leftovers  # the cards left over lie face up for anyone
    if deal.stock:
        laid_before = 0 if layout.by_holders else len(layout.preplaced)
        dealt = deck.copies * (deck.n_faces - len(deck.removed) - laid_before)
        counts = range(spec.players.min, spec.players.max + 1)
        context["sizes"] = hand_sizes(lang, [(n, deal.size_for(dealt, n) or 0) for n in counts])
    return context


def hand_sizes(lang: Lang, sizes: list[tuple[int, int]]) -> str:
    """Each hand size with the player counts that get it, in the order of the counts."""
    grouped: dict[int, list[int]] = {}
    for players, cards in sizes:
        grouped.setdefault(cards, []).append(players)
    items = [
        lang.ngettext(
            "%(cards)s card each with %(players)s players",
            "%(cards)s cards each with %(players)s players",
            cards,
        )
        % {"cards": cards, "players": lang.join_or([str(n) for n in counts])}
        for cards, counts in grouped.items()
    ]
    return lang.join_and(items)


def scoring_context(lang: Lang, rules: AnalysedRules) -> dict[str, Any]:
    """Chips (ante, pot, payments to the winner) and points."""
    spec = rules.spec
    chips = None
    if spec.chips is not None:
        ante, pay = rules.ante, rules.pay_winner
        chips = {
            "ante": amount(lang, rules, ante, _shaped(lang, ANTE_SHAPES, ante), at_start=True),
            "pot": spec.chips.pot,
            "pay_winner": amount(lang, rules, pay, _shaped(lang, PAY_SHAPES, pay), payers=True),
        }
    points = rules.points
    everyone = everyone_ranked(spec)
    shape = points_sentence(lang, points.tree, highest_place(spec), everyone) if points else None
    return {"chips": chips, "points": amount(lang, rules, points, shape, unit="point")}


def _shaped(lang: Lang, table: dict[str, tuple[str, str]], analysed: Analysed | None) -> str | None:
    return table_sentence(lang, table, analysed.tree) if analysed is not None else None


def minus_only(rules: AnalysedRules) -> bool:
    """Whether every score is minus points (the highest total is then the fewest minus points)."""
    if rules.points is None:
        return False
    # When every player goes out, everyone has a place (1, 2, …) by the time points are scored.
    least_place = 1 if everyone_ranked(rules.spec) else 0
    return never_positive(rules.spec.deck, rules.points.tree, least_place)


def never_positive(deck: Deck, node: T, least_place: int = 0) -> bool:
    """Whether the integer expression can never be above zero (a score of minus points only),
    as far as its shape shows: false when unsure."""
    highest = bounds(deck, node, least_place)[1]
    return highest is not None and highest <= 0


def never_negative(deck: Deck, node: T, least_place: int = 0) -> bool:
    """Whether the integer expression can never be below zero, as far as its shape shows."""
    lowest = bounds(deck, node, least_place)[0]
    return lowest is not None and lowest >= 0


#: The least and the greatest value an integer expression can take; None where no bound is known.
Bounds = tuple[int | None, int | None]
UNBOUNDED: Bounds = (None, None)

#: Attributes that are counts of cards or players: never below zero.
COUNTS = frozenset({"count", "players", "unable_in_a_row"})


def bounds(deck: Deck, node: T, least_place: int = 0) -> Bounds:
    """The range of an integer expression as far as its shape shows (cautious: a bound is
    given only when it surely holds). ``least_place`` is the lowest ``player.place`` at
    scoring time: 0 where players who did not go out keep no place."""
    if isinstance(node, TConst):
        value = node.value
        exact = isinstance(value, int) and not isinstance(value, bool)
        return (value, value) if exact else UNBOUNDED
    if isinstance(node, TAttr):
        return _attribute_bounds(deck, node.name, least_place)
    if isinstance(node, TAggregate):
        return _aggregate_bounds(deck, node, least_place)
    if isinstance(node, TUnary) and node.op == "-":
        low, high = bounds(deck, node.operand, least_place)
        return (_neg(high), _neg(low))
    if isinstance(node, TIf):
        then = bounds(deck, node.then, least_place)
        otherwise = bounds(deck, node.otherwise, least_place)
        return (_either(min, then[0], otherwise[0]), _either(max, then[1], otherwise[1]))
    if isinstance(node, TBinary) and node.op in ("+", "-", "*"):
        left = bounds(deck, node.left, least_place)
        right = bounds(deck, node.right, least_place)
        return _arithmetic(node.op, left, right)
    return UNBOUNDED


def _attribute_bounds(deck: Deck, name: str, least_place: int) -> Bounds:
    if name == "place":
        return (least_place, None)
    if name in COUNTS:
        return (0, None)
    if name == "value":  # a pack may give cards minus values
        values = [rank.value for rank in deck.ranks]
        return (min(values), max(values))
    return UNBOUNDED


def _aggregate_bounds(deck: Deck, node: TAggregate, least_place: int) -> Bounds:
    if node.func == "count":
        return (0, None)
    if node.func != "sum":
        return UNBOUNDED
    low, high = bounds(deck, node.element, least_place)  # a sum of any number of such terms
    return (
        0 if low is not None and low >= 0 else None,
        0 if high is not None and high <= 0 else None,
    )


def _arithmetic(op: str, left: Bounds, right: Bounds) -> Bounds:
    if op == "+":
        return (_plus(left[0], right[0]), _plus(left[1], right[1]))
    if op == "-":
        return (_plus(left[0], _neg(right[1])), _plus(left[1], _neg(right[0])))
    if all(bound is not None for bound in (*left, *right)):
        products = [a * b for a in left for b in right if a is not None and b is not None]
        return (min(products), max(products))
    if left[0] is not None and right[0] is not None and left[0] >= 0 and right[0] >= 0:
        return (left[0] * right[0], None)  # both never negative: so is the product
    return UNBOUNDED


def _neg(bound: int | None) -> int | None:
    return None if bound is None else -bound


def _plus(a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else a + b


def _either(pick: Callable[[int, int], int], a: int | None, b: int | None) -> int | None:
    return None if a is None or b is None else pick(a, b)


def session_context(rules: AnalysedRules, claim: SessionEnd | None) -> dict[str, Any] | None:
    """A match of several deals: its length, early end, winner and tie-break, and which of
    these the sources leave for the players to agree on."""
    spec = rules.spec
    session = spec.session
    if session is None or claim is None:
        return None
    agreed = spec.naming.agreed
    return {
        "agree_deals": claim.agreed,
        "agree_target": "session.target" in agreed,
        "cap_only": "session.cap" in agreed,
        "deals": session.deals,
        "target_chips": session.target_chips,
        "target_points": session.target_points,
        "target_points_text": _signed(session.target_points),
        "target_deals": session.target_deals,
        "early": any(
            t is not None
            for t in (session.target_chips, session.target_points, session.target_deals)
        ),
        "winner": session.winner,
        "minus_only": minus_only(rules),
        "tiebreak": session.tiebreak,
    }


def card_list(
    lang: Lang, deck: Deck, faces: Iterable[int], join: Callable[[list[str]], str]
) -> dict[str, str]:
    """Several cards joined into one list in each case form, under the key ``cards``
    ("the 7 of clubs (7♣) and the 7 of spades (7♠)"), for messages that want articles."""
    return joined_forms(join, [card_forms(lang, deck, f, "cards") for f in faces])


def _signed(number: int | None) -> Count | None:
    """A number as printed, negative ones with a true minus sign (U+2212), not a hyphen; it
    counts as its size, so that the catalogs' plural forms fit it ("−1 point", "−100 points")."""
    if number is None:
        return None
    return Count(abs(number), f"\u2212{-number}" if number < 0 else str(number))


def opening_context(lang: Lang, rules: AnalysedRules, lead: LeaderClaim) -> dict[str, Any]:
    """The opening card (fixed, or named by the dealer) and who leads (the leader claim:
    the dealer's neighbour on the side play goes to)."""
    spec = rules.spec
    opening, deck = spec.opening, spec.deck
    rank = leader_rank(rules) if opening.leader == "holder-of-lowest" else None
    leader_card = opening.leader_card
    return {
        "card": card_full(lang, deck, opening.card) if opening.card is not None else None,
        "leader_card": card_full(lang, deck, leader_card) if leader_card is not None else None,
        "card_forms": card_forms(lang, deck, opening.card) if opening.card is not None else {},
        "leader_card_forms": card_forms(lang, deck, leader_card) if leader_card is not None else {},
        "laid_out_by_leader": spec.layout.by_holders and leader_card in spec.layout.preplaced,
        "lowest_rank": rank_name(lang, deck, rank) if rank is not None else None,
        "lowest_forms": rank_forms(lang, deck, rank) if rank is not None else {},
        "stock": spec.deal.hand_size is not None or spec.deal.equal_hands,
        "choices": [card_full(lang, deck, f) for f in opening.choices],
        "choices_text": lang.join_or([card_full(lang, deck, f) for f in opening.choices]),
        "choices_forms": card_list(lang, deck, opening.choices, lang.join_or),
        "leader": lead.kind,
        "side": lead.side,
        "lowest_holder": lowest_holder(lang, rules)
        if opening.leader == "holder-of-lowest"
        else None,
        "one_suit": len(leader_suits(rules)) == 1,
        "leader_opens": _leader_opens(spec, rank),
        "leader_card_opens": opening.leader_card_opens,
    }


def _leader_opens(spec: Rulespec, rank: int | None) -> bool:
    """Whether the leader is chosen by holding a card of the rows' starting rank, so the
    sheet need not add that there is no fixed opening card (they lead with such a card)."""
    opening, start = spec.opening, spec.layout.start_rank
    if start is None:
        return False
    if opening.leader == "holder-of-card" and opening.leader_card is not None:
        laid_out = spec.layout.by_holders and opening.leader_card in spec.layout.preplaced
        return not laid_out and spec.deck.rank_of(opening.leader_card) == start
    return opening.leader == "holder-of-lowest" and rank == start


def leader_suits(rules: AnalysedRules) -> set[int]:
    """The suits of the cards ``opening.leader_cards`` holds for (one suit: no tie-break needed)."""
    if rules.leader_cards is None:
        return set()
    spec, tree = rules.spec, rules.leader_cards.tree
    deck = spec.deck
    return {deck.suit_of(f) for f in range(deck.n_faces) if card_condition_holds(spec, tree, f)}


def best_players(spec: Rulespec) -> str | None:
    """The recommended number of players, unless it falls outside the allowed range (as a
    parent's advice can, for a child that changes the number of players) or is that whole
    range."""
    best, players = spec.players.best, spec.players
    numbers = [int(n) for n in re.findall(r"\d+", best or "")]
    if not numbers or min(numbers) < players.min or max(numbers) > players.max:
        return None
    if min(numbers) == players.min and max(numbers) == players.max:
        return None  # "Best with 4–6 players" under "4 to 6 players" advises nothing
    return best


def sheet_name(lang: Lang, spec: Rulespec) -> str | None:
    """:func:`display_name`, marked to keep its own typography where it is borrowed as it
    is from another language ("Elfer raus!" on a French sheet keeps its German "!")."""
    name = display_name(lang, spec)
    others = {v for k, v in spec.naming.names.items() if k != lang.code}
    return keep(name) if name is not None and name in others else name


#: The title of a house rule that has no name in the sheet's language: its parent's name,
#: which the reader knows in their language, and what it is.
HOUSE_RULE_TITLE = P_("sheet title", "%(parent)s (house rule)")


def rule_set_name(lang: Lang, spec: Rulespec, parent_name: str | None) -> str:
    """The sheet's title: the rule set's name in the sheet's language; for a house rule
    named only in other languages (a user's file with ``name.en`` on a German sheet), its
    parent's name with "house rule" in the sheet's language, rather than a foreign title."""
    if parent_name is not None and lang.code not in spec.naming.names:
        return lang.marked(HOUSE_RULE_TITLE, parent=parent_name)
    return sheet_name(lang, spec) or spec.id


def display_name(lang: Lang, spec: Rulespec) -> str | None:
    """The rule set's own name in the sheet's language (or a proper name in its own language)."""
    names = spec.naming.names
    return (
        names.get(lang.code) or names.get(spec.naming.language) or next(iter(names.values()), None)
    )


def source_context(lang: Lang, source: Source) -> dict[str, Any]:
    """A source as a reader can look it up: title, language, section.

    ``text`` holds the title as ``\\x00`` so that HTML can mark its language."""
    text = lang.marked(SOURCE_TITLE, title="\x00")
    if source.lang and source.lang != lang.code:
        text = lang.marked(SOURCE_LANG, source=text, language=language_name(lang, source.lang))
    if source.section:
        text = lang.marked(SOURCE_SECTION, source=text, section="\x01")
    foreign = source.lang if source.lang != lang.code else None
    return {
        "text": text,
        "title": source.title,
        "section": source.section or "",
        "lang": foreign,
        "url": source.url if source.url and SAFE_URL.match(source.url) else None,  # validated
        "sep": lang.marked(SOURCE_URL),
    }


#: The word for a suit, and the word a player of a four-colour numbered pack (Elfer raus!)
#: uses instead: 「色」 for 「マーク」 in Japanese.  A language translates both the same way
#: where its suit word already means a colour (Farbe, kleur, couleur, färg) or where the
#: other word would not fit every sentence unchanged (gender, inflection); the sheet then
#: keeps its suit word.
SUIT_WORD = P_("suit word", "suit")
COLOUR_SUIT_WORD = P_("suit word", "colour")


#: What a game is called: 「トランプゲーム」 in Japanese means a game of the standard pack
#: (トランプ); a game of a pack of its own (Elfer raus!) is a 「カードゲーム」.  Languages
#: whose word fits both translate both the same way.
GAME_WORD = P_("game word, standard pack", "card game")
OWN_PACK_GAME_WORD = P_("game word, own pack", "card game")


#: The suits of the packs a player calls "the cards" (French- or Spanish-suited).
STANDARD_SUITS = (
    frozenset({"clubs", "diamonds", "hearts", "spades"}),
    frozenset({"oros", "copas", "espadas", "bastos"}),
)


def own_pack(deck: Deck) -> bool:
    """Whether the game uses a pack of its own, not a French- or Spanish-suited one."""
    return frozenset(s.name for s in deck.suits) not in STANDARD_SUITS


def suit_words(lang: Lang, deck: Deck) -> Callable[[str], str]:
    """A function that puts the words fitting an unusual pack into a rendered sheet: the
    colour word for the suit word where the pack has colour suits, and the word for a card
    game of its own pack where it is neither French- nor Spanish-suited (each only where
    the language has a word of its own for it)."""
    pairs = []
    if colour_suits(deck):
        pairs.append((lang.marked(SUIT_WORD), lang.marked(COLOUR_SUIT_WORD)))
    if own_pack(deck):
        pairs.append((lang.marked(GAME_WORD), lang.marked(OWN_PACK_GAME_WORD)))
    pairs = [(old, new) for old, new in pairs if old != new]

    def swap(text: str) -> str:
        swapped = str(text)
        for old, new in pairs:
            swapped = swapped.replace(old, new)
        return Markup(swapped) if isinstance(text, Markup) else swapped

    return swap


def try_with(spec: Rulespec) -> str:
    """What ``sevens simulate`` is given to play a rule set: a built-in's id, or the name
    of the file a house rule is in (run from its folder)."""
    if spec.path == "?" or is_builtin(Path(spec.path)):
        return spec.id
    name = Path(spec.path).name
    # a file name is shown as code: one with marks that would end the code span is not
    return name if re.fullmatch(r"[\w.+-]+", name) else "FILE"


def sheet_context(
    lang: Lang,
    rules: AnalysedRules,
    differences: list[str] | None,
    parent: Rulespec | None,
    claims: Claims | None = None,
) -> dict[str, Any]:
    """Everything a rule sheet template needs; the sentences about the deal, the lead,
    passing, the end and the session are chosen from ``claims`` (built here if not given,
    without a parent's)."""
    spec = rules.spec
    claims = claims if claims is not None else claims_of(rules)
    opening = opening_context(lang, rules, claims.leader)
    legal = legal_context(lang, rules, claims.opening)
    parent_name = sheet_name(lang, parent) if parent else None
    kind = spec.naming.kind or ("house-rule" if parent else "game")
    name = rule_set_name(lang, spec, parent_name if kind == "house-rule" else None)
    description = spec.naming.descriptions.get(lang.code)
    return {
        "lang": lang.code,
        "html_lang": HTML_LANG.get(lang.code, lang.code),
        "id": spec.id,
        "try_with": try_with(spec),
        "name": name,
        "kind": kind,
        "aliases": lang.join_and(list(spec.naming.aliases.get(lang.code, ()))),
        "description": description,
        "sources": [source_context(lang, s) for s in spec.naming.sources],
        "players": {"min": spec.players.min, "max": spec.players.max, "best": best_players(spec)},
        "teams": claims.teams,
        "deck": deck_context(lang, spec.deck, uses_value(rules), claims.deck),
        "layout": {**layout_context(lang, spec, claims.hands), "closes": rows_close(rules)},
        "deal": deal_context(lang, spec),
        "opening": opening,
        "opening_card": opening["card"],
        "leader": opening["leader"],
        "legal": legal,
        "follow_up": follow_up_context(lang, rules, claims.follow_up),
        "direction": spec.direction.value,
        "passing": passing_context(lang, rules, claims.passing, claims.draw, claims.transfers),
        "last_card": transfer_text(lang, spec.last_card) if spec.last_card else None,
        "wild": wild_context(spec),
        "trumps": trumps_context(lang, spec, claims.trumps),
        "end_when": spec.end_when,
        "blocked": spec.blocked if claims.end.can_block else None,
        # the claim says it: every other player eliminated, the last one left wins
        "last_standing": claims.winner.last_standing,
        "scoring": scoring_context(lang, rules),
        "session": session_context(rules, claims.session),
        "parent": parent_name,
        "differences": differences,
        "suit_words": suit_words(lang, spec.deck),
    }
