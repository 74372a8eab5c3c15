"""``sevens play``: the match model, the Textual screen (driven by its pilot) and a real terminal (tmux)."""

from __future__ import annotations

import shutil
import subprocess
import sys
import time
import uuid
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.widgets import Input

from sevens.envs.game import PASS, IllegalAction
from sevens.play.table_session import PlaySession
from sevens.play.terminal import SevensApp, layout_text
from tests.conftest import compiled, session_at_your_give


def _session(
    variant: str = "parliament", seed: int = 4, deals: int = 1, bots: str = "heuristic"
) -> PlaySession:
    return PlaySession(compiled(variant), 4, 0, bots.split(","), seed, deals)


def _finish(session: PlaySession) -> None:
    """Play the person's first legal action until the deal ends."""
    for _ in range(500):
        session.play_forced()
        if session.deal_over:
            return
        session.act(session.game.legal_actions()[0])
    raise AssertionError("the deal did not end")


def test_forced_moves_are_made_and_logged_as_forced() -> None:
    session = _session()
    _finish(session)
    mine = [line for line in session.log() if line.seat == 0]
    assert any(line.forced and line.action == PASS for line in session.log())
    assert any(not line.forced for line in mine)
    assert len(session.log()) == len(session.game.record["decisions"])


def test_typed_codes_with_or_without_suit_symbols() -> None:
    session = _session()
    session.play_forced()
    legal = [a for a in session.game.legal_actions() if a != PASS]
    code = session.rules.rule_set.card_codes[legal[0]]
    for typed in (code, code.lower(), session.card_text(legal[0]), f" {code[:-1]} {code[-1]} "):
        assert session.parse(typed) == legal[0]
    with pytest.raises(IllegalAction):
        session.parse("ZZ")
    spanish = _session("cinquillo", seed=2)
    assert spanish.rules.rule_set.card_codes[spanish.parse("12o")] == "12O"


def test_undo_takes_back_the_last_choice_and_the_bots_repeat_their_moves() -> None:
    session = _session(bots="heuristic,search,random")
    session.play_forced()
    before = list(session.game.history)
    first = session.game.legal_actions()[-1]
    session.act(first)
    session.play_forced()
    assert session.undo()
    assert session.game.history == before and session.my_turn
    session.act(first)
    session.play_forced()
    replayed = list(session.game.history)
    assert session.undo() and session.game.history == before
    session.act(first)
    session.play_forced()
    assert session.game.history == replayed  # the same bots' answers after the same choice


def test_a_match_keeps_running_totals_and_moves_the_dealer() -> None:
    session = _session(deals=2)
    dealer = session.game.dealer
    _finish(session)
    first = session.finish_deal()
    assert not session.match_over
    session.next_deal()
    assert session.deal_number == 2 and session.game.dealer == (dealer + 1) % 4
    _finish(session)
    totals = {row.seat: row.total_chips for row in session.finish_deal()}
    deal_one = {row.seat: row.chips for row in first}
    deal_two = {row.seat: row.chips for row in session.standings()}
    assert totals == {s: deal_one[s] + deal_two[s] for s in range(4)}
    assert session.match_over and session.match_winners()


def test_bad_bots_and_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown bot 'genius'"):
        _session(bots="heuristic,genius")
    with pytest.raises(ValueError, match="--seat"):
        PlaySession(compiled("parliament"), 4, 7, ["heuristic"], 0, 1)


def test_layout_marks_start_cards_and_gaps() -> None:
    session = _session()
    text = layout_text(session).plain
    assert "♣" in text and "♥" in text and "▸7" in text and "·" in text


