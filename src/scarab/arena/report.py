"""The arena report: an arena run's sections laid out as Markdown and HTML, charts drawn.

Only layout lives here; what the report says comes from ``stats`` (every game) and
``analytics`` (each game's own questions), all as ``Section`` data. Charts are drawn
on matplotlib ``Figure`` objects directly, so no GUI backend is ever touched.
"""

from __future__ import annotations

import html
import math
import re
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import MaxNLocator

from scarab.arena.analytics import section_for
from scarab.arena.results import read_games, read_spec
from scarab.arena.sections import Cell, Chart, Section, Table
from scarab.arena.spec import ArenaSpec
from scarab.arena.stats import generic_sections
from scarab.core.errors import BadOption, brief
from scarab.core.registry import load

PLOTS = "plots"
CHART_NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
MAX_NAME = 64
MAX_BINS = 40
FIGSIZE = (6.4, 3.6)
CATEGORY_ROOM = 70  # characters of category labels that fit side by side under a chart
ROW_INCHES = 0.24  # height of one row of lying bars
SORT_OVER = 12  # lying bars of more categories than this are sorted by value
HATCHES = ("", "//", "..", "xx")

CSS = """
body { font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }
h1 { border-bottom: 2px solid #c9a227; padding-bottom: .3rem; }
h2 { margin-top: 2.5rem; border-bottom: 1px solid #ddd; }
table { border-collapse: collapse; margin: .5rem 0 1rem; font-size: .92rem; }
th, td { border: 1px solid #ddd; padding: .25rem .6rem; }
th { background: #f4f1e6; text-align: left; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
caption { text-align: left; font-weight: 600; padding: .3rem 0; }
p.note { color: #666; font-size: .85rem; margin-top: -.6rem; }
figure { margin: 1rem 0; }
figure img { max-width: 100%; }
dl.head { display: grid; grid-template-columns: max-content auto; gap: .2rem 1rem; }
dt { font-weight: 600; }
dd { margin: 0; }
"""


def write_report(folder: Path) -> Path:
    """Reads folder/arena.json and folder/games.jsonl, writes report.md, report.html and
    the charts under folder/plots/ (PNG for Markdown, SVG for HTML); the path of report.md."""
    spec = read_spec(folder)
    games = _usable(read_games(folder))
    if not games:
        raise BadOption(f"{folder} holds no finished games yet: run the arena there first")
    sections = [*generic_sections(games), section_for(spec.game, games)]
    sections = [s for s in sections if s.text or s.tables or s.charts]
    charts = [c for s in sections for c in s.charts]
    names = [c.name for c in charts]
    for name in names:
        if names.count(name) > 1:
            raise ValueError(f"two charts are named {brief(name)}: give each its own name")
    plots = folder / PLOTS
    plots.mkdir(exist_ok=True)
    for chart in charts:
        draw(chart, plots)
    head = _header(spec, len(games))
    title = f"Arena report: {load(spec.game).title}"
    (folder / "report.html").write_text(to_html(title, head, sections), encoding="utf-8")
    md = folder / "report.md"
    md.write_text(to_markdown(title, head, sections), encoding="utf-8")
    return md


def _usable(lines: Iterable[dict[str, Any]]) -> list[dict[str, Any]]:
    """The result lines a report can count on, one per game index, in index order."""
    out: dict[int, dict[str, Any]] = {}
    for line in lines:
        seats, scores, winners = line.get("seats"), line.get("scores"), line.get("winners")
        if not (isinstance(seats, list) and isinstance(scores, list) and isinstance(winners, list)):
            continue
        if len(set(seats)) != len(seats) or len(seats) != len(scores):
            continue
        if not all(type(w) is int for w in winners):
            continue
        out.setdefault(line["index"], line)
    return [out[i] for i in sorted(out)]


def _header(spec: ArenaSpec, finished: int) -> list[tuple[str, str]]:
    return [
        ("Game", load(spec.game).title),
        ("Players", ", ".join(spec.entrants)),
        ("Games", f"{finished} finished of {spec.games} planned"),
        ("Seed", str(spec.seed)),
    ]


def chart_path(plots: Path, name: str, suffix: str) -> Path:
    """Where a chart's file goes; a name that could leave ``plots`` is refused."""
    if len(name) > MAX_NAME or not CHART_NAME.fullmatch(name):
        raise ValueError(
            f"chart name {brief(name)} is not lower-case letters, digits and dashes "
            f"(at most {MAX_NAME} characters)"
        )
    return plots / f"{name}.{suffix}"


