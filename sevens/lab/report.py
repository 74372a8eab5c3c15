"""A self-contained HTML report of ``sevens analyse`` or ``sevens compare``.

Plots are drawn with matplotlib's object API (:class:`matplotlib.figure.Figure`,
never pyplot's global state) and inlined as SVG, so the page needs no other
file and no network.  The same result always gives the same page: the SVG
ids are salted with a constant and carry no date.  Every text taken from the
run (variant names, findings) is HTML-escaped.
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import matplotlib
from matplotlib.axes import Axes
from matplotlib.figure import Figure

Side = tuple[str, dict[str, Any]]  # (label, the experiments' figures of one rule set)


@dataclass(frozen=True)
class Context:
    """What the page says besides the figures: the rules played and how to play them again."""

    reproduce: str = ""  # the command line that plays the same games
    version: str = ""  # of the program that played them
    rules: str = ""  # the rule set's summary, or `sevens diff A B` (Markdown bullets)


COLOURS = ("#1f77b4", "#d62728")
PAGE_STYLE = """
body { font-family: system-ui, sans-serif; max-width: 1100px; margin: 2em auto; color: #222; }
h1 { font-size: 1.6em; } h2 { font-size: 1.2em; margin-top: 2em; }
figure { margin: 1em 0; } figcaption { color: #555; font-size: 0.9em; }
table { border-collapse: collapse; } td, th { padding: 0.2em 0.8em; text-align: right; }
th:first-child, td:first-child { text-align: left; } tr.real td { font-weight: bold; }
.partial { color: #b00; font-weight: bold; }
"""
# Counts the plots the browser actually laid out: lets a headless browser test check rendering.
CHECK_SCRIPT = """
window.addEventListener('load', function () {
  var svgs = document.querySelectorAll('figure svg'), drawn = 0, broken = 0;
  svgs.forEach(function (s) { var b = s.getBBox(); if (b.width > 0 && b.height > 0) drawn++; });
  document.querySelectorAll('img').forEach(function (i) { if (!i.naturalWidth) broken++; });
  document.body.setAttribute('data-plots-drawn', drawn);
  document.body.setAttribute('data-broken-images', broken);
});
"""


def _svg(draw: Callable[[Figure], None], width: float = 10.0, height: float = 3.6) -> str:
    """Draw on a fresh Figure and return it as inline SVG markup."""
    figure = Figure(figsize=(width, height), layout="constrained")
    draw(figure)
    buffer = io.StringIO()
    with matplotlib.rc_context({"svg.hashsalt": "sevens-lab", "svg.fonttype": "path"}):
        figure.savefig(buffer, format="svg", metadata={"Date": None})
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _bars_with_intervals(
    ax: Axes,
    sides: list[Side],
    pick: Callable[[dict[str, Any]], list[dict[str, float]]],
    title: str,
) -> None:
    width = 0.8 / len(sides)
    for k, (label, experiments) in enumerate(sides):
        rates = pick(experiments)
        xs = [i + (k - (len(sides) - 1) / 2) * width for i in range(len(rates))]
        values = [r["value"] for r in rates]
        errors = [[r["value"] - r["low"] for r in rates], [r["high"] - r["value"] for r in rates]]
        ax.bar(xs, values, width, yerr=errors, capsize=3, color=COLOURS[k], alpha=0.8, label=label)
    count = len(pick(sides[0][1]))
    ax.set_xticks(range(count))
    ax.set_title(title)
    ax.yaxis.set_major_formatter(matplotlib.ticker.PercentFormatter(1.0))
    if len(sides) > 1:
        ax.legend()


def _fair_line(ax: Axes, players: int) -> None:
    ax.axhline(1 / players, color="#444", linestyle="--", linewidth=1, label="1 / players")


def _wins_plot(sides: list[Side], players: int) -> str:
    def draw(figure: Figure) -> None:
        left, right = figure.subplots(1, 2)
        _bars_with_intervals(left, sides, lambda e: e["main"]["wins"]["rates"], "Win rate by seat")
        left.set_xlabel("seat")
        _bars_with_intervals(
            right, sides, lambda e: e["main"]["positions"]["rates"], "Win rate by position"
        )
        right.set_xlabel("seats from the dealer's left (0 = left of the dealer)")
        _fair_line(left, players)
        _fair_line(right, players)

    return _svg(draw)


def _histogram(
    ax: Axes,
    sides: list[Side],
    pick: Callable[[dict[str, Any]], dict[str, int]],
    title: str,
    xlabel: str,
) -> None:
    """Shares of each integer value, as steps over unit-wide bins (one value still shows)."""
    for k, (label, experiments) in enumerate(sides):
        counts = {int(v): c for v, c in pick(experiments).items()}
        if not counts:
            continue
        low, high = min(counts), max(counts)
        total = sum(counts.values())
        shares = [counts.get(v, 0) / total for v in range(low, high + 1)]
        edges = [v - 0.5 for v in range(low, high + 2)]
        ax.stairs(shares, edges, color=COLOURS[k], fill=len(sides) == 1, alpha=0.8, label=label)
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel("share of matches" if "match" in xlabel else "share of deals")
    if len(sides) > 1:
        ax.legend()


def _length_plot(sides: list[Side]) -> str:
    def draw(figure: Figure) -> None:
        left, right = figure.subplots(1, 2)
        _histogram(
            left,
            sides,
            lambda e: e["main"]["decisions"]["histogram"],
            "Deal length",
            "decisions per deal",
        )
        _histogram(
            right, sides, lambda e: e["main"]["passes"]["histogram"], "Passes", "passes per deal"
        )

    return _svg(draw)


def _scores_plot(sides: list[Side], key: str) -> str:
    def draw(figure: Figure) -> None:
        left, right = figure.subplots(1, 2)
        width = 0.8 / len(sides)
        for k, (label, experiments) in enumerate(sides):
            means = experiments["main"][key]["mean"]
            xs = [i + (k - (len(sides) - 1) / 2) * width for i in range(len(means))]
            errors = [
                [m["value"] - m["low"] for m in means],
                [m["high"] - m["value"] for m in means],
            ]
            left.bar(
                xs,
                [m["value"] for m in means],
                width,
                yerr=errors,
                capsize=3,
                color=COLOURS[k],
                alpha=0.8,
                label=label,
            )
        left.axhline(0, color="#444", linewidth=1)
        left.set_xticks(range(len(sides[0][1]["main"][key]["mean"])))
        left.set_title(f"Mean {key} per deal by seat")
        left.set_xlabel("seat")
        _histogram(
            right,
            sides,
            lambda e: e["main"][key]["histogram"],
            f"Distribution of {key}",
            f"{key} of one seat in one deal",
        )

    return _svg(draw)


def _edges_plot(sides: list[Side]) -> str:
    """Leader, skill and penalty edges (win rate over the other seats) with intervals."""
    rows: list[tuple[str, dict[str, float], int]] = []
    for k, (label, experiments) in enumerate(sides):
        suffix = f" ({label})" if len(sides) > 1 else ""
        rows.append((f"leader{suffix}", experiments["main"]["leader"]["edge"], k))
        for name in ("skill", "penalty"):
            if _played([sides[k]], name):  # a side without voluntary passing has no penalty
                figure = experiments[name]
                rows.append((f"{name}: {figure['focus']}{suffix}", figure["edge"], k))

    def draw(figure: Figure) -> None:
        ax = figure.subplots()
        for y, (_, edge, k) in enumerate(rows):
            ax.errorbar(
                [100 * edge["value"]],
                [y],
                xerr=[
                    [100 * (edge["value"] - edge["low"])],
                    [100 * (edge["high"] - edge["value"])],
                ],
                fmt="o",
                color=COLOURS[k],
                capsize=4,
            )
        ax.axvline(0, color="#444", linewidth=1)
        ax.set_yticks(range(len(rows)), [r[0] for r in rows])
        ax.invert_yaxis()
        ax.set_xlabel("win rate minus the other seats' mean, percentage points")
        ax.set_title("Who gains: the leader, a better player, a withholding player")

    return _svg(draw, height=1.2 + 0.45 * len(rows))


def _session_plot(sides: list[Side]) -> str:
    """Match length (when matches differ in length) and match wins by seat."""
    lengths = [e["session"]["deals"]["histogram"] for _, e in sides]
    varied = any(len(histogram) > 1 for histogram in lengths)

    def draw(figure: Figure) -> None:
        if varied:
            left, right = figure.subplots(1, 2)
            _histogram(
                left,
                sides,
                lambda e: e["session"]["deals"]["histogram"],
                "Match length",
                "deals per match",
            )
        else:  # every match as long as the session says: one bar would say nothing
            right = figure.subplots()
        _bars_with_intervals(
            right,
            sides,
            lambda e: e["session"]["wins"]["rates"],
            "Match wins by seat (sole winner)",
        )
        right.set_xlabel("seat")

    return _svg(draw)


def _session_caption(sides: list[Side]) -> str:
    fixed = [
        next(iter(e["session"]["deals"]["histogram"]))
        for _, e in sides
        if len(e["session"]["deals"]["histogram"]) == 1
    ]
    if len(fixed) == len(sides) and len(set(fixed)) == 1:
        return f"Matches as the session rules say: every match lasted {fixed[0]} deals."
    return "Matches as the session rules say."


def _differences_plot(rows: list[dict[str, Any]], title: str) -> str:
    def draw(figure: Figure) -> None:
        ax = figure.subplots()
        for y, row in enumerate(rows):
            d = row["difference"]
            colour = COLOURS[1] if row["real"] else "#888"
            ax.errorbar(
                [d["value"]],
                [y],
                xerr=[[d["value"] - d["low"]], [d["high"] - d["value"]]],
                fmt="o",
                color=colour,
                capsize=4,
            )
        ax.axvline(0, color="#444", linewidth=1)
        ax.set_yticks(range(len(rows)), [r["measure"] for r in rows])
        ax.invert_yaxis()
        ax.set_title(title + " (red: real difference)")
        ax.set_xlabel("A − B")

    return _svg(draw, height=1.2 + 0.35 * len(rows))


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def _played(sides: list[Side], name: str) -> bool:
    return all(name in e and e[name]["games"] > 0 for _, e in sides)


def _plots(sides: list[Side], players: int) -> list[str]:
    """The plots of the experiments every side played (an interrupted run may lack some)."""
    if not _played(sides, "main"):
        return []
    parts = [
        _figure(
            _wins_plot(sides, players),
            "Win rates with their intervals; the dashed line is an equal share.",
        ),
        _figure(
            _edges_plot(sides),
            "Edges with their intervals; an interval that excludes 0 is a real effect.",
        ),
        _figure(_length_plot(sides), "How long deals last (share of deals)."),
    ]
    for key in ("chips", "points"):
        if all(key in side[1]["main"] for side in sides):
            parts.append(
                _figure(_scores_plot(sides, key), f"{key.capitalize()} won or lost per deal.")
            )
    if _played(sides, "session"):
        parts.append(_figure(_session_plot(sides), _session_caption(sides)))
    return parts


def _findings(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def _difference_table(rows: list[dict[str, Any]]) -> str:
    head = "<tr><th>measure</th><th>A</th><th>B</th><th>A − B</th><th>interval</th><th></th></tr>"
    body = "".join(
        f'<tr class="{"real" if r["real"] else ""}"><td>{html.escape(r["measure"])}</td>'
        f"<td>{r['a']:.4g}</td><td>{r['b']:.4g}</td><td>{r['difference']['value']:+.4g}</td>"
        f"<td>[{r['difference']['low']:+.4g}, {r['difference']['high']:+.4g}]</td>"
        f"<td>{'real' if r['real'] else ''}</td></tr>"
        for r in rows
    )
    return f"<table>{head}{body}</table>"


def _interval(figure: dict[str, Any], percent: bool) -> str:
    if percent:
        return f"{figure['value']:.1%} [{figure['low']:.1%}, {figure['high']:.1%}]"
    low, high = figure.get("low"), figure.get("high")
    if low is None or high is None or low != low or high != high:
        return f"{figure['value']:+.3g}"
    return f"{figure['value']:+.3g} [{low:+.3g}, {high:+.3g}]"


def _points(figure: dict[str, Any]) -> str:
    """A difference of shares in percentage points, with its interval."""
    value, low, high = (100 * figure[key] for key in ("value", "low", "high"))
    return f"{value:+.1f} points [{low:+.1f}, {high:+.1f}]"


def _seat_table(sides: list[Side], players: int) -> str:
    """Win rate (and chips, points) of every seat with its interval: the numbers plotted."""
    measures = ["win rate"] + [
        key for key in ("chips", "points") if all(key in e["main"] for _, e in sides)
    ]

    def cell(experiments: dict[str, Any], measure: str, seat: int) -> str:
        if measure == "win rate":
            return _interval(experiments["main"]["wins"]["rates"][seat], True)
        return _interval(experiments["main"][measure]["mean"][seat], False)

    prefix = [f"{label}: " if len(sides) > 1 else "" for label, _ in sides]
    head = "<tr><th>seat</th>" + "".join(
        f"<th>{html.escape(prefix[k] + measure)}</th>"
        for k in range(len(sides))
        for measure in measures
    )
    rows = "".join(
        f"<tr><td>{seat}</td>"
        + "".join(
            f"<td>{html.escape(cell(experiments, measure, seat))}</td>"
            for _, experiments in sides
            for measure in measures
        )
        + "</tr>"
        for seat in range(players)
    )
    return f"<table>{head}</tr>{rows}</table>"


def _gains_table(sides: list[Side]) -> str:
    """Who gains from a withholding seat, by place after it (kingmaking shows here)."""
    parts = []
    for label, experiments in sides:
        after = experiments.get("penalty", {}).get("after_focus")
        if not after:
            continue
        rows = "".join(
            f"<tr><td>{row['after']}</td><td>{_interval(row['win'], True)}</td>"
            f"<td>{html.escape(_points(row['edge']))}</td></tr>"
            for row in after
        )
        parts.append(
            f"<h3>{html.escape(label)}: who gains from the withholding seat</h3>"
            "<table><tr><th>seats after it</th><th>win rate</th>"
            "<th>win rate minus the other seats' (not the withholding one's)</th></tr>"
            + rows
            + "</table>"
        )
    return "".join(parts)


def _rules_section(context: Context, title: str) -> str:
    """The rules played (a summary, or the differences as `sevens diff` says them)."""
    if not context.rules:
        return ""
    items, paragraphs = [], []
    for line in context.rules.replace("**", "").splitlines():
        text = line.strip()
        if text.startswith("- "):
            items.append(f"<li>{html.escape(text[2:])}</li>")
        elif text:
            paragraphs.append(f"<p>{html.escape(text)}</p>")
    listed = f"<ul>{''.join(items)}</ul>" if items else ""
    return f"<h2>{html.escape(title)}</h2>{''.join(paragraphs)}{listed}"


def _reproduce_section(context: Context) -> str:
    if not context.reproduce:
        return ""
    return (
        "<h2>Play these games again</h2>"
        f"<pre>{html.escape(context.reproduce)}</pre>"
        f"<p>sevens {html.escape(context.version)}; the same command gives the same figures "
        "with any number of jobs.</p>"
    )


def _page(title: str, result: dict[str, Any], body: list[str]) -> str:
    partial = (
        f'<p class="partial">Interrupted: partial results from {result["played"]} of '
        f"{result['planned']} games.</p>"
        if result["partial"]
        else ""
    )
    setting = html.escape(
        f"{result['players']} players ({', '.join(result['seats'])}), seed {result['seed']}, "
        f"{result['games']} games per experiment, intervals at {result['confidence']:.0%}."
    )
    return (
        '<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_STYLE}</style>"
        f"<script>{CHECK_SCRIPT}</script></head><body>"
        f"<h1>{html.escape(title)}</h1>{partial}<p>{setting}</p>"
        + "".join(body)
        + "</body></html>\n"
    )


def render(result: dict[str, Any], context: Context | None = None) -> str:
    """The HTML page of an ``analyse`` or ``compare`` result."""
    context = context or Context()
    if result["command"] == "compare":
        return _render_comparison(result, context)
    sides = [(result["variant"], result["experiments"])]
    body = [
        _rules_section(context, "The rules"),
        "<h2>Findings</h2>",
        _findings(result["findings"]),
    ]
    if _played(sides, "main"):
        body += ["<h2>Seats</h2>", _seat_table(sides, result["players"])]
    body += [_gains_table(sides), "<h2>Plots</h2>"]
    body += _plots(sides, result["players"])
    body.append(_reproduce_section(context))
    return _page(f"Balance report: {result['variant']}", result, body)


#: How compare's measures are grouped into plots: one unit per axis.
MEASURE_GROUPS = (
    ("Shares", ("win", "leader", "blocked", "focus win", "shared")),
    ("Lengths", ("decisions", "passes", "deals")),
    ("Chips", ("chips", "focus chips")),
    ("Points", ("points", "focus points")),
)


def _render_comparison(result: dict[str, Any], context: Context) -> str:
    a, b = result["a"]["variant"], result["b"]["variant"]
    experiments = result["experiments"]
    # an experiment one rule set lacks (withholding without voluntary passing) is None there
    sides = [
        (f"A: {a}", {name: e["a"] for name, e in experiments.items() if e["a"] is not None}),
        (f"B: {b}", {name: e["b"] for name, e in experiments.items() if e["b"] is not None}),
    ]
    body = [
        _rules_section(context, f"What {b} changes of {a}"),
        f"<p>Pairing: {html.escape(result['pairing'])}.</p>",
        "<h2>Findings</h2>",
        _findings(result["findings"]),
    ]
    for name, experiment in experiments.items():
        rows = experiment["differences"]
        if not rows:
            continue  # played by one rule set only: in the findings and side by side
        body.append(f"<h2>Differences: {html.escape(name)}</h2>" + _difference_table(rows))
        for title, keys in MEASURE_GROUPS:
            group = [r for r in rows if _in_group(r["key"], keys)]
            if group:
                body.append(
                    _figure(
                        _differences_plot(group, f"{name}: {title.lower()}"),
                        f"{title}: A − B with intervals.",
                    )
                )
    body.append("<h2>Side by side</h2>")
    if _played(sides, "main"):
        body.append(_seat_table(sides, result["players"]))
    body.append(_gains_table(sides))
    body += _plots(sides, result["players"])
    body.append(_reproduce_section(context))
    return _page(f"Balance comparison: {a} vs {b}", result, body)


def _in_group(key: str, group: tuple[str, ...]) -> bool:
    """Whether a measure belongs to a group: ``chips 2`` to chips, ``leader edge`` to leader."""
    return any(key == name or key.startswith(name + " ") for name in group)
