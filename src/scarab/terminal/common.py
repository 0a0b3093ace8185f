"""Pieces every game's renderer shares: seat markers and the final-scoring table frame."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich import box
from rich.table import Table
from rich.text import Text

from scarab import i18n
from scarab.core.game import JSON


def seats_frame(title: str | None = None) -> Table:
    """A table of seats, one space between columns and none at the edges: with four to six
    seats and the longer words of Portuguese and Spanish it still fits 80 columns."""
    return Table(box=box.SIMPLE_HEAD, padding=0, show_edge=False, title=title, title_justify="left")


# The terminal speaks one language per process (``scarab play --lang``).
_lang = ["en"]


def set_lang(lang: str) -> None:
    """Speak ``lang`` (en, pt or es) from now on."""
    _lang[0] = i18n.lang_field(lang)


def lang() -> str:
    return _lang[0]


def t(msg: str, names: Sequence[str] = (), **args: object) -> str:
    """A message's words in the terminal's language (see scarab.i18n)."""
    return i18n.text(_lang[0], msg, args, names)


def markers(view: dict[str, JSON]) -> list[str]:
    """One letter per seat: the name's initial, or the seat number if initials clash."""
    initials = [str(s["name"])[:1].upper() or "?" for s in view["seats"]]
    if len(set(initials)) == len(initials):
        return initials
    return [str(i + 1) for i in range(len(initials))]


def cells_of(row: dict[str, JSON]) -> list[str]:
    """A scoring row's cells in the terminal's language (those that hold words)."""
    said = row.get("cell_msgs") or [None] * len(row["cells"])
    return [
        t(str(m["msg"]), **m.get("args", {})) if m else str(c)
        for c, m in zip(row["cells"], said, strict=True)
    ]


def score_table(
    view: dict[str, JSON], rows: list[dict[str, JSON]], colour: Callable[[int], str]
) -> Table:
    """The game's final scoring (``Game.final_rows``): a category column, then one
    column per seat; the total row set apart."""
    table = Table(title=t("ui.final.title"), box=box.SIMPLE_HEAVY)
    table.add_column(t("ui.final.category"))
    for p, s in enumerate(view["seats"]):
        table.add_column(Text(str(s["name"]), f"bold {colour(p)}"), justify="right")
    for row in rows:
        label = t(str(row["msg"]), **row.get("args", {})) if row.get("msg") else row["label"]
        if row.get("total"):
            cells = [Text(str(c), "bold") for c in row["cells"]]
            table.add_row(Text(str(label), "bold"), *cells, end_section=True)
        else:
            table.add_row(str(label), *cells_of(row))
    return table
