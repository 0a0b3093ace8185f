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


def describe(view: dict[str, JSON], act: HorusAction, known: dict[str, JSON] | None = None) -> str:
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
            return f"take {D.card_words(sarc['card'])}" if "card" in sarc else "take the card"
        seen = f" (you read {D.card_words(sarc['read'])})" if "read" in sarc else ""
        return f"turn the {sarc['god']} sarcophagus face up{seen}"
    if verb == "pick" and "alcove" in f:
        return _alcove_text(int(f["alcove"]))
    if verb == "reroll":
        return f"reroll dice {arg}, keep the others"
    if verb == "discard":
        return f"drop a {D.card_words(arg)}"
    if verb == "bag":
        return f"put a {D.card_words(arg)} in a bag (the bag counts as one card)"
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
    rows[0]["cell_msgs"] = [{"msg": f"horus.term.status.{s}", "args": {}} for s in status]
    for label, key in (
        ("treasures", "treasures"),
        ("necklaces", "necklaces"),
        ("chests", "chests"),
        ("idols", "idols"),
    ):
        rows.append(_counts(label, [int(e[key]) for e in entries], out))
    gods = [f"{e['variety']} ({e['gods']} god{'' if e['gods'] == 1 else 's'})" for e in entries]
    variety = _counts("variety", [int(e["variety"]) for e in entries], out)
    variety["cells"] = [c if o else f"({c})" for c, o in zip(gods, out, strict=True)]
    variety["cell_msgs"] = [
        {
            "msg": "horus.final.gods" if o else "horus.final.gods_inside",
            "args": {"variety": e["variety"], "n": e["gods"]},
        }
        for e, o in zip(entries, out, strict=True)
    ]
    return [*rows, variety, _total([int(e["total"]) for e in entries])]


def _counts(label: str, values: list[int], out: list[bool]) -> dict[str, JSON]:
    cells = [str(v) if o else f"({v})" for v, o in zip(values, out, strict=True)]
    return _row(label, cells, [v if o else None for v, o in zip(values, out, strict=True)])


def _row(label: str, cells: list[str], points: list[int | None]) -> dict[str, JSON]:
    msg = "horus.final." + label.replace(" ", "_")
    return {"label": label, "cells": cells, "points": points, "msg": msg, "args": {}}


def _total(scores: list[int]) -> dict[str, JSON]:
    row = _row("total", [str(s) for s in scores], list[int | None](scores))
    row["total"] = True
    return row


# ---- words in the reader's language (scarab.i18n) ---------------------------------
# A phrase is a message id and its arguments; "@id" arguments are translated terms.
Phrase = tuple[str, dict[str, JSON]]


def card_term(name: str) -> str:
    """A card by its notation name, as a translated term ("@horus.term.card.snake")."""
    return f"@horus.term.card.{name}"


def _term(kind: str, key: str) -> str:
    return f"@horus.term.{kind}.{key}"


def phrase(view: dict[str, JSON], act: HorusAction, known: dict[str, JSON] | None = None) -> Phrase:
    """What ``describe`` says, as a message id (``horus.act.*``) and its arguments."""
    f = known if known is not None else fields(view, act)
    verb, arg = act.verb, act.arg
    if verb == "choose":
        i = D.ADVENTURERS.index(str(f["adventurer"]))
        return "horus.act.choose", {
            "adventurer": D.ADV_NAME[i],
            "entrance": D.square_name(int(f["entrance"])),
            "ability": _term("ability", D.ABILITY[i]),
            "text": _term("ability", D.ABILITY[i] + ".text"),
        }
    if verb in ("move", "jump") and "to" in f:
        return _step_phrase(view, int(f["from"]), int(f["to"]))
    if "deck" in f:
        deck = str(f["deck"])
        return "horus.act.search", {"deck": _term("deck", deck), "n": dict(view["decks"])[deck]}
    if verb in ("open", "take") and "sarcophagus" in f:
        return _sarcophagus_phrase(view, verb, int(f["sarcophagus"]))
    if verb == "pick" and "alcove" in f:
        idol = D.ALCOVE_IDOL[int(f["alcove"])]
        return "horus.act.pick", {
            "god": _term("god", D.ALCOVE_GOD[int(f["alcove"])]),
            "faces": " ".join(str(x) for x in D.IDOL_FACES[idol]),
            "colour": _term("die", D.DICE[D.IDOL_CURSE[idol]]),
        }
    if verb == "reroll":
        return "horus.act.reroll", {"dice": arg}
    if verb in CARD_VERBS:
        return f"horus.act.{verb}", {"card": card_term(arg)}
    if verb in CURE_VERBS:
        return f"horus.act.{verb}", {"wound": card_term(arg)}
    return (f"horus.act.{verb}", {}) if verb in VERB_TEXT else ("", {})


