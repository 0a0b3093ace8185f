"""What a Pyramids action does, read from the deciding seat's view: structured fields
for a page to match clicks against, and a few words for a person.

Both read only the view, so they tell nothing the seat may not know.
"""

from __future__ import annotations

from typing import Any

from scarab.core.game import JSON
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import PyramidsAction

# A cell's symbol by its letter in the card's rows: the data's own names, and the tomb.
SYMBOLS = {"T": "tomb"} | {ch: D.SYMBOL_NAMES[k] for ch, k in D.SYMBOLS.items() if k}


def _own_cards(view: dict[str, JSON]) -> dict[int, dict[str, JSON]]:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return {}
    return {int(c["id"]): c for c in view["seats"][viewer]["cards"]}


def fields(view: dict[str, JSON], act: PyramidsAction) -> dict[str, JSON]:
    """The action's parts: ``verb``; for a mark the ``card`` and its ``cells`` (indexes
    0..24, row by row) with the ``cell_names`` and the ``symbols`` they reach; for a take
    the ``card`` (0: the deck's top) and, from the display, its ``colour``; for a keep
    the ``cards`` and their ``colours``."""
    out: dict[str, JSON] = {"verb": act.verb}
    if act.verb == "mark":
        cells = list(D.cells_of(act.mask))
        out["card"] = act.card
        out["cells"] = cells
        out["cell_names"] = [D.cell_name(i) for i in cells]
        card = _own_cards(view).get(act.card)
        if card is not None:
            text = "".join(str(r) for r in card["rows"])
            out["symbols"] = [SYMBOLS[text[i]] for i in cells if text[i] in SYMBOLS]
    elif act.verb == "take":
        out["card"] = act.card
        for c in view.get("display", []):
            if int(c["id"]) == act.card:
                out["colour"] = c["colour"]
    elif act.verb == "keep":
        out["cards"] = list(act.cards)
        out["colours"] = [D.COLOURS[D.CARDS[c].colour] for c in act.cards]
    return out


def describe(view: dict[str, JSON], act: Any, known: dict[str, JSON] | None = None) -> str:
    """A few words on what an action does, from the viewer's view."""
    f = known if known is not None else fields(view, act)
    verb = f["verb"]
    if verb == "mark":
        return ", ".join(f.get("symbols", []))
    if verb == "take":
        if not f["card"]:
            return "the top card of the deck"
        return f"display card {f['card']} ({f['colour']})" if "colour" in f else ""
    if verb == "keep":
        return " and ".join(f"{c} ({D.COLOURS[D.CARDS[c].colour]})" for c in act.cards)
    if verb == "pass":
        return "no card left to mark"
    return ""


def final_rows(view: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Pyramids, pyramid points, torches, gems and the worst skull, adding up to each
    seat's score."""
    entries: list[dict[str, Any]] = view["final"]

    def counted(label: str, key: str, vp: int) -> dict[str, JSON]:
        n = [int(e[key]) for e in entries]
        return _row(f"{label} ({vp} each)", [f"{k} ({k * vp})" for k in n], [k * vp for k in n])

    def plain(label: str, key: str, scores: bool = True) -> dict[str, JSON]:
        n = [int(e[key]) for e in entries]
        return _row(label, [str(k) for k in n], list(n) if scores else [None] * len(n))

    return [
        counted("pyramids", "pyramids", D.TOMB_VP),
        plain("pyramid points", "pyramid_points"),
        counted("torches", "torches", D.TORCH_VP),
        plain("red gems", "red_gems", scores=False),
        plain("green gems", "green_gems", scores=False),
        plain("gem points", "gem_points"),
        plain("worst skull", "worst_skull"),
        _total([int(e["total"]) for e in entries]),
    ]


def _row(label: str, cells: list[str], points: list[int | None]) -> dict[str, JSON]:
    return {"label": label, "cells": cells, "points": points}


def _total(scores: list[int]) -> dict[str, JSON]:
    return {"label": "total", "cells": [str(s) for s in scores], "points": scores, "total": True}
