"""The lab's observations of many games at once: one array per name, one entry per game.

The native kernels hand back a chunk's games as arrays; turning each game into a
Python :data:`~sevens.lab.measures.Observation` and adding them one by one took
a hundred times longer than playing them.  Here the same integers are computed
for every game of a chunk at once, with numpy, in the same order of names, and
added to a :class:`~sevens.lab.measures.Tally` (or a
:class:`~sevens.lab.measures.Paired`) as whole columns.  The sums are exact
integers, so the figures are those of :func:`~sevens.lab.measures.observe_deal`
and :func:`~sevens.lab.measures.observe_match`, game for game; tests/test_native.py
checks that ``analyse --backend numba --json`` equals ``--backend python``.
"""

from __future__ import annotations

from typing import Any

from .facts import RuleFacts
from .measures import HISTOGRAMS, Observation, Paired, Tally
from .stats import Moments

#: Observation name -> one int64 array over the games of a chunk, in game order.
Columns = dict[str, Any]

__all__ = [
    "Columns",
    "add_columns",
    "add_paired_columns",
    "deal_columns",
    "match_columns",
    "observations",
]


def deal_columns(
    rows: Any, focus: Any | None, leader: bool, facts: RuleFacts, players: int
) -> Columns:
    """What :func:`~sevens.lab.measures.observe_deal` makes of each deal, for the deals'
    result rows ``rows`` (one per game, the kernels' layout); ``focus`` is each game's focus
    seat (or None), ``leader`` whether the leader's figures are asked for."""
    import numpy as np

    from sevens.native.cache import kernels

    k = kernels()
    games = np.arange(len(rows))
    winner = rows[:, k.R_WINNER]
    wins = (winner[:, None] == np.arange(players)[None, :]).astype(np.int64)
    cols: Columns = {"players": np.full(len(rows), players, np.int64)}
    cols["blocked"] = (winner < 0).astype(np.int64)
    _wins(cols, wins, focus)
    dealer = rows[:, k.R_DEALER]
    for place in range(players):  # position k: k seats left of the dealer's left
        cols[f"position {place}"] = wins[games, (dealer + 1 + place) % players]
    if leader:
        led = rows[:, k.R_LEADER]
        cols["leader win"] = wins[games, led]
        cols["leader edge"] = (players - 1) * wins[games, led] - (wins.sum(1) - wins[games, led])
    cols["decisions"], cols["passes"] = rows[:, k.R_DECISIONS], rows[:, k.R_PASSES]
    _amounts(cols, rows[:, k.R_SEATS :], focus, facts, players)
    _per_team(cols, wins, rows[:, k.R_SEATS :], facts, players)
    return cols


def _per_team(cols: Columns, wins: Any, seats: Any, facts: RuleFacts, players: int) -> None:
    """The team columns of :func:`~sevens.lab.measures.observe_deal` (``team win t``, ``team
    chips t``, ``team points t``): seats equal modulo the number of teams play together."""
    teams = facts.teams
    if teams is None:
        return
    for team in range(teams.count(players)):
        members = list(teams.members(team, players))
        cols[f"team win {team}"] = wins[:, members].max(1)
        if facts.has_chips:
            cols[f"team chips {team}"] = seats[:, members].sum(1)
        if facts.has_points:
            cols[f"team points {team}"] = seats[:, [players + s for s in members]].sum(1)


def match_columns(
    out: Any, deals: Any, winners: Any, count: Any, focus: Any | None, facts: RuleFacts
) -> Columns:
    """What :func:`~sevens.lab.measures.observe_match` makes of each match: ``out`` holds
    each game's deal rows (``deals`` of them), ``winners`` its ``count`` match winners."""
    import numpy as np

    from sevens.native.cache import kernels

    k = kernels()
    n, most = out.shape[0], out.shape[1]
    players = winners.shape[1]
    played = (np.arange(most)[None, :] < deals[:, None]).astype(np.int64)
    wins, alone = _sole_winners(winners, count, facts)
    cols: Columns = {"players": np.full(n, players, np.int64)}
    cols["shared"] = (~alone).astype(np.int64)
    cols["deals"] = deals.astype(np.int64)
    _wins(cols, wins, focus)
    cols["blocked"] = ((out[:, :, k.R_WINNER] < 0) * played).sum(1)
    totals = (out[:, :, k.R_SEATS : k.R_SEATS + 2 * players] * played[:, :, None]).sum(1)
    _amounts(cols, totals, focus, facts, players)
    _per_team(cols, wins, totals, facts, players)
    return cols


