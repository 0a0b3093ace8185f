"""What a Horus action does, read from the deciding seat's view: structured fields for a
page to match clicks against, and a few words for a person.

Both read only the view and the static board, so they tell nothing the seat may not
know. Squares are numbered as in the board data (y * width + x inside, then the
entrances).
"""

from __future__ import annotations

from typing import Any

from scarab.core.game import JSON
from scarab.games.horus import data as D
from scarab.games.horus.actions import HorusAction

VERB_TEXT = {
    "end": "end your turn",
    "accept": "take what comes",
    "udjat": "discard the udjat: look at this round's block",
    "clairvoyance": "look at this round's block (once per game)",
    "keep": "the block you saw falls this round",
    "swap": "put it back and set another aside, unseen",
    "shoot": "cancel this mummy's touch (once per game)",
    "dodge": "no Block card this time (once per game)",
    "reflexes": "discard the card just drawn: no wound (once per game)",
    "swim": "discard the crocodile just drawn: no wound (once per game)",
    "stamina": "every uncursed die gives you an action this round (once per game)",
    "read": "look secretly at this sarcophagus (once per game)",
    "lockpick": "one die counts as the missing face (once per game)",
    "crowbar": "discard the crowbar: it counts as the missing face",
}
CARD_VERBS = ("discard", "bag")
CURE_VERBS = ("antidote", "medikit")
SARC_VERBS = ("open", "take", "read")
ALCOVE_VERBS = ("pick", "crowbar", "lockpick")


def _square_of(view: dict[str, JSON]) -> int:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return -1
    return int(view["seats"][viewer]["square"])


def fields(view: dict[str, JSON], act: HorusAction) -> dict[str, JSON]:
    """The action's parts: ``verb``; ``adventurer`` and ``entrance`` (a square) for a
    choice at setup; ``dir``, ``from`` and ``to`` for a step; ``square`` where a search,
    sarcophagus or alcove action happens, with its ``deck``, ``sarcophagus`` (index)
    or ``alcove`` (index); ``dice`` (0-based) for a reroll; ``card`` for a card dropped
    or bagged; ``wound`` for a cure."""
    verb, arg = act.verb, act.arg
    out: dict[str, JSON] = {"verb": verb}
    q = _square_of(view)
    if verb == "choose":
        key, entrance = arg.split()
        out["adventurer"] = key
        out["entrance"] = D.EXITS[D.EXIT_NAME.index(entrance)]
    elif verb in ("move", "jump"):
        out["dir"] = arg
        out["from"] = q
        out["to"] = D.NEIGH[q][D.DIRS.index(arg)] if q >= 0 else -1
    elif verb == "search" and q >= 0:
        out["square"] = q
        out["deck"] = D.DECKS[D.DECK_AT[q]]
    elif verb in SARC_VERBS and q >= 0 and D.SARC_AT[q] >= 0:
        out["square"] = q
        out["sarcophagus"] = D.SARC_AT[q]
    elif verb in ALCOVE_VERBS and q >= 0 and D.ALCOVE_AT[q] >= 0:
        out["square"] = q
        out["alcove"] = D.ALCOVE_AT[q]
    elif verb == "reroll":
        out["dice"] = [int(d) - 1 for d in arg.split(",")]
    elif verb in CARD_VERBS:
        out["card"] = arg
    elif verb in CURE_VERBS:
        out["wound"] = arg
    return out


def describe(view: dict[str, JSON], act: Any, known: dict[str, JSON] | None = None) -> str:
    """A few words on what an action does, from the viewer's view."""
    f = known if known is not None else fields(view, act)
    verb, arg = act.verb, act.arg
    if verb == "choose":
        i = D.ADVENTURERS.index(str(f["adventurer"]))
        entrance = D.square_name(int(f["entrance"]))
        return f"{D.ADV_NAME[i]} at {entrance}: {D.ABILITY[i]}, {D.ABILITY_TEXT[i]}"
    if verb in ("move", "jump") and "to" in f:
        return _step_text(view, int(f["from"]), int(f["to"]))
    if "deck" in f:
        deck = str(f["deck"])
        return f"draw from the {deck} deck ({dict(view['decks'])[deck]} left)"
    if verb in ("open", "take") and "sarcophagus" in f:
        sarc: dict[str, Any] = view["sarcophagi"][int(f["sarcophagus"])]
        if verb == "take":
            return f"take {sarc.get('card', 'the card')}"
        seen = f" (you read {sarc['read']})" if "read" in sarc else ""
        return f"turn the {sarc['god']} sarcophagus face up{seen}"
    if verb == "pick" and "alcove" in f:
        return _alcove_text(int(f["alcove"]))
    if verb == "reroll":
        return f"reroll dice {arg}, keep the others"
    if verb == "discard":
        return f"drop a {arg}"
    if verb == "bag":
        return f"put a {arg} in a bag (the bag counts as one card)"
    if verb in CURE_VERBS:
        return f"discard the {verb} and a {arg} wound"
    return VERB_TEXT.get(verb, "")


def _step_text(view: dict[str, JSON], q: int, t: int) -> str:
    if q < 0 or t < 0:
        return ""
    if D.AREA[t] == "e":
        return f"out of the pyramid at {D.square_name(t)}: escape"
    where = f"to {D.square_name(t)} ({D.area_name(t)})"
    if any(m["square"] == t for m in view["mummies"]):
        where += ", a mummy stands there"
    return ("enter " if D.AREA[q] == "e" else "") + where


def _alcove_text(a: int) -> str:
    idol = D.ALCOVE_IDOL[a]
    faces = " ".join(str(f) for f in D.IDOL_FACES[idol])
    curse = D.DICE[D.IDOL_CURSE[idol]]
    return f"roll for the {D.ALCOVE_GOD[a]} idol: needs {faces}; curses the {curse} die"


def final_rows(view: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Whether each seat got out, then what it carried; a seat still inside scores
    nothing, so its categories are shown in brackets and count for nothing."""
    entries: list[dict[str, Any]] = view["final"]
    out = [bool(e["escaped"]) for e in entries]
    status = ["escaped" if o else str(s["status"]) for o, s in zip(out, view["seats"], strict=True)]
    rows = [_row("got out", status, [None] * len(entries))]
    for label, key in (
        ("treasures", "treasures"),
        ("necklaces", "necklaces"),
        ("chests", "chests"),
        ("idols", "idols"),
    ):
        rows.append(_counts(label, [int(e[key]) for e in entries], out))
    gods = [f"{e['variety']} ({e['gods']} gods)" for e in entries]
    variety = _counts("variety", [int(e["variety"]) for e in entries], out)
    variety["cells"] = [c if o else f"({c})" for c, o in zip(gods, out, strict=True)]
    return [*rows, variety, _total([int(e["total"]) for e in entries])]


def _counts(label: str, values: list[int], out: list[bool]) -> dict[str, JSON]:
    cells = [str(v) if o else f"({v})" for v, o in zip(values, out, strict=True)]
    return _row(label, cells, [v if o else None for v, o in zip(values, out, strict=True)])


def _row(label: str, cells: list[str], points: list[int | None]) -> dict[str, JSON]:
    return {"label": label, "cells": cells, "points": points}


def _total(scores: list[int]) -> dict[str, JSON]:
    return {"label": "total", "cells": [str(s) for s in scores], "points": scores, "total": True}
