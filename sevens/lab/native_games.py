"""The balance lab's games on the native kernels (``--backend numba``).

Both backends draw from one generator in the same way (docs/randomness.md), so
game ``g`` from seed ``seed + g`` is the same deal and the same play natively as
in :class:`~sevens.lab.measures.Player`; this module plays a chunk's games with
the kernels and turns their figures back into the engine's ``DealResult`` and
``MatchResult``, observed by the lab's own :func:`observe_deal` and
:func:`observe_match`.  The figures, intervals and JSON keys are therefore the
Python backend's, only faster.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from sevens.compiler.analyse import AnalysedRules
from sevens.runtime.api import GameError
from sevens.runtime.engine import DealResult
from sevens.runtime.match import MatchResult

from .facts import RuleFacts
from .measures import Experiment, Observation, observe_deal, observe_match

__all__ = ["NativeSide", "forget", "native_observations", "native_side"]


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
    from sevens.native.cache import ENTRY_POINTS, note_cold_start

    note_cold_start(side.rules.rule_set.id, ENTRY_POINTS)
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

    deals = side.deals if session else None
    key = (id(side.rules), players, deals)
    made = _PREPARED.get(key)
    if made is None or made[0] is not side.rules:
        rules = side.rules
        made = _PREPARED[key] = (
            rules,
            prepare(rules.rule_set, rules.program, players, "random", deals),
        )
    return made[1]


def native_observations(
    side: NativeSide,
    facts: RuleFacts,
    players: int,
    experiment: Experiment,
    games: range,
    seed: int,
    forget: float,
) -> list[Observation]:
    """The observations of games ``games`` of ``experiment`` (game ``g`` from ``seed + g``),
    in game order, played by the kernels."""
    from sevens.native.build import seated

    prepared = _prepared(side, players, experiment.session)
    by_seating: dict[tuple[str, ...], list[int]] = {}
    for game in games:
        by_seating.setdefault(experiment.strategies(game, players)[0], []).append(game)
    observed: dict[int, Observation] = {}
    for names, chosen in by_seating.items():
        played = _play(seated(prepared, names), [seed + game for game in chosen], forget)
        for game, result in zip(chosen, played, strict=True):
            focus = experiment.strategies(game, players)[1]
            observed[game] = _observe(result, experiment, focus, facts)
    return [observed[game] for game in games]


@dataclass
class _Game:
    """One game's figures from the kernels: its deals, and the match winners."""

    deals: list[DealResult]
    dealers: list[int]
    leaders: list[int]
    winners: list[int]


def _play(prepared: Any, seeds: list[int], forget: float) -> list[_Game]:
    import numpy as np

    from sevens.native.build import out_width
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
    seed_array = np.array(seeds, np.uint64)
    failed = k.play_seeds(
        prepared.c, prepared.cm, prepared.rt, v, m, seed_array, forget, out, outm, deals,
        winners, count,
    )  # fmt: skip
    if failed >= 0:
        raise GameError(f"game seed {seeds[failed]}: the kernels could not finish it")
    return [
        _game(prepared.rule_set, players, out[i, : int(deals[i])], winners[i, : int(count[i])], k)
        for i in range(n)
    ]


def _game(rule_set: Any, players: int, rows: Any, winners: Any, k: Any) -> _Game:
    def seats(row: Any, block: int) -> list[int]:
        first = k.R_SEATS + block * players
        return [int(x) for x in row[first : first + players]]

    deals = []
    for row in rows:
        winner = int(row[k.R_WINNER])
        deals.append(
            DealResult(
                None if winner < 0 else winner,
                seats(row, 0),
                seats(row, 1) if rule_set.points is not None else [],
                int(row[k.R_DECISIONS]),
                int(row[k.R_PASSES]),
                int(row[k.R_POT]),
                seats(row, 2),
                seats(row, 3),
            )
        )
    return _Game(
        deals,
        [int(row[k.R_DEALER]) for row in rows],
        [int(row[k.R_LEADER]) for row in rows],
        sorted(int(w) for w in winners),
    )


def _observe(
    game: _Game, experiment: Experiment, focus: int | None, facts: RuleFacts
) -> Observation:
    if experiment.session:
        players = len(game.deals[0].chips)
        match = MatchResult(
            deals=game.deals,
            chips=[sum(d.chips[s] for d in game.deals) for s in range(players)],
            points=[sum(d.points[s] for d in game.deals if d.points) for s in range(players)],
            winners=game.winners,
        )
        return observe_match(match, focus, facts)
    leader = game.leaders[0] if experiment.leader else None
    return observe_deal(game.deals[0], game.dealers[0], leader, focus, facts)
