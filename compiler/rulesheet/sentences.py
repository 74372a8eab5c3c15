"""Typed condition trees → natural sentences, compositionally.

Every node kind has whole-phrase messages (``"%(left)s is at least
%(right)s"``) translated per language; a node's phrase is built from the
phrases of its children, so a condition never seen before still reads as a
sentence.  Noun phrases are always used in the nominative: the messages are
worded ("one rank higher *than* X") so that no language needs to inflect a
child phrase.  A few common patterns get nicer wording, with the generic
rule as fallback.
"""

from __future__ import annotations

from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction

from babel.numbers import format_decimal

from ...runtime.arith import decimal_text
from ..analyse import (
    BOOL,
    CARD,
    RANK,
    SUIT,
    T,
    TAggregate,
    TAttr,
    TBinary,
    TCall,
    TConst,
    TIf,
    TUnary,
    TVar,
)
from ..model import Deck
from .amounts import amount_words
from .cards import card_forms, rank_name, suit_name
from .i18n import P_, Lang

VARIABLES = {
    "card": P_("variable", "the card"),
    "last": P_("variable", "the card just played"),
    "first": P_("variable", "the first card of the turn"),
    "row": P_("variable", "the row of the card's suit"),
    "table": P_("variable", "the table"),
    "game": P_("variable", "the game"),
    "player": P_("variable", "the player"),
    "hand": P_("variable", "the player's hand"),
    "players": P_("variable", "all players"),
    "others": P_("variable", "the other players"),
}

ATTRIBUTES = {
    "card.rank": P_("attribute", "the card's rank"),
    "card.suit": P_("attribute", "the card's suit"),
    "card.value": P_("attribute", "the card's value"),
    "last.rank": P_("attribute", "the rank of the card just played"),
    "last.suit": P_("attribute", "the suit of the card just played"),
    "last.value": P_("attribute", "the value of the card just played"),
    "first.rank": P_("attribute", "the rank of the turn's first card"),
    "first.suit": P_("attribute", "the suit of the turn's first card"),
    "first.value": P_("attribute", "the value of the turn's first card"),
    "row.start": P_("attribute", "the row's starting rank"),
    "row.low": P_("attribute", "the lowest rank in the row"),
    "row.high": P_("attribute", "the highest rank in the row"),
    "row.count": P_("attribute", "the number of cards in the row"),
    "row.suit": P_("attribute", "the row's suit"),
    "table.count": P_("attribute", "the number of cards on the table"),
    "table.cards": P_("attribute", "the cards on the table"),
    "game.players": P_("attribute", "the number of players"),
    "game.max_hand": P_("attribute", "the largest number of cards in any hand"),
    "game.min_hand": P_("attribute", "the smallest number of cards in any hand"),
    "game.dealer": P_("attribute", "the dealer's seat"),
    "game.pot": P_("attribute", "the number of chips in the pot"),
    "player.hand": P_("attribute", "the player's hand"),
    "player.seat": P_("attribute", "the player's seat"),
    "player.passes": P_("attribute", "the number of times the player has passed"),
    "player.place": P_(
        "attribute", "the player's place in the order of going out (1 for the first out)"
    ),
    "hand.count": P_("attribute", "the number of cards in the player's hand"),
    "hand.value": P_("attribute", "the total value of the cards in the player's hand"),
    "cards.count": P_("attribute", "the number of cards in %(obj)s"),
    "cards.value": P_("attribute", "the total value of %(obj)s"),
}
GENERIC_ATTRIBUTE = P_("attribute", "the “%(attr)s” of %(obj)s")

PREDICATES = {
    "row.open": (
        P_("predicate", "the row of the card's suit is open"),
        P_("predicate", "the row of the card's suit is not open yet"),
    ),
    "row.complete": (
        P_("predicate", "the row is complete"),
        P_("predicate", "the row is not complete yet"),
    ),
    "table.empty": (
        P_("predicate", "the table is empty"),
        P_("predicate", "the table is not empty"),
    ),
    "player.is_winner": (
        P_("predicate", "the player is the winner"),
        P_("predicate", "the player is not the winner"),
    ),
}
GENERIC_PREDICATE = (P_("predicate", "“%(x)s” holds"), P_("predicate", "“%(x)s” does not hold"))

