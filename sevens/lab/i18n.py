"""The balance lab's words in nine languages: the ``sevens-lab`` gettext domain.

The HTML report (:mod:`.report`) and its findings (:mod:`.figures`) are written in English
and looked up here, kept as the terminal game keeps its words (:mod:`sevens.play.i18n`):
one ``.po`` per language in ``sevens/lab/locale/<lang>/LC_MESSAGES/sevens-lab.po``,
compiled in memory.  ``python -m sevens.lab.i18n`` collects the messages of
``sevens/lab/*.py`` (the ``_("…")`` calls) into them.  The command's JSON and its text on
the terminal stay English: only the report takes a language.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from sevens.play.catalog import Domain, update_catalogs
from sevens.play.i18n import LANGUAGES, check_language, compiled_catalog

DOMAIN = "sevens-lab"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

#: A message's text in the chosen language, from its English text.
Translate = Callable[[str], str]


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated where it is used."""
    return message


def english(message: str) -> str:
    """The English words: the messages as written."""
    return message


def po_path(lang: str) -> Path:
    """Where the lab's catalog of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


#: The lab's domain, for the catalog tools of :mod:`sevens.play.catalog`.
LAB = Domain(DOMAIN, Path(__file__).resolve().parent, po_path)


def translator(lang: str) -> Translate:
    """The lab's messages in ``lang`` (English for ``en``)."""
    check_language(lang)
    if lang == "en":
        return english
    return compiled_catalog(po_path(lang), lang, DOMAIN).gettext


__all__ = ["LANGUAGES", "N_", "Translate", "english", "translator"]

if __name__ == "__main__":
    update_catalogs(LAB)
