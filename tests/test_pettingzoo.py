"""The PettingZoo environment passes PettingZoo's own API and seed tests (extra ``sevens[rl]``)."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

import sevens
from sevens.runtime.encoding import (
    action_count,
    action_index,
    asks_gives,
    cover_base,
    observation_size,
    step_action,
)
from tests.conftest import choices_after_draws, compiled

#: Passes limited (shichi-narabe), a Spanish deck (cinquillo), the classic, voluntary passes,
#: two packs with eight players, follow-up cards (sevens), draws from a stock (elfer-raus,
#: card-domino-stock), escalating draws of several cards at once (escalating-draws), covers
#: (pai-qi), jokers (shichi-narabe-joker).
VARIANTS = [
    ("parliament", 4),
    ("shichi-narabe", 4),
    ("cinquillo", 4),
    ("voluntary-pass", 4),
    ("double-deck", 8),
    ("sevens", 4),
    ("elfer-raus", 4),
    ("card-domino-stock", 5),  # 52 cards to 5 players leave a stock of 2
    ("escalating-draws", 4),
    ("pai-qi", 4),
    ("shichi-narabe-joker", 4),
    ("ristiseiska", 4),  # the giver chooses its penalty card: "give" decisions
    ("trump-fan-tan", 4),  # trumps laid in others' places, displaced cards
]


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_pettingzoo_api(variant: str, players: int) -> None:
    api_test(sevens.env(variant, players=players), num_cycles=200)


@pytest.mark.parametrize(("variant", "players"), [*VARIANTS[:3], *VARIANTS[-4:]])
def test_pettingzoo_seed(variant: str, players: int) -> None:
    seed_test(lambda: sevens.env(variant, players=players), num_cycles=200)


@pytest.mark.parametrize(
    "variant",
    [
        "parliament",
        "elfer-raus",
        "escalating-draws",
        "pai-qi",
        "shichi-narabe-joker",
        "ristiseiska",
    ],
)
def test_masks_are_the_legal_actions_and_rewards_come_at_the_end(variant: str) -> None:
    rules = compiled(variant)
    env = sevens.env(variant, players=4)
    env.reset(seed=3)
    kinds = set()
    rng = random.Random(0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == (observation_size(rules.rule_set, 4),)
        legal = [i for i in range(action_count(rules.rule_set)) if observation["action_mask"][i]]
        pending = env.game.pending
        assert pending is not None and env.possible_agents[pending.seat] == agent
        assert legal == sorted(
            action_index(rules.rule_set, pending.kind, a) for a in pending.actions
        )
        kinds.add(pending.kind)
        if asks_gives(rules.rule_set):  # the observation's last value: a give is pending
            assert observation["observation"][-1] == (pending.kind == "give")
        assert reward == 0
        env.step(rng.choice(legal))
        steps += 1
    result = env.game.result
    decisions = env.game.record["decisions"]
    # a choice among drawn cards is a step of its own within its decision, and a give is a
    # move of the decision before it
    asked = sum(kind != "give" for kind in env.game.kinds)
    assert result is not None and steps == len(env.game.kinds)
    assert asked == len(decisions) + choices_after_draws(decisions)
    if rules.rule_set.chips is not None:
        assert sum(result.chips) + result.pot_left == 0  # the rewards are the deal's chips
    if rules.rule_set.draw is not None:
        assert "draw" in kinds
    if rules.rule_set.passing.cover:
        assert "cover" in kinds
    if rules.rule_set.wild is not None:
        assert "redeem" in kinds  # a joker was played (from its mask index) and redeemed
    if asks_gives(rules.rule_set):
        assert "give" in kinds


def test_cover_and_draw_actions_have_their_own_indexes() -> None:
    covers = compiled("pai-qi").rule_set
    n = covers.n_cards
    assert action_count(covers) == 2 * n + 1 and cover_base(covers) == n + 1
    assert action_index(covers, "cover", 5) == n + 6 and step_action(covers, "cover", n + 6) == 5
    assert step_action(covers, "cover", 5) is None and step_action(covers, "turn", n + 6) is None
    draws = compiled("elfer-raus").rule_set
    n = draws.n_cards
    assert action_count(draws) == n + 2 and action_index(draws, "draw", -2) == n + 1
    assert step_action(draws, "draw", n + 1) == -2 and step_action(draws, "turn", n) == -1


def test_missing_extra_gives_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_pettingzoo(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("sevens.envs.pettingzoo_env"):
            raise ImportError("No module named 'pettingzoo'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pettingzoo)
    with pytest.raises(ImportError, match=r"sevens\[rl\]"):
        sevens.env("parliament")


def _played_out(environment: Any) -> None:
    """Step every agent, first legal action each, until the deal is over and all are done."""
    while environment.agents:
        observation, _, terminated, truncated, _ = environment.last()
        done = terminated or truncated
        environment.step(None if done else int(np.flatnonzero(observation["action_mask"])[0]))


def test_a_step_after_every_agent_is_done_warns_as_pettingzoo_envs_do(
    caplog: pytest.LogCaptureFixture,
) -> None:
    environment = sevens.env("parliament", 4)
    environment.reset(seed=1)
    _played_out(environment)
    environment.step(0)  # no KeyError: a warning, and nothing changes
    assert "step() called after all agents are terminated or truncated" in caplog.text
    assert environment.agents == []


@pytest.mark.parametrize("action", [1.0, True, "3", None])
def test_an_action_that_is_not_an_integer_is_refused(action: Any) -> None:
    environment = sevens.env("parliament", 4)
    environment.reset(seed=1)
    with pytest.raises(ValueError, match="must"):
        environment.step(action)


def test_a_numpy_integer_action_is_taken() -> None:
    environment = sevens.env("parliament", 4)
    environment.reset(seed=1)
    agent = environment.agent_selection
    legal = np.flatnonzero(environment.last()[0]["action_mask"])
    environment.step(np.int64(legal[0]))
    assert environment.agent_selection != agent


@pytest.mark.parametrize("seed", ["x", 1.5, -1])
def test_a_reset_seed_that_is_not_a_whole_number_from_0_is_a_clear_error(seed: Any) -> None:
    environment = sevens.env("parliament", 4)
    with pytest.raises(ValueError, match="seed must be"):
        environment.reset(seed=seed)


def test_a_numpy_integer_seed_resets_as_the_same_int() -> None:
    first, second = sevens.env("parliament", 4), sevens.env("parliament", 4)
    first.reset(seed=np.int64(7))
    second.reset(seed=7)
    assert first.game is not None and second.game is not None
    assert first.game.state is not None and second.game.state is not None
    assert first.game.state.hands == second.game.state.hands
