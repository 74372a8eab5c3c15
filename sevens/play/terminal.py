"""``sevens play``: a full-screen terminal game (Textual) against bots.

The layout is a grid with a line per row (suit labels, start cards marked,
gaps shown), your hand sorted with the legal cards highlighted, a move log of
every decision (forced ones marked), the players' cards, passes, chips and the
pot.  Play a card by clicking it, by moving with ←/→ and pressing Enter, or by
typing its code (``7H``, ``7♥``, ``7h``; ``pass``).  ``u`` (Ctrl+U) undoes your
last choice, ``?`` (F1) shows the help, ``q`` (Ctrl+Q) quits, ``n`` (Ctrl+N) deals the
next hand of a match; typed commands end with Enter.  With jokers, the joker is
a card of your hand: choosing it asks where it goes (the spots are then the
choices; Escape goes back), ``joker 8C`` plays it at once, and a redeem the
rules leave to you is offered (Enter redeems, ``pass`` declines).
"""

from __future__ import annotations

from typing import ClassVar

from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import ModalScreen
from textual.widgets import Footer, Header, Input, RichLog, Static

from sevens.runtime.api import bits
from sevens.runtime.arith import signed_text

from ..envs.game import PASS, IllegalAction
from .table_session import SUIT_SYMBOLS, LogLine, PlaySession

HELP = """\
[b]How to play[/b]

Cards are played onto the layout, one row per suit, building outwards from the
start card (marked [b]▸[/b]). On your turn the cards you may play are [green]green[/green].

  [b]←/→[/b] choose among your legal cards (and pass, when allowed),
        [b]Enter[/b] plays the chosen one
  [b]click[/b] a green card to play it
  [b]type[/b] a code and Enter: 7H, 7♥, 7h, 10s … or [b]pass[/b] (or p)
  [b]u[/b] + Enter or [b]Ctrl+U[/b]   undo your last choice (the bots replay their moves)
  [b]n[/b] + Enter or [b]Ctrl+N[/b]   next deal, when a deal of a match is over
  [b]?[/b] + Enter or [b]F1[/b]   this help        [b]q[/b] + Enter or [b]Ctrl+Q[/b]   quit

Forced moves (a single legal card, or a pass because nothing fits) are made
for you and shown in the log as [i]forced[/i].

[b]Jokers[/b] (rule sets with jokers): choose the [b]Joker[/b] in your hand, then the
spot: the card it stands for (←/→ and Enter, click, or type it; Escape goes
back), or type [b]joker 8C[/b]. A joker on the layout is marked [b]*[/b]. When a joker
stands for a card you hold, you play that card there and take the joker: at
once where the rules say so (logged as forced), else Enter redeems, pass declines.

Press Escape to close.
"""


