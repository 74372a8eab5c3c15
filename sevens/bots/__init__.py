"""Bots of the application layer: strategies that need more than the runtime's contract.

The search bot (:mod:`sevens.bots.search`) plays whole deals through the engine at every
decision, so it lives above the runtime, which knows only its own bots.  Importing this
package registers it in the runtime's strategy table
(:func:`sevens.runtime.strategies.register_strategy`) as ``search``; the applications that
take strategy names (the command line, the balance lab, ``sevens play``) read the table as
:data:`STRATEGIES` from here, so the registration has happened before they look a name up.
"""

from __future__ import annotations

from sevens.runtime.strategies import STRATEGIES, register_strategy

from .search import SearchBot, search_strategy

__all__ = ["STRATEGIES", "SearchBot", "search_strategy"]

register_strategy("search", search_strategy)
