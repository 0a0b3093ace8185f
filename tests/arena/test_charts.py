"""Every chart of a real report is readable at its default size: no label runs into
another or off the figure, and a game's colours are its own."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from matplotlib.backends.backend_agg import FigureCanvasAgg
from matplotlib.colors import to_hex
from matplotlib.figure import Figure

from scarab.arena import ArenaSpec, run_arena
from scarab.arena.analytics import section_for
from scarab.arena.report import figure
from scarab.arena.results import read_games
from scarab.arena.sections import Chart
from scarab.arena.stats import generic_sections
from scarab.games.pyramids import data as PD


def charts_of(game: str, folder: Path) -> list[Chart]:
    run_arena(ArenaSpec(game, ("greedy", "random"), 6, 1), folder, progress=False)
    games = list(read_games(folder))
    sections = [*generic_sections(games), section_for(game, games)]
    return [c for s in sections for c in s.charts]


def clashes(fig: Figure) -> list[str]:
    """Texts of the figure that overlap one another or leave the figure."""
    canvas = FigureCanvasAgg(fig)
    canvas.draw()  # lays the ticks out as a saved image has them
    renderer = canvas.get_renderer()
    whole = fig.bbox
    found = []
    for ax in fig.axes:
        for axis, (low, high) in ((ax.xaxis, ax.get_xlim()), (ax.yaxis, ax.get_ylim())):
            drawn = [  # a tick past the axis's ends is not drawn
                t
                for loc, t in zip(axis.get_majorticklocs(), axis.get_ticklabels(), strict=True)
                if min(low, high) <= loc <= max(low, high) and t.get_text()
            ]
            shown = [(t.get_text(), t.get_window_extent(renderer)) for t in drawn]
            for (a, box_a), (b, box_b) in itertools.combinations(shown, 2):
                if box_a.overlaps(box_b):
                    found.append(f"{a!r} overlaps {b!r}")
            found += [f"{a!r} leaves the figure" for a, box in shown if not _inside(box, whole)]
        for text in (*fig.texts, ax.title, ax.xaxis.label, ax.yaxis.label):
            if text.get_text() and not _inside(text.get_window_extent(renderer), whole):
                found.append(f"{text.get_text()!r} leaves the figure")
    return found


def _inside(box: object, whole: object) -> bool:
    b, w = box, whole
    return (  # type: ignore[no-any-return]
        b.x0 >= w.x0 - 1 and b.y0 >= w.y0 - 1 and b.x1 <= w.x1 + 1 and b.y1 <= w.y1 + 1  # type: ignore[attr-defined]
    )


@pytest.mark.slow
@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_every_chart_of_a_report_is_readable_at_its_default_size(game: str, tmp_path: Path) -> None:
    charts = charts_of(game, tmp_path)
    assert charts
    for chart in charts:
        problems = clashes(figure(chart))
        assert not problems, f"{chart.name}: {problems[:4]}"


def test_pyramids_colours_are_drawn_in_their_own_colours(tmp_path: Path) -> None:
    chart = next(
        c for c in charts_of("pyramids", tmp_path) if c.name == "pyramids-points-by-colour"
    )
    fig = figure(chart)
    bars = [p for p in fig.axes[0].patches if p.get_height() or p.get_width()]
    drawn = {to_hex(p.get_facecolor()) for p in bars}
    assert drawn <= {to_hex(h) for h in PD.COLOUR_HEX.values()}, drawn
