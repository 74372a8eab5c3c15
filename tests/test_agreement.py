"""Compiled move generators agree with the reference interpreter.

Hypothesis picks a rule set, a seed, a player count and how far to play; a
random game is played with the generated module and, at every decision up to
that point, the legal plays of *every* seat, the follow-up cards after each
play, and the final scoring are compared with the reference interpreter
evaluating the same position from scratch.
"""

from __future__ import annotations

import copy
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from sevens.runtime.api import DealState
from sevens.runtime.engine import choose_leader, deal_hands, name_opening_card
from sevens.runtime.strategies import PASS, random_strategy
from tests.conftest import BUILTIN_IDS, compiled, reference


def _compare_position(variant: str, state: DealState) -> None:
    gen, ref = compiled(variant), reference(variant)
    for seat in range(state.n_players):
        assert gen.legal(state, seat) == ref.legal(state, seat), (variant, seat)


@settings(max_examples=300, deadline=None)
@given(
    variant=st.sampled_from(BUILTIN_IDS),
    seed=st.integers(0, 2**32),
    players_offset=st.integers(0, 10),
    stop_after=st.integers(1, 200),
)
def test_legal_moves_agree_on_reachable_positions(
    variant: str, seed: int, players_offset: int, stop_after: int
) -> None:
    gen, ref = compiled(variant), reference(variant)
    players = gen.MIN_PLAYERS + players_offset % (gen.MAX_PLAYERS - gen.MIN_PLAYERS + 1)
    rng = random.Random(seed)
    state = DealState(players, 0, deal_hands(gen, players, 0, rng), gen.N_ROWS)
    gen.setup(state)
    name_opening_card(gen, state, rng)
    seat = choose_leader(gen, state, None)
    choose = random_strategy(gen)
    for _ in range(stop_after):
        _compare_position(variant, state)
        legal = gen.legal(state, seat)
        card = choose(state, seat, legal, gen.VOLUNTARY_PASS, rng) if legal else PASS
        if card != PASS:
            gen.play(state, seat, card)
            assert gen.follow_up(state, seat, card) == ref.follow_up(state, seat, card)
            if not state.hands[seat]:
                state.winner = seat
                break
        seat = (seat + 1) % players
    _compare_settlement(variant, state)


def _compare_settlement(variant: str, state: DealState) -> None:
    gen, ref = compiled(variant), reference(variant)
    for seat in range(state.n_players):
        assert gen.pass_cost(state, seat) == ref.pass_cost(state, seat)
        assert gen.voluntary_pass_cost(state, seat) == ref.voluntary_pass_cost(state, seat)
    a, b = copy.deepcopy(state), copy.deepcopy(state)
    assert gen.settle(a) == ref.settle(b)
    assert (a.chips, a.pot) == (b.chips, b.pot)


@settings(max_examples=60, deadline=None)
@given(variant=st.sampled_from(BUILTIN_IDS), seed=st.integers(0, 2**32))
def test_whole_games_agree(variant: str, seed: int) -> None:
    """Same seed, same strategy: identical decision records and results."""
    from sevens.runtime.engine import Table, play_deal

    gen, ref = compiled(variant), reference(variant)
    players = gen.MIN_PLAYERS + seed % (gen.MAX_PLAYERS - gen.MIN_PLAYERS + 1)
    a = play_deal(
        gen,
        Table(
            players,
            [random_strategy(gen)] * players,
            seed % players,
            record=True,
            forget_last_card=0.5,
        ),
        random.Random(seed),
    )
    b = play_deal(
        ref,
        Table(
            players,
            [random_strategy(ref)] * players,
            seed % players,
            record=True,
            forget_last_card=0.5,
        ),
        random.Random(seed),
    )  # type: ignore[arg-type]
    assert a.record == b.record
    assert (a.winner, a.chips, a.points) == (b.winner, b.chips, b.points)
