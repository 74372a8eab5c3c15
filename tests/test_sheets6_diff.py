"""``sevens diff``, last items of issue 9 (item 5): a frame that does not take the first
rule set for the second's parent, the session's end and the joker rules as sentences."""

from __future__ import annotations

from functools import cache

import pytest

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.load import BUILTIN_DIR
from sevens.compiler.rulesheet import describe_diff
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang


@cache
def _rules(variant: str) -> AnalysedRules:
    from sevens.compiler.pipeline import load_rulespec

    return load_rulespec(BUILTIN_DIR / f"{variant}.yaml")


def lines(old: str, new: str, lang: str = "en") -> list[str]:
    """The bullets of the diff, with French no-break spaces as plain spaces."""
    text = describe_diff(_rules(old), _rules(new), lang)
    text = text.replace("\u00a0", " ").replace("\u202f", " ")
    return [line[2:] for line in text.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "First player: the player to the dealer's left instead of the holder of the"
            " opening card.",
        ),
        (
            "fr",
            "Premier joueur : désormais le joueur à gauche du donneur, et non plus le joueur"
            " qui a la carte d’ouverture.",
        ),
        ("ru", "Первый игрок: теперь игрок слева от сдающего, а не тот, у кого открывающая карта."),
    ],
)
def test_a_change_does_not_call_the_first_rule_set_the_base_game(lang: str, line: str) -> None:
    """Devyatka is not Domino's parent: no "dans le jeu de base", no "было:" form."""
    said = lines("devyatka", "domino", lang)
    assert line in said, said
    assert not [x for x in said if "jeu de base" in x or "было:" in x], said


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_frame_names_a_base_game_or_doubles_its_colon(lang: str) -> None:
    said = lines("devyatka", "domino", lang) + lines("cinquillo", "seises", lang)
    assert not [x for x in said if x.count(":") + x.count("：") > 1 and "→" not in x], said


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "sevens",
            "cinquillo",
            "de",
            "Die Partie endet jetzt, sobald ein Spieler insgesamt 30 Punkte erreicht hat, spätestens"
            " aber nach 50 Runden (bisher nach einer Runde pro Spieler).",
        ),
        (
            "parliament",
            "best-of-five",
            "de",
            "Die Partie endet jetzt, sobald ein Spieler drei Runden gewonnen hat, spätestens aber"
            " nach fünf Runden (bisher nach einer Runde pro Spieler).",
        ),
        (
            "badam-satti",
            "ristiseiska",
            "ru",
            "Партия теперь заканчивается, как только чей-нибудь счёт опустится до −100 очков,"
            " но не позже чем через 50 сдач (раньше — после того, как каждый сдал по разу).",
        ),
        (
            "cinquillo",
            "sevens",
            "de",
            "Die Partie endet jetzt nach einer Runde pro Spieler (bisher, sobald ein Spieler"
            " insgesamt 30 Punkte erreicht hat, spätestens aber nach 50 Runden).",
        ),
    ],
)
def test_the_session_line_is_a_sentence(old: str, new: str, lang: str, line: str) -> None:
    assert line in lines(old, new, lang)


JOKERS = {
    "en": [
        "There is now one joker in the pack.",
        "On your turn you may put a joker, instead of a card, into any place where a card may"
        " be played now. The joker stands for that card: the row goes on from it as if the card"
        " lay there.",
        "Whoever holds the card the joker stands for must immediately play it in the joker's"
        " place and take the joker into their hand.",
        "You may not go out on a joker: it can never be your last card.",
        "Whoever still holds a joker when the deal ends ranks below every player who holds none.",
    ],
    "de": [
        "Jetzt ist ein Joker im Spiel.",
        "Statt einer Karte darfst du in deinem Zug einen Joker an jede Stelle legen, an die"
        " gerade eine Karte passt. Der Joker steht für diese Karte: Die Reihe geht an ihm"
        " weiter, als läge die Karte dort.",
        "Wer die Karte hat, für die der Joker steht, muss sie sofort an die Stelle des Jokers"
        " legen und nimmt den Joker auf die Hand.",
        "Mit einem Joker darfst du nicht ausgehen: Er darf nie deine letzte Karte sein.",
        "Wer am Ende der Runde noch einen Joker hat, landet hinter allen, die keinen haben.",
    ],
}


