"""sevens: a declarative rules compiler for the Sevens family of card games.

The distribution installs one package, ``sevens``.  The repository's folders
are its lower layers, mapped by setuptools' ``package-dir``: ``sevens.runtime``
(runtime/, what generated modules run on), ``sevens.compiler`` (compiler/),
``sevens.generated`` (generated/) and ``sevens.rulespecs`` (rulespecs/).  The
applications that need both live here: ``sevens.loading``, ``sevens.lab``,
``sevens.play``, ``sevens.envs``, ``sevens.native`` and ``sevens.cli`` (the
``sevens`` command).  ``sevens.env(...)`` is the PettingZoo environment (extra
``sevens[rl]``).
"""

from __future__ import annotations

from typing import Any

__all__ = ["env"]


def env(rules: Any = "parliament", players: int = 4, render_mode: str | None = None) -> Any:
    """A PettingZoo AEC environment for a rule set (needs ``pip install 'sevens[rl]'``)."""
    try:
        from sevens.envs.pettingzoo_env import env as make
    except ImportError as missing:
        raise ImportError(
            f"sevens.env needs PettingZoo: pip install 'sevens[rl]' ({missing})"
        ) from missing
    return make(rules, players, render_mode)
