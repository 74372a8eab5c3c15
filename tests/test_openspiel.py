"""Rule sets as OpenSpiel games, checked by OpenSpiel's own random-simulation tests.

The few-hundred-game run is ``scripts/openspiel_check.py --sims 300``.
"""

from __future__ import annotations

from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from sevens.envs.openspiel_game import game  # noqa: E402
from tests.conftest import compiled  # noqa: E402

#: The classic, a Spanish deck, passes limited, follow-ups, voluntary passes, a named opening card,
#: draws from a stock (elfer-raus, card-domino-stock), covers (pai-qi), jokers (shichi-narabe-joker).
VARIANTS = [
    "parliament",
    "cinquillo",
    "shichi-narabe",
    "sevens",
    "voluntary-pass",
    "dealer-seven",
    "elfer-raus",
    "card-domino-stock",
    "pai-qi",
    "shichi-narabe-joker",
]


@pytest.mark.parametrize("variant", VARIANTS)
def test_openspiel_random_simulation_checks(variant: str) -> None:
    loaded = pyspiel.load_game(f"python_sevens(rules={variant},players=4)")
    pyspiel.random_sim_test(loaded, num_sims=4, serialize=False, verbose=False)


@pytest.mark.parametrize("variant", VARIANTS)
def test_random_playouts_end_with_the_rule_sets_returns(variant: str) -> None:
    import random

    spiel_game = game(variant, 4)
    rule_set = compiled(variant).rule_set
    rng = random.Random(1)
    taken: set[str] = set()
    for _ in range(20):
        state = spiel_game.new_initial_state()
        chance = 0
        while state.is_chance_node():
            outcomes = state.chance_outcomes()
            assert abs(sum(p for _, p in outcomes) - 1) < 1e-9
            state.apply_action(rng.choice(outcomes)[0])
            chance += 1
        jokers = 0 if rule_set.wild is None else rule_set.wild.jokers
        assert chance == len(rule_set.dealt) + jokers  # one chance node per dealt card and joker
        while not state.is_terminal():
            player = state.current_player()
            legal = state.legal_actions()
            assert legal and all(0 <= a < spiel_game.num_distinct_actions() for a in legal)
            assert len(state.observation_tensor(player)) == spiel_game.observation_tensor_size()
            action = rng.choice(legal)
            taken.add(state.action_to_string(player, action).split()[0])
            state.apply_action(action)
        result = state.play.result
        returns = state.returns()
        if rule_set.chips is not None and rule_set.points is None:
            assert returns == [float(c) for c in result.chips]
        assert all(spiel_game.min_utility() <= r <= spiel_game.max_utility() for r in returns)
    stock = len(rule_set.dealt) > len(spiel_game.seats)  # 52 cards dealt equally to 4 leave none
    assert ("draw" in taken) == (
        rule_set.draw is not None and stock
    )  # the stock is dealt by chance
    assert ("cover" in taken) == rule_set.passing.cover
    assert ("joker" in taken) == (rule_set.wild is not None)


def test_a_clone_continues_like_the_original() -> None:
    import random

    spiel_game = game("parliament", 4)
    state = spiel_game.new_initial_state()
    rng = random.Random(5)
    for _ in range(70):  # the deal and some turns
        actions = (
            [a for a, _ in state.chance_outcomes()]
            if state.is_chance_node()
            else state.legal_actions()
        )
        state.apply_action(rng.choice(actions))
    clone = state.clone()
    assert str(clone) == str(state) and clone.history() == state.history()
    while not state.is_terminal():
        action = state.legal_actions()[-1]
        state.apply_action(action)
        clone.apply_action(action)
        assert str(clone) == str(state)
    assert clone.returns() == state.returns()


def test_information_state_hides_the_other_hands() -> None:
    spiel_game = game("parliament", 4)
    state = spiel_game.new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    mine = state.information_state_string(0)
    theirs = state.information_state_string(1)
    assert mine != theirs
    hand_of_1 = state.play.state.hands[1]
    codes = compiled("parliament").rule_set.card_codes
    assert all(codes[c] not in mine.split("|")[0].split() for c in range(52) if hand_of_1 >> c & 1)


def _dealt_state(variant: str = "parliament") -> Any:
    state = game(variant, 4).new_initial_state()
    while state.is_chance_node():
        state.apply_action(state.chance_outcomes()[0][0])
    return state


@pytest.mark.parametrize("outcome", [9999, 52])
def test_a_chance_outcome_off_the_deck_is_refused_as_a_spiel_error(outcome: int) -> None:
    state = game("parliament", 4).new_initial_state()
    with pytest.raises(pyspiel.SpielError, match=f"chance outcome {outcome} is not a card left"):
        state.apply_action(outcome)


def test_a_card_dealt_twice_is_refused_as_a_spiel_error() -> None:
    state = game("parliament", 4).new_initial_state()
    state.apply_action(3)
    with pytest.raises(pyspiel.SpielError, match="chance outcome 3 is not a card left"):
        state.apply_action(3)
    assert len(state.chance_outcomes()) == 51  # the refused card was not dealt again


def test_an_illegal_player_action_is_refused_as_a_spiel_error() -> None:
    state = _dealt_state()
    illegal = [
        a for a in range(state.get_game().num_distinct_actions()) if a not in state.legal_actions()
    ]
    for action in (illegal[0], 9999):
        with pytest.raises(pyspiel.SpielError, match="not legal now"):
            state.apply_action(action)
