"""The sheet's claim about the cards a pass moves, checked against recorded deals.

For every pass in a record, the moves the engine noted (``transfer``, then each of
``transfers``) must be the ones the sheet tells, in its order: from the seat the claim's
role names, relative to the passer and among the players still holding cards, to the seat
it names, as many cards as it says, and none where the giver would give its last card.
The hands are followed through the record by their sizes alone: cards played, laid face
down, drawn, moved, or laid out when a player is eliminated.
"""

from __future__ import annotations

from typing import Any

from sevens.compiler.rulesheet.claims import Claims, TransferClaim
from sevens.runtime.contract import Direction, Role, RuleSet, Transfer

#: A move as the record notes it: (giver, receiver, cards).
Move = tuple[int, int, int]


def check_transfers(claims: Claims, records: list[dict[str, Any]], rule_set: RuleSet) -> str | None:
    """The first contradiction of the transfer claim in ``records`` (None: none)."""
    claim = claims.transfers
    if claim is None:
        return None
    for record in records:
        problem = _record_problem(claim, rule_set, record)
        if problem is not None:
            return f"seed {record['seed']}, deal {record.get('deal', 1)}: {problem}"
    return None


def _record_problem(claim: TransferClaim, rule_set: RuleSet, record: dict[str, Any]) -> str | None:
    sizes = _dealt_sizes(rule_set, record)
    for at, decision in enumerate(record["decisions"], start=1):
        moves = [_move(note) for note in _notes(decision)]
        if decision["action"] == "pass" and "kind" not in decision:
            told = _told(claim, rule_set, sizes, decision, moves)
            if told != moves:
                return (
                    f"decision {at} (seat {decision['seat']}, a pass): moved {moves or 'nothing'},"
                    f" the sheet says {told or 'nothing'}"
                )
        _follow(sizes, decision, moves)
    return None


def _notes(decision: dict[str, Any]) -> list[dict[str, Any]]:
    """The moves a decision noted, in the order they happened."""
    own = [decision["transfer"]] if "transfer" in decision else []
    return own + list(decision.get("transfers", []))


def _move(note: dict[str, Any]) -> Move:
    return note["from"], note["to"], len(note["cards"])


def _dealt_sizes(rule_set: RuleSet, record: dict[str, Any]) -> list[int]:
    """Each hand's size once play starts (cards their holders lay out are on the table)."""
    laid_out = {rule_set.card_codes[c] for c in rule_set.preplaced_cards}
    by_holders = rule_set.layout.by_holders
    return [
        sum(1 for code in hand if not (by_holders and code in laid_out)) for hand in record["hands"]
    ]


def _told(
    claim: TransferClaim,
    rule_set: RuleSet,
    sizes: list[int],
    decision: dict[str, Any],
    moves: list[Move],
) -> list[Move]:
    """The moves the sheet tells for this pass, given the hand sizes before it.  Where the
    giver is the other player holding most cards and several do, the engine draws one at
    random: the recorded giver (or receiver) stands if it is one of them."""
    passer = decision["seat"]
    rules: list[Transfer] = []
    if decision.get("eliminated"):  # a pass beyond the limit: the hand goes onto the layout
        return []
    if not decision["legal"] and not decision.get("trump"):  # could not play
        rules += [claim.forced] if claim.forced else []
    else:
        rules += [claim.forced] if claim.voluntary_as_forced and claim.forced else []
        rules += [claim.voluntary] if claim.voluntary else []
    sizes, told = list(sizes), list[Move]()
    for rule in rules:
        for givers in _givers(rule, rule_set, sizes, passer):
            recorded = moves[len(told)] if len(told) < len(moves) else (None, None, 0)
            giver = recorded[0] if recorded[0] in givers else givers[0]
            receivers = _seats(rule.target, rule_set, sizes, passer)
            if not receivers:
                continue
            receiver = recorded[1] if recorded[1] in receivers else receivers[0]
            count = min(rule.cards, sizes[giver] - 1)  # never the giver's last card
            if giver == receiver or count <= 0:
                continue
            sizes[giver] -= count
            sizes[receiver] += count
            told.append((giver, receiver, count))
    return told


def _givers(rule: Transfer, rule_set: RuleSet, sizes: list[int], passer: int) -> list[list[int]]:
    """Each giving in turn, as the seats that may give (several only on a tie for most)."""
    if rule.source is Role.OTHERS:
        return [[seat] for seat in _others(sizes, passer)]
    seats = _seats(rule.source, rule_set, sizes, passer)
    return [seats] if seats else []


def _seats(role: Role, rule_set: RuleSet, sizes: list[int], passer: int) -> list[int]:
    """The seats a role may name (several only for the most cards, on a tie; none when
    nobody else is in)."""
    if role is not Role.MOST_CARDS:
        seat = _seat(role, rule_set, sizes, passer)
        return [] if seat is None else [seat]
    others = _others(sizes, passer)
    most = max((sizes[s] for s in others), default=0)
    return [s for s in others if sizes[s] == most]


def _others(sizes: list[int], passer: int) -> list[int]:
    """The other players still holding cards, the passer's left neighbour first."""
    n = len(sizes)
    return [(passer + k) % n for k in range(1, n) if sizes[(passer + k) % n] > 0]


def _seat(role: Role, rule_set: RuleSet, sizes: list[int], passer: int) -> int | None:
    """The seat a role names relative to the passer, among the players still in."""
    if role is Role.SELF:
        return passer
    others = _others(sizes, passer)
    if not others:
        return None
    if role in (Role.NEXT, Role.PREVIOUS):
        clockwise = rule_set.direction is Direction.CLOCKWISE
        role = Role.LEFT if (role is Role.NEXT) == clockwise else Role.RIGHT
    return others[0] if role is Role.LEFT else others[-1]


def _follow(sizes: list[int], decision: dict[str, Any], moves: list[Move]) -> None:
    """Carry a decision out on the hand sizes."""
    seat = decision["seat"]
    if decision.get("kind") == "leftover":  # a face-up card: nobody's hand changes
        return
    sizes[seat] += len(decision.get("drawn", []))
    if decision["action"] in ("play", "trump", "cover", "redeem"):
        sizes[seat] -= 1
    if decision.get("eliminated"):
        sizes[seat] = 0
    for giver, receiver, count in moves:
        sizes[giver] -= count
        sizes[receiver] += count
