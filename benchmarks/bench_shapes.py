"""Benchmark: random playouts of one rule set per layout shape, in one run.

Shapes: parliament (one row per suit, fixed start), turn-the-corner (rows
wrap past the ace), double-deck (two packs, two rows per suit), shichi-narabe
(the sevens laid out before play, passes limited), cinquillo (Spanish deck).
Each is played through ``sevens simulate``'s code path (load_rules +
simulate, random strategy); parliament is also played by the hand-written
engine (benchmarks/handwritten_parliament.py) for the ratio compiled/hand-written.

Only the public ``load_rules`` and ``simulate`` are used, so the same script
measures an older checkout too: ``PYTHONPATH=<checkout> python <this script>``
imports that checkout's ``sevens`` package first.

Run:  python benchmarks/bench_shapes.py [--games N] [--repeat R] [--json]
"""

from __future__ import annotations

import argparse
import json
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_parliament import best_rate
from handwritten_parliament import play_game

from sevens.loading.registry import load_rules
from sevens.runtime.simulate import Options, simulate

#: (variant, players, deals per timing)
SHAPES = (
    ("parliament", 4, 20000),
    ("turn-the-corner", 4, 10000),
    ("double-deck", 8, 4000),
    ("shichi-narabe", 4, 10000),
    ("cinquillo", 4, 10000),
)


def measure(variant: str, players: int, games: int, repeat: int) -> float:
    rules = load_rules(variant)
    simulate(rules, Options(players, 300, seed=7))  # warm the row-mask memo
    return best_rate(lambda n: simulate(rules, Options(players, n, seed=1)), games, repeat)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scale", type=float, default=1.0, help="multiply the deals per timing")
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rates = {
        variant: measure(variant, players, int(games * args.scale), args.repeat)
        for variant, players, games in SHAPES
    }
    games = int(20000 * args.scale)
    rates["handwritten-parliament"] = best_rate(
        lambda n: [play_game(random.Random(1 + g), 4) for g in range(n)], games, args.repeat
    )
    if args.json:
        print(json.dumps(rates))
        return
    print(f"python {sys.version.split()[0]}, random strategy, best of {args.repeat}")
    for variant, players, _ in SHAPES:
        print(f"{variant:<16} {players:>2} players {rates[variant]:>10,.0f} games/s")
    hand = rates["handwritten-parliament"]
    print(f"{'hand-written':<16}  4 players {hand:>10,.0f} games/s")
    print(f"parliament compiled / hand-written = {rates['parliament'] / hand:.2f}")


if __name__ == "__main__":
    main()
