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
import json
import os
import random
import re
import sys
import tempfile
import time
import traceback
from collections import Counter
from collections.abc import Callable
from html.parser import HTMLParser
from pathlib import Path

from sevens.compiler.load import builtin_ids
from sevens.loading.registry import load_rules
from sevens.play.legal import legal_cards
from tests.fuzz import generators as gen
from tests.fuzz import hazards
from tests.fuzz.oracles import (
    Hang,
    assert_clean,
    compile_pair,
    first_disagreement,
    run_cli,
    time_limit,
)

#: Seconds one case may take before it counts as a hang.
CASE_SECONDS = 60.0


def _rulespec_case(text: str, folder: Path, deals: int) -> str:
    """Validate; when valid, compile and compare with the reference. Returns the outcome."""
    path = gen.write(folder, "case.yaml", text)
    result = run_cli("validate", str(path), seconds=CASE_SECONDS)
    assert_clean(result, positioned=True)
    if result.exit_code != 0:
        return "refused"
    pair = compile_pair(path)
    problem = first_disagreement(pair, range(deals))
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
    from sevens.compiler.pipeline import find_rulespec, load_rulespec, reference_rules

    variant = rng.choice(builtin_ids())
    rules = load_rules(variant)
    table, hand = gen.position_text(rng, list(rules.rule_set.card_codes))
    result = run_cli("legal", variant, "--table", table, "--hand", hand, seconds=CASE_SECONDS)
    assert_clean(result, positioned=False)
    if result.exit_code != 0:
        return "refused"
    reference = reference_rules(load_rulespec(find_rulespec(variant)))
    assert legal_cards(rules, table, hand) == legal_cards(reference, table, hand), (
        f"{variant} --table '{table}' --hand '{hand}'"
    )
    return "agreed"


def case_wrapped(rng: random.Random, folder: Path) -> str:
    """A play condition long enough to be wrapped, with nested conditionals (issue: precedence)."""
    parent = rng.choice(builtin_ids())
    path = gen.write(
        folder,
        "case.yaml",
        f"id: wrapped\nextends: {parent}\nplay:\n  legal: {json.dumps(gen.long_condition(rng))}\n",
    )
    result = run_cli("validate", str(path), seconds=CASE_SECONDS)
    assert_clean(result, positioned=True)
    if result.exit_code != 0:
        return "refused"
    start = rng.randrange(1000)
    problem = first_disagreement(compile_pair(path), range(start, start + 3))
    assert problem is None, problem
    return "agreed"


def case_sheet(rng: random.Random, folder: Path) -> str:
    """Hostile free text in a house rule: no raw invisible character and no unsafe link in any sheet."""
    path = gen.write(folder, "case.yaml", gen.house_rule(rng, gen.hostile_text_overlay(rng)))
    result = run_cli("validate", str(path), seconds=CASE_SECONDS)
    assert_clean(result, positioned=True)
    if result.exit_code != 0:
        return "refused"
    lang = rng.choice(["en", "de", "ja", "pt"])
    for form in ("html", "md"):
        sheet = run_cli(
            "rulesheet", str(path), "--lang", lang, "--format", form, seconds=CASE_SECONDS
        )
        assert_clean(sheet, positioned=True)
        assert sheet.exit_code == 0, sheet.output
        assert_safe_text(sheet.output, form)
    return "rendered"


class _Links(HTMLParser):
    """The real tags and link targets of an HTML page (escaped text is not a tag)."""

    def __init__(self) -> None:
        super().__init__()
        self.tags: list[str] = []
        self.targets: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append(tag)
        self.targets += [value or "" for name, value in attrs if name in ("href", "src", "action")]


def assert_safe_text(text: str, form: str) -> None:
    """No raw control or bidi character, rulespec markup shown as text, no link but http(s)."""
    bad = [c for c in gen.INVISIBLE if c in text]
    assert not bad, f"raw {[hex(ord(c)) for c in bad]} in the {form} sheet"
    safe = ("http://", "https://", "#")
    if form == "html":
        page = _Links()
        page.feed(text)
        assert "script" not in page.tags, "a script tag in the sheet"
        raw = [m for m in gen.MARKUP if m.startswith("<") and m in text]
        assert not raw, f"rulespec markup reached the HTML sheet raw: {raw}"
        unsafe = [t for t in page.targets if not t.strip().lower().startswith(safe)]
        assert not unsafe, f"links to {unsafe} in the HTML sheet"
    else:
        # a Markdown link is [text](target) with the bracket not escaped
        for match in re.finditer(r"(?<!\\)\]\(\s*([^)\s]*)", text):
            assert match.group(1).lower().startswith(safe), match.group(0)


def case_output(rng: random.Random, folder: Path) -> str:
    """A file-writing option pointed at a FIFO, a link, a device, a folder, an input…"""
    work = Path(tempfile.mkdtemp(dir=folder))
    parent, child = hazards.inputs(work)
    writer, kind = hazards.pick(rng)
    hazard = hazards.make(kind, work, parent, child, folder_option=writer in hazards.FOLDER_WRITERS)
    before = set(os.listdir(work))
    args = [a.format(input=child, parent=parent) for a in hazards.WRITERS[writer]]
    result = run_cli(*args, hazard.path, seconds=CASE_SECONDS)
    assert_clean(result, positioned=False)
    hazard.check(result.exit_code)
    left = hazards.leftovers(work, before)
    assert not left, f"{writer} {kind}: left behind {left}"
    return f"exit{result.exit_code}"


def case_input(rng: random.Random, folder: Path) -> str:
    """A rulespec path that is a FIFO, a link to /dev/zero, a huge file or a folder."""
    work = Path(tempfile.mkdtemp(dir=folder))
    kind = rng.choice(hazards.HOSTILE_INPUTS)
    path = hazards.hostile_input(kind, work)
    command = rng.choice(
        [["validate"], ["simulate", "--games", "1"], ["rulesheet", "--lang", "en"]]
    )
    args = [command[0], str(path), *command[1:]]
    result = run_cli(*args, seconds=20)
    assert_clean(result, positioned=False)
    assert result.exit_code == 2, f"{kind} rulespec accepted by {command[0]}"
    return "refused"


def case_options(rng: random.Random, folder: Path) -> str:
    """Odd option values (negative seeds, huge numbers, bad scheduler addresses, too many bots)."""
    args = gen.option_arguments(rng)
    result = run_cli(*args, seconds=CASE_SECONDS)
    assert_clean(result, positioned=False)
    return f"exit{result.exit_code}"


CASES: dict[str, Callable[[random.Random, Path], str]] = {
    "condition": case_condition,
    "combination": case_combination,
    "hostile": case_hostile,
    "position": case_position,
    "wrapped": case_wrapped,
    "sheet": case_sheet,
    "output": case_output,
    "input": case_input,
    "options": case_options,
}


def run_case(kind: str, seed: int, folder: Path) -> tuple[str, str | None]:
    """One case: its outcome, and a report when it failed."""
    rng = random.Random(seed)
    try:
        with time_limit(CASE_SECONDS):
            return CASES[kind](rng, folder), None
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
    print(f"failures: {bad}")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
