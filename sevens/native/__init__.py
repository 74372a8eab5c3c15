"""The native backend: the game loop as numba kernels over integer bitmasks.

``numba`` is the optional extra ``sevens[fast]``; importing this package
without it works, and :func:`require_numba` says how to install it.  The
kernels (:mod:`sevens.runtime.native.kernels`) are compiled once and cached by numba in the
user's cache directory (:func:`use_user_cache`), with a note on stderr while that first
compilation runs (:func:`note_cold_start`); a rule set reaches them as arrays (:mod:`.build`)
built from its ``RuleSet`` record and the native programs of :mod:`sevens.compiler.native`.

Results have the Python engine's shapes (``Summary``, ``DealResult`` and
the JSON Lines game record), and the kernels draw from the engine's generator
in the same way (:mod:`sevens.runtime.randomness`, docs/randomness.md), so the
two backends are interchangeable: a seed names the same game in both.
"""

from __future__ import annotations

import importlib.util
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import IO, Any

from sevens.compiler.analyse import AnalysedRules
from sevens.compiler.native import NativeUnsupported, lower_rules
from sevens.runtime.api import GameError
from sevens.runtime.contract import RuleSet
from sevens.runtime.engine import DealResult
from sevens.runtime.simulate import Options, Summary

from .cache import kernels, note_cold_start, use_user_cache

