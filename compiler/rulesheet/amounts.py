"""Amounts (scores, pass costs, antes, payments) told as players tell them.

An amount expression is normalised (:func:`normalise`) into a sum of
recognised terms — a number of points or chips, so many per card left in
your hand, the point values of your cards, so many per pass you made, the
others' cards, the pot, suits you completed — that may differ between the
players an event picks out (the winner and the others, the first, second,
third player out and the rest, the last player who had to pass, the player
who completed the first suit).  Each term has one phrase per language, and
"you" (the player scored, whose own hand is meant) is kept apart from "each
other player".  Sums over the other players or over everyone of a player's own
terms (their cards, face-down cards, point values) are terms too, and a whole
amount may be multiplied when some player's term is zero ("doubled if a player
laid no card face down": :class:`Multiplier`).

What does not normalise is never read out as a formula: it is shown as a
short table of worked values (:func:`worked_example`), computed by the
reference interpreter on a typical end of a deal.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction
from typing import Any, cast

from babel.numbers import format_decimal

from ...runtime.arith import decimal_text
from ...runtime.contract import EndWhen
from ..analyse import (
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
from ..interpret import CardSet, Evaluator
from ..model import Deck, Rulespec
from .canonical import canon
from .cards import card_short
from .i18n import P_, Lang


def NP_(context: str, singular: str, plural: str) -> tuple[str, str, str]:
    """Mark a message with plural forms and a context for extraction (see ``catalog``)."""
    return context, singular, plural


# -- the normal form ------------------------------------------------------

#: A sum of terms: the thing counted → how many points (or chips) for each.
Linear = dict[str, Fraction]
#: The case of the players no condition names: "every other player".
REST = "rest"
ONE = "one"

#: Amounts the language reads from the player scored, by their canonical text.
LEAVES = {
    "hand.count": "cards",
    "player.hand.count": "cards",
    "hand.value": "values",
    "player.hand.value": "values",
    "player.covered.count": "covered-cards",
    "player.covered.value": "covered-values",
    "player.passes": "passes",
    "player.completed": "completed",
    "game.pot": "pot",
}
#: A player's own terms that a sum over the other players (``others-…``) or over everyone
#: (``all-…``) may count, by the canonical text of the summed element.
PER_PLAYER = {
    "$.hand.count": "cards",
    "$.hand.value": "values",
    "$.covered.count": "covered-cards",
    "$.covered.value": "covered-values",
}
#: The players a sum or a condition runs over, as the prefix of its terms.
SCOPES = {"others": "others-", "players": "all-"}
#: A player's own terms whose being zero a multiplier's condition may ask about.
ZERO_TERMS = {"$.hand.count": "cards", "$.covered.count": "covered-cards", "$.passes": "passes"}
#: Yes/no events that pick out one player at the end of a deal.
EVENTS = {
    "player.is_winner": "winner",
    "player.passed_last": "passed_last",
    "player.completed_first": "completed_first",
}
#: The highest place a sentence names ("the third player out"); beyond it, a worked table.
MAX_PLACE = 3


class Unrecognised(Exception):
    """The expression is not a sum of recognised terms."""


@dataclass(frozen=True)
class Multiplier:
    """A factor on every player's amount when some player of ``scope`` ("others" or
    "players") has a zero ``term`` (a player's own term: "covered-cards", …): 2 when
    a player laid no card face down."""

    factor: Fraction
    scope: str
    term: str


@dataclass(frozen=True)
class Piecewise:
    """An amount per case: ``kind`` says what tells the players apart ("" for nobody,
    "winner", "place", …); ``cases`` maps a case (``True``, a place, or :data:`REST`)
    to its sum of terms; ``multiplier``, if any, multiplies every case."""

    kind: str
    cases: dict[object, Linear]
    multiplier: Multiplier | None = None

    def at(self, case: object) -> Linear:
        """The sum of terms for ``case`` (the rest's where the case is not named)."""
        return self.cases.get(case, self.cases[REST])


@dataclass(frozen=True)
class Picked:
    """A recognised condition: which cases of ``kind`` it holds for (``rest``: whether it
    holds for the cases it does not name)."""

    kind: str
    named: frozenset[object]
    holds: frozenset[object]
    rest: bool


def normalise(node: T) -> Piecewise:
    """``node`` as recognised terms per case; raises :class:`Unrecognised` otherwise."""
    text = canon(node)
    if text in LEAVES:
        return _flat({LEAVES[text]: Fraction(1)})
    summed = _sum_over_players(node)
    if summed is not None:
        return _flat({summed: Fraction(1)})
    if isinstance(node, TConst):
        if isinstance(node.value, bool) or not isinstance(node.value, (int, Fraction)):
            raise Unrecognised(text)
        return _flat({ONE: Fraction(node.value)})
    if isinstance(node, TUnary) and node.op == "-":
        return _map(normalise(node.operand), lambda lin: _scale(lin, Fraction(-1)))
    if isinstance(node, TBinary) and node.op in ("+", "-"):
        sign = Fraction(1 if node.op == "+" else -1)
        return _combine(
            normalise(node.left),
            normalise(node.right),
            lambda a, b: _add(a, _scale(b, sign)),
        )
    if isinstance(node, TBinary) and node.op == "*":
        for amount, factor in ((node.left, node.right), (node.right, node.left)):
            multiplier = _multiplier(factor)
            if multiplier is not None:
                return _multiplied(normalise(amount), multiplier)
        return _product(normalise(node.left), normalise(node.right))
    if isinstance(node, TIf):
        return _choose(picked(node.cond), normalise(node.then), normalise(node.otherwise))
    raise Unrecognised(text)


def _sum_over_players(node: T) -> str | None:
    """The term of ``sum($.<own term> for $ in others|players)`` ("others-covered-values"),
    or ``None``."""
    if not (isinstance(node, TAggregate) and node.func == "sum" and node.cond is None):
        return None
    scope = SCOPES.get(canon(node.iterable))
    own = PER_PLAYER.get(canon(node.element, frozenset({node.var})))
    return scope + own if scope is not None and own is not None else None


def _multiplier(node: T) -> Multiplier | None:
    """``(k if any($.<own term> == 0 for $ in others|players) else 1)`` as a
    :class:`Multiplier` of ``k``, or ``None``."""
    if not (isinstance(node, TIf) and isinstance(node.cond, TAggregate)):
        return None
    factor, one = _plain_number(node.then), _plain_number(node.otherwise)
    cond = node.cond
    if factor is None or one != 1 or factor in (0, 1) or cond.func != "any" or cond.cond:
        return None
    element = cond.element
    if not (
        isinstance(element, TBinary) and element.op == "==" and _plain_number(element.right) == 0
    ):
        return None
    term = ZERO_TERMS.get(canon(element.left, frozenset({cond.var})))
    scope = canon(cond.iterable)
    return Multiplier(factor, scope, term) if term and scope in SCOPES else None


def _plain_number(node: T) -> Fraction | None:
    if isinstance(node, TConst) and isinstance(node.value, (int, Fraction)):
        return None if isinstance(node.value, bool) else Fraction(node.value)
    return None


def _multiplied(amount: Piecewise, multiplier: Multiplier) -> Piecewise:
    if amount.multiplier is not None:
        raise Unrecognised("two multipliers")
    return Piecewise(amount.kind, amount.cases, multiplier)


def picked(node: T) -> Picked:
    """A condition that picks out players by an event or a place."""
    text = canon(node)
    if text in EVENTS:
        return Picked(EVENTS[text], frozenset({True}), frozenset({True}), False)
    if isinstance(node, TUnary) and node.op == "not":
        inner = picked(node.operand)
        return Picked(inner.kind, inner.named, inner.named - inner.holds, not inner.rest)
    if isinstance(node, TBinary) and node.op in ("==", "!="):
        place = _place_const(node.left, node.right) or _place_const(node.right, node.left)
        if place is not None:
            one = frozenset({place})
            return Picked("place", one, one if node.op == "==" else frozenset(), node.op == "!=")
    raise Unrecognised(text)


def _place_const(attr: T, const: T) -> int | None:
    """``k`` where ``attr`` is ``player.place`` and ``const`` a place from 1 to :data:`MAX_PLACE`."""
    if canon(attr) != "player.place" or not isinstance(const, TConst):
        return None
    value = const.value
    ok = isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_PLACE
    return value if ok else None


def everyone_ranked(spec: Rulespec) -> bool:
    """Whether every player holds a place when a deal is scored: where play goes on until
    the players are out, or where a player can be eliminated (then a deal that ends at the
    first player out ranks the others too); otherwise the others stop playing unranked."""
    return spec.end_when.ranks_everyone or spec.passing.over_limit is not None


def highest_place(spec: Rulespec) -> int:
    """The highest place a player can hold when a deal is scored: the last where everyone
    is ranked; otherwise only the first place is ever held (the others have place 0)."""
    return spec.players.max if everyone_ranked(spec) else 1


def within_places(amount: Piecewise, highest: int) -> Piecewise:
    """``amount`` without the cases of places no player can hold (above ``highest``): a
    sentence for "the second player out" where nobody is ever second would tell a rule that
    never applies.  With no place left to name, everyone is scored alike."""
    if amount.kind != "place":
        return amount
    cases = {c: lin for c, lin in amount.cases.items() if c == REST or cast(int, c) <= highest}
    return Piecewise(amount.kind if len(cases) > 1 else "", cases, amount.multiplier)


def _flat(linear: Linear) -> Piecewise:
    return Piecewise("", {REST: linear})


def _map(amount: Piecewise, change: Callable[[Linear], Linear]) -> Piecewise:
    cases = {case: change(lin) for case, lin in amount.cases.items()}
    return Piecewise(amount.kind, cases, amount.multiplier)


def _unscaled(*amounts: Piecewise) -> None:
    """Refuses to combine a multiplied amount with another: the multiplier is read out
    only as the last sentence, about every amount told."""
    if any(a.multiplier is not None for a in amounts):
        raise Unrecognised("a multiplied amount inside a larger one")


def _kind(*kinds: str) -> str:
    named = {k for k in kinds if k}
    if len(named) > 1:
        raise Unrecognised("players told apart in two ways")
    return named.pop() if named else ""


def _combine(a: Piecewise, b: Piecewise, join: Callable[[Linear, Linear], Linear]) -> Piecewise:
    _unscaled(a, b)
    kind = _kind(a.kind, b.kind)
    cases = set(a.cases) | set(b.cases)
    return Piecewise(kind, {case: join(a.at(case), b.at(case)) for case in cases})


def _product(a: Piecewise, b: Piecewise) -> Piecewise:
    """A product where one factor is a plain number in every case."""

    def times(x: Linear, y: Linear) -> Linear:
        if set(x) <= {ONE}:
            return _scale(y, x.get(ONE, Fraction(0)))
        if set(y) <= {ONE}:
            return _scale(x, y.get(ONE, Fraction(0)))
        raise Unrecognised("a product of two counts")

    return _combine(a, b, times)


def _choose(cond: Picked, then: Piecewise, otherwise: Piecewise) -> Piecewise:
    _unscaled(then, otherwise)
    kind = _kind(cond.kind, then.kind, otherwise.kind)
    cases = set(cond.named) | set(then.cases) | set(otherwise.cases) | {REST}
    result = {}
    for case in cases:
        holds = case in cond.holds if case in cond.named else cond.rest
        result[case] = (then if holds else otherwise).at(case)
    return Piecewise(kind, result)


def _add(a: Linear, b: Linear) -> Linear:
    total = dict(a)
    for key, value in b.items():
        total[key] = total.get(key, Fraction(0)) + value
    return {key: value for key, value in total.items() if value}


def _scale(linear: Linear, factor: Fraction) -> Linear:
    return {key: value * factor for key, value in linear.items() if value * factor}


# -- phrases --------------------------------------------------------------

#: Who a case of the amount is about.
WHO = {
    ("", REST): P_("amount: who", "each player"),
    ("winner", True): P_("amount: who", "the winner"),
    ("place", 1): P_("amount: who", "the first player out"),
    ("place", 2): P_("amount: who", "the second player out"),
    ("place", 3): P_("amount: who", "the third player out"),
    ("passed_last", True): P_("amount: who", "the last player who had to pass"),
    ("completed_first", True): P_("amount: who", "the player who completed the first suit"),
}
EVERY_OTHER = P_("amount: who", "every other player")

#: A case as a sentence: gains, losses, both, or nothing.
GAINS = P_("amount: points", "%(who)s scores %(gain)s.")
LOSES = P_("amount: points", "%(who)s loses %(loss)s.")
GAINS_AND_LOSES = P_("amount: points", "%(who)s scores %(gain)s and loses %(loss)s.")
NOTHING = P_("amount: points", "%(who)s scores nothing.")

#: One term of a sum of points: (singular, plural) by the number per thing counted; the
#: player scored is "they" ("their hand"), the others are "the other players".
POINT_TERMS: dict[str, tuple[str, str, str]] = {
    ONE: NP_("amount term", "%(count)s point", "%(count)s points"),
    "cards": NP_(
        "amount term",
        "%(count)s point for each card left in their hand",
        "%(count)s points for each card left in their hand",
    ),
    "values": NP_(
        "amount term",
        "%(count)s time the point values of the cards left in their hand",
        "%(count)s times the point values of the cards left in their hand",
    ),
    "covered-cards": NP_(
        "amount term",
        "%(count)s point for each card they laid face down",
        "%(count)s points for each card they laid face down",
    ),
    "covered-values": NP_(
        "amount term",
        "%(count)s time the point values of the cards they laid face down",
        "%(count)s times the point values of the cards they laid face down",
    ),
    "passes": NP_(
        "amount term",
        "%(count)s point for each time they passed",
        "%(count)s points for each time they passed",
    ),
    "completed": NP_(
        "amount term",
        "%(count)s point for each suit they completed",
        "%(count)s points for each suit they completed",
    ),
    "pot": NP_(
        "amount term",
        "%(count)s point for each chip in the pot",
        "%(count)s points for each chip in the pot",
    ),
    "others-cards": NP_(
        "amount term",
        "%(count)s point for each card left in the other players' hands",
        "%(count)s points for each card left in the other players' hands",
    ),
    "others-values": NP_(
        "amount term",
        "%(count)s time the point values of the cards left in the other players' hands",
        "%(count)s times the point values of the cards left in the other players' hands",
    ),
    "others-covered-cards": NP_(
        "amount term",
        "%(count)s point for each card the other players laid face down",
        "%(count)s points for each card the other players laid face down",
    ),
    "others-covered-values": NP_(
        "amount term",
        "%(count)s time the point values of the cards the other players laid face down",
        "%(count)s times the point values of the cards the other players laid face down",
    ),
    "all-cards": NP_(
        "amount term",
        "%(count)s point for each card left in any player's hand (their own included)",
        "%(count)s points for each card left in any player's hand (their own included)",
    ),
    "all-values": NP_(
        "amount term",
        "%(count)s time the point values of the cards left in all hands (their own included)",
        "%(count)s times the point values of the cards left in all hands (their own included)",
    ),
    "all-covered-cards": NP_(
        "amount term",
        "%(count)s point for each card any player laid face down (their own included)",
        "%(count)s points for each card any player laid face down (their own included)",
    ),
    "all-covered-values": NP_(
        "amount term",
        "%(count)s time the point values of all the cards laid face down (their own included)",
        "%(count)s times the point values of all the cards laid face down (their own included)",
    ),
}
#: The same terms as chips (antes, pass costs, payments to the winner).
CHIP_TERMS: dict[str, tuple[str, str, str]] = {
    ONE: NP_("amount term", "%(count)s chip", "%(count)s chips"),
    "cards": NP_(
        "amount term",
        "%(count)s chip for each card in their hand",
        "%(count)s chips for each card in their hand",
    ),
    "values": NP_(
        "amount term",
        "%(count)s time as many chips as the point values of the cards in their hand",
        "%(count)s times as many chips as the point values of the cards in their hand",
    ),
    "covered-cards": NP_(
        "amount term",
        "%(count)s chip for each card they laid face down",
        "%(count)s chips for each card they laid face down",
    ),
    "covered-values": NP_(
        "amount term",
        "%(count)s time as many chips as the point values of the cards they laid face down",
        "%(count)s times as many chips as the point values of the cards they laid face down",
    ),
    "passes": NP_(
        "amount term",
        "%(count)s chip for each time they have passed in the deal",
        "%(count)s chips for each time they have passed in the deal",
    ),
    "completed": NP_(
        "amount term",
        "%(count)s chip for each suit they completed",
        "%(count)s chips for each suit they completed",
    ),
    "pot": NP_(
        "amount term",
        "%(count)s chip for each chip in the pot",
        "%(count)s chips for each chip in the pot",
    ),
    "others-cards": NP_(
        "amount term",
        "%(count)s chip for each card in the other players' hands",
        "%(count)s chips for each card in the other players' hands",
    ),
    "others-values": NP_(
        "amount term",
        "%(count)s time as many chips as the point values of the cards in the other players' hands",
        "%(count)s times as many chips as the point values of the cards in the other "
        "players' hands",
    ),
}
#: Terms that count the cards' point values, said without a number when counted once.
WHOLE = {
    ("point", "values"): P_("amount term", "the point values of the cards left in their hand"),
    ("point", "covered-values"): P_(
        "amount term", "the point values of the cards they laid face down"
    ),
    ("point", "others-values"): P_(
        "amount term", "the point values of the cards left in the other players' hands"
    ),
    ("point", "others-covered-values"): P_(
        "amount term", "the point values of the cards the other players laid face down"
    ),
    ("point", "all-values"): P_(
        "amount term", "the point values of the cards left in all hands (their own included)"
    ),
    ("point", "all-covered-values"): P_(
        "amount term", "the point values of all the cards laid face down (their own included)"
    ),
    ("chip", "values"): P_(
        "amount term", "as many chips as the point values of the cards in their hand"
    ),
    ("chip", "covered-values"): P_(
        "amount term", "as many chips as the point values of the cards they laid face down"
    ),
    ("chip", "others-values"): P_(
        "amount term",
        "as many chips as the point values of the cards in the other players' hands",
    ),
}
#: The order terms are said in: a fixed number first, then the player's own cards, …
ORDER = (
    ONE,
    "cards",
    "values",
    "covered-cards",
    "covered-values",
    "passes",
    "completed",
    "others-cards",
    "others-values",
    "others-covered-cards",
    "others-covered-values",
    "all-cards",
    "all-values",
    "all-covered-cards",
    "all-covered-values",
    "pot",
)


def _number(lang: Lang, value: Fraction, noun: str) -> tuple[object, int]:
    """A number as the sentence shows it (small ones in words where the language
    spells them out) and the count its plural form follows."""
    if value.denominator == 1:
        n = int(value)
        return lang.count(n, noun), n
    text = format_decimal(
        Decimal(decimal_text(value)), locale=lang.code, decimal_quantization=False
    )
    return text, 2  # a decimal amount: the plural ("1.5 points", "1,5 очка")


def term_phrase(lang: Lang, unit: str, base: str, amount: Fraction) -> str:
    """One term as a noun phrase: "3 points", "one point for each card left in their hand"."""
    context, singular, plural = (POINT_TERMS if unit == "point" else CHIP_TERMS)[base]
    whole = WHOLE.get((unit, base))
    if whole is not None and amount == 1:
        return lang.marked(whole)
    count, n = _number(lang, amount, unit if whole is None else "factor")
    return lang.tr.npgettext(context, singular, plural, n) % {"count": count}


#: A fixed number and the terms that count something, joined.
PLUS = P_("amount term", "%(fixed)s, plus %(counted)s")


def terms_phrase(lang: Lang, unit: str, linear: Linear) -> str:
    """Terms of the same sign as one noun phrase: "5 points, plus one point for each …"."""
    ordered = sorted(linear.items(), key=lambda kv: ORDER.index(kv[0]))
    phrases = [term_phrase(lang, unit, base, value) for base, value in ordered]
    if ONE in linear and len(phrases) > 1:
        return lang.marked(PLUS, fixed=phrases[0], counted=lang.join_and(phrases[1:]))
    return lang.join_and(phrases)


def _who(lang: Lang, kind: str, case: object) -> str:
    mark = WHO.get((kind, case))
    if mark is not None:
        return lang.marked(mark)
    if case == REST:
        return lang.marked(EVERY_OTHER)
    raise Unrecognised(f"{kind} {case}")  # pragma: no cover - every named case has a subject


def case_order(amount: Piecewise) -> list[object]:
    """The cases to tell, the named ones first (the winner; the first, second … out)."""
    named = sorted((c for c in amount.cases if c != REST), key=lambda c: (str(type(c)), c))
    return [*named, REST]


#: A multiplier's condition: some player (or some other player) has none of a term.
ZERO_WHEN = {
    ("players", "covered-cards"): P_("amount: when", "any player laid no card face down"),
    ("others", "covered-cards"): P_("amount: when", "another player laid no card face down"),
    ("players", "cards"): P_("amount: when", "any player has no cards left in hand"),
    ("others", "cards"): P_("amount: when", "another player has no cards left in hand"),
    ("players", "passes"): P_("amount: when", "any player never passed"),
    ("others", "passes"): P_("amount: when", "another player never passed"),
}
#: The multiplier as the sentence after the cases: doubled, tripled, or so many times.
MULTIPLIED = {
    2: P_("amount: points", "All these points are doubled if %(when)s."),
    3: P_("amount: points", "All these points are tripled if %(when)s."),
}
MULTIPLIED_BY = P_("amount: points", "All these points are multiplied by %(factor)s if %(when)s.")


def points_sentences(lang: Lang, node: T, highest: int = MAX_PLACE) -> str | None:
    """The points of a deal as sentences, one per case (places up to ``highest``: see
    :func:`highest_place`), then the multiplier if any, or ``None`` if not recognised."""
    try:
        amount = within_places(normalise(node), highest)
        told = [_capitalised(_points_case(lang, amount, c)) for c in case_order(amount)]
    except Unrecognised:
        return None
    if amount.multiplier is not None:
        told.append(multiplier_sentence(lang, amount.multiplier))
    return " ".join(told)


def multiplier_sentence(lang: Lang, multiplier: Multiplier) -> str:
    """ "All these points are doubled if any player laid no card face down."."""
    when = lang.marked(ZERO_WHEN[multiplier.scope, multiplier.term])
    mark = MULTIPLIED.get(int(multiplier.factor)) if multiplier.factor.denominator == 1 else None
    if mark is not None:
        return lang.marked(mark, when=when)
    factor = _number(lang, multiplier.factor, "factor")[0]
    return lang.marked(MULTIPLIED_BY, factor=factor, when=when)


def _points_case(lang: Lang, amount: Piecewise, case: object) -> str:
    linear = amount.at(case)
    who = _who(lang, amount.kind, case)
    gain = {k: v for k, v in linear.items() if v > 0}
    loss = {k: -v for k, v in linear.items() if v < 0}
    if gain and loss:
        return lang.marked(
            GAINS_AND_LOSES,
            who=who,
            gain=terms_phrase(lang, "point", gain),
            loss=terms_phrase(lang, "point", loss),
        )
    if gain:
        return lang.marked(GAINS, who=who, gain=terms_phrase(lang, "point", gain))
    if loss:
        return lang.marked(LOSES, who=who, loss=terms_phrase(lang, "point", loss))
    return lang.marked(NOTHING, who=who)


def _capitalised(text: str) -> str:
    return text[:1].upper() + text[1:]


def chips_phrase(lang: Lang, node: T) -> str | None:
    """A number of chips that is the same rule for everyone and never negative, as a noun
    phrase ("1 chip and one chip for each card in their hand"), or ``None``."""
    try:
        amount = normalise(node)
    except Unrecognised:
        return None
    linear = {base: value for base, value in amount.at(REST).items() if value}
    if amount.kind or amount.multiplier or not linear or any(v < 0 for v in linear.values()):
        return None
    if any(base not in CHIP_TERMS for base in linear):  # told in points only
        return None
    return terms_phrase(lang, "chip", linear)


def reads(node: T, name: str) -> bool:
    """Whether ``node`` reads the attribute ``name`` anywhere."""
    if isinstance(node, TAttr) and node.name == name:
        return True
    children = [v for v in vars(node).values() if isinstance(v, T)]
    children += [a for v in vars(node).values() if isinstance(v, tuple) for a in v]  # call args
    return any(reads(child, name) for child in children if isinstance(child, T))


def per_pass_points(node: T) -> Linear | None:
    """What each pass adds to a player's points, if the points read ``player.passes``
    as a recognised term the same for everyone: ``{"passes": n}``; else ``None``."""
    try:
        amount = normalise(node)
    except Unrecognised:
        return None
    if amount.multiplier is not None:  # a pass is worth more when the amount is multiplied
        return None
    per_pass = {case: lin.get("passes") for case, lin in amount.cases.items()}
    values = set(per_pass.values())
    if len(values) != 1 or None in values:
        return None
    (value,) = values
    assert value is not None
    return {"passes": value}


# -- worked values --------------------------------------------------------

#: Players at the worked example's table (within the rule set's range).
EXAMPLE_PLAYERS = 4
PLACES = (
    P_("place in a worked example", "1st"),
    P_("place in a worked example", "2nd"),
    P_("place in a worked example", "3rd"),
    P_("place in a worked example", "4th"),
    P_("place in a worked example", "5th"),
    P_("place in a worked example", "6th"),
    P_("place in a worked example", "7th"),
    P_("place in a worked example", "8th"),
)
STILL_PLAYING = P_("place in a worked example", "not out")
HEADINGS = {
    "player": P_("worked example heading", "Player"),
    "place": P_("worked example heading", "Place"),
    "cards": P_("worked example heading", "Cards in hand"),
    "values": P_("worked example heading", "Their point values"),
    "passes": P_("worked example heading", "Passes"),
    "covered": P_("worked example heading", "Cards face down"),
    "covered-values": P_("worked example heading", "Their point values face down"),
    "points": P_("worked example heading", "Points"),
    "chips": P_("worked example heading", "Chips"),
}
#: One row in the inline form of a worked example, as a ``sevens diff`` bullet gives it.
INLINE_ROW = P_("worked example, inline", "%(place)s: %(amount)s")
INLINE = P_("worked example, inline", "for example %(rows)s")


@dataclass(frozen=True)
class Worked:
    """A worked example: column headings and rows of cells, the amount last."""

    headings: list[str]
    rows: list[list[str]]
    players: int


@dataclass(frozen=True)
class ExampleDeal:
    """A typical moment of a deal, as plain data: each seat's cards (faces) in hand and
    face down, place (0: still playing), passes; the winner, the last player who had to
    pass, who completed each suit, and the pot."""

    hands: tuple[tuple[int, ...], ...]
    covered: tuple[tuple[int, ...], ...]
    places: tuple[int, ...]
    passes: tuple[int, ...]
    winner: int | None
    last_passer: int
    completed: tuple[int, ...]
    pot: int


def example_deal(
    deck: Deck,
    players: int,
    all_out: bool,
    cover: bool,
    at_start: bool,
    all_empty: bool = False,
    ranked: bool = False,
) -> ExampleDeal:
    """At the start of a deal (full hands, no passes: antes), or at its end: the winner
    out, the others holding 2, 4, 6 … cards and having passed 1, 2, 3 times; where every
    player goes out, everyone is ranked and only the last holds cards.  Where play goes on
    until every hand is empty (``all_empty``) and cards are laid face down, every hand is
    empty and the players hold 0, 1, 2 … cards face down (the first none: a player who laid
    no card face down).  ``ranked``: the deal ends at the first player out, but the others are
    ranked too, by the fewest cards (where players can be eliminated)."""
    faces = [f for f in range(deck.n_faces) if f not in deck.removed]
    random.Random(7).shuffle(faces)  # a fixed, varied choice of cards: repeatable sheets
    n = players
    emptied = all_empty and cover and not at_start
    if at_start:
        sizes = [len(faces) // n + (1 if s < len(faces) % n else 0) for s in range(n)]
    elif emptied:
        sizes = [0] * n
    elif all_out or all_empty:
        sizes = [0] * (n - 1) + [3]
    else:
        sizes = [0] + [2 * s for s in range(1, n)]
    hands, covered = [], []
    for seat, size in enumerate(sizes):
        hands.append(tuple(faces[:size]))
        faces = faces[size:]
        down = seat if emptied else 1 if cover and size and not at_start else 0
        covered.append(tuple(faces[:down]))
        faces = faces[down:]
    if at_start:
        return ExampleDeal(tuple(hands), tuple(covered), (0,) * n, (0,) * n, None, -1, (), 0)
    passes = tuple(min(seat, 3) for seat in range(n))
    everyone = all_out or all_empty or ranked  # the others hold 2, 4, 6 …: fewest cards first
    places = tuple(range(1, n + 1)) if everyone else (1,) + (0,) * (n - 1)
    return ExampleDeal(tuple(hands), tuple(covered), places, passes, 0, n - 1, (0,), sum(passes))


def evaluate(deck: Deck, deal: ExampleDeal, seat: int, node: T) -> Fraction:
    """``node`` for ``seat`` in ``deal``, by the reference interpreter's evaluator."""
    values = tuple(deck.ranks[deck.rank_of(f)].value for f in range(deck.n_faces))

    def cards(faces: tuple[int, ...]) -> CardSet:
        return CardSet(faces, values)

    held = Counter(f for hand in (*deal.hands, *deal.covered) for f in hand)
    table = tuple(  # every copy of each face in play that nobody holds: all packs count
        f
        for f in range(deck.n_faces)
        if f not in deck.removed
        for _ in range(deck.copies - held[f])
    )
    sizes = [len(hand) for hand in deal.hands]
    attributes: dict[tuple[str, str], Callable[[Any], Any]] = {
        ("card", "rank"): deck.rank_of,
        ("card", "suit"): deck.suit_of,
        ("card", "value"): lambda face: values[face],
        ("cards", "count"): lambda c: c.count,
        ("cards", "value"): lambda c: c.value,
        ("table", "empty"): lambda _: not table,
        ("table", "count"): lambda _: len(table),
        ("table", "cards"): lambda _: cards(table),
        ("game", "players"): lambda _: len(deal.hands),
        ("game", "max_hand"): lambda _: max(sizes),
        ("game", "min_hand"): lambda _: min(sizes),
        ("game", "dealer"): lambda _: 0,
        ("game", "pot"): lambda _: deal.pot,
        # at the start and at the end of a deal (the winner's last card laid) nobody is stuck
        ("game", "unable_in_a_row"): lambda _: 0,
        ("player", "hand"): lambda p: cards(deal.hands[p]),
        ("player", "covered"): lambda p: cards(deal.covered[p]),
        ("player", "completed"): lambda p: deal.completed.count(p),
        ("player", "completed_first"): lambda p: deal.completed[:1] == (p,),
        ("player", "passed_last"): lambda p: deal.last_passer == p,
        ("player", "seat"): lambda p: p,
        ("player", "passes"): lambda p: deal.passes[p],
        ("player", "is_winner"): lambda p: deal.winner == p,
        ("player", "place"): lambda p: deal.places[p],
    }
    everyone = list(range(len(deal.hands)))
    bindings = {
        "player": seat,
        "hand": cards(deal.hands[seat]),
        "players": everyone,
        "others": [p for p in everyone if p != seat],
        "table": None,
        "game": None,
    }
    # the evaluator keeps the rulespec only to hand it to nested evaluators: none is needed
    evaluator = Evaluator(cast("Rulespec", None), bindings, attributes)
    return Fraction(evaluator.eval(node))


def worked_example(
    lang: Lang,
    deck: Deck,
    node: T,
    unit: str,
    deal: ExampleDeal,
) -> Worked:
    """The values of ``node`` for each player of ``deal``, as a table whose columns are
    only the facts the expression reads."""
    at_start = deal.winner is None
    # where every hand is emptied the order of going out decides nothing unless the amount
    # reads it: the players are named A, B, C … as at the start of a deal
    emptied = not any(deal.hands) and not reads(node, "place")
    columns = ["player"] if at_start or emptied else ["place"]
    facts = facts_read(node)
    # an amount that reads the cards' ranks or suits (a pip table of its own) shows the cards
    if ("hand", "cards") in facts:
        columns.append("hand-list")
    elif facts & {("hand", "count"), ("hand", "value")}:
        columns.append("cards")
    if ("hand", "value") in facts:
        columns.append("values")
    if ("covered", "cards") in facts:
        columns.append("covered-list")
    elif ("covered", "count") in facts:
        columns.append("covered")
    if ("covered", "value") in facts:
        columns.append("covered-values")
    if reads(node, "passes"):
        columns.append("passes")
    values = tuple(deck.ranks[deck.rank_of(f)].value for f in range(deck.n_faces))
    rows = []
    for seat in range(len(deal.hands)):
        cells = [_cell(lang, deck, deal, values, seat, column) for column in columns]
        rows.append([*cells, _signed(lang, evaluate(deck, deal, seat, node))])
    last = "points" if unit == "point" else "chips"
    headings = [lang.marked(HEADINGS[LISTED.get(c, c)]) for c in [*columns, last]]
    return Worked(headings, rows, len(deal.hands))


#: Columns that list the cards themselves, under the heading of their count.
LISTED = {"hand-list": "cards", "covered-list": "covered"}
#: A card container a scoring rule reads of a player, by the attribute that names it.
CONTAINERS = {"hand": "hand", "covered": "covered"}


def facts_read(node: T) -> set[tuple[str, str]]:
    """Which facts of the players' cards ``node`` reads: ("hand" or "covered", "count" or
    "value"); a card's value read in a sum over a container is that container's value, and
    the largest or smallest hand is a count of cards in hand."""
    facts: set[tuple[str, str]] = set()
    if isinstance(node, TAttr) and node.name in ("count", "value"):
        container = _container(node.obj)
        if container is not None:
            facts.add((container, node.name))
    if isinstance(node, TAttr) and node.name in ("min_hand", "max_hand"):
        facts.add(("hand", "count"))
    if isinstance(node, TAggregate):
        container = _container(node.iterable)
        if container is not None:
            facts.add((container, "value" if reads(node.element, "value") else "count"))
            if reads(node.element, "rank") or reads(node.element, "suit"):  # a table of its own
                facts.add((container, "cards"))
    for child in _children(node):
        facts |= facts_read(child)
    return facts


def _container(node: T) -> str | None:
    """ "hand" or "covered" where ``node`` is a player's hand or face-down cards."""
    if isinstance(node, TVar) and node.name == "hand":
        return "hand"
    if isinstance(node, TAttr):
        return CONTAINERS.get(node.name)
    return None


def _children(node: T) -> list[T]:
    children = [v for v in vars(node).values() if isinstance(v, T)]
    return children + [a for v in vars(node).values() if isinstance(v, tuple) for a in v]


def rules_deal(rules: AnalysedRules, at_start: bool = False) -> ExampleDeal:
    """The example deal of a rule set: its players, its end of a deal, its face-down cards."""
    spec = rules.spec
    players = max(spec.players.min, min(EXAMPLE_PLAYERS, spec.players.max))
    all_out = spec.end_when is EndWhen.ALL_OUT
    all_empty = spec.end_when is EndWhen.ALL_EMPTY
    ranked = spec.passing.over_limit is not None  # elimination: everyone ranked at the end
    return example_deal(
        spec.deck, players, all_out, spec.passing.cover, at_start, all_empty, ranked
    )


def _cell(
    lang: Lang, deck: Deck, deal: ExampleDeal, values: tuple[int, ...], seat: int, column: str
) -> str:
    if column == "player":  # at the start of a deal nobody has a place yet: A, B, C …
        return chr(ord("A") + seat)
    if column == "place":
        place = deal.places[seat]
        return lang.marked(PLACES[place - 1] if place else STILL_PLAYING)
    if column == "cards":
        return str(len(deal.hands[seat]))
    if column == "values":
        return str(sum(values[f] for f in deal.hands[seat]))
    if column == "covered":
        return str(len(deal.covered[seat]))
    if column == "covered-values":
        return str(sum(values[f] for f in deal.covered[seat]))
    if column in LISTED:
        cards = deal.hands[seat] if column == "hand-list" else deal.covered[seat]
        return " ".join(card_short(lang, deck, f) for f in cards) or "\u2013"
    return str(deal.passes[seat])


def _signed(lang: Lang, value: Fraction) -> str:
    """A worked value with a true minus sign (U+2212) where it is negative."""
    text = (
        str(_number(lang, abs(value), "amount")[0]) if value.denominator != 1 else str(abs(value))
    )
    return f"\u2212{text}" if value < 0 else text


def inline_example(lang: Lang, worked: Worked) -> str:
    """A worked example in one line, for running text: "for example 1st: 3, 2nd: 1, …"."""
    rows = [
        lang.marked(INLINE_ROW, place=row[0], amount=row[-1]) if len(row) > 1 else row[-1]
        for row in worked.rows
    ]
    return lang.marked(INLINE, rows=", ".join(rows))


def worked_context(
    lang: Lang,
    rules: AnalysedRules,
    node: T,
    unit: str,
    at_start: bool = False,
    payers: bool = False,
) -> dict[str, Any]:
    """A worked example as a template shows it: headings, rows and the number of players;
    with ``payers`` only the players who pay the winner (the winner's row left out)."""
    deal = rules_deal(rules, at_start)
    worked = worked_example(lang, rules.spec.deck, node, unit, deal)
    rows = [row for seat, row in enumerate(worked.rows) if not (payers and seat == deal.winner)]
    return {"headings": worked.headings, "rows": rows, "players": worked.players}


def amount_words(lang: Lang, deck: Deck, node: T, deal: ExampleDeal | None = None) -> str:
    """An amount (a ``sevens diff`` bullet): its chips as a noun phrase where it normalises,
    else a worked example in one line, at ``deal`` (the rule set's example end of a deal,
    :func:`rules_deal`) or, without it, at an end of a deal guessed from what it reads."""
    if isinstance(node, TConst) and not isinstance(node.value, bool):  # a plain number
        return str(_number(lang, Fraction(node.value), "amount")[0])
    words = chips_phrase(lang, node)
    if words is not None:
        return words
    if deal is None:
        deal = example_deal(
            deck, EXAMPLE_PLAYERS, reads(node, "place"), reads(node, "covered"), False
        )
    return inline_example(lang, worked_example(lang, deck, node, "point", deal))
