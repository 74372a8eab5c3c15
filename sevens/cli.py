"""The ``sevens`` command: validate, compile, simulate, legal, play, rulesheet, diff, serve.

User mistakes (bad files, unknown variants, impossible options) print a
clear message and exit with status 2, never a traceback.
"""

from __future__ import annotations

import io
import math
import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from statistics import NormalDist
from types import FrameType
from typing import IO, Any

import click

from sevens.compiler.errors import Diagnostic, SevensError, escape_text
from sevens.compiler.limits import MAX_SESSION_DEALS
from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.model import SYMBOL_TO_SUIT
from sevens.compiler.output import open_output, write_private
from sevens.compiler.pipeline import (
    compile_file,
    find_rulespec,
    generated_path,
    is_builtin,
    load_rulespec,
    write_atomic,
)
from sevens.runtime.api import GameError

from .json_output import document
from .options import OUTPUT_FILE, STRATEGY, FloatBetween

EXIT_INVALID = 2
EXIT_STALE = 1
EXIT_INTERRUPTED = 130  # 128 + SIGINT, as shells report a program stopped by Ctrl-C


def _fail(message: str) -> None:
    safe = "\n".join(escape_text(line) for line in message.split("\n"))
    click.echo(_encodable(safe, sys.stderr), err=True)
    sys.exit(EXIT_INVALID)


def _encodable(text: str, stream: IO[str]) -> str:
    """``text`` as ``stream`` can encode it: suit symbols become suit codes, the rest escapes."""
    encoding = getattr(stream, "encoding", None) or "utf-8"
    try:
        text.encode(encoding)
        return text
    except (UnicodeEncodeError, LookupError):
        pass
    for symbol, code in SYMBOL_TO_SUIT.items():
        text = text.replace(symbol, code)
    try:
        return text.encode(encoding, "backslashreplace").decode(encoding)
    except LookupError:
        return text.encode("ascii", "backslashreplace").decode("ascii")


def _echo(text: str, nl: bool = True) -> None:
    """Print to stdout, falling back to card codes where the terminal lacks the symbols."""
    click.echo(_encodable(text, sys.stdout), nl=nl)


def _terminate(signum: int, frame: FrameType | None) -> None:
    """SIGTERM unwinds like Ctrl-C, so temporary files are removed on the way out."""
    raise SystemExit(128 + signum)


def _install_signal_handlers() -> None:
    if threading.current_thread() is threading.main_thread():
        signal.signal(signal.SIGTERM, _terminate)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn user-facing errors into a message on stderr and exit status 2."""
    try:
        yield
    except SevensError as exc:
        _fail(exc.render())
    except GameError as exc:
        _fail(f"error: {exc}")


class _SevensGroup(click.Group):
    """The command group; Ctrl-C anywhere exits 130 with one line, not click's "Aborted!" and 1.

    Commands that can show partial results (simulate, analyse, compare) catch it
    themselves, print what was played and exit 130 too.
    """

    def invoke(self, ctx: click.Context) -> Any:
        try:
            return super().invoke(ctx)
        except KeyboardInterrupt:
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        except click.Abort as abort:
            # click's prompts turn Ctrl-C into Abort (as they do end of input): the
            # interrupt is still its context
            if not isinstance(abort.__context__, KeyboardInterrupt):
                raise
            click.echo("\ninterrupted", err=True)
            sys.exit(EXIT_INTERRUPTED)


@click.group(cls=_SevensGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sevens")
def main() -> None:
    """A rules compiler for the Sevens family of card games (Fan Tan, Parliament, …).

    VARIANT is a built-in id (see docs/variants.md) or a rulespec file. A file
    is compiled on the fly; a readable copy of its module is kept in the cache
    directory $SEVENS_CACHE (default: $XDG_CACHE_HOME/sevens, else
    ~/.cache/sevens), but what runs is always the fresh compile.
    """
    _install_signal_handlers()
    _tolerant_output()


def _tolerant_output() -> None:
    """Output degrades on a stream that cannot show a character (``PYTHONIOENCODING=latin-1``,
    a legacy console): an escape such as ``\u2212`` instead of a UnicodeEncodeError."""
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


@main.command()
@click.argument("rulespecs", nargs=-1, metavar="[FILE|ID]...")
def validate(rulespecs: tuple[str, ...]) -> None:
    """Check rulespec files or built-in ids (all built-ins if none); report every error as file:line:col."""
    targets = rulespecs or tuple(str(path) for path in _builtin_files())
    failures = []
    for reference in targets:
        try:
            load_rulespec(_rulespec_file(reference))
        except SevensError as exc:
            failures.append(exc.render())
    if failures:
        _fail("\n".join(failures))
    click.echo(f"{len(targets)} rulespec(s) valid")


def _rulespec_file(reference: str) -> Path:
    """The file named (a missing one is reported by the loader), or a built-in id's file."""
    path = Path(reference)
    if path.is_file() or path.suffix in (".yaml", ".yml") or len(path.parts) > 1:
        return path
    return find_rulespec(reference)


