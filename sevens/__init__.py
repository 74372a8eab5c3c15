"""sevens: a declarative rules compiler for the Sevens family of card games.

The distribution installs one package, ``sevens``, whose subpackages are the
repository's top-level folders: ``sevens.compiler`` (compiler/),
``sevens.runtime`` (runtime/), ``sevens.generated`` (generated/) and
``sevens.rulespecs`` (rulespecs/).  ``sevens.cli`` is the ``sevens`` command.
``sevens.env(...)`` is the PettingZoo environment (extra ``sevens[rl]``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["env"]


def env(rules: Any = "parliament", players: int = 4, render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment for a rule set (needs ``pip install 'sevens[rl]'``)."""
    try:
        from .envs.pettingzoo_env import env as make
    except ImportError as missing:
        raise ImportError(
            f"sevens.env needs PettingZoo: pip install 'sevens[rl]' ({missing})"
        ) from missing
    return make(rules, players, render_mode)
