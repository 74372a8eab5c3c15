"""No rule sheet reads a formula out: the verbaliser's own forms never appear.

The banned forms are taken from the catalogs, so each language's list is complete: the
fixed words of the generic verbaliser's messages for division, remainders, sums, "if …,
and otherwise …", "“…” holds", "it is not the case that" and unknown attributes, plus
nested quotation marks and parenthesised sub-expressions ("(2 times …)").  They are
checked on every built-in sheet in the nine languages and on sheets of house rules whose
scoring or costs are random expressions over the language's facts.
"""

from __future__ import annotations

import re
import tempfile
from functools import cache
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from sevens.compiler.load import builtin_ids
from sevens.compiler.rulesheet.catalog import read_catalog
from sevens.compiler.rulesheet.i18n import LANGUAGES
from tests.conftest import amount_expressions, amount_overlay, render_overlay, sheet_of

#: The verbaliser's messages whose fixed words mark a formula read aloud.
FORMULA_MESSAGES = (
    ("arithmetic", "%(left)s divided by %(right)s, rounded down"),
    ("arithmetic", "the remainder of %(left)s divided by %(right)s"),
    ("aggregate", "the sum of %(element)s over %(items)s"),
    ("predicate", "“%(x)s” holds"),
    ("predicate", "“%(x)s” does not hold"),
    ("logic", "%(then)s if %(cond)s, and otherwise %(otherwise)s"),
    ("logic", "it is not the case that %(x)s"),
    ("attribute", "the “%(attr)s” of %(obj)s"),
)
#: Its words for + and − (and ×): inside brackets they mark a sub-expression.
ARITHMETIC_MESSAGES = (
    ("arithmetic", "%(left)s plus %(right)s"),
    ("arithmetic", "%(left)s minus %(right)s"),
    ("arithmetic", "%(left)s times %(right)s"),
)
#: Fixed words of those messages that are ordinary words of a rule sheet too ("rounded
#: down" where a hand-written sentence shares points out): not a sign of a formula alone.
ORDINARY = {
    "en": {"rounded down"},
    "es": {"redondeado hacia abajo"},
    "fr": {"arrondi à l’entier inférieur"},
    "nl": {"naar beneden afgerond"},
    "pt": {"arredondado para baixo"},
    "ru": {"с округлением вниз"},
    "sv": {"avrundat nedåt"},
}
#: Quotation marks that open and close, per language (Swedish ” is both: not checked).
QUOTES = {
    "en": ("“", "”"),
    "de": ("„", "“"),
    "es": ("«“", "»”"),
    "fr": ("«", "»"),
    "ja": ("「『", "」』"),
    "nl": ("‘“", "’”"),
    "pt": ("“«", "”»"),
    "ru": ("«„", "»“"),
}


def _fragments(text: str) -> list[str]:
    return [part.strip(" ,;:") for part in re.split(r"%\(\w+\)s", text) if part.strip(" ,;:")]


@cache
def banned_fragments(lang: str) -> frozenset[str]:
    """The fixed words of the formula messages in ``lang``: those of several words (or,
    in Japanese, of four characters or more), so that no single ordinary word is banned."""
    catalog = read_catalog(lang)
    found = set()
    for context, msgid in FORMULA_MESSAGES:
        message = catalog.get(msgid, context=context)
        text = msgid if lang == "en" or message is None else str(message.string)
        for part in _fragments(text):
            quoted = any(q in part for q in "“”„«»‘’「」")
            long = len(part) >= 4 if lang == "ja" else " " in part or quoted
            if long and re.search(r"\w", part) and part not in ORDINARY.get(lang, set()):
                found.add(part)
    return frozenset(found)


@cache
def arithmetic_words(lang: str) -> frozenset[str]:
    """The verbaliser's words for plus, minus and times in ``lang``."""
    catalog = read_catalog(lang)
    words = set()
    for context, msgid in ARITHMETIC_MESSAGES:
        message = catalog.get(msgid, context=context)
        text = msgid if lang == "en" or message is None else str(message.string)
        words.update(part.strip(" ,") for part in _fragments(text) if len(part.strip(" ,")) > 3)
    return frozenset(words)


def nested_quotes(text: str, lang: str) -> str | None:
    """A quotation opened inside another, or ``None``."""
    if lang not in QUOTES:
        return None
    openers, closers = QUOTES[lang]
    depth = 0
    for index, char in enumerate(text):
        if char in openers:
            if depth:
                return text[max(0, index - 40) : index + 40]
            depth += 1
        elif char in closers and depth:
            depth -= 1
    return None


def formula_forms(text: str, lang: str) -> list[str]:
    """Every sign in ``text`` that a formula was read out."""
    found = [f for f in banned_fragments(lang) if f in text]
    nested = nested_quotes(text, lang)
    if nested:
        found.append(f"nested quotation: {nested}")
    for group in re.findall(r"[(（]([^()（）]*)[)）]", text):
        words = arithmetic_words(lang)
        if re.search(r"\d", group) and any(
            re.search(rf"(?<!\w){re.escape(w)}(?!\w)", group) for w in words
        ):
            found.append(f"parenthesised sub-expression: ({group})")
    if re.search(r"[(（][^()（）]*[(（]", text):
        found.append("nested parentheses")
    return found


def test_the_banned_forms_are_read_from_the_catalogs() -> None:
    """Each language bans its own words for the remainder, division, sums and "holds"."""
    assert {"the remainder of", "divided by", "the sum of", "” holds"} <= banned_fragments("en")
    assert "der Rest (wenn man" in banned_fragments("de")
    assert "で割った余り" in banned_fragments("ja")
    for lang in LANGUAGES:
        assert len(banned_fragments(lang)) >= 6, lang


@pytest.mark.parametrize("lang", LANGUAGES)
def test_no_builtin_sheet_reads_out_a_formula(lang: str, tmp_path: Path) -> None:
    for variant in builtin_ids():
        assert formula_forms(sheet_of(tmp_path, variant, lang), lang) == [], variant


#: Amount fields a house rule may set, each with an expression of its own.
FIELDS = ("points", "cost", "voluntary_cost", "ante", "pay_winner")


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    phases=[Phase.generate],  # a failing expression is shown as found: shrinking sheets is slow
)
@given(
    field=st.sampled_from(FIELDS), expression=amount_expressions(), lang=st.sampled_from(LANGUAGES)
)
def test_no_generated_amount_is_read_out_as_a_formula(
    field: str, expression: str, lang: str
) -> None:
    overlay = amount_overlay(field, expression)
    with tempfile.TemporaryDirectory() as folder:
        text = render_overlay(Path(folder), overlay, lang)
    assert formula_forms(text, lang) == [], (field, expression)


def test_the_podium_example_is_told_in_words(tmp_path: Path) -> None:
    """Issue 21's example: places told as places, no "if … is 1, and otherwise …"."""
    overlay = amount_overlay(
        "points", "3 if player.place == 1 else (1 if player.place == 2 else 0)"
    )
    text = render_overlay(tmp_path, overlay, "en")
    assert "The first player out scores three points." in text
    assert formula_forms(text, "en") == []
