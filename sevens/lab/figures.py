"""Turn merged tallies into the lab's figures (the JSON) and findings in words.

Every figure is a value with its interval at the chosen confidence; an
effect is called *real* when its interval excludes "no effect".  Nothing
here depends on timing, so the JSON of a run is the same for any ``--jobs``.
"""

from __future__ import annotations

import math
from typing import Any

from .facts import RuleFacts
from .measures import Experiment, Paired, Tally
from .stats import (
    Estimate,
    Moments,
    equal_shares_test,
    histogram_mean,
    mean_interval,
    quantiles,
    wilson,
)

QUANTILES = (0.05, 0.25, 0.5, 0.75, 0.95)

#: Wins per seat the chi-square test of equal seats expects at least (Cochran's rule): with
#: fewer, its p-value means nothing (one match "tested" four seats).
MIN_EXPECTED_WINS = 5

Figures = dict[str, Any]


def _mean(moments: Moments, confidence: float, unit: str, scale: int = 1) -> Figures:
    """A mean with its interval; from one game (or match) there is none, and a note says so
    where the bounds would be infinite (null in the JSON)."""
    figure: Figures = mean_interval(moments, confidence, scale).as_dict()
    if moments.n == 1:
        figure["note"] = f"the interval needs at least 2 {unit}"
    return figure


def _length(tally: Tally, key: str, confidence: float, unit: str = "games") -> Figures:
    histogram = tally.histograms.get(key, {})
    return {
        "mean": _mean(histogram_mean(histogram), confidence, unit),
        "quantiles": dict(
            zip([str(q) for q in QUANTILES], quantiles(histogram, QUANTILES), strict=False)
        ),
        "histogram": {str(v): histogram[v] for v in sorted(histogram)},
    }


def _wins(tally: Tally, key: str, players: int, confidence: float, unit: str = "games") -> Figures:
    counts = [tally.get(f"{key} {seat}").total for seat in range(players)]
    won, least = sum(counts), MIN_EXPECTED_WINS * players
    figure: Figures = {
        "rates": [wilson(c, tally.games, confidence).as_dict() for c in counts],
        "equal_p": equal_shares_test(counts) if won >= least else math.nan,
    }
    if 0 < won < least:
        figure["equal_p_note"] = (
            f"the chi-square test needs at least {least} {unit} won "
            f"({MIN_EXPECTED_WINS} per seat), not {won}"
        )
    return figure


def _scores(
    tally: Tally, facts: RuleFacts, players: int, confidence: float, unit: str = "games"
) -> Figures:
    result: Figures = {}
    for key, present in (("chips", facts.has_chips), ("points", facts.has_points)):
        if not present:
            continue
        histogram = tally.histograms.get(key, {})
        result[key] = {
            "mean": [_mean(tally.get(f"{key} {s}"), confidence, unit) for s in range(players)],
            "histogram": {str(v): histogram[v] for v in sorted(histogram)},
        }
    return result


def deal_figures(tally: Tally, facts: RuleFacts, players: int, confidence: float) -> Figures:
    """Seats, positions, leader, blocked deals, length and scores of independent deals."""
    return {
        "games": tally.games,
        "wins": _wins(tally, "win", players, confidence),
        "positions": _wins(tally, "position", players, confidence),
        "leader": {
            "win": wilson(tally.get("leader win").total, tally.games, confidence).as_dict(),
            "edge": _mean(tally.get("leader edge"), confidence, "games", players - 1),
        },
        "blocked": wilson(tally.get("blocked").total, tally.games, confidence).as_dict(),
        "decisions": _length(tally, "decisions", confidence),
        "passes": _length(tally, "passes", confidence),
        **_scores(tally, facts, players, confidence),
    }


def focus_figures(
    tally: Tally, experiment: Experiment, facts: RuleFacts, players: int, confidence: float
) -> Figures:
    """One seat's strategy against the others': its win rate and its edge over them."""
    result: Figures = {
        "games": tally.games,
        "focus": experiment.focus,
        "others": experiment.others,
        "win": wilson(tally.get("focus won").total, tally.games, confidence).as_dict(),
        "edge": _mean(tally.get("focus win"), confidence, "games", players - 1),
        # the other seats' win rates, by their place after the focus seat (1: the next seat)
        "others_win": [
            wilson(tally.get(f"after {k} won").total, tally.games, confidence).as_dict()
            for k in range(1, players)
        ],
    }
    for key, present in (("chips", facts.has_chips), ("points", facts.has_points)):
        if present:
            result[f"{key}_edge"] = _mean(
                tally.get(f"focus {key}"), confidence, "games", players - 1
            )
    return result