@pytest.mark.parametrize("variant", ["parliament", "double-deck", "cinquillo"])
def test_pilot_plays_a_deal_with_arrows_enter_and_typed_codes(variant: str) -> None:
    import asyncio

    players = 8 if variant == "double-deck" else 4
    session = PlaySession(compiled(variant), players, 0, ["heuristic"], 3, 1)

    async def drive() -> None:
        app = SevensApp(session)
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            typed = False
            for _ in range(400):
                if session.deal_over:
                    break
                legal = session.game.legal_actions()
                if not typed and len(legal) > 1 and PASS not in legal:
                    card = legal[1]
                    await pilot.press("right")  # the second legal card is chosen ...
                    assert app.legal_cards()[app.selected] == card
                    await pilot.press("enter")  # ... and played
                    assert (0, card) in session.game.history
                    typed = True
                    continue
                if legal[0] == PASS:
                    await pilot.press("p", "a", "s", "s")
                elif len(session.game.history) % 2:
                    code = session.rules.rule_set.card_codes[legal[0]].lower()
                    await pilot.press(*code)  # typed key by key, lower case
                else:  # with its suit symbol (the pilot has no key for ♦: set the text)
                    app.query_one("#entry", Input).value = session.card_text(legal[0])
                await pilot.press("enter")
                await pilot.pause()
            assert session.deal_over and typed
            status = str(app.query_one("#status").render())
            assert "The deal is over" in status
            await pilot.press("enter")  # a stray Enter after the one-deal match: standings stay
            await pilot.pause()
            status = str(app.query_one("#status").render())
            assert "The deal is over" in status and "q to quit" in status

    asyncio.run(drive())


def test_pilot_help_undo_and_quit() -> None:
    import asyncio

    session = _session()

    async def drive() -> None:
        app = SevensApp(session)
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            for keys in (["f1"], ["question_mark", "enter"]):  # F1, or ? typed and Enter
                await pilot.press(*keys)
                await pilot.pause()
                assert app.screen.__class__.__name__ == "HelpScreen"
                await pilot.press("escape")
                await pilot.pause()
                assert app.screen.__class__.__name__ != "HelpScreen"
            before = list(session.game.history)
            await pilot.press("enter")
            await pilot.pause()
            assert session.game.history != before
            await pilot.press("ctrl+u")
            await pilot.pause()
            assert session.game.history == before
            await pilot.press("u", "enter")  # nothing left to undo: said so, nothing changes
            await pilot.pause()
            assert "Nothing to undo" in str(app.query_one("#status").render())
            await pilot.press("ctrl+q")
            await pilot.pause()
        assert app.return_code == 0 or app.return_code is None

    asyncio.run(drive())


#: Hang bounds of the pseudo-terminal test, in seconds: it waits for the screen, never for a
#: fixed time, so these only end a run that is stuck (the machine may be loaded: CI runs the
#: suite on two shared cores, and the search bot thinks between your turns).
START_BOUND = 180
MOVE_BOUND = 120
QUIT_BOUND = 60


