"""What a Pyramids action does, read from the deciding seat's view: structured fields
for a page to match clicks against, and a few words for a person.

Both read only the view, so they tell nothing the seat may not know.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from scarab.core.game import JSON
from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import PyramidsAction

# A cell's symbol by its letter in the card's rows: the data's own names, and the tomb.
SYMBOLS = {"T": "tomb"} | {ch: D.SYMBOL_NAMES[k] for ch, k in D.SYMBOLS.items() if k}
LISTED = 4  # the most terms a list message names one by one (a pattern has 4 cells at most)


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


def describe(
    view: dict[str, JSON], act: PyramidsAction, known: dict[str, JSON] | None = None
) -> str:
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
    seat's score. Each row's ``label`` is in English; ``msg`` and ``args`` word it in
    any language."""
    entries: list[dict[str, Any]] = view["final"]

    def counted(label: str, key: str, vp: int) -> dict[str, JSON]:
        n = [int(e[key]) for e in entries]
        row = _row(f"{label} ({vp} each)", [f"{k} ({k * vp})" for k in n], [k * vp for k in n])
        return row | {"msg": f"pyramids.final.{key}", "args": {"vp": vp}}

    def plain(label: str, key: str, scores: bool = True) -> dict[str, JSON]:
        n = [int(e[key]) for e in entries]
        row = _row(label, [str(k) for k in n], list(n) if scores else [None] * len(n))
        return row | {"msg": f"pyramids.final.{key}", "args": {}}

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
    return {
        "label": "total",
        "cells": [str(s) for s in scores],
        "points": scores,
        "total": True,
        "msg": "pyramids.final.total",
        "args": {},
    }


def term(kind: str, english: str) -> str:
    """A translated term's argument: ``@pyramids.term.<kind>.<name>`` for an English name
    of the data ("red gem", "line of 3", "purple")."""
    return f"@pyramids.term.{kind}.{re.sub(r'[^a-z0-9]+', '_', english.lower()).strip('_')}"


def _listed(prefix: str, kind: str, names: Sequence[str]) -> tuple[str, dict[str, JSON]]:
    """A message for a list of terms: ``<prefix>.<count>`` with the terms as ``s1``,
    ``s2``, ... (up to LISTED; any more are folded into the last one)."""
    items: list[JSON] = [term(kind, n) for n in names]
    if len(items) > LISTED:
        items = [*items[: LISTED - 1], items[LISTED - 1 :]]
    return f"{prefix}.{len(items)}", {f"s{i}": v for i, v in enumerate(items, 1)}


def phrase(
    view: dict[str, JSON], act: PyramidsAction, known: dict[str, JSON] | None = None
) -> tuple[str, dict[str, JSON]]:
    """What ``describe`` says, as a message id and its arguments (``("", {})`` where it
    says nothing: a mark that reaches no symbol)."""
    f = known if known is not None else fields(view, act)
    verb = f["verb"]
    if verb == "mark":
        symbols = [str(x) for x in f.get("symbols", [])]
        return _listed("pyramids.act.mark", "symbol", symbols) if symbols else ("", {})
    if verb == "take":
        if not f["card"]:
            return "pyramids.act.take.deck", {}
        if "colour" not in f:
            return "", {}
        return "pyramids.act.take.display", {
            "card": f["card"],
            "colour": term("colour", str(f["colour"])),
        }
    if verb == "keep":
        cards = [int(c) for c in f["cards"]]
        args: dict[str, JSON] = {}
        for i, c in enumerate(cards, 1):
            args[f"card{i}"] = c
            args[f"colour{i}"] = term("colour", D.COLOURS[D.CARDS[c].colour])
        return f"pyramids.act.keep.{len(cards)}", args
    if verb == "pass":
        return "pyramids.act.pass", {}
    return "", {}


def event_phrase(kind: str, data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    """An event as a message id and its arguments, from the data its viewer was given (a
    hidden event's public copy carries fewer keys). The acting seat is not named: the
    front ends print its name before the line."""
    if kind == "keep":
        if "cards" not in data:  # the others learn only that the seat has chosen
            return "pyramids.event.keep.hidden", {}
        cards = [int(c) for c in data["cards"]]
        return f"pyramids.event.keep.{len(cards)}", {f"card{i}": c for i, c in enumerate(cards, 1)}
    if kind == "mark":
        return _mark_phrase(data)
    if kind == "take":
        source = "deck" if data.get("source") == "deck" else "display"
        return f"pyramids.event.take.{source}", {"card": data["card"]}
    if kind == "claim":
        return "pyramids.event.claim", {
            "value": data["value"],
            "colour": term("colour", str(data["colour"])),
        }
    if kind == "expedition":
        return "pyramids.event.expedition", {"card": term("shape", str(data["card"]))}
    if kind == "round":
        return "pyramids.event.round", {"round": data["round"]}
    if kind == "complete":
        return "pyramids.event.complete", {"card": data["card"]}
    if kind == "final":
        return _final_phrase(data)
    if kind in PLAIN_EVENTS:
        return f"pyramids.event.{PLAIN_EVENTS[kind]}", {}
    return "pyramids.event.other", {"kind": kind}


# Events whose words need no data: kind -> the message's last part.
PLAIN_EVENTS = {
    "kept": "kept",
    "marked": "marked",
    "reveal": "reveal",
    "pass": "pass",
    "no-card": "no_card",
}


def _mark_phrase(data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    """The marking seat's own mark: the card, its cells, the symbols gained, the tomb
    (only that seat sees it; a copy without them says no more than that it marked)."""
    if "card" not in data or "cells" not in data:
        return "pyramids.event.marked", {}
    prefix = "pyramids.event.mark_tomb" if data.get("tomb") else "pyramids.event.mark"
    symbols = [str(x) for x in data.get("symbols", [])]
    msg, args = _listed(prefix, "symbol", symbols) if symbols else (f"{prefix}.0", {})
    return msg, {"card": data["card"], "cells": data["cells"], **args}


def _final_phrase(data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    """A seat's final breakdown, as the event's English text gives it."""
    pyramids, torches = int(data["pyramids"]), int(data["torches"])
    return "pyramids.event.final", {
        "pyramids": pyramids,
        "pyramids_vp": pyramids * D.TOMB_VP,
        "pyramid_points": data["pyramid_points"],
        "torches": torches,
        "torches_vp": torches * D.TORCH_VP,
        "red": {"msg": "pyramids.event.final.red", "args": {"n": data["red_gems"]}},
        "green": {"msg": "pyramids.event.final.green", "args": {"n": data["green_gems"]}},
        "gem_points": data["gem_points"],
        "worst_skull": data["worst_skull"],
        "total": data["total"],
    }
