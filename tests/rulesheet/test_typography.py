"""The sheet's own voice: no English ids in running text or footers, and nothing about the
sources or the program stated as a rule ("the rules do not say…", "this rule set stops…").

Each row: a rulespec (a built-in id or a house rule's YAML), a language, a phrase, and
whether the sheet must contain it (``True``) or must not (``False``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from sevens.compiler.load import builtin_ids
from sevens.compiler.rulesheet.i18n import LANGUAGES, Lang
from sevens.compiler.rulesheet.typography import text_rules
from tests.conftest import amount_overlay, assert_sheet_says, check_phrase, sheet_of

HOUSE_RULE = amount_overlay("points", "hand.count")

PHRASES = [
    ("parliament", "en", "Generated from the rule set", False),
    (
        "parliament",
        "en",
        "To try these rules with the `sevens` program, run `sevens simulate parliament`.",
        True,
    ),
    ("parliament", "de", "Erzeugt aus dem Regelsatz", False),
    ("parliament", "ja", "`sevens simulate parliament`を実行します。", True),
    (HOUSE_RULE, "en", "run `sevens simulate overlay.yaml`.", True),  # the file, not its id
    (HOUSE_RULE, "en", "`generated-amount`", False),
    ("penalty-points", "en", "The rules do not say", False),
    ("penalty-points", "en", "Agree beforehand how to break a tie", True),
    ("penalty-points", "de", "legen die Regeln nicht fest", False),
    ("penalty-points", "fr", "Les règles ne disent pas", False),
    ("cinquillo", "en", "going on for ever", False),
    ("cinquillo", "en", "these rules end the session", False),
    (
        "cinquillo",
        "en",
        "Agree beforehand how many deals to play at most in case nobody gets there",
        True,
    ),
    ("cinquillo", "ru", "в этом наборе правил", False),
    ("cinquillo", "es", "este reglamento", False),
    # Japanese: a plain wrap is リンク; トンネル is only the rule where the far end closes
    ("play-or-pay", "ja", "リンク：列はエースの次にまた2から続けて伸ばせます。", True),
    ("play-or-pay", "ja", "トンネル", False),
    ("turn-the-corner", "ja", "トンネル", False),
    ("turn-the-corner", "ja", "リンクありになります。", True),
    (
        "shichi-narabe-tunnel",
        "ja",
        "トンネル：列の下端がエースまで届いたら、上端はそこで止まり",
        True,
    ),
    (
        "shichi-narabe-tunnel",
        "ja",
        "トンネル：列はキングからエースへ",
        False,
    ),  # a plain wrap, mislabelled
    ("shichi-narabe-tunnel", "en", "Turning the corner: a row may continue past the king", False),
    # Swedish: "holländsk" in small letters inside a sentence, a capital only where one begins
    ("sjuan", "sv", "## Skillnader mot holländsk Fan Tan", True),
    ("sjuan", "sv", "nära besläktat med holländsk Fan Tan.", True),
    ("sjuan", "sv", "Holländsk", False),
    ("caught-holding", "sv", "Det här är en husregel för holländsk Fan Tan;", True),
    # Brazilian quotation marks and words
    ("parliament", "pt", "- “Parliament – Como Jogar”", True),
    ("parliament", "pt", "«", False),
    ("turn-the-corner", "pt", "esquina", False),
    # Spanish "u" before an o sound in a worked example ("seis u ocho")
    ("sjuan", "es", "6♠ u 8♠.", True),
    ("sjuan", "es", "6♠ o 8♠", False),
    # French deniers are written D ("5 de deniers"); other languages keep the oros' O
    ("cinquillo", "fr", "le 5 de deniers commence", True),
    ("cinquillo", "fr", "(5D)", False),
    ("cinquillo", "fr", "- D deniers", True),
    ("cinquillo", "fr", "5O", False),
    ("cinquillo", "fr", "[5D]", True),
    ("cinquillo", "es", "[5O]", True),
    ("cinquillo", "pt", "[5O]", True),
    ("cinquillo", "en", "[5O]", True),
    # a cry that ends in "!" takes no full stop
    ("last-card", "en", "you must announce “Last card!” If you forget, you are penalised:", True),
    ("last-card", "en", "!”.", False),
    # descriptions say what the rules do
    ("cinquillo-cabron", "en", "so the cards skipped over are stuck in their holders' hands", True),
    ("dutch-any-seven", "en", "so fewer passes have to be paid for at the start", True),
    (
        "parliament-play-on",
        "en",
        "each place after the first costs one point more than the one before",
        True,
    ),
    ("parliament-play-on", "en", "each place scores penalty points", False),
]

#: Lists joined with "or" and "and": (language, conjunction, items, text).  Spanish says
#: "u" before an o sound and "e" before an i sound, which babel's list patterns do not know.
JOINS = [
    ("es", "or", ["6♠", "8♠"], "6♠ u 8♠"),  # "seis u ocho"
    ("es", "or", ["10R", "11V", "11Z"], "10R, 11V u 11Z"),  # "once"
    ("es", "or", ["siete", "ocho"], "siete u ocho"),
    ("es", "or", ["6♠", "7♠"], "6♠ o 7♠"),
    ("es", "or", ["9♠", "110"], "9♠ o 110"),  # "ciento diez"
    ("es", "and", ["copas", "iglesias"], "copas e iglesias"),
    ("es", "and", ["agua", "hielo"], "agua y hielo"),
    ("es", "and", ["6♦–8♦", "7♥"], "6♦–8♦ y 7♥"),
    ("fr", "or", ["6♠", "8♠"], "6♠ ou 8♠"),
    ("pt", "or", ["6♠", "8♠"], "6♠ ou 8♠"),
]

#: How a sheet begins: its title line (``^``, then the title and the line break's space).
BEGINS = [
    ("devyatka-traditional", "en", "^# Devyatka for chips "),
    ("caught-holding", "sv", "^# Holländsk Fan Tan: "),
    ("dutch-fan-tan", "sv", "^# Holländsk Fan Tan Holländsk Fan Tan är"),
    ("turn-the-corner", "pt", "^# Parliament: as fileiras dão a volta "),
]

#: A language's text rules on a line: (language, line, the line as typeset).
TEXT_RULES = [
    # a Swedish nationality adjective is small inside a sentence…
    (
        "sv",
        "en regional variant av Holländsk Fan Tan.",
        "en regional variant av holländsk Fan Tan.",
    ),
    # …and keeps its capital at a sentence's start, in a title and in a name in quotes
    ("sv", "Holländsk Fan Tan är ett kortspel.", "Holländsk Fan Tan är ett kortspel."),
    (
        "sv",
        "# Holländsk Fan Tan: vilken sjua som helst öppnar",
        "# Holländsk Fan Tan: vilken sjua som helst öppnar",
    ),
    ("sv", "Jämfört med ”Holländsk Fan Tan” ändrar", "Jämfört med ”Holländsk Fan Tan” ändrar"),
    ("de", "mit Holländsk Fan Tan", "mit Holländsk Fan Tan"),  # Swedish only
]


@pytest.mark.parametrize(
    ("rulespec", "lang", "phrase", "present"),
    PHRASES,
    ids=[f"{n}-{row[1]}-{'has' if row[3] else 'lacks'}" for n, row in enumerate(PHRASES)],
)
def test_typography_phrase(
    rulespec: str, lang: str, phrase: str, present: bool, tmp_path: Path
) -> None:
    check_phrase(tmp_path, rulespec, lang, phrase, present)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_id_appears_only_in_the_command_line(lang: str, tmp_path: Path) -> None:
    """A built-in's id is shown once, as code, in the line that says how to try the rules."""
    for variant in builtin_ids():
        text = sheet_of(tmp_path, variant, lang)
        assert text.count(f"`sevens simulate {variant}`") == 1, (variant, lang)
        rest = [line for line in text.splitlines() if "`sevens simulate " not in line]
        assert not any(f"`{variant}`" in line for line in rest), (variant, lang)


@pytest.mark.parametrize(("rulespec", "lang", "expected"), BEGINS)
def test_how_a_sheet_begins(rulespec: str, lang: str, expected: str, tmp_path: Path) -> None:
    assert_sheet_says(rulespec, lang, expected, "", tmp_path)


@pytest.mark.parametrize(("lang", "line", "typeset"), TEXT_RULES)
def test_text_rules_of_a_language(lang: str, line: str, typeset: str) -> None:
    assert text_rules(lang)(line) == typeset


@pytest.mark.parametrize(("lang", "conjunction", "items", "text"), JOINS)
def test_lists_joined_as_the_language_says_them(
    lang: str, conjunction: str, items: list[str], text: str
) -> None:
    join = Lang(lang).join_or if conjunction == "or" else Lang(lang).join_and
    assert join(items) == text
