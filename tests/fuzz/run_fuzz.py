"""The long fuzz run, outside the test suite: ``python -m tests.fuzz.run_fuzz --minutes 60``.

It draws cases from the same generators as ``tests/test_fuzz.py`` (random
conditions, rule combinations, hostile rulespecs and positions) for as long as
it is told, and reports every case that ends in a traceback, a hang or a
disagreement between the compiled rules and the reference interpreter.  Each
failure is printed with its seed and kind, and its rulespec is kept in the
output folder, so ``--replay KIND:SEED`` runs it again.  Exit status 1 when
anything was found.
"""

from __future__ import annotations

import argparse
import random
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from sevens.compiler.load import builtin_ids
from sevens.runtime.position import legal_cards
from sevens.runtime.registry import load_rules
from tests.fuzz import generators as gen
from tests.fuzz.oracles import (
    Hang,
    assert_clean,
    compile_pair,
    first_disagreement,
    run_cli,
    time_limit,
    uses_known_multirow_bug,
)

#: Seconds one case may take before it counts as a hang.
CASE_SECONDS = 60.0


class Known(Exception):
    """A disagreement of the known, separately tracked class (see ``uses_known_multirow_bug``)."""


def _rulespec_case(text: str, folder: Path, deals: int) -> str:
    """Validate; when valid, compile and compare with the reference. Returns the outcome."""
    path = gen.write(folder, "case.yaml", text)
    result = run_cli("validate", str(path), seconds=CASE_SECONDS)
    assert_clean(result, positioned=True)
    if result.exit_code != 0:
        return "refused"
    pair = compile_pair(path)
    problem = first_disagreement(pair, range(deals))
    if problem and uses_known_multirow_bug(pair.analysed):
        raise Known(problem)
    assert problem is None, problem
    return "agreed"


def case_condition(rng: random.Random, folder: Path) -> str:
    return _rulespec_case(gen.house_rule(rng, gen.condition_overlay(rng)), folder, 3)


def case_combination(rng: random.Random, folder: Path) -> str:
    return _rulespec_case(gen.house_rule(rng, gen.rule_overlay(rng)), folder, 3)


def case_hostile(rng: random.Random, folder: Path) -> str:
    if rng.random() < 0.5:
        return _rulespec_case(gen.house_rule(rng, gen.rule_overlay(rng, hostile=0.6)), folder, 1)
    return _rulespec_case(gen.mutated_builtin(rng), folder, 1)


def case_position(rng: random.Random, folder: Path) -> str:
    from sevens.compiler.interpret import ReferenceRules
    from sevens.compiler.pipeline import find_rulespec, load_rulespec

    variant = rng.choice(builtin_ids())
    rules = load_rules(variant)
    table, hand = gen.position_text(rng, list(rules.CARD_CODES))
    result = run_cli("legal", variant, "--table", table, "--hand", hand, seconds=CASE_SECONDS)
    assert_clean(result, positioned=False)
    if result.exit_code != 0:
        return "refused"
    reference = ReferenceRules(load_rulespec(find_rulespec(variant)))
    assert legal_cards(rules, table, hand) == legal_cards(reference, table, hand), (
        f"{variant} --table '{table}' --hand '{hand}'"
    )
    return "agreed"


CASES: dict[str, Callable[[random.Random, Path], str]] = {
    "condition": case_condition,
    "combination": case_combination,
    "hostile": case_hostile,
    "position": case_position,
}


def run_case(kind: str, seed: int, folder: Path) -> tuple[str, str | None]:
    """One case: its outcome, and a report when it failed."""
    rng = random.Random(seed)
    try:
        with time_limit(CASE_SECONDS):
            return CASES[kind](rng, folder), None
    except Known as exc:
        return "known", str(exc)
    except Hang as exc:
        return "hang", str(exc)
    except AssertionError as exc:
        return "failed", str(exc)
    except Exception:
        return "traceback", traceback.format_exc()


def _keep(out: Path, kind: str, seed: int, report: str, folder: Path) -> None:
    case = folder / "case.yaml"
    stem = out / f"{kind}-{seed}"
    if case.exists():
        stem.with_suffix(".yaml").write_text(case.read_text(encoding="utf-8"), encoding="utf-8")
    stem.with_suffix(".txt").write_text(report, encoding="utf-8")


def fuzz(minutes: float, seed: int, out: Path) -> Counter[str]:
    """Run random cases for ``minutes``; print and keep every failure."""
    out.mkdir(parents=True, exist_ok=True)
    deadline = time.monotonic() + minutes * 60
    counts: Counter[str] = Counter()
    kinds = sorted(CASES)
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        number = 0
        while time.monotonic() < deadline:
            kind, case_seed = kinds[number % len(kinds)], seed + number
            number += 1
            outcome, report = run_case(kind, case_seed, folder)
            counts[f"{kind}:{outcome}"] += 1
            if report is not None:
                print(f"{outcome}: {kind}:{case_seed}: {report.splitlines()[-1][:300]}", flush=True)
                _keep(out, kind, case_seed, report, folder)
    return counts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--minutes", type=float, default=1.0, help="how long to run")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first case")
    parser.add_argument("--out", type=Path, default=Path("fuzz-findings"), help="where failures go")
    parser.add_argument("--replay", metavar="KIND:SEED", help="run one case again and show it")
    args = parser.parse_args(argv)
    if args.replay:
        kind, seed = args.replay.split(":")
        with tempfile.TemporaryDirectory() as scratch:
            outcome, report = run_case(kind, int(seed), Path(scratch))
            print(
                outcome,
                report or "",
                (Path(scratch) / "case.yaml").read_text()
                if (Path(scratch) / "case.yaml").exists()
                else "",
                sep="\n",
            )
        return 0 if report is None else 1
    started = time.monotonic()
    counts = fuzz(args.minutes, args.seed, args.out)
    total = sum(counts.values())
    print(f"{total} cases in {time.monotonic() - started:.0f} s")
    for key in sorted(counts):
        print(f"  {key:28} {counts[key]}")
    bad = sum(n for k, n in counts.items() if k.endswith((":traceback", ":hang", ":failed")))
    print(
        f"failures: {bad}  (known multi-row bug: {sum(n for k, n in counts.items() if k.endswith(':known'))})"
    )
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
