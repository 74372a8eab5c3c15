"""Scoring told in words: sums of recognised terms, case by case, or worked values.

Each row: a rulespec (a built-in id or a house rule's YAML), a language, a phrase, and
whether the sheet must contain it (``True``) or must not (``False``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES
from sevens.compiler.rulesheet.sheet import minus_only, never_negative, never_positive
from tests.conftest import (
    ONE_POINT,
    amount_overlay,
    assert_sheet_says,
    check_phrase,
    rule_sheet,
    rules_of,
)

PODIUM = amount_overlay("points", "3 if player.place == 1 else (1 if player.place == 2 else 0)")
PODIUM_PLAY_ON = PODIUM.replace("extends: penalty-points", "extends: parliament-play-on")
WINNER_AND_PASSES = amount_overlay(
    "points",
    "5 + sum(p.hand.count for p in others) if player.is_winner else -hand.count - 2 * player.passes",
)
SQUARES = amount_overlay("points", "hand.count * hand.count")


def pai_qi_points(expression: str) -> str:
    """A house rule of Pai Qi (play until every hand is empty, cards laid face down) with
    its own points."""
    return (
        f"id: own-points\nextends: pai-qi\nname: {{en: Own}}\nscoring:\n  points: {expression!r}\n"
    )


#: Everyone's cards summed, yours included, and a multiplier that asks about the others.
EVERYONE_TRIPLED = pai_qi_points(
    "(sum(p.covered.count for p in players) - 2 * sum(p.covered.value for p in others))"
    " * (3 if any(p.covered.count == 0 for p in others) else 1)"
)
HAND_SUMS = amount_overlay(
    "points", "sum(p.hand.value for p in players) - sum(p.hand.count for p in players)"
)
#: A pip table of its own (by rank): the worked values show the cards face down themselves.
OWN_PIPS = pai_qi_points(
    "-sum((15 if c.rank == A else 10 if c.rank >= J else 5) for c in player.covered)"
)
#: No sum of recognised terms (a product of two counts): worked values, at Pai Qi's end of
#: a deal (every hand empty, the players named, not placed), with the facts it reads.
COVERED_SQUARED = pai_qi_points("-(player.covered.count * player.covered.value)")

PHRASES = [
    # the deal ends at the first player out: nobody is ever second, so no second place
    (
        PODIUM,
        "en",
        "The first player out scores three points. Every other player scores nothing.",
        True,
    ),
    (PODIUM, "en", "second player out", False),
    (PODIUM, "de", "Der Zweite, der ausgeht", False),
    (PODIUM, "ja", "2番目に上がった人", False),
    # where play goes on until all are out, every place is held and told
    (
        PODIUM_PLAY_ON,
        "en",
        "The first player out scores three points. The second player out scores one point. "
        "Every other player scores nothing.",
        True,
    ),
    (PODIUM_PLAY_ON, "de", "Der Zweite, der ausgeht, bekommt einen Punkt.", True),
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
    # a change of point values names the ranks, not "A 15 instead of 1"
    ("pip-scoring", "en", "A 15 instead of 1", False),
    # 2kk4's zero-sum scoring: sums over the other players, a multiple, the doubling
    (
        "pai-qi-2kk4",
        "en",
        "Each player scores the point values of the cards the other players laid face down and "
        "loses three times the point values of the cards they laid face down. All these points "
        "are doubled if any player laid no card face down.",
        True,
    ),
    (
        "pai-qi-2kk4",
        "de",
        "Jeder Spieler bekommt die Punktwerte der von den anderen verdeckt abgelegten Karten und "
        "verliert dreimal die Punktwerte der Karten, die er verdeckt abgelegt hat. All diese "
        "Punkte zählen doppelt, wenn ein Spieler keine Karte verdeckt abgelegt hat.",
        True,
    ),
    ("pai-qi-2kk4", "de", "drei-mal", False),
    (
        "pai-qi-2kk4",
        "es",
        "Todos estos puntos se duplican si algún jugador no ha puesto ninguna carta boca abajo.",
        True,
    ),
    (
        "pai-qi-2kk4",
        "fr",
        "Tous ces points sont doublés si un joueur n'a posé aucune carte face cachée.",
        True,
    ),
    (
        "pai-qi-2kk4",
        "ja",
        "カードを1枚も伏せなかった人がいる場合は、これらの点数がすべて2倍になります。",
        True,
    ),
    (
        "pai-qi-2kk4",
        "nl",
        "Al deze punten tellen dubbel als een speler geen enkele kaart gedekt heeft neergelegd.",
        True,
    ),
    (
        "pai-qi-2kk4",
        "pt",
        "perde três vezes o valor em pontos das cartas que pôs viradas para baixo. Todos estes "
        "pontos dobram se algum jogador não pôs nenhuma carta virada para baixo.",
        True,
    ),
    (
        "pai-qi-2kk4",
        "ru",
        "Каждый игрок получает очки за закрытые карты остальных игроков и теряет 3-кратную "
        "стоимость своих закрытых карт. Все эти очки удваиваются, если кто-то из игроков не "
        "выложил ни одной карты рубашкой вверх.",
        True,
    ),
    ("pai-qi-2kk4", "ru", "трёх раза", False),
    (
        "pai-qi-2kk4",
        "sv",
        "Alla dessa poäng fördubblas om någon spelare inte har lagt något kort med baksidan upp.",
        True,
    ),
    ("pai-qi-2kk4", "en", "| Place |", False),  # told in words: no worked table
    (
        EVERYONE_TRIPLED,
        "en",
        "Each player scores one point for each card any player laid face down (their own "
        "included) and loses two times the point values of the cards the other players laid face "
        "down. All these points are tripled if another player laid no card face down.",
        True,
    ),
    (
        HAND_SUMS,
        "en",
        "Each player scores the point values of the cards left in all hands (their own included) "
        "and loses one point for each card left in any player's hand (their own included).",
        True,
    ),
    # worked values true to Pai Qi: every hand empty, nobody "not out", face-down values shown
    (
        COVERED_SQUARED,
        "en",
        "| Player | Cards face down | Their point values face down | Points |",
        True,
    ),
    (COVERED_SQUARED, "en", "| B | 1 | 5 | −5 |", True),
    (COVERED_SQUARED, "en", "not out", False),
    # the list of differences gives the same worked values in one line
    (COVERED_SQUARED, "en", "- Points: for example A: 0, B: −5, C: −14, D: −75.", True),
    (COVERED_SQUARED, "en", "Cards in hand", False),
    (COVERED_SQUARED, "de", "Punktwert der verdeckten Karten", True),
    (OWN_PIPS, "en", "| Player | Cards face down | Points |", True),
    (OWN_PIPS, "en", "| A | – | 0 |", True),
    (OWN_PIPS, "en", "| C | A♠ 6♥ | −20 |", True),
    (OWN_PIPS, "en", "| D | J♣ 2♠ Q♣ | −25 |", True),
    (OWN_PIPS, "de", "| D | B♣ 2♠ D♣ | −25 |", True),
]

ONE_POINT_UP = ONE_POINT.format(target=1, bonus=1)
ONE_POINT_DOWN = ONE_POINT.format(target=-1, bonus=1)
THREE_POINTS_DOWN = ONE_POINT.format(target=-3, bonus=3)

#: The winner's bonus of one point, as each language says it (the session's end with a
#: target of one point: test_sessions.py).
ONE_POINT_BONUS = {
    "de": "Der Gewinner bekommt einen Punkt und dazu",
    "en": "The winner scores one point plus one point",
    "es": "El ganador se apunta un punto más un punto",
    "fr": "Le gagnant marque un point, plus un point",
    "ja": "勝者は1点に加えて",
    "nl": "De winnaar krijgt één punt plus één punt",
    "pt": "O vencedor marca um ponto, mais um ponto",
    "ru": "Победитель получает 1 очко и ещё по очку",
    "sv": "Vinnaren får en poäng plus en poäng",
}
#: Plural words that must not follow a count of one ("one points", "einen Punkte").
WRONG_PLURALS = (
    "one points",
    "1 points",
    "einen Punkte",
    "un puntos",
    "un points",
    "één punten",
    "um pontos",
    "ett poäng",
)

CASES = [
    # places scored where the deal ends at the first player out and nobody can be
    # eliminated: the others have no place (and score the most), so no "the last place scores
    # nothing"; a worked table instead
    (
        "id: quick\nextends: parliament\nscoring:\n  points: game.players - player.place\n",
        "en",
        "| not out | 4 |",
        "The players score by their places",
    ),
    # where players can be eliminated, everyone is ranked in every deal
    (
        "id: quick\nextends: shichi-narabe\nend:\n  when: first-out\n",
        "en",
        # players can be eliminated: everyone is ranked, so the place rule is said as such
        "The players score by their places: last place scores nothing",
        "not out",
    ),
    ("shichi-narabe", "en", "The players score by their places: last place scores nothing", ""),
    *[
        (source, lang, bonus, "")
        for source in (ONE_POINT_UP, ONE_POINT_DOWN)
        for lang, bonus in ONE_POINT_BONUS.items()
    ],
    # larger amounts stay plural
    (THREE_POINTS_DOWN, "en", "The winner scores three points plus one point", ""),
    (THREE_POINTS_DOWN, "de", "Der Gewinner bekommt drei Punkte und dazu", ""),
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


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_scoring_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_one_point_is_never_followed_by_a_plural(lang: str, tmp_path: Path) -> None:
    for source in (ONE_POINT_UP, ONE_POINT_DOWN):
        text = rule_sheet(source, lang, tmp_path)
        assert not [wrong for wrong in WRONG_PLURALS if wrong in text], lang


def test_sign_of_scores() -> None:
    """Minus points only: ``-hand.value`` and ``-player.covered.value``, not a score that can
    be positive (Cinquillo's winner, places counted up, the winner's takings)."""
    for variant in ("sevens", "elfer-raus", "pai-qi", "card-domino-stock"):
        rules = rules_of(variant)
        assert rules.points is not None and never_positive(rules.spec.deck, rules.points.tree)
    for variant in ("cinquillo", "shichi-narabe", "winner-scores"):
        rules = rules_of(variant)
        assert rules.points is not None and not never_positive(rules.spec.deck, rules.points.tree)
        assert not minus_only(rules), variant
    # ``1 - player.place``: minus points only because every player is placed (first out 1, …)
    # when all go out; a player who keeps place 0 would score +1.
    play_on = rules_of("parliament-play-on")
    assert play_on.points is not None and minus_only(play_on)
    assert not never_positive(play_on.spec.deck, play_on.points.tree, least_place=0)
    assert never_positive(play_on.spec.deck, play_on.points.tree, least_place=1)
    penalty = rules_of("penalty-points")
    assert penalty.points is not None and never_negative(penalty.spec.deck, penalty.points.tree)
