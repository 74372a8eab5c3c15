"""``sevens diff`` without formula lines (issue 9, item 5): the deal, a dropped or new
opening card, Domino's starting rank, the joker rules, the session's end, the Russian
starting rank, dropped penalties and pass limits, each said as what changed."""

from __future__ import annotations

import re

import pytest

from sevens.compiler.rulesheet.diff import CHANGED, FROM_NONE, PLAY_ADDED, PLAY_DROPPED, TOPICS
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.typography import typeset
from tests.conftest import diff_lines as lines
from tests.conftest import diff_pairs as _pairs


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "Each player is now dealt an equal share of the cards, leaving at least 20 cards for"
            " the stock (before, all the cards were dealt).",
        ),
        (
            "de",
            "Jeder Spieler bekommt jetzt gleich viele Karten, und mindestens 20 Karten bleiben für"
            " den Nachziehstapel übrig (bisher wurden alle Karten ausgeteilt).",
        ),
        (
            "ru",
            "Теперь всем сдают поровну, а в колоде для добора остаётся хотя бы 20 карт"
            " (раньше сдавали все карты).",
        ),
        (
            "ja",
            "全員に同じ枚数ずつ配り、山札に少なくとも20枚残すようになります"
            "（これまではカードを全部配っていました）。",
        ),
    ],
)
def test_the_deal_is_one_sentence(lang: str, line: str) -> None:
    """Fan Tan → Elfer raus: not "equal hands, at least 20 cards left as a stock instead of
    all cards, no stock"."""
    said = lines("fan-tan", "elfer-raus", lang)
    assert line in said
    topic = Lang(lang).marked(TOPICS["deal"])
    assert not any(x.startswith(topic) for x in said), said


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "There is no longer a fixed opening card; before, it was the 9 of diamonds (9♦)."),
        (
            "fr",
            "Il n’y a plus de carte d’ouverture fixe ; auparavant, c’était le 9 de carreau (9♦).",
        ),
        (
            "ru",
            "Постоянной открывающей карты больше нет; раньше игру начинали с девятки бубен (9♦).",
        ),
    ],
)
def test_a_dropped_opening_card_says_no_longer(lang: str, line: str) -> None:
    assert line in lines("devyatka", "domino", lang)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "There is now an opening card: the 9 of diamonds (9♦)."),
        ("es", "Ahora hay carta de salida: el nueve de diamantes (9♦)."),
        ("sv", "Nu finns det ett öppningskort: ruter nio (9♦)."),
    ],
)
def test_a_new_opening_card_is_not_instead_of_none(lang: str, line: str) -> None:
    assert line in lines("fan-tan", "devyatka", lang)


def test_an_opening_card_the_dealer_picks() -> None:
    assert (
        "The dealer now chooses the opening card from the 7 of clubs (7♣), the 7 of diamonds"
        " (7♦), the 7 of hearts (7♥) or the 7 of spades (7♠); before, it was always the 7 of"
        " diamonds (7♦)." in lines("parliament", "dealer-seven")
    )
    de = lines("parliament", "dealer-seven", "de")
    assert any(
        x.startswith(
            "Jetzt bestimmt der Geber, welche Karte eröffnet: die Kreuz-7 (7♣), die Karo-7"
        )
        for x in de
    )


