"""``sevens play`` on screens of 80×24 and 120×40 and in nine languages: nothing wraps or
is cut, the words are the language's, plurals agree, the rule sheet opens and closes, the
bots move one at a time, the last moves are marked, and the standings count what a seat
holds (a joker too) and say what decided a tied match."""

from __future__ import annotations

import asyncio
import io
import re
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console
from textual.widgets import RichLog

from sevens.cli import main
from sevens.envs.game import PASS
from sevens.play.i18n import Words, language_from_environment
from sevens.play.table_session import PlaySession
from sevens.play.terminal import (
    RuleSheetScreen,
    SevensApp,
    deal_title,
    end_text,
    keys_text,
    last_cards,
    layout_text,
    log_entry,
    match_end_text,
    seats_text,
)
from tests.conftest import compiled, finish_deal, screen_lines

SIZES = [(80, 24), (120, 40)]
#: The deals the screens are checked on: the plain pack, eight rows and eight seats, the
#: Spanish pack, a pack with jokers, a pack of twenty ranks (too wide for the players'
#: column beside it on 80 columns: the columns go below the table).
SCREENS = [
    ("parliament", 4),
    ("double-deck", 8),
    ("cinquillo", 4),
    ("shichi-narabe-joker", 4),
    ("elfer-raus", 4),
    ("trump-fan-tan", 4),  # trump places as choices ("9♠→9♥"), the trump suit in the title
]


