"""Spelling gate: every generated sheet in de nl pt fr es sv ru passes Hunspell.

The HTML sheets are checked: foreign-language quotations carry a ``lang``
attribute and are skipped, like code (rule-set ids), addresses, the style
sheet and the layout picture.  Card letters (one or two capitals such as ``K`` or ``Kn``)
are not words.  Each language may add a short reviewed word list in
``tests/spelling/<lang>.txt`` (game names, card-game terms missing from the
dictionary).  Without the Debian ``hunspell-*`` dictionaries the test skips
locally but fails in CI (``CI=true``), which installs them (``.ci/run``).
"""

from __future__ import annotations

import html
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.conftest import CARD_LETTERS

ROOT = Path(__file__).resolve().parent.parent
SHEETS = ROOT / "docs" / "rulesheets"
WORDS = Path(__file__).resolve().parent / "spelling"
DICTIONARIES = {
    "de": "de_DE",
    "nl": "nl_NL",
    "pt": "pt_BR",
    "fr": "fr_FR",
    "es": "es_ES",
    "sv": "sv_SE",
    "ru": "ru_RU",
}
MAX_WORDS = 40
SKIPPED = re.compile(
    r"<(style|svg|code|a)\b.*?</\1>|<(\w+)[^>]*\blang=\"[^\"]*\"[^>]*>.*?</\2>", re.S
)
LATIN_WORD = re.compile(r"[A-Za-z]{2,}")


def dictionary_missing(code: str) -> bool:
    found = subprocess.run(["hunspell", "-D"], capture_output=True, text=True, input="")
    return code not in found.stderr + found.stdout


def need_hunspell(lang: str) -> None:
    """Skip without Hunspell or the dictionary, except in CI, where that is a failure."""
    if shutil.which("hunspell") is None or dictionary_missing(DICTIONARIES[lang]):
        message = f"Hunspell dictionary {DICTIONARIES[lang]} is not installed"
        if os.environ.get("CI") == "true":
            pytest.fail(message + " (CI installs it: see .ci/run)")
        pytest.skip(message)


def running_text(page: str, lang: str) -> str:
    """The sheet's own text: foreign quotations, code, styles and pictures removed."""
    body = page.split("<body>", 1)[1]
    body = SKIPPED.sub(" ", body)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body))
    text = re.sub(r"(?<!\S)‘|’(?=[\s,.;:]|$)", " ", text)  # quotation marks, not apostrophes
    return re.sub(r"[♣♦♥♠]", " ", text)


def word_list(lang: str) -> list[str]:
    path = WORDS / f"{lang}.txt"
    return [w for w in path.read_text(encoding="utf-8").split("\n") if w and not w.startswith("#")]


def misspelled(lang: str, text: str) -> list[str]:
    personal = WORDS / f"{lang}.txt"
    found = subprocess.run(
        ["hunspell", "-d", DICTIONARIES[lang], "-p", str(personal), "-l"],
        input=text,
        capture_output=True,
        text=True,
        check=True,
    )
    words = {w.strip("-–‑.’‘") for w in found.stdout.split()}
    known = set(word_list(lang))  # again: Hunspell keeps a hyphen on "Oros-5"
    return sorted(w for w in words - known if w and not CARD_LETTERS.match(w))


def checked_pages(pattern: str) -> list[Path]:
    """The sheets the gate reads: every committed sheet of the pattern."""
    return sorted(SHEETS.glob(pattern))


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_sheets_are_spelled_correctly(lang: str) -> None:
    need_hunspell(lang)
    pages = checked_pages(f"*.{lang}.html")
    assert pages, f"no {lang} sheets in {SHEETS}"
    text = "\n".join(running_text(p.read_text(encoding="utf-8"), lang) for p in pages)
    assert misspelled(lang, text) == []


@pytest.mark.parametrize("lang", sorted(DICTIONARIES))
def test_word_lists_are_short(lang: str) -> None:
    assert len(word_list(lang)) < MAX_WORDS


def test_japanese_sheets_have_no_latin_words() -> None:
    for page in checked_pages("*.ja.html"):
        text = running_text(page.read_text(encoding="utf-8"), "ja")
        words = [w for w in LATIN_WORD.findall(text) if not CARD_LETTERS.match(w)]
        assert words == [], page.name


def test_running_text_skips_quotations() -> None:
    page = '<body><p>Kartenspiel <span lang="nl">speel je</span> <code>fan-tan</code></p></body>'
    assert running_text(page, "de").split() == ["Kartenspiel"]
