"""Shared fixtures: the built-in rulespecs, compiled and interpreted."""

from __future__ import annotations

import html
import importlib.util
import json
import os
import re
from collections.abc import Callable, Iterator
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from sevens.compiler.interpret import ReferenceRules
from sevens.compiler.load import builtin_ids
from sevens.compiler.pipeline import find_rulespec, load_rulespec, reference_rules
from sevens.loading.registry import load_rules
from sevens.runtime.api import DealState, Rules
from sevens.runtime.choice import Strategy
from sevens.runtime.randomness import GameRandom

BUILTIN_IDS = builtin_ids()


@pytest.fixture(autouse=True, scope="session")
def private_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """The suite never writes to the user's cache: the whole run (and every command it
    starts) uses a temporary ``SEVENS_CACHE``."""
    cache = tmp_path_factory.mktemp("sevens-cache")
    previous = os.environ.get("SEVENS_CACHE")
    os.environ["SEVENS_CACHE"] = str(cache)
    # numba's compiled kernels would follow SEVENS_CACHE (sevens.native.cache); kept in the
    # checkout's build folder instead, so that each run does not compile them afresh
    os.environ.setdefault("NUMBA_CACHE_DIR", str(Path(__file__).parent.parent / "build" / "numba"))
    yield cache
    if previous is None:
        os.environ.pop("SEVENS_CACHE", None)
    else:
        os.environ["SEVENS_CACHE"] = previous