@pytest.mark.parametrize(
    ("old", "lang", "line"),
    [
        (
            "devyatka",
            "en",
            "The rows no longer start from the 9: the first card played may be"
            " any card, and its rank starts every row.",
        ),
        (
            "fan-tan",
            "en",
            "The rows no longer start from the 7: the first card played may be"
            " any card, and its rank starts every row.",
        ),
        (
            "devyatka",
            "de",
            "Die Reihen beginnen nicht mehr bei der 9: Als erste Karte darf jede"
            " beliebige ausgespielt werden, und ihr Rang wird zum Startrang aller"
            " Reihen.",
        ),
        (
            "devyatka",
            "sv",
            "Raderna börjar inte längre på nian: första kortet som spelas får vara"
            " vilket kort som helst, och dess valör blir startvalör för alla rader.",
        ),
    ],
)
def test_domino_starting_rank_is_one_line(old: str, lang: str, line: str) -> None:
    """The starting rank becoming the first card's rank is one change, not a starting-rank
    line and three play lines."""
    said = lines(old, "domino", lang)
    assert line in said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_domino_has_no_play_lines(lang: str) -> None:
    language = Lang(lang)
    heads = [language.marked(m, rule="").strip() for m in (PLAY_ADDED, PLAY_DROPPED)]
    heads += [language.marked(TOPICS[f]) for f in ("legal", "start")]
    said = lines("devyatka", "domino", lang)
    assert not [x for x in said if x.startswith(tuple(heads))], said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_each_joker_rule_is_its_own_line(lang: str) -> None:
    said = lines("shichi-narabe", "shichi-narabe-joker", lang)
    assert len(said) == 5, (
        said
    )  # the count, then one sentence per rule (tests/test_sheets6_diff.py)
    topic = Lang(lang).marked(TOPICS["jokers"])
    assert not [x for x in said if x.startswith(topic + ":")], said


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "sevens",
            "cinquillo",
            "en",
            "The session now ends as soon as a player's total reaches 30 points, but after 50"
            " deals at the latest (before: after one deal per player).",
        ),
        (
            "sevens",
            "cinquillo",
            "de",
            "Die Partie endet jetzt, sobald ein Spieler insgesamt 30 Punkte erreicht hat, spätestens"
            " aber nach 50 Runden (bisher nach einer Runde pro Spieler).",
        ),
        (
            "sevens",
            "cinquillo",
            "fr",
            "La partie s’arrête maintenant dès que le total d’un joueur atteint 30 points, mais au plus"
            " tard après 50 donnes (auparavant, après une donne par joueur).",
        ),
        (
            "parliament",
            "best-of-five",
            "en",
            "The session now ends as soon as a player has won three deals, but after five deals"
            " at the latest (before: after one deal per player).",
        ),
        (
            "badam-satti",
            "ristiseiska",
            "ru",
            "Партия теперь заканчивается, как только чей-нибудь счёт опустится до −100 очков, но не"
            " позже чем через 50 сдач (раньше — после того, как каждый сдал по разу).",
        ),
    ],
)
def test_the_session_end_is_one_sentence(old: str, new: str, lang: str, line: str) -> None:
    said = lines(old, new, lang)
    assert line in said
    topics = [Lang(lang).marked(TOPICS[f]) for f in ("deals", "target_points", "target_deals")]
    assert not [x for x in said if x.startswith(tuple(topics))], said


def test_starting_rank_value() -> None:
    """Russian names the rank by its noun ("девятка"); English and Swedish keep the digit."""
    assert "Начальное достоинство рядов: теперь девятка, а не семёрка." in lines(
        "fan-tan", "devyatka", "ru"
    )
    assert "Starting rank of the rows: 9 instead of 7." in lines("fan-tan", "devyatka")
    assert "Radernas startvalör: 9 i stället för 7." in lines("fan-tan", "devyatka", "sv")


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "There is no longer a penalty for having to pass (before: the player before you"
            " gives you one card of their choice).",
        ),
        (
            "es",
            "Ya no hay penalización por tener que pasar (antes: el jugador que juega antes que"
            " tú te da una carta de su elección).",
        ),
    ],
)
def test_a_dropped_penalty_says_no_longer(lang: str, line: str) -> None:
    assert line in lines("ristiseiska", "ristiseiska-bga", lang)


def test_a_dropped_pass_limit_is_one_line() -> None:
    """Pai Qi lays a card face down instead of passing: no "none instead of 3" and no line
    for what happens after a last pass there is no longer."""
    said = lines("shichi-narabe", "pai-qi")
    assert "There is no longer a limit on passes (before, 3 per deal)." in said
    assert not [x for x in said if x.startswith(("Most passes", "After the last allowed pass"))]
    assert (
        "Cards are no longer laid out on the table before play; before, the 7 of clubs (7♣),"
        " the 7 of diamonds (7♦), the 7 of hearts (7♥) and the 7 of spades (7♠) were." in said
    )
    assert "Je mag nu onbeperkt passen (voorheen hoogstens 3 keer per gift)." in lines(
        "shichi-narabe", "pai-qi", "nl"
    )


def _frame(text: str, lang: str) -> re.Pattern[str]:
    """A pattern for a filled frame, typeset as the diff prints it, whose placeholders
    ``ANY`` match anything."""
    plain = typeset(text, lang, "md").replace("\u00a0", " ").replace("\u202f", " ")
    return re.compile(re.escape(plain).replace("ANY", ".*"))


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_formula_lines_in_any_pair(lang: str) -> None:
    """Every rulespec against its parent and the cross pairs: no "dropped — previously",
    no "instead of none" / "previously none", and no sentence line (one not led by a topic)
    with two colons."""
    language = Lang(lang)
    none = language.pgettext("value", "none")
    topics = tuple(language.marked(t) for t in TOPICS.values())
    with_none = [
        _frame(language.marked(CHANGED, topic="ANY", new="ANY", old=none), lang),
        _frame(language.marked(CHANGED, topic="ANY", new=none, old="ANY"), lang),
        _frame(language.marked(FROM_NONE, topic="ANY", new="ANY", old=none), lang),
    ]
    for old, new in _pairs():
        for line in lines(old, new, lang):
            assert "dropped" not in line and "previously:" not in line, (old, new, line)
            if line.startswith(topics):  # "topic: X instead of none", "…; previously none"
                assert not any(p.fullmatch(line) for p in with_none), (old, new, line)
            else:
                assert line.count(":") + line.count("：") <= 1, (old, new, line)
