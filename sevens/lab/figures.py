"""Turn merged tallies into the lab's figures (the JSON) and findings in words.

Every figure is a value with its interval at the chosen confidence; an
effect is called *real* when its interval excludes "no effect".  Nothing
here depends on timing, so the JSON of a run is the same for any ``--jobs``.
"""

from __future__ import annotations

import math
from typing import Any

from .facts import RuleFacts
from .i18n import N_, Translate, english
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
        figure["equal_p_note"] = untested_note(players, won, unit)
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
        **_teams(tally, facts, players, confidence),
    }


def _teams(
    tally: Tally, facts: RuleFacts, players: int, confidence: float, unit: str = "games"
) -> Figures:
    """With teams: each team's seats, win rates (and the test of equal teams), and mean chips
    and points; nothing without teams."""
    teams = facts.teams
    if teams is None:
        return {}
    count = teams.count(players)
    figure: Figures = {
        "seats": [list(teams.members(t, players)) for t in range(count)],
        "wins": _wins(tally, "team win", count, confidence, unit),
    }
    for key, present in (("chips", facts.has_chips), ("points", facts.has_points)):
        if present:
            figure[key] = [
                _mean(tally.get(f"team {key} {t}"), confidence, unit) for t in range(count)
            ]
    return {"teams": figure}


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
    }
    for key, present in (("chips", facts.has_chips), ("points", facts.has_points)):
        if present:
            result[f"{key}_edge"] = _mean(
                tally.get(f"focus {key}"), confidence, "games", players - 1
            )
    if players >= 3:
        result["after_focus"] = _after_focus(tally, players, confidence)
    return result


def _after_focus(tally: Tally, players: int, confidence: float) -> list[Figures]:
    """Who gains from the focus seat: for each seat ``k`` places after it, its win rate and
    its edge over the other seats that are not the focus seat."""
    return [
        {
            "after": k,
            "win": wilson(tally.get(f"after focus {k}").total, tally.games, confidence).as_dict(),
            "edge": _mean(tally.get(f"after focus edge {k}"), confidence, "games", players - 2),
        }
        for k in range(1, players)
    ]