def _plain(renderable: Any, width: int) -> str:
    """A Rich renderable as plain text lines of ``width`` columns."""
    console = Console(width=width, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


def _run(app: SevensApp, size: tuple[int, int], drive: Any) -> None:
    async def go() -> None:
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await drive(pilot)

    asyncio.run(go())


def _assert_whole(lines: list[str], text: str, what: str) -> None:
    """``text`` stands whole on one screen line (neither wrapped nor cut)."""
    assert any(text in line for line in lines), f"{what} {text!r} is not whole on the screen:\n" + (
        "\n".join(lines)
    )


def _assert_cells_whole(lines: list[str], cells: list[str], what: str) -> None:
    """The cells of a table row stand on one screen line, in order, none of them cut."""
    pattern = re.compile(r"(^|[\s│])" + r"\s+".join(map(re.escape, cells)) + r"($|[\s│])")
    assert any(pattern.search(line) for line in lines), (
        f"{what} {cells} is not whole on the screen:\n" + "\n".join(lines)
    )


def _assert_screen_whole(app: SevensApp, lines: list[str]) -> None:
    session = app.session
    for row in layout_text(session).plain.splitlines():
        _assert_whole(lines, row.strip(), "layout row")
    hand = str(app.query_one("#hand").border_title)
    _assert_whole(lines, hand, "hand title")
    _assert_whole(lines, deal_title(session), "seats title")
    for line in _plain(seats_text(session), 200).splitlines():
        _assert_cells_whole(lines, line.split(), "seats row")
    _assert_whole(lines, keys_text(session.words).plain, "key line")
    shown = [entry for entry in session.log()][-3:]
    for line in shown:
        _assert_whole(lines, log_entry(session, line, False).plain, "log line")
    assert len(lines) == app.size.height and all(len(line) <= app.size.width for line in lines)


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize(("variant", "players"), SCREENS, ids=[v for v, _ in SCREENS])
@pytest.mark.parametrize("lang", ["en", "de", "ja"])
def test_every_row_title_seat_and_log_line_fits_the_screen(
    size: tuple[int, int], variant: str, players: int, lang: str
) -> None:
    session = PlaySession(compiled(variant), players, 0, ["heuristic"], 3, 3, lang=lang)
    app = SevensApp(session)  # a match of three deals: its title and totals must fit too

    async def drive(pilot: Any) -> None:
        for _ in range(3):  # a few turns in: cards on the table, lines in the log
            await pilot.press("enter")
            await pilot.pause()
        _assert_screen_whole(app, screen_lines(app))
        for _ in range(300):  # to the end: the standings fit too
            if session.deal_over:
                break
            await pilot.press("enter")
            await pilot.pause()
        assert session.deal_over
        lines = screen_lines(app)
        for line in end_text(session).plain.splitlines():
            _assert_whole(lines, line.strip(), "end line")
        for line in _plain(seats_text(session), 200).splitlines():
            _assert_cells_whole(lines, line.split(), "standings row")

    _run(app, size, drive)


def test_the_spanish_pack_shows_its_suit_letters_not_french_signs() -> None:
    session = PlaySession(compiled("cinquillo"), 4, 0, ["heuristic"], 3, 1)
    text = layout_text(session).plain
    assert not set("♣♦♥♠") & set(text)  # copas is "C", not clubs
    rows = [line.split()[0] for line in text.splitlines()[1:]]
    assert rows == ["O", "C", "E", "B"]


def test_the_language_comes_from_the_locale_else_english() -> None:
    assert language_from_environment({"LANG": "de_DE.UTF-8"}) == "de"
    assert language_from_environment({"LANG": "de_DE.UTF-8", "LC_ALL": "ja_JP.UTF-8"}) == "ja"
    assert language_from_environment({"LC_MESSAGES": "pt_BR", "LANG": "fr_FR"}) == "pt"
    assert language_from_environment({"LANGUAGE": "fi:sv", "LANG": "de_DE"}) == "sv"
    assert language_from_environment({"LANG": "C.UTF-8"}) == "en"
    assert language_from_environment({"LANG": "fi_FI.UTF-8"}) == "en"
    assert language_from_environment({}) == "en"


def test_an_unknown_language_is_refused_with_exit_2() -> None:
    result = CliRunner().invoke(main, ["play", "parliament", "--lang", "xx"])
    assert result.exit_code == 2
    assert "unknown language 'xx'" in result.output and "de, en, es" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize(
    ("lang", "words"),
    [
        ("de", ["Auslage", "Deine Hand: ", "Verlauf", "Spieler 1", "Geber"]),
        ("ja", ["場", "手札: ", "履歴", "プレイヤー1", "親"]),
    ],
)
def test_a_german_and_a_japanese_game_speak_their_language(lang: str, words: list[str]) -> None:
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 4, 1, lang=lang)
    app = SevensApp(session)

    async def drive(pilot: Any) -> None:
        screen = "\n".join(screen_lines(app))
        for word in words:
            assert word in screen, screen
        assert "Your hand" not in screen and "Moves" not in screen

    _run(app, (80, 24), drive)


def test_a_german_game_shows_and_takes_german_letters() -> None:
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 4, 1, lang="de")
    queen = session.rules.rule_set.card_codes.index("QS")
    assert session.card_text(queen) == "D♠"
    assert session.parse("DS") == session.parse("QS") == session.parse("d♠") == queen
    assert session.parse("passen") == PASS


def test_every_message_is_translated_with_its_placeholders() -> None:
    import re

    from sevens.compiler.rulesheet.i18n import LANGUAGES
    from sevens.play.catalog import extract_messages, read_catalog

    wanted = {m.id for m in extract_messages() if m.id}
    for lang in LANGUAGES:
        catalog = read_catalog(lang)
        assert {m.id for m in catalog if m.id} == wanted, (
            f"{lang}: run python -m sevens.play.catalog"
        )
        if lang == "en":
            continue
        for message in catalog:
            if not message.id:
                continue
            ids = message.id if isinstance(message.id, tuple) else (message.id,)
            strings = message.string if isinstance(message.string, tuple) else (message.string,)
            assert all(strings), f"{lang}: {ids[0]!r} is not translated"
            names = set(re.findall(r"%\((\w+)\)", ids[-1]))
            for string in strings:
                assert set(re.findall(r"%\((\w+)\)", string)) == names, (lang, ids[0], string)


