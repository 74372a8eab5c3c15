"""The PettingZoo environment passes PettingZoo's own API and seed tests (extra ``sevens[rl]``)."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from pettingzoo.test import api_test, seed_test

import sevens
from sevens.runtime.encoding import observation_size
from tests.conftest import compiled

#: Passes limited (shichi-narabe), a Spanish deck (cinquillo), the classic, voluntary passes,
#: two packs with eight players, follow-up cards (sevens).
VARIANTS = [
    ("parliament", 4),
    ("shichi-narabe", 4),
    ("cinquillo", 4),
    ("voluntary-pass", 4),
    ("double-deck", 8),
    ("sevens", 4),
]


@pytest.mark.parametrize(("variant", "players"), VARIANTS)
def test_pettingzoo_api(variant: str, players: int) -> None:
    api_test(sevens.env(variant, players=players), num_cycles=200)


@pytest.mark.parametrize(("variant", "players"), VARIANTS[:3])
def test_pettingzoo_seed(variant: str, players: int) -> None:
    seed_test(lambda: sevens.env(variant, players=players), num_cycles=200)


def test_masks_are_the_legal_actions_and_rewards_come_at_the_end() -> None:
    rules = compiled("parliament")
    n = rules.rule_set.n_cards
    env = sevens.env("parliament", players=4)
    env.reset(seed=3)
    rng = random.Random(0)
    steps = 0
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        assert observation["observation"].shape == (observation_size(rules.rule_set, 4),)
        legal = [i for i in range(n + 1) if observation["action_mask"][i]]
        pending = env.game.pending
        assert pending is not None and env.possible_agents[pending.seat] == agent
        assert legal == [n if a == -1 else a for a in pending.actions]
        assert reward == 0
        env.step(rng.choice(legal))
        steps += 1
    result = env.game.result
    assert result is not None and steps == len(env.game.record["decisions"])
    assert sum(result.chips) + result.pot_left == 0  # the rewards are the deal's chips


def test_missing_extra_gives_a_clear_message(monkeypatch: pytest.MonkeyPatch) -> None:
    import builtins

    real_import = builtins.__import__

    def no_pettingzoo(name: str, *args: object, **kwargs: object) -> object:
        if name.startswith("sevens.runtime.pettingzoo_env"):
            raise ImportError("No module named 'pettingzoo'")
        return real_import(name, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(builtins, "__import__", no_pettingzoo)
    with pytest.raises(ImportError, match=r"sevens\[rl\]"):
        sevens.env("parliament")