def draw(chart: Chart, plots: Path) -> None:
    """Draw ``chart`` to plots/<name>.png and plots/<name>.svg."""
    png, svg = chart_path(plots, chart.name, "png"), chart_path(plots, chart.name, "svg")
    fig = figure(chart)
    fig.savefig(png, dpi=100)
    fig.savefig(svg, metadata={"Date": None})


def figure(chart: Chart) -> Figure:
    """The chart as a matplotlib figure. Bars whose category labels would not fit side by
    side lie down (a label per row, the figure as tall as they need), and many categories
    are sorted by value, so every label stays readable at the default size."""
    series = {k: [float(x) for x in v] for k, v in chart.series.items()}
    if chart.kind != "bar":  # a bar keeps its place by category; elsewhere gaps are dropped
        series = {k: [x for x in v if math.isfinite(x)] for k, v in series.items()}
    series = {k: v for k, v in series.items() if v}
    lying = chart.kind == "bar" and bool(series) and _crowded(chart.categories)
    rows = len(chart.categories) * max(1.0, 0.55 * len(series)) if lying else 0
    fig = Figure(figsize=(FIGSIZE[0], max(FIGSIZE[1], 1.1 + ROW_INCHES * rows)))
    ax = fig.add_subplot()
    if not series:
        ax.text(0.5, 0.5, "no data", ha="center", va="center", transform=ax.transAxes)
    elif lying:
        _lying_bars(ax, series, chart)
    elif chart.kind == "bar":
        _bars(ax, series, chart)
    elif chart.kind == "hist":
        _hist(ax, series)
    else:
        ax.boxplot(list(series.values()), tick_labels=list(series))
    fig.suptitle(chart.title, y=1 - 0.08 / fig.get_figheight(), va="top")  # over the figure:
    ax.set_xlabel(chart.ylabel if lying else chart.xlabel)  # a wide left margin moves no title
    ax.set_ylabel(chart.xlabel if lying else chart.ylabel)
    ax.grid(axis="x" if lying else "y", alpha=0.3)
    # Fixed margins: a layout engine would lay the figure out again on every save, doubling
    # the cost of a chart. Lying bars get a left margin as wide as their longest label.
    longest = max((len(c) for c in chart.categories), default=0) if lying else 0
    left = min(0.5, 0.08 + 0.0135 * longest) if lying else 0.11
    height = fig.get_figheight()
    fig.subplots_adjust(
        left=left, right=0.97, top=1 - 0.45 / height, bottom=0.55 / height if lying else 0.16
    )
    return fig


def _colour(chart: Chart, label: str) -> str | None:
    return chart.colours.get(label)


def _bars(ax: Axes, series: Mapping[str, Sequence[float]], chart: Chart) -> None:
    width = 0.8 / len(series)
    by_category = [_colour(chart, c) for c in chart.categories]
    for i, (label, values) in enumerate(series.items()):
        xs = [c + (i - (len(series) - 1) / 2) * width for c in range(len(values))]
        own = _colour(chart, label)
        if own is None and all(by_category):  # categories are the game's colours
            ax.bar(xs, values, width=width, label=label, color=by_category, **_style(i))
        else:
            ax.bar(xs, values, width=width, label=label, color=own)
    ax.set_xticks(range(len(chart.categories)), list(chart.categories))
    if len(series) > 1:
        ax.legend()


def _lying_bars(ax: Axes, series: Mapping[str, Sequence[float]], chart: Chart) -> None:
    """Horizontal bars, one row per category; past SORT_OVER categories the rows are in
    order of the first series, largest at the top."""
    order = list(range(len(chart.categories)))
    if len(order) > SORT_OVER:
        first = next(iter(series.values()))
        order.sort(key=lambda c: -first[c] if math.isfinite(first[c]) else math.inf)
    height = 0.8 / len(series)
    for i, (label, values) in enumerate(series.items()):
        ys = [r + (i - (len(series) - 1) / 2) * height for r in range(len(order))]
        own = _colour(chart, label)
        colours = [_colour(chart, chart.categories[c]) for c in order]
        colour: Any = colours if own is None and all(colours) else own
        style = _style(i) if colour is colours else {}
        ax.barh(ys, [values[c] for c in order], height=height, label=label, color=colour, **style)
    ax.set_yticks(range(len(order)), [chart.categories[c] for c in order])
    ax.invert_yaxis()
    if len(series) > 1:
        ax.legend()


def _style(i: int) -> dict[str, Any]:
    """Series told apart by hatching where the bars take their categories' colours."""
    return {"hatch": HATCHES[i % len(HATCHES)], "edgecolor": "white"}


