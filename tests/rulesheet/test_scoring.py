"""Scoring told in words: sums of recognised terms, case by case, or worked values.

Each row: a rulespec (a built-in id or a house rule's YAML), a language, a phrase, and
whether the sheet must contain it (``True``) or must not (``False``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import amount_overlay, check_phrase

PODIUM = amount_overlay("points", "3 if player.place == 1 else (1 if player.place == 2 else 0)")
WINNER_AND_PASSES = amount_overlay(
    "points",
    "5 + sum(p.hand.count for p in others) if player.is_winner else -hand.count - 2 * player.passes",
)
SQUARES = amount_overlay("points", "hand.count * hand.count")

PHRASES = [
    (
        PODIUM,
        "en",
        "The first player out scores three points. The second player out scores one point. "
        "Every other player scores nothing.",
        True,
    ),
    (PODIUM, "en", "and otherwise", False),
    (PODIUM, "en", "order of going out (1 for the first out) is 1", False),
    (PODIUM, "de", "Der Erste, der ausgeht, bekommt drei Punkte.", True),
    (PODIUM, "ja", "1番目に上がった人は3点を得ます。", True),
    (PODIUM, "ja", "そうでなければ", False),
    (PODIUM, "fr", "Le premier joueur sorti marque trois points.", True),
    (
        WINNER_AND_PASSES,
        "en",
        "The winner scores five points, plus one point for each card left in the other players' "
        "hands. Every other player loses one point for each card left in their hand and two "
        "points for each time they passed.",
        True,
    ),
    (WINNER_AND_PASSES, "en", "the player's hand", False),
    (
        WINNER_AND_PASSES,
        "es",
        "El ganador se apunta cinco puntos, más un punto por cada carta que les quede en la "
        "mano a los demás.",
        True,
    ),
    (SQUARES, "en", "the table below shows the scores at the end of a deal with 4 players", True),
    (SQUARES, "en", "| not out | 2 | 4 |", True),  # two cards left: 2 × 2, by the interpreter
    (SQUARES, "en", "times", False),
    (SQUARES, "nl", "| nog niet uit | 6 | 36 |", True),
    (
        "cinquillo",
        "en",
        "The winner scores five points plus one point for each card",
        True,
    ),  # the shape stays
    # Devyatka's stakes are a pot, as its own scoring says, not a "bank"
    (
        "devyatka-traditional",
        "en",
        "everyone antes a chip to the pot, each pass costs a chip",
        True,
    ),
    ("devyatka-traditional", "en", "bank", False),
    ("devyatka-traditional", "en", "fine", False),
]


@pytest.mark.parametrize(
    ("rulespec", "lang", "phrase", "present"),
    PHRASES,
    ids=[f"{n}-{row[1]}-{'has' if row[3] else 'lacks'}" for n, row in enumerate(PHRASES)],
)
def test_scoring_phrase(
    rulespec: str, lang: str, phrase: str, present: bool, tmp_path: Path
) -> None:
    check_phrase(tmp_path, rulespec, lang, phrase, present)