COMPARISONS = {
    "==": P_("comparison", "%(left)s is %(right)s"),
    "!=": P_("comparison", "%(left)s is not %(right)s"),
    "<": P_("comparison", "%(left)s is less than %(right)s"),
    "<=": P_("comparison", "%(left)s is at most %(right)s"),
    ">": P_("comparison", "%(left)s is greater than %(right)s"),
    ">=": P_("comparison", "%(left)s is at least %(right)s"),
    "in": P_("comparison", "%(left)s is one of %(right)s"),
    "not in": P_("comparison", "%(left)s is none of %(right)s"),
}
#: ``not`` turned into the opposite comparison.
NEGATED = {"==": "!=", "!=": "==", "<": ">=", "<=": ">", ">": "<=", ">=": "<", "in": "not in"}

ARITHMETIC = {
    "+": P_("arithmetic", "%(left)s plus %(right)s"),
    "-": P_("arithmetic", "%(left)s minus %(right)s"),
    "*": P_("arithmetic", "%(left)s times %(right)s"),
    "//": P_("arithmetic", "%(left)s divided by %(right)s, rounded down"),
    "%": P_("arithmetic", "the remainder of %(left)s divided by %(right)s"),
}
NEGATE = P_("arithmetic", "minus %(x)s")
NOT = P_("logic", "it is not the case that %(x)s")
EITHER = P_("logic", "either %(x)s")
OR_ELSE = P_("logic", "%(left)s, or else %(right)s")
IF_ELSE = P_("logic", "%(then)s if %(cond)s, and otherwise %(otherwise)s")
ALWAYS = P_("logic", "this always holds")
NEVER = P_("logic", "this never holds")
#: A card named in a rule, with the article the language wants ("le 7 de carreau (7♦)");
#: the translation picks one of the forms of :func:`card_forms` (``%(card_nom_def)s``…).
CARD_NAMED = P_("card", "the %(card)s")
TRUE_VALUE = P_("value", "yes")
FALSE_VALUE = P_("value", "no")

CALLS = {
    "abs": P_("function", "the absolute value of %(args)s"),
    "min": P_("function", "the smaller of %(args)s"),
    "max": P_("function", "the larger of %(args)s"),
}
AGGREGATES = {
    "sum": P_("aggregate", "the sum of %(element)s over %(items)s"),
    "max": P_("aggregate", "the largest %(element)s among %(items)s"),
    "min": P_("aggregate", "the smallest %(element)s among %(items)s"),
    "count": P_("aggregate", "the number of %(items)s"),
    "any": P_("aggregate", "for at least one of %(items)s, %(element)s"),
    "all": P_("aggregate", "for each of %(items)s, %(element)s"),
}
ONLY_WHERE = P_("aggregate", "%(items)s for which %(cond)s")