def _builtin_files() -> list[Path]:
    return [BUILTIN_DIR / f"{variant}.yaml" for variant in builtin_ids()]


@main.command(name="compile")
@click.argument("files", nargs=-1, type=click.Path(path_type=Path))
@click.option(
    "--check", is_flag=True, help="Exit 1 if any generated module is stale; write nothing."
)
@click.option(
    "-o",
    "--output",
    type=OUTPUT_FILE,
    help="Directory for modules of non-built-in rulespecs (default: the cache, $SEVENS_CACHE).",
)
def compile_command(files: tuple[Path, ...], check: bool, output: Path | None) -> None:
    """(Re)generate generated/<id>.py for the built-in rulespecs; FILES of your own are
    compiled into the cache (or -o DIR) and the module's path is printed."""
    targets = list(files) or _builtin_files()
    with _user_errors():
        compiled = [(path, compile_file(path)) for path in targets]  # all or nothing
        destinations = [_destination(path, result.spec, output) for path, result in compiled]
        _check_distinct(destinations, [path for path, _ in compiled])
    stale = []
    for destination, (source, result) in zip(destinations, compiled, strict=True):
        current = destination.read_text(encoding="utf-8") if destination.is_file() else None
        if current != result.source:
            stale.append(destination)
            if not check:
                _write_module(destination, result.source, source, output, targets)
        if files and not is_builtin(source) and not check:
            click.echo(f"{source}: module {destination}")
    if check:
        stale += _orphans() if not files else []
        for path in stale:
            click.echo(f"stale: {path}", err=True)
        sys.exit(EXIT_STALE if stale else 0)
    click.echo(f"compiled {len(compiled)} rulespec(s), {len(stale)} module(s) written")


def _write_module(
    destination: Path, text: str, source: Path, output: Path | None, inputs: list[Path]
) -> None:
    """A built-in's module or one for -o DIR replaces the file; the cache's copy is private."""
    with _user_errors():
        if is_builtin(source) or output is not None:
            write_atomic(destination, text, inputs=inputs)
        else:
            write_private(destination, text, what="the cached module", make_parents=True)


def _destination(path: Path, spec: Any, output: Path | None) -> Path:
    from .loading.registry import cached_module_path

    if output is not None:
        return output / f"{spec.id}.py"
    if is_builtin(path):
        return generated_path(spec.id)
    return cached_module_path(spec)


def _check_distinct(destinations: list[Path], sources: list[Path]) -> None:
    """Two rulespecs with one id would write one module: refuse rather than overwrite."""
    seen: dict[Path, Path] = {}
    for destination, source in zip(destinations, sources, strict=True):
        first = seen.setdefault(destination, source)
        if first is not source:
            raise SevensError(
                Diagnostic(
                    f"{source} and {first} both have the id '{destination.stem}'; "
                    f"both would be written to {destination}"
                )
            )


def _orphans() -> list[Path]:
    known = set(builtin_ids())
    folder = generated_path("x").parent
    return [
        p for p in sorted(folder.glob("*.py")) if p.stem not in known and p.name != "__init__.py"
    ]


