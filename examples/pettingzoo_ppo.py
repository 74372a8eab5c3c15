"""Maskable PPO (stable-baselines3's sb3-contrib) learns to beat random bots at Parliament.

    pip install -e '.[rl-examples]'
    python examples/pettingzoo_ppo.py --steps 40000 --evaluate 2000

The PettingZoo environment (``sevens.env``) is turned into a single-agent
gymnasium environment for seat 0: the other three seats play a random legal
action, and decisions with one legal action are taken for seat 0 too (they
teach nothing).  The agent sees the observation vector, picks among the legal
actions only (the environment's action mask), and is rewarded with the chips
it wins or loses at the end of the deal.  After training it plays
``--evaluate`` deals (its most likely action) against random seats; the
printout is its win share with a 95 % Wilson interval, against the 25 % a
random seat wins.
"""

from __future__ import annotations

import argparse
import random
from typing import Any

import gymnasium
import numpy as np
import torch
from sb3_contrib import MaskablePPO

import sevens
from sevens.lab.stats import wilson

RULES = "parliament"
PLAYERS = 4
LEARNER = "player_0"


class AgainstRandomSeats(gymnasium.Env):  # type: ignore[type-arg]
    """Seat 0 of a PettingZoo sevens environment; the other seats play random legal actions."""

    def __init__(self, rules: str = RULES, players: int = PLAYERS, seed: int = 0) -> None:
        self.env = sevens.env(rules, players=players)
        self.observation_space = self.env.observation_space(LEARNER)["observation"]
        self.action_space = self.env.action_space(LEARNER)
        self.rng = random.Random(seed)
        self.seed = seed
        self.deals = 0

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[np.ndarray, dict[str, Any]]:
        """The next deal in which seat 0 has a choice to make (deals without one teach nothing)."""
        super().reset(seed=seed)
        while True:
            observation, done = self.deal()
            if not done:
                return observation, {}

    def deal(self) -> tuple[np.ndarray, bool]:
        """A new deal, played until seat 0 has a choice (False) or to its end (True)."""
        self.env.reset(seed=self.seed + self.deals)
        self.deals += 1
        return self._until_learner_chooses()

    def step(self, action: int) -> tuple[np.ndarray, float, bool, bool, dict[str, Any]]:
        self.env.step(int(action))
        observation, done = self._until_learner_chooses()
        reward = float(self.env._cumulative_rewards[LEARNER]) if done else 0.0
        return observation, reward, done, False, {"won": done and self.won()}

    def action_masks(self) -> np.ndarray:
        """The legal actions of seat 0's pending decision (what MaskablePPO asks for)."""
        return np.asarray(self.env.observe(LEARNER)["action_mask"], dtype=bool)

    def won(self) -> bool:
        """Whether seat 0 won the deal just ended."""
        game = self.env.game
        return game is not None and game.result is not None and game.result.winner == 0

    def _until_learner_chooses(self) -> tuple[np.ndarray, bool]:
        """Play the others' decisions and seat 0's forced ones; stop at a real choice of seat 0
        (returns its observation and False) or at the end of the deal (True)."""
        env = self.env
        while env.game is not None and not env.game.is_over:
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"]
            legal = np.flatnonzero(mask)
            if agent == LEARNER and len(legal) > 1:
                return env.observe(LEARNER)["observation"], False
            env.step(int(legal[0]) if len(legal) == 1 else int(self.rng.choice(list(legal))))
        return env.observe(LEARNER)["observation"], True


def train(steps: int, seed: int) -> MaskablePPO:
    """Train MaskablePPO for ``steps`` of seat 0's real choices."""
    torch.set_num_threads(1)  # a network this small gains nothing from threads, and they contend
    model = MaskablePPO(
        "MlpPolicy",
        AgainstRandomSeats(seed=seed),
        n_steps=1024,
        batch_size=256,
        learning_rate=1e-3,
        gamma=1.0,
        policy_kwargs={"net_arch": [128]},
        seed=seed,
        device="cpu",
        verbose=0,
    )
    model.learn(total_timesteps=steps)
    return model


def evaluate(model: MaskablePPO, deals: int, seed: int) -> tuple[int, int]:
    """Seat 0 plays its most likely legal action for ``deals`` deals; returns (wins, deals)."""
    env = AgainstRandomSeats(seed=seed)
    wins = 0
    for _ in range(deals):
        observation, done = env.deal()  # every deal counts, with a choice for seat 0 or not
        while not done:
            action, _ = model.predict(
                observation, action_masks=env.action_masks(), deterministic=True
            )
            observation, _, done, _, _ = env.step(int(action))
        wins += env.won()
    return wins, deals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--steps", type=int, default=40_000, help="seat 0's training decisions")
    parser.add_argument("--evaluate", type=int, default=2000, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    model = train(args.steps, args.seed)
    wins, deals = evaluate(model, args.evaluate, seed=10**6 + args.seed)
    estimate = wilson(wins, deals, 0.95)
    print(
        f"Maskable PPO in seat 0 against 3 random seats: {wins} wins of {deals} deals, "
        f"{estimate.value:.1%} [{estimate.low:.1%}, {estimate.high:.1%}] (a random seat: 25%)"
    )


if __name__ == "__main__":
    main()
