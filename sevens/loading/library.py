"""The built-in rule sets as a library lists them: ``sevens list`` and the workbench."""

from __future__ import annotations

from typing import Any

from sevens.compiler.load import BUILTIN_DIR, builtin_ids
from sevens.compiler.model import Rulespec
from sevens.compiler.pipeline import load_rulespec


def variant_row(spec: Rulespec, lang: str) -> dict[str, Any]:
    """A rule set's id, name in ``lang``, kind, players and parent (``sevens list --json``)."""
    naming = spec.naming
    return {
        "id": spec.id,
        "name": naming.names.get(lang, spec.name),
        "kind": naming.kind or "game",
        "min_players": spec.players.min,
        "max_players": spec.players.max,
        "best_players": spec.players.best,
        "extends": spec.chain[-2] if len(spec.chain) > 1 else None,
    }


def sources_of(spec: Rulespec) -> list[dict[str, str | None]]:
    """The texts a rule set's rules come from: title, language, section and address."""
    return [
        {"title": s.title, "lang": s.lang, "section": s.section, "url": s.url}
        for s in spec.naming.sources
    ]


def builtin_specs() -> list[Rulespec]:
    """Every built-in rule set, in id order."""
    return [load_rulespec(BUILTIN_DIR / f"{variant}.yaml").spec for variant in builtin_ids()]
