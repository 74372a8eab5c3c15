"""Typography per language, applied to a rendered sheet's running text.

Translations are written with plain spaces and hyphens; this pass sets
what each language's typesetting wants: an en dash in number ranges,
French non-breaking spaces before ``: ; ! ?`` and inside guillemets, a
minus sign before negative numbers, and no spaces between Japanese
sentences.  Code blocks, HTML tags and the style sheet are left alone, and
so is text the templates mark with :func:`keep` (addresses, titles and names
in another language, whose punctuation is not this language's).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from markupsafe import Markup

NBSP, NNBSP = "\u00a0", "\u202f"
RANGE = re.compile(r"(?<=\d)-(?=\d)")
CJK = "\u3000-\u30ff\u3400-\u9fff\uff00-\uffef"
#: "-100" as a number: after a space, an opening bracket or Japanese text, not inside a word.
MINUS = re.compile(rf"(?<![^\s(\[{CJK}])-(?=\d)")
KEEP_OPEN, KEEP_CLOSE = "\uf8fe", "\uf8ff"  # private-use marks around text kept as it is
KEPT = re.compile(f"({KEEP_OPEN}.*?{KEEP_CLOSE})", re.S)
FRENCH_BEFORE = re.compile(r"[ \u00a0\u202f]*([;!?»])")
FRENCH_COLON = re.compile(r"(?<=\S)[ \u00a0\u202f]*:(?=\s|$)")
FRENCH_AFTER = re.compile(r"«[ \u00a0\u202f]*")
ENTITY = re.compile(r"(&#?\w+;)")
JAPANESE_GAP = re.compile(rf"(?<=[。、！？」』）：])[ \t]+|(?<=[{CJK}])[ \t]+(?=[「『（])")
JAPANESE_BRACKETS = re.compile(r" ?\(([^()]*)\)")
JAPANESE_LIST = re.compile(r", (?=\S)")
#: "Instead of" followed by a definite article, which these languages contract
#: ("au lieu du joueur", "en lugar del jugador", "em vez do jogador"): the diff's
#: "new instead of old" puts a value with its article after the preposition.
CONTRACTIONS = {
    "fr": (
        (re.compile(r"\bau lieu de le\b"), "au lieu du"),
        (re.compile(r"\bau lieu de les\b"), "au lieu des"),
    ),
    "es": ((re.compile(r"\ben lugar de el\b"), "en lugar del"),),
    "pt": tuple(
        (re.compile(rf"\bem vez de {article}\b"), f"em vez d{article}")
        for article in ("os", "as", "o", "a")
    ),
}
#: Words that open a game's name with a capital (its title, the start of a sentence) but are
#: written small inside a sentence, as Swedish writes adjectives of nationality: "Holländsk Fan
#: Tan" as a title, "en variant av holländsk Fan Tan" in running text.
SMALL_INSIDE = {"sv": ("Holländsk",)}
#: English "a" before a rank said with a vowel sound: "an 8", "an 11", "an ace".
ENGLISH_AN = re.compile(r"\b([Aa]) (?=(?:8|11|18|8\d)\b|ace\b)")


def _french(text: str) -> str:
    text = FRENCH_BEFORE.sub(lambda m: NNBSP + m.group(1), text)
    text = FRENCH_COLON.sub(NBSP + ":", text)
    return FRENCH_AFTER.sub("«" + NNBSP, text)


def _japanese(text: str) -> str:
    """Full-width brackets and list commas, and no spaces between sentences."""
    text = JAPANESE_BRACKETS.sub(r"（\1）", text)
    text = JAPANESE_LIST.sub("、", text)
    return JAPANESE_GAP.sub("", text)


def keep(text: str) -> str:
    """``text`` marked to pass through :func:`typeset` unchanged (the marks are removed)."""
    marked = KEEP_OPEN + text + KEEP_CLOSE
    return Markup(marked) if isinstance(text, Markup) else marked


def text_rules(lang: str) -> Callable[[str], str]:
    """The function that typesets running text in ``lang`` (text marked by :func:`keep` aside)."""

    dash = "〜" if lang == "ja" else "–"  # Japanese writes ranges with a wave dash
    small = SMALL_INSIDE.get(lang)
    # only after a word in small letters: a title or a sentence's first word keeps its capital
    small_inside = re.compile(rf"(?<=[a-zåäöé] )(?:{'|'.join(small)})\b") if small else None

    def outside_kept(text: str) -> str:
        return "".join(p if p.startswith(KEEP_OPEN) else apply(p) for p in KEPT.split(text))

    def apply(text: str) -> str:
        text = MINUS.sub("\u2212", RANGE.sub(dash, text))
        if lang == "fr":
            text = _french(text)
        if lang == "ja":
            text = _japanese(text)
        if lang == "en":
            text = ENGLISH_AN.sub(r"\1n ", text)
        if lang == "ru":  # a Russian line never starts with a dash: bind it to the word before
            text = text.replace(" —", "\u00a0—")
        for pattern, contracted in CONTRACTIONS.get(lang, ()):
            text = pattern.sub(contracted, text)
        if small_inside is not None:
            text = small_inside.sub(lambda m: m.group(0).lower(), text)
        return text

    return outside_kept


def typeset(text: str, lang: str, fmt: str) -> str:
    """``text`` (a whole Markdown or HTML sheet) with the typography of ``lang``."""
    rule = text_rules(lang)
    typeset_text = _html(text, rule) if fmt == "html" else _markdown(text, rule)
    return typeset_text.replace(KEEP_OPEN, "").replace(KEEP_CLOSE, "")


def _markdown(text: str, rule: Callable[[str], str]) -> str:
    parts = re.split(r"(^```.*?^```$)", text, flags=re.M | re.S)
    return "".join(p if p.startswith("```") else _lines(p, rule) for p in parts)


def _lines(text: str, rule: Callable[[str], str]) -> str:
    """Markdown table rows keep their cell separators; everything else is running text."""
    return "\n".join(line if line.startswith("|") else rule(line) for line in text.split("\n"))


def _html(text: str, rule: Callable[[str], str]) -> str:
    out, skip = [], False
    for part in re.split(r"(<[^>]*>)", text):
        if part.startswith("<"):
            name = part[1:].split(maxsplit=1)[0].rstrip(">").lower() if len(part) > 2 else ""
            skip = name in ("style", "svg") or (skip and name not in ("/style", "/svg"))
            out.append(part)
        else:
            out.append(part if skip else _outside_entities(part, rule))
    return "".join(out)


def _outside_entities(text: str, rule: Callable[[str], str]) -> str:
    """Apply ``rule`` around HTML entities such as ``&lt;``, whose ``;`` is no punctuation:
    each entity stands in as one private-use character while the rule runs."""
    entities = ENTITY.findall(text)
    masked = ENTITY.sub(lambda m: chr(0xE000 + entities.index(m.group(1))), text)
    return re.sub("[\ue000-\uefff]", lambda m: entities[ord(m.group()) - 0xE000], rule(masked))
