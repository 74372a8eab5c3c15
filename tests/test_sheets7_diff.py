"""``sevens diff``, the last lines below 5/5 (issue 9, round 7): the chips line before the
amounts it brings, no ace line for a pack without an ace, sentences instead of bare
numbers, colour packs, the session's winner and its end."""

from __future__ import annotations

import re

import pytest

from sevens.compiler.rulesheet.diff import TOPICS
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.conftest import diff_lines as lines
from tests.conftest import diff_pairs


@pytest.mark.parametrize("lang", LANGUAGES)
@pytest.mark.parametrize("new", ["devyatka-traditional", "fan-tan-chips"])
def test_the_chips_line_comes_before_ante_and_pass_cost(new: str, lang: str) -> None:
    old = {"devyatka-traditional": "devyatka", "fan-tan-chips": "fan-tan"}[new]
    found = lines(old, new, lang)
    en = lines(old, new)
    chips = en.index("The game is now played for chips.")
    ante = next(i for i, line in enumerate(en) if line.startswith("Ante:"))
    cost = next(i for i, line in enumerate(en) if line.startswith("Cost of a pass:"))
    assert chips < ante < cost
    assert len(found) == len(en)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_ace_line_for_a_pack_without_an_ace(lang: str) -> None:
    assert not any(line.startswith("Ace: ") for line in lines("sevens", "elfer-raus"))
    assert len(lines("sevens", "elfer-raus", lang)) == len(lines("sevens", "elfer-raus"))
    # a pack with an ace still says where it moved
    assert "Ace: low instead of high." in lines("fan-tan", "ace-low")


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "fan-tan",
            "elfer-raus",
            "en",
            "A player who cannot play may now draw up to three cards from the stock.",
        ),
        (
            "fan-tan",
            "elfer-raus",
            "ru",
            "Теперь, если нечем ходить, из колоды для добора можно взять не больше трёх карт.",
        ),
        ("fan-tan", "elfer-raus", "ja", "出せないときは、山札から3枚まで引けるようになります。"),
        ("fan-tan", "devyatka", "en", "Best with three players (before: 4–6)."),
        (
            "fan-tan",
            "devyatka",
            "ja",
            "おすすめの人数は3人になります（これまでは4〜6人）。",
        ),
        (
            "fan-tan",
            "devyatka",
            "ru",
            "Лучше всего теперь играть компанией из трёх человек (раньше — из 4–6).",
        ),
    ],
)
def test_bare_numbers_become_sentences(old: str, new: str, lang: str, line: str) -> None:
    assert line in lines(old, new, lang)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_topic_line_ends_in_a_bare_number(lang: str) -> None:
    """No "Topic: 3." nor "Topic: 3 instead of 4–6." for the draw limit or best player count
    (every pair the readers read)."""
    for old, new in diff_pairs():
        for line in lines(old, new, lang):
            assert not re.search(r"[:：]\s*\d+[.。]$", line), (old, new, line)
    topics = [TOPICS["draw"], TOPICS["best"]]
    said = [Lang(lang).marked(t) for t in topics]
    for old, new in [("fan-tan", "elfer-raus"), ("fan-tan", "devyatka")]:
        found = lines(old, new, lang)
        assert not [x for x in found for t in said if re.match(re.escape(t) + r"\s*[:：]", x)]


@pytest.mark.parametrize(
    ("old", "new", "lang", "line"),
    [
        (
            "sevens",
            "cinquillo",
            "en",
            "The session now ends as soon as a player's total reaches 30 points, but after"
            " 50 deals at the latest (before: after one deal per player).",
        ),
        (
            "sevens",
            "cinquillo",
            "es",
            "La partida termina ahora en cuanto la puntuación total de un jugador llegue a 30 puntos,"
            " pero como muy tarde tras 50 manos (antes, tras una mano por jugador).",
        ),
        (
            "parliament",
            "best-of-five",
            "ru",
            "Партия теперь заканчивается, как только кто-нибудь выиграет три сдачи, но не позже чем"
            " через пять сдач (раньше — после того, как каждый сдал по разу).",
        ),
        (
            "parliament",
            "best-of-five",
            "ja",
            "勝負は、誰かが3ゲーム勝った時点で終わるようになります"
            "（これまでは全員が1回ずつ配ったところで終了）。ただし、最大5ゲームです。",
        ),
    ],
)
def test_the_session_end_has_units_words_and_a_cap_of_its_own(
    old: str, new: str, lang: str, line: str
) -> None:
    assert line in lines(old, new, lang)


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        (
            "en",
            "The winner of the session is now the player with the fewest minus points, not the"
            " one with the most deals won.",
        ),
        (
            "es",
            "Ahora gana la partida quien tenga menos puntos negativos, no quien tenga más manos"
            " ganadas.",
        ),
        (
            "nl",
            "De partij wordt nu gewonnen door wie de minste minpunten heeft, niet meer door wie"
            " de meeste gewonnen giften heeft.",
        ),
    ],
)
def test_the_session_winner_is_a_sentence(lang: str, line: str) -> None:
    assert line in lines("fan-tan", "elfer-raus", lang)
    topic = Lang(lang).marked(TOPICS["session_winner"])
    for old, new in [("fan-tan", "fan-tan-chips"), ("parliament", "best-of-five")]:
        assert not [x for x in lines(old, new, lang) if x.startswith(topic)]


#: The suit words a player of a colour pack would not use for its colours, per language.
SUIT_WORDS = {"en": "suit", "es": "palo", "pt": "naipe", "ru": "маст", "ja": "マーク"}


@pytest.mark.parametrize("old", ["fan-tan", "sevens"])
@pytest.mark.parametrize("lang", sorted(SUIT_WORDS))
def test_a_colour_pack_is_said_in_colours(old: str, lang: str) -> None:
    """The suits line names colours against suits; no other line calls the colours suits."""
    found = lines(old, "elfer-raus", lang)
    [pack] = [x for x in found if SUIT_WORDS[lang] in x.lower()]
    assert pack.startswith(
        {
            "en": "The pack now has four colours (red, yellow, green and blue) instead of the four suits",
            "es": "La baraja tiene ahora cuatro colores (rojo, amarillo, verde y azul) en lugar de",
            "pt": "O baralho tem agora quatro cores",
            "ru": "Вместо четырёх мастей",
            "ja": "マーク（クラブ、ダイヤ、ハート、スペード）の代わりに、赤、黄、緑、青の4色を使います。",
        }[lang]
    )
    leader = {
        "en": "of the colour listed first",
        "es": "del primer color",
        "pt": "da primeira cor",
        "ru": "первого по списку цвета",
        "ja": "最初の色の11",
    }[lang]
    assert [x for x in found if leader in x]
    # a pack of suits keeps its suit words
    assert any(SUIT_WORDS[lang] in x.lower() for x in lines(old, "cinquillo", lang))


@pytest.mark.parametrize(
    ("lang", "line"),
    [
        ("en", "The pack now also has the 8 and 9 of each suit (48 cards instead of 40)."),
        (
            "es",
            "La baraja incluye ahora también los 8 y los 9 de cada palo (48 cartas en vez de 40).",
        ),
        (
            "fr",
            "Le jeu comprend désormais aussi les 8 et les 9 de chaque couleur"
            " (48 cartes au lieu de 40).",
        ),
        ("pt", "O baralho agora também tem os 8 e os 9 de cada naipe (48 cartas em vez de 40)."),
    ],
)
def test_ranks_added_each_have_their_article(lang: str, line: str) -> None:
    assert line in lines("cinquillo", "seises", lang)
