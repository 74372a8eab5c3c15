"""Benchmark: random playouts of Parliament, 4 players, three ways in one run.

(a) the generated module through the runtime (what ``sevens simulate`` runs),
(b) the reference interpreter through the same runtime,
(c) the plain hand-written bitmask implementation (benchmarks/handwritten_parliament.py).

Prints games/s for each and the ratios a/c and a/b.  Targets: a/c >= 0.8 and
a/b >= 20.  Run:  python benchmarks/bench_parliament.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from handwritten_parliament import play_game

from sevens.compiler.pipeline import find_rulespec, load_rulespec, reference_rules
from sevens.loading.registry import load_rules
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import Options, simulate

PLAYERS = 4


def best_rate(run: Callable[[int], None], games: int, repeat: int) -> float:
    """Games per second of the fastest of ``repeat`` timed runs."""
    rates = []
    for _ in range(repeat):
        started = time.perf_counter()
        run(games)
        rates.append(games / (time.perf_counter() - started))
    return max(rates)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--reference-games", type=int, default=300)
    args = parser.parse_args()

    generated = load_rules("parliament")
    reference = reference_rules(load_rulespec(find_rulespec("parliament")))

    def run_generated(games: int) -> None:
        simulate(generated, Options(PLAYERS, games, seed=1))

    def run_reference(games: int) -> None:
        simulate(reference, Options(PLAYERS, games, seed=1))  # type: ignore[arg-type]

    def run_handwritten(games: int) -> None:
        for game in range(games):
            play_game(GameRandom(1 + game), PLAYERS)

    run_generated(500)  # warm the row-mask tables, as a long simulation would
    a = best_rate(run_generated, args.games, args.repeat)
    c = best_rate(run_handwritten, args.games, args.repeat)
    b = best_rate(run_reference, args.reference_games, max(1, args.repeat // 2))
    print(f"python {sys.version.split()[0]}, {PLAYERS} players, random strategy")
    print(f"(a) generated module via runtime : {a:10.0f} games/s")
    print(f"(b) reference interpreter        : {b:10.0f} games/s")
    print(f"(c) hand-written bitmask         : {c:10.0f} games/s")
    print(f"a/c = {a / c:.2f}  (target >= 0.8)")
    print(f"a/b = {a / b:.1f}  (target >= 20)")


if __name__ == "__main__":
    main()
