"""The ``sevens`` command: validate, compile, simulate, legal, play, rulesheet, diff.

User mistakes (bad files, unknown variants, impossible options) print a
clear message and exit with status 2, never a traceback.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO, Any

import click

from sevens.compiler.errors import Diagnostic, SevensError
from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.pipeline import (
    compile_file,
    find_rulespec,
    generated_path,
    is_builtin,
    load_rulespec,
    write_atomic,
)
from sevens.runtime.api import GameError

EXIT_INVALID = 2
EXIT_STALE = 1


def _fail(message: str) -> None:
    click.echo(message, err=True)
    sys.exit(EXIT_INVALID)


@contextmanager
def _user_errors() -> Iterator[None]:
    """Turn user-facing errors into a message on stderr and exit status 2."""
    try:
        yield
    except SevensError as exc:
        _fail(exc.render())
    except GameError as exc:
        _fail(f"error: {exc}")


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="sevens")
def main() -> None:
    """A rules compiler for the Sevens family of card games (Fan Tan, Parliament, …).

    VARIANT is a built-in id (see docs/variants.md) or a rulespec file. A file
    is compiled on the fly; a readable copy of its module is kept in the cache
    directory $SEVENS_CACHE (default: $XDG_CACHE_HOME/sevens, else
    ~/.cache/sevens), but what runs is always the fresh compile.
    """


@main.command()
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def validate(files: tuple[Path, ...]) -> None:
    """Check rulespec FILES; report every error as file:line:col: message."""
    failures = []
    for path in files:
        try:
            load_rulespec(path)
        except SevensError as exc:
            failures.append(exc.render())
    if failures:
        _fail("\n".join(failures))
    click.echo(f"{len(files)} rulespec(s) valid")


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
    type=click.Path(path_type=Path),
    help="Directory for modules of non-built-in rulespecs.",
)
def compile_command(files: tuple[Path, ...], check: bool, output: Path | None) -> None:
    """(Re)generate generated/<id>.py for the built-in rulespecs (or FILES)."""
    targets = list(files) or _builtin_files()
    with _user_errors():
        compiled = [(path, compile_file(path)) for path in targets]  # all or nothing
        destinations = [_destination(path, result.spec.id, output) for path, result in compiled]
    stale = []
    for destination, (_, result) in zip(destinations, compiled, strict=True):
        current = destination.read_text(encoding="utf-8") if destination.exists() else None
        if current == result.source:
            continue
        stale.append(destination)
        if not check:
            write_atomic(destination, result.source)
    if check:
        stale += _orphans() if not files else []
        for path in stale:
            click.echo(f"stale: {path}", err=True)
        sys.exit(EXIT_STALE if stale else 0)
    click.echo(f"compiled {len(compiled)} rulespec(s), {len(stale)} module(s) written")


def _destination(path: Path, variant_id: str, output: Path | None) -> Path:
    if output is not None:
        return output / f"{variant_id}.py"
    if is_builtin(path):
        return generated_path(variant_id)
    raise SevensError(
        Diagnostic(f"{path}: not a built-in rulespec; give -o DIR to choose where its module goes")
    )


def _orphans() -> list[Path]:
    known = set(builtin_ids())
    folder = generated_path("x").parent
    return [
        p for p in sorted(folder.glob("*.py")) if p.stem not in known and p.name != "__init__.py"
    ]


@main.command()
@click.argument("variant")
@click.option("--players", "-p", default=4, show_default=True, help="Number of players.")
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
    help="Seed of the first game (game g uses seed+g).",
)
@click.option(
    "--strategy", default="random", show_default=True, help="Bot strategy for every seat."
)
@click.option(
    "--record", type=click.Path(path_type=Path), help="Write every game to this JSON Lines file."
)
@click.option(
    "--deals", type=click.IntRange(min=1), help="Play matches of this many deals (a session)."
)
@click.option(
    "--match", "as_match", is_flag=True, help="Play matches as long as the rulespec's session says."
)
@click.option(
    "--forget",
    default=0.1,
    show_default=True,
    type=click.FloatRange(0, 1),
    help="Chance that a bot forgets to announce 'last card' (rule sets with that rule).",
)
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
def simulate(
    variant: str,
    players: int,
    games: int,
    seed: int,
    strategy: str,
    record: Path | None,
    deals: int | None,
    as_match: bool,
    forget: float,
    as_json: bool,
) -> None:
    """Play GAMES deals of VARIANT (an id or a rulespec path) with bots and summarise them."""
    from sevens.runtime.match import number_of_deals
    from sevens.runtime.simulate import Options, check_players
    from sevens.runtime.simulate import simulate as run
    from sevens.runtime.strategies import STRATEGIES

    with _user_errors():
        if strategy not in STRATEGIES:
            raise SevensError(
                Diagnostic(f"unknown strategy '{strategy}' (known: {', '.join(STRATEGIES)})")
            )
        rules = _load_rules(variant)
        check_players(rules, players)
        if as_match and deals is None:
            deals = number_of_deals(rules, players, None)
        options = Options(players, games, seed, strategy, deals, forget)
        with _record_stream(record) as stream, _progress(games) as progress:
            summary = run(rules, options, stream, progress)
    if as_json:
        click.echo(json.dumps(summary.as_dict(), indent=2))
    else:
        _print_summary(summary.as_dict())


def _load_rules(variant: str) -> Any:
    from sevens.runtime.registry import load_rules

    return load_rules(variant)


@contextmanager
def _record_stream(path: Path | None) -> Iterator[IO[str] | None]:
    """The record file, written beside its destination and renamed only on success."""
    if path is None:
        yield None
        return
    try:
        handle = tempfile.NamedTemporaryFile(  # noqa: SIM115 - renamed into place on success
            "w", encoding="utf-8", dir=path.parent, prefix=f".{path.name}.", delete=False
        )
    except OSError as exc:
        raise SevensError(Diagnostic(f"{path}: cannot write the record: {exc.strerror}")) from None
    try:
        with handle:
            yield handle
        os.replace(handle.name, path)
    finally:
        Path(handle.name).unlink(missing_ok=True)


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


def _print_summary(summary: dict[str, Any]) -> None:
    click.echo(
        f"variant      {summary['variant']}  ({summary['players']} players, strategy {summary['strategy']})"
    )
    click.echo(
        f"games        {summary['games']} in {summary['seconds']:.2f} s = {summary['games_per_second']:.0f} games/s"
    )
    shares = "  ".join(f"seat {i}: {share:.1%}" for i, share in enumerate(summary["win_share"]))
    click.echo(f"wins         {shares}")
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
    help="Cards on the table, in the order they were played, e.g. '7H 6C 7C 8C'.",
)
@click.option("--hand", required=True, help="The hand of the player to move, e.g. '5C 9H 10C 7S'.")
@click.option("--json", "as_json", is_flag=True, help="Print a JSON list.")
def legal(variant: str, table: str, hand: str, as_json: bool) -> None:
    """The legal plays of the player to move in a position."""
    from sevens.runtime.position import legal_cards

    with _user_errors():
        cards = legal_cards(_load_rules(variant), table, hand)
    click.echo(json.dumps(cards) if as_json else " ".join(cards) or "(none: pass)")


@main.command()
@click.argument("variant")
@click.option("--players", "-p", default=4, show_default=True)
@click.option("--seed", "-s", default=0, show_default=True)
@click.option("--seat", default=0, show_default=True, help="Your seat; the others are bots.")
@click.option("--strategy", default="heuristic", show_default=True, help="Strategy of the bots.")
@click.option(
    "--bots",
    default=None,
    help="Full screen: the other seats' strategies from your left, e.g. 'heuristic,search'.",
)
@click.option("--deals", default=1, show_default=True, help="Full screen: deals in the match.")
@click.option("--plain", is_flag=True, help="Line by line instead of full screen.")
def play(
    variant: str, players: int, seed: int, seat: int, strategy: str, bots: str | None, deals: int, plain: bool
) -> None:
    """Play VARIANT against bots: full screen in a terminal, line by line otherwise."""
    with _user_errors():
        rules = _load_rules(variant)
    if plain or not (sys.stdin.isatty() and sys.stdout.isatty()):
        from sevens.runtime.interactive import play_interactive

        with _user_errors():
            play_interactive(rules, players, seed, seat, strategy)
        return
    from sevens.runtime.table_session import PlaySession
    from sevens.runtime.terminal import run_app

    names = [name.strip() for name in (bots or strategy).split(",") if name.strip()]
    try:
        session = PlaySession(rules, players, seat, names, seed, max(1, deals))
    except (ValueError, GameError) as error:
        raise click.UsageError(str(error)) from None
    run_app(session)


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
@click.option(
    "-o", "--output", type=click.Path(path_type=Path), help="Write to this file instead of stdout."
)
@click.option(
    "--all",
    "all_",
    is_flag=True,
    help="Write docs/rulesheets/<id>.<lang>.md and .html for every rulespec.",
)
def rulesheet(variant: str | None, lang: str, fmt: str, output: Path | None, all_: bool) -> None:
    """Generate the rule sheet of VARIANT in a language."""
    from sevens.compiler import rulesheet as sheets

    with _user_errors():
        if all_:
            written = sheets.write_all(BUILTIN_DIR.parent / "docs" / "rulesheets")
            click.echo(f"wrote {len(written)} rule sheets")
            return
        if variant is None:
            raise SevensError(Diagnostic("give a VARIANT, or --all"))
        text = sheets.render_rulesheet(load_rulespec(find_rulespec(variant)), lang, fmt)
        if output is None:
            click.echo(text, nl=False)
        else:
            write_atomic(output, text)


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
        click.echo(sheets.describe_diff(a, b, lang))


if __name__ == "__main__":  # pragma: no cover
    main()
