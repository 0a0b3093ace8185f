"""Why an action is not legal in the Pyramid of Horus, and what would be, as messages
(horus/refusals.toml)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from scarab.core.refusal import Arg, Reason, Term, word
from scarab.games.horus import data as D
from scarab.games.horus.actions import COSTS_ACTION, HorusAction
from scarab.games.horus.rules import CURES, bag_with_room, first_card, missing
from scarab.games.horus.stages import (
    ADJUST,
    INSIDE,
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


FREE_VERBS = frozenset(("bag", "udjat", "clairvoyance", *CURES))  # cost no action


def _r(key: str, **params: Arg) -> Reason:
    return Reason(f"horus.refuse.{key}", **params)


def card(name: str) -> Term:
    """A card by its notation name, as the catalogues name it ("Sobek 4")."""
    return Term(f"horus.term.card.{name}", D.card_words(name))


def legal_words(legal: list[HorusAction]) -> list[Arg]:
    """The legal actions' notation, the 31 rerolls of an alcove attempt as one entry
    (listed last), so that 'end' and the rest still show."""
    names = list(dict.fromkeys(str(a) for a in legal if a.verb != "reroll"))
    if any(a.verb == "reroll" for a in legal):
        return [*names, _r("reroll_any", n=D.NUM_DICE)]
    return list(names)


def reason(s: HorusState, act: HorusAction) -> Reason:
    """Why ``act`` is not legal for the seat to decide, and what it may do instead."""
    p, v = s.seat, act.verb
    if s.pending:
        return _pending_reason(s, p, act)
    if s.stage == SETUP:
        if v != "choose":
            return _r("choose_first")
        key = act.arg.split()[0]
        return _r("taken", adventurer=D.ADV_NAME[D.ADVENTURERS.index(key)])
    if v == "choose":
        return _r("chosen_once")
    if s.stage == ADJUST and (why := _adjust_reason(s, p, act)):
        return why
    # phase 3 (and, in phase 1, what only an alcove attempt or a hazard asks for)
    return _turn_reason(s, p, act)


_PENDING = {
    P_TOUCH: "touch",
    P_DANGER: "danger",
    P_JUMP: "jump",
    P_BLOCKCARD: "blockcard",
    P_OVERFLOW: "overflow",
    P_FORESEE: "foresee",
}


def _pending_reason(s: HorusState, p: int, act: HorusAction) -> Reason:
    kind = s.pending[0][0]
    if kind == P_OVERFLOW and act.verb == "discard":
        return _r("overflow_discard", reason=discard_reason(s, p, act.arg), limit=D.CARD_LIMIT)
    return _r(f"pending.{_PENDING.get(kind, 'other')}", limit=D.CARD_LIMIT)


def _adjust_reason(s: HorusState, p: int, act: HorusAction) -> Reason | None:
    """Phase 1's reason, or None where the action is one of phase 3's own questions."""
    v = act.verb
    if v in COSTS_ACTION or v in ("stamina", "read"):
        return _r("phase1", verb=v)
    if v == "discard":
        return discard_reason(s, p, act.arg)
    if v in FREE_VERBS:
        return free_reason(s, p, act)
    return None


def _turn_reason(s: HorusState, p: int, act: HorusAction) -> Reason:
    q, v = s.pos[p], act.verb
    if v == "discard":
        return _r("free_discard")
    if v in COSTS_ACTION and s.left <= 0:
        return _r("no_actions")
    if v == "move":
        t = D.NEIGH[q][D.DIRS.index(act.arg)]
        if t < 0:
            side = word(f"horus.refuse.dir.{act.arg}")
            return _r("wall", side=side, square=D.square_name(q))
        return _r("block", square=D.square_name(t))
    if s.status[p] == WAITING and v in COSTS_ACTION:
        return _r("waiting")
    if (place := _BY_PLACE.get(v)) is not None:
        return place(s, p, v)
    if v == "reroll":
        return _r("reroll")
    if v == "stamina":
        return ability_reason(s, p, "stamina") or _r("stamina")
    if v in ("shoot", "dodge", "reflexes", "swim", "jump", "accept", "keep", "swap"):
        return _r("answers", verb=v)
    return free_reason(s, p, act)


def _full() -> Reason:
    return _r("full", limit=D.CARD_LIMIT)


def _search_reason(s: HorusState, p: int, v: str) -> Reason:
    q = s.pos[p]
    k = D.DECK_AT[q]
    if k < 0:
        area = Term(f"horus.term.area.{D.AREA[q]}", D.area_name(q))
        return _r("search.nothing", area=area)
    if not s.decks[k]:
        return _r("search.empty", deck=Term(f"horus.term.deck.{D.DECKS[k]}", D.DECKS[k]))
    return _full()


def _sarcophagus_reason(s: HorusState, p: int, v: str) -> Reason:
    q = s.pos[p]
    i = D.SARC_AT[q]
    if i < 0:
        return _r("sarcophagus.none", square=D.square_name(q))
    if s.sarc[i] < 0:
        return _r("sarcophagus.empty")
    if v == "open":
        return _r("sarcophagus.open")
    if v == "take":
        return _full() if s.sarc_open[i] else _r("sarcophagus.closed")
    return ability_reason(s, p, "read") or _r("sarcophagus.seen")


def _alcove_reason(s: HorusState, p: int, v: str) -> Reason:
    q = s.pos[p]
    a = D.ALCOVE_AT[q]
    if a < 0:
        return _r("alcove.none", square=D.square_name(q))
    if not s.alcoves[a]:
        return _r("alcove.gone", idol=card(f"{D.ALCOVE_GOD[a]}-idol"))
    if s.lock:
        return _r("alcove.going")
    return _full()


def _tool_reason(s: HorusState, p: int, v: str) -> Reason:
    """A crowbar or lockpick, which supply a missing face during an alcove attempt."""
    if not s.lock:
        tool = card(v) if v == "crowbar" else _ability(v)
        return _r("tool.only", tool=tool)
    if len(missing(s)) != 1:
        return _r("tool.faces", n=len(missing(s)))
    if v == "crowbar":
        return _r("no_card", card=card("crowbar"))
    return ability_reason(s, p, "lockpick") or _r("not_now")


# The verbs whose reason depends on what is on or beside the seat's square.
_BY_PLACE: dict[str, Callable[[HorusState, int, str], Reason]] = {
    "search": _search_reason,
    "open": _sarcophagus_reason,
    "take": _sarcophagus_reason,
    "read": _sarcophagus_reason,
    "pick": _alcove_reason,
    "crowbar": _tool_reason,
    "lockpick": _tool_reason,
}


def _ability(name: str) -> Term:
    return Term(f"horus.term.ability.{name}", name)


def ability_reason(s: HorusState, p: int, ability: str) -> Reason | None:
    """Why the seat cannot use ``ability`` (not its own, or used); None if it can."""
    if s.adv[p] < 0 or D.ABILITY[s.adv[p]] != ability:
        owner = D.ADV_NAME[D.ABILITY.index(ability)]
        return _r("ability.whose", ability=_ability(ability), owner=owner)
    if s.used_ability[p]:
        return _r("ability.used", ability=_ability(ability))
    return None


def discard_reason(s: HorusState, p: int, name: str) -> Reason:
    if name in ("snake", "scorpion", "crocodile", "mummy", "block"):
        return _r("wounds")
    return _r("no_card", card=card(name))


def free_reason(s: HorusState, p: int, act: HorusAction) -> Reason:
    v, arg = act.verb, act.arg
    if s.status[p] != INSIDE:
        return _r("outside")
    if v == "bag":
        if first_card(s, p, "bag") < 0:
            return _r("no_card", card=card("bag"))
        if bag_with_room(s, p) < 0:
            return _r("bag.full", capacity=D.BAG_CAPACITY)
        if first_card(s, p, arg) < 0:
            return _r("bag.no_loose", card=card(arg))
        return _r("bag.what")
    if v in CURES:
        if first_card(s, p, v) < 0:
            return _r("no_card", card=card(v))
        return _r("no_wound", wound=card(arg))
    if v in ("udjat", "clairvoyance"):
        if v == "udjat" and first_card(s, p, "udjat") < 0:
            return _r("no_card", card=card("udjat"))
        if v == "clairvoyance" and (why := ability_reason(s, p, v)):
            return why
        if s.foresight:
            return _r("foresight.used")
        return _r("foresight.box")
    return _r("impossible")
