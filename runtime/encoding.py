"""The observation encoding shared by the PettingZoo and OpenSpiel environments.

A flat vector of floats in [0, 1], for a rule set of ``n`` cards (card ids,
copies of a double deck counted apart) and ``P`` players, seats listed from
the observer round to its right (observer, left neighbour, ...):

======================  ======  ==============================================
slice                   length  meaning
======================  ======  ==============================================
``[0, n)``              n       1 where the card is in the observer's hand
``[n, 2n)``             n       1 where the card lies on the layout
``[2n, 2n+P)``          P       cards held by each seat / n
``[2n+P, 2n+2P)``       P       passes made by each seat / the pass limit
                                (or / n when passes are unlimited), at most 1
``[2n+2P, 2n+3P)``      P       1 when the seat is out (finished or eliminated)
``2n+3P``               1       chips in the pot / n, at most 1
``2n+3P+1``             1       1 when the decision is a follow-up card
======================  ======  ==============================================

Rule sets with a stock add one value, the cards left in the stock / n; rule
sets with covers then add ``n`` values, 1 where the observer laid that card
face down, and ``P`` values, the cards each seat covered / n.  Rule sets with
jokers then add ``n`` values, 1 where a joker lies on the table standing for
that card, one value, the jokers in the observer's hand / the jokers in the
deck, and one value, 1 when the decision is a redeem; there the cards held
by each seat count its jokers too (a joker is held like a card).  Rule sets
with trumps then add ``n`` values, 1 where a trump lies in place of that card
(the card itself, displaced, goes onto the trump row), one value per suit, 1
for the trump suit, and ``n`` values, 1 for the last card dealt where it named
trumps (it may only go onto the trump row).  Rule sets
whose penalty cards are the giver's choice (:func:`asks_gives`) then add one
value, 1 when the decision is a give.  Rule sets whose draw count is an
expression (:func:`counts_unable`, which may read ``game.unable_in_a_row``) then
add one value, the players in a row who could not play / ``P``, at most 1:
the next draw's count depends on it, and it is public.
Rule sets with face-up leftovers (``deal.leftovers``) then add ``n`` values, 1
where the card still lies face up beside the rows (public), and one value, 1 when
the decision is a leftover (lay that card id, or ``n``: lay no more and go on to
the hand).  Rule sets whose rows
are chosen by the order of play (:func:`rows_by_play`: rows that do not
follow suit, or one row at a time) then add, for each row (numbered by the
suit of the card that opens it), one value per rank, 1 where the row holds
that rank, and one value per row, 1 for the newest row (the one the latest
card went to): the table's cards alone do not show which row each lies in.
Rule sets with teams (``players.teams``)
end with ``P`` values, 1 where the seat (listed from the observer as above)
is one of the observer's partners.

Actions are ``0 .. n-1`` (play that card id) and ``n`` (pass); with a stock,
``n+1`` is the draw; with covers, the ``n`` actions after those lay card id
``a - first`` face down (:func:`cover_base` gives ``first``); with jokers, the
``n`` actions after all those put a joker where card id ``a - first`` goes
(:func:`joker_base` gives ``first``); with trumps, those ``n`` actions lay the
trump of card id ``a - first``'s rank in its place.  At a redeem decision the card id is
"play it onto the joker's place and take the joker", ``n`` (pass) declines.
At a give decision the card id is the card given.

The step API's actions (:mod:`sevens.envs.game`) are card ids, ``PASS``
(-1), ``DRAW`` (-2) and, with jokers or trumps, ``n + card`` for a joker or a
trump put in place of card id ``card``;
:func:`action_index` and :func:`step_action` convert.
"""

from __future__ import annotations

from .api import DealState, bits
from .contract import PER_SEAT, MatchWinner, Pick, RuleSet


def asks_gives(rule_set: RuleSet) -> bool:
    """Whether a player may have to choose a card to give (a penalty transfer of
    ``which: giver``): the step API then asks them (a ``"give"`` decision)."""
    passing = rule_set.passing
    rules = (passing.transfer, passing.voluntary_transfer, rule_set.last_card)
    return any(rule is not None and rule.which is Pick.GIVER for rule in rules)


def counts_unable(rule_set: RuleSet) -> bool:
    """Whether a draw's count is an expression of the deal (``passing.draw.most``), which may
    read how many players in a row could not play: the observation then shows it."""
    return rule_set.draw is not None and rule_set.draw.most is PER_SEAT