def _crowded(categories: Sequence[str]) -> bool:
    """Labels that would not fit side by side under the bars: in all, or any one in its
    share of the width."""
    if not categories:
        return False
    share = CATEGORY_ROOM / len(categories)
    return (
        sum(len(c) + 2 for c in categories) > CATEGORY_ROOM or max(map(len, categories)) + 2 > share
    )


def _hist(ax: Axes, series: Mapping[str, Sequence[float]]) -> None:
    """Histograms on shared bins; whole numbers over a small range get one bin each."""
    values = [x for v in series.values() for x in v]
    low, high = min(values), max(values)
    if all(x.is_integer() for x in values) and high - low < MAX_BINS:
        edges = [low - 0.5 + i for i in range(int(high - low) + 2)]
    elif high == low:
        edges = [low - 0.5, low + 0.5]
    else:
        k = min(MAX_BINS, math.ceil(math.sqrt(len(values))))
        edges = [low + (high - low) * i / k for i in range(k + 1)]
    many = len(series) > 1
    for label, v in series.items():
        ax.hist(v, bins=edges, alpha=0.6 if many else 1.0, label=label, edgecolor="white")
    ax.yaxis.set_major_locator(MaxNLocator(integer=True))
    if many:
        ax.legend()


def cell_text(value: Cell) -> str:
    """Numbers as a reader wants them: whole numbers whole, others to two places."""
    if isinstance(value, float):
        if not math.isfinite(value):
            return str(value)
        if value == 0 or abs(value) >= 0.1:
            return f"{value:,.2f}"
        return f"{value:.2g}"
    return str(value)


def _md_cell(value: Cell) -> str:
    return cell_text(value).replace("\\", "\\\\").replace("|", "\\|").replace("\n", " ")


def _md_table(table: Table) -> list[str]:
    out = [f"### {table.title}", ""]
    if table.note:
        out += [f"_{table.note}_", ""]
    out.append("| " + " | ".join(_md_cell(c) for c in table.columns) + " |")
    out.append("|" + "|".join("---" if i == 0 else "---:" for i in range(len(table.columns))) + "|")
    out += ["| " + " | ".join(_md_cell(c) for c in row) + " |" for row in table.rows]
    return [*out, ""]


def to_markdown(title: str, head: Sequence[tuple[str, str]], sections: Sequence[Section]) -> str:
    lines = [f"# {title}", ""]
    lines += [f"- **{key}:** {value}" for key, value in head]
    for section in sections:
        lines += ["", f"## {section.title}", ""]
        if section.text:
            lines += [section.text, ""]
        for table in section.tables:
            lines += _md_table(table)
        for chart in section.charts:
            alt = re.sub(r"[\[\]\n]", " ", chart.title)
            lines += [f"![{alt}]({PLOTS}/{chart.name}.png)", ""]
    return "\n".join(lines).rstrip() + "\n"


def _html_table(table: Table) -> str:
    e = html.escape
    head = "".join(f"<th>{e(str(c))}</th>" for c in table.columns)
    body = "".join(
        "<tr>"
        + "".join(
            f"<td>{e(cell_text(c))}</td>" if i == 0 else f'<td class="num">{e(cell_text(c))}</td>'
            for i, c in enumerate(row)
        )
        + "</tr>\n"
        for row in table.rows
    )
    note = f'<p class="note">{e(table.note)}</p>\n' if table.note else ""
    return (
        f"<table>\n<caption>{e(table.title)}</caption>\n<thead><tr>{head}</tr></thead>\n"
        f"<tbody>\n{body}</tbody>\n</table>\n{note}"
    )


def to_html(title: str, head: Sequence[tuple[str, str]], sections: Sequence[Section]) -> str:
    e = html.escape
    parts = [
        "<!doctype html>",
        '<html lang="en"><head><meta charset="utf-8">',
        f"<title>{e(title)}</title>",
        f"<style>{CSS}</style>",
        "</head><body>",
        f"<h1>{e(title)}</h1>",
        '<dl class="head">' + "".join(f"<dt>{e(k)}</dt><dd>{e(v)}</dd>" for k, v in head) + "</dl>",
    ]
    for section in sections:
        parts.append(f"<section>\n<h2>{e(section.title)}</h2>")
        if section.text:
            parts.append(f"<p>{e(section.text)}</p>")
        parts += [_html_table(t) for t in section.tables]
        parts += [
            f'<figure><img src="{PLOTS}/{c.name}.svg" alt="{e(c.title)}"></figure>'
            for c in section.charts
        ]
        parts.append("</section>")
    parts.append("</body></html>")
    return "\n".join(parts) + "\n"
