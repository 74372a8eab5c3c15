"""The page's own texts in nine languages: the ``sevens-serve`` gettext domain.

Kept as the terminal game keeps its words (:mod:`sevens.play.i18n`): one ``.po`` per
language in ``sevens/serve/locale/<lang>/LC_MESSAGES/sevens-serve.po``, compiled in
memory; ``python -m sevens.serve.i18n`` collects the messages marked ``N_`` below
into them.  The page receives them all at once (``/api/texts``) and looks them up by
their English text.
"""

from __future__ import annotations

from pathlib import Path

from sevens.play.catalog import Domain, update_catalogs
from sevens.play.i18n import LANGUAGES, check_language, compiled_catalog

DOMAIN = "sevens-serve"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"


def N_(message: str) -> str:
    """Mark ``message`` for the catalog; it is translated where it is shown."""
    return message


#: Every text of the page, in English (the keys the page looks up).
PAGE_TEXTS = (
    N_("House-rule workbench"),
    N_("Language"),
    N_("Library"),
    N_("Search the library"),
    N_("Name"),
    N_("Kind"),
    N_("Players"),
    N_("Source"),
    N_("game"),
    N_("regional variant"),
    N_("house rule"),
    N_("Start a house rule from this one"),
    N_("Editor"),
    N_("Your house rule"),
    N_("No errors"),
    N_("Checking…"),
    N_("Correct the errors to see the results."),
    N_("Rule sheet"),
    N_("Differences from the parent"),
    N_("Fairness"),
    N_("Measuring…"),
    N_("Paired deals"),
    N_("Played by the native kernels."),
    N_("Played by the Python engine."),
    N_("Parent"),
    N_("Your rule"),
    N_("Win share by seat"),
    N_("Seat %(seat)d"),
    N_("Deal length (decisions)"),
    N_("Passes per deal"),
    N_("Who gains from passing on purpose"),
    N_("Seat that passes on purpose"),
    N_("%(n)d after it"),
    N_("Which differences are real"),
    N_("Measure"),
    N_("Difference (parent − your rule)"),
    N_("Seat %(seat)d: win rate"),
    N_("Leader: win rate"),
    N_("Leader's edge over the others"),
    N_("Blocked deals"),
    N_("Decisions per deal"),
    N_("Seat %(seat)d: chips per deal"),
    N_("Seat %(seat)d: points per deal"),
    N_("Real"),
    N_("yes"),
    N_("no"),
    N_("No difference is real."),
    N_("Play a deal"),
    N_("Deal a hand"),
    N_("Your hand"),
    N_("Table"),
    N_("Moves"),
    N_("Pot"),
    N_("Cards"),
    N_("Passes"),
    N_("Chips"),
    N_("Points"),
    N_("Place"),
    N_("Your turn: choose a card."),
    N_("%(player)s takes a card from you: choose the card you give."),
    N_("The deal is over."),
    N_("Downloads"),
    N_("Download the YAML"),
    N_("Download the rule sheet (A4)"),
    N_("Download the fairness report"),
    N_("The server did not answer in time."),
    N_("The server refused the request."),
)


def po_path(lang: str) -> Path:
    """Where the page's catalog of ``lang`` lives."""
    return LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


#: The page's domain, for the catalog tools of :mod:`sevens.play.catalog`.
PAGE = Domain(DOMAIN, Path(__file__).resolve().parent, po_path)


def page_texts(lang: str) -> dict[str, str]:
    """Every page text in ``lang``, keyed by its English text."""
    check_language(lang)
    catalog = compiled_catalog(po_path(lang), lang, DOMAIN)
    return {text: catalog.gettext(text) for text in PAGE_TEXTS}


__all__ = ["LANGUAGES", "PAGE_TEXTS", "page_texts"]

if __name__ == "__main__":
    update_catalogs(PAGE)