@main.command()
@click.argument("variant")
@click.option(
    "--players",
    "-p",
    type=int,
    default=None,
    help="Number of players (default: the low end of players.best, else 4 within min … max).",
)
@click.option(
    "--games",
    "-g",
    default=1000,
    show_default=True,
    type=click.IntRange(min=1),
    help="Number of deals.",
)
@click.option(
    "--seed",
    "-s",
    default=0,
    show_default=True,
    type=click.IntRange(min=0),
    help="Seed of the first game (game g uses seed+g); not negative.",
)
@click.option(
    "--strategy",
    default="random",
    show_default=True,
    type=STRATEGY,
    help="Bot strategy for every seat.",
)
@click.option("--record", type=OUTPUT_FILE, help="Write every game to this JSON Lines file.")
@click.option(
    "--deals",
    type=click.IntRange(min=1, max=MAX_SESSION_DEALS),
    help="Play matches of this many deals (a session).",
)
@click.option(
    "--match", "as_match", is_flag=True, help="Play matches as long as the rulespec's session says."
)
@click.option(
    "--forget",
    default=0.1,
    show_default=True,
    type=FloatBetween(0, 1),
    help="Chance that a bot forgets to announce 'last card' (rule sets with that rule).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option(
    "--backend",
    type=click.Choice(["python", "numba"]),
    default="python",
    show_default=True,
    help="python: the reference engine; numba: native kernels (pip install 'sevens[fast]').",
)
def simulate(
    variant: str,
    players: int | None,
    games: int,
    seed: int,
    strategy: str,
    record: Path | None,
    deals: int | None,
    as_match: bool,
    forget: float,
    as_json: bool,
    backend: str,
) -> None:
    """Play GAMES deals of VARIANT (an id or a rulespec path) with bots and summarise them."""
    import sevens.bots  # noqa: F401  (registers the search bot before the strategy is looked up)
    from sevens.runtime.match import number_of_deals
    from sevens.runtime.simulate import Options, check_players
    from sevens.runtime.simulate import simulate as run

    with _user_errors():
        rules = _load_rules(variant)
        players = _default_players(variant, players)
        check_players(rules, players)
        if as_match and deals is None:
            deals = number_of_deals(rules, players, None)
        options = Options(players, games, seed, strategy, deals, forget)
        inputs = _input_files(variant)
        if backend == "numba":
            run = _native_simulator(variant, options)
        with _record_stream(record, inputs) as stream, _progress(games) as progress:
            summary = run(rules, options, stream, progress)
    if as_json:
        click.echo(document("simulate", summary.as_dict(), indent=2))
    else:
        _print_summary(summary.as_dict())
    if summary.partial:
        click.echo(
            f"interrupted: partial results from {summary.games} of {summary.planned} games",
            err=True,
        )
        sys.exit(EXIT_INTERRUPTED)


def _default_players(variant: str, players: int | None) -> int:
    """The player count asked for, else the rule set's recommended one."""
    from .loading.registry import recommended_players

    return players if players is not None else recommended_players(variant)


def _native_simulator(variant: str, options: Any) -> Any:
    """The native backend's simulate, or exit 2 saying why it cannot run this."""
    from .native import NativeUnsupported, native_simulator

    try:
        return native_simulator(variant, options)
    except NativeUnsupported as exc:
        _fail(f"error: {exc}")
        return None  # not reached: _fail exits


def _load_rules(variant: str) -> Any:
    from .loading.registry import load_rules

    return load_rules(variant)


def _input_files(variant: str) -> list[Path]:
    """The rulespec files a variant is read from: the file and every parent it extends."""
    from sevens.compiler.load import load_document

    return load_document(find_rulespec(variant)).paths


@contextmanager
def _record_stream(path: Path | None, inputs: list[Path]) -> Iterator[IO[str] | None]:
    """The record file, committed only when the run succeeds (see compiler/output.py)."""
    if path is None:
        yield None
        return
    with open_output(path, what="the record", inputs=inputs) as handle:
        yield handle


