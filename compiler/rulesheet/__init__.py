"""Rule sheets in nine languages, generated from the compiled rulespec model.

Stages: :mod:`.cards` (localised card names) → :mod:`.sentences` (condition
trees as sentences) → :mod:`.sheet` (model → template context) →
:mod:`.render` (Jinja2 + gettext); :mod:`.diff` describes house rules.
"""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from ..analyse import AnalysedRules
from ..errors import Diagnostic, SevensError
from ..load import BUILTIN_DIR, builtin_ids, resolve_reference
from ..pipeline import load_rulespec, write_atomic
from . import diff
from .claims import Claims, claims_of
from .escape import for_markdown
from .i18n import LANGUAGES, Lang, check_language
from .render import FORMATS, render
from .sheet import sheet_context
from .typography import typeset

__all__ = ["LANGUAGES", "describe_diff", "render_rulesheet", "sheet_claims", "write_all"]


def _check_format(fmt: str) -> None:
    if fmt not in FORMATS:
        raise SevensError(
            Diagnostic(f"unknown rule sheet format '{fmt}' — known formats: md, html")
        )


def load_parent(rules: AnalysedRules) -> AnalysedRules | None:
    """The parent rule set of a house rule, loaded by id, or ``None``."""
    parent = rules.spec.parent
    if parent is None:
        return None
    if rules.spec.parent_path is not None:  # the file ``extends:`` named, not a namesake
        return _unchanged_file(Path(rules.spec.parent_path))
    here = Path(rules.spec.path).parent if rules.spec.path != "?" else None
    path = resolve_reference(parent, here) or BUILTIN_DIR / f"{parent}.yaml"
    return _unchanged_file(path)


def _unchanged_file(path: Path) -> AnalysedRules:
    """A parent's rules, loaded once while its file stays as it is: one sheet asks for its
    parent several times (its claims, its differences, the parent's own claims), and
    loading a rulespec was a third of the time of a house rule's sheet."""
    try:
        stat = path.stat()
    except OSError:  # load_rulespec says what is wrong with the path
        return load_rulespec(path)
    return _loaded(path.resolve(), stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _loaded(path: Path, modified: int, size: int) -> AnalysedRules:
    return load_rulespec(path)


def sheet_claims(rules: AnalysedRules) -> Claims:
    """The claims of the rule sheet of ``rules``, its ancestors' claims taken into account."""
    parent = load_parent(rules)
    return claims_of(rules, sheet_claims(parent) if parent is not None else None)


def render_rulesheet(rules: AnalysedRules, lang: str, fmt: str = "md") -> str:
    """The rule sheet of ``rules`` in language ``lang``, as Markdown (``md``) or HTML (``html``)."""
    check_language(lang)
    _check_format(fmt)
    language = Lang(lang)
    parent = load_parent(rules)
    if fmt == "md":
        rules, parent = for_markdown(rules), parent and for_markdown(parent)
    differences = diff.differences(parent, rules, language) if parent else None
    claims = sheet_claims(rules)
    context = sheet_context(language, rules, differences, parent.spec if parent else None, claims)
    return render(context, lang, fmt)


def describe_diff(a: AnalysedRules, b: AnalysedRules, lang: str) -> str:
    """The differences of ``b`` from ``a`` as Markdown prose in ``lang``."""
    check_language(lang)
    text = diff.describe_diff(for_markdown(a), for_markdown(b), Lang(lang))
    return typeset(text, lang, "md")  # the same typography as the sheets that show it


def write_all(out_dir: Path) -> list[Path]:
    """Write ``<id>.<lang>.md`` and ``.html`` for every built-in rulespec; return the paths."""
    written = []
    for variant in builtin_ids():
        rules = load_rulespec(BUILTIN_DIR / f"{variant}.yaml")
        for lang in LANGUAGES:
            for fmt in FORMATS:
                path = out_dir / f"{variant}.{lang}.{fmt}"
                write_atomic(path, render_rulesheet(rules, lang, fmt))
                written.append(path)
    return written
