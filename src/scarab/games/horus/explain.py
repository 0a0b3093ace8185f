"""Why an action is not legal in the Pyramid of Horus, and what would be."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scarab.games.horus import data as D
from scarab.games.horus.actions import COSTS_ACTION, HorusAction
from scarab.games.horus.rules import CURES, bag_with_room, first_card, missing
from scarab.games.horus.stages import (
    ADJUST,
    INSIDE,
    OVER,
    P_BLOCKCARD,
    P_DANGER,
    P_FORESEE,
    P_JUMP,
    P_OVERFLOW,
    P_TOUCH,
    SETUP,
    WAITING,
)

if TYPE_CHECKING:
    from scarab.games.horus.state import HorusState


def explain(s: HorusState, act: HorusAction, legal: list[HorusAction]) -> str:
    """Say what is wrong with an illegal action and what would be legal."""
    if s.stage == OVER:
        return "the game is over; no action is legal"
    # the 31 rerolls of an alcove attempt are one entry, so 'end' and the rest still show
    names: list[str] = []
    for a in legal:
        text = str(a)
        if a.verb == "reroll":
            text = f"reroll any of dice 1-{D.NUM_DICE} (as 'reroll 1,3')"
        if text not in names:
            names.append(text)
    shown = ", ".join(names[:16]) + (", ..." if len(names) > 16 else "")
    return f"{act} is not legal: {reason(s, act)}. Legal now: {shown}"


def reason(s: HorusState, act: HorusAction) -> str:
    """Why ``act`` is not legal for the seat to decide, and what it may do instead."""
    p, v = s.seat, act.verb
    if s.pending:
        return _pending_reason(s, p, act)
    if s.stage == SETUP:
        if v != "choose":
            return "first choose an adventurer and an entrance, as in 'choose gore e1'"
        return f"{act.arg.split()[0]} is already taken"
    if v == "choose":
        return "adventurers are chosen once, at setup"
    if s.stage == ADJUST and (why := _adjust_reason(s, p, act)):
        return why
    # phase 3 (and, in phase 1, what only an alcove attempt or a hazard asks for)
    return _turn_reason(s, p, act)


def _pending_reason(s: HorusState, p: int, act: HorusAction) -> str:
    kind = s.pending[0][0]
    if kind == P_OVERFLOW and act.verb == "discard":
        return f"{discard_reason(s, p, act.arg)}; you carry more than {D.CARD_LIMIT} cards"
    return {
        P_TOUCH: "a mummy touches you: 'shoot' it or 'accept' the wound",
        P_DANGER: "you drew a dangerous card: use your ability or 'accept' the wound",
        P_JUMP: "a block falls on your square: jump to a free neighbouring square",
        P_BLOCKCARD: "the block wounds you: 'dodge' it or 'accept' the Block card",
        P_OVERFLOW: f"you carry more than {D.CARD_LIMIT} cards: discard a treasure, idol or "
        "equipment card first (bagging one does not make room)",
        P_FORESEE: "you saw this round's block: 'keep' it or 'swap' it unseen",
    }.get(kind, "an interruption must be settled first")


def _adjust_reason(s: HorusState, p: int, act: HorusAction) -> str:
    """Phase 1's reason, or "" where the action is one of phase 3's own questions."""
    v = act.verb
    if v in COSTS_ACTION or v in ("stamina", "read"):
        return (
            "it is phase 1: discard cards, use equipment, or 'end' to go on; "
            f"'{v}' comes in your turn in phase 3"
        )
    if v == "discard":
        return discard_reason(s, p, act.arg)
    if v in ("bag", "udjat", "clairvoyance", *CURES):
        return free_reason(s, p, act)
    return ""


def _turn_reason(s: HorusState, p: int, act: HorusAction) -> str:
    q, v = s.pos[p], act.verb
    if v == "discard":
        return "free discards happen in phase 1, or when a thirteenth card arrives"
    if v in COSTS_ACTION and s.left <= 0:
        return "you have no actions left this round"
    if v == "move":
        t = D.NEIGH[q][D.DIRS.index(act.arg)]
        if t < 0:
            return f"a solid wall stands on the {act.arg} side of {D.square_name(q)}"
        return f"a stone block fills {D.square_name(t)}"
    if s.status[p] == WAITING and v in COSTS_ACTION:
        return "you are still at the entrance: move into the pyramid first"
    if (place := _BY_PLACE.get(v)) is not None:
        return place(s, p, v)
    if v == "reroll":
        return "reroll follows a failed 'pick' in this turn"
    if v == "stamina":
        return ability_reason(s, p, "stamina") or "it would give you no more actions"
    if v in ("shoot", "dodge", "reflexes", "swim", "jump", "accept", "keep", "swap"):
        return f"'{v}' answers something that happens to you; nothing asks it now"
    return free_reason(s, p, act)


def _search_reason(s: HorusState, p: int, v: str) -> str:
    q = s.pos[p]
    k = D.DECK_AT[q]
    if k < 0:
        return (
            f"nothing to search in the {D.area_name(q)}; search in the Cobra Nest, "
            "Scorpion Pit or Crocodile Pond"
        )
    if not s.decks[k]:
        return f"the {D.DECKS[k]} deck is empty"
    return f"you carry {D.CARD_LIMIT} cards and nothing you could drop"


def _sarcophagus_reason(s: HorusState, p: int, v: str) -> str:
    q = s.pos[p]
    i = D.SARC_AT[q]
    if i < 0:
        return f"no sarcophagus beside {D.square_name(q)}"
    if s.sarc[i] < 0:
        return "that sarcophagus is empty"
    if v == "open":
        return "that sarcophagus is already open"
    if v == "take":
        return (
            "open the sarcophagus first"
            if not s.sarc_open[i]
            else f"you carry {D.CARD_LIMIT} cards and nothing you could drop"
        )
    return ability_reason(s, p, "read") or "that sarcophagus is already open for all to see"


def _alcove_reason(s: HorusState, p: int, v: str) -> str:
    q = s.pos[p]
    a = D.ALCOVE_AT[q]
    if a < 0:
        return f"no alcove beside {D.square_name(q)}"
    if not s.alcoves[a]:
        return f"the {D.ALCOVE_GOD[a]} idol is gone"
    if s.lock:
        return "your attempt is still going: reroll some dice instead"
    return f"you carry {D.CARD_LIMIT} cards and nothing you could drop"


def _tool_reason(s: HorusState, p: int, v: str) -> str:
    """A crowbar or lockpick, which supply a missing face during an alcove attempt."""
    if not s.lock:
        return f"{v} helps only during an alcove attempt"
    if len(missing(s)) != 1:
        return f"it supplies one face, but {len(missing(s))} are missing"
    if v == "crowbar":
        return "you carry no crowbar"
    return ability_reason(s, p, "lockpick") or "not now"


# The verbs whose reason depends on what is on or beside the seat's square.
_BY_PLACE: dict[str, Callable[[HorusState, int, str], str]] = {
    "search": _search_reason,
    "open": _sarcophagus_reason,
    "take": _sarcophagus_reason,
    "read": _sarcophagus_reason,
    "pick": _alcove_reason,
    "crowbar": _tool_reason,
    "lockpick": _tool_reason,
}


def ability_reason(s: HorusState, p: int, ability: str) -> str:
    if s.adv[p] < 0 or D.ABILITY[s.adv[p]] != ability:
        owner = D.ADV_NAME[D.ABILITY.index(ability)]
        return f"{ability} is {owner}'s ability"
    if s.used_ability[p]:
        return f"{ability} is used once per game, and you have used it"
    return ""


def discard_reason(s: HorusState, p: int, name: str) -> str:
    if name in ("snake", "scorpion", "crocodile", "mummy", "block"):
        return "wounds are never discarded for free; an antidote or medi-kit treats some"
    return f"you carry no {name}"


def free_reason(s: HorusState, p: int, act: HorusAction) -> str:
    v, arg = act.verb, act.arg
    if s.status[p] != INSIDE:
        return "you are not inside the pyramid"
    if v == "bag":
        if first_card(s, p, "bag") < 0:
            return "you carry no bag"
        if bag_with_room(s, p) < 0:
            return f"your bags are full ({D.BAG_CAPACITY} treasures each)"
        if first_card(s, p, arg) < 0:
            return f"you carry no loose {arg}"
        return "a bag holds treasures, necklaces and chests, never idols or equipment"
    if v in CURES:
        if first_card(s, p, v) < 0:
            return f"you carry no {v}"
        return f"you have no {arg} wound"
    if v in ("udjat", "clairvoyance"):
        if v == "udjat" and first_card(s, p, "udjat") < 0:
            return "you carry no udjat"
        if v == "clairvoyance" and (why := ability_reason(s, p, v)):
            return why
        if s.foresight:
            return "an udjat or clairvoyance was already used this round"
        return "no block is left in the box"
    return "that is not possible now"
