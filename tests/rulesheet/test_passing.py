"""When passing is allowed, forced, limited or penalised, as the sheets say it.

Each row: a built-in id or a house rule (YAML text), a language, a phrase the sheet must
say and one it must not.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from tests.conftest import (
    assert_sheet_says,
    builtin_sheet,
    norm,
    paragraphs,
    play_section,
    said,
    sheet_section,
)

LIMIT_FORCED = "id: limited-fan-tan\nextends: fan-tan\npassing: {limit: 3}\n"
LIMIT_VOLUNTARY = "id: limited-passing\nextends: voluntary-pass\npassing: {limit: 3}\n"
ELIMINATING = "id: early-out\nextends: fan-tan\npassing:\n  limit: 2\n  over_limit: eliminate\n"
#: Shichi Narabe allows three passes (elimination beyond); its house rule two.
FEWER_PASSES = "id: shichi-quick\nextends: shichi-narabe\npassing: {limit: 2}\n"
VOLUNTARY_NO_OPENING_CARD = "id: free-fan-tan\nextends: fan-tan\npassing: {voluntary: true}\n"

CASES = [
    # a changed number of passes is a sentence in "What differs", not a form's label
    (
        FEWER_PASSES,
        "en",
        "Each player may now pass at most two times in a deal (before: three).",
        "Most passes per deal",
    ),
    (FEWER_PASSES, "ru", "не больше двух раз (раньше — трёх)", ""),
    (FEWER_PASSES, "de", "höchstens zweimal passen (bisher dreimal)", ""),
    # a limit without elimination binds only passes by choice; forced passes go on
    (LIMIT_FORCED, "en", "", "at most three times"),
    (LIMIT_FORCED, "de", "", "höchstens dreimal"),
    (LIMIT_VOLUNTARY, "en", "counting the passes you had to make", "at most three times"),
    (LIMIT_VOLUNTARY, "sv", "de tvingade passen medräknade", "högst tre gånger"),
    # nobody may pass by choice before the opening card is down
    (
        "voluntary-pass",
        "pt",
        "Depois que a carta de abertura estiver na mesa, você pode passar",
        "Na sua vez, você pode passar mesmo tendo carta para jogar.",
    ),
    (
        "voluntary-pass",
        "en",
        "Once the opening card is on the table, you may pass",
        "Passing is possible",
    ),
    # without an opening card, passing by choice is allowed from the first turn
    (
        VOLUNTARY_NO_OPENING_CARD,
        "en",
        "You may pass on your turn even if you have a playable card.",
        "Once the opening card is on the table",
    ),
    # Ristiseiska punishes a pass made with a playable card: it is not called allowed
    (
        "ristiseiska",
        "en",
        "Passing when you could play is penalised",
        "You may pass on your turn even if you have a playable card.",
    ),
    (
        "ristiseiska",
        "de",
        "Wer passt, obwohl er legen könnte, wird bestraft",
        "Du darfst in deinem Zug auch dann passen",
    ),
    # Brazilian: passing by choice "tendo carta para jogar"; the draw said once
    (
        "shichi-narabe",
        "pt",
        "Na sua vez, você pode passar mesmo tendo carta para jogar.",
        "mesmo que possa jogar",
    ),
    (
        "elfer-raus",
        "pt",
        "até tirar uma que sirva, mas no máximo três. Se tirar uma carta que sirva, tem que"
        " jogá-la na hora;",
        "possa ser jogada deve ser jogada",
    ),
    ("shichi-narabe", "pt", "por vontade própria", ""),
    # Russian counts in the case of their sentence
    ("parliament", "ru", "За каждый пас игрок кладёт в банк одну фишку.", ""),
    ("shichi-narabe", "ru", "не больше трёх раз", ""),
    ("elfer-raus", "ru", "самое большее три;", ""),
    (
        "refusal-penalty",
        "ru",
        "каждый из остальных игроков отдаёт вам наугад одну карту из своей руки",
        "",
    ),
    # elimination: the last player left wins with cards in hand; no limit, no such sentence
    (
        ELIMINATING,
        "en",
        "If every other player has been eliminated before anyone has gone out, the deal ends"
        " there and the last player left wins it, even with cards still in hand.",
        "",
    ),
    (ELIMINATING, "de", "gewinnt sie, auch wenn er noch Karten auf der Hand hat.", ""),
    (ELIMINATING, "ja", "最後に残った人の勝ちです。", ""),
    ("fan-tan", "en", "", "the last player left wins it"),
]


@pytest.mark.parametrize(("source", "lang", "expected", "forbidden"), CASES)
def test_passing_sentences(
    source: str, lang: str, expected: str, forbidden: str, tmp_path: Path
) -> None:
    assert_sheet_says(source, lang, expected, forbidden, tmp_path)


MUST = "You must play if you can."
MUST_ONLY = (
    "You must play if you can. Only when none of your cards may be played do you pass; "
    "passing while able to play is not allowed."
)
EMPTY_STOCK = "Once the stock is empty, you pass when you cannot play."


@pytest.mark.parametrize("variant", ["elfer-raus", "card-domino-stock"])
@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_draw_comes_before_the_pass(variant: str, lang: str) -> None:
    """Where the rule set draws from the stock, the pass section opens with the draw: no
    'you pass only when you cannot play' before the sheet has said that you draw first."""
    text = builtin_sheet(variant, lang)
    assert said(lang, MUST_ONLY) not in text
    opening = [p for p in text.split("\n\n") if p.startswith(said(lang, MUST))]
    assert len(opening) == 1
    assert said(lang, EMPTY_STOCK) in opening[0]  # the draw is told in that same paragraph


@pytest.mark.parametrize("lang", LANGUAGES)
def test_sheets_without_a_stock_keep_the_pass_sentence(lang: str) -> None:
    text = builtin_sheet("sevens", lang)
    assert said(lang, MUST_ONLY) in text
    assert not any(said(lang, EMPTY_STOCK) in p for p in text.split("\n\n"))


@pytest.mark.parametrize("lang", ["en", "fr", "ru", "sv"])
def test_the_last_card_penalty_says_who_keeps_a_last_card(lang: str) -> None:
    """With no cards given for passing, the "never gives away their last card" rule belongs
    to the last-card penalty, not to the Passing section."""
    text = builtin_sheet("last-card", lang)
    keeps = norm(
        Lang(lang).gettext(
            "Whoever has to give cards never gives away their last card; if they have too few, "
            "fewer cards change hands."
        )
    )
    assert keeps in paragraphs(play_section(text, lang))[-1]  # the last-card penalty
    assert keeps not in norm(sheet_section(text, lang, "Passing"))
