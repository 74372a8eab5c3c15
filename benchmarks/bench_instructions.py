"""Benchmark by instruction count: CPU instructions per game, under valgrind's callgrind.

Wall-clock figures on a shared machine move with its load; the number of
instructions a game takes does not.  For each layout shape of
``bench_shapes.py`` (and the hand-written Parliament engine) this runs the
same simulation twice under ``valgrind --tool=callgrind`` -- with N games and
with none, both after warming the row-mask memo -- and prints the difference
divided by N: instructions per game.  The ratio hand-written/compiled on
Parliament is the instruction-count counterpart of the games/s ratio.

``PYTHONPATH=<checkout> python benchmarks/bench_instructions.py`` measures an
older checkout with the same script (only ``load_rules`` and ``simulate`` are
used).  Needs valgrind (``apt-get install valgrind``); exits 2 without it.

Run:  python benchmarks/bench_instructions.py [--games N] [--shape NAME ...]
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

#: (variant, players, games per measurement): fewer games where a deal is long
SHAPES = (
    ("parliament", 4, 150),
    ("turn-the-corner", 4, 100),
    ("double-deck", 8, 40),
    ("shichi-narabe", 4, 100),
    ("cinquillo", 4, 100),
)
WARM_GAMES = 100
COLLECTED = re.compile(r"Collected : (\d+)")


def play(variant: str, players: int, games: int) -> None:
    """The measured program: warm the memo, then ``games`` games (the hand-written engine
    for ``variant == "hand-written"``)."""
    if variant == "hand-written":
        from handwritten_parliament import play_game

        for game in range(games):
            play_game(_generator(game), players)
        return
    from sevens.loading.registry import load_rules
    from sevens.runtime.simulate import Options, simulate

    rules = load_rules(variant)
    simulate(rules, Options(players, WARM_GAMES, seed=7))
    simulate(rules, Options(players, games, seed=1))


def _generator(seed: int) -> Any:
    """The engines' generator: ``GameRandom`` (docs/randomness.md), or ``random.Random`` in a
    checkout from before it (``PYTHONPATH=<checkout>``)."""
    try:
        from sevens.runtime.randomness import GameRandom
    except ImportError:
        return random.Random(seed)
    return GameRandom(seed)


def instructions(variant: str, players: int, games: int) -> int:
    """Instructions valgrind counts for one run of :func:`play` in a fresh interpreter."""
    env = {**os.environ, "PYTHONHASHSEED": "0"}  # the same dict layouts in every run
    with tempfile.TemporaryDirectory() as scratch:  # callgrind's profile, not read
        command = [
            "valgrind", "--tool=callgrind", f"--callgrind-out-file={scratch}/callgrind.out",
            sys.executable, __file__, "--child", variant, str(players), str(games),
        ]  # fmt: skip
        done = subprocess.run(command, capture_output=True, text=True, env=env, check=True)
    found = COLLECTED.search(done.stderr)
    if found is None:
        raise SystemExit(f"no instruction count in valgrind's output:\n{done.stderr[-2000:]}")
    return int(found.group(1))


def per_game(variant: str, players: int, games: int) -> int:
    return (instructions(variant, players, games) - instructions(variant, players, 0)) // games


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, help="games per measurement (default: per shape)")
    parser.add_argument("--shape", action="append", help="only these variants (repeatable)")
    parser.add_argument("--child", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        variant, players, games = args.child
        play(variant, int(players), int(games))
        return
    if shutil.which("valgrind") is None:
        print("bench_instructions needs valgrind: apt-get install valgrind", file=sys.stderr)
        raise SystemExit(2)
    chosen = [s for s in SHAPES if not args.shape or s[0] in args.shape]
    print(f"python {sys.version.split()[0]}, instructions per game (callgrind), random strategy")
    counts: dict[str, int] = {}
    for variant, players, games in chosen:
        counts[variant] = per_game(variant, players, args.games or games)
        print(f"{variant:<16}  {players} players  {counts[variant]:>12,} instructions/game")
    if "parliament" in counts:
        hand = per_game("hand-written", 4, args.games or 150)
        print(f"{'hand-written':<16}  4 players  {hand:>12,} instructions/game")
        print(f"parliament hand-written / compiled = {hand / counts['parliament']:.3f}")


if __name__ == "__main__":
    main()
