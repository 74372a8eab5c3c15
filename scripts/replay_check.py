"""Replay simulated records through the step API: every built-in variant, N games each.

    python scripts/replay_check.py --games 1000

For each variant and each of the heuristic and random strategies, ``simulate
--record`` writes N games; each is replayed decision by decision through
:class:`sevens.envs.game.Game` and its record compared with the original.
Prints one line per variant and strategy; exits 1 on any difference.  Each
variant is played by 4 players where it allows them; :data:`EXTRA` adds
tables whose deal leaves a stock (at 4 players every card is dealt) and
joker tables of other sizes.  A joker record replays its joker plays and
redeems as step actions; the line after such a variant counts them, so a
replay that never met a joker would show.
"""

from __future__ import annotations

import argparse
import io
import json
import sys
import time

from sevens.compiler.load import builtin_ids
from sevens.envs.game import IllegalAction, replay
from sevens.loading.registry import load_rules
from sevens.runtime.simulate import Options, simulate
from sevens.runtime.strategies import STRATEGIES

#: (variant, players) played besides every variant's usual table: a stock to draw from, and
#: jokers at the smallest and largest tables.
EXTRA = [
    ("card-domino-stock", 3),
    ("card-domino-stock", 5),
    ("shichi-narabe-joker", 3),
    ("shichi-narabe-joker", 7),
]


def check(
    variant: str, strategy: str, games: int, seed: int, players: int | None = None
) -> tuple[int, int, int]:
    """(games replayed, games whose replay differed, joker plays replayed) for one variant and
    strategy."""
    rules = load_rules(variant)
    allowed = rules.rule_set.players
    if players is None:
        players = 4 if allowed.min <= 4 <= allowed.max else allowed.min
    stream = io.StringIO()
    simulate(rules, Options(players=players, games=games, seed=seed, strategy=strategy), stream)
    consult = STRATEGIES[strategy](rules) if strategy != "heuristic" else None
    differ = jokers = 0
    for line in stream.getvalue().splitlines():
        record = json.loads(line)
        jokers += sum(entry["action"] == "joker" for entry in record["decisions"])
        try:
            same = replay(rules, record, consult).record == record
        except IllegalAction:
            same = False
        differ += not same
    return games, differ, jokers


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--variants", help="comma-separated ids (default: every built-in one)")
    parser.add_argument("--extra-only", action="store_true", help="only the EXTRA tables")
    args = parser.parse_args()
    chosen = args.variants.split(",") if args.variants else builtin_ids()
    tables: list[tuple[str, int | None]] = [] if args.extra_only else [(v, None) for v in chosen]
    tables += EXTRA if not args.variants else []
    failed = 0
    for variant, players in tables:
        for strategy in ("heuristic", "random"):
            started = time.perf_counter()
            games, differ, jokers = check(variant, strategy, args.games, args.seed, players)
            seconds = time.perf_counter() - started
            table = f"{variant} ({players} players)" if players else variant
            played = f", {jokers} joker plays" if jokers else ""
            print(
                f"{table:20} {strategy:9} {games} games{played}, {differ} differ  ({seconds:.1f} s)"
            )
            failed += differ
    print("all identical" if not failed else f"{failed} records differ")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
