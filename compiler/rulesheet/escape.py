"""Strings from a rulespec, made inert for Markdown.

HTML sheets are safe through Jinja2's autoescaping.  Markdown has no such
mode, so before a Markdown sheet or diff is built every free-text string of
the rulespec (name, aliases, description, sources, suit and rank names and
symbols) is escaped: punctuation that Markdown reads as syntax gets a
backslash, ``<`` and ``&`` cannot start raw HTML or entities, and line breaks
become spaces so that no string can open a heading, a list or a code fence.
"""

from __future__ import annotations

import re
from dataclasses import replace

from ..analyse import AnalysedRules
from ..model import SAFE_URL, Deck, Naming, Source

#: ASCII punctuation that Markdown (CommonMark, GFM) may read as syntax anywhere in a line.
_INLINE = re.compile(r"([\\`*_\[\]<>#|~&])")
#: What makes a line a list item, a quote, a heading or a rule when it starts it.
_LINE_START = re.compile(r"^(\s*)(\d*)([-+=>.)])")


def md_escape(text: str) -> str:
    """``text`` as literal Markdown text: on one line, with every syntax character escaped."""
    flat = " ".join(str(text).split())
    escaped = _INLINE.sub(r"\\\1", flat)
    return _LINE_START.sub(_escape_line_start, escaped, count=1)


def _escape_line_start(match: re.Match[str]) -> str:
    spaces, digits, mark = match.groups()
    if digits and mark not in ".)":
        return match.group(0)  # "7 - 3" starts no list
    return f"{spaces}{digits}\\{mark}"


def _escaped_deck(deck: Deck) -> Deck:
    suits = tuple(
        replace(s, name=md_escape(s.name), symbol=md_escape(s.symbol)) for s in deck.suits
    )
    ranks = tuple(replace(r, name=md_escape(r.name)) for r in deck.ranks)
    return replace(deck, suits=suits, ranks=ranks)


def _escaped_source(source: Source) -> Source:
    url = source.url if source.url and SAFE_URL.match(source.url) else None
    section = md_escape(source.section) if source.section else None
    return replace(source, title=md_escape(source.title), section=section, url=url)


def _escaped_naming(naming: Naming) -> Naming:
    return replace(
        naming,
        names={code: md_escape(text) for code, text in naming.names.items()},
        aliases={
            code: tuple(md_escape(a) for a in items) for code, items in naming.aliases.items()
        },
        descriptions={code: md_escape(text) for code, text in naming.descriptions.items()},
        sources=tuple(_escaped_source(s) for s in naming.sources),
    )


def for_markdown(rules: AnalysedRules) -> AnalysedRules:
    """A copy of ``rules`` whose rulespec strings are escaped for Markdown output."""
    spec = rules.spec
    escaped = replace(
        spec,
        name=md_escape(spec.name),
        aliases=tuple(md_escape(a) for a in spec.aliases),
        description=md_escape(spec.description),
        sources=tuple(md_escape(str(s)) for s in spec.sources),
        deck=_escaped_deck(spec.deck),
        naming=_escaped_naming(spec.naming),
    )
    return replace(rules, spec=escaped)


__all__ = ["for_markdown", "md_escape"]