def test_plurals_agree_with_their_number() -> None:
    english, russian = Words("en"), Words("ru")
    hand = ("Your hand: %(n)d card", "Your hand: %(n)d cards")
    assert english.ngettext(*hand, 1) % {"n": 1} == "Your hand: 1 card"
    assert english.ngettext(*hand, 2) % {"n": 2} == "Your hand: 2 cards"
    assert [russian.ngettext(*hand, n) % {"n": n} for n in (1, 3, 5, 21)] == [
        "У вас 1 карта",
        "У вас 3 карты",
        "У вас 5 карт",
        "У вас 21 карта",
    ]


def test_the_hand_title_and_the_forced_moves_say_one_card_and_one_move() -> None:
    """The screen of a hand of one card says "1 card", and one forced move "1 forced move"
    (seed 8 comes both to a hand of one card and to a turn after exactly one forced move)."""
    screens: list[str] = []
    for seed in (8,):
        session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], seed, 1)
        app = SevensApp(session)

        async def drive(pilot: Any, app: SevensApp = app, session: PlaySession = session) -> None:
            for _ in range(300):
                screens.append("\n".join(screen_lines(app)))
                if session.deal_over:
                    break
                await pilot.press("enter")
                await pilot.pause()

        _run(app, (80, 24), drive)
    assert any("Your hand: 1 card " in screen for screen in screens)
    assert any(re.search(r"Your hand: ([2-9]|1[0-9]) cards", screen) for screen in screens)
    assert any("\n 1 forced move made for you" in screen for screen in screens)
    assert not any(" 1 cards" in screen or "1 forced moves" in screen for screen in screens)


def test_the_rule_sheet_opens_scrolls_and_closes() -> None:
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 4, 1, lang="de")
    app = SevensApp(session)

    async def drive(pilot: Any) -> None:
        for keys in (["ctrl+r"], ["r", "enter"]):
            await pilot.press(*keys)
            await pilot.pause()
            assert isinstance(app.screen, RuleSheetScreen)
            screen = "\n".join(screen_lines(app))
            assert "Parliament" in screen and "Spielregeln" in screen  # the German sheet
            await pilot.press("pagedown")
            await pilot.pause()
            assert app.screen.query_one("#sheet").scroll_y > 0
            await pilot.press("escape")
            await pilot.pause()
            assert not isinstance(app.screen, RuleSheetScreen)
        assert not session.deal_over  # the game goes on where it was

    _run(app, (80, 24), drive)


def test_the_bots_move_one_at_a_time_at_the_pace() -> None:
    """With a pace, each bot move waits for its tick (here a pace no test waits for, the
    ticks taken by hand): the screen shows one move after the other."""
    # seed 0: the bots' first moves come before any forced pass of yours
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 0, 1, hold_bots=True)
    app = SevensApp(session, pace=3600)

    async def bots_until_your_turn(pilot: Any) -> int:
        ticks = 0
        while app.bots_moving:
            before = len(session.game.history)
            app.bot_tick()
            await pilot.pause()
            assert len(session.game.history) == before + 1 or session.my_turn  # (+ your forced)
            ticks += 1
        assert session.my_turn or session.deal_over
        return ticks

    async def drive(pilot: Any) -> None:
        await bots_until_your_turn(pilot)
        before = len(session.game.history)
        await pilot.press("enter")
        await pilot.pause()
        assert app.bots_moving and len(session.game.history) == before + 1  # only yours yet
        assert "the others play" in str(app.query_one("#hand").border_title)
        assert await bots_until_your_turn(pilot) == session.players - 1

    _run(app, (80, 24), drive)