@pytest.mark.skipif(shutil.which("tmux") is None, reason="tmux is not installed")
def test_end_to_end_in_a_pseudo_terminal() -> None:
    name = f"sevens-play-{uuid.uuid4().hex[:8]}"
    command = (
        f"{sys.executable} -m sevens play parliament --seed 4 --bots heuristic,search --lang en"
        " --pace 0.1"
    )
    # A shell first, sized, then the game: the game reads the terminal's size when it starts.
    subprocess.run(["tmux", "new-session", "-d", "-s", name, "-x", "140", "-y", "44"], check=True)
    subprocess.run(["tmux", "resize-window", "-t", name, "-x", "140", "-y", "44"], check=False)
    subprocess.run(["tmux", "send-keys", "-t", name, f"exec {command}", "Enter"], check=True)

    def screen() -> str:
        return subprocess.run(
            ["tmux", "capture-pane", "-p", "-t", name], capture_output=True, text=True, check=False
        ).stdout

    def wait_for(ready: Callable[[str], bool], bound: float) -> str:
        """The screen once ``ready`` holds for it (or the last one seen when the bound passes)."""
        deadline = time.monotonic() + bound
        shown = screen()
        while not ready(shown) and time.monotonic() < deadline:
            time.sleep(0.2)
            shown = screen()
        return shown

    def my_turn_or_over(shown: str) -> bool:
        return "your turn" in shown or "The deal is over" in shown

    try:
        shown = wait_for(lambda s: "Your hand" in s and "search" in s, START_BOUND)
        assert "Your hand" in shown and "♣" in shown and "search" in shown, shown
        moves = 0
        shown = wait_for(my_turn_or_over, MOVE_BOUND)
        while "The deal is over" not in shown:
            assert "your turn" in shown, (
                f"neither your turn nor the end after {MOVE_BOUND} s:\n{shown}"
            )
            assert moves < 60, "more of your turns than a deal of Parliament has"
            subprocess.run(["tmux", "send-keys", "-t", name, "Enter"], check=True)
            moves += 1
            # Enter plays your chosen card: the screen changes (the card leaves your hand) ...
            wait_for(lambda s, before=shown: s != before, MOVE_BOUND)
            # ... and once the bots have moved, it is your turn again or the deal is over.  (On a
            # loaded machine the screen may change before the hand's title does, so an Enter can
            # reach a finished deal: the standings must then stay in view.)
            shown = wait_for(my_turn_or_over, MOVE_BOUND)
        assert moves > 0 and "Winner" in shown
        subprocess.run(["tmux", "send-keys", "-t", name, "C-q"], check=True)
        deadline = time.monotonic() + QUIT_BOUND
        while time.monotonic() < deadline:
            alive = subprocess.run(
                ["tmux", "has-session", "-t", name], capture_output=True, check=False
            )
            if alive.returncode != 0:
                break
            time.sleep(0.3)
        assert alive.returncode != 0, "sevens play did not quit on Ctrl+Q"
    finally:
        subprocess.run(["tmux", "kill-session", "-t", name], capture_output=True, check=False)


def test_pilot_plays_a_joker_deal_asking_where_the_joker_goes() -> None:
    """The joker is a card of the hand; choosing it asks where (Escape goes back); a redeem the
    rules force is made for you and logged as forced; the layout marks a joker with *."""
    import asyncio

    from sevens.play.terminal import JOKER_PICK, log_text

    session = PlaySession(compiled("shichi-narabe-joker"), 4, 0, ["heuristic"], 0, 1)
    n_cards = session.rules.rule_set.n_cards

    async def drive() -> None:
        app = SevensApp(session)
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            assert JOKER_PICK in app.legal_cards()  # seed 0: a joker to play at the first turn
            assert (
                "Joker" in str(app.query_one("#hand").border_title) or session.game.state.jokers[0]
            )
            await pilot.press("j", "o", "k", "e", "r", "enter")  # the joker: where does it go?
            await pilot.pause()
            spots = app.legal_cards()
            assert app.joker_mode and spots and all(a >= n_cards for a in spots)
            assert "Put the joker where" in str(app.query_one("#status").render())
            await pilot.press("escape")  # back to the hand
            await pilot.pause()
            assert not app.joker_mode and JOKER_PICK in app.legal_cards()
            app.play_card(JOKER_PICK)  # as a click on the hand's joker does
            await pilot.pause()
            spot = app.legal_cards()[1 % len(app.legal_cards())]
            code = session.rules.rule_set.card_codes[spot - n_cards]
            await pilot.press(*code.lower(), "enter")  # the spot typed: the joker goes there
            await pilot.pause()
            assert (0, spot) in session.game.history
            line = next(line for line in session.log() if line.seat == 0 and line.action == spot)
            assert log_text(session, line).startswith("joker → ")
            for _ in range(400):
                if session.deal_over:
                    break
                await pilot.press("enter")
                await pilot.pause()
            assert session.deal_over
            assert "The deal is over" in str(app.query_one("#status").render())

    asyncio.run(drive())
    redeems = [line for line in session.log() if line.kind == "redeem"]
    assert redeems and all(line.forced for line in redeems)  # play.joker.redeem: must
    assert all("takes the joker" in log_text(session, line) for line in redeems)


