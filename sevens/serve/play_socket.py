"""A deal against the bots in the page: the terminal game's model behind a WebSocket.

The page opens ``/ws/play`` and sends its rulespec text (``{"text", "lang"}``); the
server checks it as the editor's text is checked, deals with
:class:`~sevens.play.table_session.PlaySession` (the model of ``sevens play``, on the
step API), and answers with the position after the bots' moves.  Each following message
is one decision, ``{"action": A}`` with ``A`` one of the legal actions the last position
listed (a card id, or ``PASS``/``DRAW``/a joker action as listed), or ``{"deal": true}``
for a new deal.  Every position says which cards are legal, in the chosen language.

The session lives in the event loop's thread: the step API runs the game loop in a
greenlet, which must be resumed in the thread that made it.  Checking and compiling the
text for a new deal (:func:`prepare`) runs in a worker thread, so that the loop answers
other requests meanwhile; the deal itself (:func:`deal`) is quick.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from sevens.runtime.api import Rules, bits

from ..envs.game import IllegalAction
from ..loading.registry import recommended_players_of, rules_of_text
from ..play.table_session import PlaySession, shows
from .workbench import check

#: The bots' strategy (quick; the search bot plays whole deals per decision).
BOTS = ["heuristic"]

#: The largest message the page may send on the socket, in bytes.
MAX_MESSAGE = 64 * 1024


class PlayError(ValueError):
    """A message the game cannot act on: its text is shown in the page."""


@dataclass(frozen=True)
class Opening:
    """What a new deal needs, made off the event loop: the compiled rules and the table."""

    rules: Rules
    players: int
    lang: str


def prepare(message: dict[str, Any]) -> Opening:
    """Check and compile the rules in ``message["text"]`` (the slow part of a new deal: it
    runs in a worker thread, never in the event loop)."""
    checked = check(str(message.get("text", "")))
    if checked.rules is None:
        raise PlayError(checked.report)
    players = message.get("players")
    count = players if isinstance(players, int) else recommended_players_of(checked.rules.spec)
    rules = rules_of_text(checked.rules)
    if (why := shows(rules, workbench=True)) is not None:
        raise PlayError(why)
    return Opening(rules, count, str(message.get("lang", "en")))


def deal(opening: Opening, seed: int) -> PlaySession:
    """A new deal of ``opening``'s rules, up to the person's first decision (in the event
    loop's thread, where the session's greenlet lives)."""
    session = PlaySession(opening.rules, opening.players, 0, BOTS, seed, lang=opening.lang)
    session.play_forced()
    return session


def act(session: PlaySession, message: dict[str, Any]) -> None:
    """Apply the person's decision, then their forced ones (the bots move by themselves)."""
    action = message.get("action")
    if not isinstance(action, int) or isinstance(action, bool):
        raise PlayError("an action is a number from the list of legal actions")
    try:
        session.act(action)
    except IllegalAction as error:
        raise PlayError(str(error)) from None
    session.play_forced()


def position(session: PlaySession) -> dict[str, Any]:
    """What the page shows: hand (legal cards marked), table by suit, seats, moves, result."""
    game, rule_set = session.game, session.rules.rule_set
    seen = game.observation(session.seat)
    pending = game.pending if session.my_turn else None
    legal_cards = set(bits(pending.cards)) if pending is not None else set()
    n_cards = rule_set.n_cards
    return {
        "over": session.deal_over,
        "my_turn": pending is not None,
        # a penalty card the person chooses to give (``which: giver``): to whom
        "give_to": (
            session.name(pending.receiver, short=True)
            if pending is not None and pending.receiver is not None
            else None
        ),
        "hand": [
            {"card": card, "text": session.card_text(card), "legal": card in legal_cards}
            for card in bits(seen.hand)
        ],
        "other_actions": [
            {"action": action, "text": session.card_text(action)}
            for action in (pending.actions if pending is not None else [])
            if not 0 <= action < n_cards
        ],
        "table": _table_rows(session, seen.table),
        "seats": [
            {
                "name": session.name(seat),
                "cards": seen.hand_sizes[seat],
                "passes": seen.passes[seat],
                "chips": seen.chips[seat],
            }
            for seat in range(session.players)
        ],
        "pot": seen.pot,
        "moves": [
            {"who": session.name(line.seat, short=True), "what": session.card_text(line.action)}
            for line in session.log()
        ],
        "standings": _standings(session) if session.deal_over else [],
    }


def _table_rows(session: PlaySession, table: int) -> list[list[str]]:
    """The cards on the table, one row per suit in the pack's order."""
    codes = session.rules.rule_set.card_codes
    rows: dict[str, list[str]] = {suit: [] for suit in session.rules.rule_set.deck.suit_codes}
    for card in bits(table):
        rows.setdefault(codes[card][-1], []).append(session.card_text(card))
    return [row for row in rows.values() if row]


def _standings(session: PlaySession) -> list[dict[str, Any]]:
    return [
        {
            "name": session.name(row.seat, short=True),
            "place": row.place,
            "cards_left": row.cards_left,
            "chips": row.chips,
            "points": row.points,
        }
        for row in session.finish_deal()
    ]


def decode(raw: str) -> dict[str, Any]:
    """A message from the page, or a :class:`PlayError`."""
    if len(raw.encode("utf-8")) > MAX_MESSAGE:
        raise PlayError(f"message over {MAX_MESSAGE} bytes")
    try:
        message = json.loads(raw)
    except ValueError:
        raise PlayError("a message is a JSON object") from None
    if not isinstance(message, dict):
        raise PlayError("a message is a JSON object")
    return message
