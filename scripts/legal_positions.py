"""``sevens legal`` against positions of recorded games: every built-in, N games each.

    python scripts/legal_positions.py --games 1000 --usual --per-game 4

For each built-in rule set, ``simulate --record`` plays N random deals at the rule
set's usual table (4 players where it allows them) and at its smallest and largest;
every ordinary turn of every deal becomes a position, its table cards shuffled, that
``sevens legal`` must answer (not refuse) with what the engine offered then: the same
legal cards, joker spots, draw or card face down, and passing where the player passed
while able to play.  ``--per-game K`` draws K positions of each deal at random and
``--usual`` keeps to the usual table (the 1,000-game run, within about ten minutes of
CPU).  Prints one line per rule set and table; exits 1 on any problem.
"""

from __future__ import annotations

import argparse
import random
import sys
import time

from sevens.compiler.load import builtin_ids
from sevens.loading.registry import load_rules
from sevens.play.legal import DEFAULT_PLAYERS
from sevens.play.recorded import answer_problem, holders_cards, recorded_games, recorded_positions


def tables(low: int, high: int) -> list[int]:
    """The usual table, then the smallest and the largest."""
    usual = min(max(DEFAULT_PLAYERS, low), high)
    return sorted({usual, low, high}, key=lambda n: (n != usual, n))


def check(
    variant: str, players: int, games: int, seed: int, per_game: int | None
) -> tuple[int, list[str]]:
    """The number of positions checked and the problems found (``per_game``: that many
    positions of each deal, drawn at random; None: every one)."""
    rules = load_rules(variant)
    rng = random.Random(seed)
    held, checked, problems = holders_cards(rules), 0, []
    for record in recorded_games(rules, players, games, seed):
        positions = list(recorded_positions(record, held))
        if per_game is not None and len(positions) > per_game:
            positions = rng.sample(positions, per_game)
        for position in positions:
            checked += 1
            problem = answer_problem(rules, position, rng)
            if problem is not None:
                problems.append(f"seed {record['seed']}: {problem}")
    return checked, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--per-game", type=int, default=None, help="positions drawn per deal")
    parser.add_argument("--usual", action="store_true", help="only each rule set's usual table")
    parser.add_argument("variants", nargs="*", help="default: every built-in")
    args = parser.parse_args()
    failed = total = 0
    started = time.process_time()
    for variant in args.variants or builtin_ids():
        rule_set = load_rules(variant).rule_set
        sizes = tables(rule_set.players.min, rule_set.players.max)
        for players in sizes[:1] if args.usual else sizes:
            checked, problems = check(variant, players, args.games, args.seed, args.per_game)
            total += checked
            failed += len(problems)
            print(
                f"{variant:28} {players} players  {checked:7} positions  {len(problems)} problems"
            )
            for problem in problems[:5]:
                print(f"    {problem}")
            sys.stdout.flush()
    print(f"total {total} positions, {failed} problems, {time.process_time() - started:.0f} s CPU")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
