"""The live results of the house rule being edited: the same code paths as the CLI.

The text lives in memory only.  It is loaded by
:func:`~sevens.compiler.pipeline.load_rulespec_text` (``extends:`` may name only a
built-in id, so the page cannot make the server read a file), checked as ``sevens
validate`` checks a file named :data:`EDITOR_NAME`, and its results come from the
functions the commands call: the rule sheet from ``render_rulesheet`` (``sevens
rulesheet``), the differences from ``describe_diff`` (``sevens diff PARENT FILE``), the
fairness figures from the balance lab's ``compare`` (``sevens compare --json``).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.pipeline import load_rulespec_text
from sevens.compiler.rulesheet import describe_diff, load_parent, render_rulesheet

from ..json_output import program_version
from ..lab.commands import compare_shipped
from ..lab.report import Context
from ..lab.report import render as render_report
from ..lab.runner import ship_rules, unload
from ..loading.registry import recommended_players_of

#: The name the editor's text goes by in messages, as if it were a file of that name.
EDITOR_NAME = "house-rule.yaml"

#: The experiments the fairness panel shows: the table (win shares, deal length, passes) and,
#: where a rule set lets a player pass while able to play, who gains from doing so.
FAIRNESS_EXPERIMENTS = ("main", "penalty")


@dataclass(frozen=True)
class Problem:
    """One diagnostic placed in the editor: 1-based line and column, and its message."""

    line: int
    column: int
    message: str


@dataclass
class Checked:
    """The text after the compiler's checks: its rules, or what is wrong with it."""

    rules: AnalysedRules | None
    problems: list[Problem] = field(default_factory=list)
    report: str = ""  # every diagnostic as ``sevens validate`` prints it

    def as_json(self) -> dict[str, Any]:
        """The check's outcome for the page."""
        return {
            "valid": self.rules is not None,
            "problems": [vars(problem) for problem in self.problems],
            "report": self.report,
        }


def check(text: str) -> Checked:
    """Load and check the editor's text through the whole front end of the compiler."""
    try:
        rules = load_rulespec_text(EDITOR_NAME, text)
    except SevensError as error:
        return Checked(None, [_problem(d) for d in error.diagnostics], error.render())
    return Checked(rules)


def _problem(diagnostic: Diagnostic) -> Problem:
    """Where the editor underlines a diagnostic: at its place in the text, else (a problem
    with no place, or in an inherited built-in) at the first line."""
    first_line = diagnostic.render().split("\n")[0]
    location = diagnostic.location
    if location is None or location.path != EDITOR_NAME:
        return Problem(1, 1, first_line)
    return Problem(location.line, location.column, first_line)


def rule_sheet(rules: AnalysedRules, lang: str, fmt: str = "html") -> str:
    """The rule sheet, exactly as ``sevens rulesheet FILE --lang LANG --format FMT`` writes it."""
    return render_rulesheet(rules, lang, fmt)


def parent_of(rules: AnalysedRules) -> AnalysedRules:
    """The built-in the house rule extends, or a clear error when it extends none."""
    parent = load_parent(rules)
    if parent is None:
        raise SevensError(Diagnostic("this rule set extends no built-in: nothing to compare with"))
    return parent


def differences(rules: AnalysedRules, lang: str) -> str:
    """The differences from the parent, as ``sevens diff PARENT FILE --lang LANG`` prints them."""
    return describe_diff(parent_of(rules), rules, lang)


def fairness(
    rules: AnalysedRules,
    games: int,
    players: int | None = None,
    *,
    native: bool = False,
    stop: threading.Event | None = None,
) -> dict[str, Any]:
    """``sevens compare PARENT FILE --json`` on ``games`` paired deals, for the panel's
    experiments only: the parent is side ``a``, the house rule side ``b``.

    ``native``: as ``--backend numba`` (the kernels must be warm: see
    :mod:`sevens.serve.kernels`), each side the kernels do not play is played in Python and
    the command's note says why.  The result adds ``notes`` (those lines) and ``backend``,
    ``numba`` when the kernels played both sides.  ``stop`` ends the games between two
    deals (:class:`~sevens.lab.runner.Cancelled`)."""
    parent = parent_of(rules)
    seats = players if players is not None else recommended_players_of(rules.spec)
    house = ship_rules(EDITOR_NAME, rules)
    sources = [ship_rules(parent.spec.id, parent), house]
    notes: list[str] = []
    try:
        result = compare_shipped(
            sources,
            seats,
            games,
            experiments=FAIRNESS_EXPERIMENTS,
            native=[parent, rules] if native else None,
            note=notes.append,
            stop=stop,
        )
    finally:
        unload(house)  # each edit is a new module: the server keeps only the parents
    # the lab notes only a side played in Python (the panel keeps no record)
    backend = "numba" if native and not notes else "python"
    return {**result, "backend": backend, "notes": notes}


def fairness_report(rules: AnalysedRules, result: dict[str, Any], lang: str = "en") -> str:
    """The balance lab's HTML report of a fairness result (``sevens compare --report``), in
    ``lang``, with the differences from the parent as ``sevens diff --lang`` says them."""
    backend = " --backend numba" if result.get("backend") == "numba" else ""
    context = Context(
        reproduce=f"sevens compare {result['a']['source']} {EDITOR_NAME} "
        f"--players {result['players']} --games {result['games']} --seed {result['seed']}"
        + backend,
        version=program_version(),
        rules=describe_diff(parent_of(rules), rules, lang),
    )
    return render_report(result, context, lang)
