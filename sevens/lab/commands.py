"""The lab's commands: ``sevens analyse VARIANT`` and ``sevens compare A B``.

Both play seeded chunks of games (see :mod:`.runner`) on ``--jobs`` processes
or a dask cluster (``--scheduler``), print findings with their intervals (or
``--json``), and can write a self-contained HTML report.  Ctrl-C stops the
run and reports what was played, marked partial (exit status 130).
"""

from __future__ import annotations

import dataclasses
import math
import os
import shlex
import sys
import threading
import time
from collections.abc import Callable, Collection, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any, TypeVar

import click

from sevens.bots import STRATEGIES
from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.load import load_document
from sevens.compiler.native import NativeUnsupported
from sevens.compiler.output import check_output, open_output, write_text
from sevens.compiler.pipeline import find_rulespec
from sevens.runtime.api import GameError
from sevens.runtime.engine import Table
from sevens.runtime.match import number_of_deals, play_match
from sevens.runtime.randomness import GameRandom
from sevens.runtime.simulate import check_players

from ..json_output import document, program_version
from ..loading.registry import recommended_players
from ..options import OUTPUT_FILE, STRATEGY, FloatBetween
from . import figures
from .i18n import LANGUAGES
from .measures import Experiment, plan
from .native_games import forget, native_side
from .runner import (
    Job,
    Outcome,
    Source,
    chunk_games,
    chunks,
    load,
    run,
    scheduler_address,
    ship,
)

EXIT_INVALID = 2
EXIT_INTERRUPTED = 130

F = TypeVar("F", bound=Callable[..., Any])


@contextmanager
def _user_errors() -> Iterator[None]:
    """User mistakes: one line on stderr, exit status 2, nothing written."""
    try:
        yield
    except SevensError as exc:
        click.echo(exc.render(), err=True)
        sys.exit(EXIT_INVALID)
    except GameError as exc:
        click.echo(f"error: {exc}", err=True)
        sys.exit(EXIT_INVALID)


#: The lab's player when none is named: random cards, but no pass it could avoid (a
#: random bot that passes at random would make every passing rule look costly).
DEFAULT_STRATEGY = "random-play"

#: The most worker processes one run starts.
MAX_JOBS = 256


def _common(command: F) -> F:
    """The options ``analyse`` and ``compare`` share."""
    options = [
        click.option(
            "--players",
            "-p",
            type=int,
            help="Number of players (default: the rule set's recommended count, as simulate).",
        ),
        click.option(
            "--games",
            "-g",
            default=10000,
            show_default=True,
            type=click.IntRange(min=1),
            help="Games (deals) per experiment.",
        ),
        click.option(
            "--seed",
            "-s",
            default=0,
            show_default=True,
            type=click.IntRange(min=0),  # Random(-n) is Random(n): seeds below 0 repeat deals
            help="Game g uses seed+g; not negative.",
        ),
        click.option(
            "--strategy",
            type=STRATEGY,
            help=f"Bot strategy for every seat (default: {DEFAULT_STRATEGY}: a random legal "
            "card, never a pass it could avoid).",
        ),
        click.option("--seats", help="A strategy per seat, e.g. heuristic,random,random,random."),
        click.option(
            "--confidence",
            default=0.95,
            show_default=True,
            type=FloatBetween(0.5, 0.9999),
            help="Confidence level of the intervals.",
        ),
        click.option(
            "--forget",
            default=0.1,
            show_default=True,
            type=FloatBetween(0, 1),
            help="Chance that a bot forgets to announce 'last card'.",
        ),
        click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON."),
        click.option("--report", type=OUTPUT_FILE, help="Write an HTML report."),
        click.option(
            "--lang",
            "-l",
            default="en",
            show_default=True,
            type=click.Choice(LANGUAGES),
            help="Language of the report (de en es fr ja nl pt ru sv).",
        ),
        click.option(
            "--jobs",
            "-j",
            # bounded: a pool is one process and a few semaphores per worker
            type=click.IntRange(min=1, max=MAX_JOBS),
            help=f"Worker processes, 1 to {MAX_JOBS} (default: all cores).",
        ),
        click.option(
            "--scheduler",
            callback=_check_scheduler_option,
            help="Run the chunks on a dask cluster (tcp://host:8786).",
        ),
        click.option(
            "--backend",
            type=click.Choice(["python", "numba"]),
            default="python",
            show_default=True,
            help="python: the engine; numba: the native kernels, the same games faster "
            "(pip install 'sevens[fast]'); what they do not play is played in Python, with a note.",
        ),
        click.option("--quiet", "-q", is_flag=True, help="No progress bar."),
    ]
    for option in reversed(options):
        command = option(command)
    return command