def test_the_layout_marks_a_joker_and_the_seats_count_it() -> None:
    from sevens.play.terminal import seats_text

    session = PlaySession(compiled("shichi-narabe-joker"), 4, 0, ["heuristic"], 4, 1)
    state = session.game.state
    assert state is not None
    assert "*" not in layout_text(session).plain
    spot = session.game.parse_action("8C")
    state.joker_spots |= 1 << spot  # a joker lying where the 8C goes
    session.rules.lay_out(state, spot)
    text = layout_text(session).plain
    assert "8*" in text and "a joker stands there" in text
    assert seats_text(session).row_count == 4


def test_plain_play_offers_the_joker_and_asks_where() -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(
        main, ["play", "shichi-narabe-joker", "--plain", "--seed", "1"], input="\n" * 300
    )  # Enter takes the default: the first legal card, else the joker and its first spot
    assert result.exit_code == 0, result.output[-800:]
    assert "+ 1 joker\n" in result.output and "joker(s)" not in result.output
    assert "A joker may go where these go" in result.output
    assert "The joker goes where?" in result.output and "The deal is over" in result.output


def test_pilot_offers_a_redeem_the_rules_leave_to_you(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With ``redeem: may`` the redeem is your choice: the status says so; pass declines."""
    import asyncio

    monkeypatch.setenv("SEVENS_CACHE", str(tmp_path / "cache"))

    from sevens.loading.registry import load_rules
    from sevens.play.terminal import log_text

    spec = tmp_path / "joker-may.yaml"
    spec.write_text(
        "id: joker-may\nextends: shichi-narabe-joker\nplay:\n  joker:\n    redeem: may\n"
    )
    session = PlaySession(load_rules(str(spec)), 4, 0, ["heuristic"], 2, 1)  # seed 2: at once

    async def drive() -> None:
        app = SevensApp(session)
        async with app.run_test(size=(140, 44)) as pilot:
            await pilot.pause()
            pending = session.game.pending
            assert pending is not None and (pending.seat, pending.kind) == (0, "redeem")
            card = pending.legal.bit_length() - 1
            assert app.legal_cards() == [card, PASS]  # not forced: redeem or decline
            status = str(app.query_one("#status").render())
            assert f"A joker stands for your {session.card_text(card)}" in status
            await pilot.press("p", "a", "s", "s", "enter")
            await pilot.pause()
            line = next(line for line in session.log() if line.kind == "redeem" and line.seat == 0)
            assert line.action == PASS and not line.forced
            assert log_text(session, line) == "declines to redeem the joker"

    asyncio.run(drive())


def test_more_bots_than_other_seats_are_refused() -> None:
    with pytest.raises(ValueError, match="--bots names 4 strategies for 3 other seats"):
        _session(bots="heuristic,random,search,heuristic")


@pytest.mark.parametrize("deals", ["0", "-1", "1001", "99999999999999999999"])
def test_deals_outside_1_to_1000_are_refused(deals: str) -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(main, ["play", "parliament", "--deals", deals])
    assert result.exit_code == 2
    assert "is not in the range 1<=x<=1000" in result.output


def test_plain_play_ends_quietly_when_the_input_ends() -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(main, ["play", "parliament", "--plain"], input="")
    assert result.exit_code == 0, result.output[-800:]
    assert "No more input: the deal is left unfinished." in result.output
    assert "Aborted!" not in result.output


@pytest.mark.parametrize(
    ("bots", "message"),
    [
        ("heuristic,random,search,heuristic", "--bots names 4 strategies for 3 other seats"),
        ("heuristic,genius", "unknown bot 'genius'"),
    ],
)
def test_plain_play_refuses_the_bots_full_screen_refuses(bots: str, message: str) -> None:
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(main, ["play", "parliament", "--plain", "--bots", bots], input="")
    assert result.exit_code == 2, result.output
    assert message in result.output


def test_plain_play_seats_the_named_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    from click.testing import CliRunner

    from sevens.cli import main
    from sevens.play import interactive

    seated: list[str] = []
    strategies = dict(interactive.STRATEGIES)
    for name, make in strategies.items():
        monkeypatch.setitem(
            interactive.STRATEGIES, name, lambda rules, n=name, m=make: seated.append(n) or m(rules)
        )
    result = CliRunner().invoke(
        main, ["play", "parliament", "--plain", "--bots", "random,search"], input=""
    )
    assert result.exit_code == 0, result.output[-800:]
    assert seated == ["random", "search", "random"]


#: What the plain game prints in English; none of it may show in another language's game.
ENGLISH_PLAIN_TEXTS = ("Your play", "You may play:", "Your cards:", "Table:", "The deal is over")


@pytest.mark.parametrize("lang", ["de", "es", "fr", "ja", "nl", "pt", "ru", "sv"])
def test_plain_play_speaks_the_chosen_language(lang: str) -> None:
    from click.testing import CliRunner

    from sevens.cli import main
    from sevens.play.i18n import Words

    result = CliRunner().invoke(
        main,
        ["play", "shichi-narabe-joker", "--plain", "--seed", "1", "--lang", lang],
        input="\n" * 300,
    )
    assert result.exit_code == 0, result.output[-800:]
    words = Words(lang)
    over = words.gettext("The deal is over. Winner: %(who)s.").split("%(who)s")[0]
    assert over in result.output
    assert words.gettext("Your play") in result.output
    leaked = [text for text in ENGLISH_PLAIN_TEXTS if text in result.output]
    assert leaked == []


def test_plain_play_takes_a_card_in_the_languages_letters() -> None:
    from sevens.play.card_words import CardWords
    from sevens.play.i18n import Words

    rules = compiled("parliament")
    codes = rules.rule_set.card_codes
    everything = (1 << len(codes)) - 1
    german = CardWords(rules, Words("de"))
    queen_of_hearts = codes.index("QH")
    assert german.card_text(queen_of_hearts) == "D♥"
    for typed in ("DH", "d♥", "QH", " q h "):
        assert german.card_in(everything, typed) == queen_of_hearts, typed
    assert german.card_in(everything, "ZH") is None
    assert german.card_in(everything & ~(1 << queen_of_hearts), "DH") is None


@pytest.mark.parametrize(
    ("lang", "asked"),
    [
        ("en", "Seat 1 takes a card from you: choose the card you give."),
        ("de", "Spieler 1 nimmt dir eine Karte: Wähle die Karte, die du abgibst."),
    ],
)
def test_plain_play_asks_the_person_which_card_to_give(lang: str, asked: str) -> None:
    """Ristiseiska (catalogue §5): the previous player chooses the card a player who cannot
    play takes; in the plain game that player may be you (seed 1: seat 1 passes early)."""
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(
        main, ["play", "ristiseiska", "--plain", "--seed", "1", "--lang", lang], input="\n" * 400
    )
    assert result.exit_code == 0, result.output[-800:]
    assert asked in result.output


def test_the_person_gives_a_card_they_hold() -> None:
    """A card not in the hand is refused with a message and asked again; the default is the
    card a bot would give."""
    from click.testing import CliRunner

    from sevens.play.i18n import Words
    from sevens.play.interactive import PlainScreen
    from sevens.runtime.api import DealState
    from sevens.runtime.mechanics.base import givers_order
    from sevens.runtime.randomness import GameRandom

    rules = compiled("ristiseiska")
    codes = rules.rule_set.card_codes
    hand = sum(1 << codes.index(c) for c in ("2C", "KH", "9D"))
    st = DealState(4, 0, [hand, 1 << codes.index("7C"), 0, 0], rules.rule_set.n_rows)
    rules.setup(st)
    st.giving_to = 1
    screen = PlainScreen(rules, Words("en"))
    with CliRunner().isolation(input="2S\nKH\n") as (out, *_):
        assert screen.choose(st, 0, hand, False, GameRandom(0)) == codes.index("KH")
        printed = out.getvalue().decode()
    assert "That card is not in your hand; type one of your cards." in printed
    suggested = givers_order(rules, st, 0, [codes.index(c) for c in ("2C", "KH", "9D")])[0]
    assert f"Card to give [{screen.cards.card_text(suggested)}]" in printed


def test_the_full_screen_game_asks_you_for_the_card_you_give() -> None:
    """The session stops at your "give" decision; the card you choose is the one given, and
    the move log shows every give face down."""
    from sevens.play.terminal import log_text

    session = session_at_your_give("ristiseiska")
    pending = session.game.pending
    assert pending is not None and pending.seat == session.seat
    card = session.game.legal_actions()[0]
    session.act(card)
    history = zip(session.game.history, session.game.kinds, strict=True)
    assert (session.seat, card) in [entry for entry, kind in history if kind == "give"]
    gives = [line for line in session.log() if line.kind == "give"]
    assert gives and all(log_text(session, line) == "gives a card" for line in gives)


def _session_at_a_trump_place() -> Any:
    """A terminal game of Trump Fan Tan (seat 0) stopped where the person may lay a trump in
    another card's place: they play their first card until then."""
    from sevens.play.table_session import PlaySession

    for seed in range(20):
        session = PlaySession(compiled("trump-fan-tan"), 4, 0, ["heuristic"], seed, 1)
        for _ in range(200):
            session.play_forced()
            pending = session.game.pending
            if session.deal_over or pending is None:
                break
            n_cards = session.rules.rule_set.n_cards
            if any(a >= n_cards for a in pending.actions):
                return session
            session.act(session.game.legal_actions()[0])
    raise AssertionError("no trump place was offered to the person in 20 deals")


def test_the_person_lays_a_trump_in_another_cards_place() -> None:
    """``sevens play`` deals Trump Fan Tan: a trump's place is a choice of its own, shown and
    logged as the trump and the card whose place it takes ("9♠→9♦"), never as a joker."""
    from sevens.play.terminal import log_text
    from sevens.runtime.mechanics.trumps import trump_for

    session = _session_at_a_trump_place()
    rule_set = session.rules.rule_set
    state = session.game.state
    action = next(a for a in session.game.pending.actions if a >= rule_set.n_cards)
    place = action - rule_set.n_cards
    trump = trump_for(rule_set, state, place)
    shown = f"{session.cards.card_text(trump)}→{session.cards.card_text(place)}"
    assert session.card_text(action) == shown and "joker" not in shown
    assert rule_set.suit_of[trump] == state.trump_suit != rule_set.suit_of[place]
    session.act(action)
    assert state.trump_spots >> place & 1 and not state.hands[0] >> trump & 1
    mine = [line for line in session.log() if line.seat == 0]
    assert log_text(session, mine[-1]) == shown


def test_a_trump_is_typed_as_trump_and_the_card() -> None:
    session = _session_at_a_trump_place()
    n_cards = session.rules.rule_set.n_cards
    action = next(a for a in session.game.pending.actions if a >= n_cards)
    code = session.rules.rule_set.card_codes[action - n_cards]
    assert session.parse(f"trump {code}") == action


def test_sevens_play_plain_shows_trumps_and_plays_a_deal_to_its_end() -> None:
    """The plain table names the trump suit, marks where trumps lie, and offers the trump
    places to type; Enter alone plays the suggested move to the end of the deal."""
    from click.testing import CliRunner

    from sevens.cli import main

    result = CliRunner().invoke(
        main, ["play", "trump-fan-tan", "--plain", "--seed", "2"], input="\n" * 300
    )
    assert result.exit_code == 0, result.output
    assert "Traceback" not in result.output and "joker" not in result.output.lower()
    assert "trumps " in result.output and "The deal is over." in result.output
    assert "A trump of the same rank may take the place of:" in result.output


def test_the_workbench_refuses_trumps_with_a_clear_message() -> None:
    """The workbench's page would offer a trump's place as a joker's: its play socket
    refuses the rules with one line that names what to use instead."""
    from sevens.serve.play_socket import PlayError, prepare

    text = "id: my-trumps\nextends: trump-fan-tan\n"
    with pytest.raises(PlayError, match=r"workbench cannot show trumps yet.*sevens play"):
        prepare({"text": text, "lang": "en"})