def rows_by_play(rule_set: RuleSet) -> bool:
    """Whether the row a card goes to depends on the order of play (``layout.rows_follow_suit``
    false, or ``layout.one_row_at_a_time``): the observation then shows the rows."""
    layout = rule_set.layout
    return not layout.rows_follow_suit or layout.one_row_at_a_time


def rows_size(rule_set: RuleSet) -> int:
    """The values showing the rows where the order of play chooses them (else none)."""
    return rule_set.n_rows * (rule_set.deck.n_ranks + 1) if rows_by_play(rule_set) else 0


def observation_size(rule_set: RuleSet, players: int) -> int:
    """Length of the observation vector."""
    stock = 1 if rule_set.draw is not None else 0
    covers = rule_set.n_cards + players if rule_set.passing.cover else 0
    jokers = rule_set.n_cards + 2 if rule_set.wild is not None else 0
    trumps = 2 * rule_set.n_cards + rule_set.deck.n_suits if rule_set.trumps is not None else 0
    gives = 1 if asks_gives(rule_set) else 0
    unable = 1 if counts_unable(rule_set) else 0
    fixed = 2 * rule_set.n_cards + 3 * players + 2
    partners = players if rule_set.teams is not None else 0
    leftovers = rule_set.n_cards + 1 if rule_set.deal.leftovers else 0
    rows = rows_size(rule_set)
    return fixed + stock + covers + jokers + trumps + gives + unable + leftovers + rows + partners


def cover_base(rule_set: RuleSet) -> int:
    """The first cover action (covering card id 0): after the plays, the pass and the draw."""
    return rule_set.n_cards + 1 + (rule_set.draw is not None)


def joker_base(rule_set: RuleSet) -> int:
    """The first joker action (a joker for card id 0): after the plays, the pass, the draw and
    the covers."""
    return cover_base(rule_set) + (rule_set.n_cards if rule_set.passing.cover else 0)


def places_by_option(rule_set: RuleSet) -> bool:
    """Whether a turn may put something where a card goes (a joker, a trump in its place):
    the options ``n + card`` (the jokers are never combined with trumps)."""
    return rule_set.wild is not None or rule_set.trumps is not None


def action_count(rule_set: RuleSet) -> int:
    """The number of distinct actions: plays, the pass, the draw, the covers and the joker or
    trump plays as the rules have them."""
    return joker_base(rule_set) + (rule_set.n_cards if places_by_option(rule_set) else 0)


def action_index(rule_set: RuleSet, kind: str, action: int) -> int:
    """The index of a step-API action (a card id, ``n + card`` for a joker, ``PASS`` = -1 or
    ``DRAW`` = -2) in a decision of ``kind``."""
    n = rule_set.n_cards
    if kind == "cover":
        return cover_base(rule_set) + action
    if action >= n:  # a joker play (the step API's n + card)
        return joker_base(rule_set) + action - n
    if action >= 0:
        return action
    return n if action == -1 else n + 1


def step_action(rule_set: RuleSet, kind: str, index: int) -> int | None:
    """The step-API action of an index in a decision of ``kind``; None when no such action fits it."""
    n, base = rule_set.n_cards, cover_base(rule_set)
    if kind == "cover":
        return index - base if base <= index < joker_base(rule_set) else None
    if 0 <= index < n:
        return index
    if index == n:
        return -1
    first_joker = joker_base(rule_set)
    if kind == "turn" and places_by_option(rule_set) and first_joker <= index < first_joker + n:
        return n + index - first_joker
    return -2 if index == n + 1 and rule_set.draw is not None else None


