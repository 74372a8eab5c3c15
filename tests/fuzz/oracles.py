"""What the fuzz tests assert about any input.

* A command ends with exit status 0, or 2 with a clean message (positioned
  ``file:line:col`` when the input was a rulespec file): never a traceback,
  never an exception escaping ``main``, never longer than a time limit.
* Whatever ``validate`` accepts compiles, imports and plays, and the compiled
  move generator agrees with the reference interpreter decision for decision.
"""

from __future__ import annotations

import re
import signal
import traceback
import types
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from click.testing import CliRunner, Result

from sevens.cli import main
from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.interpret import ReferenceRules
from sevens.compiler.pipeline import compile_file, reference_rules
from sevens.runtime.api import GameError
from sevens.runtime.engine import Table, play_deal
from sevens.runtime.machine import CompiledRules
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import check_players
from sevens.runtime.strategies import random_strategy

#: A diagnostic header ``path:line:col: message``.
POSITIONED = re.compile(r"^\S+:\d+:\d+: \S", re.MULTILINE)
EXIT_INVALID = 2


class Hang(Exception):
    """A case ran longer than its time limit."""


@contextmanager
def time_limit(seconds: float) -> Iterator[None]:
    """Raise :class:`Hang` in the main thread when ``seconds`` pass (SIGALRM)."""

    def expire(signum: int, frame: Any) -> None:
        raise Hang(f"no result after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expire)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_cli(*args: str, seconds: float = 30.0) -> Result:
    """Run ``sevens ARGS`` in-process under a time limit."""
    with time_limit(seconds):
        return CliRunner().invoke(main, list(args))


def assert_clean(result: Result, *, positioned: bool) -> None:
    """Exit 0, or exit 2 with a one-block message; a position when ``positioned``."""
    output = result.output
    assert "Traceback" not in output, output
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert result.exc_info is not None
        raise AssertionError("".join(traceback.format_exception(*result.exc_info)))
    if result.exit_code == 0:
        assert result.exception is None, repr(result.exception)
        return
    assert result.exit_code == EXIT_INVALID, f"exit {result.exit_code}: {output!r}"
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    if positioned:
        assert POSITIONED.search(output), f"no file:line:col in {output!r}"


def module_from_source(source: str, name: str) -> types.ModuleType:
    """Import a generated module from its text (as the registry does from a file)."""
    module = types.ModuleType(name)
    exec(compile(source, f"<{name}>", "exec"), module.__dict__)
    return module


@dataclass
class Pair:
    """The compiled rules and the reference interpreter of one rulespec."""

    compiled: Any
    reference: ReferenceRules
    analysed: AnalysedRules
    source: str


def compile_pair(path: Path) -> Pair:
    """Compile ``path`` (already valid) and build its reference interpreter."""
    result = compile_file(path)
    module = module_from_source(result.source, f"fuzz_{result.spec.id.replace('-', '_')}")
    return Pair(CompiledRules(module), reference_rules(result.rules), result.rules, result.source)


def play_both(pair: Pair, seed: int) -> str | None:
    """Play one recorded deal with each; a description of the first difference, or None."""
    gen, ref = pair.compiled, pair.reference
    span = gen.rule_set.players.max - gen.rule_set.players.min + 1
    players = gen.rule_set.players.min + seed % span
    try:  # a count the rule set refuses (with a message, exit 2 from the CLI) is not played
        check_players(gen, players)
    except GameError:
        return None
    results = []
    for rules in (gen, ref):
        table = Table(
            players,
            [random_strategy(rules)] * players,
            seed % players,
            record=True,
            forget_last_card=0.5,
        )
        results.append(play_deal(rules, table, GameRandom(seed)))
    a, b = results
    assert a.record is not None and b.record is not None
    for index, (x, y) in enumerate(zip(a.record["decisions"], b.record["decisions"], strict=False)):
        if x != y:
            return (
                f"{players} players, seed {seed}: decision {index}: compiled {x} != reference {y}"
            )
    if a.record != b.record:
        return f"{players} players, seed {seed}: records differ in length or layout"
    if (a.winner, a.chips, a.points) != (b.winner, b.chips, b.points):
        return (
            f"{players} players, seed {seed}: results differ: compiled "
            f"{(a.winner, a.chips, a.points)} != reference {(b.winner, b.chips, b.points)}"
        )
    return None


def first_disagreement(pair: Pair, seeds: range) -> str | None:
    """The first deal (by seed) on which compiled and reference rules disagree."""
    for seed in seeds:
        found = play_both(pair, seed)
        if found:
            return found
    return None
