"""Benchmark: the native backend against everything else, in one run.

Random playouts, one core.  Printed as games/s (best of ``--repeat`` runs)
and ratios:

1. Parliament, 4 players: native kernels, compiled Python (the generated
   module through the runtime), the reference interpreter, the hand-written
   Python engine (benchmarks/handwritten_parliament.py) and the hand-written
   C engine (benchmarks/c/parliament.c, built with ``cc -O2`` when a compiler
   is present), and any other C engine given with ``--c-engine FILE`` (it prints
   ``… R games/s …`` for ``./engine GAMES``; ../shared/bench/parliament_limit.c is
   taken by default when it is there); native is compared with the fastest.
2. Every built-in rule set: native and compiled Python, target native >= 10x.
3. How the cost grows: with players (shichi-narabe, 3-10), with decks
   (Parliament against two packs at 7 and 8 players).
4. The start to a first native game in a fresh process: numba's cache emptied (the
   kernels every rule set shares and Parliament's own are compiled), warm, and another
   rule set whose own kernels are new (the issue's "cold start for one rule set").

The machine's load (``uptime``) is printed with the figures: on a shared
machine every rate reads low, ratios measured side by side less so.

Run:  python benchmarks/bench_native.py [--quick] [--repeat R] [--no-compile-time]
      [--c-engine FILE] [--sections 1,4]
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))

from handwritten_parliament import play_game  # noqa: E402

from sevens.compiler.load import builtin_ids  # noqa: E402
from sevens.compiler.pipeline import find_rulespec, load_rulespec, reference_rules  # noqa: E402
from sevens.loading.registry import load_rules  # noqa: E402
from sevens.native import (  # noqa: E402
    NativeUnsupported,
    native_rules,
    require_numba,
    simulate_native,
)
from sevens.runtime.randomness import GameRandom  # noqa: E402
from sevens.runtime.simulate import Options, simulate  # noqa: E402

#: The hand-written C engine of Parliament beside the project (../shared/bench), when present.
SHARED_C_ENGINE = (
    Path(__file__).resolve().parent.parent.parent / "shared" / "bench" / "parliament_limit.c"
)


def load() -> str:
    """The machine's load averages, as ``uptime`` reports them."""
    return os.getloadavg().__repr__()


def best_rate(run: Callable[[int], float | None], games: int, repeat: int) -> float:
    """Games per second of the fastest of ``repeat`` runs (a run may time itself)."""
    rates = []
    for _ in range(repeat):
        started = time.perf_counter()
        own = run(games)
        rates.append(own if own else games / (time.perf_counter() - started))
    return max(rates)


def python_rate(variant: str, players: int, games: int, repeat: int) -> float:
    rules = load_rules(variant)
    simulate(rules, Options(players, 50, seed=1))  # warm the row memo
    return best_rate(
        lambda n: simulate(rules, Options(players, n, seed=1)).games_per_second, games, repeat
    )


def native_rate(variant: str, players: int, games: int, repeat: int) -> float:
    rules = native_rules(variant)
    simulate_native(rules, Options(players, 10, seed=1))  # compile or load the kernels
    return best_rate(
        lambda n: simulate_native(rules, Options(players, n, seed=1)).games_per_second,
        games,
        repeat,
    )


def c_rate(games: int, players: int, repeat: int) -> float | None:
    """The C engine's games/s, or None (with a message) when no C compiler is present."""
    compiler = shutil.which("cc")
    if compiler is None:
        print("C engine skipped: no C compiler (cc) on this machine")
        return None
    binary = Path(tempfile.mkdtemp()) / "parliament"
    subprocess.run(
        [compiler, "-O2", "-o", str(binary), str(HERE / "c" / "parliament.c")], check=True
    )
    rates = []
    for _ in range(repeat):
        out = subprocess.run(
            [str(binary), str(games), str(players), "1"], capture_output=True, text=True, check=True
        )
        rates.append(float(out.stdout.split()[0]))
    return max(rates)


def other_c_rate(source: Path, games: int, repeat: int) -> float | None:
    """Games/s of another C engine of Parliament (4 players), run as ``./engine GAMES``."""
    compiler = shutil.which("cc")
    if compiler is None or not source.is_file():
        print(f"C engine {source} skipped: no C compiler or no such file")
        return None
    binary = Path(tempfile.mkdtemp()) / source.stem
    subprocess.run([compiler, "-O2", "-o", str(binary), str(source)], check=True)
    rates = []
    for _ in range(repeat):
        out = subprocess.run([str(binary), str(games)], capture_output=True, text=True, check=True)
        words = out.stdout.split()
        rates.append(float(words[words.index("games/s,") - 1]))
    return max(rates)


def compile_times() -> list[tuple[str, float, float]]:
    """(what, wall, CPU seconds) of a first simulated game in a fresh process: with numba's
    cache empty, then Parliament again (its kernels cached), then another rule set whose own
    kernels are new (the kernels every rule set shares cached)."""
    times = []
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "NUMBA_CACHE_DIR": cache}
        for what, variant in (
            ("numba cache empty (JIT compile)", "parliament"),
            ("cache warm", "parliament"),
            ("another rule set's own kernels", "cinquillo"),
        ):
            script = (
                "import time; t, c = time.perf_counter(), time.process_time();"
                "from sevens.native import native_rules, simulate_native;"
                "from sevens.runtime.simulate import Options;"
                f"simulate_native(native_rules({variant!r}), Options(4, 1));"
                "print(time.perf_counter() - t, time.process_time() - c)"
            )
            run = subprocess.run(
                [sys.executable, "-c", script], env=env, capture_output=True, text=True, check=True
            )
            wall, cpu = run.stdout.split()
            times.append((f"{what} ({variant})", float(wall), float(cpu)))
    return times


