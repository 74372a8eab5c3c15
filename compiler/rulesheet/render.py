"""Render a sheet context with Jinja2 and the ``i18n`` extension.

One environment per language and format: HTML autoescapes every value
(names, descriptions and sources come from rulespec files), Markdown does
not.  Message ids are the English sentences of the templates.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path
from typing import Any

from jinja2 import Environment, FileSystemLoader, StrictUndefined
from markupsafe import Markup

from .escape import md_escape
from .i18n import Lang, counted, translations
from .typography import keep, typeset

TEMPLATE_DIR = Path(__file__).resolve().parent / "templates"
FORMATS = ("md", "html")
EXTENSIONS = ["jinja2.ext.i18n"]


def make_environment(html: bool) -> Environment:
    """A Jinja2 environment for one output format (no translations installed)."""
    env = Environment(
        loader=FileSystemLoader(TEMPLATE_DIR),
        autoescape=html,
        extensions=EXTENSIONS,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=StrictUndefined,
    )
    env.policies["ext.i18n.trimmed"] = True
    env.filters["squash"] = squash
    env.filters["sentence"] = sentence_start
    env.filters["md"] = md_escape  # for any rulespec string a template adds later
    env.filters["keep"] = keep  # addresses and foreign titles keep their own typography
    return env


def squash(text: str) -> str:
    """Collapse whitespace, keeping HTML-safe strings safe (sentences are joined by spaces)."""
    squashed = re.sub(r"\s+", " ", str(text)).strip()
    return Markup(squashed) if isinstance(text, Markup) else squashed


def sentence_start(text: str) -> str:
    """A sentence whose first word may be a number written out ("two packs …"): capitalised."""
    head = len(text) - len(text.lstrip())
    capitalised = text[:head] + text[head : head + 1].upper() + text[head + 1 :]
    return Markup(capitalised) if isinstance(text, Markup) else capitalised


@cache
def environment(lang: str, fmt: str) -> Environment:
    """The environment for ``lang`` and ``fmt``, with the language's catalog installed."""
    env = make_environment(fmt == "html")
    env.install_gettext_translations(translations(lang), newstyle=True)  # type: ignore[attr-defined]
    env.filters["count"] = lambda n, noun, case=None: count_of(lang, n, noun, case)
    env.filters["and_list"] = Lang(lang).join_and  # "6♦–8♦ and 7♥", as the language joins lists
    env.filters["or_list"] = Lang(lang).join_or
    return env


def count_of(lang: str, n: int | str | None, noun: str, case: str | None = None) -> object:
    """A count of ``noun`` for a sentence: small numbers as words where ``lang`` wants them,
    in ``case`` where the sentence gives the number a case of its own (see
    :data:`~.i18n.CASE_FORMS`); other values (a range such as "4–6", ``None``) unchanged."""
    if isinstance(n, str) and n.isdigit():
        n = int(n)
    return counted(lang, n, noun, case) if isinstance(n, int) else n


def render(context: dict[str, Any], lang: str, fmt: str) -> str:
    """Render the sheet template of ``fmt`` and tidy its blank lines."""
    template = environment(lang, fmt).get_template(f"sheet.{fmt}.j2")
    text = template.render(**context, macros=f"{fmt}.macros.j2", fmt=fmt)
    return typeset(tidy(text), lang, fmt)


def tidy(text: str) -> str:
    """Strip trailing spaces and collapse runs of blank lines (output must be stable)."""
    lines = [line.rstrip() for line in text.splitlines()]
    return re.sub(r"\n{3,}", "\n\n", "\n".join(lines)).strip() + "\n"