@pytest.mark.parametrize("lang", sorted(JOKERS))
def test_each_joker_rule_is_a_sentence_of_the_sheet(lang: str) -> None:
    assert lines("shichi-narabe", "shichi-narabe-joker", lang) == JOKERS[lang]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_joker_lines_are_translated_and_refer_to_a_joker(lang: str) -> None:
    """Every language says the joker rules in its own words, each line a whole sentence
    (no "its last holder" with nothing to refer to, no "Jokers:" heading per line)."""
    said = lines("shichi-narabe", "shichi-narabe-joker", lang)
    english = lines("shichi-narabe", "shichi-narabe-joker")
    assert len(said) == 5, said
    if lang != "en":
        assert not set(said) & set(english), said
    assert all(x.endswith((".", "。", "）。")) for x in said), said
    topic = Lang(lang).marked(("topic", "Jokers"))
    assert not [x for x in said if x.startswith((topic + ":", topic + " :", topic + "："))], said
    assert "its last holder" not in " ".join(english)


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "cinquillo",
            "seises",
            "en",
            "The pack now also has the 8 and 9 of each suit (48 cards instead of 40).",
        ),
        (
            "cinquillo",
            "seises",
            "de",
            "Jetzt sind auch die Ränge 8 und 9 dabei (48 statt 40 Karten).",
        ),
        (
            "cinquillo",
            "seises",
            "nl",
            "De 8 en 9 van elke kleur doen nu ook mee (48 kaarten in plaats van 40).",
        ),
        (
            "cinquillo",
            "seises",
            "ru",
            "Теперь в колоде есть также карты 8 и 9 каждой масти (48 карт вместо 40).",
        ),
        (
            "seises",
            "cinquillo",
            "fr",
            "Le jeu ne comprend plus les 8 et les 9 de chaque couleur (40 cartes au lieu de 48).",
        ),
    ],
)
def test_ranks_added_or_removed_are_named(old: str, new: str, lang: str, line: str) -> None:
    said = lines(old, new, lang)
    assert line in said, said
    topic = Lang(lang).marked(("topic", "Ranks"))
    assert not [x for x in said if x.startswith(topic)], said  # no list against a list


def test_a_whole_range_keeps_its_range_line() -> None:
    assert "Ranks: 6 to ace instead of 2 to ace." in lines("fan-tan", "devyatka")
    assert "Ränge: 2 bis Ass statt 6 bis Ass." in lines("devyatka", "domino", "de")


def test_packs_of_other_kinds_keep_their_rank_lists() -> None:
    """A Spanish pack against a French one: its ranks as runs ("ace to 7"), the short run
    of court cards one by one, and no "now also has" line (a Spanish 1 is not a French ace)."""
    said = lines("sevens", "cinquillo")
    assert (
        "The ranks are now ace to 7, jack, knight and king (ten cards in each suit) instead of"
        " ace to king." in said
    )
    assert not [x for x in said if x.startswith("The pack")], said
    assert (
        "Die Ränge sind jetzt Ass bis 7, Bube, Reiter und König (zehn Karten pro Farbe) statt Ass bis König."
        in lines("sevens", "cinquillo", "de")
    )


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "You must now play a 7 before any other card whenever you hold one."),
        (
            "de",
            "Wenn du eine 7 auf der Hand hast, musst du jetzt vor jeder anderen Karte eine 7"
            " legen.",
        ),
        (
            "fr",
            "Si vous avez un 7 en main, vous devez désormais jouer un 7 avant toute autre carte.",
        ),
    ],
)
def test_only_the_compulsory_seven_is_new(lang: str, line: str) -> None:
    """The build rule of Mandatory 7 is Fan Tan's: only the held-seven clause is said."""
    said = lines("parliament", "mandatory-seven", lang)
    assert line in said, said
    assert not [x for x in said if x.startswith(Lang(lang).marked(("topic", "What may be played")))]


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_compulsory_seven_dropped_is_one_sentence(lang: str) -> None:
    said = lines("mandatory-seven", "fan-tan", lang)
    english = "You no longer have to play a 7 before any other card when you hold one."
    assert len(said) == 1, said
    assert (said[0] == english) == (lang == "en"), said


@pytest.mark.parametrize(
    ("lang", "winner"),
    [
        ("en", "the player with the fewest minus points, not the one with the most deals won"),
        (
            "de",
            "wer die wenigsten Minuspunkte hat, nicht mehr, wer die meisten gewonnenen Runden hat",
        ),
        ("ru", "выигрывает тот, у кого меньше всего штрафных очков"),
        (
            "pt",
            "Agora vence a partida quem tiver menos pontos negativos, e não quem tiver ganhado mais",
        ),
    ],
)
def test_a_minus_points_session_is_won_by_the_fewest_minus_points(lang: str, winner: str) -> None:
    """Elfer raus scores only minus points: the diff says its winner as its sheet does,
    not "the highest points total" (true, but read as the most points)."""
    [line] = [x for x in lines("fan-tan", "elfer-raus", lang) if winner in x]
    assert "highest" not in line


def test_a_session_with_plus_points_keeps_the_highest_total() -> None:
    [line] = [
        x for x in lines("fan-tan", "cinquillo") if x.startswith("The winner of the session is now")
    ]
    assert "the highest points total" in line
