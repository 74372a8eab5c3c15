"""The native backend: the game loop as numba kernels over integer bitmasks.

``numba`` is the optional extra ``sevens[fast]``; importing this package
without it works, and :func:`require_numba` says how to install it.  The
kernels (:mod:`.kernels`) are compiled once and cached by numba; a rule set
reaches them as arrays (:mod:`.build`) built from its ``RuleSet`` record and
the native programs of :mod:`sevens.compiler.native`.

Results have the Python engine's shapes (``Summary``, ``DealResult`` and
the JSON Lines game record), so the two backends are interchangeable; the
random numbers differ (the kernels have their own generator), so a seed
names a different game on each backend.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from sevens.compiler.native import NativeUnsupported, lower_rules
from sevens.runtime.api import GameError
from sevens.runtime.contract import RuleSet
from sevens.runtime.engine import DealResult
from sevens.runtime.simulate import Options, Summary

__all__ = [
    "INSTALL_HINT",
    "NativeGame",
    "NativeUnsupported",
    "native_available",
    "native_rules",
    "play_native_game",
    "require_numba",
    "simulate_native",
]

INSTALL_HINT = "the numba backend needs numba: pip install 'sevens[fast]'"
#: Games per kernel call in a summary run (between progress reports).
CHUNK = 8192


def native_available() -> bool:
    """Whether numba can be imported."""
    return importlib.util.find_spec("numba") is not None


def require_numba() -> None:
    """Raise :class:`NativeUnsupported` with the install hint when numba is missing."""
    if not native_available():
        raise NativeUnsupported(INSTALL_HINT)


@dataclass
class NativeRules:
    """A rule set ready for the kernels: its record and its native programs."""

    rule_set: RuleSet
    program: Any


def native_rules(reference: str) -> NativeRules:
    """Compile a variant id or rulespec path for the native backend."""
    from sevens.compiler.contract import build_rule_set
    from sevens.compiler.pipeline import find_rulespec, load_rulespec

    analysed = load_rulespec(find_rulespec(reference))
    return NativeRules(build_rule_set(analysed), lower_rules(analysed))


def _prepare(rules: NativeRules, options: Options) -> Any:
    require_numba()
    from sevens.runtime.native.build import prepare

    return prepare(rules.rule_set, rules.program, options.players, options.strategy, options.deals)


def simulate_native(
    rules: NativeRules,
    options: Options,
    record: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``options.games`` games natively and summarise them as the Python engine does."""
    import numpy as np

    from sevens.runtime.native import kernels as k

    prepared = _prepare(rules, options)
    players = options.players
    summary = Summary(
        rules.rule_set.id, players, options.games, options.seed, options.strategy, wins=[0.0] * players
    )
    tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    wins = np.zeros(players, np.float64)
    started = time.perf_counter()
    if record is None:
        st, no_rec, no_out = prepared.new_state(), _no_record(), _no_output(players)
        winners = np.zeros(players, np.int64)
        done = 0
        while done < options.games:
            n = min(CHUNK, options.games - done)
            failed = k.simulate_games(
                st, prepared.tabs, prepared.scratch, no_rec, options.seed + done, n,
                options.forget_last_card, tot, wins, no_out, winners,
            )  # fmt: skip
            if failed >= 0:
                raise _endless(options.seed + done + failed)
            done += n
            if progress is not None:
                progress(done)
    else:
        for game in range(options.games):
            played = play_native_game(prepared, options.seed + game, options.forget_last_card, tot, wins)
            for number, deal in enumerate(played.deals, start=1):
                _write(record, rules.rule_set, players, options.seed + game, number, deal)
            if progress is not None and game % 64 == 63:
                progress(game + 1)
    summary.seconds = time.perf_counter() - started
    _finish(summary, rules.rule_set, options.games, tot, wins)
    return summary


def _endless(seed: int) -> GameError:
    return GameError(
        f"the deal of game seed {seed} did not end; the rules may never let it end"
    )