@pytest.fixture(scope="session")
def native_kernels(private_cache: Path) -> None:
    """numba's kernels compiled once for the whole run: the two workers may both need them
    (the native tests, the workbench's native panel); the first to come compiles them while
    holding a lock on a file beside numba's cache, the other waits and then loads them."""
    pytest.importorskip("numba")
    import fcntl

    from sevens import native
    from sevens.lab.native_games import native_side
    from sevens.runtime.simulate import Options

    folder = Path(os.environ["NUMBA_CACHE_DIR"])
    folder.mkdir(parents=True, exist_ok=True)
    with (folder / "compiling.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:  # both entry points: simulate's and the lab's
            native.simulate_native(native.native_rules("parliament"), Options(4, 1, seed=0))
            native_side("parliament", 4, 1, {"random"})
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def without_header(document: dict[str, Any]) -> dict[str, Any]:
    """A ``--json`` document without its ``schema`` and ``version`` keys."""
    return {key: value for key, value in document.items() if key not in ("schema", "version")}


@cache
def compiled(variant: str) -> Rules:
    """The committed generated module of a built-in variant."""
    return load_rules(variant)


@cache
def reference(variant: str) -> ReferenceRules:
    """The reference interpreter of a built-in variant."""
    return reference_rules(load_rulespec(find_rulespec(variant)))


@pytest.fixture(params=BUILTIN_IDS)
def variant(request: pytest.FixtureRequest) -> str:
    return str(request.param)


def reachable_positions(
    rules: Rules,
    players: int,
    seed: int,
    steps: int,
    after_play: Callable[[DealState, int, int], None] | None = None,
) -> Iterator[tuple[DealState, int]]:
    """The positions of one random deal of ``rules``, each with the seat to move.

    The deal is played by the random bot with ``rules`` itself, so callers can compare any
    other implementation of the same rule set position by position; ``after_play`` sees each
    card just played.  The state is one object, left as the deal ended (``winner`` set when a
    hand emptied), for callers that compare the settlement too.
    """
    from sevens.runtime.engine import (
        choose_leader,
        deal_hands,
        lay_out_by_holders,
        may_pass,
        name_opening_card,
    )
    from sevens.runtime.strategies import PASS, random_strategy

    rng = GameRandom(seed)
    state = DealState(players, 0, deal_hands(rules, players, 0, rng), rules.rule_set.n_rows)
    rules.setup(state)
    name_opening_card(rules, state, rng)
    seat = choose_leader(rules, state, None)
    lay_out_by_holders(rules, state)
    choose = random_strategy(rules)
    for _ in range(steps):
        yield state, seat
        legal = rules.legal(state, seat)
        card = (
            choose(state, seat, legal, may_pass(rules.rule_set, state, seat), rng)
            if legal
            else PASS
        )
        if card != PASS:
            rules.play(state, seat, card)
            if after_play is not None:
                after_play(state, seat, card)
            if not state.hands[seat]:
                state.winner = seat
                return
        seat = (seat + 1) % players


# -- hardening, round three (input, text and diagnostics): shared by test_input_limits.py
# -- and test_text_safety.py


def choices_after_draws(decisions: list[dict[str, Any]]) -> int:
    """The decisions of a record in which the player, having drawn the whole count
    (``passing.draw.stop: never``), chose among several cards that fit: the step API asks
    that choice as a step of its own within the recorded decision."""
    return sum(1 for d in decisions if "drawn" in d and len(d["legal"]) > 1)


def sevens_cli(*args: str) -> Result:
    """Run the ``sevens`` command in-process (stdout and stderr kept apart)."""
    from click.testing import CliRunner

    from sevens.cli import main

    return CliRunner().invoke(main, list(args))


def assert_refused_at(result: Result, location: str, message: str) -> None:
    """Exit status 2 with one ``location: …message…`` diagnostic and no traceback."""
    assert result.exit_code == 2, result.output
    assert isinstance(result.exception, SystemExit), repr(result.exception)
    assert "Traceback" not in result.output
    assert f"{location}: " in result.output and message in result.output, result.output


def screen_lines(app: Any) -> list[str]:
    """The text of a running Textual app's screen, one string per terminal row (trailing
    spaces removed), as the terminal shows it."""
    strips = app.screen._compositor.render_strips()
    return ["".join(segment.text for segment in strip).rstrip() for strip in strips]


def finish_deal(session: Any) -> None:
    """Play the person's first legal action (forced ones for them) until the deal ends."""
    for _ in range(500):
        session.play_forced()
        if session.deal_over:
            return
        session.act(session.game.legal_actions()[0])
    raise AssertionError("the deal did not end")


def session_at_your_give(variant: str, seeds: range = range(10)) -> Any:
    """A terminal game (``PlaySession``, seat 0 against heuristic bots) stopped where the
    person must choose a card to give (``which: giver``): they pass whenever they may, so
    that others stay stuck and take cards from them."""
    from sevens.play.table_session import PlaySession

    for seed in seeds:
        session = PlaySession(compiled(variant), 4, 0, ["heuristic"], seed, 1)
        for _ in range(300):
            session.play_forced()
            pending = session.game.pending
            if session.deal_over or pending is None or pending.kind == "give":
                break
            session.act(session.game.legal_actions()[-1])  # the last action: pass when allowed
        pending = session.game.pending
        if pending is not None and pending.kind == "give" and pending.receiver is not None:
            return session
    raise AssertionError(f"you were never asked to give a card in seeds {seeds}")


def next_to_the_rows(rules: Rules) -> Strategy:
    """A bot that plays, where it can, a card next to a card of its row (or a card that
    starts an empty row), at random among those, and another legal card only when it must.

    Under play rules that let a card skip others (Cinquillo cabrón) the random bots skip
    so often that every deal blocks with every player holding cards; this bot plays the
    game the rules allow without skipping, where players go out and the last one left
    may play on, so rules about the end of a deal show in its records."""
    rule_set = rules.rule_set
    suit_of, rank_of = rule_set.suit_of, rule_set.rank_of
    rows_per_suit, n_cards = rule_set.layout.rows_per_suit, rule_set.n_cards

    def next_to_a_row(state: DealState, card: int) -> bool:
        suit, rank = suit_of[card], rank_of[card]
        for row in range(suit * rows_per_suit, (suit + 1) * rows_per_suit):
            ranks = state.row_ranks[row]
            if ranks == 0 or ranks >> (rank + 1) & 1 or (rank > 0 and ranks >> (rank - 1) & 1):
                return True
        return False

    def choose(state: DealState, seat: int, legal: int, can_pass: bool, rng: GameRandom) -> int:
        cards = [card for card in range(legal.bit_length()) if legal >> card & 1]
        options = [card for card in cards if card < n_cards and next_to_a_row(state, card)] or cards
        return options[rng.below(len(options))]

    return choose


def game_signature(rules: Rules, players: int, deals: int, matches: int) -> tuple[object, ...]:
    """What ``deals`` independent deals and ``matches`` matches (as long as the rule set's
    session) of ``rules`` from seed 0 play out, and ``deals`` more deals played by
    :func:`next_to_the_rows`: every record and the wins, with the rule set's id left out.
    Two rule sets play the same games exactly when these are equal."""
    import io

    from sevens.runtime.match import number_of_deals
    from sevens.runtime.simulate import Options, simulate
    from sevens.runtime.strategies import register_strategy

    register_strategy("next-to-the-rows", next_to_the_rows)
    runs = (
        (deals, None, "random"),
        (matches, number_of_deals(rules, players, None), "random"),
        (deals, None, "next-to-the-rows"),
    )
    signature: list[object] = []
    for games, length, strategy in runs:
        out = io.StringIO()
        options = Options(players=players, games=games, seed=0, deals=length, strategy=strategy)
        summary = simulate(rules, options, record=out)
        records = out.getvalue().replace(f'"variant":"{rules.rule_set.id}"', '"variant":""')
        signature += [records, tuple(summary.wins)]
    return tuple(signature)


#: Spaces the typography puts into sheets (no-break, narrow no-break, thin): read as spaces.
_SHEET_SPACES = str.maketrans({"\u00a0": " ", "\u202f": " ", "\u2009": " "})


#: Rule sheets already rendered by :func:`rule_sheet`, by (source, language, format): the
#: phrase tables ask for the same sheet many times, and a sheet depends only on these three
#: (a house rule's file is always called ``house-rule.yaml``, and only that name is printed).
_RENDERED: dict[tuple[str, str, str], str] = {}


def rule_sheet(source: str, lang: str, folder: Path, fmt: str = "md") -> str:
    """The rule sheet of a built-in id, or of a house rule given as YAML text (written
    to ``folder`` first), with its spaces made plain and its lines joined."""
    key = (source, lang, fmt)
    if key not in _RENDERED:
        if "\n" in source:
            _RENDERED[key] = _house_rule_sheet(source, lang, folder, fmt)
        else:
            _RENDERED[key] = builtin_sheet(source, lang, fmt)
    return " ".join(_RENDERED[key].translate(_SHEET_SPACES).split())


def _house_rule_sheet(source: str, lang: str, folder: Path, fmt: str) -> str:
    """The sheet of a house rule given as YAML text, written to ``folder`` first."""
    from sevens.compiler.rulesheet import render_rulesheet

    path = folder / "house-rule.yaml"
    path.write_text(source, encoding="utf-8")
    return render_rulesheet(load_rulespec(path), lang, fmt)


def assert_sheet_says(
    source: str, lang: str, expected: str, forbidden: str, folder: Path, fmt: str = "md"
) -> None:
    """The sheet of ``source`` says ``expected`` and never ``forbidden`` (either may be
    empty: then it is not looked for; an ``expected`` starting with ``^`` is how the sheet
    begins)."""
    assert_says(f"{source!r} ({lang})", rule_sheet(source, lang, folder, fmt), expected, forbidden)


def assert_diff_says(old: str, new: str, lang: str, expected: str, forbidden: str) -> None:
    """``sevens diff old new`` in ``lang`` says ``expected`` and never ``forbidden``, as
    :func:`assert_sheet_says` reads a sheet."""
    from sevens.compiler.rulesheet import describe_diff

    text = " ".join(
        describe_diff(rules_of(old), rules_of(new), lang).translate(_SHEET_SPACES).split()
    )
    assert_says(f"diff {old} {new} ({lang})", text, expected, forbidden)


def assert_says(what: str, text: str, expected: str, forbidden: str) -> None:
    """``text`` contains ``expected`` (begins with it, after a ``^``) and not ``forbidden``."""
    assert expected or forbidden, "a case must look for something"
    if expected.startswith("^"):
        assert text.startswith(expected[1:]), f"{what} does not begin: {expected[1:]}"
    elif expected:
        assert expected in text, f"{what} does not say: {expected}"
    if forbidden:
        assert forbidden not in text, f"{what} says: {forbidden}"


# -- rule sheets: overlays, rendering and phrase tables ------------------------------------

#: A house rule on Cinquillo whose winner gets a bonus of ``{bonus}`` and whose session ends
#: at a total of ``{target}`` points: with amounts of one, a sentence written only for
#: plurals shows.
ONE_POINT = """\
id: one-point
kind: house-rule
extends: cinquillo
name:
  en: Cinquillo for one point
scoring:
  points: "{bonus} + sum(p.hand.count for p in others) if player.is_winner else -hand.count"
session:
  deals: 50
  target: {{points: {target}}}
  winner: highest-points
"""


def render_overlay(tmp_dir: Path, overlay: str, lang: str, fmt: str = "md") -> str:
    """The rule sheet of a house rule given as YAML text (written to ``tmp_dir``)."""
    from sevens.compiler.rulesheet import render_rulesheet

    path = tmp_dir / "overlay.yaml"
    path.write_text(overlay, encoding="utf-8")
    return render_rulesheet(load_rulespec(path), lang, fmt)


def sheet_of(tmp_dir: Path, rulespec: str, lang: str) -> str:
    """The Markdown sheet of a built-in id, or of an overlay given as YAML text."""
    from sevens.compiler.rulesheet import render_rulesheet

    if "\n" in rulespec or ":" in rulespec:
        return render_overlay(tmp_dir, rulespec, lang)
    return render_rulesheet(load_rulespec(find_rulespec(rulespec)), lang, "md")


def check_phrase(tmp_dir: Path, rulespec: str, lang: str, phrase: str, present: bool) -> None:
    """The phrase tables' check in its other form: ``phrase`` is (or is not) in the sheet,
    read as :func:`assert_sheet_says` reads it."""
    expected, forbidden = (phrase, "") if present else ("", phrase)
    assert_sheet_says(rulespec, lang, expected, forbidden, tmp_dir)


#: Integer facts a scoring or cost expression may read (the ``player`` context).
AMOUNT_FACTS = (
    "hand.count",
    "hand.value",
    "player.passes",
    "player.place",
    "player.seat",
    "game.players",
    "game.max_hand",
    "sum(p.hand.count for p in others)",
    "sum(p.hand.value for p in others)",
    "max(p.hand.count for p in others)",
)
#: Yes/no facts for conditions inside amounts.
AMOUNT_CONDITIONS = (
    "player.is_winner",
    "player.passed_last",
    "player.place == 1",
    "player.place == 2",
    "hand.count == 0",
    "player.passes > 1",
    "player.seat % 2 == 0",
)


def amount_expressions(max_leaves: int = 12) -> Any:
    """A small hypothesis strategy of integer amount expressions composed from the
    language's facts with + - * // %, ``min``/``max``, ``abs`` and ``… if … else …``."""
    from hypothesis import strategies as st

    leaves = st.one_of(st.integers(0, 9).map(str), st.sampled_from(AMOUNT_FACTS))

    def grow(inner: Any) -> Any:
        binary = st.tuples(inner, st.sampled_from(["+", "-", "*", "//", "%"]), inner).map(
            lambda t: f"({t[0]} {t[1]} {t[2]})" if t[1] not in ("//", "%") else f"({t[0]} {t[1]} 3)"
        )
        chosen = st.tuples(inner, st.sampled_from(AMOUNT_CONDITIONS), inner).map(
            lambda t: f"({t[0]} if {t[1]} else {t[2]})"
        )
        calls = st.tuples(st.sampled_from(["min", "max"]), inner, inner).map(
            lambda t: f"{t[0]}({t[1]}, {t[2]})"
        )
        return st.one_of(binary, chosen, calls, inner.map(lambda x: f"abs({x})"))

    return st.recursive(leaves, grow, max_leaves=max_leaves)


def amount_overlay(field: str, expression: str) -> str:
    """A house rule of Parliament (chips) or Penalty points that sets one amount."""
    places = {
        "points": ("penalty-points", "scoring:\n  points: "),
        "cost": ("parliament", "passing:\n  cost: "),
        "voluntary_cost": ("parliament", "passing:\n  voluntary: true\n  voluntary_cost: "),
        "ante": ("fan-tan-chips", "scoring:\n  chips:\n    ante: "),
        "pay_winner": ("fan-tan-chips", "scoring:\n  chips:\n    pay_winner: "),
    }
    parent, key = places[field]
    return f"id: generated-amount\nextends: {parent}\nname: {{en: Amount}}\n{key}{json.dumps(expression)}\n"


# -- the workbench (sevens serve): shared by test_serve.py and test_serve_browser.py


def report_sentences(page: str) -> set[str]:
    """The sentences an HTML report (the balance lab's) shows in words: its text outside
    scripts, styles, plots and the command line, cut at sentence and clause ends, each of at
    least two words of letters (a lone word or name may be the same in two languages)."""
    text = re.sub(r"<(script|style|svg|pre)\b.*?</\1>", "\n", page, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", "\n", text))
    pieces = re.split(r"\n|[.;:!?](?:\s|$)", text)
    return {
        piece.strip()
        for piece in pieces
        if len(re.findall(r"(?<![\w-])[A-Za-z]{2,}(?![\w-])", piece)) >= 2  # ids: no words
    }


def cli_on_house_rule(text: str, folder: Path, *args: str) -> Result:
    """``sevens ARGS…`` run in ``folder`` with ``text`` saved there as ``house-rule.yaml``, the
    name the workbench gives the text in its editor: what the CLI says of the same rule."""
    import contextlib

    (folder / "house-rule.yaml").write_text(text, encoding="utf-8")
    with contextlib.chdir(folder):
        return sevens_cli(*args)


# -- rule sheets and diffs of built-ins, shared by the phrase tests -----------------------

#: A card's letters as a sheet prints them in a code ("K", "Kn", "5O", "11Ge"): not words
#: for the spelling gate.
CARD_LETTERS = re.compile(r"^([A-ZА-ЯÅÄÖ][a-zа-я]?|\d{1,2}[A-Z][a-z]?)$")


@cache
def rules_of(variant: str) -> Any:
    """The analysed rules of a built-in."""
    return load_rulespec(find_rulespec(variant))


@cache
def builtin_sheet(variant: str, lang: str, fmt: str = "md") -> str:
    """The rule sheet of a built-in, as rendered (typography kept)."""
    from sevens.compiler.rulesheet import render_rulesheet

    return render_rulesheet(rules_of(variant), lang, fmt)


def norm(text: str) -> str:
    """Spaces as plain spaces (sheets set no-break spaces where their typography wants them)."""
    return " ".join(text.split())


def diff_lines(old: str, new: str, lang: str = "en") -> list[str]:
    """The bullets of ``sevens diff old new``, with French no-break spaces as plain spaces."""
    from sevens.compiler.rulesheet import describe_diff

    text = describe_diff(rules_of(old), rules_of(new), lang)
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


#: Cross pairs read by the native reviewers, besides every rulespec against its parent.
DIFF_CROSS_PAIRS = [
    ("parliament", "double-deck"),
    ("dutch-fan-tan", "sjuan"),
    ("fan-tan", "elfer-raus"),
    ("devyatka", "domino"),
    ("parliament", "refusal-penalty"),
    ("sevens", "cinquillo"),
    ("fan-tan", "kartendomino"),
    ("parliament", "turn-the-corner"),
    ("shichi-narabe", "pai-qi"),
    ("badam-satti", "ristiseiska"),
]


def diff_pairs() -> list[tuple[str, str]]:
    """Every rulespec with ``extends`` against its parent, and the cross pairs."""
    from sevens.compiler.load import BUILTIN_DIR

    found = []
    for path in sorted(BUILTIN_DIR.glob("*.yaml")):
        match = re.search(r"^extends:\s*(\S+)", path.read_text(encoding="utf-8"), re.M)
        if match:
            found.append((match.group(1), path.stem))
    return found + DIFF_CROSS_PAIRS


#: The standard Sevens play rule, written out, for house rules that add to it.
STANDARD = "(not row.open and card.rank == 7) or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1))"

#: House rules reading the hand, each over a built-in of a different shape: (parent, overlay).
HAND_RULES: dict[str, tuple[str, str]] = {
    # "you may not go out on an ace": the count of the hand
    "last-not-ace": (
        "parliament",
        f"play:\n  legal: ({STANDARD}) and not (hand.count == 1 and card.rank == A)\n",
    ),
    # a seven only while the hand holds one of its neighbours: membership in the hand
    "seven-with-neighbour": (
        "fan-tan",
        "play:\n  legal: >-\n    (not row.open and card.rank == 7 and any(c.suit == card.suit and "
        "(c.rank == 6 or c.rank == 8) for c in hand))\n    or (row.open and (card.rank == row.high + 1 "
        "or card.rank == row.low - 1))\n    or (not row.open and card.rank == 7 and hand.count < 4)\n",
    ),
    # the hand's value and an aggregate with a condition, on two packs (copies of a face)
    "double-deck-value": (
        "double-deck",
        f"play:\n  legal: ({STANDARD}) and (hand.value > 30 or count(c for c in hand if c.suit == card.suit) > 1"
        " or card.rank == 7)\n",
    ),
    # a card in hand by its code, on a deck with the row's ranks read (row.top)
    "cabron-holding": (
        "cinquillo-cabron",
        "play:\n  legal: >-\n    (not row.open and card.rank == 5)\n    or (row.open and (card.rank > row.top or "
        "card.rank < row.bottom) and (12O not in hand or card.suit == O))\n",
    ),
    # a start chosen by the first card, with a table fact (env) beside the hand
    "domino-hand": (
        "domino",
        "play:\n  legal: >-\n    (table.empty and hand.count > 5)\n    or (not row.open and card.rank == row.start)\n"
        "    or (row.open and (card.rank == row.high + 1 or card.rank == row.low - 1) and card.value <= hand.value)\n",
    ),
    # a start per row and wrapping rows (Play or Pay), its follow-up kept
    "play-or-pay-hand": (
        "play-or-pay",
        "play:\n  legal: >-\n    (not row.open and table.count % 13 == 0 and hand.count > 1)\n"
        "    or (row.open and card.rank == row.high + 1)\n    or (not row.open and hand.count == 1)\n",
    ),
    # follow-ups that read the hand: another card only while at least three remain
    "follow-up-hand": (
        "sevens",
        "play:\n  follow_up:\n    when: card.rank == 7 and hand.count >= 3\n"
        "    allow: card.suit == last.suit and max(c.value for c in hand) >= card.value\n",
    ),
}

# -- the parts of a Markdown rule sheet, for checks of its structure -----------------------


def sheet_section(text: str, lang: str, heading: str) -> str:
    """The section of a Markdown sheet under ``heading`` (English, translated into
    ``lang``), without the heading line."""
    from sevens.compiler.rulesheet.i18n import Lang

    title = f"\n## {Lang(lang).gettext(heading)}\n"
    assert title in text, f"no section {heading!r} in the {lang} sheet"
    return text.split(title, 1)[1].split("\n## ", 1)[0]


def play_section(text: str, lang: str) -> str:
    """The "What may be played" section of a Markdown sheet, without its heading."""
    return sheet_section(text, lang, "What may be played")


def paragraphs(text: str) -> list[str]:
    """The paragraphs of a Markdown text, each with its spaces made plain."""
    return [norm(p) for p in text.split("\n\n") if p.strip()]


def bullets(section: str) -> list[str]:
    """The list items of a Markdown text, as printed (``- `` kept)."""
    return [line for line in section.splitlines() if line.startswith("- ")]


def said(lang: str, message: str) -> str:
    """A catalog ``message`` as a sheet in ``lang`` prints it (translated and typeset)."""
    from sevens.compiler.rulesheet.i18n import Lang
    from sevens.compiler.rulesheet.typography import typeset

    return typeset(Lang(lang).gettext(message), lang, "md")


# -- the native backend (numba kernels): shared by its test modules ---------------------------
HAS_NUMBA = importlib.util.find_spec("numba") is not None
needs_numba = pytest.mark.skipif(not HAS_NUMBA, reason="numba is not installed (sevens[fast])")
#: Games per built-in in the native agreement tests (SEVENS_NATIVE_GAMES for more).
NATIVE_GAMES = int(os.environ.get("SEVENS_NATIVE_GAMES", "300"))
NATIVE_FORGET = 0.3  # often enough that the "last card" penalty is exercised


@pytest.fixture
def native_kernels_where_installed(request: pytest.FixtureRequest) -> None:
    """Where numba is installed, the kernels every rule set shares are compiled once for the
    run (``native_kernels``) before a native test compiles its rule set's own."""
    if HAS_NUMBA:
        request.getfixturevalue("native_kernels")


def native_refusal(variant: str) -> str | None:
    """Why the kernels refuse a built-in rule set (a feature they do not play, or a condition
    they cannot write), or None."""
    from sevens.compiler.contract import build_rule_set
    from sevens.compiler.native import NativeUnsupported, lower_rules
    from sevens.native.features import check_supported

    analysed = load_rulespec(find_rulespec(variant))
    try:
        lower_rules(analysed)
        check_supported(build_rule_set(analysed))
    except NativeUnsupported as exc:
        return str(exc)
    return None


@cache
def native_ids() -> tuple[str, ...]:
    """The built-in rule sets the kernels play."""
    return tuple(v for v in BUILTIN_IDS if native_refusal(v) is None)


def native_records(rules: Any, game: Any, players: int, seed: int) -> list[Any]:
    """The record lines of a native game (``sevens.native.play_native_game``), as JSON."""
    import io

    from sevens import native

    stream = io.StringIO()
    for number, deal in enumerate(game.deals, start=1):
        native._write(stream, rules.rule_set, players, seed, number, deal)
    return [json.loads(line) for line in stream.getvalue().splitlines()]


def agree_natively(
    variant: str, players: int, strategy: str, deals: int | None, seeds: range
) -> int:
    """Simulate the games ``seeds`` in both backends with records: the two record files must
    be byte-identical.  Returns the decisions compared."""
    import io

    from sevens import native
    from sevens.runtime.simulate import Options, simulate

    options = Options(players, len(seeds), seeds.start, strategy, deals, NATIVE_FORGET)
    python, natively = io.StringIO(), io.StringIO()
    simulate(compiled(variant), options, record=python)
    native.simulate_native(native.native_rules(variant), options, record=natively)
    lines = python.getvalue().splitlines()
    for number, (ours, theirs) in enumerate(
        zip(lines, natively.getvalue().splitlines(), strict=True), start=1
    ):
        assert theirs == ours, f"{variant}, record {number}: the backends wrote different games"
    assert natively.getvalue() == python.getvalue()
    return sum(len(json.loads(line)["decisions"]) for line in lines)


def lab_document(*args: str) -> tuple[dict[str, Any], str]:
    """A lab command's JSON document (one job) and its standard error."""
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(main, [*args, "--json", "--quiet", "--jobs", "1"])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout), result.stderr


# -- what a game record shows (the native tests look for each mechanic in records) ------------
def record_rank(code: str) -> str:
    return code[:-1]


def leftovers_laid(record: dict[str, Any]) -> list[str]:
    """The face-up leftovers laid in a deal (deal.leftovers), in the order they were laid."""
    return [
        d["card"]
        for d in record["decisions"]
        if d.get("kind") == "leftover" and d["action"] == "play"
    ]


def pass_after_a_leftover(record: dict[str, Any]) -> bool:
    """Whether a player laid a face-up leftover, then had no card of their hand to play and
    passed (a pass paid for that starts the blocked round afresh)."""
    decisions = record["decisions"]
    return any(
        a.get("kind") == "leftover"
        and a["action"] == "play"
        and "kind" not in b
        and b["seat"] == a["seat"]
        and not b["legal"]
        for a, b in pairwise(decisions)
    )


def row_openers(record: dict[str, Any]) -> list[dict[str, Any]]:
    """The decisions laying the first card of a suit."""
    seen: set[str] = set()
    openers = []
    for decision in record["decisions"]:
        card = decision["card"]
        if card and card[-1] not in seen and decision["action"] == "play":
            seen.add(card[-1])
            openers.append(decision)
    return openers


def laid_without_suit(record: dict[str, Any], start: str) -> bool:
    """Whether a card other than a start card was laid while the start card of its suit was
    not on the table: it went to a row that another suit opened."""
    table: set[str] = set()
    for decision in record["decisions"]:
        card = decision["card"]
        if card and decision["action"] == "play":
            if record_rank(card) != start and start + card[-1] not in table:
                return True
            table.add(card)
    return False


def one_row_at_a_time(record: dict[str, Any], start: str) -> bool:
    """Whether a start card was offered once a row was open (a next row opened) and no legal
    set offered a start card beside another card (the newest row, or the openings)."""
    next_row = False
    for decision in record["decisions"][1:]:
        starts = {record_rank(card) == start for card in decision["legal"]}
        if starts == {True, False}:
            return False
        next_row = next_row or True in starts
    return next_row
