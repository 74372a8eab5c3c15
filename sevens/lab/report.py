"""A self-contained HTML report of ``sevens analyse`` or ``sevens compare``.

Plots are drawn with matplotlib's object API (:class:`matplotlib.figure.Figure`,
never pyplot's global state) and inlined as SVG, so the page needs no other
file and no network.  The same result always gives the same page: the SVG
ids are salted with a constant and carry no date.  Every text taken from the
run (variant names, findings) is HTML-escaped.

The page is written in one of the nine languages (:mod:`.i18n`, English by default): its
headings, tables, plots and findings (made again from the figures in that language; the
JSON keeps them in English).
"""

from __future__ import annotations

import html
import io
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import matplotlib
from matplotlib import font_manager
from matplotlib.axes import Axes
from matplotlib.figure import Figure

from . import figures as words
from .i18n import N_, Translate, translator

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


#: Fonts with Japanese characters, by file name, that a system may have: matplotlib's own
#: DejaVu Sans has none, and falls back to these glyph by glyph.
CJK_FONT_FILES = (
    "ipag",
    "ipagp",
    "fonts-japanese-gothic",
    "notosanscjk",
    "notosansjp",
    "droidsansfallback",
)


@contextmanager
def _plot_fonts(lang: str) -> Iterator[None]:
    """The plots' fonts: DejaVu Sans, and for Japanese a font of the system that has its
    characters (when none is found, the plots show the missing characters as boxes)."""
    families = ["DejaVu Sans", *(_cjk_families() if lang == "ja" else [])]
    with matplotlib.rc_context({"font.family": families}):
        yield


@cache
def _cjk_families() -> list[str]:
    """The family names of the Japanese fonts found on this system, added to matplotlib's
    list (which may have been made before they were installed)."""
    manager = font_manager.fontManager
    found: list[str] = []
    for path in font_manager.findSystemFonts():
        stem = Path(path).stem.lower().replace("-", "").replace("_", "")
        if any(stem.startswith(name.replace("-", "")) for name in CJK_FONT_FILES):
            manager.addfont(path)
            found.append(font_manager.FontProperties(fname=path).get_name())
    return list(dict.fromkeys(found))


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


def _fair_line(ax: Axes, players: int, _: Translate) -> None:
    ax.axhline(1 / players, color="#444", linestyle="--", linewidth=1, label=_("1 / players"))


def _wins_plot(sides: list[Side], players: int, _: Translate) -> str:
    def draw(figure: Figure) -> None:
        left, right = figure.subplots(1, 2)
        rates = _("Win rate by seat")
        _bars_with_intervals(left, sides, lambda e: e["main"]["wins"]["rates"], rates)
        left.set_xlabel(_("seat"))
        _bars_with_intervals(
            right, sides, lambda e: e["main"]["positions"]["rates"], _("Win rate by position")
        )
        right.set_xlabel(_("seats from the dealer's left (0 = left of the dealer)"))
        _fair_line(left, players, _)
        _fair_line(right, players, _)

    return _svg(draw)


def _histogram(
    ax: Axes,
    sides: list[Side],
    pick: Callable[[dict[str, Any]], dict[str, int]],
    labels: tuple[str, str, str],
) -> None:
    """Shares of each integer value, as steps over unit-wide bins (one value still shows);
    ``labels``: the title, the x axis's and the y axis's."""
    for k, (label, experiments) in enumerate(sides):
        counts = {int(v): c for v, c in pick(experiments).items()}
        if not counts:
            continue
        low, high = min(counts), max(counts)
        total = sum(counts.values())
        shares = [counts.get(v, 0) / total for v in range(low, high + 1)]
        edges = [v - 0.5 for v in range(low, high + 2)]
        ax.stairs(shares, edges, color=COLOURS[k], fill=len(sides) == 1, alpha=0.8, label=label)
    title, xlabel, ylabel = labels
    ax.set_title(title)
    ax.set_xlabel(xlabel)
    ax.set_ylabel(ylabel)
    if len(sides) > 1:
        ax.legend()


def _length_plot(sides: list[Side], _: Translate) -> str:
    def draw(figure: Figure) -> None:
        left, right = figure.subplots(1, 2)
        deals = _("share of deals")
        _histogram(
            left,
            sides,
            lambda e: e["main"]["decisions"]["histogram"],
            (_("Deal length"), _("decisions per deal"), deals),
        )
        _histogram(
            right,
            sides,
            lambda e: e["main"]["passes"]["histogram"],
            (_("Passes"), _("passes per deal"), deals),
        )

    return _svg(draw)


