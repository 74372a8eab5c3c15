"""Positions given as text: card lists for ``sevens legal``, conformance cases and rule sheets.

A position is built by playing its table cards through any :class:`Rules`
(a compiled module or the compiler's reference interpreter), so the rule
sheets' worked example and the command line read positions the same way.
"""

from __future__ import annotations

from ..runtime.api import DealState, Rules
from .errors import Diagnostic, SevensError, did_you_mean

#: The seat whose legal moves are asked for; seat 1 holds the table cards before they are laid.
ASKING_SEAT = 0
_TABLE_SEAT = 1


def parse_cards(rules: Rules, text: str, what: str, taken: list[int] | None = None) -> list[int]:
    """Card ids for space- or comma-separated codes (``7D 10H`` or ``7♦``).

    With several packs, a repeated code takes the next copy not already in
    ``taken`` (the cards of other lists of the same position).
    """
    taken = [] if taken is None else taken
    codes = rules.rule_set.card_codes
    lookup: dict[str, list[int]] = {}
    for card, code in enumerate(codes):
        lookup.setdefault(code.upper(), []).append(card)
    symbols = {"♣": "C", "♦": "D", "♥": "H", "♠": "S"}
    cards: list[int] = []
    for token in text.replace(",", " ").split():
        key = token.upper()
        key = key[:-1] + symbols.get(key[-1], key[-1])
        copies = [c for c in lookup.get(key, []) if c not in cards and c not in taken]
        if key not in lookup:
            raise SevensError(
                Diagnostic(
                    f"{what}: '{token}' is not a card of {rules.rule_set.id}{did_you_mean(key, lookup)}"
                )
            )
        if not copies and any(c in taken for c in lookup[key]):
            raise SevensError(Diagnostic(f"cards both on the table and in the hand: {key}"))
        if not copies:
            raise SevensError(
                Diagnostic(f"{what}: '{token}' appears more often than the deck holds it")
            )
        cards.append(copies[0])
    return cards


def build_position(
    rules: Rules, table: list[int], hand: list[int], players: int = 4, reachable: bool = False
) -> DealState:
    """A deal state with ``table`` laid out in the given order and ``hand`` for seat 0.

    With ``reachable`` a table no game can reach is refused (each card must be legal when
    laid, in order); ``sevens legal`` and the conformance cases ask for it."""
    overlap = set(table) & set(hand)
    if overlap:
        names = " ".join(rules.rule_set.card_codes[c] for c in sorted(overlap))
        raise SevensError(Diagnostic(f"cards both on the table and in the hand: {names}"))
    rule_set = rules.rule_set
    dealt = set(rule_set.dealt) - set(rule_set.preplaced_cards)  # holders lay those out
    preplaced = {c for c in range(rule_set.n_cards) if c not in dealt}
    undealt = sorted(set(hand) & preplaced)
    if undealt:
        names = " ".join(rules.rule_set.card_codes[c] for c in undealt)
        raise SevensError(
            Diagnostic(
                f"--hand: {names} cannot be in a hand: laid out before the deal or not in play"
            )
        )
    hands = [0] * players
    hands[ASKING_SEAT] = sum(1 << c for c in hand)
    hands[_TABLE_SEAT] = sum(1 << c for c in table if c not in preplaced)
    st = DealState(players, players - 1, list(hands), rules.rule_set.n_rows)
    rules.setup(st)
    if rule_set.layout.by_holders:
        for card in rule_set.preplaced_cards:
            rules.lay_out(st, card)
    played: list[int] = []
    # With elimination a knocked-out hand goes onto the layout wherever its cards belong.
    laid_out = rules.rule_set.passing.over_limit is not None
    for card in table:
        if card in preplaced:
            continue
        if laid_out and st.opened and not _legal_when_laid(rules, st, card):
            st.hands[_TABLE_SEAT] &= ~(1 << card)
            rules.lay_out(st, card)
        else:
            if reachable:
                _check_reachable(rules, st, card, played)
            rules.play(st, _TABLE_SEAT, card)
        played.append(card)
    return st


def _legal_when_laid(rules: Rules, st: DealState, card: int) -> bool:
    """Whether a table card was legal when laid.  When the play conditions read the hand, the
    hand that laid it is unknown: it counts as legal for a hand of that card alone or for one
    holding every card not seen (on the table or in the asking hand)."""
    if not rules.rule_set.reads_hand:
        return bool(rules.legal(st, _TABLE_SEAT) >> card & 1)
    held, bit = st.hands[_TABLE_SEAT], 1 << card
    unseen = sum(1 << c for c in rules.rule_set.dealt) & ~st.table & ~st.hands[ASKING_SEAT]
    try:
        for hand in (bit, unseen | bit):
            st.hands[_TABLE_SEAT] = hand
            if rules.legal(st, _TABLE_SEAT) & bit:
                return True
        return False
    finally:
        st.hands[_TABLE_SEAT] = held


def _check_reachable(rules: Rules, st: DealState, card: int, played: list[int]) -> None:
    """Refuse a table no game can reach: each card must be legal when it is laid, in order."""
    if _legal_when_laid(rules, st, card):
        return
    codes = rules.rule_set.card_codes
    code = codes[card]
    if not st.opened:
        opening = " or ".join(
            sorted({codes[c] for c in range(rules.rule_set.n_cards) if st.opening_mask >> c & 1})
        )
        why = f"{code} cannot come first: nothing may be played before {opening}"
    elif played:
        before = " ".join(codes[c] for c in played)
        why = f"{code} cannot be laid after {before}: it fits no row then"
    else:  # the first card laid: there is no "after" to name
        why = f"{code} cannot be the first card laid: it fits no row then"
    raise SevensError(
        Diagnostic(
            f"--table: no game reaches this table: {why} (list the table in the order the cards"
            " were played, each card legal when laid)"
        )
    )