def _step_phrase(view: dict[str, JSON], q: int, t: int) -> Phrase:
    if q < 0 or t < 0:
        return "", {}
    if D.AREA[t] == "e":
        return "horus.act.escape", {"exit": D.square_name(t)}
    msg = "horus.act.enter" if D.AREA[q] == "e" else "horus.act.step"
    if any(m["square"] == t for m in view["mummies"]):
        msg += ".mummy"
    return msg, {"square": D.square_name(t), "area": _term("area", D.AREA[t])}


def _sarcophagus_phrase(view: dict[str, JSON], verb: str, i: int) -> Phrase:
    sarc: dict[str, Any] = view["sarcophagi"][i]
    if verb == "take":
        if "card" in sarc:
            return "horus.act.take", {"card": card_term(str(sarc["card"]))}
        return "horus.act.take.unknown", {}
    god = _term("god", str(sarc["god"]))
    if "read" in sarc:
        return "horus.act.open.read", {"god": god, "card": card_term(str(sarc["read"]))}
    return "horus.act.open", {"god": god}


def adventurer_name(key: object) -> str:
    """An adventurer's printed name from his key (a proper name: never translated)."""
    return D.ADV_NAME[D.ADVENTURERS.index(key)] if key in D.ADVENTURERS else ""


def mummy_name(m: object) -> str:
    """A mummy's name from its index; a mummified adventurer (-1) as a translated term."""
    if isinstance(m, int) and 0 <= m < D.NUM_MUMMIES:
        return D.MUMMY_NAME[m]
    return "@horus.term.mummified"


def _join(words: list[str], sep: str) -> list[str]:
    """Words with a separator term between them (a list argument is joined by spaces)."""
    out: list[str] = []
    for i, w in enumerate(words):
        out += [sep, w] if i else [w]
    return out


# Events worded as "horus.event.<kind>" with the adventurer and these data fields (a
# card or a deck as a translated term).
_PLAIN: dict[str, tuple[str, ...]] = {
    "take": ("card",),
    "search": ("deck", "card"),
    "discard": ("card",),
    "bag": ("card",),
    "antidote": ("card",),
    "medikit": ("card",),
    "crowbar": ("face",),
    "lockpick": ("face",),
    "reflexes": ("card",),
    "swim": ("card",),
    "dodge": (),
    "wound": (),
}
_TERMS = ("card", "deck")


def event_phrase(kind: str, data: dict[str, JSON]) -> Phrase:
    """An event as a message id (``horus.event.*``) and its arguments, from the data this
    viewer was given: a secret event's public copy (no data) gets its public words. The
    acting seat is not named (a front end puts its name first); its adventurer is."""
    args: dict[str, JSON] = {}
    if "adventurer" in data:
        args["adventurer"] = adventurer_name(data["adventurer"])
    if kind in _PLAIN:
        for key in _PLAIN[kind]:
            value = data.get(key, "")
            args[key] = _term(key, str(value)) if key in _TERMS and value != "" else value
        return f"horus.event.{kind}", args
    handler = _EVENTS.get(kind)
    if handler is None:
        return "horus.event.other", {"kind": kind}
    return handler(kind, data, args)