#: The score plots' words, by the score's key.
SCORE_LABELS = {
    "chips": (
        N_("Mean chips per deal by seat"),
        N_("Distribution of chips"),
        N_("chips of one seat in one deal"),
        N_("Chips won or lost per deal."),
    ),
    "points": (
        N_("Mean points per deal by seat"),
        N_("Distribution of points"),
        N_("points of one seat in one deal"),
        N_("Points won or lost per deal."),
    ),
}


def _scores_plot(sides: list[Side], key: str, _: Translate) -> str:
    mean_title, title, xlabel, _caption = (_(text) for text in SCORE_LABELS[key])

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
        left.set_title(mean_title)
        left.set_xlabel(_("seat"))
        _histogram(
            right,
            sides,
            lambda e: e["main"][key]["histogram"],
            (title, xlabel, _("share of deals")),
        )

    return _svg(draw)


def _edges_plot(sides: list[Side], _: Translate) -> str:
    """Leader, skill and penalty edges (win rate over the other seats) with intervals."""
    rows: list[tuple[str, dict[str, float], int]] = []
    for k, (label, experiments) in enumerate(sides):
        suffix = f" ({label})" if len(sides) > 1 else ""
        rows.append((_("leader") + suffix, experiments["main"]["leader"]["edge"], k))
        for name in ("skill", "penalty"):
            if _played([sides[k]], name):  # a side without voluntary passing has no penalty
                figure = experiments[name]
                named = f"{words.experiment_name(name, _)}: {figure['focus']}{suffix}"
                rows.append((named, figure["edge"], k))

    def draw(figure: Figure) -> None:
        ax = figure.subplots()
        for y, (_name, edge, k) in enumerate(rows):
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
        ax.set_xlabel(_("win rate minus the other seats' mean, percentage points"))
        ax.set_title(_("Who gains: the leader, a better player, a withholding player"))

    return _svg(draw, height=1.2 + 0.45 * len(rows))


def _session_plot(sides: list[Side], _: Translate) -> str:
    """Match length (when matches differ in length) and match wins by seat."""
    lengths = [e["session"]["deals"]["histogram"] for _label, e in sides]
    varied = any(len(histogram) > 1 for histogram in lengths)

    def draw(figure: Figure) -> None:
        if varied:
            left, right = figure.subplots(1, 2)
            _histogram(
                left,
                sides,
                lambda e: e["session"]["deals"]["histogram"],
                (_("Match length"), _("deals per match"), _("share of matches")),
            )
        else:  # every match as long as the session says: one bar would say nothing
            right = figure.subplots()
        _bars_with_intervals(
            right,
            sides,
            lambda e: e["session"]["wins"]["rates"],
            _("Match wins by seat (sole winner)"),
        )
        right.set_xlabel(_("seat"))

    return _svg(draw)


def _session_caption(sides: list[Side], _: Translate) -> str:
    fixed = [
        next(iter(e["session"]["deals"]["histogram"]))
        for _label, e in sides
        if len(e["session"]["deals"]["histogram"]) == 1
    ]
    if len(fixed) == len(sides) and len(set(fixed)) == 1:
        return _("Matches as the session rules say: every match lasted %(deals)s deals.") % {
            "deals": fixed[0]
        }
    return _("Matches as the session rules say.")


def _differences_plot(rows: list[dict[str, Any]], title: str, _: Translate) -> str:
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
        ax.set_yticks(range(len(rows)), [words.measure_name(r["key"], _) for r in rows])
        ax.invert_yaxis()
        ax.set_title(_("%(title)s (red: real difference)") % {"title": title})
        ax.set_xlabel("A − B")

    return _svg(draw, height=1.2 + 0.35 * len(rows))


def _figure(svg: str, caption: str) -> str:
    return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"


def _played(sides: list[Side], name: str) -> bool:
    return all(name in e and e[name]["games"] > 0 for _label, e in sides)


def _plots(sides: list[Side], players: int, _: Translate) -> list[str]:
    """The plots of the experiments every side played (an interrupted run may lack some)."""
    if not _played(sides, "main"):
        return []
    parts = [
        _figure(
            _wins_plot(sides, players, _),
            _("Win rates with their intervals; the dashed line is an equal share."),
        ),
        _figure(
            _edges_plot(sides, _),
            _("Edges with their intervals; an interval that excludes 0 is a real effect."),
        ),
        _figure(_length_plot(sides, _), _("How long deals last (share of deals).")),
    ]
    for key in ("chips", "points"):
        if all(key in side[1]["main"] for side in sides):
            parts.append(_figure(_scores_plot(sides, key, _), _(SCORE_LABELS[key][3])))
    if _played(sides, "session"):
        parts.append(_figure(_session_plot(sides, _), _session_caption(sides, _)))
    return parts


