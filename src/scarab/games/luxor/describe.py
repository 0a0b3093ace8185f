"""What a Luxor action does, read from the deciding seat's view: structured fields for a
page to match clicks against, and a few words for a person.

Both read only the view, so they can tell nothing the seat may not know. A move's
destination comes from the rules' own path table (``rules.links``) rebuilt from the
view's tiles, so no front end has to count steps over empty spaces.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from scarab.core.game import JSON
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import LuxorAction, pos_text
from scarab.games.luxor.rules import links

LABELS: dict[str, str] = {c.code: c.label for c in D.CARDS}
REWARD_TEXT = {"key": "take a key", "scarab": "draw a scarab", "wild": "take a wild tile"}


def label(code: str) -> str:
    """How a person reads a card code."""
    return LABELS.get(code, code)


def _hand(view: dict[str, JSON]) -> list[str]:
    viewer = view.get("viewer")
    if not isinstance(viewer, int):
        return []
    return list(view["seats"][viewer].get("hand", []))


def _tile(view: dict[str, JSON], space: int) -> str:
    """The tile text of a space 1..40 (the view lists the spaces in order)."""
    row = view["board"][space - 1]
    assert row["space"] == space
    return str(row["tile"])


@lru_cache(maxsize=256)
def _path(empty: tuple[int, ...]) -> tuple[list[int], list[tuple[int, ...]]]:
    """The rules' path table for a board whose empty spaces are these: built once per
    board, not once per action described."""
    kinds = [D.TREASURE] * (D.CHAMBER + 1)
    for space in empty:
        kinds[space] = D.EMPTY
    return links(kinds)


def _dest(view: dict[str, JSON], src: int, steps: int) -> int | None:
    """Where ``steps`` tiles from ``src`` end (None: past the chamber), by the rules' table."""
    empty = tuple(row["space"] for row in view["board"] if row["tile"] == "empty")
    tile_behind, ahead = _path(empty)
    if steps < 0:
        return tile_behind[src] or None
    chain = ahead[src]
    return chain[steps - 1] if steps <= len(chain) else None


def fields(view: dict[str, JSON], act: LuxorAction) -> dict[str, JSON]:
    """The action's parts: ``verb``; ``side`` and ``card`` for a card play; ``from``,
    ``steps`` and ``to`` (positions as the view writes them: S, 1..40, C) for a move;
    ``space`` for an advance-all action; ``reward`` for a reward taken."""
    out: dict[str, JSON] = {"verb": act.verb}
    hand = _hand(view)
    if act.side:
        out["side"] = act.side
        if hand:
            out["card"] = hand[0] if act.side == "L" else hand[-1]
    if act.verb in ("move", "go"):
        to = _dest(view, act.src, act.steps)
        out["from"] = pos_text(act.src)
        out["steps"] = act.steps
        out["to"] = pos_text(to) if to is not None else None
    elif act.verb == "act":
        out["space"] = pos_text(act.src)
    elif act.verb == "take":
        out["reward"] = act.what
    return out


def describe(view: dict[str, JSON], act: LuxorAction, known: dict[str, JSON] | None = None) -> str:
    """A few words on what an action does, from the viewer's view."""
    f = known if known is not None else fields(view, act)
    verb = f["verb"]
    card = label(str(f["card"])) if "card" in f else ""
    if verb in ("move", "go"):
        to = f["to"]
        where = "?" if to is None else _where(view, str(to))
        head = f"play {card}: " if verb == "move" else ""
        return f"{head}adventurer {f['from']} to {where}"
    if verb == "act":
        if f["space"] == "C":
            return "pick the adventurer in the tomb chamber: no tile action"
        return f"perform the action on {_where(view, str(f['space']))}"
    if verb == "take":
        return _reward_text(view, str(f["reward"]))
    return {
        "die": f"play {card}: roll the die, then move",
        "all": f"play {card}: every active adventurer moves",
        "last": f"play {card}: your last adventurer joins your second-last",
        "pass": f"discard {card} without moving (no card end can move anyone)",
    }.get(str(verb), "")