def parliament(args: argparse.Namespace) -> None:
    players = 4
    reference = reference_rules(load_rulespec(find_rulespec("parliament")))
    native = native_rate("parliament", players, args.native_games, args.repeat)
    c = c_rate(args.c_games, players, args.repeat)
    others = {path: other_c_rate(Path(path), args.c_games, args.repeat) for path in args.c_engine}
    compiled = python_rate("parliament", players, args.python_games, args.repeat)

    def run_reference(n: int) -> float:
        return simulate(reference, Options(players, n, seed=1)).games_per_second  # type: ignore[arg-type]

    def run_handwritten(n: int) -> None:
        for game in range(n):
            play_game(GameRandom(1 + game), players)

    interpreted = best_rate(run_reference, args.reference_games, max(1, args.repeat // 2))
    handwritten = best_rate(run_handwritten, args.python_games, args.repeat)
    print(f"\n1. Parliament, {players} players, random play, one core   (load {load()})")
    print(f"   native (numba kernels)        : {native:12.0f} games/s")
    if c is not None:
        print(f"   hand-written C (cc -O2)       : {c:12.0f} games/s")
    print(f"   compiled Python (generated)   : {compiled:12.0f} games/s")
    print(f"   reference interpreter         : {interpreted:12.0f} games/s")
    print(f"   hand-written Python           : {handwritten:12.0f} games/s")
    for path, rate in others.items():
        if rate is not None:
            print(f"   C: {Path(path).name:26} : {rate:12.0f} games/s")
    fastest = max([rate for rate in (c, *others.values()) if rate is not None], default=None)
    if fastest is not None:
        print(f"   native / fastest C            : {native / fastest:12.2f}   (target >= 0.8)")
    print(f"   native / compiled Python      : {native / compiled:12.1f}")
    print(f"   native / hand-written Python  : {native / handwritten:12.1f}")
    print(
        f"   native >= 300,000 games/s     : {'yes' if native >= 300_000 else 'no (see the load)'}"
    )


def every_rule_set(args: argparse.Namespace) -> None:
    print(f"\n2. Every built-in rule set, random play   (load {load()})")
    print(f"   {'rule set':22} {'players':>7} {'native':>12} {'compiled Py':>12} {'ratio':>7}")
    for variant in args.rule_sets or builtin_ids():
        allowed = load_rules(variant).rule_set.players
        players = min(max(4, allowed.min), allowed.max)
        try:
            native = native_rate(variant, players, args.native_games // 4, args.repeat)
        except NativeUnsupported as exc:
            print(f"   {variant:22} {players:7} refused: {exc}")
            continue
        compiled = python_rate(variant, players, args.python_games // 4, args.repeat)
        mark = "" if native >= 10 * compiled else "  < 10x"
        print(
            f"   {variant:22} {players:7} {native:12.0f} {compiled:12.0f} {native / compiled:7.1f}{mark}"
        )


def scaling(args: argparse.Namespace) -> None:
    print(f"\n3. Cost by players (shichi-narabe) and decks   (load {load()})")
    print(f"   {'rule set':22} {'players':>7} {'native':>12} {'compiled Py':>12} {'ratio':>7}")
    runs = [("shichi-narabe", p) for p in range(3, 11)]
    runs += [
        (variant, p) for variant in ("parliament", "parallel-builds", "double-deck") for p in (7, 8)
    ]
    for variant, players in runs:
        native = native_rate(variant, players, args.native_games // 4, args.repeat)
        compiled = python_rate(variant, players, args.python_games // 4, args.repeat)
        print(
            f"   {variant:22} {players:7} {native:12.0f} {compiled:12.0f} {native / compiled:7.1f}"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--quick", action="store_true", help="fewer games (figures are noisier)")
    parser.add_argument(
        "--no-compile-time", action="store_true", help="skip the cold-cache compile"
    )
    parser.add_argument(
        "--c-engine",
        action="append",
        default=[str(SHARED_C_ENGINE)] if SHARED_C_ENGINE.is_file() else [],
        metavar="FILE",
        help="another C engine of Parliament to compare with (repeatable)",
    )
    parser.add_argument(
        "--rule-sets",
        type=lambda text: text.split(","),
        default=None,
        help="comma-separated ids: only section 2, for these rule sets",
    )
    parser.add_argument(
        "--sections",
        type=lambda text: {int(part) for part in text.split(",")},
        default={1, 2, 3, 4},
        help="comma-separated section numbers to run (default: all; section 2 compiles every "
        "built-in's own kernels the first time, about 10 s each)",
    )
    args = parser.parse_args()
    scale = 10 if args.quick else 1
    args.native_games = 400_000 // scale
    args.c_games = 2_000_000 // scale
    args.python_games = 20_000 // scale
    args.reference_games = 300 // scale
    require_numba()
    print(f"python {sys.version.split()[0]}, one process, load {load()}")
    if args.rule_sets:
        every_rule_set(args)
        return
    if not args.no_compile_time and 4 in args.sections:
        print(f"\n4. Start to the first native game, in a fresh process (load {load()}):")
        for what, wall, cpu in compile_times():
            print(f"   {what:44}: {wall:5.1f} s wall, {cpu:5.1f} s CPU")
    if 1 in args.sections:
        parliament(args)
    if 2 in args.sections:
        every_rule_set(args)
    if 3 in args.sections:
        scaling(args)


if __name__ == "__main__":
    main()
