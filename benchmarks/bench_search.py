"""Benchmark: the search bot against the heuristic at a 4-player table.

One search bot and three heuristic bots play N deals; the search bot's seat
turns round the table (deal g: seat g % 4) and the dealer is drawn as in
``simulate``.  Prints, per playout budget, the search bot's win rate with a
95 % Wilson interval (25 % is par), its mean chips (or points) per deal
against the heuristic seats', and its time per real decision (mean, 95th
percentile, wall clock; and mean processor time, which the load does not
inflate).  Budget 0 seats a fourth heuristic bot instead, on the same deals:
the paired baseline (deals differ in how often a given seat can win).  A
budget written ``50ms`` is a wall-clock time per decision instead of a
number of playouts (``SearchBot(seconds=…)``).  Wall-clock figures depend
on the machine's load: each line ends with the 1-minute load average
(``os.getloadavg``, as ``uptime`` shows it) when the run started and ended.

Run:  python benchmarks/bench_search.py [--variant parliament] [--deals 400] [--budgets 0,32,64,50ms]
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics

from sevens.bots.search import SearchBot
from sevens.loading.registry import load_rules
from sevens.runtime.encoding import deal_returns
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.strategies import heuristic_strategy


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def run(variant: str, deals: int, budget: str, seed: int) -> str:
    """One line of figures; budget ``0`` puts the heuristic in the seat (the paired baseline),
    ``N`` gives the bot N playouts per decision, ``Nms`` N milliseconds."""
    rules = load_rules(variant)
    players = 4
    heuristic = heuristic_strategy(rules)
    load = os.getloadavg()[0]
    seconds = float(budget.removesuffix("ms")) / 1000 if budget.endswith("ms") else None
    playouts = 0 if seconds is not None else int(budget)
    bot = SearchBot(rules, playouts=max(playouts, 1), seconds=seconds)
    tested = bot if playouts or seconds is not None else heuristic
    wins = 0
    mine: list[float] = []
    theirs: list[float] = []
    for game in range(deals):
        rng = random.Random(seed + game)
        seat = game % players
        strategies = [heuristic] * players
        strategies[seat] = tested
        table = Table(players, strategies, dealer=int(rng.random() * players))
        result = play_deal(rules, table, rng)
        wins += result.winner == seat
        returns = deal_returns(rules.rule_set, result.chips, result.points, result.winner)
        mine.append(returns[seat])
        theirs.extend(r for s, r in enumerate(returns) if s != seat)
    low, high = wilson(wins, deals)
    times = sorted(bot.decision_seconds)
    p95 = times[int(0.95 * (len(times) - 1))] if times else 0.0
    cpu = statistics.mean(bot.decision_cpu) if bot.decision_cpu else 0.0
    name = f"search {playouts:3} playouts" if playouts else "heuristic (baseline)"
    if seconds is not None:
        name = f"search {budget:>5} a decision"
    return (
        f"{variant:14} {name:21}  win {wins / deals:6.1%} [{low:5.1%}, {high:5.1%}]  "
        f"return {statistics.mean(mine):+6.2f} vs {statistics.mean(theirs):+6.2f}  "
        f"decision {1000 * statistics.mean(times) if times else 0:5.1f} ms mean, {1000 * p95:5.1f} ms p95 "
        f"wall, {1000 * cpu:5.1f} ms processor  load {load:.1f} -> {os.getloadavg()[0]:.1f}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--variant", default="parliament")
    parser.add_argument("--deals", type=int, default=400)
    parser.add_argument(
        "--budgets",
        default="0,8,24,64",
        help="playouts, or Nms a decision; 0 = the heuristic itself",
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    print(
        f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; 1 search vs 3 heuristic"
    )
    for budget in args.budgets.split(","):
        print(run(args.variant, args.deals, budget.strip(), args.seed), flush=True)


if __name__ == "__main__":
    main()