def test_the_last_card_of_each_seat_is_marked_on_the_table_and_the_latest_moves_in_the_log() -> (
    None
):
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 4, 1)
    session.act(session.game.legal_actions()[0])
    text = layout_text(session)
    marked = {
        text.plain[span.start : span.end].strip()
        for span in text.spans
        if "reverse" in str(span.style)
    }
    codes = session.rules.rule_set.card_codes
    assert marked and marked <= {codes[card][:-1] for card in last_cards(session).values()}
    lines = session.log()
    mine = max(k for k, line in enumerate(lines) if line.seat == 0)
    assert "bold" in str(log_entry(session, lines[-1], True).spans[-1].style)
    assert not log_entry(session, lines[mine - 1], False).spans or all(
        "bold" not in str(span.style) for span in log_entry(session, lines[mine - 1], False).spans
    )


def test_the_log_shows_only_the_moves_since_yours_in_bold() -> None:
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 4, 1)
    app = SevensApp(session)

    async def drive(pilot: Any) -> None:
        for _ in range(2):  # two moves of yours: the first round is no longer the latest
            await pilot.press("enter")
            await pilot.pause()
        log = app.query_one("#log", RichLog)
        bold = [any(seg.style and seg.style.bold for seg in strip) for strip in log.lines]
        entries = session.log()
        latest = max(k for k, line in enumerate(entries) if line.seat == 0)
        assert len(bold) == len(entries)  # one screen line per move here (none wraps)
        assert bold == [k >= latest for k in range(len(entries))], bold

    _run(app, (120, 40), drive)


def test_a_joker_held_at_the_end_is_a_card_left() -> None:
    """Seed 16: seat 3 ends holding only a joker: it has one card left, not 0."""
    session = PlaySession(compiled("shichi-narabe-joker"), 4, 0, ["heuristic"], 16, 1)
    finish_deal(session)
    assert session.game.state is not None and session.game.state.jokers[3] == 1
    assert session.game.result is not None and session.game.result.cards_left[3] == 0
    row = next(row for row in session.finish_deal() if row.seat == 3)
    assert row.cards_left == 1
    shown = [line.split() for line in _plain(seats_text(session), 60).splitlines()]
    assert ["Seat", "3", "1", "0"] in [line[-4:] for line in shown], shown


def test_a_tied_match_says_it_was_decided_on_pots() -> None:
    """Parliament, seed 2, two deals: seats 1 and 3 each win one pot and share the match."""
    session = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 2, 2)
    finish_deal(session)
    session.next_deal()
    finish_deal(session)
    session.finish_deal()
    assert session.match_over and session.match_winners() == [1, 3]
    assert match_end_text(session) == (
        "The match is over, decided on pots: Seat 1 and Seat 3 share the win, 1 each."
    )
    assert "decided on pots" in end_text(session).plain
    german = PlaySession(compiled("parliament"), 4, 0, ["heuristic"], 2, 2, lang="de")
    finish_deal(german)
    german.next_deal()
    finish_deal(german)
    assert "entschieden nach Pötten: Spieler 1 und Spieler 3" in end_text(german).plain


def test_the_seats_table_shows_each_players_team() -> None:
    """Cinquillo in pairs: partners sit opposite each other; the seats table names each
    seat's pair (A or B), during the deal and in the standings."""
    session = PlaySession(compiled("cinquillo-parejas"), 4, 0, ["heuristic"], 3, 1)

    def team_by_player(text: str) -> dict[str, str]:
        marks = r"^\s*(?:[▶✓✗]|\d+\.)?\s*"  # the turn or finish mark, or the place
        lines = [re.sub(marks, "", line).strip() for line in text.splitlines()]
        rows = [re.split(r"\s{2,}", line) for line in lines[1:]]  # below the column titles
        return {row[0]: row[1] for row in rows if len(row) >= 4}

    during = _plain(seats_text(session), 60)
    assert during.splitlines()[0].split()[:2] == ["player", "team"], during
    expected = {"You": "A", "Seat 1": "B", "Seat 2": "A", "Seat 3": "B"}
    assert team_by_player(during) == expected, during
    finish_deal(session)
    after = _plain(seats_text(session), 60)
    assert team_by_player(after) == expected, after