def _write(stream: IO[str], rule_set: RuleSet, players: int, seed: int, number: int, deal: DealResult) -> None:
    from sevens.runtime.records import game_record, write_record

    line = game_record(
        rule_set.id, players, seed, number, deal, rule_set.chips is not None, rule_set.points is not None
    )
    write_record(stream, line)


def _finish(summary: Summary, rule_set: RuleSet, games: int, tot: Any, wins: Any) -> None:
    from sevens.runtime.native import kernels as k

    players = summary.players
    n = max(games, 1)
    deals = int(tot[k.T_DEALS])
    summary.deals_per_game = deals / n
    summary.blocked = int(tot[k.T_BLOCKED])
    summary.wins = [float(w) for w in wins]
    summary.games_per_second = games / summary.seconds if summary.seconds > 0 else 0.0
    summary.win_share = [w / n for w in summary.wins]
    summary.mean_decisions = int(tot[k.T_DECISIONS]) / n / summary.deals_per_game if deals else 0.0
    summary.mean_passes = int(tot[k.T_PASSES]) / n / summary.deals_per_game if deals else 0.0
    chips = [int(tot[k.T_CHIPS + s]) for s in range(players)]
    points = [int(tot[k.T_CHIPS + players + s]) for s in range(players)]
    summary.mean_chips = [c / n for c in chips] if rule_set.chips is not None else None
    summary.mean_points = [p / n for p in points] if rule_set.points is not None else None


def _no_record() -> tuple[Any, ...]:
    import numpy as np

    return (
        np.zeros((0, 8), np.int64),
        np.zeros((0, 4), np.uint64),
        np.zeros(0, np.float64),
        np.zeros(0, np.int64),
        np.zeros((0, 2), np.uint64),
        np.zeros(4, np.int64),
    )


def _no_output(players: int) -> tuple[Any, ...]:
    import numpy as np

    return (
        np.zeros((0, 8), np.int64),
        np.zeros((0, 4, players), np.int64),
        np.zeros((0, players, 2), np.uint64),
        np.zeros((0, 2), np.uint64),
    )


@dataclass
class NativeGame:
    """One native game with its record: the deals, the match winners and every random draw.

    ``events`` lists, in the order drawn, each uniform number (a float) and each
    random pick of penalty cards (a list of card ids): what a replay through the
    Python engine must be fed to play the same game.
    """

    deals: list[DealResult] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    events: list[float | list[int]] = field(default_factory=list)


def play_native_game(
    prepared: Any, seed: int, forget: float, tot: Any = None, wins: Any = None, capacity: int = 4096
) -> NativeGame:
    """Play game ``seed`` natively with its full record."""
    import numpy as np

    from sevens.runtime.native import kernels as k

    players = prepared.players
    if tot is None:
        tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    if wins is None:
        wins = np.zeros(players, np.float64)
    max_deals = max(int(prepared.tabs[0][k.C_DEALS]), 1)
    while True:
        rec = (
            np.zeros((capacity, 8), np.int64),
            np.zeros((capacity, 4), np.uint64),
            np.zeros(capacity, np.float64),
            np.zeros(capacity, np.int64),
            np.zeros((capacity, 2), np.uint64),
            np.zeros(4, np.int64),
        )
        out = (
            np.zeros((max_deals, 8), np.int64),
            np.zeros((max_deals, 4, players), np.int64),
            np.zeros((max_deals, players, 2), np.uint64),
            np.zeros((max_deals, 2), np.uint64),
        )
        winners = np.zeros(players, np.int64)
        tot_try, wins_try = tot.copy(), wins.copy()
        st = prepared.new_state()
        failed = k.simulate_games(
            st, prepared.tabs, prepared.scratch, rec, seed, 1, forget, tot_try, wins_try, out, winners
        )
        if failed >= 0:
            raise _endless(seed)
        if rec[5][2] == 0:
            break
        capacity *= 4  # the record did not fit: play the same game again with more room
    n_deals = int(tot_try[k.T_DEALS] - tot[k.T_DEALS])
    won = wins_try - wins
    tot[:] = tot_try
    wins[:] = wins_try
    game = _decode(prepared.rule_set, players, rec, out, n_deals)
    game.winners = [s for s in range(players) if won[s] > 0]
    return game