def _choose(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["entrance"] = D.square_name(int(data["square"]))
    return "horus.event.choose", args


def _round(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    return "horus.event.round", {"round": data["round"], "keeper": f"#{data['keeper']}"}


def _dice(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    actions: list[int] = data["actions"]
    seats: list[int] = data.get("seats", list(range(len(actions))))
    counts: list[str] = []
    for n, p in enumerate(seats):
        counts += [f"#{p}", f"{actions[p]}," if n < len(seats) - 1 else str(actions[p])]
    dice = " ".join(str(d) for d in data["dice"])
    return "horus.event.dice", {"dice": dice, "counts": counts}


def _mummy_dice(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    dice = " ".join(str(d) for d in data["dice"])
    return "horus.event.mummy_dice", {"dice": dice, "n": data["steps"]}


def _mummy(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    return "horus.event.mummy", {
        "mummy": mummy_name(data["mummy"]),
        "square": D.square_name(int(data["square"])),
        "dir": _term("dir", str(data["facing"])),
    }


def _walk(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    return "horus.event.walk", {"square": D.square_name(int(data["square"]))}


def _step(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["square"] = D.square_name(int(data["square"]))
    if kind == "move" and data.get("enter"):
        return "horus.event.move.enter", args
    args["dir"] = _term("dir", str(data.get("dir", "")))
    return f"horus.event.{kind}", args


def _escape(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["total"] = data["total"]
    chests: list[int] = data["chests"]
    if not chests:
        return "horus.event.escape", args
    args["chests"] = ", ".join(str(c) for c in chests)
    return "horus.event.escape.chests", args


def _open(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["god"] = _term("god", D.SARC_GOD[int(data["slot"])])
    args["card"] = card_term(str(data["card"]))
    return "horus.event.open", args


def _lock(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["god"] = _term("god", str(data.get("alcove", "")))
    args["dice"] = " ".join(str(d) for d in data.get("dice", []))
    if "dice" not in data:  # the table's "reroll" kind: the rules word it as "lock"
        return "horus.event.reroll", {}
    if "reroll" in data:
        args["chosen"] = data.get("reroll", "")
        return "horus.event.lock.reroll", args
    return "horus.event.lock", args


def _idol(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    idol = D.IDOL_GOD.index(str(data["idol"]))
    args["god"] = _term("god", D.IDOL_GOD[idol])
    args["colour"] = _term("die", D.DICE[D.IDOL_CURSE[idol]])
    return "horus.event.idol", args


def _foresee(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    """Seeing a block (the seer's copy names it; the others' copy has no data), then
    keeping or swapping it."""
    if "swap" in data or kind in ("keep", "swap"):
        msg = "horus.event.swap" if data.get("swap", kind == "swap") else "horus.event.keep"
        return (msg, args) if "adventurer" in args else (msg + ".short", {})
    if "block" in data:
        by = str(data.get("with") or (kind if kind != "foresee" else "udjat"))
        args["with"] = card_term(by) if by == "udjat" else _term("ability", by)
        args["block"] = data["block"]
        return "horus.event.foresee", args
    return "horus.event.foresee.public", args


def _read(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    if "card" not in data:
        return "horus.event.read.public", args
    args["card"] = card_term(str(data["card"]))
    return "horus.event.read", args


def _stamina(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["n"] = data.get("actions", "?")
    return "horus.event.stamina", args


def _shoot(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    m = data.get("mummy", -1)
    if isinstance(m, int) and m >= 0:
        args["mummy"] = D.MUMMY_NAME[m]
        return "horus.event.shoot", args
    return "horus.event.shoot.figure", args


def _touch(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    args["mummy"] = mummy_name(data["mummy"])
    if kind == "mummified":
        args["wounds"] = D.CARD_LIMIT
    return f"horus.event.{kind}", args


def _crushed(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    worn_out = data.get("cause") == "wounds"
    return ("horus.event.crushed.wounds" if worn_out else "horus.event.crushed"), args


def _sealed(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    return ("horus.event.sealed" if data.get("inside") else "horus.event.sealed.out"), args


def _block(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    return "horus.event.block", {
        "block": data["block"],
        "square": D.square_name(int(data["square"])),
    }


def _over(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    won: list[int] = data.get("winners", [])
    if not won:
        return "horus.event.over.none", {}
    names = _join([f"#{w}" for w in won], "@horus.term.and")
    return "horus.event.over", {"winners": names, "n": len(won)}


def _final(kind: str, data: dict[str, JSON], args: dict[str, JSON]) -> Phrase:
    if not data.get("escaped"):
        return "horus.event.final.out", {}
    keys = ("treasures", "necklaces", "chests", "idols", "total")
    variety = {
        "msg": "horus.final.gods",
        "args": {"variety": data.get("variety", 0), "n": data.get("gods", 0)},
    }
    return "horus.event.final", {**{k: data.get(k, 0) for k in keys}, "variety": variety}


_EVENTS = {
    "choose": _choose,
    "round": _round,
    "dice": _dice,
    "mummy dice": _mummy_dice,
    "mummy": _mummy,
    "walk": _walk,
    "move": _step,
    "jump": _step,
    "escape": _escape,
    "open": _open,
    "lock": _lock,
    "reroll": _lock,
    "idol": _idol,
    "foresee": _foresee,
    "udjat": _foresee,
    "clairvoyance": _foresee,
    "keep": _foresee,
    "swap": _foresee,
    "read": _read,
    "stamina": _stamina,
    "shoot": _shoot,
    "touch": _touch,
    "mummified": _touch,
    "crushed": _crushed,
    "sealed": _sealed,
    "block": _block,
    "over": _over,
    "final": _final,
}