__all__ = [
    "INSTALL_HINT",
    "NativeGame",
    "NativeUnsupported",
    "native_available",
    "native_rules",
    "native_simulator",
    "note_cold_start",
    "play_native_game",
    "require_numba",
    "simulate_native",
    "use_user_cache",
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


def native_rules(reference: str | AnalysedRules) -> NativeRules:
    """Compile a variant id, a rulespec path or rules already loaded (the workbench's text)
    for the native backend."""
    from sevens.compiler.contract import build_rule_set
    from sevens.compiler.pipeline import find_rulespec, load_rulespec

    if isinstance(reference, str):
        reference = load_rulespec(find_rulespec(reference))
    return NativeRules(build_rule_set(reference), lower_rules(reference))


def native_simulator(
    reference: str, options: Options
) -> Callable[[Any, Options, IO[str] | None, Callable[[int], None] | None], Summary]:
    """A drop-in for :func:`sevens.runtime.simulate.simulate` running the native kernels.

    Everything that can make the native backend refuse (numba missing, a
    feature or strategy it does not play) is checked here, before any output.
    """
    require_numba()
    from .build import check_strategy
    from .features import check_supported

    rules = native_rules(reference)
    check_supported(rules.rule_set)
    check_strategy(options.strategy)

    def run(
        _python_rules: Any,
        options: Options,
        record: IO[str] | None = None,
        progress: Callable[[int], None] | None = None,
    ) -> Summary:
        return simulate_native(rules, options, record, progress)

    return run


def _prepare(rules: NativeRules, options: Options) -> Any:
    require_numba()
    from .build import prepare

    return prepare(rules.rule_set, rules.program, options.players, options.strategy, options.deals)


def simulate_native(
    rules: NativeRules,
    options: Options,
    record: IO[str] | None = None,
    progress: Callable[[int], None] | None = None,
) -> Summary:
    """Play ``options.games`` games natively and summarise them as the Python engine does."""
    import numpy as np

    k = kernels()

    prepared = _prepare(rules, options)
    players = options.players
    summary = Summary(
        rules.rule_set.id,
        players,
        options.games,
        options.seed,
        options.strategy,
        wins=[0.0] * players,
    )
    tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    wins = np.zeros(players, np.float64)
    started = time.perf_counter()
    if record is None:
        from .build import play_games

        v, m = prepared.new_state()
        done = 0
        while done < options.games:
            n = min(CHUNK, options.games - done)
            seeds = np.arange(options.seed + done, options.seed + done + n, dtype=np.uint64)
            failed = play_games(prepared, v, m, seeds, options.forget_last_card, tot, wins)
            if failed >= 0:
                raise _failed(options.seed + done + failed, int(v[k.S_ERROR]))
            done += n
            if progress is not None:
                progress(done)
    else:
        for game in range(options.games):
            played = play_native_game(
                prepared, options.seed + game, options.forget_last_card, tot, wins
            )
            for number, deal in enumerate(played.deals, start=1):
                _write(record, rules.rule_set, players, options.seed + game, number, deal)
            if progress is not None and game % 64 == 63:
                progress(game + 1)
    summary.seconds = time.perf_counter() - started
    _finish(summary, rules.rule_set, options.games, tot, wins)
    return summary


def _failed(seed: int, error: int) -> GameError:
    """The engine's error for a game the kernels could not finish (game seed ``seed``)."""
    if error == 2:
        return GameError(f"game seed {seed}: nobody holds the card that decides who leads")
    return GameError(f"game seed {seed}: the deal did not end; the rules may never let it end")


def _write(
    stream: IO[str], rule_set: RuleSet, players: int, seed: int, number: int, deal: DealResult
) -> None:
    from sevens.runtime.records import game_record, write_record

    line = game_record(
        rule_set.id,
        players,
        seed,
        number,
        deal,
        rule_set.chips is not None,
        rule_set.points is not None,
        rule_set.teams,
    )
    write_record(stream, line)


def _finish(summary: Summary, rule_set: RuleSet, games: int, tot: Any, wins: Any) -> None:
    k = kernels()

    players = summary.players
    n = max(games, 1)
    deals = int(tot[k.T_DEALS])
    summary.deals_per_game = deals / n
    summary.blocked = int(tot[k.T_BLOCKED])
    summary.wins = [float(w) for w in wins]
    summary.games_per_second = games / summary.seconds if summary.seconds > 0 else 0.0
    summary.win_share = [w / n for w in summary.wins]
    if rule_set.teams is not None:  # a match's winners are whole teams, sharing it alike
        teams = rule_set.teams
        summary.team_wins = [
            sum(summary.wins[s] for s in teams.members(t, players))
            for t in range(teams.count(players))
        ]
        summary.team_win_share = [w / n for w in summary.team_wins]
    summary.mean_decisions = int(tot[k.T_DECISIONS]) / n / summary.deals_per_game if deals else 0.0
    summary.mean_passes = int(tot[k.T_PASSES]) / n / summary.deals_per_game if deals else 0.0
    chips = [int(tot[k.T_CHIPS + s]) for s in range(players)]
    points = [int(tot[k.T_CHIPS + players + s]) for s in range(players)]
    summary.mean_chips = [c / n for c in chips] if rule_set.chips is not None else None
    summary.mean_points = [p / n for p in points] if rule_set.points is not None else None


@dataclass
class NativeGame:
    """One native game with its record: the deals and the match winners."""

    deals: list[DealResult] = field(default_factory=list)
    dealt: list[list[int]] = field(default_factory=list)  # each deal's hands as card-id masks
    stocks: list[list[int]] = field(default_factory=list)  # each deal's stock, in drawing order
    jokers: list[list[int]] = field(default_factory=list)  # each deal's jokers dealt per seat
    winners: list[int] = field(default_factory=list)


def play_native_game(
    prepared: Any, seed: int, forget: float, tot: Any = None, wins: Any = None, capacity: int = 4096
) -> NativeGame:
    """Play game ``seed`` natively with its full record."""
    import numpy as np

    k = kernels()

    from .build import out_width, play_games

    players = prepared.players
    if tot is None:
        tot = np.zeros(k.T_CHIPS + 2 * players, np.int64)
    if wins is None:
        wins = np.zeros(players, np.float64)
    max_deals = max(int(prepared.c[k.C_DEALS]), 1)
    while True:
        dec = np.zeros((capacity, k.D_SIZE), np.uint64)
        ev = np.zeros((capacity, k.EV_SIZE), np.uint64)
        out = np.zeros((1, max_deals, out_width(players, prepared.rule_set.n_cards)), np.int64)
        outm = np.zeros((max_deals, 2 * players + 2), np.uint64)
        tot_try, wins_try = tot.copy(), wins.copy()
        v, m = prepared.new_state()
        failed = play_games(
            prepared, v, m, [seed], forget, tot_try, wins_try, dec=dec, ev=ev, out=out, outm=outm
        )
        if failed >= 0:
            raise _failed(seed, int(v[k.S_ERROR]))
        if v[k.S_OVERFLOW] == 0:
            break
        capacity *= 4  # the record did not fit: play the same game again with more room
    n_deals = int(tot_try[k.T_DEALS] - tot[k.T_DEALS])
    won = wins_try - wins
    tot[:] = tot_try
    wins[:] = wins_try
    game = _decode(
        prepared.rule_set,
        players,
        dec[: int(v[k.S_NDEC])],
        ev[: int(v[k.S_NEV])],
        out[0],
        outm,
        n_deals,
    )
    game.winners = [s for s in range(players) if won[s] > 0]
    return game


def _cards(rule_set: RuleSet, lo: Any, hi: Any) -> list[str]:
    mask = int(lo) | int(hi) << 64
    codes = rule_set.card_codes
    return [codes[c] for c in range(rule_set.n_cards) if mask >> c & 1]


def _decode(
    rule_set: RuleSet, players: int, dec: Any, ev: Any, out: Any, outm: Any, n_deals: int
) -> NativeGame:
    k = kernels()

    game = NativeGame()
    stocks = [_stock(players, deal_row) for deal_row in out[:n_deals]]
    by_deal: list[list[dict[str, Any]]] = [[] for _ in range(n_deals)]
    decisions = []
    for row in dec:
        deal = int(row[k.D_DEAL])
        decisions.append(_decision(rule_set, row, stocks[deal], _trumps(out[deal])))
        by_deal[deal].append(decisions[-1])
    for deal in range(n_deals):
        game.deals.append(
            _deal_result(rule_set, players, out[deal], outm[deal], by_deal[deal], stocks[deal])
        )
        game.dealt.append(
            [int(outm[deal, 2 * s]) | int(outm[deal, 2 * s + 1]) << 64 for s in range(players)]
        )
        game.stocks.append(stocks[deal])
        game.jokers.append(_jokers(rule_set, players, out[deal]))
    for _kind, a, b, seats, at in ev:  # the moves of ``others`` transfers, on their decisions
        giver, receiver = (int(seats) & 255) - 1, (int(seats) >> 8) - 1
        moved = {"from": giver, "to": receiver, "cards": _cards(rule_set, a, b)}
        decisions[int(at) - 1].setdefault("transfers", []).append(moved)
    return game


def _stock(players: int, deal_row: Any) -> list[int]:
    """The stock of a deal in drawing order (the kernels keep it in the order it lies)."""
    k = kernels()

    first = k.R_SEATS + 4 * players
    return [int(x) for x in deal_row[first : first + int(deal_row[k.R_NSTOCK])]][::-1]


def _jokers(rule_set: RuleSet, players: int, deal_row: Any) -> list[int]:
    """The jokers dealt to each seat (none without ``deck.jokers``)."""
    k = kernels()

    first = k.R_SEATS + 4 * players + rule_set.n_cards
    return [int(x) for x in deal_row[first : first + players]]


def _trumps(deal_row: Any) -> tuple[int, int]:
    """The deal's trump suit and the card that named it (-1: none)."""
    first = len(deal_row) - 2  # the last two columns (build.out_width)
    return int(deal_row[first]), int(deal_row[first + 1])


def _decision(
    rule_set: RuleSet, row: Any, stock: list[int], trumps: tuple[int, int]
) -> dict[str, Any]:
    k = kernels()

    card = int(row[k.D_CARD]) - 1
    entry: dict[str, Any] = {
        "seat": int(row[k.D_SEAT]),
        "legal": _cards(rule_set, row[k.D_LEGAL], row[k.D_LEGAL + 1]),
    }
    spots = _cards(rule_set, row[k.D_SPOTS], row[k.D_SPOTS + 1])
    if spots:  # where a joker (or a trump) may go
        entry["trump" if rule_set.trumps is not None else "joker"] = spots
    codes = rule_set.card_codes
    entry["action"] = "pass" if card == k.PASS else "play"
    entry["card"] = None if card == k.PASS else codes[card]
    if row[k.D_KIND] == k.K_FOLLOW:
        entry["kind"] = "follow-up"
    if row[k.D_KIND] == k.K_JOKER:  # the card the joker stands for
        entry["action"] = "joker"
    if row[k.D_KIND] == k.K_TRUMP:  # the trump of the card's rank, laid in its place
        trump = trumps[0] * rule_set.deck.n_ranks + rule_set.rank_of[card]
        entry.update(action="trump", card=codes[trump], in_place_of=codes[card])
    if row[k.D_KIND] == k.K_LEFTOVER:  # a face-up leftover laid (or none) before a turn
        entry["kind"] = "leftover"
    if row[k.D_KIND] == k.K_REDEEM:
        entry.update(action="pass" if card == k.PASS else "redeem", kind="redeem")
    if row[k.D_KIND] == k.K_COVER:  # a card laid face down
        entry.update(action="cover", card=None, covered=codes[card])
    if row[k.D_DRAWN_N]:
        first = int(row[k.D_DRAWN_FROM]) - 1
        entry["drawn"] = [codes[c] for c in stock[first : first + int(row[k.D_DRAWN_N])]]
    if row[k.D_ELIM]:
        entry["eliminated"] = True
    if row[k.D_FORGOT]:
        entry["forgot_last_card"] = True
    if row[k.D_FROM]:
        entry["transfer"] = {
            "from": int(row[k.D_FROM]) - 1,
            "to": int(row[k.D_TO]) - 1,
            "cards": _cards(rule_set, row[k.D_MOVED], row[k.D_MOVED + 1]),
        }
    return entry


def _deal_result(
    rule_set: RuleSet,
    players: int,
    out: Any,
    outm: Any,
    decisions: list[dict[str, Any]],
    stock: list[int],
) -> DealResult:
    k = kernels()

    def seats(block: int) -> list[int]:
        first = k.R_SEATS + block * players
        return [int(x) for x in out[first : first + players]]

    winner = int(out[k.R_WINNER])
    result = DealResult(
        None if winner < 0 else winner,
        seats(0),
        seats(1) if rule_set.points is not None else [],
        int(out[k.R_DECISIONS]),
        int(out[k.R_PASSES]),
        int(out[k.R_POT]),
        seats(2),
        seats(3),
    )
    record: dict[str, Any] = {
        "dealer": int(out[k.R_DEALER]),
        "hands": [_cards(rule_set, outm[2 * s], outm[2 * s + 1]) for s in range(players)],
        "layout_start": _cards(rule_set, outm[2 * players], outm[2 * players + 1]),
        "decisions": decisions,
    }
    if out[k.R_OPENCARD] >= 0:
        record["opening_card"] = rule_set.card_codes[int(out[k.R_OPENCARD])]
    if stock and rule_set.deal.leftovers:  # face up, listed in card order (engine.play_deal)
        record["leftovers"] = [rule_set.card_codes[c] for c in sorted(stock)]
    elif stock:
        record["stock"] = [rule_set.card_codes[c] for c in stock]
    if rule_set.wild is not None:
        record["jokers"] = _jokers(rule_set, players, out)
    suit, named = _trumps(out)
    if suit >= 0:
        record["trumps"] = rule_set.deck.suit_codes[suit]
        if named >= 0:
            record["trump_card"] = rule_set.card_codes[named]
    result.record = record
    return result