def _where(view: dict[str, JSON], pos: str) -> str:
    if pos == "C":
        return "the tomb chamber"
    return f"{pos} ({D.tile_words(_tile(view, int(pos)))})"


def _reward_text(view: dict[str, JSON], what: str) -> str:
    if what.startswith("h"):
        level = int(what[1])
        top = next((h["top"] for h in view["horus_stacks"] if h["level"] == level), None)
        return f"take the level-{level} Horus card ({label(str(top)) if top else 'none'})"
    return REWARD_TEXT.get(what, what)


def final_rows(view: dict[str, JSON]) -> list[dict[str, JSON]]:
    """Points on the scoring track during play, then each final category; they add up to
    each seat's score. Each row's ``msg`` (``luxor.final.*``) is its label as a message."""
    entries: list[dict[str, Any]] = view["final"]
    seats = view["seats"]
    during = [int(s["score"]) - int(e["total"]) for s, e in zip(seats, entries, strict=True)]
    rows = [_row("scoring track during play", "during", [str(n) for n in during], list(during))]
    for label, key, msg in (
        ("adventurers (wall VP)", "adventurers", "adventurers"),
        ("sarcophagi", "sarcophagi", "sarcophagi"),
        ("keys", "keys", "keys"),
        ("treasure sets", "set_points", "sets"),
        ("scarabs", "scarabs", "scarabs"),
    ):
        points = [int(e[key]) for e in entries]
        rows.append(_row(label, msg, [str(n) for n in points], list(points)))
    rows[4]["cells"] = [f"{e['set_points']} ({_sets(int(e['sets']))})" for e in entries]
    rows[4]["cell_msgs"] = [
        {"msg": "luxor.final.sets_cell", "args": {"points": e["set_points"], "n": e["sets"]}}
        for e in entries
    ]
    return [*rows, _total([int(s["score"]) for s in seats])]


def _sets(n: int) -> str:
    return f"{n} set" if n == 1 else f"{n} sets"


def _row(label: str, msg: str, cells: list[str], points: list[int | None]) -> dict[str, JSON]:
    return {
        "label": label,
        "cells": cells,
        "points": points,
        "msg": f"luxor.final.{msg}",
        "args": {},
    }


def _total(scores: list[int]) -> dict[str, JSON]:
    return {
        "label": "total",
        "cells": [str(s) for s in scores],
        "points": scores,
        "total": True,
        "msg": "luxor.final.total",
        "args": {},
    }


# ---- messages (scarab.i18n): what describe() and the events say, as ids and arguments ----
def _term(group: str, key: object) -> str:
    """A translated term as a message argument."""
    return f"@luxor.term.{group}.{key}"


def _card(code: object) -> str:
    return _term("card", code) if code in LABELS else str(code)


def _pos_args(view: dict[str, JSON], pos: str) -> tuple[str, dict[str, JSON]]:
    """Where a position is, as a message form and its arguments: ``place`` (the tomb
    chamber), ``treasure`` (a treasure tile's type, VP and need) or ``tile`` (any other)."""
    if pos == "C":
        return "place", {"where": "@luxor.term.tomb_chamber"}
    return _tile_args(_tile(view, int(pos)), {"to": pos})