@contextmanager
def _progress(total: int) -> Iterator[Callable[[int], None] | None]:
    """A progress bar on stderr for long runs, only when stderr is a terminal."""
    if total < 5000 or not sys.stderr.isatty():
        yield None
        return
    from rich.console import Console
    from rich.progress import Progress

    with Progress(console=Console(stderr=True), transient=True) as bar:
        task = bar.add_task("simulating", total=total)
        yield lambda done: bar.update(task, completed=done)


def _share_noise(games: int, players: int) -> str:
    """How far a seat's win share may stray by chance alone, so nobody reads noise as bias.

    The normal approximation at the fair share, from the standard library: scipy (which
    ``sevens analyse`` uses for its intervals) would double this command's start-up time.
    """
    if games <= 0:
        return "no games played"
    fair = 1 / players
    spread = NormalDist().inv_cdf(0.975) * math.sqrt(fair * (1 - fair) / games)
    return (
        f"a fair seat's share varies by ±{spread * 100:.1f} points (95 %) over {games} games: "
        "see `sevens analyse`"
    )


def _team_shares(shares: list[float], players: int) -> str:
    """Each team's win share, with its seats (team t sits at seats t, t + teams, …)."""
    teams = len(shares)
    return "  ".join(
        f"team {team} (seats {' '.join(map(str, range(team, players, teams)))}): {share:.1%}"
        for team, share in enumerate(shares)
    )


def _print_summary(summary: dict[str, Any]) -> None:
    click.echo(
        f"variant      {summary['variant']}  ({summary['players']} players, strategy {summary['strategy']})"
    )
    click.echo(
        f"games        {summary['games']} in {summary['seconds']:.2f} s = {summary['games_per_second']:.0f} games/s"
    )
    shares = "  ".join(f"seat {i}: {share:.1%}" for i, share in enumerate(summary["win_share"]))
    click.echo(f"wins         {shares}")
    if "team_win_share" in summary:
        click.echo(f"team wins    {_team_shares(summary['team_win_share'], summary['players'])}")
    click.echo(f"noise        {_share_noise(summary['games'], summary['players'])}")
    if summary["blocked"]:
        click.echo(f"blocked      {summary['blocked']} deal(s) ended with nobody able to play")
    if summary["deals_per_game"] != 1.0:
        click.echo(
            f"matches      {summary['deals_per_game']:.2f} deals per match; wins are match wins (a shared win is split)"
        )
    click.echo(
        f"decisions    {summary['mean_decisions']:.1f} per deal, passes {summary['mean_passes']:.1f} per deal"
    )
    per = "match" if summary["deals_per_game"] != 1.0 else "deal"
    if summary["mean_chips"] is not None:
        click.echo(
            f"{'chips/' + per:<13}"
            + "  ".join(f"seat {i}: {c:+.2f}" for i, c in enumerate(summary["mean_chips"]))
        )
    if summary["mean_points"] is not None:
        click.echo(
            f"{'points/' + per:<13}"
            + "  ".join(f"seat {i}: {p:+.2f}" for i, p in enumerate(summary["mean_points"]))
        )