def match_figures(tally: Tally, facts: RuleFacts, players: int, confidence: float) -> Figures:
    """Match length and match wins of a session experiment."""
    return {
        "games": tally.games,
        "deals": _length(tally, "deals", confidence, "matches"),
        "wins": _wins(tally, "win", players, confidence, "matches"),
        "shared": wilson(tally.get("shared").total, tally.games, confidence).as_dict(),
        **_scores(tally, facts, players, confidence, "matches"),
    }


def experiment_figures(
    tally: Tally, experiment: Experiment, facts: RuleFacts, players: int, confidence: float
) -> Figures:
    """The figures of one experiment, by its kind."""
    if experiment.session:
        return match_figures(tally, facts, players, confidence)
    if experiment.focus is not None:
        return focus_figures(tally, experiment, facts, players, confidence)
    return deal_figures(tally, facts, players, confidence)


#: Paired measures compared by ``sevens compare``: key -> (label, divisor of the integer).
def paired_measures(players: int) -> list[tuple[str, str, int]]:
    """(observation key, label, scale) of every measure ``compare`` reports."""
    measures = [(f"win {s}", f"seat {s} win rate", 1) for s in range(players)]
    measures += [
        ("leader win", "leader win rate", 1),
        ("leader edge", "leader edge over the others", players - 1),
        ("blocked", "blocked deals", 1),
        ("decisions", "decisions per deal", 1),
        ("passes", "passes per deal", 1),
        ("focus win", "focus seat's win edge", players - 1),
        ("focus chips", "focus seat's chip edge", players - 1),
        ("focus points", "focus seat's point edge", players - 1),
        ("deals", "deals per match", 1),
        ("shared", "shared match wins", 1),
    ]
    measures += [(f"chips {s}", f"seat {s} chips", 1) for s in range(players)]
    measures += [(f"points {s}", f"seat {s} points", 1) for s in range(players)]
    return measures


def differences(
    a: Tally, b: Tally, paired: Paired, players: int, confidence: float
) -> list[Figures]:
    """Each common measure of A and B, side by side, with the paired difference A − B."""
    rows = []
    for key, label, scale in paired_measures(players):
        if key not in paired.moments:
            continue
        difference = mean_interval(paired.moments[key], confidence, scale)
        rows.append(
            {
                "measure": label,
                "key": key,
                "a": mean_interval(a.get(key), confidence, scale).value,
                "b": mean_interval(b.get(key), confidence, scale).value,
                "difference": _mean(paired.moments[key], confidence, "games", scale),
                "real": difference.excludes(0.0),
            }
        )
    return rows


def estimate(figure: dict[str, float]) -> Estimate:
    """An :class:`Estimate` back from its JSON form."""
    return Estimate(figure["value"], figure["low"], figure["high"])


def percent(figure: dict[str, float]) -> str:
    """A share with its interval, e.g. ``33.2% [32.9%, 33.5%]``."""
    return f"{figure['value']:.1%} [{figure['low']:.1%}, {figure['high']:.1%}]"


def bounds(figure: dict[str, Any], spec: str, scale: float = 1) -> str:
    """The interval of a figure, ``[low, high]``, or why there is none."""
    if "note" in figure:
        return f"[{figure['note']}]"
    return f"[{scale * figure['low']:{spec}}, {scale * figure['high']:{spec}}]"


def _points(figure: dict[str, Any]) -> str:
    """A difference of shares in percentage points, with its interval."""
    return f"{100 * figure['value']:+.1f} points {bounds(figure, '+.1f', 100)}"


def signed(figure: dict[str, Any]) -> str:
    """A signed value with its interval, three significant digits."""
    return f"{figure['value']:+.3g} {bounds(figure, '+.3g')}"


def _real(figure: dict[str, float], reference: float = 0.0) -> bool:
    return estimate(figure).excludes(reference)


def _seats_finding(what: str, wins: Figures, alpha: float) -> str:
    p = wins["equal_p"]
    if "equal_p_note" in wins:
        return f"{what}: {wins['equal_p_note']}."
    if p != p:  # NaN: nobody won
        return f"{what}: no wins to compare."
    if p < alpha:
        best = max(range(len(wins["rates"])), key=lambda s: wins["rates"][s]["value"])
        return (
            f"{what} are NOT equal (chi-square p = {p:.2g}): "
            f"seat {best} wins most, {percent(wins['rates'][best])}."
        )
    return f"{what} look equal (chi-square p = {p:.2g}); no seat is favoured at this confidence."