def _cards(rule_set: RuleSet, lo: int, hi: int) -> list[str]:
    mask = int(lo) | int(hi) << 64
    codes = rule_set.card_codes
    return [codes[c] for c in range(rule_set.n_cards) if mask >> c & 1]


def _decode(rule_set: RuleSet, players: int, rec: Any, out: Any, n_deals: int) -> NativeGame:
    from sevens.runtime.native import kernels as k

    dec_i, dec_m, ev_u, ev_kind, ev_m, counts = rec
    res_i, res_seat, res_hands, res_layout = out
    game = NativeGame()
    by_deal: list[list[dict[str, Any]]] = [[] for _ in range(n_deals)]
    for row in range(int(counts[0])):
        by_deal[int(dec_i[row, k.D_DEAL])].append(_decision(rule_set, dec_i[row], dec_m[row]))
    for deal in range(n_deals):
        game.deals.append(_deal_result(rule_set, players, deal, res_i, res_seat, res_hands, res_layout, by_deal[deal]))
    for e in range(int(counts[1])):
        if ev_kind[e] == k.EV_UNIFORM:
            game.events.append(float(ev_u[e]))
        else:
            mask = int(ev_m[e, 0]) | int(ev_m[e, 1]) << 64
            game.events.append([c for c in range(rule_set.n_cards) if mask >> c & 1])
    return game


def _decision(rule_set: RuleSet, row: Any, masks: Any) -> dict[str, Any]:
    from sevens.runtime.native import kernels as k

    card = int(row[k.D_CARD])
    entry: dict[str, Any] = {"seat": int(row[k.D_SEAT]), "legal": _cards(rule_set, masks[0], masks[1])}
    entry["action"] = "pass" if card == k.PASS else "play"
    entry["card"] = None if card == k.PASS else rule_set.card_codes[card]
    if row[k.D_KIND] == 1:
        entry["kind"] = "follow-up"
    if row[k.D_ELIM]:
        entry["eliminated"] = True
    if row[k.D_FORGOT]:
        entry["forgot_last_card"] = True
    if row[k.D_FROM] >= 0:
        entry["transfer"] = {
            "from": int(row[k.D_FROM]),
            "to": int(row[k.D_TO]),
            "cards": _cards(rule_set, masks[2], masks[3]),
        }
    return entry


def _deal_result(
    rule_set: RuleSet,
    players: int,
    deal: int,
    res_i: Any,
    res_seat: Any,
    res_hands: Any,
    res_layout: Any,
    decisions: list[dict[str, Any]],
) -> DealResult:
    winner = int(res_i[deal, 0])
    seats = res_seat[deal]
    result = DealResult(
        None if winner < 0 else winner,
        [int(v) for v in seats[0]],
        [int(v) for v in seats[1]] if rule_set.points is not None else [],
        int(res_i[deal, 3]),
        int(res_i[deal, 4]),
        int(res_i[deal, 5]),
        [int(v) for v in seats[2]],
        [int(v) for v in seats[3]],
    )
    record: dict[str, Any] = {
        "dealer": int(res_i[deal, 1]),
        "hands": [_cards(rule_set, h[0], h[1]) for h in res_hands[deal]],
        "layout_start": _cards(rule_set, res_layout[deal, 0], res_layout[deal, 1]),
        "decisions": decisions,
    }
    if res_i[deal, 2] >= 0:
        record["opening_card"] = rule_set.card_codes[int(res_i[deal, 2])]
    result.record = record
    return result
