"""The one turn loop of a deal, and the mechanics plugged into it.

:class:`Turns` combines the mechanic modules of :mod:`sevens.runtime.mechanics`
(passing, transfers, draws, covers, follow-ups, "last card") and runs the loop:
who is to play, their legal options, their choice, the play or the pass.  The two
rules every rule set has are written here once: a forced pass is paid for, and a
full round in which nobody could play blocks the deal.  Jokers
(:mod:`sevens.runtime.mechanics.jokers`) override a few hooks of this class
(:meth:`Turns.options`, :meth:`Turns.play_option`, :meth:`Turns.note`…), the way
python-chess variants override a few methods of one board, and run the same loop.

The hooks a rule set needs are bound once per deal, before the loop; a rule set
without a mechanic that touches the choice (voluntary passes, follow-ups, a
record, asked-for forced decisions) takes the loop's lean branch for its plays,
where the choice among several cards by the random bot is inlined.
"""

from __future__ import annotations

from typing import NamedTuple

from .api import DealState, GameError, Rules
from .choice import PASS, choose_uniformly
from .contract import MatchWinner, Transfer
from .mechanics.base import (
    DECISION_LIMIT_PER_CARD,
    DealResult,
    Recorder,
    Table,
    TurnsBase,
)
from .mechanics.cover import Covering
from .mechanics.draw import Drawing, cards_to_draw
from .mechanics.follow_up import FollowUps
from .mechanics.passing import Passing, may_pass

__all__ = [
    "DECISION_LIMIT_PER_CARD",
    "DealResult",
    "Recorder",
    "Table",
    "Turns",
    "TurnsBase",
    "best_score",
    "may_pass",
    "score_deal",
]

ENDLESS = "the deal did not end after {limit} decisions; the rules may never let it end"

# What a turn without a legal card came to (:meth:`Turns.no_legal_card`), as flags.
PAYS = 0  # a pass: it costs, it counts towards a blocked round
PAYS_AFRESH = 1  # a pass after the hand changed (a draw): the round starts again with it
MOVED_ON = 2  # the player did something else (played a drawn card, covered one, left)
ENDED = 4  # ... and that ended the deal
PASSED_OUT = 8  # ... a pass beyond the limit: the player left the deal (eliminated)
DEAL_OVER = MOVED_ON | ENDED


class _Closed:
    """A gate that never opens: legality is always asked of the options."""

    opened = False


_NEVER_OPENED = _Closed()


class Plan(NamedTuple):
    """What a rule set's mechanics ask of the turn loop, read once (:meth:`Turns.plan`)."""

    drawing: bool  # a player who cannot play draws (how many: cards_to_draw)
    covering: bool  # ... or lays a card face down
    after_play: int  # the cards after whose play something may happen
    transfer: Transfer | None  # cards moved after a forced pass
    fast: bool  # legality is the hand masked by ``st.playable`` once the opening is down
    direct: bool  # an option is carried out by the rules' ``play``
    voluntary: bool  # a player able to play may pass
    limited: bool  # a pass beyond the limit eliminates
    most_passes: int  # the pass limit
    constant_cost: int | None  # the cost of a forced pass when constant (None: ask the rules)
    skip_out: bool  # players out are skipped, the rest ranked when the deal blocks
    limit: int  # decisions after which the deal is endless
    hooks: bool  # a turn without a legal card may be more than a pass (draw, cover, limit)
    choosing: bool  # a play may be more than a card (voluntary passes, after-play effects)
    legal: bool  # the options are the rules' legal cards (no mechanic overrides them)
    # a turn is a play on one row per suit (written out: ``rules.suit_row_tables``) or a
    # forced pass of constant cost, nothing else: :meth:`Turns.run_lean` plays random seats
    lean: bool


#: The plans made so far, by turns class and rules (with the rules, as ids are reused).
_PLANS: dict[tuple[type, int], tuple[Rules, Plan]] = {}
_MOST_PLANS = 64  # then they are made again: a long run that loads rule sets keeps no garbage


