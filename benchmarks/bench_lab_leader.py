"""Benchmark: what finding the leader of each deal costs the balance lab.

``DealResult`` does not say who led.  The lab replays the deal's set-up on a
copy of the generator (``sevens/lab/measures.py``, ``leader_of``); the
alternative is to record the deal and read its first decision.  This plays
the same random 4-player Parliament deals three ways and prints games/s:
plain, plain + replayed set-up, and recorded.  Best of ``--repeat`` timings.

Run:  python benchmarks/bench_lab_leader.py [--games N] [--repeat R]
"""

from __future__ import annotations

import argparse
import random
import time

from sevens.lab.facts import rule_facts
from sevens.lab.measures import leader_of
from sevens.loading.registry import load_rules
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.strategies import STRATEGIES

PLAYERS = 4


def rate(mode: str, games: int) -> float:
    rules = load_rules("parliament")
    facts = rule_facts(rules)
    table = Table(
        PLAYERS, [STRATEGIES["random"](rules) for _ in range(PLAYERS)], record=mode == "record"
    )
    started = time.perf_counter()
    for game in range(games):
        rng = random.Random(game)
        table.dealer = int(rng.random() * PLAYERS)
        if mode == "replay":
            leader_of(rules, facts, table, rng)
        deal = play_deal(rules, table, rng)
        if mode == "record":
            assert deal.record is not None
            _ = deal.record["decisions"][0]["seat"]
    return games / (time.perf_counter() - started)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=10000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = {
        m: max(rate(m, args.games) for _ in range(args.repeat))
        for m in ("plain", "replay", "record")
    }
    for mode, games_per_second in best.items():
        cost = best["plain"] / games_per_second - 1
        print(f"{mode:<7} {games_per_second:>9,.0f} games/s  (+{cost:.0%} time per game)")


if __name__ == "__main__":
    main()
