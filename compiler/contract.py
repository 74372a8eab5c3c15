"""Stage 5b: build the rules contract (:class:`~sevens.runtime.contract.RuleSet`) from the model.

This is the one place where the compiler decides what the runtime reads:
the emitter writes the record into the generated module and the reference
interpreter uses the same record, so the two can never disagree on data
such as which cards are dealt, who leads or how a match is won.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from dataclasses import replace
from fractions import Fraction

from ..runtime.api import DealState
from ..runtime.contract import (
    PER_SEAT,
    Amount,
    ChipRules,
    DeckShape,
    Draw,
    FollowUpRules,
    OpeningRules,
    PassRules,
    PlayerRange,
    RuleSet,
    Session,
    Teams,
)
from .analyse import (
    EVENT_ATTRIBUTES,
    Analysed,
    AnalysedRules,
    T,
    TAttr,
    TConst,
    reads_hand,
)
from .errors import Diagnostic, SevensError
from .interpret import ReferenceRules, card_condition_holds
from .load import Origin
from .model import Rulespec, default_match_winner


def build_rule_set(rules: AnalysedRules) -> RuleSet:
    """The contract record of an analysed rule set."""
    spec = rules.spec
    deck = _deck(spec)
    layout = spec.layout  # the model keeps the layout in the contract's own record
    passing = spec.passing
    rule_set = RuleSet(
        id=spec.id,
        deck=deck,
        layout=layout,
        opening=OpeningRules(
            leader=spec.opening.leader,
            card=spec.opening.card,
            choices=spec.opening.choices,
            leader_card=spec.opening.leader_card,
            leader_card_opens=spec.opening.leader_card_opens,
        ),
        players=PlayerRange(spec.players.min, spec.players.max),
        teams=None if spec.players.team_size is None else Teams(spec.players.team_size),
        session=spec.session or Session(winner=default_match_winner(spec.chips)),
        passing=PassRules(
            cost=amount(rules.pass_cost),
            voluntary=passing.voluntary,
            voluntary_cost=amount(rules.voluntary_pass_cost),
            limit=passing.limit,
            over_limit=passing.over_limit,
            # a penalty for passing by choice is moot where a house rule forbids it
            voluntary_transfer=passing.voluntary_transfer if passing.voluntary else None,
            transfer=passing.transfer,
            cover=passing.cover,
            # off where a house rule dropped passing by choice or the forced pass's transfer
            voluntary_with_transfer=passing.voluntary_with_transfer
            and passing.voluntary
            and passing.transfer is not None,
        ),
        follow_up=_follow_up(rules, deck),
        last_card=spec.last_card,
        end_when=spec.end_when,
        blocked=spec.blocked,
        direction=spec.direction,
        deal=spec.deal,
        draw=_draw(rules),
        wild=spec.wild,
        trumps=spec.trumps,
        chips=_chips(rules),
        points=None if rules.points is None else amount(rules.points),
    )
    order = leader_order(rules, rule_set)
    rule_set = replace(
        rule_set,
        events=reads_events(rules),
        compulsory=compulsory_cards(rules, deck),
        reads_hand=reads_hand(rules),
    )
    return replace(rule_set, opening=replace(rule_set.opening, leader_order=order))


def _draw(rules: AnalysedRules) -> Draw | None:
    """Drawing from the stock: a constant count, ``PER_SEAT`` (the module's ``draw_most``), or
    None (until a card fits), and where the drawing stops."""
    draw = rules.spec.draw
    if draw is None:
        return None
    most = None if rules.draw_most is None else amount(rules.draw_most)
    return Draw(most=most, stop=draw.stop)


def compulsory_cards(rules: AnalysedRules, deck: DeckShape) -> int:
    """Every copy of the cards ``play.compulsory`` holds for (0 without the rule)."""
    if rules.compulsory is None:
        return 0
    mask = 0
    for face in range(deck.n_faces):
        if face not in deck.removed and card_condition_holds(
            rules.spec, rules.compulsory.tree, face
        ):
            mask |= deck.copies_of(face)
    return mask


def reads_events(rules: AnalysedRules) -> bool:
    """Whether any amount reads an event fact (``player.completed`` …), so the engine notes them."""
    trees = [
        a.tree
        for a in (
            rules.pass_cost,
            rules.voluntary_pass_cost,
            rules.ante,
            rules.pay_winner,
            rules.points,
            rules.draw_most,
        )
        if a is not None
    ]
    return any(
        isinstance(node, TAttr) and node.name in EVENT_ATTRIBUTES
        for tree in trees
        for node in _walk(tree)
    )


def _walk(node: object) -> Iterator[object]:
    """Every node of a typed tree."""
    yield node
    if dataclasses.is_dataclass(node):
        for child in dataclasses.fields(node):
            value = getattr(node, child.name)
            if isinstance(value, T):
                yield from _walk(value)
            elif isinstance(value, tuple):
                for item in value:
                    if isinstance(item, T):
                        yield from _walk(item)


def check_opening(rules: AnalysedRules) -> None:
    """The opening card obeys ``play.legal`` like every other card, or the rule set contradicts
    itself: report it where ``opening.card`` is written (an opening card is never exempt)."""
    spec, legal = rules.spec, rules.legal
    faces = (spec.opening.card,) if spec.opening.card is not None else spec.opening.choices
    if not faces:
        return
    reference = ReferenceRules(rules, build_rule_set(rules))
    deck = spec.deck
    for face in faces:
        st = DealState(spec.players.min, 0, [0] * spec.players.min, reference.rule_set.n_rows)
        st.first_face = face  # with a start chosen by the first card, this card chooses it
        reference.setup(st)
        rows = reference.rows(st)[deck.suit_of(face)]
        hands = opening_hands(reference.rule_set, face)
        if any(reference.card_ok(st, legal.tree, face, r, hand=h) for r in rows for h in hands):
            continue
        raise SevensError(_opening_contradiction(rules, face))


def opening_hands(rule_set: RuleSet, face: int) -> tuple[int, ...]:
    """Hands the opening card is tried with when ``play.legal`` reads the hand (the holder's
    is unknown before the deal): that card alone, and every card dealt.  Without hand facts
    the hand is not read and one try is enough."""
    alone = rule_set.deck.copies_of(face)
    if not rule_set.reads_hand:
        return (alone,)
    return alone, sum(1 << card for card in rule_set.dealt) | alone


def _opening_contradiction(rules: AnalysedRules, face: int) -> Diagnostic:
    """Point at whichever of ``opening.card`` and ``play.legal`` the rulespec itself wrote."""
    spec, legal = rules.spec, rules.legal.condition
    card_origin, legal_origin = spec.opening.origin, legal.origin
    code = spec.deck.code(face)
    if legal_origin is not None and (
        card_origin is None or legal_origin.source.path == spec.path != card_origin.source.path
    ):
        where = _where(card_origin)
        return legal.diagnostic(
            f"play.legal does not allow the opening card {code}{where} on the table as it is"
            " before play; the opening card obeys play.legal like every other card:"
            " allow it here or change opening.card",
            0,
        )
    message = (
        f"the opening card {code} is not legal under play.legal{_where(legal_origin)} on the"
        " table as it is before play; the opening card obeys play.legal like every other card:"
        " change opening.card or play.legal"
    )
    return card_origin.diagnostic(message) if card_origin else Diagnostic(message)


def _where(origin: Origin | None) -> str:
    return (
        ""
        if origin is None
        else f" (written at {origin.source.path}:{origin.line}:{origin.column})"
    )


def amount(analysed: Analysed | None) -> Amount:
    """A constant amount, or ``PER_SEAT`` when the expression reads the game."""
    if analysed is None:
        return 0
    if isinstance(analysed.tree, TConst) and not isinstance(analysed.tree.value, Fraction):
        return int(analysed.tree.value)
    return PER_SEAT  # a decimal constant too: the record's amounts are whole numbers


def _deck(spec: Rulespec) -> DeckShape:
    deck = spec.deck
    return DeckShape(
        rank_codes=tuple(r.code for r in deck.ranks),
        suit_codes=tuple(s.code for s in deck.suits),
        rank_values=tuple(r.value for r in deck.ranks),
        copies=deck.copies,
        removed=tuple(sorted(deck.removed)),
    )


def _chips(rules: AnalysedRules) -> ChipRules | None:
    chips = rules.spec.chips
    if chips is None:
        return None
    return ChipRules(pot_to=chips.pot, ante=amount(rules.ante), pay_winner=amount(rules.pay_winner))


def leader_order(rules: AnalysedRules, rule_set: RuleSet) -> tuple[int, ...]:
    """Dealt card ids satisfying ``opening.leader_cards``: lowest rank first, then suit, then copy."""
    if rules.leader_cards is None:
        return ()
    tree, face_of = rules.leader_cards.tree, rule_set.face_of
    chosen = [c for c in rule_set.dealt if card_condition_holds(rules.spec, tree, face_of[c])]
    return tuple(sorted(chosen, key=lambda c: (rule_set.rank_of[c], rule_set.suit_of[c], c)))


def _follow_up(rules: AnalysedRules, deck: DeckShape) -> FollowUpRules | None:
    follow = rules.spec.follow_up
    if follow is None or rules.follow_when is None:
        return None
    return FollowUpRules(
        optional=follow.optional, trigger_cards=trigger_cards(rules, deck), max=follow.max
    )


def trigger_cards(rules: AnalysedRules, deck: DeckShape) -> int:
    """Cards whose play can grant a follow-up: decided here when 'when' reads only the card."""
    when = rules.follow_when
    every = (1 << deck.n_cards) - 1
    if when is None or not when.uses <= {"card", "card.rank", "card.suit", "card.value"}:
        return every
    faces = [f for f in range(deck.n_faces) if card_condition_holds(rules.spec, when.tree, f)]
    mask = 0
    for face in faces:
        mask |= deck.copies_of(face)
    return mask