def _tile_args(tile: str, args: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    words = tile.split()
    if words[0] in D.TREASURE_TYPES and len(words) == 4:  # "vase 3vp need 2"
        treasure = _term("treasure", words[0])
        return "treasure", {**args, "treasure": treasure, "vp": words[1][:-2], "need": words[3]}
    return "tile", {**args, "tile": _term("tile", "".join(words))}


def phrase(
    view: dict[str, JSON], act: LuxorAction, known: dict[str, JSON] | None = None
) -> tuple[str, dict[str, JSON]]:
    """What ``describe`` says, as a message id (``luxor.act.*``) and its arguments."""
    f = known if known is not None else fields(view, act)
    verb = str(f["verb"])
    card: dict[str, JSON] = {"card": _card(f["card"]) if "card" in f else ""}
    if verb in ("move", "go"):
        to = f["to"]
        head = {"from": f["from"], **(card if verb == "move" else {})}
        if to is None:
            return f"luxor.act.{verb}.place", {**head, "where": "?"}
        form, args = _pos_args(view, str(to))
        return f"luxor.act.{verb}.{form}", {**head, **args}
    if verb == "act":
        if f["space"] == "C":
            return "luxor.act.act.chamber", {}
        form, args = _pos_args(view, str(f["space"]))
        return f"luxor.act.act.{form}", args
    if verb == "take":
        return _reward_phrase(view, str(f["reward"]))
    if verb in ("die", "all", "last", "pass"):
        return f"luxor.act.{verb}", card
    return "luxor.act.other", {"verb": verb}


def _reward_phrase(view: dict[str, JSON], what: str) -> tuple[str, dict[str, JSON]]:
    if what.startswith("h"):
        level = int(what[1])
        top = next((h["top"] for h in view["horus_stacks"] if h["level"] == level), None)
        card = _card(top) if top else "@luxor.term.none"
        return "luxor.act.take.horus", {"level": level, "card": card}
    if what in REWARD_TEXT:
        return f"luxor.act.take.{what}", {}
    return "luxor.act.take.other", {"what": what}


def _at(pos: object) -> str:
    """A position of an event's data (0 the stairs, 41 the chamber) as the view writes it."""
    return pos_text(pos) if isinstance(pos, int) else "?"


def event_phrase(kind: str, data: dict[str, JSON]) -> tuple[str, dict[str, JSON]]:
    """An event as a message id (``luxor.event.*``) and its arguments, from the data this
    viewer was given: a drawn card or scarab reaches the other seats without its value,
    and then the message does not name it."""
    if kind == "draw" and "card" in data:
        return "luxor.event.draw.card", {"card": _card(data["card"])}
    if kind == "scarab" and "vp" in data:
        return "luxor.event.scarab.value", {"vp": data["vp"]}
    if kind in ("play", "horus", "pass"):
        args: dict[str, JSON] = {"card": _card(data.get("card", "?"))}
        if kind == "play":
            side = data.get("side")
            args["side"] = _term("side", side) if side in ("L", "R") else "?"
        return f"luxor.event.{kind}", args
    if kind in ("move", "tunnel"):
        return f"luxor.event.{kind}", {"from": _at(data.get("from")), "to": _at(data.get("to"))}
    if kind == "chamber":
        sarc = data.get("sarcophagus")
        if not sarc:
            return "luxor.event.chamber.none", {}
        return "luxor.event.chamber", {"sarcophagus": sarc}
    if kind == "loot":
        held = data.get("type")
        treasure = _term("treasure", held) if held in D.TREASURE_TYPES else "?"
        return "luxor.event.loot", {"vp": data.get("vp", "?"), "treasure": treasure}
    if kind == "reveal":
        front = _term("tile", data.get("front")) if data.get("front") in D.FRONTS else "?"
        return "luxor.event.reveal", {"front": front, "space": data.get("space", "?")}
    if kind == "wake":
        statue = data.get("statue")
        return "luxor.event.wake", {"statue": statue + 1 if isinstance(statue, int) else "?"}
    if kind in ("roll", "stuck"):
        return f"luxor.event.{kind}", {"die": data.get("die", "?")}
    if kind == "osiris":
        return "luxor.event.osiris", {"push": data.get("osiris", "?")}
    if kind == "final":
        return "luxor.event.final", {k: data.get(k, "?") for k in FINAL_KEYS}
    if kind in ("draw", "scarab", "key", "wild", "reshuffle"):
        return f"luxor.event.{kind}", {}
    return "luxor.event.other", {"kind": kind}


FINAL_KEYS = ("adventurers", "sarcophagi", "keys", "sets", "set_points", "scarabs", "total")
