"""OpenSpiel's own game checks on sevens rule sets, at length.

    python scripts/openspiel_check.py --sims 300 [--variants parliament,cinquillo,...]

Per variant: ``pyspiel.random_sim_test`` (OpenSpiel's C++ checks: chance
outcomes, legal actions, clones, observations, returns at the end) for
``--sims`` random games, and as many random playouts through the Python API
whose returns are checked against the rule set's bounds.  Prints seconds per
variant; exits 1 on a failure.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

import pyspiel

from sevens.envs.openspiel_game import game

DEFAULT = (
    "parliament,cinquillo,shichi-narabe,sevens,voluntary-pass,fan-tan,double-deck,dealer-seven,"
    "shichi-narabe-joker"
)


def playouts(spiel_game: pyspiel.Game, count: int, seed: int) -> None:
    """Random games through the Python API; returns must be within the declared bounds."""
    rng = random.Random(seed)
    low, high = spiel_game.min_utility(), spiel_game.max_utility()
    for _ in range(count):
        state = spiel_game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, _ = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choice(outcomes))
            else:
                state.observation_tensor(state.current_player())
                state.apply_action(rng.choice(state.legal_actions()))
        if not all(low <= r <= high for r in state.returns()):
            raise AssertionError(f"returns {state.returns()} outside [{low}, {high}]")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--sims", type=int, default=300)
    parser.add_argument("--variants", default=DEFAULT)
    args = parser.parse_args()
    for variant in args.variants.split(","):
        players = 8 if variant == "double-deck" else 4
        spiel_game = game(variant, players)
        started = time.perf_counter()
        pyspiel.random_sim_test(spiel_game, num_sims=args.sims, serialize=False, verbose=False)
        checked = time.perf_counter()
        playouts(spiel_game, args.sims, seed=len(variant))
        done = time.perf_counter()
        print(
            f"{variant:16} random_sim_test {args.sims} sims {checked - started:6.1f} s, "
            f"{args.sims} playouts {done - checked:5.1f} s"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
