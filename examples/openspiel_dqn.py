"""OpenSpiel's DQN (its PyTorch version) learns to beat random bots at Parliament.

    pip install -e '.[rl-examples]'
    python examples/openspiel_dqn.py --train 3000 --evaluate 2000

Seat 0 is a DQN agent; seats 1-3 are OpenSpiel's random agents (a random legal
action).  The agent sees the observation tensor (the shared encoding:
its hand, the layout, the hands' sizes, the passes, the pot) and its legal
actions, and is rewarded with the chips it wins or loses at the end of the
deal.  After training it plays ``--evaluate`` deals greedily against the same
random seats; the printout is its win share with a 95 % Wilson interval, against
the 25 % a random seat wins.
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass

import numpy as np
import torch
from open_spiel.python import rl_environment
from open_spiel.python.algorithms import random_agent
from open_spiel.python.pytorch import dqn

import sevens.envs.openspiel_game  # noqa: F401  (registers python_sevens with pyspiel)
from sevens.lab.stats import wilson

GAME = "python_sevens(rules=parliament,players=4)"
PLAYERS = 4
LEARNER = 0


@dataclass
class Outcome:
    """The learner's wins over the evaluation deals, with the 95 % interval of its share."""

    wins: int
    deals: int

    @property
    def share(self) -> float:
        return self.wins / self.deals

    @property
    def interval(self) -> tuple[float, float]:
        estimate = wilson(self.wins, self.deals, 0.95)
        return estimate.low, estimate.high


def environment(seed: int) -> rl_environment.Environment:
    """The game as an OpenSpiel RL environment that shows the agents the observation tensor."""
    env = rl_environment.Environment(
        GAME, observation_type=rl_environment.ObservationType.OBSERVATION
    )
    env.seed(seed)
    return env


def learner(env: rl_environment.Environment, seed: int, train_deals: int) -> dqn.DQN:
    """A small DQN for seat 0 (one hidden layer), exploring less and less over the training."""
    torch.manual_seed(seed)
    decisions = 15 * train_deals  # about the learner's decisions in that many deals
    return dqn.DQN(
        player_id=LEARNER,
        state_representation_size=env.observation_spec()["info_state"][0],
        num_actions=env.action_spec()["num_actions"],
        hidden_layers_sizes=(128,),
        replay_buffer_capacity=20_000,
        batch_size=64,
        learning_rate=1e-3,
        optimizer_str="adam",
        loss_str="huber",
        update_target_network_every=500,
        learn_every=4,
        min_buffer_size_to_learn=500,
        epsilon_start=0.9,
        epsilon_end=0.02,
        epsilon_decay_duration=max(1, decisions // 2),
        epsilon_decay_schedule_str="linear",
        seed=seed,
    )


def play(
    env: rl_environment.Environment, agents: list, *, training: bool
) -> rl_environment.TimeStep:
    """One deal; the learner learns from it when ``training``.  Returns the last time step."""
    time_step = env.reset()
    while not time_step.last():
        seat = time_step.observations["current_player"]
        output = agents[seat].step(time_step, is_evaluation=seat == LEARNER and not training)
        time_step = env.step([output.action])
    if training:
        agents[LEARNER].step(time_step)  # the final reward reaches the learner's last decision
    return time_step


def train(train_deals: int, seed: int) -> dqn.DQN:
    """Train the learner for ``train_deals`` deals against three random seats."""
    torch.set_num_threads(1)  # a network this small gains nothing from threads, and they contend
    env = environment(seed)
    num_actions = env.action_spec()["num_actions"]
    agents = [learner(env, seed, train_deals)] + [
        random_agent.RandomAgent(player_id=seat, num_actions=num_actions)
        for seat in range(1, PLAYERS)
    ]
    for _ in range(train_deals):
        play(env, agents, training=True)
    return agents[LEARNER]


def evaluate(agent: dqn.DQN, deals: int, seed: int) -> Outcome:
    """The trained agent (greedy) against three random seats for ``deals`` deals."""
    env = environment(seed)
    num_actions = env.action_spec()["num_actions"]
    agents = [agent] + [
        random_agent.RandomAgent(player_id=seat, num_actions=num_actions)
        for seat in range(1, PLAYERS)
    ]
    wins = 0
    for _ in range(deals):
        play(env, agents, training=False)
        state = env.get_state
        result = state.play.result
        wins += result is not None and result.winner == LEARNER
    return Outcome(wins, deals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--train", type=int, default=3000, help="training deals")
    parser.add_argument("--evaluate", type=int, default=2000, help="evaluation deals")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    random.seed(args.seed)
    np.random.seed(args.seed)
    agent = train(args.train, args.seed)
    outcome = evaluate(agent, args.evaluate, args.seed + 1)
    low, high = outcome.interval
    print(
        f"DQN in seat 0 against 3 random seats: {outcome.wins} wins of {outcome.deals} deals, "
        f"{outcome.share:.1%} [{low:.1%}, {high:.1%}] (a random seat: 25%)"
    )


if __name__ == "__main__":
    main()
