"""Pieces every game's renderer shares: seat markers and the final-scoring table frame."""

from __future__ import annotations

from collections.abc import Callable

from rich import box
from rich.table import Table
from rich.text import Text

from scarab.core.game import JSON


def markers(view: dict[str, JSON]) -> list[str]:
    """One letter per seat: the name's initial, or the seat number if initials clash."""
    initials = [str(s["name"])[:1].upper() or "?" for s in view["seats"]]
    if len(set(initials)) == len(initials):
        return initials
    return [str(i + 1) for i in range(len(initials))]


def score_table(
    view: dict[str, JSON], rows: list[dict[str, JSON]], colour: Callable[[int], str]
) -> Table:
    """The game's final scoring (``Game.final_rows``): a category column, then one
    column per seat; the total row set apart."""
    table = Table(title="Final scoring", box=box.SIMPLE_HEAVY)
    table.add_column("category")
    for p, s in enumerate(view["seats"]):
        table.add_column(Text(str(s["name"]), f"bold {colour(p)}"), justify="right")
    for row in rows:
        if row.get("total"):
            cells = [Text(str(c), "bold") for c in row["cells"]]
            table.add_row(Text(str(row["label"]), "bold"), *cells, end_section=True)
        else:
            table.add_row(str(row["label"]), *(str(c) for c in row["cells"]))
    return table