def match_figures(tally: Tally, facts: RuleFacts, players: int, confidence: float) -> Figures:
    """Match length and match wins of a session experiment."""
    return {
        "games": tally.games,
        "deals": _length(tally, "deals", confidence, "matches"),
        "wins": _wins(tally, "win", players, confidence, "matches"),
        "shared": wilson(tally.get("shared").total, tally.games, confidence).as_dict(),
        **_scores(tally, facts, players, confidence, "matches"),
        **_teams(tally, facts, players, confidence, "matches"),
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


def paired_measures(players: int) -> list[tuple[str, str, int]]:
    """(observation key, label, scale) of every measure ``compare`` reports."""
    scales = {"leader edge": players - 1, "focus win": players - 1}
    scales |= {"focus chips": players - 1, "focus points": players - 1}
    keys = [f"win {s}" for s in range(players)]
    keys += ["leader win", "leader edge", "blocked", "decisions", "passes"]
    keys += ["focus win", "focus chips", "focus points", "deals", "shared"]
    keys += [f"chips {s}" for s in range(players)] + [f"points {s}" for s in range(players)]
    return [(key, measure_name(key), scales.get(key, 1)) for key in keys]


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


#: Why a mean has no interval (the figure's ``note``, kept in English in the JSON).
INTERVAL_NOTES = (
    N_("the interval needs at least 2 games"),
    N_("the interval needs at least 2 matches"),
)


def bounds(figure: dict[str, Any], spec: str, scale: float = 1, _: Translate = english) -> str:
    """The interval of a figure, ``[low, high]``, or why there is none."""
    if "note" in figure:
        return f"[{_(figure['note'])}]"
    return f"[{scale * figure['low']:{spec}}, {scale * figure['high']:{spec}}]"


def points(figure: dict[str, Any], _: Translate = english) -> str:
    """A difference of shares in percentage points, with its interval."""
    return _("%(value)s points %(interval)s") % {
        "value": f"{100 * figure['value']:+.1f}",
        "interval": bounds(figure, "+.1f", 100, _),
    }


def signed(figure: dict[str, Any], _: Translate = english) -> str:
    """A signed value with its interval, three significant digits."""
    return f"{figure['value']:+.3g} {bounds(figure, '+.3g', 1, _)}"


def _real(figure: dict[str, float], reference: float = 0.0) -> bool:
    return estimate(figure).excludes(reference)


def _seats_finding(
    what: str, wins: Figures, alpha: float, played: tuple[int, str], _: Translate
) -> str:
    """Whether the seats' wins look equal; ``played``: the games (or matches) and that unit."""
    p = wins["equal_p"]
    if "equal_p_note" in wins:
        won = round(sum(rate["value"] for rate in wins["rates"]) * played[0])
        note = untested_note(len(wins["rates"]), won, played[1], _)
        return _("%(what)s: %(note)s.") % {"what": what, "note": note}
    if p != p:  # NaN: nobody won
        return _("%(what)s: no wins to compare.") % {"what": what}
    if p < alpha:
        best = max(range(len(wins["rates"])), key=lambda s: wins["rates"][s]["value"])
        return _(
            "%(what)s are NOT equal (chi-square p = %(p)s): seat %(seat)d wins most, %(rate)s."
        ) % {"what": what, "p": f"{p:.2g}", "seat": best, "rate": percent(wins["rates"][best])}
    return _(
        "%(what)s look equal (chi-square p = %(p)s); no seat is favoured at this confidence."
    ) % {"what": what, "p": f"{p:.2g}"}


def _teams_finding(
    what: str, teams: Figures, alpha: float, played: tuple[int, str], _: Translate
) -> str:
    """Each team's seats and win rate, and whether the teams' wins look equal."""
    wins = teams["wins"]
    # TRANSLATORS: separates the teams' win rates in a list, e.g. "team 0 …: 42.5%; team 1 …"
    rates = _("; ").join(
        _("team %(team)d (seats %(seats)s): %(rate)s")
        % {"team": t, "seats": " ".join(map(str, seats)), "rate": percent(wins["rates"][t])}
        for t, seats in enumerate(teams["seats"])
    )
    p = wins["equal_p"]
    if "equal_p_note" in wins or p != p:  # too few wins to test, or none
        return _seats_finding(f"{what} ({rates})", wins, alpha, played, _)
    if p < alpha:
        best = max(range(len(wins["rates"])), key=lambda t: wins["rates"][t]["value"])
        return _(
            "%(what)s (%(rates)s) are NOT equal (chi-square p = %(p)s): team %(team)d wins most."
        ) % {
            "what": what,
            "rates": rates,
            "p": f"{p:.2g}",
            "team": best,
        }
    return _(
        "%(what)s (%(rates)s) look equal (chi-square p = %(p)s); no team is favoured at this confidence."
    ) % {"what": what, "rates": rates, "p": f"{p:.2g}"}


def untested_note(players: int, won: int, unit: str, _: Translate = english) -> str:
    """Why the seats are not tested: too few wins (``unit``: games or matches)."""
    numbers = {"least": MIN_EXPECTED_WINS * players, "per": MIN_EXPECTED_WINS, "won": won}
    if unit == "matches":
        message = _(
            "the chi-square test needs at least %(least)d matches won (%(per)d per seat), "
            "not %(won)d"
        )
    else:
        message = _(
            "the chi-square test needs at least %(least)d games won (%(per)d per seat), not %(won)d"
        )
    return message % numbers


def deal_findings(
    fig: Figures, alpha: float, positions: bool = True, _: Translate = english
) -> list[str]:
    """Findings in words about independent deals."""
    played = (fig["games"], "games")
    found = [_seats_finding(_("Seats"), fig["wins"], alpha, played, _)]
    if "teams" in fig:
        found.append(_teams_finding(_("Teams"), fig["teams"], alpha, played, _))
    if positions:
        what = _("Positions from the dealer's left")
        found.append(_seats_finding(what, fig["positions"], alpha, played, _))
    edge = fig["leader"]["edge"]
    if not _real(edge):
        verdict = _("no advantage shown")
    else:
        verdict = _("a real advantage") if edge["value"] > 0 else _("a real disadvantage")
    found.append(
        _("The leader wins %(rate)s of deals, %(edge)s against the other seats: %(verdict)s.")
        % {"rate": percent(fig["leader"]["win"]), "edge": points(edge, _), "verdict": verdict}
    )
    if fig["blocked"]["value"] > 0:
        found.append(
            _("%(rate)s of deals end blocked (nobody can play).")
            % {"rate": percent(fig["blocked"])}
        )
    d, p = fig["decisions"], fig["passes"]
    found.append(
        _(
            "A deal takes %(mean)s decisions %(interval)s (median %(median)s, 90 %% between "
            "%(low)s and %(high)s), %(passes)s of them passes."
        )
        % {
            "mean": f"{d['mean']['value']:.1f}",
            "interval": bounds(d["mean"], ".1f", 1, _),
            "median": d["quantiles"]["0.5"],
            "low": d["quantiles"]["0.05"],
            "high": d["quantiles"]["0.95"],
            "passes": f"{p['mean']['value']:.1f}",
        }
    )
    return found


#: The experiments' names, as findings and the report name them.
EXPERIMENT_NAMES = {
    "main": N_("Main"),
    "skill": N_("Skill"),
    "penalty": N_("Penalty"),
    "session": N_("Session"),
}


def experiment_name(name: str, _: Translate = english) -> str:
    """An experiment's name, capitalised, in the chosen words."""
    return _(EXPERIMENT_NAMES[name]) if name in EXPERIMENT_NAMES else name.capitalize()


def _focus_verdict(name: str, edge: Figures, _: Translate) -> str:
    if name == "skill":
        return _("skill matters") if _real(edge) else _("no skill effect shown")
    if _real(edge):
        return _("withholding pays") if edge["value"] > 0 else _("the penalty deters withholding")
    return _("withholding neither pays nor costs measurably")


def focus_findings(fig: Figures, name: str, _: Translate = english) -> list[str]:
    """Findings in words about a focus seat (skill, or the penalised behaviour)."""
    edge = fig["edge"]
    found = [
        _(
            "%(name)s: one %(focus)s seat among %(others)s ones wins %(rate)s, "
            "%(edge)s over the others: %(verdict)s."
        )
        % {
            "name": experiment_name(name, _),
            "focus": fig["focus"],
            "others": fig["others"],
            "rate": percent(fig["win"]),
            "edge": points(edge, _),
            "verdict": _focus_verdict(name, edge, _),
        }
    ]
    for key, line in (
        ("chips", N_("  Its chips per game, minus the others' mean: %(edge)s: %(shown)s.")),
        ("points", N_("  Its points per game, minus the others' mean: %(edge)s: %(shown)s.")),
    ):
        if f"{key}_edge" in fig:
            edge = fig[f"{key}_edge"]
            shown = _("a real difference") if _real(edge) else _("no difference shown")
            found.append(_(line) % {"edge": signed(edge, _), "shown": shown})
    if name != "skill" and "after_focus" in fig:
        found.append(_gains_finding(fig["after_focus"], _))
    return found


def _gains_finding(after: list[Figures], _: Translate) -> str:
    """Who gains from the focus seat, by place after it: kingmaking shows as a real edge."""
    seats = "; ".join(
        _("%(ordinal)s after it %(rate)s")
        % {"ordinal": ordinal(row["after"], _), "rate": percent(row["win"])}
        for row in after
    )
    gaining = [row for row in after if _real(row["edge"]) and row["edge"]["value"] > 0]
    if not gaining:
        verdict = _("no seat gains more than the others")
    else:
        verdict = "; ".join(
            _("the %(ordinal)s seat after it gains %(edge)s over the others")
            % {"ordinal": ordinal(row["after"], _), "edge": points(row["edge"], _)}
            for row in gaining
        )
    return _("  Who gains: %(seats)s: %(verdict)s.") % {"seats": seats, "verdict": verdict}


def ordinal(k: int, _: Translate = english) -> str:
    """``k`` as an ordinal number (1st, 2nd, …) in the chosen words."""
    words = {1: _("1st"), 2: _("2nd"), 3: _("3rd")}
    return words.get(k) or _("%(k)dth") % {"k": k}


def match_findings(fig: Figures, alpha: float, _: Translate = english) -> list[str]:
    """Findings in words about matches."""
    d, played = fig["deals"], (fig["games"], "matches")
    return [
        _("A match lasts %(mean)s deals %(interval)s; %(shared)s of matches end in a shared win.")
        % {
            "mean": f"{d['mean']['value']:.2f}",
            "interval": bounds(d["mean"], ".2f", 1, _),
            "shared": percent(fig["shared"]),
        },
        _seats_finding(_("Match wins by seat"), fig["wins"], alpha, (fig["games"], "matches"), _),
        *(
            [_teams_finding(_("Match wins by team"), fig["teams"], alpha, played, _)]
            if "teams" in fig
            else []
        ),
    ]


def findings(experiments: Figures, alpha: float, _: Translate = english) -> list[str]:
    """Every finding of an analysis, in words, in a fixed order."""
    found: list[str] = []
    for name, fig in experiments.items():
        if fig["games"] == 0:
            found.append(
                _("%(name)s: not played (the run was interrupted).")
                % {"name": experiment_name(name, _)}
            )
        elif name == "main":
            found += deal_findings(fig, alpha, _=_)
        elif name == "session":
            found += match_findings(fig, alpha, _)
        else:
            found += focus_findings(fig, name, _)
    return found


#: The measures ``compare`` reports, by their key's first word (``win 2``: seat 2's).
MEASURE_NAMES = {
    "win": N_("seat %(seat)d win rate"),
    "leader win": N_("leader win rate"),
    "leader edge": N_("leader edge over the others"),
    "blocked": N_("blocked deals"),
    "decisions": N_("decisions per deal"),
    "passes": N_("passes per deal"),
    "focus win": N_("focus seat's win edge"),
    "focus chips": N_("focus seat's chip edge"),
    "focus points": N_("focus seat's point edge"),
    "deals": N_("deals per match"),
    "shared": N_("shared match wins"),
    "chips": N_("seat %(seat)d chips"),
    "points": N_("seat %(seat)d points"),
}


def measure_name(key: str, _: Translate = english) -> str:
    """A measure's label (``win 2``: "seat 2 win rate") in the chosen words."""
    if key in MEASURE_NAMES:
        return _(MEASURE_NAMES[key])
    first, _space, seat = key.rpartition(" ")
    return _(MEASURE_NAMES[first]) % {"seat": int(seat)}


def difference_findings(
    rows: list[Figures], confidence: float, _: Translate = english
) -> list[str]:
    """Which differences are real at ``confidence``, in words."""
    real = [row for row in rows if row["real"]]
    # Many measures are tested at once: some show as real by chance alone; say how many.
    chance = _("by chance alone about %(expected)s of %(count)d would") % {
        "expected": f"{len(rows) * (1 - confidence):.1f}",
        "count": len(rows),
    }
    level = f"{confidence:.0%}"
    if not real:
        return [
            _("No difference is real at %(level)s confidence (%(chance)s).")
            % {"level": level, "chance": chance}
        ]
    found = [
        _("%(measure)s: %(a)s vs %(b)s, difference %(difference)s — real at %(level)s.")
        % {
            "measure": measure_name(row["key"], _),
            "a": f"{row['a']:.4g}",
            "b": f"{row['b']:.4g}",
            "difference": signed(row["difference"], _),
            "level": level,
        }
        for row in real
    ]
    if len(real) <= len(rows) * (1 - confidence) * 2:
        found.append(
            _(
                "%(real)d of %(count)d measures differ, %(chance)s: treat a lone, "
                "barely real difference with caution."
            )
            % {"real": len(real), "count": len(rows), "chance": chance}
        )
    return found


def comparison_findings(
    experiments: Figures, confidence: float, _: Translate = english
) -> list[str]:
    """Every finding of a comparison (``compare``'s experiments, side by side), in words:
    the real differences of each experiment both rule sets played, and the findings of one
    only one of them played."""
    found: list[str] = []
    for name, experiment in experiments.items():
        label = experiment_name(name, _) if _ is not english else name
        if experiment["a"] is None or experiment["b"] is None:
            side = "a" if experiment["a"] is not None else "b"
            lines = findings({name: experiment[side]}, 1 - confidence, _)
            prefix = _("[%(name)s, %(side)s only]") % {"name": label, "side": side.upper()}
        else:
            lines = difference_findings(experiment["differences"], confidence, _)
            prefix = f"[{label}]"
        found += [f"{prefix} {line}" for line in lines]
    return found


def pairing_note(same_deck: bool, _: Translate = english) -> str:
    """What game ``g`` of the two rule sets shares."""
    if same_deck:
        return _("game g of both rule sets: same seed, dealer, shuffle, seats and strategies")
    return _(
        "the rule sets deal different decks, so game g shares only its seed, dealer, seats "
        "and strategies; the shuffles differ and the pairs are independent, so the intervals "
        "are valid but as wide as unpaired ones"
    )