@main.command()
@click.argument("variant")
@click.option(
    "--table",
    default="",
    help="Cards on the table, in any order, e.g. '7H 7C 6C 8C'.",
)
@click.option("--hand", required=True, help="The hand of the player to move, e.g. '5C 9H 10C 7S'.")
@click.option(
    "--players",
    "-p",
    type=int,
    default=None,
    help="Players at the table (default 4, within the rule set's range).",
)
@click.option(
    "--jokers", type=click.IntRange(min=0), default=0, help="Jokers the player to move holds."
)
@click.option(
    "--opening", default=None, help="The opening card the dealer named, if they name one."
)
@click.option(
    "--trump-card",
    default=None,
    help="The last card dealt, where it names trumps (play.trumps.suit: last-dealt).",
)
@click.option(
    "--in-place-of",
    default=None,
    help="The cards in whose place a trump lies on the table (play.trumps), e.g. '9H'.",
)
@click.option(
    "--unable-in-a-row",
    type=click.IntRange(min=0),
    default=0,
    help="Players just before this one who could not play (game.unable_in_a_row; default 0).",
)
@click.option(
    "--leftovers",
    default=None,
    help="The face-up leftovers still beside the rows (deal.leftovers: face-up), e.g. '9D 5H'.",
)
@click.option(
    "--json",
    "as_json",
    is_flag=True,
    help='Print a JSON object: {"schema", "version", "legal": [cards], "can_pass", …}.',
)
def legal(
    variant: str,
    table: str,
    hand: str,
    players: int | None,
    jokers: int,
    opening: str | None,
    trump_card: str | None,
    in_place_of: str | None,
    unable_in_a_row: int,
    leftovers: str | None,
    as_json: bool,
) -> None:
    """Every decision of the player to move in a position: the legal plays, passing, and what
    the rule set adds (face-up leftovers to lay first, extra cards, jokers, trumps, a draw, a
    card face down, penalty transfers).
    The table cards may come in any order; a position no game reaches is refused."""
    from .play.legal import Position, describe, position_decisions

    with _user_errors():
        position = Position(
            table,
            hand,
            players,
            jokers,
            opening,
            unable_in_a_row,
            trump_card,
            in_place_of,
            leftovers,
        )
        decisions = position_decisions(_load_rules(variant), position)
    _echo(document("legal", decisions.as_json()) if as_json else describe(decisions))


@main.command()
@click.argument("variant")
@click.option("--players", "-p", type=int, default=None, help="Default: as for simulate.")
@click.option("--seed", "-s", default=0, show_default=True, type=click.IntRange(min=0))
@click.option("--seat", default=0, show_default=True, help="Your seat; the others are bots.")
@click.option(
    "--strategy",
    default="heuristic",
    show_default=True,
    type=STRATEGY,
    help="Strategy of the bots.",
)
@click.option(
    "--bots",
    default=None,
    help="Full screen: the other seats' strategies from your left, e.g. 'heuristic,search'.",
)
@click.option(
    "--deals",
    default=1,
    show_default=True,
    type=click.IntRange(1, MAX_SESSION_DEALS),
    help="Full screen: deals in the match.",
)
@click.option("--plain", is_flag=True, help="Line by line instead of full screen.")
@click.option(
    "--lang",
    "-l",
    default=None,
    help="Language of the game (de en es fr ja nl pt ru sv); default: the locale's.",
)
@click.option(
    "--pace",
    default=None,
    type=click.FloatRange(0, 10),
    help="Full screen: seconds between two bot moves, so you can follow them (default 0.6).",
)
def play(
    variant: str,
    players: int | None,
    seed: int,
    seat: int,
    strategy: str,
    bots: str | None,
    deals: int,
    plain: bool,
    lang: str | None,
    pace: float | None,
) -> None:
    """Play VARIANT against bots: full screen in a terminal, line by line otherwise."""
    from .play.i18n import UnknownLanguage, check_language, language_from_environment

    language = lang if lang is not None else language_from_environment(os.environ)
    try:
        check_language(language)
    except UnknownLanguage as error:
        raise click.BadParameter(str(error), param_hint="'--lang'") from None
    with _user_errors():
        rules = _load_rules(variant)
    from .play.table_session import shows

    if (why := shows(rules)) is not None:
        _fail(f"error: {why}")
    names = [name.strip() for name in (bots or strategy).split(",") if name.strip()]
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        from .play.interactive import play_interactive

        with _user_errors():
            play_interactive(rules, _default_players(variant, players), seed, seat, names, language)
        return
    from .play.table_session import PlaySession
    from .play.terminal import DEFAULT_PACE, run_app

    pace = DEFAULT_PACE if pace is None else pace
    try:
        session = PlaySession(
            rules,
            _default_players(variant, players),
            seat,
            names,
            seed,
            deals,
            lang=language,
            hold_bots=pace > 0,  # the screen shows the bots' opening moves one by one too
        )
    except (ValueError, GameError) as error:
        raise click.UsageError(str(error)) from None
    run_app(session, pace=pace, variant=variant)