def deal_findings(fig: Figures, alpha: float, positions: bool = True) -> list[str]:
    """Findings in words about independent deals."""
    found = [_seats_finding("Seats", fig["wins"], alpha)]
    if positions:
        found.append(_seats_finding("Positions from the dealer's left", fig["positions"], alpha))
    edge = fig["leader"]["edge"]
    verdict = (
        ("a real advantage" if edge["value"] > 0 else "a real disadvantage")
        if _real(edge)
        else "no advantage shown"
    )
    found.append(
        f"The leader wins {percent(fig['leader']['win'])} of deals, "
        f"{_points(edge)} against the other seats: {verdict}."
    )
    if fig["blocked"]["value"] > 0:
        found.append(f"{percent(fig['blocked'])} of deals end blocked (nobody can play).")
    d, p = fig["decisions"], fig["passes"]
    found.append(
        f"A deal takes {d['mean']['value']:.1f} decisions {bounds(d['mean'], '.1f')} (median {d['quantiles']['0.5']}, 90 % between "
        f"{d['quantiles']['0.05']} and {d['quantiles']['0.95']}), "
        f"{p['mean']['value']:.1f} of them passes."
    )
    return found


def focus_findings(fig: Figures, name: str) -> list[str]:
    """Findings in words about a focus seat (skill, or the penalised behaviour)."""
    edge = fig["edge"]
    if name == "skill":
        verdict = "skill matters" if _real(edge) else "no skill effect shown"
    elif _real(edge):
        verdict = "withholding pays" if edge["value"] > 0 else "the penalty deters withholding"
    else:
        verdict = "withholding neither pays nor costs measurably"
    found = [
        f"{name.capitalize()}: one {fig['focus']} seat among {fig['others']} ones wins "
        f"{percent(fig['win'])}, {_points(edge)} over the others: {verdict}."
    ]
    if name != "skill" and "others_win" in fig:
        rates = "  ".join(
            f"{k} after: {percent(rate)}" for k, rate in enumerate(fig["others_win"], start=1)
        )
        found.append(f"  The other seats win, by their place after it: {rates}.")
    for key in ("chips", "points"):
        if f"{key}_edge" in fig:
            edge = fig[f"{key}_edge"]
            shown = "a real difference" if _real(edge) else "no difference shown"
            found.append(f"  Its {key} per game, minus the others' mean: {signed(edge)}: {shown}.")
    return found


def match_findings(fig: Figures, alpha: float) -> list[str]:
    """Findings in words about matches."""
    d = fig["deals"]
    return [
        f"A match lasts {d['mean']['value']:.2f} deals {bounds(d['mean'], '.2f')}; {percent(fig['shared'])} of matches end in a shared win.",
        _seats_finding("Match wins by seat", fig["wins"], alpha),
    ]


def findings(experiments: Figures, alpha: float) -> list[str]:
    """Every finding of an analysis, in words, in a fixed order."""
    found: list[str] = []
    for name, fig in experiments.items():
        if fig["games"] == 0:
            found.append(f"{name.capitalize()}: not played (the run was interrupted).")
        elif name == "main":
            found += deal_findings(fig, alpha)
        elif name == "session":
            found += match_findings(fig, alpha)
        else:
            found += focus_findings(fig, name)
    return found


def difference_findings(rows: list[Figures], confidence: float) -> list[str]:
    """Which differences are real at ``confidence``, in words."""
    real = [row for row in rows if row["real"]]
    # Many measures are tested at once: some show as real by chance alone; say how many.
    chance = f"by chance alone about {len(rows) * (1 - confidence):.1f} of {len(rows)} would"
    if not real:
        return [f"No difference is real at {confidence:.0%} confidence ({chance})."]
    found = [
        f"{row['measure']}: {row['a']:.4g} vs {row['b']:.4g}, "
        f"difference {signed(row['difference'])} — real at {confidence:.0%}."
        for row in real
    ]
    if len(real) <= len(rows) * (1 - confidence) * 2:
        found.append(
            f"{len(real)} of {len(rows)} measures differ, {chance}: treat a lone, "
            "barely real difference with caution."
        )
    return found