def _h2(text: str) -> str:
    return f"<h2>{html.escape(text)}</h2>"


def _findings(lines: list[str]) -> str:
    return "<ul>" + "".join(f"<li>{html.escape(line)}</li>" for line in lines) + "</ul>"


def _difference_table(rows: list[dict[str, Any]], _: Translate) -> str:
    head = "".join(
        f"<th>{html.escape(text)}</th>"
        for text in (_("measure"), "A", "B", "A − B", _("interval"), "")
    )
    real = html.escape(_("real"))
    body = "".join(
        f'<tr class="{"real" if r["real"] else ""}">'
        f"<td>{html.escape(words.measure_name(r['key'], _))}</td>"
        f"<td>{r['a']:.4g}</td><td>{r['b']:.4g}</td><td>{r['difference']['value']:+.4g}</td>"
        f"<td>[{r['difference']['low']:+.4g}, {r['difference']['high']:+.4g}]</td>"
        f"<td>{real if r['real'] else ''}</td></tr>"
        for r in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(figure: dict[str, Any], percent: bool) -> str:
    if percent:
        return f"{figure['value']:.1%} [{figure['low']:.1%}, {figure['high']:.1%}]"
    low, high = figure.get("low"), figure.get("high")
    if low is None or high is None or low != low or high != high:
        return f"{figure['value']:+.3g}"
    return f"{figure['value']:+.3g} [{low:+.3g}, {high:+.3g}]"


def _seat_table(sides: list[Side], players: int, _: Translate) -> str:
    """Win rate (and chips, points) of every seat with its interval: the numbers plotted."""
    shown = {"win rate": _("win rate"), "chips": _("chips"), "points": _("points")}
    measures = ["win rate"] + [
        key for key in ("chips", "points") if all(key in e["main"] for _label, e in sides)
    ]

    def cell(experiments: dict[str, Any], measure: str, seat: int) -> str:
        if measure == "win rate":
            return _interval(experiments["main"]["wins"]["rates"][seat], True)
        return _interval(experiments["main"][measure]["mean"][seat], False)

    prefix = [f"{label}: " if len(sides) > 1 else "" for label, _e in sides]
    seat = html.escape(_("seat"))
    head = f"<tr><th>{seat}</th>" + "".join(
        f"<th>{html.escape(prefix[k] + shown[measure])}</th>"
        for k in range(len(sides))
        for measure in measures
    )
    rows = "".join(
        f"<tr><td>{seat}</td>"
        + "".join(
            f"<td>{html.escape(cell(experiments, measure, seat))}</td>"
            for _label, experiments in sides
            for measure in measures
        )
        + "</tr>"
        for seat in range(players)
    )
    return f"<table>{head}</tr>{rows}</table>"


def _gains_table(sides: list[Side], _: Translate) -> str:
    """Who gains from a withholding seat, by place after it (kingmaking shows here)."""
    parts = []
    head = "".join(
        f"<th>{html.escape(text)}</th>"
        for text in (
            _("seats after it"),
            _("win rate"),
            _("win rate minus the other seats' (not the withholding one's)"),
        )
    )
    for label, experiments in sides:
        after = experiments.get("penalty", {}).get("after_focus")
        if not after:
            continue
        rows = "".join(
            f"<tr><td>{row['after']}</td><td>{_interval(row['win'], True)}</td>"
            f"<td>{html.escape(words.points(row['edge'], _))}</td></tr>"
            for row in after
        )
        title = _("%(label)s: who gains from the withholding seat") % {"label": label}
        parts.append(f"<h3>{html.escape(title)}</h3><table><tr>{head}</tr>{rows}</table>")
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


def _reproduce_section(context: Context, _: Translate) -> str:
    if not context.reproduce:
        return ""
    note = _("sevens %(version)s; the same command gives the same figures with any number of jobs.")
    return (
        _h2(_("Play these games again")) + f"<pre>{html.escape(context.reproduce)}</pre>"
        f"<p>{html.escape(note % {'version': context.version})}</p>"
    )


def _page(title: str, result: dict[str, Any], body: list[str], lang: str, _: Translate) -> str:
    partial = (
        '<p class="partial">'
        + html.escape(
            _("Interrupted: partial results from %(played)d of %(planned)d games.")
            % {"played": result["played"], "planned": result["planned"]}
        )
        + "</p>"
        if result["partial"]
        else ""
    )
    setting = html.escape(
        _(
            "%(players)d players (%(seats)s), seed %(seed)d, %(games)d games per experiment, "
            "intervals at %(confidence)s."
        )
        % {
            "players": result["players"],
            "seats": ", ".join(result["seats"]),
            "seed": result["seed"],
            "games": result["games"],
            "confidence": f"{result['confidence']:.0%}",
        }
    )
    return (
        f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8">'
        f"<title>{html.escape(title)}</title><style>{PAGE_STYLE}</style>"
        f"<script>{CHECK_SCRIPT}</script></head><body>"
        f"<h1>{html.escape(title)}</h1>{partial}<p>{setting}</p>"
        + "".join(body)
        + "</body></html>\n"
    )


def render(result: dict[str, Any], context: Context | None = None, lang: str = "en") -> str:
    """The HTML page of an ``analyse`` or ``compare`` result, in ``lang``."""
    context = context or Context()
    _ = translator(lang)
    with _plot_fonts(lang):
        if result["command"] == "compare":
            return _render_comparison(result, context, lang, _)
        return _render_analysis(result, context, lang, _)


def _render_analysis(result: dict[str, Any], context: Context, lang: str, _: Translate) -> str:
    sides = [(result["variant"], result["experiments"])]
    found = words.findings(result["experiments"], 1 - result["confidence"], _)
    body = [
        _rules_section(context, _("The rules")),
        _h2(_("Findings")),
        _findings(found),
    ]
    if _played(sides, "main"):
        body += [_h2(_("Seats")), _seat_table(sides, result["players"], _)]
    body += [_gains_table(sides, _), _h2(_("Plots"))]
    body += _plots(sides, result["players"], _)
    body.append(_reproduce_section(context, _))
    title = _("Balance report: %(variant)s") % {"variant": result["variant"]}
    return _page(title, result, body, lang, _)


#: How compare's measures are grouped into plots: one unit per axis.
#: (caption's word, plot title's word, measures).
MEASURE_GROUPS = (
    (N_("Shares"), N_("shares"), ("win", "leader", "blocked", "focus win", "shared")),
    (N_("Lengths"), N_("lengths"), ("decisions", "passes", "deals")),
    (N_("Chips"), N_("chips"), ("chips", "focus chips")),
    (N_("Points"), N_("points"), ("points", "focus points")),
)


def _render_comparison(result: dict[str, Any], context: Context, lang: str, _: Translate) -> str:
    a, b = result["a"]["variant"], result["b"]["variant"]
    experiments = result["experiments"]
    # an experiment one rule set lacks (withholding without voluntary passing) is None there
    sides = [
        (f"A: {a}", {name: e["a"] for name, e in experiments.items() if e["a"] is not None}),
        (f"B: {b}", {name: e["b"] for name, e in experiments.items() if e["b"] is not None}),
    ]
    pairing = _("Pairing: %(pairing)s.") % {
        "pairing": words.pairing_note(result["same_shuffles"], _)
    }
    body = [
        _rules_section(context, _("What %(b)s changes of %(a)s") % {"a": a, "b": b}),
        f"<p>{html.escape(pairing)}</p>",
        _h2(_("Findings")),
        _findings(words.comparison_findings(experiments, result["confidence"], _)),
    ]
    for name, experiment in experiments.items():
        rows = experiment["differences"]
        if not rows:
            continue  # played by one rule set only: in the findings and side by side
        named = words.experiment_name(name, _)
        heading = _("Differences: %(name)s") % {"name": named}
        body.append(f"<h2>{html.escape(heading)}</h2>" + _difference_table(rows, _))
        for title, in_title, keys in MEASURE_GROUPS:
            group = [r for r in rows if _in_group(r["key"], keys)]
            if group:
                plot_title = f"{named}: {_(in_title)}"
                caption = _("%(group)s: A − B with intervals.") % {"group": _(title)}
                body.append(_figure(_differences_plot(group, plot_title, _), caption))
    body.append(_h2(_("Side by side")))
    if _played(sides, "main"):
        body.append(_seat_table(sides, result["players"], _))
    body.append(_gains_table(sides, _))
    body += _plots(sides, result["players"], _)
    body.append(_reproduce_section(context, _))
    title = _("Balance comparison: %(a)s vs %(b)s") % {"a": a, "b": b}
    return _page(title, result, body, lang, _)


def _in_group(key: str, group: tuple[str, ...]) -> bool:
    """Whether a measure belongs to a group: ``chips 2`` to chips, ``leader edge`` to leader."""
    return any(key == name or key.startswith(name + " ") for name in group)