def _check_scheduler_option(
    context: click.Context, parameter: click.Parameter, value: str | None
) -> str | None:
    """The address in its one accepted form, refused before anything is played."""
    try:
        return None if value is None else scheduler_address(value)
    except ValueError as exc:
        raise click.BadParameter(str(exc)) from None


def _seats(strategy: str | None, seats: str | None, players: int) -> tuple[str, ...]:
    """The strategy of every seat, from ``--strategy`` or ``--seats``."""
    if strategy is not None and seats is not None:
        raise SevensError(Diagnostic("give --strategy or --seats, not both"))
    names = seats.split(",") if seats is not None else [strategy or DEFAULT_STRATEGY] * players
    names = [name.strip() for name in names]
    for name in names:
        if name not in STRATEGIES:
            raise SevensError(
                Diagnostic(f"unknown strategy '{name}' (known: {', '.join(STRATEGIES)})")
            )
    if len(names) != players:
        raise SevensError(
            Diagnostic(f"--seats names {len(names)} strategies for {players} players")
        )
    return tuple(names)


class _Bar:
    """A rich progress bar on stderr that appears once a run has lasted a second."""

    def __init__(self, total: int, quiet: bool) -> None:
        self.total, self.started = total, time.perf_counter()
        self.enabled = not quiet and sys.stderr.isatty()
        self.bar: Any = None

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        if self.bar is None and time.perf_counter() - self.started > 1.0:
            from rich.console import Console
            from rich.progress import Progress

            self.bar = Progress(console=Console(stderr=True), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("playing", total=self.total)
        if self.bar is not None:
            self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _play(
    job: Job, jobs: int | None, scheduler: str | None, quiet: bool, record: IO[str] | None = None
) -> tuple[Outcome, float]:
    total = sum(c.stop - c.start for c in chunks(job))
    bar = _Bar(total, quiet)
    started = time.perf_counter()
    try:
        outcome = run(job, jobs or os.cpu_count() or 1, scheduler, bar, record)
    finally:
        bar.close()
    return outcome, time.perf_counter() - started


def _input_files(references: list[str]) -> list[Path]:
    """The rulespec files the rule sets are read from, with every parent they extend."""
    return [path for ref in references for path in load_document(find_rulespec(ref)).paths]


def _check_outputs(options: dict[str, Any], inputs: list[Path]) -> None:
    """Refuse a report or record that could not be written before playing, not after."""
    for key, what in (("report", "the report"), ("record", "the record")):
        if options.get(key) is not None:
            check_output(options[key], what=what, inputs=inputs)


def _prepare(reference: str, players: int) -> Source:
    source = ship(reference)
    rules, _ = load(source)
    check_players(rules, players)
    return source


#: The pilot matches' seeds, apart from the games' own (which start at --seed).
PILOT_SEED = 2**40

#: Pilot matches that estimate how long a match played to a target lasts.
PILOT_MATCHES = 20


def _match_deals(source: Source, players: int) -> float:
    """About how many deals a match of the rule set lasts.

    A fixed number when the session has no target; with a target, the session's
    deal count is only a cap (50 for Cinquillo, which ends near 5 deals), so the
    mean of a few pilot matches on fixed seeds (the same on any --jobs) decides how
    many matches make up about ``--games`` deals.
    """
    rules, _ = load(source)
    cap = number_of_deals(rules, players, None)
    session = rules.rule_set.session
    if (session.target_chips, session.target_points, session.target_deals) == (None,) * 3:
        return cap
    table = Table(players, [STRATEGIES[DEFAULT_STRATEGY](rules)] * players)
    lengths = [
        len(play_match(rules, table, GameRandom(PILOT_SEED + game), cap).deals)
        for game in range(PILOT_MATCHES)
    ]
    return max(1.0, sum(lengths) / len(lengths))


@click.command()
@click.argument("variant")
@_common
@click.option("--record", type=OUTPUT_FILE, help="Write the main table's games (JSON Lines).")
def analyse(variant: str, **options: Any) -> None:
    """How fair is VARIANT, how long are its deals, does skill matter: figures with intervals."""
    with _user_errors():
        if options["players"] is None:
            options["players"] = recommended_players(variant)
        source = _prepare(variant, options["players"])
        options["inputs"] = _input_files([variant])
        _check_outputs(options, options["inputs"])
        job = _job([source], options, record=options["record"] is not None)
        with _record_file(options["record"], options["inputs"]) as stream:
            outcome, seconds = _play(
                job, options["jobs"], options["scheduler"], options["quiet"], stream
            )
        result = analysis(job, outcome, options["confidence"], options["games"])
        rules = _summary(variant, options["lang"]) if options["report"] is not None else ""
        _finish("analyse", result, options, seconds, _print_analysis, rules)


@click.command()
@click.argument("first")
@click.argument("second")
@_common
def compare(first: str, second: str, **options: Any) -> None:
    """Play the same deals under rule sets FIRST and SECOND and say which differences are real."""
    with _user_errors():
        if options["players"] is None:
            options["players"] = recommended_players(first)
        sources = [_prepare(ref, options["players"]) for ref in (first, second)]
        options["inputs"] = _input_files([first, second])
        _check_outputs(options, options["inputs"])
        job = _job(sources, options)
        outcome, seconds = _play(job, options["jobs"], options["scheduler"], options["quiet"])
        result = comparison(job, outcome, options["confidence"], options["games"])
        rules = (
            _differences(first, second, options["lang"]) if options["report"] is not None else ""
        )
        _finish("compare", result, options, seconds, _print_comparison, rules)


def compare_shipped(
    sources: list[Source],
    players: int,
    games: int,
    experiments: Collection[str] | None = None,
    seed: int = 0,
    confidence: float = 0.95,
    *,
    native: Sequence[AnalysedRules] | None = None,
    note: Callable[[str], None] | None = None,
    stop: threading.Event | None = None,
) -> dict[str, Any]:
    """What ``sevens compare --json`` computes for two rule sets already shipped, played in
    this process; ``experiments`` keeps only those named (all by default).

    With ``native`` (the sources' rules), each side the kernels play is played by them, as
    ``--backend numba``; a side they do not play is played in Python, with the command's
    one-line note passed to ``note`` (printed on stderr by default).  ``stop`` ends the run
    between two games (:class:`~sevens.lab.runner.Cancelled`).

    The workbench's fairness panel (``sevens serve``) asks for it with few games and only
    the experiments it shows.
    """
    for source in sources:
        check_players(load(source)[0], players)
    options = {"players": players, "games": games, "seed": seed, "forget": 0.1}
    job = _job(sources, {**options, "strategy": None, "seats": None}, only=experiments)
    if native is not None:
        job = _played_natively(job, native, note or _print_note)
    try:
        outcome = run(job, jobs=1, stop=stop)
    finally:
        for source in job.sources:
            if source.native is not None:
                forget(source.native)  # a long-running caller keeps no prepared arrays
    result: dict[str, Any] = _finite(comparison(job, outcome, confidence, games))
    return result


def _played_natively(job: Job, rules: Sequence[AnalysedRules], note: Callable[[str], None]) -> Job:
    """``job`` with each side the kernels play in its native form."""
    experiments = list(job.experiments)
    sources = tuple(
        _natively(source, job.players, experiments, job.record, analysed, note)
        for source, analysed in zip(job.sources, rules, strict=True)
    )
    return dataclasses.replace(job, sources=sources)


def _print_note(line: str) -> None:
    print(line, file=sys.stderr)


def _job(
    sources: list[Source],
    options: dict[str, Any],
    record: bool = False,
    only: Collection[str] | None = None,
) -> Job:
    players = options["players"]
    seats = _seats(options["strategy"], options["seats"], players)
    facts = [load(source)[1] for source in sources]
    needs_matches = only is None or "session" in only
    deals = [_match_deals(source, players) if needs_matches else 1.0 for source in sources]
    experiments = [
        e for e in plan(seats, options["games"], facts, deals) if only is None or e.name in only
    ]
    if options.get("backend") == "numba":
        sources = [_natively(source, players, experiments, record) for source in sources]
    return Job(
        tuple(sources), players, options["seed"], options["forget"], tuple(experiments), record
    )


def _natively(
    source: Source,
    players: int,
    experiments: list[Experiment],
    record: bool,
    analysed: AnalysedRules | None = None,
    note: Callable[[str], None] = _print_note,
) -> Source:
    """``source`` with its native form for the kernels (made from ``analysed``, else from the
    file or id it names), or as it is (played in Python) with a one-line note saying why."""
    strategies = {name for e in experiments for name in (*e.seats, e.focus, e.others) if name}
    rules, _ = load(source)
    deals = number_of_deals(rules, players, None)
    try:
        side = native_side(analysed or source.name, players, deals, strategies)
    except NativeUnsupported as exc:
        note(f"note: {source.name} is played in Python: {exc}")
        return source
    if record:
        note("note: the main table is played in Python, which writes --record")
    return dataclasses.replace(source, native=side)


def _header(job: Job, outcome: Outcome, confidence: float, games: int) -> dict[str, Any]:
    played = sum(t[0].games for t in outcome.tallies.values())
    asked = sum(e.games for e in job.experiments)
    return {
        "players": job.players,
        "seed": job.seed,
        "games": games,
        "seats": list(job.experiments[0].seats),
        "confidence": confidence,
        "chunk": chunk_games(job),
        "partial": outcome.partial,
        "played": played,
        "planned": asked,
    }


def _figures(job: Job, outcome: Outcome, side: int, confidence: float) -> dict[str, Any]:
    _, facts = load(job.sources[side])
    return {
        e.name: figures.experiment_figures(
            outcome.tallies[e.name][side], e, facts, job.players, confidence
        )
        for e in job.experiments
        if not (e.name == "penalty" and not facts.voluntary_pass)
    }


def analysis(job: Job, outcome: Outcome, confidence: float, games: int) -> dict[str, Any]:
    """The JSON-ready result of ``sevens analyse`` (no timings, so it is reproducible)."""
    _, facts = load(job.sources[0])
    experiments = _figures(job, outcome, 0, confidence)
    return {
        "command": "analyse",
        "variant": facts.id,
        "source": job.sources[0].name,
        **_header(job, outcome, confidence, games),
        "experiments": experiments,
        "findings": figures.findings(experiments, 1 - confidence),
    }


def comparison(job: Job, outcome: Outcome, confidence: float, games: int) -> dict[str, Any]:
    """The JSON-ready result of ``sevens compare``."""
    facts = [load(source)[1] for source in job.sources]
    same_deck = facts[0].deck == facts[1].deck
    sides = [_figures(job, outcome, side, confidence) for side in (0, 1)]
    experiments: dict[str, Any] = {}
    for e in job.experiments:
        if e.name not in sides[0] or e.name not in sides[1]:
            experiments[e.name] = _one_sided(e.name, sides)
            continue
        a, b = outcome.tallies[e.name]
        rows = figures.differences(a, b, outcome.paired[e.name], job.players, confidence)
        experiments[e.name] = {"a": sides[0][e.name], "b": sides[1][e.name], "differences": rows}
    return {
        "command": "compare",
        "a": {"variant": facts[0].id, "source": job.sources[0].name},
        "b": {"variant": facts[1].id, "source": job.sources[1].name},
        **_header(job, outcome, confidence, games),
        "same_shuffles": same_deck,
        "pairing": figures.pairing_note(same_deck),
        "experiments": experiments,
        "findings": figures.comparison_findings(experiments, confidence),
    }


def _one_sided(name: str, sides: list[dict[str, Any]]) -> dict[str, Any]:
    """An experiment only one rule set has (withholding, where only one lets a player pass
    while able to play): its figures for that side, with nothing to difference."""
    side = "a" if name in sides[0] else "b"
    figures_of = sides[0 if side == "a" else 1][name]
    return {side: figures_of, "a" if side == "b" else "b": None, "differences": []}


def _finish(
    kind: str,
    result: dict[str, Any],
    options: dict[str, Any],
    seconds: float,
    show: Callable[[dict[str, Any], float], None],
    rules: str = "",
) -> None:
    if options["report"] is not None:
        from .report import Context, render

        context = Context(
            reproduce=_reproduce(kind, result, options), version=program_version(), rules=rules
        )
        write_text(
            options["report"],
            render(result, context, options["lang"]),
            what="the report",
            inputs=options["inputs"],
        )
    if options["as_json"]:
        click.echo(document(kind, _finite(result), indent=2, ensure_ascii=False, allow_nan=False))
    else:
        show(result, seconds)
    if result["partial"]:
        click.echo(
            f"interrupted: partial results from {result['played']} of {result['planned']} games",
            err=True,
        )
        sys.exit(EXIT_INTERRUPTED)


def _reproduce(kind: str, result: dict[str, Any], options: dict[str, Any]) -> str:
    """The command line that plays the same games again (the report shows it)."""
    references = (
        [result["source"]] if kind == "analyse" else [result["a"]["source"], result["b"]["source"]]
    )
    words = ["sevens", kind, *references]
    words += ["--players", str(result["players"]), "--games", str(result["games"])]
    words += ["--seed", str(result["seed"]), "--seats", ",".join(result["seats"])]
    words += ["--confidence", f"{result['confidence']:g}", "--forget", f"{options['forget']:g}"]
    return " ".join(shlex.quote(word) for word in words)


def _summary(reference: str, lang: str) -> str:
    """The rule set's name and description in ``lang`` (else its own), for the report."""
    from sevens.compiler.pipeline import load_rulespec

    spec = load_rulespec(find_rulespec(reference)).spec
    description = spec.naming.descriptions.get(lang, spec.description)
    return f"{spec.naming.names.get(lang, spec.name)}. {description}".strip()


def _differences(first: str, second: str, lang: str) -> str:
    """What B changes of A, as ``sevens diff A B --lang LANG`` says it, for the report."""
    from sevens.compiler.pipeline import load_rulespec
    from sevens.compiler.rulesheet import describe_diff

    a, b = (load_rulespec(find_rulespec(reference)) for reference in (first, second))
    return describe_diff(a, b, lang)


def _finite(value: Any) -> Any:
    """The result with NaN and infinite bounds (nothing measured) as JSON null."""
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if isinstance(value, dict):
        return {key: _finite(item) for key, item in value.items()}
    if isinstance(value, list):
        return [_finite(item) for item in value]
    return value


def _print_head(result: dict[str, Any], seconds: float, title: str) -> None:
    partial = "  PARTIAL (interrupted)" if result["partial"] else ""
    click.echo(title + partial)
    click.echo(
        f"table     {result['players']} players: {', '.join(result['seats'])}; seed {result['seed']}; "
        f"{result['games']} games per experiment, {result['played']} deals played in all in "
        f"{seconds:.1f} s; intervals at {result['confidence']:.0%}"
    )


def _print_analysis(result: dict[str, Any], seconds: float) -> None:
    _print_head(result, seconds, f"analysis  {result['variant']}")
    main = result["experiments"]["main"]
    rates = "  ".join(
        f"seat {s}: {figures.percent(r)}" for s, r in enumerate(main["wins"]["rates"])
    )
    click.echo(f"wins      {rates}")
    for key in ("chips", "points"):
        if key in main:
            means = "  ".join(
                f"seat {s}: {figures.signed(m)}" for s, m in enumerate(main[key]["mean"])
            )
            click.echo(f"{key:<10}{means}")
    if "teams" in main:
        _print_teams(main["teams"])
    click.echo("")
    for line in result["findings"]:
        click.echo(f"- {line}")


def _print_teams(teams: dict[str, Any]) -> None:
    """Each team's win rate, chips and points per deal (a team's are its players' sums)."""
    names = [
        f"team {t} (seats {' '.join(map(str, seats))})" for t, seats in enumerate(teams["seats"])
    ]
    rates = "  ".join(
        f"{n}: {figures.percent(r)}" for n, r in zip(names, teams["wins"]["rates"], strict=True)
    )
    click.echo(f"team wins {rates}")
    for key in ("chips", "points"):
        if key in teams:
            means = "  ".join(f"team {t}: {figures.signed(m)}" for t, m in enumerate(teams[key]))
            click.echo(f"team {key} {means}")


def _print_comparison(result: dict[str, Any], seconds: float) -> None:
    _print_head(
        result, seconds, f"compare   A = {result['a']['variant']}, B = {result['b']['variant']}"
    )
    click.echo(f"pairing   {result['pairing']}")
    for name, experiment in result["experiments"].items():
        if not experiment["differences"]:
            continue  # played by one rule set only: its figures are in the findings
        click.echo(f"\n[{name}]  {'measure':<30}{'A':>10}{'B':>10}  difference A − B")
        for row in experiment["differences"]:
            mark = "real" if row["real"] else ""
            click.echo(
                f"  {row['measure']:<36}{row['a']:>10.4g}{row['b']:>10.4g}  "
                f"{figures.signed(row['difference']):<28}{mark}"
            )
    click.echo("")
    for line in result["findings"]:
        click.echo(f"- {line}")


@contextmanager
def _record_file(path: Path | None, inputs: list[Path]) -> Iterator[IO[str] | None]:
    """The record, through the one output writer (``sevens.compiler.output``).

    An interrupted run still commits it (the runner returns rather than
    raising): it then holds the games of the chunks finished in order, as whole
    lines.
    """
    if path is None:
        yield None
        return
    with open_output(path, what="the record", inputs=inputs) as handle:
        yield handle


__all__ = ["analyse", "analysis", "compare", "comparison"]