def encode(
    rule_set: RuleSet,
    st: DealState,
    seat: int,
    follow_up: bool,
    redeem: bool = False,
    give: bool = False,
    leftover: bool = False,
) -> list[float]:
    """The observation of ``seat`` in ``st`` (see the module docstring); ``follow_up``,
    ``redeem``, ``give`` and ``leftover`` say what the pending decision of ``seat`` is."""
    n, players = rule_set.n_cards, st.n_players
    vector = [0.0] * observation_size(rule_set, players)
    for card in bits(st.hands[seat]):
        vector[card] = 1.0
    for card in bits(st.table):
        vector[n + card] = 1.0
    limit = rule_set.passing.limit or n
    base = 2 * n
    for k in range(players):
        other = (seat + k) % players
        vector[base + k] = min((st.hands[other].bit_count() + st.jokers[other]) / n, 1.0)
        vector[base + players + k] = min(st.passes[other] / limit, 1.0)
        vector[base + 2 * players + k] = 1.0 if st.places[other] else 0.0
    vector[base + 3 * players] = min(max(st.pot, 0) / n, 1.0)
    vector[base + 3 * players + 1] = 1.0 if follow_up else 0.0
    extra = base + 3 * players + 2
    if rule_set.draw is not None:
        vector[extra] = len(st.stock) / n
        extra += 1
    if rule_set.passing.cover:
        for card in bits(st.covered[seat]):
            vector[extra + card] = 1.0
        for k in range(players):
            vector[extra + n + k] = st.covered[(seat + k) % players].bit_count() / n
        extra += n + players
    if rule_set.wild is not None:
        _encode_jokers(rule_set.wild.jokers, st, seat, redeem, vector, extra, n)
        extra += n + 2
    if rule_set.trumps is not None:
        _encode_trumps(st, vector, extra, n, rule_set.deck.n_suits)
        extra += 2 * n + rule_set.deck.n_suits
    if asks_gives(rule_set):
        vector[extra] = 1.0 if give else 0.0
        extra += 1
    if counts_unable(rule_set):
        vector[extra] = min(st.unable_in_a_row / players, 1.0)
        extra += 1
    if rule_set.deal.leftovers:
        for card in bits(st.leftovers):
            vector[extra + card] = 1.0
        vector[extra + n] = 1.0 if leftover else 0.0
        extra += n + 1
    if rows_by_play(rule_set):
        _encode_rows(st, vector, extra, rule_set.deck.n_ranks)
        extra += rows_size(rule_set)
    if rule_set.teams is not None:
        partners = rule_set.teams.partners(seat, players)
        for k in range(players):
            vector[extra + k] = 1.0 if (seat + k) % players in partners else 0.0
    return vector


def _encode_jokers(
    jokers: int, st: DealState, seat: int, redeem: bool, vector: list[float], at: int, n: int
) -> None:
    """The joker part (``n`` cards): the table spots jokers lie on, the observer's jokers, a
    redeem."""
    for card in bits(st.joker_spots):
        vector[at + card] = 1.0
    vector[at + n] = min(st.jokers[seat] / jokers, 1.0)
    vector[at + n + 1] = 1.0 if redeem else 0.0


def _encode_rows(st: DealState, vector: list[float], at: int, n_ranks: int) -> None:
    """The rows part: the ranks each row holds, then the newest row."""
    for r, ranks in enumerate(st.row_ranks):
        for rank in bits(ranks):
            vector[at + r * n_ranks + rank] = 1.0
    if st.last_row >= 0:
        vector[at + len(st.row_ranks) * n_ranks + st.last_row] = 1.0


def _encode_trumps(st: DealState, vector: list[float], at: int, n: int, suits: int) -> None:
    """The trump part: where trumps lie in place of other cards, the trump suit, and the card
    that named it (public: the rows show the first, the deal the others)."""
    for card in bits(st.trump_spots):
        vector[at + card] = 1.0
    if st.trump_suit >= 0:
        vector[at + n + st.trump_suit] = 1.0
    if st.trump_card >= 0:
        vector[at + n + suits + st.trump_card] = 1.0


def deal_returns(
    rule_set: RuleSet, chips: list[int], points: list[int], winner: int | None
) -> list[float]:
    """What each seat gets from one deal, by what the rule set's session counts.

    Points when the session is won on points (negated when the lowest total
    wins), else the chips won or lost when the rule set has chips, else 1 for
    the deal's winner and 0 for everyone else (nobody, when it is blocked).
    """
    per_seat = _seat_returns(rule_set, chips, points, winner)
    teams, players = rule_set.teams, len(per_seat)
    if teams is None:
        return per_seat
    return [  # both partners receive their team's result (so zero-sum stays zero-sum)
        sum(per_seat[s] for s in teams.members(teams.team_of(seat, players), players))
        for seat in range(players)
    ]


def _seat_returns(
    rule_set: RuleSet, chips: list[int], points: list[int], winner: int | None
) -> list[float]:
    counted = rule_set.session.winner
    if counted is MatchWinner.HIGHEST_POINTS and points:
        return [float(p) for p in points]
    if counted is MatchWinner.LOWEST_POINTS and points:
        return [-float(p) for p in points]
    if rule_set.chips is not None:
        return [float(c) for c in chips]
    return [1.0 if seat == winner else 0.0 for seat in range(len(chips))]