class Turns(Passing, Drawing, Covering, FollowUps):
    """The turn loop of one deal, with the declared mechanics of the rules."""

    plan_of_deal: Plan  # bound by :meth:`run` for :meth:`no_legal_card`, off its hot path

    def options(self, st: DealState, seat: int) -> int:
        """The options of ``seat`` as a mask of card ids (the rules' legal cards)."""
        return self.rules.legal(st, seat)

    def legal_is_playable(self) -> bool:
        """Whether, once the opening card is down, the options are the hand masked by
        ``st.playable`` (the Rules contract), so the loop need not call :meth:`options`."""
        return self.rules.legal_is_playable

    def play_option(self, st: DealState, seat: int, option: int) -> None:
        """Carry out a chosen option (the rules' ``play``; the loop calls that directly unless
        a mechanic overrides this)."""
        self.rules.play(st, seat, option)

    def note(self, seat: int, options: int, choice: int) -> None:
        """Record one turn's decision."""
        assert self.recorder is not None
        self.recorder.add(seat, options, choice, "turn")

    def draws(self) -> bool:
        """Whether a player who cannot play draws from the stock."""
        return self.rules.rule_set.draw is not None

    def covers(self) -> bool:
        """Whether a player who cannot play lays a card face down."""
        return self.rules.rule_set.passing.cover

    def pass_transfer_rule(self) -> Transfer | None:
        """The cards moved after a forced pass, if any."""
        return self.rules.rule_set.passing.transfer

    def after_play_mask(self) -> int:
        """The cards after whose play :meth:`after_play` runs."""
        return self.after_play_cards()

    def no_legal_card(self, seat: int) -> int:
        """A turn without a legal card: a draw, a cover, or a pass (asked for with an
        ``explicit`` table, recorded), and beyond the pass limit the player's elimination.
        Returns what it came to (``PAYS``, or flags: ``PAYS_AFRESH``, ``MOVED_ON``…)."""
        came_to = self.instead_of_passing(seat)
        if came_to & MOVED_ON:
            return came_to
        plan = self.plan_of_deal
        if plan.limited and self.st.passes[seat] >= plan.most_passes:  # a pass beyond the limit
            self.st.unable_in_a_row += 1  # the player left because they could not play
            return PASSED_OUT | (DEAL_OVER if self.eliminate(seat) else MOVED_ON)
        return came_to

    def instead_of_passing(self, seat: int) -> int:
        """What a player without a legal card does before passing: draws (a drawn card that
        fits is played), or lays a card face down; a pass is asked for or recorded."""
        st, explicit, strategy = self.st, self.table.explicit, self.table.strategies[seat]
        most = cards_to_draw(self.rules, st, seat) if self.plan_of_deal.drawing else 0
        if most:
            if explicit:  # the caller takes the draw as its decision
                strategy(st, seat, 0, False, self.rng)
            card = self.draw(seat, most)
            if card == PASS:
                return PAYS_AFRESH  # the hand changed: the round proves nothing yet
            self.rules.play(st, seat, card)  # a drawn card that fits must be played
            st.unable_in_a_row = 0  # a card was laid after all
            if self.plan_of_deal.after_play >> card & 1:
                self.extra += self.after_play(seat, card)
            return DEAL_OVER if not st.hands[seat] and self.goes_out(seat) else MOVED_ON
        if self.plan_of_deal.covering and st.hands[seat]:
            # the caller chooses the card to lay face down; bots lay their lowest-valued
            self.cover(seat, strategy(st, seat, 0, False, self.rng) if explicit else PASS)
            st.unable_in_a_row += 1  # a card face down is no card played
            return DEAL_OVER if not st.hands[seat] and self.goes_out(seat) else MOVED_ON
        if explicit:  # the caller acknowledges the forced pass
            strategy(st, seat, 0, False, self.rng)
        if self.recorder is not None:
            self.recorder.add(seat, 0, PASS, "turn")
        return PAYS

    def plan(self) -> Plan:
        """What the rules' mechanics ask of the loop (the same for every deal of the rules)."""
        rules, passing = self.rules, self.rules.rule_set.passing
        pass_limit = passing.limit
        draws, cover, after_play = self.draws(), self.covers(), self.after_play_mask()
        limited = pass_limit is not None and passing.over_limit is not None
        hooks = draws or cover or limited
        choosing = passing.voluntary or after_play != 0
        constant_cost = passing.cost if isinstance(passing.cost, int) else None
        return Plan(
            drawing=draws,
            covering=cover,
            after_play=after_play,
            transfer=self.pass_transfer_rule(),
            fast=self.legal_is_playable(),
            direct=type(self).play_option is Turns.play_option,
            voluntary=passing.voluntary,
            limited=limited,
            most_passes=(1 << 62) if pass_limit is None else pass_limit,  # None: no limit
            # a constant pass cost is read once, not asked of the rules on every pass
            constant_cost=constant_cost,
            skip_out=rules.rule_set.end_when.ranks_everyone or passing.over_limit is not None,
            limit=DECISION_LIMIT_PER_CARD * rules.rule_set.n_cards,
            hooks=hooks,
            choosing=choosing,
            legal=type(self).options is Turns.options,
            # no mechanic's class (their hooks), nothing but plays and plain forced passes
            lean=type(self) is Turns
            and rules.legal_is_playable
            and rules.suit_row_tables is not None
            and not hooks
            and not choosing
            and passing.transfer is None
            and constant_cost is not None,
        )

    def bound_plan(self) -> Plan:
        """:meth:`plan`, made once per rules and turns class rather than once per deal."""
        key = (type(self), id(self.rules))
        made = _PLANS.get(key)
        if made is None or made[0] is not self.rules:  # an id may be reused by new rules
            if len(_PLANS) >= _MOST_PLANS:
                _PLANS.clear()
            made = _PLANS[key] = (self.rules, self.plan())
        return made[1]

    def run(self, seat: int) -> tuple[int, int]:
        """Play turns from ``seat``; returns (decisions, passes).  Sets ``st.winner``.

        A turn with a legal card is a play: the lean branches first (one card; several, for
        random or other bots), then the general one (passing allowed, a record, follow-ups),
        kept in this frame because it is the hot path of the rule sets that need it.  A turn
        without one runs the mechanics' hooks (:meth:`no_legal_card`), then the forced pass,
        paid for, and the blocked round."""
        rules, st, rng, table, recorder = self.rules, self.st, self.rng, self.table, self.recorder
        strategies = table.strategies
        plan = self.bound_plan()
        explicit = table.explicit
        if (
            plan.lean
            and recorder is None
            and not explicit
            and strategies.count(choose_uniformly) == len(strategies)
        ):
            return self.run_lean(seat, plan)
        hands, chips, pass_counts = st.hands, st.chips, st.passes
        following = self.following
        (
            _, _, after_play, transfer, fast, direct, voluntary, _, most_passes, constant_cost,
            skip_out, limit,
            hooks, choosing, legal_options, _,
        ) = plan  # fmt: skip
        asked = explicit or recorder is not None  # forced decisions asked for, or recorded
        # a turn without a legal card is more than a plain pass: no_legal_card
        hooked = hooks or asked
        # the lean branches for plays: nothing but the choice of a card and the card played
        general = choosing or asked
        # every seat random: the choice among several cards is made here, not by a call
        uniform = strategies.count(choose_uniformly) == len(strategies) and not explicit
        if hooked:  # what no_legal_card reads
            self.plan_of_deal = plan
        pass_cost = rules.pass_cost
        options = rules.legal if legal_options else self.options
        # once the opening card is down, ``gate.opened`` says legality is the hand masked by
        # ``st.playable`` (the Rules contract); a gate that never opens asks for the options
        gate = st if fast else _NEVER_OPENED
        play = rules.play if direct else self.play_option
        lean_uniform = uniform and not general
        # 0 for the general branch, so that its every play reaches it without a test here
        one = 0 if general else 1
        draw = rng.draw  # a 32-bit draw: below(n) is draw() * n >> 32
        extra = passes = stuck = 0  # extra: follow-up decisions taken within a turn
        # players in a row unable to play, kept here (off st) on the hot path of plays and
        # written to ``st.unable_in_a_row`` before anything reads it: a draw, a pass, the end
        unable = 0
        for decisions in range(1, limit + 1):
            legal = hands[seat] & st.playable if gate.opened else options(st, seat)
            if legal:
                stuck = unable = 0  # someone can play, so the deal is not blocked
                if not legal & (legal - one):  # one legal card: there is no choice to ask for
                    play(st, seat, legal.bit_length() - 1)
                elif lean_uniform:  # several, every seat random: as choose_uniformly draws it
                    choice = draw() * legal.bit_count() >> 32
                    while choice:
                        legal &= legal - 1
                        choice -= 1
                    play(st, seat, (legal & -legal).bit_length() - 1)
                elif not general:  # several, other bots
                    play(st, seat, strategies[seat](st, seat, legal, False, rng))
                else:  # the general branch: passing allowed, a record, follow-ups
                    # may_pass, inlined: voluntary passing, the opening card down, within the limit
                    can_pass = voluntary and st.opened and pass_counts[seat] < most_passes
                    if uniform and (can_pass or legal & (legal - 1)):  # choose_uniformly, inlined
                        count = legal.bit_count()
                        choice = draw() * (count + 1 if can_pass else count) >> 32
                        if choice == count:  # only when passing is allowed
                            card = PASS
                        else:
                            rest = legal
                            while choice:
                                rest &= rest - 1
                                choice -= 1
                            card = (rest & -rest).bit_length() - 1
                    elif can_pass or legal & (legal - 1) or explicit:
                        card = strategies[seat](st, seat, legal, can_pass, rng)
                    else:  # one legal card and no right to pass: there is no choice to ask for
                        card = legal.bit_length() - 1
                    if recorder is not None:
                        self.note(seat, legal, card)
                    if card == PASS:  # a voluntary pass
                        passes += 1
                        self.voluntary_pass(seat)
                        seat = self.next_seat(seat)
                        continue
                    play(st, seat, card)
                    if after_play >> card & 1:
                        extra += self.after_play(seat, card)
                if not hands[seat] and self.out(seat) and self.goes_out(seat):
                    st.unable_in_a_row = 0
                    return decisions + extra + self.extra, passes
            else:
                if hooked:  # a draw, a cover, a pass limit, a pass asked for or recorded
                    st.unable_in_a_row = unable  # what a draw's count reads
                    came_to = self.no_legal_card(seat)
                    unable = st.unable_in_a_row  # a drawn card played, a cover, a pass out
                    if came_to:  # not just a pass
                        if came_to & PASSED_OUT:  # a pass beyond the limit counts as a pass
                            passes += 1
                        if came_to & ENDED:
                            return decisions + extra + self.extra, passes
                        stuck = 0  # the hand changed, or a player left: the round proves nothing
                        if came_to & MOVED_ON:
                            seat = self.next_seat(seat)
                            continue
                # the forced pass, as every rule set has it: paid for, and a full round of
                # them blocks the deal
                passes += 1
                stuck += 1
                pass_counts[seat] += 1
                st.last_passer = seat
                st.unable_in_a_row = unable  # the players before this one (a cost may read it)
                unable += 1
                cost = pass_cost(st, seat) if constant_cost is None else constant_cost
                if cost:  # pay_pot, inlined: a call here costs Parliament 0.9 % of its instructions
                    chips[seat] -= cost
                    st.pot += cost
                if transfer is not None and self.pass_transfer(transfer, seat):
                    stuck = 0  # the passer got a card that unblocks someone: a new round
                if stuck >= self.active:  # a full round in which nobody could play
                    st.unable_in_a_row = unable
                    if skip_out:
                        self.rank_the_rest()
                    return decisions + extra + self.extra, passes
            seat = following[seat]
            if skip_out:
                while st.places[seat]:
                    seat = following[seat]
        raise GameError(ENDLESS.format(limit=limit))

    def run_lean(self, seat: int, plan: Plan) -> tuple[int, int]:
        """:meth:`run` where the plan is ``lean`` and every seat plays at random, unasked and
        unrecorded: the simulation's hot path for rule sets without mechanics in a turn.

        It takes the same turns and draws the same numbers as :meth:`run`, with the rules'
        ``play`` on rows of one suit written out (:class:`~sevens.runtime.api.SuitRowTables`)
        and the deal's changing numbers kept in local variables, written back to ``st``
        (:meth:`_lean_state`) before anything else reads them: when a player goes out and
        when the deal ends.  A row's state is kept as its memo key (``r << shift | ranks``)."""
        st, following = self.st, self.following
        tables = self.rules.suit_row_tables
        assert tables is not None  # a lean plan has them
        masks, rank_bit, suit_of, shift, build, check_opening = tables
        hands, chips, pass_counts, places = st.hands, st.chips, st.passes, st.places
        row_mask = st.row_mask
        keys = [r << shift | ranks for r, ranks in enumerate(st.row_ranks)]
        playable, opened, opening_mask = st.playable, st.opened, st.opening_mask
        pot, last_passer = st.pot, st.last_passer
        cost, skip_out, active = plan.constant_cost, plan.skip_out, self.active
        held, passed = sum(hands), sum(pass_counts)  # hands hold different cards: sum is union
        draw = self.rng.draw  # a 32-bit draw: below(n) is draw() * n >> 32
        # players in a row unable to play: run's ``stuck`` and ``unable`` at once, as only a
        # play sets them back to 0 here and only a pass adds one to both
        unable = 0
        for decisions in range(1, plan.limit + 1):
            hand = hands[seat]
            # the rules' legal cards (CompiledRules.legal, without compulsory cards)
            legal = hand & playable if opened else hand & opening_mask
            if legal:
                unable = 0
                if legal & (legal - 1):  # several: as choose_uniformly draws it
                    choice = draw() * legal.bit_count() >> 32
                    while choice:
                        legal &= legal - 1
                        choice -= 1
                    legal &= -legal
                # the rules' play (CompiledRules._play_on_suit_rows), written out
                hand ^= legal
                hands[seat] = hand
                card = legal.bit_length() - 1
                if not opened and check_opening and legal & opening_mask:
                    opened = True
                r = suit_of[card]
                key = keys[r] | rank_bit[card]
                keys[r] = key
                mask = masks[key]
                if mask is None:  # a row state not seen yet: built from st's row
                    st.row_ranks[r] = key ^ r << shift
                    mask = masks[key] = build(st, r)
                playable ^= row_mask[r] ^ mask
                row_mask[r] = mask
                if not hand:
                    self._lean_state(keys, held, playable, opened, pot, last_passer)
                    if self.goes_out(seat):
                        st.unable_in_a_row = 0
                        return decisions, sum(pass_counts) - passed
                    active = self.active
            else:  # the forced pass, paid for; a full round of them blocks the deal
                pass_counts[seat] += 1
                last_passer = seat
                unable += 1
                if cost:
                    chips[seat] -= cost
                    pot += cost
                if unable >= active:
                    self._lean_state(keys, held, playable, opened, pot, last_passer)
                    st.unable_in_a_row = unable
                    if skip_out:
                        self.rank_the_rest()
                    return decisions, sum(pass_counts) - passed
            seat = following[seat]
            if skip_out:
                while places[seat]:
                    seat = following[seat]
        raise GameError(ENDLESS.format(limit=plan.limit))

    def _lean_state(
        self, keys: list[int], held: int, playable: int, opened: bool, pot: int, last_passer: int
    ) -> None:
        """Write :meth:`run_lean`'s local state back to ``st``: the rows' ranks from their memo
        keys, and the table: what it held plus the cards that left the hands (``held``: the
        cards in hand before the first turn), as only a play takes a card from a hand."""
        st, tables = self.st, self.rules.suit_row_tables
        assert tables is not None  # a lean plan has them
        low = (1 << tables.shift) - 1
        st.row_ranks[:] = [key & low for key in keys]
        st.table |= held & ~sum(st.hands)
        st.playable, st.opened, st.pot, st.last_passer = playable, opened, pot, last_passer


