"""What a report is made of: sections of text, tables and charts, as plain data.

Analytics produce these; ``report`` lays them out and draws the charts, so a
game's analytics never touch matplotlib or Markdown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

Cell = str | int | float


@dataclass(frozen=True)
class Table:
    title: str
    columns: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    note: str = ""


@dataclass(frozen=True)
class Chart:
    """``bar``: one bar per category for each series (values aligned with ``categories``);
    ``hist``: a histogram of each series' values; ``box``: a box per series."""

    name: str  # file stem: lower-case letters, digits and dashes
    title: str
    kind: Literal["bar", "hist", "box"]
    series: dict[str, list[float]]
    categories: tuple[str, ...] = ()
    xlabel: str = ""
    ylabel: str = ""
    # The game's own colours, by series or by category name (a green pyramid drawn green);
    # other series take matplotlib's cycle.
    colours: dict[str, str] = field(default_factory=dict)


@dataclass(frozen=True)
class Section:
    title: str
    text: str = ""
    tables: tuple[Table, ...] = field(default_factory=tuple)
    charts: tuple[Chart, ...] = field(default_factory=tuple)