@main.command()
@click.argument("variant", required=False)
@click.option(
    "--lang",
    "-l",
    default="en",
    show_default=True,
    help="Language code (de en es fr ja nl pt ru sv).",
)
@click.option("--format", "fmt", type=click.Choice(["md", "html"]), default="md", show_default=True)
@click.option("-o", "--output", type=OUTPUT_FILE, help="Write to this file instead of stdout.")
@click.option(
    "--all",
    "all_",
    is_flag=True,
    help="Write docs/rulesheets/<id>.<lang>.md and .html for every rulespec.",
)
@click.option(
    "--check",
    is_flag=True,
    help="Check every claim of the sheet against the engine instead (with --all: of every "
    "built-in); print the failing claims, exit 1 if any.",
)
def rulesheet(
    variant: str | None, lang: str, fmt: str, output: Path | None, all_: bool, check: bool
) -> None:
    """Generate the rule sheet of VARIANT in a language."""
    from sevens.compiler import rulesheet as sheets

    with _user_errors():
        if check:
            _check_sheets(builtin_ids() if all_ else [variant] if variant else [])
            return
        if all_:
            written = sheets.write_all(BUILTIN_DIR.parent / "docs" / "rulesheets")
            click.echo(f"wrote {len(written)} rule sheets")
            return
        if variant is None:
            raise SevensError(Diagnostic("give a VARIANT, or --all"))
        rules = load_rulespec(find_rulespec(variant))
        text = sheets.render_rulesheet(rules, lang, fmt)
        if output is None:
            _echo(text, nl=False)
        else:
            write_atomic(output, text, inputs=[Path(p) for p in rules.spec.chain_paths])


@main.command(name="list")
@click.option(
    "--lang", "-l", default="en", show_default=True, help="Language of the names (as rulesheet)."
)
@click.option("--json", "as_json", is_flag=True, help="Print the list as a JSON document.")
def list_command(lang: str, as_json: bool) -> None:
    """The built-in rule sets: id, name, kind and players."""
    from sevens.compiler.rulesheet.i18n import LANGUAGES

    with _user_errors():
        if lang not in LANGUAGES:
            raise SevensError(
                Diagnostic(f"unknown language '{lang}' (known: {' '.join(LANGUAGES)})")
            )
        rows = [_variant_row(path, lang) for path in _builtin_files()]
    if as_json:
        _echo(document("variants", {"variants": rows}, indent=2, ensure_ascii=False))
        return
    width = max(len(row["id"]) for row in rows)
    for row in rows:
        players = f"{row['min_players']}–{row['max_players']}"
        best = f", best {row['best_players']}" if row["best_players"] else ""
        _echo(f"{row['id']:<{width}}  {row['name']}  ({row['kind']}, {players} players{best})")


def _variant_row(path: Path, lang: str) -> dict[str, Any]:
    from .loading.library import variant_row

    return variant_row(load_rulespec(path).spec, lang)


def _check_sheets(variants: list[str]) -> None:
    """``sevens rulesheet --check``: each variant's failing claims; exit 1 if there are any."""
    from sevens.sheetcheck import check_file

    if not variants:
        raise SevensError(Diagnostic("give a VARIANT, or --all"))
    failing = 0
    for variant in variants:
        failures = check_file(find_rulespec(variant))
        failing += len(failures)
        for failure in failures:
            click.echo(f"{variant}: {failure}")
    click.echo(f"{failing} failing claim(s) in {len(variants)} rule sheet(s)")
    if failing:
        raise SystemExit(1)


@main.command()
@click.argument("first")
@click.argument("second")
@click.option("--lang", "-l", default="en", show_default=True)
def diff(first: str, second: str, lang: str) -> None:
    """The differences between two rulespecs, in prose."""
    from sevens.compiler import rulesheet as sheets

    with _user_errors():
        a = load_rulespec(find_rulespec(first))
        b = load_rulespec(find_rulespec(second))
        _echo(sheets.describe_diff(a, b, lang))


from .lab.commands import analyse, compare  # noqa: E402 - the balance lab (issue 10)
from .serve.command import serve  # noqa: E402 - the workbench in the browser (issue 26)

main.add_command(analyse)
main.add_command(compare)
main.add_command(serve)

if __name__ == "__main__":  # pragma: no cover
    main()
