"""``sevens play``: a full-screen terminal game (Textual) against bots.

The screen fits a terminal of 80×24 and grows with a larger one: the layout (a
line per row, start cards ▸, gaps ·, the last card each seat played marked) and
your hand (the legal cards green) on the left; the seats (cards, passes, chips,
pot) and the move log on the right (the moves since your last one in bold,
forced ones marked); the entry line, the status and the keys across the bottom.
Play a card by clicking it, by moving with ←/→ and pressing Enter, or by typing
its code (``7H``, ``7♥``, ``7h``, or the language's letters: German ``DH``;
``pass``).  ``u`` (Ctrl+U) undoes your last choice, ``r`` (Ctrl+R) shows the
variant's rule sheet, ``?`` (F1) the help, ``q`` (Ctrl+Q) quits, ``n`` (Ctrl+N)
deals the next hand of a match; typed commands end with Enter.  The bots move
one at a time, ``pace`` seconds apart, so a person can follow them.  With
jokers, the joker is a card of your hand: choosing it asks where it goes (the
spots are then the choices; Escape goes back), ``joker 8C`` plays it at once,
and a redeem the rules leave to you is offered (Enter redeems, ``pass`` declines).

Every word on the screen comes from the game's catalog (:mod:`sevens.play.i18n`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from babel.lists import format_list
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.timer import Timer
from textual.widgets import Header, Input, Markdown, RichLog, Static

from sevens.compiler.rulesheet.i18n import LIST_LOCALE
from sevens.runtime.api import bits
from sevens.runtime.arith import signed_text
from sevens.runtime.contract import MatchWinner

from ..envs.game import PASS, IllegalAction
from .i18n import Words
from .table_session import LogLine, PlaySession, Standing

#: The bots' default pace on a real screen, in seconds between two of their moves.
DEFAULT_PACE = 0.6


def help_text(words: Words) -> str:
    """The keys and how to play, in the game's language (Rich markup)."""
    _ = words.gettext
    return "\n\n".join(
        [
            "[b]" + _("How to play") + "[/b]",
            _(
                "Cards are played onto the layout, one row per suit, building outwards from "
                "the start card (marked ▸). On your turn the cards you may play are green."
            ),
            _(
                "←/→ choose among your legal cards (and pass, when allowed), Enter plays the "
                "chosen one; a click on a green card plays it; or type a code and Enter: "
                "7H, 7♥, 7h, 10s, or pass."
            ),
            _(
                "u or Ctrl+U: undo your last choice. n or Ctrl+N: next deal. r or Ctrl+R: "
                "the rule sheet. ? or F1: this help. q or Ctrl+Q: quit. Typed letters end "
                "with Enter."
            ),
            _(
                "Forced moves (a single legal card, or a pass because nothing fits) are made "
                "for you and marked as forced in the log. The last card each player laid is "
                "highlighted on the layout; the moves since yours are bold in the log."
            ),
            _(
                "Jokers: choose the joker in your hand, then the card it stands for, or type "
                "joker 8C. A joker on the layout is marked *. When a joker stands for a card "
                "you hold, you play that card there and take the joker."
            ),
            _("Escape closes this window."),
        ]
    )


class HelpScreen(ModalScreen[None]):
    """The keys and how to play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "close"),
        Binding("q", "dismiss", "close"),
    ]

    def __init__(self, words: Words) -> None:
        super().__init__()
        self.words = words

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="help"):
            yield Static(help_text(self.words))


class RuleSheetScreen(ModalScreen[None]):
    """The variant's rule sheet, scrollable; Escape (or q) closes it."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "close"),
        Binding("q", "dismiss", "close"),
    ]

    def __init__(self, markdown: str, words: Words) -> None:
        super().__init__()
        self.markdown, self.words = markdown, words

    def compose(self) -> ComposeResult:
        with Vertical(id="sheet-frame"):
            yield Static(
                self.words.gettext("Rule sheet: ↑/↓ scroll, Escape closes"), id="sheet-bar"
            )
            with VerticalScroll(id="sheet"):
                yield Markdown(self.markdown)

    def on_mount(self) -> None:
        self.query_one("#sheet", VerticalScroll).focus()


class CardWidget(Static):
    """One card of the hand; a click plays it when it is legal."""

    def __init__(self, card: int, label: Text, span: int) -> None:
        super().__init__(label, classes="card")
        self.card = card
        self.styles.column_span = span

    def on_click(self, event: events.Click) -> None:
        app = self.app
        if isinstance(app, SevensApp):
            app.play_card(self.card)