def _sole_winners(winners: Any, count: Any, facts: RuleFacts) -> tuple[Any, Any]:
    """Per match, a 0/1 column per seat of the seats that won it alone, and whether anyone
    did (:func:`~sevens.lab.measures._sole_winners`): one seat, or with teams the players of
    one team (the kernels list a winning team's players in seat order)."""
    import numpy as np

    players = winners.shape[1]
    seats = np.arange(players)[None, :]
    teams = facts.teams
    if teams is None:
        sole = np.where(count == 1, winners[:, 0], -1)
        return (sole[:, None] == seats).astype(np.int64), count == 1
    alone = count == teams.size  # every team has that many players: one team won
    team = np.where(alone, winners[:, 0] % teams.count(players), -1)
    return (seats % teams.count(players) == team[:, None]).astype(np.int64), alone


def _wins(cols: Columns, wins: Any, focus: Any | None) -> None:
    """The win columns: per seat, the focus seat's, and who gains after it."""
    import numpy as np

    _per_seat(cols, "win", wins, focus)
    if focus is None:
        return
    games = np.arange(len(wins))
    cols["focus won"] = wins[games, focus]
    players = wins.shape[1]
    if players < 3:
        return
    bystanders = wins.sum(1) - wins[games, focus]
    for k in range(1, players):
        won = wins[games, (focus + k) % players]
        cols[f"after focus {k}"] = won
        cols[f"after focus edge {k}"] = (players - 2) * won - (bystanders - won)


def _amounts(cols: Columns, seats: Any, focus: Any | None, facts: RuleFacts, players: int) -> None:
    """Chips and points per seat: the first two blocks of ``players`` columns of ``seats``."""
    if facts.has_chips:
        _per_seat(cols, "chips", seats[:, :players], focus)
    if facts.has_points:
        _per_seat(cols, "points", seats[:, players : 2 * players], focus)


def _per_seat(cols: Columns, key: str, values: Any, focus: Any | None) -> None:
    import numpy as np

    players = values.shape[1]
    for seat in range(players):
        cols[f"{key} {seat}"] = values[:, seat]
    if focus is not None:  # (n-1) x (focus - mean of the others): an integer
        own = values[np.arange(len(values)), focus]
        cols[f"focus {key}"] = (players - 1) * own - (values.sum(1) - own)


def add_columns(tally: Tally, cols: Columns) -> None:
    """Add every game of ``cols`` to ``tally``, as :meth:`Tally.add` adds them one by one."""
    games = len(cols["players"]) if cols else 0
    if not games:
        return
    tally.games += games
    for key, values in cols.items():
        tally.moments.setdefault(key, Moments()).merge(_moments(values))
    for key in HISTOGRAMS:
        if key in cols:
            _count_into(tally.histograms.setdefault(key, {}), cols[key])
    players = int(cols["players"][0])
    for key in ("chips", "points"):  # the distribution pooled over seats
        if f"{key} 0" in cols:
            counts = tally.histograms.setdefault(key, {})
            for seat in range(players):
                _count_into(counts, cols[f"{key} {seat}"])


def add_paired_columns(paired: Paired, a: Columns, b: Columns) -> None:
    """Add the per-game differences of the names both sides observe, as :meth:`Paired.add`."""
    for key, values in a.items():
        if key in b:
            paired.moments.setdefault(key, Moments()).merge(_moments(values - b[key]))


def observations(cols: Columns) -> list[Observation]:
    """The columns as one observation per game (for a side played in Python beside them)."""
    names = list(cols)
    rows = zip(*(cols[name].tolist() for name in names), strict=True)
    return [dict(zip(names, row, strict=True)) for row in rows]


def _moments(values: Any) -> Moments:
    import numpy as np

    wide = values.astype(np.int64)
    return Moments(len(wide), int(wide.sum()), int((wide * wide).sum()))


def _count_into(counts: dict[int, int], values: Any) -> None:
    import numpy as np

    found, times = np.unique(values, return_counts=True)
    for value, many in zip(found.tolist(), times.tolist(), strict=True):
        counts[value] = counts.get(value, 0) + many