class HelpScreen(ModalScreen[None]):
    """The keys and how to play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "dismiss", "close"),
        Binding("q", "dismiss", "close"),
    ]

    def compose(self) -> ComposeResult:
        yield Static(HELP, id="help")


class CardWidget(Static):
    """One card of the hand; a click plays it when it is legal."""

    def __init__(self, card: int, label: Text) -> None:
        super().__init__(label, classes="card")
        self.card = card

    def on_click(self, event: events.Click) -> None:
        app = self.app
        if isinstance(app, SevensApp):
            app.play_card(self.card)


class SevensApp(App[None]):
    """The game screen."""

    TITLE = "sevens"
    CSS = """
    #left { width: 3fr; }
    #right { width: 2fr; }
    #layout { height: auto; border: round $primary; padding: 0 1; }
    #hand { height: auto; border: round $secondary; padding: 0 1; }
    #hand-cards { height: 1; }
    .card { width: auto; margin: 0 1 0 0; }
    #status { height: auto; padding: 0 1; }
    #seats { height: auto; border: round $primary; padding: 0 1; }
    #log { border: round $secondary; }
    #help { width: 76; height: auto; border: thick $primary; background: $surface; padding: 1 2; }
    HelpScreen { align: center middle; }
    """
    # The entry box has the focus and takes every printable key (typed commands: u, n, q, ?,
    # pass, then Enter); these keys act at once wherever the focus is.
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "choose ←", priority=True),
        Binding("right", "move(1)", "choose →", priority=True),
        Binding("f1", "show_help", "help", priority=True),
        Binding("ctrl+u", "undo", "undo", priority=True),
        Binding("ctrl+n", "next_deal", "next deal", priority=True),
        Binding("ctrl+q", "quit", "quit", priority=True),
        Binding("escape", "joker_back", "back", show=False),
    ]

    def __init__(self, session: PlaySession) -> None:
        super().__init__()
        self.session = session
        self.selected = 0
        self.message = ""
        self.shown = 0  # log lines already written
        self.joker_mode = False  # the joker is chosen: the choices are the spots it may take

    # -- building the screen ---------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Header(show_clock=False)
        with Horizontal():
            with Vertical(id="left"):
                yield Static(id="layout")
                with Vertical(id="hand"):
                    yield Static(id="hand-title")
                    yield Horizontal(id="hand-cards")
                yield Input(
                    placeholder="type a card (7H, 7♥, 7h) or pass, then Enter; u undo, ? help, q quit",
                    id="entry",
                )
                yield Static(id="status")
            with Vertical(id="right"):
                yield Static(id="seats")
                yield RichLog(id="log", markup=True, wrap=True)
        yield Footer()

    def on_mount(self) -> None:
        self.title = f"sevens · {self.session.rules.rule_set.id}"
        self.query_one("#entry", Input).focus()
        self.advance()

    # -- actions ------------------------------------------------------------------

    def advance(self, message: str = "") -> None:
        """Take your forced moves, then redraw everything."""
        forced = self.session.play_forced()
        self.message = message or (
            f"{forced} forced move(s) made for you (see the log)" if forced else ""
        )
        self.selected = 0
        self.joker_mode = False
        self.refresh_all()

    def play_card(self, card: int) -> None:
        if card == JOKER_PICK:
            self.choose_joker()
            return
        try:
            self.session.act(card)
        except IllegalAction as error:
            self.show_status(f"[red]{error}[/red]")
            return
        self.advance()

    def on_input_submitted(self, event: Input.Submitted) -> None:
        text = event.value.strip()
        event.input.value = ""
        if not text:
            self.action_play_selected()
            return
        command = text.lower()
        if command in ("q", "quit", "exit"):
            self.exit()
        elif command in ("?", "h", "help"):
            self.action_show_help()
        elif command in ("u", "undo"):
            self.action_undo()
        elif command in ("n", "next"):
            self.action_next_deal()
        elif self.session.deal_over:
            self.show_status("The deal is over: n for the next deal, q to quit.")
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
        if self.session.undo():
            self.advance("Your last choice is undone.")
        else:
            self.show_status("Nothing to undo in this deal.")

    def action_next_deal(self) -> None:
        if not self.session.deal_over:
            self.show_status("The deal is not over yet.")
        elif self.session.match_over:  # keep the standings in view: they end with "q to quit"
            self.show_status(end_text(self.session))
        else:
            self.session.next_deal()
            self.shown = 0
            self.query_one("#log", RichLog).clear()
            self.advance(f"Deal {self.session.deal_number} is dealt.")

    def action_show_help(self) -> None:
        self.push_screen(HelpScreen())

    def choose_joker(self) -> None:
        """The joker is chosen: the spots it may take become the choices."""
        if JOKER_PICK not in self.legal_cards():
            self.show_status("You cannot put a joker anywhere now.")
            return
        self.joker_mode, self.selected = True, 0
        self.refresh_hand()
        self.show_status("Put the joker where? Choose the card it stands for; Escape goes back.")

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

    def refresh_hand(self) -> None:
        session = self.session
        state = session.game.state
        hand = state.hands[session.seat] if state is not None else 0
        legal = self.legal_cards()
        chosen = legal[self.selected % len(legal)] if legal else None
        container = self.query_one("#hand-cards", Horizontal)
        container.remove_children()
        jokers = state.jokers[session.seat] if state is not None else 0
        if self.joker_mode:
            widgets = [
                CardWidget(
                    a,
                    Text(
                        f"→{session.card_text(a - session.rules.rule_set.n_cards)}",
                        style=_style(a, legal, chosen),
                    ),
                )
                for a in legal
            ]
            container.mount_all(widgets)
            self.query_one("#hand-title", Static).update(
                Text("Put the joker where? (Escape: back)", style="bold")
            )
            return
        cards = sorted(
            bits(hand),
            key=lambda c: (session.rules.rule_set.suit_of[c], session.rules.rule_set.rank_of[c]),
        )
        widgets = [
            CardWidget(card, Text(session.card_text(card), style=_style(card, legal, chosen)))
            for card in cards
        ]
        if jokers:
            label = "Joker" + (f" ×{jokers}" if jokers > 1 else "")
            widgets.append(
                CardWidget(JOKER_PICK, Text(label, style=_style(JOKER_PICK, legal, chosen)))
            )
        if PASS in legal:
            widgets.append(CardWidget(PASS, Text("pass", style=_style(PASS, legal, chosen))))
        container.mount_all(widgets)
        held = len(cards) + jokers
        title = f"Your hand ({held} cards{', a joker among them' if jokers == 1 else f', {jokers} jokers among them' if jokers else ''})"
        if legal:
            title += " — your turn: the green cards are legal"
        self.query_one("#hand-title", Static).update(Text(title, style="bold"))

    def refresh_seats(self) -> None:
        self.query_one("#seats", Static).update(seats_text(self.session))

    def refresh_log(self) -> None:
        log = self.query_one("#log", RichLog)
        lines = self.session.log()
        if len(lines) < self.shown:  # an undo shortened the deal: redraw
            log.clear()
            self.shown = 0
        for line in lines[self.shown :]:
            text = f"{self.session.name(line.seat)}: {log_text(self.session, line)}"
            if line.forced:
                text += " [i](forced)[/i]"
            log.write(text)
        self.shown = len(lines)

    def refresh_status(self) -> None:
        session = self.session
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
                f"A joker stands for your {card}: Enter plays it there and takes the joker; pass declines."
            )
        else:
            self.show_status("Your turn." if session.my_turn else "")

    def show_status(self, text: str) -> None:
        self.query_one("#status", Static).update(text)


#: The hand's joker as a choice: choosing it asks where the joker goes.
JOKER_PICK = -10


def _style(action: int, legal: list[int], chosen: int | None) -> str:
    """How a choice of the hand row looks: the chosen one yellow, the legal ones green."""
    if action == chosen:
        return "bold black on yellow"
    return "bold black on green" if action in legal else "dim"


def log_text(session: PlaySession, line: LogLine) -> str:
    """A decision as the move log words it: the card, a joker's spot, a redeem."""
    if line.kind == "redeem":
        if line.action == PASS:
            return "declines to redeem the joker"
        return f"{session.card_text(line.action)} onto the joker, takes the joker"
    if line.action >= session.rules.rule_set.n_cards:
        return f"joker → {session.card_text(line.action - session.rules.rule_set.n_cards)}"
    return session.card_text(line.action)