def score_deal(rules: Rules, st: DealState, decisions: int, passes: int) -> DealResult:
    """Settle the deal and gather its outcome."""
    points = rules.settle(st)
    if rules.rule_set.passing.cover and points:
        lowest = rules.rule_set.session.winner is MatchWinner.LOWEST_POINTS
        st.winner = best_score(points, st.places, lowest)
    cards_left = [hand.bit_count() for hand in st.hands]
    return DealResult(
        st.winner, list(st.chips), points, decisions, passes, st.pot, cards_left, list(st.places)
    )


def best_score(points: list[int], places: list[int], lowest: bool = False) -> int:
    """The winner of a deal with covers: the best score (the most points, or the fewest where
    the session is won on the lowest total: penalty points), on a tie the one who finished
    first.

    Where a player who cannot play lays a card face down, every turn takes a card from a
    hand, so the order in which hands empty follows the seating from the leader and says
    nothing about the play (the leader would win every deal): the face-down cards decide.
    Chips paid to the winner, and ``player.is_winner`` in points, still read who finished
    first: settling comes before the points are known."""
    ranked = [places[s] if places[s] > 0 else len(places) + 1 for s in range(len(points))]
    sign = -1 if lowest else 1
    return max(range(len(points)), key=lambda s: (sign * points[s], -ranked[s], -s))
