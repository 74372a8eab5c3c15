"""``sevens legal``: the decisions of a position given as text.

The position is built by :mod:`sevens.compiler.position` (a table in any order, refused
when no game reaches it); what the player to move may do is asked of the engine itself:
the rules' legal cards and ``may_pass``, the turn loop's plan of mechanics (draws,
covers, transfers), its follow-up mechanic run on a copy of the position, and the
jokers' own option function.  Nothing here decides a rule again.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.position import ASKING_SEAT, build_position, copy_state, parse_cards
from sevens.runtime.api import DealState, GameError, Rules, bits
from sevens.runtime.contract import DrawStop, Leader, Role, RuleSet, Transfer
from sevens.runtime.engine import Table, may_pass, new_turns
from sevens.runtime.mechanics.draw import UNTIL_ONE_FITS, draw_count
from sevens.runtime.mechanics.jokers import JokerTurns
from sevens.runtime.mechanics.leftovers import LeftoverTurns, leftover_options
from sevens.runtime.mechanics.trumps import TrumpTurns, name_trumps, trump_for
from sevens.runtime.randomness import GameRandom
from sevens.runtime.turns import Turns

#: Players at the table when the command line does not say (clamped to the rule set's range).
DEFAULT_PLAYERS = 4


@dataclass
class Position:
    """A position as the command line gives it: card codes and a few facts about the deal."""

    table: str
    hand: str
    players: int | None = None  # None: DEFAULT_PLAYERS, clamped to the rule set's range
    jokers: int = 0  # jokers the player to move holds
    opening: str | None = None  # the card the dealer named, where the dealer names one
    unable_in_a_row: int = 0  # players just before who could not play (game.unable_in_a_row)
    trump_card: str | None = None  # the last card dealt, where it names trumps
    in_place_of: str | None = None  # the cards in whose place a trump lies (displaced)
    leftovers: str | None = None  # the face-up leftovers still beside the rows (deal.leftovers)


@dataclass
class Decisions:
    """Everything the player to move may or must decide, as card codes.

    ``legal`` and ``can_pass`` are the plain answer; the rest is present only when the
    rule set has the mechanic and it applies in this position."""

    legal: list[str]
    can_pass: bool
    follow_up: dict[str, list[str]] = field(default_factory=dict)  # card → extra cards offered
    follow_up_optional: bool | None = None
    joker: list[str] = field(default_factory=list)  # the cards a joker may stand for
    # the trumps that may be laid in place of another suit's card: {"card", "in_place_of"}
    trump: list[dict[str, str]] = field(default_factory=list)
    # the face-up leftovers that may be laid, one at a time, before playing from the hand
    leftover: list[str] = field(default_factory=list)
    cannot_play: str | None = None  # with no legal card: "draw", "cover" or "pass"
    draw_most: int | None = None  # with "draw": at most this many cards (None: until one fits)
    draw_stop: str | None = None  # with "draw": "first-fit" or "never" (the whole count first)
    cover: list[str] = field(default_factory=list)  # with "cover": the cards that may go face down
    pass_cost: int = 0  # chips a pass costs (a forced pass; the voluntary one when able to play)
    transfer: dict[str, Any] | None = None  # cards that change hands on this pass
    # with passing.voluntary_with_transfer: the forced pass's cards, moved first on a pass by choice
    pass_transfer: dict[str, Any] | None = None
    last_card: dict[str, Any] | None = None  # penalty when a play leaves one card unannounced

    def as_json(self) -> dict[str, Any]:
        """The JSON answer: ``legal`` and ``can_pass`` always, the other keys when they apply."""
        answer: dict[str, Any] = {"legal": self.legal, "can_pass": self.can_pass}
        if self.follow_up:
            answer["follow_up"] = self.follow_up
            answer["follow_up_optional"] = self.follow_up_optional
        if self.joker:
            answer["joker"] = self.joker
        if self.trump:
            answer["trump"] = self.trump
        if self.leftover:
            answer["leftover"] = self.leftover
        if self.cannot_play not in (None, "pass"):  # a plain pass is ``can_pass`` alone
            answer["cannot_play"] = self.cannot_play
        if self.cannot_play == "draw":
            answer["draw_most"] = self.draw_most
            if self.draw_stop == DrawStop.NEVER:
                answer["draw_stop"] = self.draw_stop
        if self.cover:
            answer["cover"] = self.cover
        if self.pass_cost and (self.can_pass or not self.legal):
            answer["pass_cost"] = self.pass_cost
        if self.pass_transfer is not None:
            answer["pass_transfer"] = self.pass_transfer
        if self.transfer is not None:
            answer["transfer"] = self.transfer
        if self.last_card is not None:
            answer["last_card"] = self.last_card
        return answer


def legal_cards(rules: Rules, table_text: str, hand_text: str) -> tuple[list[str], bool]:
    """The codes of the legal plays of the player holding ``hand_text``, and whether they may
    pass (always when nothing is legal; otherwise as the rule set's voluntary passing allows)."""
    decisions = position_decisions(rules, Position(table_text, hand_text))
    return decisions.legal, decisions.can_pass


def position_decisions(rules: Rules, position: Position) -> Decisions:
    """Every decision of the player to move in ``position``; an impossible one is refused."""
    rule_set = rules.rule_set
    players = players_at_table(rule_set, position.players)
    table = parse_cards(rules, position.table, "--table")
    hand = parse_cards(rules, position.hand, "--hand", taken=table)
    opening = _named_opening(rules, position.opening)
    suit, named = _trumps_of(rules, position.trump_card)
    displaced = parse_cards(rules, position.in_place_of or "", "--in-place-of")
    places = _places_with_trumps(rules, table, displaced, suit)
    held = [c for c in hand if c not in displaced]  # a displaced card's place is taken
    st = build_position(rules, places, held, players, reachable=True, opening=opening)
    check_position(rules, st, places, hand, position)
    st.jokers[ASKING_SEAT] = position.jokers
    st.hands[ASKING_SEAT] |= sum(1 << c for c in hand if c in displaced)
    st.trump_suit, st.trump_card = suit, named
    st.trump_spots = sum(1 << c for c in displaced)
    st.unable_in_a_row = position.unable_in_a_row
    _lay_out_leftovers(rules, st, position.leftovers, table + hand)
    turns = new_turns(rules, st, GameRandom(0), _capturing_table(players), None)
    return _decisions(rules, turns, st)


def _lay_out_leftovers(rules: Rules, st: DealState, text: str | None, taken: list[int]) -> None:
    """Put the given face-up leftovers beside the rows (out of the other players' hands);
    refused where the rule set has none, or more than its deal leaves."""
    if not text:
        return
    rule_set = rules.rule_set
    if not rule_set.deal.leftovers:
        raise SevensError(
            Diagnostic(f"--leftovers: {rule_set.id} leaves no cards face up (deal.leftovers)")
        )
    cards = parse_cards(rules, text, "--leftovers", taken=taken)
    most = rule_set.undealt(st.n_players)
    if len(cards) > most:
        _refuse(f"--leftovers: {len(cards)} cards, but the deal leaves {most} face up")
    mask = sum(1 << c for c in cards)
    st.leftovers = mask
    for seat in range(st.n_players):
        if seat != ASKING_SEAT:
            st.hands[seat] &= ~mask


def players_at_table(rule_set: RuleSet, players: int | None) -> int:
    """The number of players: as given (within the rule set's range), else the default."""
    low, high = rule_set.players.min, rule_set.players.max
    if players is None:
        return min(max(DEFAULT_PLAYERS, low), high)
    if not low <= players <= high:
        raise SevensError(
            Diagnostic(
                f"--players: {rule_set.id} is played by {low} to {high} players, not {players}"
            )
        )
    return players


def _named_opening(rules: Rules, code: str | None) -> int | None:
    """The card given with ``--opening``, which must be one the dealer may name."""
    if code is None:
        return None
    card = parse_cards(rules, code, "--opening")
    choices = rules.rule_set.opening_choices
    if len(card) != 1 or not any(mask >> card[0] & 1 for mask in choices):
        names = " ".join(rules.rule_set.card_codes[(m & -m).bit_length() - 1] for m in choices)
        allowed = f"one of {names}" if choices else "none: the rule set has no named opening card"
        raise SevensError(
            Diagnostic(f"--opening: '{code}' is not a card the dealer names ({allowed})")
        )
    return card[0]


def _trumps_of(rules: Rules, code: str | None) -> tuple[int, int]:
    """The trump suit of the position and the card that named it (-1: none): the rule set's
    fixed suit, or that of ``--trump-card`` (the last card dealt), which only a rule set whose
    last card names trumps takes."""
    rule_set = rules.rule_set
    trumps = rule_set.trumps
    if code is not None and (trumps is None or trumps.suit is not None):
        raise SevensError(
            Diagnostic(f"--trump-card: the last card dealt does not name trumps in {rule_set.id}")
        )
    if trumps is None:
        return -1, -1
    card = None if code is None else parse_cards(rules, code, "--trump-card")
    if card is not None and len(card) != 1:
        raise SevensError(Diagnostic(f"--trump-card: give one card, not '{code}'"))
    named = DealState(1, 0, [0], rule_set.n_rows)
    try:
        name_trumps(rule_set, named, None if card is None else card[0])
    except GameError:
        raise SevensError(
            Diagnostic(f"--trump-card: {rule_set.id} needs the last card dealt, which names trumps")
        ) from None
    return named.trump_suit, named.trump_card


def _places_with_trumps(
    rules: Rules, table: list[int], displaced: list[int], suit: int
) -> list[int]:
    """The places the table's cards fill: a trump laid in the place of a ``displaced`` card
    fills that card's place, and that card, once on the table, fills its trump's place."""
    rule_set = rules.rule_set
    codes, swapped = rule_set.card_codes, {}
    for card in displaced:
        if suit < 0 or rule_set.suit_of[card] == suit:
            raise SevensError(
                Diagnostic(f"--in-place-of: no trump can lie in the place of {codes[card]}")
            )
        trump = suit * rule_set.deck.n_ranks + rule_set.rank_of[card]
        if trump not in table:
            raise SevensError(
                Diagnostic(
                    f"--in-place-of: {codes[trump]} is not on the table in {codes[card]}'s place"
                )
            )
        swapped[trump], swapped[card] = card, trump
    return [swapped.get(card, card) for card in table]


# -- positions no game reaches --------------------------------------------------------


def check_position(
    rules: Rules, st: DealState, table: list[int], hand: list[int], position: Position
) -> None:
    """Refuse a position in which the given hand is never to move: a hand without the opening
    card before it is down (where its holder leads), a hand or a deal too big for the pack, a
    player without cards, jokers the rule set does not have."""
    rule_set = rules.rule_set
    codes = rule_set.card_codes
    hand_mask = sum(1 << c for c in hand)
    if (
        not st.opened
        and rule_set.opening.leader is Leader.HOLDER
        and not hand_mask & st.opening_mask
    ):
        opening = " or ".join(sorted({codes[c] for c in bits(st.opening_mask)}))
        _refuse(
            f"--hand: before {opening} is down, only its holder is to move (and must lay it);"
            " this hand does not hold it"
        )
    wild = rule_set.wild
    if position.jokers and (wild is None or position.jokers > wild.jokers):
        most = 0 if wild is None else wild.jokers
        _refuse(f"--jokers: {rule_set.id} has {most} joker(s), not {position.jokers}")
    if not hand and not position.jokers:
        _refuse("--hand: a player without cards is out of the deal and never to move")
    others_jokers = 0 if wild is None else wild.jokers - position.jokers
    _check_sizes(rule_set, table, hand, position.players, others_jokers)


def _check_sizes(
    rule_set: RuleSet, table: list[int], hand: list[int], given: int | None, others_jokers: int
) -> None:
    """The hand and the table must leave the other players still in a card each (or a
    joker), and a hand that can only shrink is no bigger than one dealt (with the fewest
    players the count allows)."""
    players = given if given is not None else rule_set.players.min
    in_play = len(rule_set.dealt)
    on_table = sum(1 for c in table if c in set(rule_set.dealt))
    still_in = players - 1
    if rule_set.end_when.ranks_everyone:
        # those out hold nothing: somebody else still plays, or (all-empty) nobody else may
        still_in = rule_set.end_when.players_left
    elif rule_set.passing.over_limit is not None:
        still_in = 1  # the eliminated hold nothing; somebody else still plays
    needed = max(0, still_in - others_jokers)  # a joker keeps its holder in
    if len(hand) + on_table + needed > in_play:
        _refuse(
            f"--hand and --table: {len(hand)} + {on_table} cards leave fewer than {needed} for"
            f" the other players ({in_play} cards in play)"
        )
    most = _most_dealt(rule_set, players)
    if not _hands_grow(rule_set) and len(hand) > most:
        _refuse(
            f"--hand: {len(hand)} cards, but nobody is dealt more than {most} with {players}"
            " players, and no rule adds cards to a hand"
        )


def _most_dealt(rule_set: RuleSet, players: int) -> int:
    """The most cards one player is dealt."""
    total = len(rule_set.dealt) + (0 if rule_set.wild is None else rule_set.wild.jokers)
    if rule_set.deal.hand_size is not None:
        return min(rule_set.deal.hand_size, total)
    if rule_set.deal.equal_hands:
        return total // players
    return -(-total // players)


def _hands_grow(rule_set: RuleSet) -> bool:
    """Whether a hand can gain cards during the deal: penalty transfers or draws."""
    passing = rule_set.passing
    transfers = (passing.transfer, passing.voluntary_transfer, rule_set.last_card)
    return rule_set.draw is not None or any(t is not None for t in transfers)


def _refuse(message: str) -> None:
    raise SevensError(Diagnostic(f"no game reaches this position: {message}"))


# -- the decisions, asked of the engine ------------------------------------------------


class _Asked(Exception):
    """Raised by the capturing strategy: the engine asked for a decision."""

    def __init__(self, options: int, can_pass: bool) -> None:
        super().__init__()
        self.options, self.can_pass = options, can_pass


def _ask(st: DealState, seat: int, options: int, can_pass: bool, rng: GameRandom) -> int:
    """A strategy that answers no question: it reports what the engine offered."""
    raise _Asked(options, can_pass)


def _capturing_table(players: int) -> Table:
    return Table(players, [_ask] * players, dealer=players - 1, explicit=True)


def _decisions(rules: Rules, turns: Turns, st: DealState) -> Decisions:
    """The decisions of the asking seat, from the rules and the turn loop's mechanics."""
    rule_set, seat = rules.rule_set, ASKING_SEAT
    codes = rule_set.card_codes
    if isinstance(turns, LeftoverTurns):  # the leftovers first, then the hand's own options
        decisions_leftover = [codes[c] for c in bits(leftover_options(rules, st, seat))]
        options = turns.hand_options(st, seat)
    else:
        decisions_leftover = []
        options = turns.options(st, seat)
    legal = options & ((1 << rule_set.n_cards) - 1)
    # a joker or a trump that may be put somewhere is a play too: no forced pass then
    can_pass = not options or may_pass(rule_set, st, seat)
    decisions = Decisions([codes[c] for c in bits(legal)], can_pass)
    decisions.leftover = decisions_leftover
    placed = list(bits(options >> rule_set.n_cards))
    if isinstance(turns, TrumpTurns):
        decisions.trump = [
            {"card": codes[trump_for(rule_set, st, c)], "in_place_of": codes[c]} for c in placed
        ]
    else:
        decisions.joker = [codes[c] for c in placed]
    plan = turns.plan()
    for card in bits(legal & plan.after_play):
        _after_play(rules, turns, st, card, decisions)
    if not legal and not placed:
        _without_a_card(rules, turns, st, decisions)
    elif can_pass:
        decisions.pass_cost = rules.voluntary_pass_cost(st, seat)
        decisions.transfer = _transfer(turns, rule_set.passing.voluntary_transfer, seat)
        if rule_set.passing.voluntary_with_transfer:
            decisions.pass_transfer = _transfer(turns, rule_set.passing.transfer, seat)
    if rule_set.last_card is not None and st.hands[seat].bit_count() == 2:
        decisions.last_card = _transfer(turns, rule_set.last_card, seat)
    return decisions


def _after_play(rules: Rules, turns: Turns, st: DealState, card: int, decisions: Decisions) -> None:
    """The extra cards the follow-up mechanic offers after ``card``, run on a copy."""
    if rules.rule_set.follow_up is None:
        return
    trial = copy_state(st)
    rules.play(trial, ASKING_SEAT, card)
    copy = type(turns)(rules, trial, GameRandom(0), turns.table, None)
    try:
        copy.follow_ups(ASKING_SEAT, card)
    except _Asked as asked:
        codes = rules.rule_set.card_codes
        decisions.follow_up[codes[card]] = [codes[c] for c in bits(asked.options)]
        decisions.follow_up_optional = asked.can_pass


def _without_a_card(rules: Rules, turns: Turns, st: DealState, decisions: Decisions) -> None:
    """A turn without a legal card: a draw, a card laid face down, or a pass (and its cost,
    and the cards it moves), as the turn loop's plan says."""
    seat, plan = ASKING_SEAT, turns.plan()
    draw = rules.rule_set.draw
    # the position has no stock: the count is what the rules say, the stock permitting
    most = draw_count(rules, st, seat) if plan.drawing else 0
    if draw is not None and most and not isinstance(turns, JokerTurns):
        decisions.cannot_play = "draw"
        decisions.draw_most = None if most == UNTIL_ONE_FITS else most
        decisions.draw_stop = str(draw.stop)
    elif plan.covering and st.hands[seat]:
        decisions.cannot_play = "cover"
        decisions.cover = [rules.rule_set.card_codes[c] for c in bits(st.hands[seat])]
        return
    else:
        decisions.cannot_play = "pass"
    decisions.pass_cost = rules.pass_cost(st, seat)
    decisions.transfer = _transfer(turns, plan.transfer, seat)


def _transfer(turns: Turns, rule: Transfer | None, seat: int) -> dict[str, Any] | None:
    """Who gives whom how many cards under ``rule``: seats as the transfer mechanic picks
    them (0 is the player to move), or the role where it depends on hands not known here
    (``most-cards``) or is every other player (``others``)."""
    if rule is None:
        return None
    return {
        "cards": rule.cards,
        "from": _party(turns, rule.source, seat),
        "to": _party(turns, rule.target, seat),
        "which": str(rule.which),
    }


def _party(turns: Turns, role: Role, seat: int) -> object:
    if role in (Role.OTHERS, Role.MOST_CARDS):
        return str(role)
    return turns.who(role, seat)


def describe(decisions: Decisions) -> str:
    """The answer as text: the legal cards (or the pass), then one line per other decision."""
    cards = " ".join(decisions.legal)
    first = cards + (" (or pass)" if cards and decisions.can_pass else "")
    lines = [first or _no_card_line(decisions)]
    if decisions.leftover:
        lines.insert(
            0,
            "before your play, you may lay face-up cards, one at a time: "
            + " ".join(decisions.leftover),
        )
    for card, extra in decisions.follow_up.items():
        how = "may" if decisions.follow_up_optional else "must"
        lines.append(f"after {card}: {how} add one of {' '.join(extra)}")
    if decisions.joker:
        lines.append(f"joker: may stand for {' '.join(decisions.joker)}")
    for trump in decisions.trump:
        lines.append(f"trump: {trump['card']} in place of {trump['in_place_of']}")
    if decisions.pass_cost and decisions.can_pass and decisions.legal:
        lines.append(f"passing costs {decisions.pass_cost}")
    moves = [_moves(t) for t in (decisions.pass_transfer, decisions.transfer) if t is not None]
    if moves:
        lines.append("on passing: " + ", then ".join(moves))
    if decisions.last_card is not None:
        lines.append(
            "after a play that leaves one card: say 'last card', or " + _moves(decisions.last_card)
        )
    return "\n".join(lines)


def _no_card_line(decisions: Decisions) -> str:
    if decisions.cannot_play == "draw":
        if decisions.draw_stop == DrawStop.NEVER:
            return (
                f"(none: draw {decisions.draw_most} from the stock, then play one that fits;"
                " pass when none fits)"
            )
        most = "until one fits" if decisions.draw_most is None else f"up to {decisions.draw_most}"
        return f"(none: draw from the stock, {most}; pass when none fits)"
    if decisions.cannot_play == "cover":
        return f"(none: lay one card face down: {' '.join(decisions.cover)})"
    if decisions.cannot_play is None:  # no card at its own place, but a joker or trump to put
        return "(no card at its own place)" + (" (or pass)" if decisions.can_pass else "")
    cost = f", costs {decisions.pass_cost}" if decisions.pass_cost else ""
    return f"(none: pass{cost})"


#: How the cards that move are chosen, by the transfer's ``which``.
CHOICE_WORDS = {
    "random": "at random",
    "highest-value": "the highest-valued",
    "lowest-value": "the lowest-valued",
    "giver": "the giver's choice",
}


def _moves(transfer: dict[str, Any]) -> str:
    giver, cards = _seat(transfer["from"]), transfer["cards"]
    verb = "give" if giver == "you" else "gives"
    noun = "card" if cards == 1 else "cards"
    choice = CHOICE_WORDS[transfer["which"]]
    return f"{giver} {verb} {cards} {noun} ({choice}) to {_seat(transfer['to'])}"


#: The roles said in words where the seat depends on hands not known here.
ROLE_WORDS = {"others": "each other player", "most-cards": "the player holding most cards"}


def _seat(seat: object) -> str:
    if seat == ASKING_SEAT:
        return "you"
    if isinstance(seat, str):
        return ROLE_WORDS[seat]
    return "nobody" if seat is None else f"seat {seat}"