class Phraser:
    """Render typed trees of one rulespec in one language."""

    def __init__(self, lang: Lang, deck: Deck) -> None:
        self.lang = lang
        self.deck = deck
        self.loop_vars: dict[str, str] = {}

    # -- clauses ----------------------------------------------------------
    def clause(self, node: T) -> str:
        """A bool-typed node as a clause ("the row is open")."""
        handler: Callable[[T], str] | None = getattr(self, f"clause_{type(node).__name__}", None)
        if handler is not None:
            return handler(node)
        return self.lang.marked(GENERIC_PREDICATE[0], x=self.noun(node))

    def clause_TConst(self, node: T) -> str:
        assert isinstance(node, TConst)
        return self.lang.marked(ALWAYS if node.value else NEVER)

    def clause_TAttr(self, node: T) -> str:
        return self.predicate(node, negative=False)

    def predicate(self, node: T, negative: bool) -> str:
        key = self.attr_key(node) if isinstance(node, TAttr) else None
        marks = PREDICATES.get(key or "")
        if marks is None:
            return self.lang.marked(GENERIC_PREDICATE[negative], x=self.noun(node))
        return self.lang.marked(marks[negative])

    def clause_TUnary(self, node: T) -> str:
        assert isinstance(node, TUnary)
        inner = node.operand
        if isinstance(inner, TAttr):
            return self.predicate(inner, negative=True)
        if isinstance(inner, TBinary) and inner.op in NEGATED:
            return self.compare(NEGATED[inner.op], inner.left, inner.right)
        return self.lang.marked(NOT, x=self.clause(inner))

    def clause_TBinary(self, node: T) -> str:
        assert isinstance(node, TBinary)
        if node.op == "and":
            parts = [self.and_part(p) for p in flatten(node, "and")]
            return self.lang.join_and(parts)
        if node.op == "or":
            return self.disjunction(flatten(node, "or"))
        if node.op in COMPARISONS:
            return self.compare(node.op, node.left, node.right)
        return self.lang.marked(GENERIC_PREDICATE[0], x=self.noun(node))

    def and_part(self, node: T) -> str:
        if isinstance(node, TBinary) and node.op == "or":
            return self.lang.marked(EITHER, x=self.clause(node))
        return self.clause(node)

    def disjunction(self, parts: list[T]) -> str:
        same = shared_equality_left(parts)
        if same is not None:
            rights = [self.noun(p.right) for p in parts if isinstance(p, TBinary)]
            return self.lang.marked(
                COMPARISONS["=="], left=self.noun(same), right=self.lang.join_or(rights)
            )
        if any(isinstance(p, TBinary) and p.op == "and" for p in parts):
            text = self.clause(parts[0])
            for part in parts[1:]:
                text = self.lang.marked(OR_ELSE, left=text, right=self.clause(part))
            return text
        return self.lang.join_or([self.clause(p) for p in parts])

    def compare(self, op: str, left: T, right: T) -> str:
        return self.lang.marked(COMPARISONS[op], left=self.noun(left), right=self.noun(right))

    def clause_TIf(self, node: T) -> str:
        assert isinstance(node, TIf)
        return self.lang.marked(
            IF_ELSE,
            then=self.clause(node.then),
            cond=self.clause(node.cond),
            otherwise=self.clause(node.otherwise),
        )

    def clause_TAggregate(self, node: T) -> str:
        return self.noun(node)

    # -- noun phrases -----------------------------------------------------
    def noun(self, node: T) -> str:
        """A node as a noun phrase ("the highest rank in the row")."""
        handler: Callable[[T], str] = getattr(self, f"noun_{type(node).__name__}")
        return handler(node)

    def noun_TConst(self, node: T) -> str:
        assert isinstance(node, TConst)
        return self.constant(node.type, node.value)

    def constant(self, kind: str, value: object) -> str:
        if isinstance(value, frozenset):
            return self.lang.join_or([self.constant(kind[4:], v) for v in sorted(value)])
        if isinstance(value, Fraction):  # an exact decimal amount, in the language's own notation
            exact = Decimal(decimal_text(value))
            return format_decimal(exact, locale=self.lang.code, decimal_quantization=False)
        assert isinstance(value, int)
        if kind == RANK:
            return rank_name(self.lang, self.deck, value)
        if kind == SUIT:
            return suit_name(self.lang, self.deck, value)
        if kind == CARD:
            return card_phrase(self.lang, self.deck, value)
        if kind == BOOL:
            return self.lang.marked(TRUE_VALUE if value else FALSE_VALUE)
        return str(value)

    def noun_TVar(self, node: T) -> str:
        assert isinstance(node, TVar)
        name = self.loop_vars.get(node.name, node.name)
        mark = VARIABLES.get(name)
        return self.lang.marked(mark) if mark else node.name

    def attr_key(self, node: TAttr) -> str:
        obj = node.obj
        if isinstance(obj, TVar):
            return f"{self.loop_vars.get(obj.name, obj.name)}.{node.name}"
        if isinstance(obj, TAttr) and self.attr_key(obj) in ("player.hand", "table.cards"):
            return f"cards.{node.name}"
        return f"?.{node.name}"

    def noun_TAttr(self, node: T) -> str:
        assert isinstance(node, TAttr)
        key = self.attr_key(node)
        if key in PREDICATES:
            return self.predicate(node, negative=False)
        mark = ATTRIBUTES.get(key)
        obj = self.noun(node.obj)
        if mark is None:
            return self.lang.marked(GENERIC_ATTRIBUTE, attr=node.name, obj=obj)
        return self.lang.marked(mark, obj=obj) if "%(obj)s" in mark[1] else self.lang.marked(mark)

    def noun_TUnary(self, node: T) -> str:
        assert isinstance(node, TUnary)
        if node.op == "not":
            return self.clause(node)
        return self.lang.marked(NEGATE, x=self.noun(node.operand))

    def noun_TBinary(self, node: T) -> str:
        assert isinstance(node, TBinary)
        if node.type == BOOL:
            return self.clause(node)
        if node.type == RANK:
            return self.rank_step(node)
        left, right = self.operand(node.left), self.operand(node.right)
        return self.lang.marked(ARITHMETIC[node.op], left=left, right=right)

    def operand(self, node: T) -> str:
        """An operand of arithmetic; compound ones are bracketed so the grouping stays clear."""
        text = self.noun(node)
        compound = isinstance(node, TIf) or (isinstance(node, TBinary) and node.op in ARITHMETIC)
        return f"({text})" if compound else text

    def rank_step(self, node: TBinary) -> str:
        base = self.noun(node.left)
        step = node.right
        if isinstance(step, TConst) and isinstance(step.value, int):
            up = (step.value >= 0) == (node.op == "+")
            n = abs(step.value)
            return self.steps(up, n, str(n), base)
        return self.steps(node.op == "+", 2, self.noun(step), base)

    def steps(self, up: bool, count: int, n: str, base: str) -> str:
        if up:
            text = self.lang.ngettext(
                "%(n)s rank higher than %(base)s", "%(n)s ranks higher than %(base)s", count
            )
        else:
            text = self.lang.ngettext(
                "%(n)s rank lower than %(base)s", "%(n)s ranks lower than %(base)s", count
            )
        return text % {"n": n, "base": base}

    def noun_TIf(self, node: T) -> str:
        assert isinstance(node, TIf)
        return self.lang.marked(
            IF_ELSE,
            then=self.noun(node.then),
            cond=self.clause(node.cond),
            otherwise=self.noun(node.otherwise),
        )

    def noun_TCall(self, node: T) -> str:
        assert isinstance(node, TCall)
        args = self.lang.join_and([self.noun(a) for a in node.args])
        return self.lang.marked(CALLS[node.func], args=args)

    def noun_TAggregate(self, node: T) -> str:
        assert isinstance(node, TAggregate)
        element_type = (
            "card"
            if node.iterable.type == "cards"
            else "player"
            if node.iterable.type == "players"
            else ""
        )
        previous = self.loop_vars.get(node.var)
        self.loop_vars[node.var] = element_type or node.var
        try:
            items = self.noun(node.iterable)
            if node.cond is not None:
                items = self.lang.marked(ONLY_WHERE, items=items, cond=self.clause(node.cond))
            element = self.clause(node.element) if node.type == BOOL else self.noun(node.element)
        finally:
            if previous is None:
                del self.loop_vars[node.var]
            else:
                self.loop_vars[node.var] = previous
        return self.lang.marked(AGGREGATES[node.func], element=element, items=items)


def card_phrase(lang: Lang, deck: Deck, face: int) -> str:
    """A card as a noun phrase of a rule, with its article where the language has one:
    "the 7 of diamonds (7♦)", "el siete de diamantes (7♦)", "die Karo-7 (7♦)"."""
    return lang.marked(CARD_NAMED, **card_forms(lang, deck, face))


def flatten(node: T, op: str) -> list[T]:
    """The operands of a chain of the same ``and``/``or``."""
    if isinstance(node, TBinary) and node.op == op:
        return flatten(node.left, op) + flatten(node.right, op)
    return [node]


def shared_equality_left(parts: list[T]) -> T | None:
    """The common left side when every part is ``X == …`` with the same ``X``."""
    lefts = [p.left for p in parts if isinstance(p, TBinary) and p.op == "=="]
    if len(lefts) == len(parts) and all(left == lefts[0] for left in lefts):
        return lefts[0]
    return None


def sentence(lang: Lang, deck: Deck, node: T) -> str:
    """A condition as a clause, or an amount in words (never read out as a formula: a sum
    of recognised terms, else worked values; see :mod:`.amounts`)."""
    if node.type != BOOL:
        return amount_words(lang, deck, node)
    return Phraser(lang, deck).clause(node)
