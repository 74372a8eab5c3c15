"""A worked example computed from the model: which cards are legal in a small position.

The position is built and answered by the reference interpreter
(:class:`compiler.interpret.ReferenceRules`), the same oracle the generated
move generators are tested against, so the example always agrees with the
rulespec, whatever it says.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..analyse import AnalysedRules, reads_hand
from ..errors import SevensError
from ..interpret import ReferenceRules, RowView
from ..model import Rulespec
from ..pipeline import reference_rules
from ..position import ASKING_SEAT, build_position

EXAMPLE_PLAYERS = 4


@dataclass(frozen=True)
class Position:
    """Cards on the table (faces, in play order), the rows they form and the legal faces.

    Where legality reads the hand or a card is compulsory (a 7 that must be played),
    ``otherwise`` holds the faces legal for a hand without any of the ``legal`` cards; it is
    empty where that changes nothing."""

    table: tuple[int, ...]
    legal: tuple[int, ...]
    all_rows: dict[int, list[RowView]]
    otherwise: tuple[int, ...] = ()


def start_rank(spec: Rulespec) -> int:
    """The starting rank of the rows (for 'first-card' layouts, the opening card's or the middle one)."""
    if spec.layout.start_rank is not None:
        return spec.layout.start_rank
    if spec.opening.card is not None:
        return spec.deck.rank_of(spec.opening.card)
    return spec.deck.n_ranks // 2


def example_table(spec: Rulespec) -> tuple[int, ...]:
    """The cards of a small position: the first suit's row three cards long, a second row
    just opened.

    The starting card comes first, so that a 'first-card' layout starts there.
    """
    deck, start = spec.deck, start_rank(spec)
    first = deck.suit_of(spec.opening.card) if spec.opening.card is not None else 0
    second = (first + 1) % len(deck.suits)
    ranks = [r for r in (start, start - 1, start + 1) if 0 <= r < deck.n_ranks]
    cards = [*spec.layout.preplaced, *(deck.face(first, r) for r in ranks)]
    if second != first:
        cards.append(deck.face(second, start))
    return tuple(dict.fromkeys(c for c in cards if c not in deck.removed))


def reachable_table(reference: ReferenceRules, wanted: tuple[int, ...]) -> tuple[int, ...]:
    """As many of the ``wanted`` cards as a game can lay, in an order it can lay them.

    Cards are added while one of them is legal on the table so far (say, the 8 before the 6
    in 'eight before six'); a card that never becomes legal is left out, so the example is
    a position real play reaches."""
    table: list[int] = []
    pending = list(wanted)
    while pending:
        for card in pending:
            try:
                build_position(reference, [*table, card], [], EXAMPLE_PLAYERS, reachable=True)
            except SevensError:
                continue
            table.append(card)
            pending.remove(card)
            break
        else:
            break
    return tuple(table)


def example_position(rules: AnalysedRules) -> Position:
    """The example position (reachable in play) and every card the rules allow in it."""
    spec, reference = rules.spec, reference_rules(rules)
    table = reachable_table(reference, example_table(spec))
    dealt = [c for c in reference.rule_set.dealt if c not in table]
    state = build_position(reference, list(table), dealt, EXAMPLE_PLAYERS)
    legal = reference.legal(state, ASKING_SEAT)
    faces = _faces(reference, legal)
    rows = reference.rows(state)
    otherwise: tuple[int, ...] = ()
    if (reads_hand(rules) or rules.compulsory is not None) and legal:
        # the example's hand holds every card still out; a hand without the cards just
        # named may have other plays (no 7 in hand, no compulsory 7), and the sheet says so
        rest = [c for c in dealt if not legal >> c & 1]
        other = build_position(reference, list(table), rest, EXAMPLE_PLAYERS)
        otherwise = _faces(reference, reference.legal(other, ASKING_SEAT))
    return Position(table, faces, dict(enumerate(rows)), otherwise)


def later_table(spec: Rulespec) -> tuple[int, ...]:
    """The cards of a position further into a deal: the example's first row two cards longer
    upwards and played out downwards to the lowest rank (an own play rule often differs at
    the end of a suit: a row that wraps round, or one an ace closes), its second row grown by
    one at each end, and a third row just opened.  Each row's cards are listed alternately
    below and above its start, then down to the end, so that the end card comes last."""
    deck, start = spec.deck, start_rank(spec)
    first = deck.suit_of(spec.opening.card) if spec.opening.card is not None else 0
    suits = [(first + k) % len(deck.suits) for k in range(3)]
    spans = {suits[0]: 3, suits[1]: 1, suits[2]: 0}
    cards = list(spec.layout.preplaced)
    for suit, span in spans.items():
        ranks = [start, *(r for k in range(1, span + 1) for r in (start - k, start + k))]
        if suit == suits[0]:
            ranks += range(start - span - 1, -1, -1)
        cards += [deck.face(suit, r) for r in ranks if 0 <= r < deck.n_ranks]
    return tuple(dict.fromkeys(c for c in cards if c not in deck.removed))


def later_position(rules: AnalysedRules, first: Position) -> Position | None:
    """A second worked example, further into a deal (reachable in play), for a play rule the
    sheet can only show by examples; None when it lays no more cards than ``first``."""
    spec, reference = rules.spec, reference_rules(rules)
    table = reachable_table(reference, later_table(spec))
    if len(table) <= len(first.table):
        return None
    dealt = [c for c in reference.rule_set.dealt if c not in table]
    state = build_position(reference, list(table), dealt, EXAMPLE_PLAYERS)
    legal = reference.legal(state, ASKING_SEAT)
    return Position(table, _faces(reference, legal), dict(enumerate(reference.rows(state))))


def _faces(reference: ReferenceRules, legal: int) -> tuple[int, ...]:
    """The faces of the cards set in a legal-move bit mask, in face order."""
    n_cards = reference.rule_set.n_cards
    return tuple(sorted({reference.FACE_OF[c] for c in range(n_cards) if legal >> c & 1}))
