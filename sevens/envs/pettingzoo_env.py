"""A PettingZoo AEC environment for any rule set (``sevens.env``; extra ``sevens[rl]``).

Agents are ``player_0`` .. ``player_{P-1}`` (seat numbers).  Each agent's
observation is ``{"observation": float32 vector, "action_mask": int8 vector}``:
the vector is :mod:`sevens.runtime.encoding`'s, the mask marks the legal
actions (``0 .. n-1`` play that card id, ``n`` pass, then the draw, one
cover action per card and one joker action per card where the rules have
them).  Every decision is an agent's turn, forced passes, draws, covers and
redeems of a joker included.  Rewards come at the end of the deal:
:func:`~sevens.runtime.encoding.deal_returns` (chips, points or a win).
"""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env_logger import EnvLogger

from sevens.runtime.api import Rules
from sevens.runtime.encoding import (
    action_count,
    action_index,
    deal_returns,
    encode,
    observation_size,
    step_action,
)

from .game import Game, IllegalAction, load_game_rules


class SevensEnv(AECEnv):
    """One deal of a Sevens-family rule set per episode."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "sevens_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str | Path = "parliament",
        players: int = 4,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = load_game_rules(rules)
        self.players = players
        self.render_mode = render_mode
        n = action_count(self.rules.rule_set)
        self.possible_agents = [f"player_{seat}" for seat in range(players)]
        size = observation_size(self.rules.rule_set, players)
        self.observation_spaces = {
            agent: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (n,), dtype=np.int8),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces = {agent: spaces.Discrete(n) for agent in self.possible_agents}
        self._seeds = random.Random()
        self.game: Game | None = None

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new deal; ``seed`` makes the sequence of deals reproducible."""
        if seed is not None:
            seed = _whole_number(seed, "seed", ValueError)
            if seed < 0:  # gymnasium's spaces refuse it half-way through the reset
                raise ValueError(f"seed must be a whole number from 0, not {seed}")
            self._seeds = random.Random(seed)
            for number, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + number)
        self.game = Game(self.rules, self.players, self._seeds.randrange(2**31))
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self._select()

    def observe(self, agent: str) -> dict[str, Any]:
        game = self._game()
        seat = self.possible_agents.index(agent)
        pending = game.pending
        mine = pending is not None and pending.seat == seat
        kind = pending.kind if pending is not None and mine else None
        assert game.state is not None
        vector = encode(
            self.rules.rule_set,
            game.state,
            seat,
            kind == "follow-up",
            kind == "redeem",
            kind == "give",
            kind == "leftover",
        )
        rule_set = self.rules.rule_set
        mask = np.zeros(action_count(rule_set), dtype=np.int8)
        if pending is not None and pending.seat == seat:
            for action in pending.actions:
                mask[action_index(rule_set, pending.kind, action)] = 1
        return {"observation": np.asarray(vector, dtype=np.float32), "action_mask": mask}

    def step(self, action: int | None) -> None:
        if not self.agents:  # every agent is done: PettingZoo's convention is a warning
            EnvLogger.warn_step_after_terminated_truncated()
            return
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} must act: None is only for agents whose deal is over")
        game = self._game()
        self._cumulative_rewards[agent] = 0.0
        pending = game.pending
        assert pending is not None  # the selected agent is the one to move while the deal runs
        chosen = step_action(self.rules.rule_set, pending.kind, _whole_number(action, "action"))
        if chosen is None:
            raise IllegalAction(f"action {action} is not a {pending.kind} action")
        game.apply(chosen)
        if game.is_over:
            result = game.result
            assert result is not None
            returns = deal_returns(self.rules.rule_set, result.chips, result.points, result.winner)
            for seat, agent_name in enumerate(self.possible_agents):
                self.rewards[agent_name] = returns[seat]
                self.terminations[agent_name] = True
        self._select()
        self._accumulate_rewards()
        if self.render_mode == "human":
            print(self.render())

    def render(self) -> str:
        """The table, the hands' sizes and whose turn it is, as text."""
        game = self._game()
        codes = self.rules.rule_set.card_codes
        st = game.state
        if st is None:
            return ""
        table = " ".join(
            codes[c] + ("*" if st.joker_spots >> c & 1 else "")
            for c in range(len(codes))
            if st.table >> c & 1
        )
        sizes = " ".join(
            f"{agent}:{st.hands[s].bit_count() + st.jokers[s]}"
            for s, agent in enumerate(self.possible_agents)
        )
        turn = "over" if game.is_over else f"{self.agent_selection} to play"
        return f"table: {table or '-'}\nhands: {sizes}\n{turn}"

    def close(self) -> None:
        self.game = None

    def _select(self) -> None:
        game = self._game()
        if game.current_player is not None:
            self.agent_selection = self.possible_agents[game.current_player]
        elif not hasattr(self, "agent_selection") or self.agent_selection not in self.agents:
            self.agent_selection = self.agents[0]

    def _game(self) -> Game:
        if self.game is None:
            raise RuntimeError("call reset() first")
        return self.game


def _whole_number(value: Any, what: str, error: type[ValueError] = IllegalAction) -> int:
    """``value`` as an int: Python and numpy integers pass, anything else (``1.0``, ``True``,
    ``"3"``) is refused rather than silently turned into a card id or a seed."""
    if isinstance(value, int | np.integer) and not isinstance(value, bool | np.bool_):
        return int(value)
    raise error(f"{what} must be an integer, not {value!r}")


def env(
    rules: Rules | str | Path = "parliament", players: int = 4, render_mode: str | None = None
) -> SevensEnv:
    """A PettingZoo AEC environment for ``rules`` (an id, a rulespec file or compiled rules)."""
    return SevensEnv(rules, players, render_mode)
