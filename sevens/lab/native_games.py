"""The balance lab's games on the native kernels (``--backend numba``).

Both backends draw from one generator in the same way (docs/randomness.md), so
game ``g`` from seed ``seed + g`` is the same deal and the same play natively as
in :class:`~sevens.lab.measures.Player`; this module plays a chunk's games with
the kernels and observes them all at once (:mod:`sevens.lab.columns`), as the
lab's own :func:`~sevens.lab.measures.observe_deal` and
:func:`~sevens.lab.measures.observe_match` observe one game.  The figures,
intervals and JSON keys are therefore the Python backend's, only faster.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.compiler.analyse import AnalysedRules
from sevens.runtime.api import GameError

from .columns import Columns, deal_columns, match_columns
from .facts import RuleFacts
from .measures import Experiment

__all__ = ["NativeSide", "forget", "native_columns", "native_side"]


@dataclass(frozen=True)
class NativeSide:
    """A rule set as the kernels play it, shipped with the job (no file needed on workers)."""

    rules: Any  # sevens.native.NativeRules: the rule set's record and native programs
    deals: int  # deals in a match of the session experiment


def native_side(
    reference: str | AnalysedRules, players: int, deals: int, strategies: set[str]
) -> NativeSide:
    """The native form of a rule set (an id, a rulespec path or rules already loaded) for the
    lab; :class:`~sevens.compiler.native.NativeUnsupported` (saying why) when numba is
    missing or the kernels do not play the rule set or a strategy."""
    from sevens.native import native_rules, require_numba
    from sevens.native.features import check_supported

    require_numba()
    from sevens.native.build import check_strategy

    rules = native_rules(reference)
    check_supported(rules.rule_set)
    for strategy in sorted(strategies):
        check_strategy(strategy)
    side = NativeSide(rules, deals)
    warm_up(side, players)
    return side


def warm_up(side: NativeSide, players: int) -> None:
    """Compile (the first time, with a note on stderr) or load the kernels here, once, so
    that workers load them from numba's cache rather than each compile them."""
    from sevens.native.build import seated

    _play(seated(_prepared(side, players, False), ("random",) * players), [0], 0.0)


#: Prepared kernels' arrays by (rule set, players, deals per game), with the rules they were
#: made for (an id may be reused by other rules): built once per process.
_PREPARED: dict[tuple[int, int, int | None], tuple[Any, Any]] = {}


def forget(side: NativeSide) -> None:
    """Drop the arrays prepared for ``side`` in this process: a long-running caller that
    measures many rule sets (the workbench, one per edit) keeps none of them."""
    for key in [key for key, (rules, _) in _PREPARED.items() if rules is side.rules]:
        del _PREPARED[key]


def _prepared(side: NativeSide, players: int, session: bool) -> Any:
    from sevens.native.build import prepare
    from sevens.native.cache import ENTRY_POINTS

    deals = side.deals if session else None
    key = (id(side.rules), players, deals)
    made = _PREPARED.get(key)
    if made is None or made[0] is not side.rules:
        rules = side.rules
        made = _PREPARED[key] = (
            rules,
            prepare(rules.rule_set, rules.program, players, "random", deals, ENTRY_POINTS),
        )
    return made[1]


def native_columns(
    side: NativeSide,
    facts: RuleFacts,
    players: int,
    experiment: Experiment,
    games: range,
    seed: int,
    forget: float,
) -> Columns:
    """The observations of games ``games`` of ``experiment`` (game ``g`` from ``seed + g``),
    played by the kernels, as columns in game order (:mod:`sevens.lab.columns`)."""
    import numpy as np

    from sevens.native.build import seated

    prepared = _prepared(side, players, experiment.session)
    parts: list[Columns] = []
    order = []
    for chosen, focus in _seatings(experiment, games, players):
        names, seat = experiment.strategies(int(chosen[0]), players)
        if focus is not None and seat != focus[0]:  # the grouping must seat as strategies() does
            raise AssertionError(f"game {int(chosen[0])}: focus seat {seat}, grouped as {focus[0]}")
        played = _play(seated(prepared, names), (chosen + seed).tolist(), forget)
        parts.append(_columns(played, experiment, focus, facts, players))
        order.append(chosen)
    if not parts:
        return {}
    ranks = np.argsort(np.concatenate(order), kind="stable")
    return {name: np.concatenate([part[name] for part in parts])[ranks] for name in parts[0]}


def _seatings(experiment: Experiment, games: range, players: int) -> list[tuple[Any, Any]]:
    """The games of a chunk by seating (as :meth:`Experiment.strategies` seats them), each
    group with its games' focus seats (None without a focus)."""
    import numpy as np

    numbers = np.arange(games.start, games.stop, dtype=np.int64)
    if experiment.focus is None or experiment.others is None:
        return [(numbers, None)] if len(numbers) else []
    groups = []
    for seat in range(players):  # game g's focus sits in seat g % players
        chosen = numbers[numbers % players == seat]
        if len(chosen):
            groups.append((chosen, np.full(len(chosen), seat, np.int64)))
    return groups


@dataclass
class _Played:
    """A chunk's games as the kernels leave them: each game's deal rows, deals and winners."""

    out: Any
    deals: Any
    winners: Any
    count: Any


def _play(prepared: Any, seeds: list[int], forget: float) -> _Played:
    import numpy as np

    from sevens.native.build import out_width, play_games
    from sevens.native.cache import kernels

    k = kernels()
    players, n = prepared.players, len(seeds)
    most = max(int(prepared.c[k.C_DEALS]), 1)
    out = np.zeros((n, most, out_width(players, prepared.rule_set.n_cards)), np.int64)
    outm = np.zeros((most, 2 * players + 2), np.uint64)
    deals = np.zeros(n, np.int64)
    winners = np.zeros((n, players), np.int64)
    count = np.zeros(n, np.int64)
    v, m = prepared.new_state()
    tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    wins = np.zeros(players, np.float64)
    failed = play_games(
        prepared, v, m, seeds, forget, tot, wins,
        out=out, outm=outm, deals=deals, winners=winners, count=count,
    )  # fmt: skip
    if failed >= 0:
        raise GameError(f"game seed {seeds[failed]}: the kernels could not finish it")
    return _Played(out, deals, winners, count)


def _columns(
    played: _Played, experiment: Experiment, focus: Any | None, facts: RuleFacts, players: int
) -> Columns:
    if experiment.session:
        return match_columns(played.out, played.deals, played.winners, played.count, focus, facts)
    return deal_columns(played.out[:, 0, :], focus, experiment.leader, facts, players)
