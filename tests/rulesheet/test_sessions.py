"""How long a session is, as the sheets say it; a child's sheet never says both.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ONE_POINT, assert_sheet_says, rule_sheet

ONE_POINT_UP = ONE_POINT.format(target=1, bonus=1)
ONE_POINT_DOWN = ONE_POINT.format(target=-1, bonus=1)
THREE_POINTS_DOWN = ONE_POINT.format(target=-3, bonus=3)

#: How the sheet of a game of minus points only names the session's winner.
MINUS_POINTS_WINNER = {
    "ru": "Партию выигрывает тот, у кого к её концу меньше всего штрафных очков.",
    "ja": "マイナス点の合計がいちばん少ない人の勝ちです。",
    "en": "The player with the fewest minus points at the end of the session wins.",
    "de": "Wer am Ende der Partie die wenigsten Minuspunkte hat, gewinnt sie.",
    "sv": "Partiet vinns av den som till slut har minst minuspoäng.",
}

FIVE_DEALS = "id: five-deals\nextends: dutch-fan-tan\nsession: {deals: 5}\n"
#: Sevens in pairs: minus points, no target; and in teams of three (six players).
SEVENS_PAIRS = "id: sevens-pairs\nextends: sevens\nplayers: {min: 4, max: 6, teams: {size: 2}}\n"
SEVENS_TRIOS = "id: sevens-trios\nextends: sevens\nplayers: {min: 6, max: 6, teams: {size: 3}}\n"

CASES = [
    # a points target that ends the session when a total falls to it or below (the engine
    # ends it at −102 as well as at −100), in every language that said "falls to"
    ("ristiseiska", "es", "baje a −100 o menos", ""),
    ("ristiseiska", "de", "auf −100 oder darunter fällt", ""),
    ("ristiseiska", "ja", "−100点以下になった", "まで下が"),
    ("ristiseiska", "ru", "опустится до −100 или ниже", ""),
    # the child fixes the number the parent left open: only the child's number is said
    (FIVE_DEALS, "en", "A session has five deals.", "Agree beforehand how many deals"),
    (FIVE_DEALS, "fr", "", "Convenez à l’avance du nombre de donnes"),
    # a child that keeps the parent's number keeps it open, as its sources do
    ("winner-scores", "en", "Agree beforehand how many deals make up a session", ""),
    # a falling total ends the session at or below the target
    ("ristiseiska", "en", "total falls to −100 points or below.", ""),
    ("ristiseiska-bga", "en", "total falls to −100 points or below.", ""),
    # a target ends the session; the cap on deals is a fallback, not an early end
    (
        "cinquillo",
        "en",
        "The session ends as soon as a player's total reaches 30 points.",
        "ends early",
    ),
    ("cinquillo", "fr", "", "avant son terme"),
    ("cinquillo", "es", "", "termina antes"),
    ("ristiseiska", "en", "falls to −100 points or below. Agree beforehand how many deals", ""),
    # a session of at most five deals, counted in each language's words
    ("best-of-five", "ru", "В партии не больше пяти сдач.", "5 сдач"),
    ("best-of-five", "ru", "как только кто-нибудь выиграет три сдачи.", "3 сдачи"),
    ("best-of-five", "en", "A session has at most five deals.", ""),
    ("best-of-five", "de", "fünf", ""),
    ("best-of-five", "fr", "cinq", ""),
    ("best-of-five", "ja", "5", ""),
    # a game of minus points only is won by the fewest minus points…
    *[
        (variant, lang, wanted, "")
        for variant in ("elfer-raus", "sevens", "ristiseiska")
        for lang, wanted in MINUS_POINTS_WINNER.items()
    ],
    # …a game scored by place by the highest total
    *[("shichi-narabe", lang, "", wanted) for lang, wanted in MINUS_POINTS_WINNER.items()],
    # one point is singular wherever the session's target is 1 or −1
    (ONE_POINT_UP, "de", "insgesamt 1 Punkt erreicht hat.", ""),
    (ONE_POINT_UP, "en", "total reaches 1 point.", ""),
    (ONE_POINT_UP, "es", "llegue a 1.", ""),
    (ONE_POINT_UP, "fr", "atteint 1 point.", ""),
    (ONE_POINT_UP, "ja", "1点に達したら", ""),
    (ONE_POINT_UP, "nl", "in totaal 1 punt heeft.", ""),
    (ONE_POINT_UP, "pt", "chegar a 1.", ""),
    (ONE_POINT_UP, "ru", "достигнет 1.", ""),
    (ONE_POINT_UP, "sv", "poängsumma når 1.", ""),
    (ONE_POINT_DOWN, "de", "auf −1 oder darunter fällt.", ""),
    (ONE_POINT_DOWN, "en", "total falls to −1 point or below.", ""),
    (ONE_POINT_DOWN, "es", "baje a −1 o menos.", ""),
    (ONE_POINT_DOWN, "fr", "descend à −1 point ou moins.", ""),
    (ONE_POINT_DOWN, "ja", "−1点以下になったら", ""),
    (ONE_POINT_DOWN, "nl", "tot −1 of lager is gedaald.", ""),
    (ONE_POINT_DOWN, "pt", "cair para −1 ou menos.", ""),
    (ONE_POINT_DOWN, "ru", "опустится до −1 или ниже.", ""),
    (ONE_POINT_DOWN, "sv", "sjunker till −1 eller lägre.", ""),
    # with teams, the winner of the session is a pair or a team, named as such (a paragraph
    # that said "read the team's total wherever the rules speak of a player's" patched it)
    (
        SEVENS_PAIRS,
        "en",
        "The pair whose partners have the fewest minus points between them at the end of"
        " the session wins it.",
        "read the team's total",
    ),
    (SEVENS_PAIRS, "de", "Das Paar, dessen Partner am Ende der Partie zusammen die wenigsten", ""),
    (SEVENS_TRIOS, "en", "The team whose players have the fewest minus points", "The pair"),
    # without a target, nothing is said of whose total reaches it
    (SEVENS_PAIRS, "en", "", "counts as one player"),
    # a target is reached by a pair's total: said before the target
    (
        "cinquillo-parejas",
        "en",
        "The session ends as soon as a pair's combined points total reaches 30. Agree beforehand"
        " how many deals to play at most in case no pair gets there",
        "a player's",
    ),
    ("cinquillo-parejas", "ja", "どこかのペアの2人の合計点が30点に達したら", "誰かの合計点"),
    # larger amounts stay plural
    (THREE_POINTS_DOWN, "en", "total falls to −3 points or below.", ""),
    (THREE_POINTS_DOWN, "fr", "descend à −3 points ou moins.", ""),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_session_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)


def test_the_target_comes_before_the_cap_on_deals(tmp_path: Path) -> None:
    """Cinquillo: the target ends the session; the number of deals to agree is said after
    it, as what happens in case nobody gets there."""
    text = rule_sheet("cinquillo", "en", tmp_path)
    target = text.index("The session ends as soon as a player's total reaches 30 points.")
    cap = text.index(
        "Agree beforehand how many deals to play at most in case nobody gets there, for example 50."
    )
    assert cap > target
