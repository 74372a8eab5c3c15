"""Benchmark: ``sevens analyse parliament`` on one process against two, in one run.

Plays the analysis of ``--games`` Parliament games (default 200,000; every
experiment of ``sevens analyse``: the main table, the skill table and the
matches) with ``--jobs 1`` and then with ``--jobs 2``, prints the wall-clock
time of each, the speed-up (target >= 1.7 on two cores) and the machine's
load average, and checks that both runs give the same figures.  Timings
exclude start-up (imports, compiling the rulespec), which both runs share.
It also prints the CPU seconds of each run (this process and its workers):
on a machine shared with other work the wall clock shows the contention,
while the ratio of CPU seconds shows the pool's own overhead.

Run:  python benchmarks/bench_lab_jobs.py [--games N] [--only-main]
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import time

from sevens.lab.commands import analysis
from sevens.lab.measures import plan
from sevens.lab.runner import Job, load, run, ship
from sevens.runtime.match import number_of_deals

PLAYERS = 4


def build_job(games: int, only_main: bool) -> Job:
    """The job ``sevens analyse parliament --games N`` plays (seed 0, random bots)."""
    source = ship("parliament")
    rules, facts = load(source)
    seats = ("random",) * PLAYERS
    experiments = plan(seats, games, [facts], [number_of_deals(rules, PLAYERS, None)])
    if only_main:
        experiments = [e for e in experiments if e.name == "main"]
    return Job((source,), PLAYERS, 0, 0.1, tuple(experiments))


def _cpu() -> float:
    """CPU seconds used by this process and its finished children (the pool's workers)."""
    own, children = (
        resource.getrusage(resource.RUSAGE_SELF),
        resource.getrusage(resource.RUSAGE_CHILDREN),
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(job: Job, jobs: int, games: int) -> tuple[float, float, str]:
    """Wall-clock seconds, CPU seconds and the figures of one run."""
    started, cpu = time.perf_counter(), _cpu()
    outcome = run(job, jobs)
    seconds, cpu = time.perf_counter() - started, _cpu() - cpu
    figures = json.dumps(analysis(job, outcome, 0.95, games), sort_keys=True, default=str)
    return seconds, cpu, figures


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=200_000)
    parser.add_argument("--only-main", action="store_true", help="only the main table")
    args = parser.parse_args()
    job = build_job(args.games, args.only_main)
    deals = sum(e.games for e in job.experiments)
    print(f"parliament, {args.games} games per experiment, {len(job.experiments)} experiment(s)")
    print(f"cores: {os.cpu_count()}; load average before: {os.getloadavg()[0]:.2f}")
    one, cpu_one, figures_one = timed(job, 1, args.games)
    print(f"--jobs 1: {one:.1f} s ({deals / one:,.0f} games/s), {cpu_one:.1f} CPU s")
    two, cpu_two, figures_two = timed(job, 2, args.games)
    print(f"--jobs 2: {two:.1f} s ({deals / two:,.0f} games/s), {cpu_two:.1f} CPU s")
    print(f"speed-up: {one / two:.2f}x (target >= 1.7)")
    # On a busy machine the wall clock shows the contention; the CPU seconds show
    # what the pool itself costs.  With two idle cores the speed-up would be at most:
    print(f"CPU time of --jobs 2 / --jobs 1: {cpu_two / cpu_one:.2f}")
    print(f"upper bound of the speed-up on two idle cores: {2 * cpu_one / cpu_two:.2f}x")
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    print("same figures:", "yes" if figures_one == figures_two else "NO")


if __name__ == "__main__":
    main()