def layout_text(session: PlaySession) -> Text:
    """The layout: a line per row, a column per rank; start cards ▸ (underlined once down), gaps ·,
    a joker ``*`` after the rank it stands for."""
    rule_set = session.rules.rule_set
    state = session.game.state
    ranks = rule_set.deck.rank_codes
    per_suit = rule_set.layout.rows_per_suit
    width = max(len(r) for r in ranks) + 2
    text = Text()
    text.append(" " * 4 + "".join(r.rjust(width) for r in ranks) + "\n", style="dim")
    for row in range(rule_set.n_rows):
        suit = rule_set.deck.suit_codes[row // per_suit]
        label = SUIT_SYMBOLS.get(suit, suit) + (f"{row % per_suit + 1}" if per_suit > 1 else "")
        colour = "red" if suit in ("D", "H") else ""
        text.append(label.ljust(4), style=f"bold {colour}")
        present = state.row_ranks[row] if state is not None else 0
        start = state.row_start[row] if state is not None else rule_set.layout.start_rank
        wild = _joker_ranks(session, row)
        for k, rank in enumerate(ranks):
            if present >> k & 1 and wild >> k & 1:
                text.append((rank + "*").rjust(width), style="bold magenta reverse")
            elif present >> k & 1:
                text.append(" " * (width - len(rank)))
                text.append(rank, style=f"bold {colour}" + (" underline" if k == start else ""))
            elif k == start:
                text.append(("▸" + rank).rjust(width), style="dim")
            else:
                text.append("·".rjust(width), style="dim")
        text.append("\n")
    if state is not None and state.joker_spots:
        text.append("* a joker lies there, standing for that card\n", style="magenta")
    return text


def _joker_ranks(session: PlaySession, row: int) -> int:
    """The ranks of ``row`` (a bit per rank) where a joker lies."""
    state, rule_set = session.game.state, session.rules.rule_set
    if state is None or not state.joker_spots:
        return 0
    suit = row // rule_set.layout.rows_per_suit
    mask = 0
    for card in bits(state.joker_spots):
        if rule_set.suit_of[card] == suit:
            mask |= 1 << rule_set.rank_of[card]
    return mask


def seats_text(session: PlaySession) -> Table:
    """Each seat's cards, passes, chips (this deal) and the pot."""
    game = session.game
    state = game.state
    rule_set = session.rules.rule_set
    deal = f"Deal {session.deal_number} of {session.deals}" if session.deals > 1 else "One deal"
    pot = f" · pot {state.pot}" if rule_set.chips is not None and state is not None else ""
    limit = f" · pass limit {rule_set.passing.limit}" if rule_set.passing.limit is not None else ""
    table = Table(
        title=f"{deal} · dealer {session.name(game.dealer, short=True)}{pot}{limit}",
        box=None,
        expand=True,
    )
    table.add_column("")
    table.add_column("player")
    table.add_column("cards", justify="right")
    table.add_column("passes", justify="right")
    if rule_set.chips is not None:
        table.add_column("chips", justify="right")
    for seat in range(session.players):
        held = state.hands[seat].bit_count() + state.jokers[seat] if state is not None else 0
        passes = state.passes[seat] if state is not None else 0
        marker = "▶" if game.current_player == seat else ""
        if state is not None and state.places[seat]:
            marker = "out" if state.places[seat] > 0 else "elim."
        cells = [marker, session.name(seat, short=True), str(held), str(passes)]
        if rule_set.chips is not None:
            cells.append(signed_text(state.chips[seat]) if state is not None else "0")
        table.add_row(*cells, style="bold" if seat == session.seat else "")
    return table


def end_text(session: PlaySession) -> str:
    """The standings of the finished deal and the match totals."""
    standings = session.finish_deal()
    rule_set = session.rules.rule_set
    result = session.game.result
    assert result is not None
    who = "nobody (blocked)" if result.winner is None else session.name(result.winner)
    lines = [f"[b]The deal is over. Winner: {who}.[/b]"]
    for row in standings:
        place = f"{row.place}." if row.place > 0 else ("elim." if row.place < 0 else "")
        line = f"{place:5} {session.name(row.seat, short=True):12} {row.cards_left:2} left"
        if rule_set.chips is not None:
            line += f"  chips {signed_text(row.chips)} (total {signed_text(row.total_chips)})"
        if rule_set.points is not None:
            line += f"  points {signed_text(row.points)} (total {signed_text(row.total_points)})"
        if session.deals > 1:
            line += f"  won {row.deals_won}"
        lines.append(line)
    if session.match_over and session.deals > 1:
        winners = ", ".join(session.name(s) for s in session.match_winners())
        lines.append(f"[b]The match is over. Winner: {winners}.[/b] q to quit.")
    elif session.deals > 1:
        lines.append("n (or Enter) for the next deal, q to quit.")
    else:
        lines.append("q to quit.")
    return "\n".join(lines)


def run_app(session: PlaySession) -> None:
    """Run the game full screen."""
    SevensApp(session).run()
