"""Explicit limits on what a rulespec may ask for, checked at validation.

Each limit keeps one resource small and says which (``docs/reliability.md``
lists them with their reasons).  Anything ``sevens validate`` accepts must
compile, import and run; these checks are what makes that true for inputs
that are well-formed but huge.  Every violation is reported at its place in
the file.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..runtime.arith import INT_LIMIT
from .errors import Diagnostic
from .load import MAX_DOCUMENT_CHARS, MAX_EXTENDS_DEPTH, Document

#: Ranks per suit (20: the 1-20 decks of Elfer raus).  The row-mask memo is a flat list only
#: up to 2^21 entries (16 MB); beyond that it is a dict holding only the row states reached.
MAX_RANKS = 20
#: Suits in the deck (8 suits x 4 packs = 32 rows at most).
MAX_SUITS = 8
#: Packs shuffled together (the schema's maximum; checked there).
MAX_COPIES = 4
#: Deals in a match, from the rulespec or ``--deals``: a match must end in reasonable time.
MAX_SESSION_DEALS = 1000
#: Characters in one condition.
MAX_CONDITION_CHARS = 2000
#: Tokens (names, numbers, operators, brackets) in one condition.  Bounds the size of the
#: parse tree, whose stages (parse, analyse, lower, emit, interpret) all walk it; their depth
#: is bounded apart (:data:`MAX_CONDITION_DEPTH`), so the work grows only linearly with this.
#: 600 fits a points rule that spells out a 20-rank pip table three times (own cards, the
#: others', everyone's: 530 tokens); 200 refused a 13-rank table written twice, as in
#: Pai Qi's zero-sum scoring with a table of its own (249 tokens, issue 22).
MAX_CONDITION_TOKENS = 600
#: Levels of operators and brackets in one condition (a sum of 65 terms has 64).
MAX_CONDITION_DEPTH = 64
#: Digits after the decimal point of a number in a condition (``0.000000000000000001``):
#: exact decimals are fractions, and the amounts records write stay short.
MAX_DECIMAL_PLACES = 18

#: Aggregates inside aggregates (``sum(… for x in hand)`` inside another): each level
#: multiplies the work of one evaluation by the size of a hand (up to 256 cards).
MAX_AGGREGATE_NESTING = 2

__all__ = [
    "INT_LIMIT",
    "MAX_AGGREGATE_NESTING",
    "MAX_CONDITION_CHARS",
    "MAX_CONDITION_DEPTH",
    "MAX_CONDITION_TOKENS",
    "MAX_COPIES",
    "MAX_DECIMAL_PLACES",
    "MAX_DOCUMENT_CHARS",
    "MAX_EXTENDS_DEPTH",
    "MAX_RANKS",
    "MAX_SESSION_DEALS",
    "MAX_SUITS",
    "check_document",
]


def check_document(document: Document) -> list[Diagnostic]:
    """The limits a schema-valid document breaks, each at its position."""
    return list(_violations(document))


def _violations(document: Document) -> Iterator[Diagnostic]:
    raw_deck = document.data.get("deck")
    deck: dict[str, Any] = raw_deck if isinstance(raw_deck, dict) else {}
    for key, limit in (("ranks", MAX_RANKS), ("suits", MAX_SUITS)):
        items = deck.get(key)
        if isinstance(items, list) and len(items) > limit:
            message = f"deck.{key}: {len(items)} {key}; at most {limit} are supported"
            yield document.error(("deck", key, limit), message)
    yield from _session_violations(document)


def _session_violations(document: Document) -> Iterator[Diagnostic]:
    session: Any = document.data.get("session")
    if not isinstance(session, dict):
        return
    deals = session.get("deals")
    if isinstance(deals, int) and not 1 <= deals <= MAX_SESSION_DEALS:
        message = (
            f"session.deals must be between 1 and {MAX_SESSION_DEALS} "
            f"(or 'players' for one deal per player), not {deals}"
        )
        yield document.error(("session", "deals"), message)