#: The narrowest the players' and moves' column may be beside the table (their texts in
#: every language fit it: tests/test_play_screen.py).
RIGHT_MIN_WIDTH = 34
#: Columns of a card in the hand grid: "10♥" and a space.
CARD_CELL = 4


class SevensApp(App[None]):
    """The game screen."""

    TITLE = "sevens"
    ENABLE_COMMAND_PALETTE = False
    CSS = """
    #main { height: 1fr; }
    #left { width: auto; }
    #right { width: 1fr; min-width: 30; }
    #main.stacked { layout: vertical; }
    #main.stacked #right { layout: horizontal; height: 1fr; width: 100%; }
    #main.stacked #seats { width: 40; height: 100%; }
    #main.stacked #log { width: 1fr; height: 100%; }
    #layout { width: 100%; height: auto; border: round $primary; padding: 0 1; }
    #hand { height: auto; border: round $secondary; padding: 0 1; }
    #hand-cards { layout: grid; grid-gutter: 0; height: auto; }
    .card { width: 100%; height: 1; }
    #seats { height: auto; border: round $primary; padding: 0; }
    #log { border: round $secondary; height: 1fr; scrollbar-size-vertical: 1; }
    #entry { height: 1; border: none; padding: 0 1; }
    #status { height: auto; max-height: 12; padding: 0 1; }
    #keys { height: 1; background: $panel; padding: 0 1; }
    #help { width: 76; max-height: 22; height: auto; border: thick $primary;
            background: $surface; padding: 0 1; }
    HelpScreen { align: center middle; }
    RuleSheetScreen { align: center middle; }
    #sheet-frame { width: 100%; height: 100%; border: thick $primary; background: $surface; }
    #sheet-bar { height: 1; background: $panel; padding: 0 1; }
    #sheet { height: 1fr; }
    """
    # The entry box has the focus and takes every printable key (typed commands: u, n, r, q, ?,
    # pass, then Enter); these keys act at once wherever the focus is.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "choose ←", priority=True),
        Binding("right", "move(1)", "choose →", priority=True),
        Binding("f1", "show_help", "help", priority=True),
        Binding("ctrl+r", "show_rules", "rules", priority=True),
        Binding("ctrl+u", "undo", "undo", priority=True),
        Binding("ctrl+n", "next_deal", "next deal", priority=True),
        Binding("ctrl+q", "quit", "quit", priority=True),
        Binding("escape", "joker_back", "back", show=False),
    ]

    def __init__(
        self,
        session: PlaySession,
        pace: float = 0.0,
        rule_sheet: Callable[[str], str] | None = None,
    ) -> None:
        """``pace``: seconds between two bot moves (0: at once); ``rule_sheet``: the variant's
        sheet as Markdown in a language (default: the built-in sheet of the session's rules)."""
        super().__init__()
        self.session = session
        self.words = session.words
        self.pace = pace
        self.rule_sheet = rule_sheet or builtin_rule_sheet(session.rules.rule_set.id)
        session.hold_bots = True  # the screen steps the bots, at its pace
        self.selected = 0
        self.message = ""
        self.shown = 0  # log lines already written
        self.bold_from = 0  # the first of them written in bold (the latest moves)
        self.forced_taken = 0  # your forced moves since your last choice
        self.joker_mode = False  # the joker is chosen: the choices are the spots it may take
        self.bot_timer: Timer | None = None

    # -- building the screen ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        _ = self.words.gettext
        yield Header(show_clock=False, icon="7")
        with Horizontal(id="main"):
            with Vertical(id="left"):
                yield Static(id="layout")
                with Vertical(id="hand"):
                    yield Horizontal(id="hand-cards")
            with Vertical(id="right"):
                yield Static(id="seats")
                yield RichLog(id="log", markup=True, wrap=True)
        yield Input(placeholder=_("type a card (7H, 7♥) or pass, then Enter"), id="entry")
        yield Static(id="status")
        yield Static(keys_text(self.words), id="keys")

    def on_mount(self) -> None:
        session = self.session
        self.title = f"sevens · {session.rules.rule_set.id}"
        names = list(session.bot_names.values())
        bots = names[0] if len(set(names)) == 1 else ", ".join(names)
        self.sub_title = self.words.gettext("bots: %(bots)s") % {"bots": bots}
        self.query_one("#log", RichLog).border_title = self.words.gettext("Moves")
        self.query_one("#layout", Static).border_title = self.words.gettext("Table")
        self.arrange_panels()
        self.query_one("#entry", Input).focus()
        self.settle()

    def on_resize(self, event: events.Resize) -> None:
        self.arrange_panels()

    def arrange_panels(self) -> None:
        """The table and your hand beside the players and the moves when the screen is wide
        enough for both; else the players and the moves below them, side by side (a pack of
        twenty ranks on 80 columns)."""
        width = layout_width(self.session)
        stacked = width + RIGHT_MIN_WIDTH > self.size.width
        self.query_one("#main", Horizontal).set_class(stacked, "stacked")
        self.query_one("#left", Vertical).styles.width = "100%" if stacked else width

    # -- the flow of the game -----------------------------------------------------------

    def settle(self, message: str = "") -> None:
        """Take your forced moves and the bots' moves until you have a choice or the deal is
        over, then redraw.  With a pace, the bots move one per tick of a timer."""
        session = self.session
        if message:
            self.message = message
        while not session.deal_over:
            if session.bot_to_move:
                if self.pace > 0:
                    self.refresh_all()
                    self.bot_timer = self.set_timer(self.pace, self.bot_tick)
                    return
                session.bot_step()
            elif session.game.pending is not None and session.game.pending.forced:
                self.forced_taken += session.play_forced()
            else:
                break
        if self.forced_taken and not self.message:
            self.message = self.words.ngettext(
                "%(n)d forced move made for you (see the log)",
                "%(n)d forced moves made for you (see the log)",
                self.forced_taken,
            ) % {"n": self.forced_taken}
        self.selected = 0
        self.joker_mode = False
        self.refresh_all()

    def bot_tick(self) -> None:
        """One paced bot move (the timer's call), then on to the next or to your turn."""
        self._stop_bots()
        self.session.bot_step()
        self.settle()

    def _stop_bots(self) -> None:
        if self.bot_timer is not None:
            self.bot_timer.stop()
            self.bot_timer = None

    @property
    def bots_moving(self) -> bool:
        """Whether paced bot moves are still to come before your turn."""
        return self.bot_timer is not None

    # -- actions ------------------------------------------------------------------

    def play_card(self, card: int) -> None:
        """Your choice of the hand row (a card, pass, the joker, a spot)."""
        if card == JOKER_PICK:
            self.choose_joker()
            return
        try:
            self.session.act(card)
        except IllegalAction as error:
            self.show_status(f"[red]{error}[/red]")
            return
        self.message, self.forced_taken = "", 0
        self.settle()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        _ = self.words.gettext
        text = event.value.strip()
        event.input.value = ""
        command = text.lower()
        if not text:
            self.action_play_selected()
        elif command in ("q", "quit", "exit"):
            self.exit()
        elif command in ("?", "h", "help"):
            self.action_show_help()
        elif command in ("r", "rules"):
            self.action_show_rules()
        elif command in ("u", "undo"):
            self.action_undo()
        elif command in ("n", "next"):
            self.action_next_deal()
        elif self.session.deal_over:
            self.show_status(_("The deal is over: n for the next deal, q to quit."))
        elif command == "joker":
            self.choose_joker()
        else:
            if self.joker_mode and not command.startswith("joker"):
                text = f"joker {text}"  # a spot typed after choosing the joker
            try:
                action = self.session.parse(text)
            except IllegalAction as error:
                self.show_status(f"[red]{error}[/red]")
                return
            self.play_card(action)

    def action_move(self, step: int) -> None:
        legal = self.legal_cards()
        if legal:
            self.selected = (self.selected + step) % len(legal)
            self.refresh_hand()

    def action_play_selected(self) -> None:
        legal = self.legal_cards()
        if self.session.deal_over:
            self.action_next_deal()
        elif legal:
            self.play_card(legal[self.selected % len(legal)])

    def action_undo(self) -> None:
        self._stop_bots()
        if self.session.undo():
            self.forced_taken = 0
            self.settle(self.words.gettext("Your last choice is undone."))
        else:
            self.show_status(self.words.gettext("Nothing to undo in this deal."))

    def action_next_deal(self) -> None:
        _ = self.words.gettext
        if not self.session.deal_over:
            self.show_status(_("The deal is not over yet."))
        elif self.session.match_over:  # keep the standings in view: they end with "q to quit"
            self.show_status(end_text(self.session))
        else:
            self.session.next_deal()
            self.shown, self.bold_from, self.forced_taken = 0, 0, 0
            self.query_one("#log", RichLog).clear()
            self.settle(_("Deal %(n)d is dealt.") % {"n": self.session.deal_number})

    def action_show_help(self) -> None:
        self.push_screen(HelpScreen(self.words))

    def action_show_rules(self) -> None:
        self.push_screen(RuleSheetScreen(self.rule_sheet(self.words.code), self.words))

    def choose_joker(self) -> None:
        """The joker is chosen: the spots it may take become the choices."""
        if JOKER_PICK not in self.legal_cards():
            self.show_status(self.words.gettext("You cannot put a joker anywhere now."))
            return
        self.joker_mode, self.selected = True, 0
        self.refresh_hand()
        self.show_status(self.words.gettext("Put the joker where? Choose its card; Escape: back."))

    def action_joker_back(self) -> None:
        if self.joker_mode:
            self.joker_mode, self.selected = False, 0
            self.refresh_hand()
            self.refresh_status()

    # -- drawing ------------------------------------------------------------------

    def legal_cards(self) -> list[int]:
        """Your legal actions in the order the arrows go through them (pass last).  Joker plays
        are one choice, the hand's joker (``JOKER_PICK``), until it is chosen; then they are
        the choices."""
        pending = self.session.game.pending
        if pending is None or not self.session.my_turn:
            return []
        n_cards = self.session.rules.rule_set.n_cards
        jokers = [a for a in pending.actions if a >= n_cards]
        if self.session.rules.rule_set.trumps is not None:  # a trump in a place: a choice itself
            cards = [a for a in pending.actions if 0 <= a < n_cards]
            return [*cards, *jokers, *([PASS] if PASS in pending.actions else [])]
        if self.joker_mode and jokers:
            return jokers
        others = [a for a in pending.actions if a < n_cards]
        if not jokers:
            return others
        cards = [a for a in others if a != PASS]
        return [*cards, JOKER_PICK, *([PASS] if PASS in others else [])]

    def refresh_all(self) -> None:
        self.refresh_layout()
        self.refresh_hand()
        self.refresh_seats()
        self.refresh_log()
        self.refresh_status()

    def refresh_layout(self) -> None:
        self.query_one("#layout", Static).update(layout_text(self.session))

    def _hand_choices(self) -> list[tuple[int, str]]:
        """The hand row: (action, label) per cell."""
        session, words = self.session, self.words
        state = session.game.state
        if self.joker_mode:
            n_cards = session.rules.rule_set.n_cards
            return [(a, "→" + session.card_text(a - n_cards)) for a in self.legal_cards()]
        hand = state.hands[session.seat] if state is not None else 0
        rule_set = session.rules.rule_set
        cards = sorted(bits(hand), key=lambda c: (rule_set.suit_of[c], rule_set.rank_of[c]))
        choices = [(card, session.card_text(card)) for card in cards]
        if rule_set.trumps is not None:  # each trump place, as "9♠→9♥"
            places = [a for a in self.legal_cards() if a >= rule_set.n_cards]
            choices += [(a, session.trump_text(a - rule_set.n_cards)) for a in places]
        jokers = state.jokers[session.seat] if state is not None else 0
        if jokers:
            label = words.gettext("Joker") + (f" ×{jokers}" if jokers > 1 else "")
            choices.append((JOKER_PICK, label))
        if PASS in self.legal_cards():
            choices.append((PASS, session.card_text(PASS)))
        return choices

    def refresh_hand(self) -> None:
        session, words = self.session, self.words
        legal = self.legal_cards()
        chosen = legal[self.selected % len(legal)] if legal else None
        container = self.query_one("#hand-cards", Horizontal)
        container.remove_children()
        choices = self._hand_choices()
        inner = max(self.query_one("#hand").content_region.width, CARD_CELL)
        container.styles.grid_size_columns = max(1, inner // CARD_CELL)
        container.styles.grid_columns = str(CARD_CELL)
        container.mount_all(
            CardWidget(action, Text(label, style=_style(action, legal, chosen)), _span(label))
            for action, label in choices
        )
        state = session.game.state
        held = hand_size(session, session.seat)
        title = words.ngettext("Your hand: %(n)d card", "Your hand: %(n)d cards", held) % {
            "n": held
        }
        if self.joker_mode:
            title = words.gettext("Put the joker where?")
        elif legal:
            title += " · " + words.gettext("your turn")
        elif state is not None and not session.deal_over and not session.my_turn:
            title += " · " + words.gettext("the others play")
        self.query_one("#hand", Vertical).border_title = title

    def refresh_seats(self) -> None:
        seats = self.query_one("#seats", Static)
        seats.border_title = deal_title(self.session)
        seats.update(seats_text(self.session))

    def refresh_log(self) -> None:
        log = self.query_one("#log", RichLog)
        lines = self.session.log()
        latest = latest_round(lines, self.session.seat)
        # Redraw after an undo (fewer lines), or when lines written in bold are no longer
        # among the latest (you moved since): they are then written plain.
        if len(lines) < self.shown or (latest > self.bold_from and self.bold_from < self.shown):
            log.clear()
            self.shown = 0
        for index in range(self.shown, len(lines)):
            log.write(log_entry(self.session, lines[index], index >= latest))
        self.shown, self.bold_from = len(lines), latest

    def refresh_status(self) -> None:
        session, words = self.session, self.words
        if session.deal_over:
            self.show_status(end_text(session))
        elif self.message:
            self.show_status(self.message)
        elif (
            session.my_turn
            and session.game.pending is not None
            and session.game.pending.kind == "redeem"
        ):
            card = session.card_text(session.game.pending.legal.bit_length() - 1)
            self.show_status(
                words.gettext(
                    "A joker stands for your %(card)s: Enter plays it there and takes the "
                    "joker; pass declines."
                )
                % {"card": card}
            )
        elif (
            session.my_turn
            and session.game.pending is not None
            and session.game.pending.receiver is not None
        ):
            self.show_status(
                words.gettext("%(player)s takes a card from you: choose the card you give.")
                % {"player": session.name(session.game.pending.receiver, short=True)}
            )
        elif session.my_turn:
            self.show_status(words.gettext("Your turn."))
        else:
            self.show_status("")

    def show_status(self, text: str | Text) -> None:
        self.query_one("#status", Static).update(text)


#: The hand's joker as a choice: choosing it asks where the joker goes.
JOKER_PICK = -10


def _span(label: str) -> int:
    """Grid columns a hand cell needs: a card takes one, a longer word ("Joker") more."""
    width = Text(label).cell_len + 1
    return -(-width // CARD_CELL)


def _style(action: int, legal: list[int], chosen: int | None) -> str:
    """How a choice of the hand row looks: the chosen one yellow, the legal ones green."""
    if action == chosen:
        return "bold black on yellow"
    return "bold black on green" if action in legal else "dim"


def keys_text(words: Words) -> Text:
    """The key line at the bottom of the screen."""
    _ = words.gettext
    keys = [
        ("←→", _("choose")),
        ("Enter", _("play")),
        ("^U", _("undo")),
        ("^N", _("next")),
        ("^R", _("rules")),
        ("F1", _("help")),
        ("^Q", _("quit")),
    ]
    text = Text()
    for key, label in keys:
        text.append(key, style="bold")
        text.append(f" {label}  ")
    text.rstrip()
    return text


def hand_size(session: PlaySession, seat: int) -> int:
    """The cards ``seat`` holds, jokers included."""
    state = session.game.state
    if state is None:
        return 0
    return state.hands[seat].bit_count() + state.jokers[seat]


def log_text(session: PlaySession, line: LogLine) -> str:
    """A decision as the move log words it: the card, a joker's spot, a redeem."""
    _ = session.words.gettext
    if line.kind == "redeem":
        if line.action == PASS:
            return _("declines to redeem the joker")
        return _("%(card)s onto the joker, takes the joker") % {
            "card": session.card_text(line.action)
        }
    if line.action >= session.rules.rule_set.n_cards and session.rules.rule_set.trumps is not None:
        return session.trump_text(line.action - session.rules.rule_set.n_cards)
    if line.action >= session.rules.rule_set.n_cards:
        return _("joker → %(card)s") % {
            "card": session.card_text(line.action - session.rules.rule_set.n_cards)
        }
    return session.card_text(line.action)


def log_entry(session: PlaySession, line: LogLine, latest: bool) -> Text:
    """A line of the move log: who, what, forced or not; bold when it is one of the latest."""
    text = Text(f"{session.name(line.seat, short=True)}: {log_text(session, line)}")
    if line.forced:
        text.append(" " + session.words.gettext("(forced)"), style="italic")
    if latest:
        text.stylize("bold")
    return text


def latest_round(lines: list[LogLine], seat: int) -> int:
    """Where the latest moves begin: your last decision and what followed it."""
    for index in range(len(lines) - 1, -1, -1):
        if lines[index].seat == seat:
            return index
    return 0


def last_cards(session: PlaySession) -> dict[int, int]:
    """The card (id) each seat laid last, by seat; a joker's spot counts as its card."""
    n_cards = session.rules.rule_set.n_cards
    last: dict[int, int] = {}
    for line in session.log():
        if line.action >= n_cards:
            last[line.seat] = line.action - n_cards
        elif line.action >= 0 and line.kind != "cover":
            last[line.seat] = line.action
    return last


def layout_text(session: PlaySession) -> Text:
    """The layout: a line per row, a column per rank; start cards ▸ (underlined once down), gaps ·,
    a joker ``*`` after the rank it stands for, the last card of each seat in reverse video."""
    rule_set = session.rules.rule_set
    state = session.game.state
    ranks = [session.rank_text(r) for r in rule_set.deck.rank_codes]
    per_suit = rule_set.layout.rows_per_suit
    marks = rule_set.wild is not None or rule_set.trumps is not None  # "10*" needs a column
    width = max(len(r) for r in ranks) + 1 + marks
    label_width = 2 + (1 if per_suit > 1 else 0)
    latest = _latest_by_row(session)
    text = Text()
    text.append(" " * label_width + "".join(r.rjust(width) for r in ranks) + "\n", style="dim")
    for row in range(rule_set.n_rows):
        suit = rule_set.deck.suit_codes[row // per_suit]
        label = session.suit_text(suit) + (f"{row % per_suit + 1}" if per_suit > 1 else "")
        colour = "red" if session.french_suits and suit in ("D", "H") else ""
        text.append(label.ljust(label_width), style=f"bold {colour}")
        present = state.row_ranks[row] if state is not None else 0
        start = state.row_start[row] if state is not None else rule_set.layout.start_rank
        wild = _joker_ranks(session, row)
        for k, rank in enumerate(ranks):
            mark = " reverse" if latest.get(row, -1) == k else ""
            if present >> k & 1 and wild >> k & 1:
                text.append(" " * (width - len(rank) - 1))
                text.append(rank + "*", style="bold magenta reverse")
            elif present >> k & 1:
                text.append(" " * (width - len(rank)))
                underline = " underline" if k == start else ""
                text.append(rank, style=f"bold {colour}{underline}{mark}")
            elif k == start and len(rank) < width - 1:
                text.append(("▸" + rank).rjust(width), style="dim")
            elif k == start:  # no room for the ▸ (a two-digit start in a 20-rank pack)
                text.append(" " * (width - len(rank)))
                text.append(rank, style="dim italic underline")
            else:
                text.append("·".rjust(width), style="dim")
        text.append("\n")
    if state is not None and state.joker_spots:
        text.append(session.words.gettext("* a joker stands there") + "\n", style="magenta")
    if state is not None and state.trump_spots:
        note = session.words.gettext("* a trump lies there")
        text.append(note + "\n", style="magenta")
    text.rstrip()
    return text


def layout_width(session: PlaySession) -> int:
    """Columns the layout's panel takes: its widest line, the border and padding (and no
    less than the hand's title needs)."""
    widest = max(len(line) for line in layout_text(session).plain.splitlines())
    return max(widest, 40) + 4


def _latest_by_row(session: PlaySession) -> dict[int, int]:
    """The rank (column) of each row where one of the seats' last cards lies: row → rank."""
    rule_set, state = session.rules.rule_set, session.game.state
    if state is None:
        return {}
    marked: dict[int, int] = {}
    per_suit = rule_set.layout.rows_per_suit
    for card in last_cards(session).values():
        suit, rank = rule_set.suit_of[card], rule_set.rank_of[card]
        for row in range(suit * per_suit, (suit + 1) * per_suit):  # the row it went to
            if state.row_ranks[row] >> rank & 1:
                marked[row] = rank
                break
    return marked


def _joker_ranks(session: PlaySession, row: int) -> int:
    """The ranks of ``row`` (a bit per rank) where a joker, or a trump, lies."""
    state, rule_set = session.game.state, session.rules.rule_set
    if state is None or not state.joker_spots | state.trump_spots:
        return 0
    suit = row // rule_set.layout.rows_per_suit
    mask = 0
    for card in bits(state.joker_spots | state.trump_spots):
        if rule_set.suit_of[card] == suit:
            mask |= 1 << rule_set.rank_of[card]
    return mask


def deal_title(session: PlaySession) -> str:
    """The seats panel's title: which deal, the pot."""
    _ = session.words.gettext
    state = session.game.state
    if session.deals > 1:
        title = _("Deal %(n)d of %(total)d") % {"n": session.deal_number, "total": session.deals}
    else:
        title = _("One deal")
    if session.rules.rule_set.chips is not None and state is not None:
        title += " · " + _("pot %(chips)d") % {"chips": state.pot}
    if state is not None and state.trump_suit >= 0:
        suit = session.rules.rule_set.deck.suit_codes[state.trump_suit]
        title += " · " + _("trumps %(suit)s") % {"suit": session.suit_text(suit)}
    return title


def seats_text(session: PlaySession) -> Table:
    """Each seat's cards, passes and chips (this deal), the dealer and the pass limit; once
    the deal is over, the standings: place, cards left (a joker held counts), chips or
    points, and the match's totals."""
    _ = session.words.gettext
    game = session.game
    rule_set = session.rules.rule_set
    limit = rule_set.passing.limit
    caption = _("dealer: %(seat)s") % {"seat": session.name(game.dealer, short=True)}
    if limit is not None and not session.deal_over:  # a line of its own: it fits 80 columns
        caption += "\n" + _("pass limit %(n)d") % {"n": limit}
    table = Table(
        caption=caption,
        box=None,
        expand=True,
        padding=(0, 1),
        collapse_padding=True,
        pad_edge=False,
    )
    table.add_column("", no_wrap=True)
    table.add_column(_("player"), no_wrap=True)
    if rule_set.teams is not None:
        table.add_column(_("team"), no_wrap=True)
    table.add_column(_("cards"), justify="right", no_wrap=True)
    if session.deal_over:
        _standings_rows(session, table)
        return table
    state = game.state
    table.add_column(_("passes"), justify="right", no_wrap=True)
    if rule_set.chips is not None:
        table.add_column(_("chips"), justify="right", no_wrap=True)
    for seat in range(session.players):
        passes = state.passes[seat] if state is not None else 0
        marker = "▶" if game.current_player == seat else ""
        if state is not None and state.places[seat]:
            marker = "✓" if state.places[seat] > 0 else "✗"
        cells = [marker, session.name(seat, short=True), *team_cell(session, seat)]
        cells += [str(hand_size(session, seat)), str(passes)]
        if rule_set.chips is not None:
            cells.append(signed_text(state.chips[seat]) if state is not None else "0")
        table.add_row(*cells, style="bold" if seat == session.seat else "")
    return table


def _standings_rows(session: PlaySession, table: Table) -> None:
    """The finished deal's standings as rows of the seats table (its first columns already
    there: place, player, the team where there are teams, cards left)."""
    _ = session.words.gettext
    rule_set = session.rules.rule_set
    match = session.deals > 1
    if rule_set.chips is not None:
        table.add_column(_("chips"), justify="right", no_wrap=True)
    if rule_set.points is not None:
        table.add_column(_("points"), justify="right", no_wrap=True)
    if match:
        table.add_column(_("match"), justify="right", no_wrap=True)
    for row in session.finish_deal():
        place = f"{row.place}." if row.place > 0 else ("✗" if row.place < 0 else "")
        cells = [place, session.name(row.seat, short=True), *team_cell(session, row.seat)]
        cells.append(str(row.cards_left))
        if rule_set.chips is not None:
            cells.append(signed_text(row.chips))
        if rule_set.points is not None:
            cells.append(signed_text(row.points))
        if match:
            cells.append(_match_total(session, row))
        table.add_row(*cells, style="bold" if row.seat == session.seat else "")


def team_cell(session: PlaySession, seat: int) -> list[str]:
    """The seat's team as a letter (A, B, …) where the rules have teams, else no cell."""
    teams = session.rules.rule_set.teams
    if teams is None:
        return []
    return [chr(ord("A") + teams.team_of(seat, session.players))]


def _match_total(session: PlaySession, row: Standing) -> str:
    """A seat's running total of what the match is decided on."""
    measure = DECIDED_ON[session.rules.rule_set.session.winner]
    if measure == "chips":
        return signed_text(row.total_chips)
    if measure == "points":
        return signed_text(row.total_points)
    return str(row.deals_won)


def _count_words(session: PlaySession) -> dict[str, Callable[[int], str]]:
    """How a standing counts cards, chips, points and deals: with the number's plural."""
    words = session.words
    return {
        "chips": lambda n: (
            words.ngettext("%(n)s chip", "%(n)s chips", abs(n)) % {"n": signed_text(n)}
        ),
        "points": lambda n: (
            words.ngettext("%(n)s point", "%(n)s points", abs(n)) % {"n": signed_text(n)}
        ),
        "deals": lambda n: words.ngettext("%(n)d deal won", "%(n)d deals won", n) % {"n": n},
        "pots": lambda n: words.ngettext("%(n)d pot won", "%(n)d pots won", n) % {"n": n},
    }


#: What a match is decided on, as the ending says it.
DECIDED_ON = {
    MatchWinner.MOST_CHIPS: "chips",
    MatchWinner.MOST_POTS: "pots",
    MatchWinner.MOST_DEALS: "deals",
    MatchWinner.HIGHEST_POINTS: "points",
    MatchWinner.LOWEST_POINTS: "points",
}


def match_end_text(session: PlaySession) -> str:
    """The match's end: its winner, or the winners who share it, and what it was decided on."""
    _ = session.words.gettext
    winners = session.match_winners()
    names = format_list(
        [session.name(seat, short=True) for seat in winners],
        locale=LIST_LOCALE.get(session.words.code, session.words.code),
    )
    score = session.match_scores()[winners[0]]
    measure = DECIDED_ON[session.rules.rule_set.session.winner]
    if len(winners) == 1:
        amount = _count_words(session)[measure](score)
        return _("The match is over. Winner: %(names)s (%(amount)s).") % {
            "names": names,
            "amount": amount,
        }
    tie = {
        "chips": _("The match is over, decided on chips: %(names)s share the win, %(n)s each."),
        "pots": _("The match is over, decided on pots: %(names)s share the win, %(n)s each."),
        "deals": _("The match is over, decided on deals: %(names)s share the win, %(n)s each."),
        "points": _("The match is over, decided on points: %(names)s share the win, %(n)s each."),
    }[measure]
    shown = signed_text(score) if measure in ("chips", "points") else str(score)
    return tie % {"names": names, "n": shown}


def end_text(session: PlaySession) -> Text:
    """The end of the deal (its winner; the standings are in the seats panel), the end of the
    match, and how to go on."""
    _ = session.words.gettext
    session.finish_deal()
    result = session.game.result
    assert result is not None
    if result.winner is None:
        who = _("nobody (blocked)")
    else:
        who = session.name(result.winner, short=True)
    text = Text(_("The deal is over. Winner: %(who)s.") % {"who": who}, style="bold")
    if session.match_over and session.deals > 1:
        text.append("\n" + match_end_text(session), style="bold")
        text.append(" " + _("q to quit."))
    elif session.deals > 1:
        text.append("\n" + _("n (or Enter) for the next deal, q to quit."))
    else:
        text.append(" " + _("q to quit."))
    return text


def builtin_rule_sheet(variant: str) -> Callable[[str], str]:
    """The rule sheet of ``variant`` (a built-in id or a rulespec file) in a language, as
    Markdown, made when first asked for."""

    def sheet(lang: str) -> str:
        from sevens.compiler.pipeline import find_rulespec, load_rulespec
        from sevens.compiler.rulesheet import render_rulesheet

        return render_rulesheet(load_rulespec(find_rulespec(variant)), lang, "md")

    return sheet


def run_app(session: PlaySession, pace: float = DEFAULT_PACE, variant: str | None = None) -> None:
    """Run the game full screen; ``variant`` names the rulespec whose sheet ``r`` shows."""
    sheet = builtin_rule_sheet(variant) if variant is not None else None
    SevensApp(session, pace=pace, rule_sheet=sheet).run()
