"""The Pyramid of Horus's rules: setup, the six phases of a round, actions, results.

A round runs by itself between decisions (advance): the action roll, the mummies,
the falling block and the passing of the Ankh need nobody's choice. Hazards that
do need one (a jump, a forced discard, a reaction ability) wait in
``state.pending`` and are decided by the seat they strike, then the round goes on.
Clause ids (clauses.toml) mark each rule; explain.py says why an action is refused.
"""

from __future__ import annotations

import datetime
from typing import TYPE_CHECKING

from scarab.core.game import Event
from scarab.core.rng import Rng
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.actions import (
    ACCEPT,
    COSTS_ACTION,
    END,
    HorusAction,
    jump,
    move,
    reroll,
    reroll_dice,
)
from scarab.games.horus.scoring import final_scoring, holds_horus_idol, idol_value
from scarab.games.horus.stages import (
    ACTIONS,
    ACTIVE,
    ADJUST,
    BLOCK,
    ESCAPED,
    INSIDE,
    MUMMIES,
    MUMMY,
    OVER,
    P_BLOCKCARD,
    P_DANGER,
    P_FORESEE,
    P_JUMP,
    P_OVERFLOW,
    P_SEAL,
    P_TOUCH,
    PASS,
    SETUP,
    UNCHOSEN,
    WAITING,
)

if TYPE_CHECKING:
    from collections.abc import Iterable, Sequence

    from scarab.core.game import JSON, Game
    from scarab.games.horus.state import HorusState

Events = list[Event] | None
SEARCH, OPEN, TAKE, PICK = (HorusAction(v) for v in ("search", "open", "take", "pick"))
KEEP, SWAP = HorusAction("keep"), HorusAction("swap")
REROLLS = tuple(
    reroll(tuple(i for i in range(D.NUM_DICE) if m >> i & 1)) for m in range(1, 1 << D.NUM_DICE)
)
CURES = {"antidote": ("snake", "scorpion"), "medikit": ("crocodile", "block")}


# ---- setup ------------------------------------------------------------------
def new_state(game: Game[HorusAction], names: tuple[str, ...], seed: int) -> HorusState:
    """HOR-SETUP-DECKS, HOR-SETUP-SARCOPHAGI, HOR-SETUP-MUMMIES, HOR-SETUP-KEEPER."""
    from scarab.games.horus.state import HorusState

    n = len(names)
    s = HorusState.__new__(HorusState)
    s.game, s.names, s.seed = game, names, seed
    s.options = {}
    s.date = datetime.date.today().isoformat()
    s.rng = Rng(seed)
    s.decks = [list(d) for d in D.DECK_CARDS]
    for deck in s.decks:
        s.rng.shuffle(deck)
    s.sarc = [-1] * len(D.SARC_SQUARE)
    for god, cards in D.SARC_CARDS.items():
        pool = list(cards)
        s.rng.shuffle(pool)
        for i, g in enumerate(D.SARC_GOD):
            if g == god:
                s.sarc[i] = pool.pop()
    s.sarc_open = [False] * len(D.SARC_SQUARE)
    s.alcoves = [True] * len(D.ALCOVE_GOD)
    s.discard = []
    s.supply = [tuple(D.MUMMY_CARDS), tuple(D.BLOCK_CARDS)]
    s.blocked, s.fallen, s.box = 0, [], list(D.BLOCKS)
    s.aside, s.aside_by, s.aside_known, s.foresight = -1, -1, False, False
    s.mpos, s.mdir = list(D.MUMMY_START), list(D.MUMMY_FACING)
    s.mleft, s.mi, s.shot = [0] * D.NUM_MUMMIES, 0, 0
    s.adv, s.pos, s.status, s.face = [-1] * n, [-1] * n, [UNCHOSEN] * n, [-1] * n
    s.cards = [[] for _ in range(n)]
    s.bagged = [() for _ in range(n)]
    s.chests = [() for _ in range(n)]
    s.used_ability, s.known = [False] * n, [0] * n
    s.granted, s.score = [0] * n, [0] * n
    s.round, s.keeper, s.stage, s.turn_idx, s.seat = 0, 0, SETUP, 0, 0
    s.in_turn, s.left, s.used = False, 0, 0
    s.dice, s.mdice, s.lock, s.lock_alcove = (), (), (), -1
    s.pending = []
    s.final, s.hist, s.legal = None, None, None
    s.sampled = False
    advance(s, None)
    return s


# ---- what a seat carries ------------------------------------------------------
def wll(s: HorusState, p: int) -> int:
    """HOR-WLL: read from the number of cards carried (a bag and its contents are one)."""
    return wll_of(s.cards[p])


def wll_of(loose: Sequence[int]) -> int:
    """HOR-WLL for a seat whose loose cards (a bag counting as one) are ``loose``."""
    return D.WLL[min(len(loose), D.CARD_LIMIT)]


def cursed(s: HorusState, p: int) -> set[int]:
    """HOR-CURSE: the dice struck out on the idols the seat carries."""
    return curses_of(s.cards[p])


def curses_of(loose: Iterable[int]) -> set[int]:
    """HOR-CURSE: the dice struck out by the idols among ``loose`` cards."""
    return {
        D.IDOL_CURSE[D.IDOL_GOD.index(D.CARDS[c].god)] for c in loose if D.CARDS[c].kind == D.IDOL
    }


def actions_for(s: HorusState, p: int, dice: tuple[int, ...]) -> int:
    """HOR-ACTIONS-COUNT: dice at or above the WLL, cursed dice excepted."""
    level, bad = wll(s, p), cursed(s, p)
    return sum(1 for i, d in enumerate(dice) if d >= level and i not in bad)


def first_card(s: HorusState, p: int, name: str) -> int:
    for c in s.cards[p]:
        if D.CARDS[c].name == name:
            return c
    return -1


def names_held(s: HorusState, p: int, kinds: tuple[str, ...]) -> list[str]:
    out: list[str] = []
    for c in s.cards[p]:
        card = D.CARDS[c]
        if card.kind in kinds and card.name not in out:
            out.append(card.name)
    return out


def bag_with_room(s: HorusState, p: int) -> int:
    """HOR-EQUIP-BAG: a bag holds up to two treasures."""
    for c in s.cards[p]:
        if D.CARDS[c].name == "bag" and sum(1 for b, _ in s.bagged[p] if b == c) < D.BAG_CAPACITY:
            return c
    return -1


def room_for_card(s: HorusState, p: int) -> bool:
    """HOR-WLL-CAP: at the limit, an action that brings a card needs something to drop."""
    return len(s.cards[p]) < D.CARD_LIMIT or any(D.CARDS[c].carried for c in s.cards[p])


def missing(s: HorusState) -> list[int]:
    """Faces the idol of the current alcove attempt still lacks (HOR-ALCOVE-DICE)."""
    need = list(D.IDOL_FACES[D.ALCOVE_IDOL[s.lock_alcove]])
    for d in s.lock:
        if d in need:
            need.remove(d)
    return need


# ---- legal actions ----------------------------------------------------------
def legal_actions(s: HorusState) -> list[HorusAction]:
    if s.stage == OVER:
        return []
    if s.pending:
        return pending_options(s, s.pending[0])
    if s.stage == SETUP:
        return choose_options(s)
    if s.stage == ADJUST:
        return adjust_options(s, s.seat)
    return turn_options(s, s.seat)


def choose_options(s: HorusState) -> list[HorusAction]:
    """HOR-SETUP-CHOOSE: an adventurer nobody has taken, on an entrance space."""
    return [
        HorusAction("choose", f"{a} {e}")
        for i, a in enumerate(D.ADVENTURERS)
        if i not in s.adv
        for e in D.EXIT_NAME
    ]


def free_options(s: HorusState, p: int) -> list[HorusAction]:
    """Things that cost no action: bagging, equipment, foresight."""
    out: list[HorusAction] = []
    held = {D.CARDS[c].name for c in s.cards[p]}
    if "bag" in held and bag_with_room(s, p) >= 0:
        out += [HorusAction("bag", n) for n in names_held(s, p, (D.TREASURE, D.NECKLACE, D.CHEST))]
    for tool, cures in CURES.items():
        if tool in held:
            out += [HorusAction(tool, w) for w in cures if w in held]
    if not s.foresight and s.box:
        if "udjat" in held:
            out.append(HorusAction("udjat"))
        if H.ready(s, p, "clairvoyance"):
            out.append(HorusAction("clairvoyance"))
    return out


def adjust_options(s: HorusState, p: int) -> list[HorusAction]:
    """HOR-WLL-DISCARD: any treasure, idol or equipment may go, never a wound."""
    return [*overflow_options(s, p), *free_options(s, p), END]


# Each square's ways out (walls left out) with their move actions, in compass order.
MOVES_FROM: tuple[tuple[tuple[int, HorusAction], ...], ...] = tuple(
    tuple((t, move(D.DIRS[d])) for d, t in enumerate(ways) if t >= 0) for ways in D.NEIGH
)


def turn_options(s: HorusState, p: int) -> list[HorusAction]:
    out: list[HorusAction] = []
    q, inside = s.pos[p], s.status[p] == INSIDE
    if s.left > 0:
        blocked = s.blocked
        out += [a for t, a in MOVES_FROM[q] if not blocked >> t & 1]  # HOR-MOVE
        if inside:
            room = room_for_card(s, p)
            k = D.DECK_AT[q]
            if k >= 0 and s.decks[k] and room:
                out.append(SEARCH)
            i = D.SARC_AT[q]
            if i >= 0 and s.sarc[i] >= 0:
                if not s.sarc_open[i]:
                    out.append(OPEN)
                elif room:
                    out.append(TAKE)
            a = D.ALCOVE_AT[q]
            if a >= 0 and s.alcoves[a] and room and not s.lock:
                out.append(PICK)
            if s.lock:
                out += REROLLS
    if inside:
        ability = H.unused_ability(s, p)
        if s.lock and len(missing(s)) == 1:
            if first_card(s, p, "crowbar") >= 0:
                out.append(HorusAction("crowbar"))
            if ability == "lockpick":
                out.append(HorusAction("lockpick"))
        out += free_options(s, p)
        if ability == "stamina" and stamina_gain(s, p) > 0:
            out.append(HorusAction("stamina"))
        i = D.SARC_AT[q]
        if (
            ability == "read"
            and i >= 0
            and s.sarc[i] >= 0
            and not s.sarc_open[i]
            and not s.known[p] >> i & 1
        ):
            out.append(HorusAction("read"))
    out.append(END)
    return out


def stamina_gain(s: HorusState, p: int) -> int:
    """HOR-ABILITY-STAMINA: every uncursed die counts this round, whatever the WLL."""
    bad = cursed(s, p)
    return sum(1 for i in range(len(s.dice)) if i not in bad) - s.granted[p]


def overflow_options(s: HorusState, p: int) -> list[HorusAction]:
    """HOR-WLL-CAP: a treasure, idol or equipment card must go (bagging one is no discard)."""
    return [
        HorusAction("discard", n)
        for n in names_held(s, p, (D.TREASURE, D.NECKLACE, D.CHEST, D.IDOL, D.EQUIPMENT))
    ]


def pending_options(s: HorusState, item: tuple[int, int, int]) -> list[HorusAction]:
    """The choices an interruption offers; [] when it resolves by itself."""
    kind, p, arg = item
    if s.status[p] != INSIDE and kind != P_FORESEE:
        return []
    if kind == P_TOUCH:
        shoot = H.ready(s, p, "shoot") and not H.immune(s, p, arg)
        return [HorusAction("shoot"), ACCEPT] if shoot else []
    if kind == P_DANGER:
        ability = "swim" if D.CARDS[arg].name == "crocodile" else "reflexes"
        return [HorusAction(ability), ACCEPT] if H.ready(s, p, ability) else []
    if kind == P_JUMP:
        dirs = H.jump_targets(s, p)
        return [jump(D.DIRS[d]) for d in dirs] if len(dirs) > 1 else []
    if kind == P_BLOCKCARD:
        return [HorusAction("dodge"), ACCEPT] if H.ready(s, p, "dodge") else []
    if kind == P_OVERFLOW:
        return overflow_options(s, p) if len(s.cards[p]) > D.CARD_LIMIT else []
    if kind == P_FORESEE:
        return [KEEP, SWAP] if s.box else []
    return []


# ---- apply ------------------------------------------------------------------
def play(s: HorusState, p: int, act: HorusAction, ev: list[Event] | None) -> None:
    """The forward model for a legal action of seat p; events go to ev unless it is None."""
    if s.pending:
        resolve(s, act, ev)
    elif s.stage == SETUP:
        do_choose(s, p, act, ev)
    elif act is END:
        if s.stage == ADJUST:
            s.turn_idx += 1
        else:
            end_turn(s)
    elif act.verb in COSTS_ACTION:
        s.left -= 1
        s.used += 1
        do_action(s, p, act, ev)
    else:
        do_free(s, p, act, ev)
    advance(s, ev)
    return


def do_choose(s: HorusState, p: int, act: HorusAction, ev: Events) -> None:
    key, entrance = act.arg.split()
    s.adv[p] = D.ADVENTURERS.index(key)
    s.pos[p] = D.EXITS[D.EXIT_NAME.index(entrance)]
    s.status[p] = WAITING
    s.turn_idx += 1
    if ev is not None:
        ev.append(
            Event(
                "choose",
                p,
                f"{H.who(s, p)} waits at entrance {entrance}",
                {"adventurer": key, "square": s.pos[p]},
            )
        )


def end_turn(s: HorusState) -> None:
    s.in_turn, s.left, s.lock = False, 0, ()
    s.turn_idx += 1


def do_action(s: HorusState, p: int, act: HorusAction, ev: Events) -> None:
    """The actions of phase 3, one action each (HOR-ACTIONS-SPEND)."""
    v = act.verb
    if v != "reroll":
        s.lock = ()  # HOR-ALCOVE-FRESH: an attempt ends when anything else is done
    q = s.pos[p]
    if v == "move":
        do_move(s, p, D.DIRS.index(act.arg), ev)
    elif v == "search":
        do_search(s, p, ev)
    elif v == "open":  # HOR-SARC-OPEN
        i = D.SARC_AT[q]
        s.sarc_open[i] = True
        if ev is not None:
            name = D.card_name(s.sarc[i])
            ev.append(
                Event(
                    "open",
                    p,
                    f"{H.who(s, p)} opens a {D.SARC_GOD[i]} sarcophagus: {D.card_words(name)}",
                    {"slot": i, "card": name, "adventurer": H.adv_key(s, p)},
                )
            )
    elif v == "take":  # HOR-SARC-TAKE
        i = D.SARC_AT[q]
        card, s.sarc[i], s.sarc_open[i] = s.sarc[i], -1, False
        s.cards[p].append(card)
        H.overflow(s, p)
        if ev is not None:
            ev.append(
                Event(
                    "take",
                    p,
                    f"{H.who(s, p)} takes {D.CARDS[card].words}",
                    {"slot": i, "card": D.card_name(card), "adventurer": H.adv_key(s, p)},
                )
            )
    elif v == "pick":  # HOR-ALCOVE-ROLL
        s.lock_alcove = D.ALCOVE_AT[q]
        s.lock = s.rng.dice(D.NUM_DICE)
        lock_rolled(s, p, "tries the lock", ev)
    else:  # reroll: HOR-ALCOVE-REROLL
        chosen = reroll_dice(act)
        s.lock = tuple(s.rng.die() if i in chosen else d for i, d in enumerate(s.lock))
        lock_rolled(s, p, f"rerolls dice {act.arg}", ev, act.arg)


def do_move(s: HorusState, p: int, d: int, ev: Events) -> None:
    """HOR-MOVE, HOR-ENTER, HOR-ESCAPE, HOR-TOUCH-ENTER."""
    q = D.NEIGH[s.pos[p]][d]
    entering = s.status[p] == WAITING
    s.pos[p], s.face[p] = q, d
    s.status[p] = INSIDE
    if ev is not None:
        how = "enters the pyramid at" if entering else f"moves {D.DIRS[d]} to"
        data: dict[str, JSON] = {"square": q, "dir": D.DIRS[d], "enter": entering}
        data["adventurer"] = H.adv_key(s, p)
        ev.append(Event("move", p, f"{H.who(s, p)} {how} {D.square_name(q)}", data))
    if D.AREA[q] == "e":
        H.escape(s, p, ev)
    else:
        s.pending += H.touches_at(s, p, q)


def do_search(s: HorusState, p: int, ev: Events) -> None:
    """HOR-SEARCH: the area's deck; HOR-SEARCH-PUBLIC: everyone sees the card."""
    deck = D.DECK_AT[s.pos[p]]
    card = s.decks[deck].pop()
    s.cards[p].append(card)
    c = D.CARDS[card]
    if ev is not None:
        ev.append(
            Event(
                "search",
                p,
                f"{H.who(s, p)} searches the {D.DECKS[deck]} deck: {c.words}",
                {"deck": D.DECKS[deck], "card": c.name, "adventurer": H.adv_key(s, p)},
            )
        )
    if c.kind == D.WOUND:
        s.pending.append((P_DANGER, p, card))
    s.pending.append((P_OVERFLOW, p, 0))


def lock_rolled(s: HorusState, p: int, what: str, ev: Events, rerolled: str = "") -> None:
    """An alcove attempt's dice; ``rerolled`` names the dice thrown again (1-based)."""
    if ev is not None:
        god = D.ALCOVE_GOD[s.lock_alcove]
        data: dict[str, JSON] = {"dice": list(s.lock), "alcove": god}
        data["adventurer"] = H.adv_key(s, p)
        if rerolled:
            data["reroll"] = rerolled
        ev.append(
            Event(
                "lock",
                p,
                f"{H.who(s, p)} {what} of the {god} alcove: {' '.join(map(str, s.lock))}",
                data,
            )
        )
    if not missing(s):
        take_idol(s, p, ev)


def take_idol(s: HorusState, p: int, ev: Events) -> None:
    """HOR-ALCOVE-IDOL (no extra action), HOR-CURSE; HOR-HORUS-IDOL drops a block at once."""
    a = s.lock_alcove
    idol = D.ALCOVE_IDOL[a]
    s.alcoves[a] = False
    s.lock = ()
    s.cards[p].append(D.IDOL_CARD[idol])
    H.overflow(s, p)
    if ev is not None:
        god = D.IDOL_GOD[idol]
        ev.append(
            Event(
                "idol",
                p,
                f"{H.who(s, p)} takes the {god} idol and is cursed: "
                f"the {D.DICE[D.IDOL_CURSE[idol]]} die no longer counts for him",
                {"idol": god, "adventurer": H.adv_key(s, p)},
            )
        )
    if D.IDOL_GOD[idol] == "horus" and s.box:
        H.drop_block(s, H.random_block(s), ev)


def discard_card(s: HorusState, p: int, card: int) -> None:
    s.cards[p].remove(card)
    if card < D.NUM_CARDS:  # a marker just goes away
        s.discard.append(card)
    if D.CARDS[card].name == "bag":  # HOR-EQUIP-BAG: the bag goes with what it holds
        s.discard += [c for b, c in s.bagged[p] if b == card]
        s.bagged[p] = tuple((b, c) for b, c in s.bagged[p] if b != card)


def do_free(s: HorusState, p: int, act: HorusAction, ev: Events) -> None:
    v, arg = act.verb, act.arg
    text = ""
    if v == "discard":  # HOR-WLL-DISCARD
        discard_card(s, p, first_card(s, p, arg))
        text = f"discards {D.card_words(arg)}"
    elif v == "bag":  # HOR-EQUIP-BAG
        bag, card = bag_with_room(s, p), first_card(s, p, arg)
        s.cards[p].remove(card)
        s.bagged[p] += ((bag, card),)
        text = f"puts {D.card_words(arg)} in a bag"
    elif v in CURES:  # HOR-EQUIP-ANTIDOTE, HOR-EQUIP-MEDIKIT
        discard_card(s, p, first_card(s, p, v))
        discard_card(s, p, first_card(s, p, arg))
        text = f"uses {_a(v)} and discards {_a(arg)} wound"
    elif v in ("udjat", "clairvoyance"):  # HOR-EQUIP-UDJAT, HOR-ABILITY-CLAIRVOYANCE
        if v == "udjat":
            discard_card(s, p, first_card(s, p, "udjat"))
        else:
            s.used_ability[p] = True
        s.foresight = True
        number = H.random_block(s)
        s.pending.append((P_FORESEE, p, number))
        if ev is not None:
            ev.append(
                Event(
                    "foresee",
                    p,
                    f"{H.who(s, p)} uses {v} and sees block {number}",
                    {"block": number, "with": v, "adventurer": H.adv_key(s, p)},
                    secret_to=p,
                    public_text=f"{H.who(s, p)} uses {v} and looks at a block",
                )
            )
        return
    elif v == "stamina":
        s.used_ability[p] = True
        s.left += stamina_gain(s, p)
        text = f"uses stamina: {s.left} actions left"
    elif v == "read":  # HOR-ABILITY-READ
        i = D.SARC_AT[s.pos[p]]
        s.used_ability[p] = True
        s.known[p] |= 1 << i
        if ev is not None:
            ev.append(
                Event(
                    "read",
                    p,
                    f"{H.who(s, p)} reads the sarcophagus: {D.CARDS[s.sarc[i]].words}",
                    {"slot": i, "card": D.card_name(s.sarc[i]), "adventurer": H.adv_key(s, p)},
                    secret_to=p,
                    public_text=f"{H.who(s, p)} reads the hieroglyphs of a sarcophagus",
                )
            )
        return
    else:  # crowbar or lockpick: HOR-EQUIP-CROWBAR, HOR-ABILITY-LOCKPICK
        if v == "crowbar":
            discard_card(s, p, first_card(s, p, "crowbar"))
        else:
            s.used_ability[p] = True
        if ev is not None:
            face = missing(s)[0]
            data = {"face": face, "adventurer": H.adv_key(s, p)}
            ev.append(Event(v, p, f"{H.who(s, p)} uses {v} for the missing {face}", data))
        take_idol(s, p, ev)
        return
    if ev is not None:
        data = {"card": arg, "adventurer": H.adv_key(s, p)}
        if v == "stamina":
            data["actions"] = s.left
        ev.append(Event(v, p, f"{H.who(s, p)} {text}", data))


def resolve(s: HorusState, act: HorusAction | None, ev: Events) -> None:
    """Settle the first interruption, by the seat's choice or by itself (act None)."""
    kind, p, arg = s.pending.pop(0)
    inside = s.status[p] == INSIDE
    v = act.verb if act is not None else "accept"
    if kind == P_TOUCH:
        if not inside or H.immune(s, p, arg):
            return
        if v == "shoot":
            s.used_ability[p] = True
            if arg >= 0:
                s.shot |= 1 << arg
            if ev is not None:
                ev.append(
                    Event(
                        "shoot",
                        p,
                        f"{H.who(s, p)} shoots "
                        f"{D.MUMMY_NAME[arg] if arg >= 0 else 'the mummy'} down",
                        {"mummy": arg, "adventurer": H.adv_key(s, p)},
                    )
                )
        else:
            H.wound_mummy(s, p, arg, ev)
    elif kind == P_DANGER:
        if v != "accept":  # HOR-ABILITY-REFLEXES, HOR-ABILITY-SWIM
            s.used_ability[p] = True
            discard_card(s, p, arg)
            if ev is not None:
                name = D.card_name(arg)
                data = {"card": name, "adventurer": H.adv_key(s, p)}
                ev.append(Event(v, p, f"{H.who(s, p)} escapes the {name} ({v})", data))
    elif kind == P_JUMP:
        if not inside:
            return
        dirs = H.jump_targets(s, p)
        if not dirs:
            H.crush(s, p, ev)
        else:
            H.do_jump(s, p, D.DIRS.index(act.arg) if act is not None else dirs[0], ev)
    elif kind == P_BLOCKCARD:
        if not inside:
            return
        if v == "dodge":  # HOR-ABILITY-DODGE
            s.used_ability[p] = True
            if ev is not None:
                data = {"adventurer": H.adv_key(s, p)}
                ev.append(Event("dodge", p, f"{H.who(s, p)} dodges the block: no wound", data))
        else:
            H.wound_block(s, p, ev)
    elif kind == P_OVERFLOW:
        if act is not None:
            do_free(s, p, act, ev)
            H.overflow(s, p)
    elif kind == P_FORESEE:
        foresee(s, p, arg, v == "swap", ev)
    elif kind == P_SEAL:
        H.check_sealing(s, ev)


def foresee(s: HorusState, p: int, number: int, swap: bool, ev: Events) -> None:
    """HOR-EQUIP-UDJAT: keep the block seen, or put it back and draw another unseen (which
    may be the same block again: the box is drawn blind)."""
    s.aside_by, s.aside_known = p, not swap
    if swap:
        H.return_to_box(s, number)
        s.aside = H.random_block(s)
    else:
        s.aside = number
    if ev is not None:
        ev.append(
            Event(
                "foresee",
                p,
                f"{H.who(s, p)} {'swaps' if swap else 'keeps'} the block; it falls this round",
                {"swap": swap, "adventurer": H.adv_key(s, p)},
            )
        )


# ---- the round --------------------------------------------------------------
def advance(s: HorusState, ev: Events) -> None:
    """Run the round until someone must decide (s.seat, s.legal) or the game ends."""
    n = len(s.names)
    while True:
        if s.pending:
            opts = pending_options(s, s.pending[0])
            if opts:
                s.seat, s.legal = s.pending[0][1], opts
                return
            resolve(s, None, ev)
            continue
        if s.stage != SETUP and INSIDE not in s.status and WAITING not in s.status:
            finish(s, ev)  # HOR-END
            return
        p = (s.keeper + s.turn_idx) % n
        if s.stage == SETUP:
            if s.turn_idx < n:
                s.seat, s.legal = p, choose_options(s)
                return
            start_round(s, ev)
        elif s.stage == ADJUST:
            if s.turn_idx == n:
                roll_actions(s, ev)
                continue
            opts = adjust_options(s, p) if s.status[p] == INSIDE else [END]
            if len(opts) == 1:
                s.turn_idx += 1
                continue
            s.seat, s.legal = p, opts
            return
        elif s.stage == ACTIONS:
            if s.turn_idx == n:
                start_mummies(s, ev)
                continue
            if not s.in_turn:
                if s.status[p] not in ACTIVE:
                    s.turn_idx += 1
                    continue
                s.in_turn, s.left, s.used, s.lock = True, s.granted[p], 0, ()
            opts = turn_options(s, p) if s.status[p] in ACTIVE else [END]
            if len(opts) == 1:  # only 'end' left: the turn is over
                end_turn(s)
                continue
            s.seat, s.legal = p, opts
            return
        elif s.stage == MUMMIES:
            move_mummies(s, ev)
        elif s.stage == BLOCK:
            place_block(s, ev)
        else:  # PASS: HOR-ROUND-ANKH
            s.keeper = (s.keeper + 1) % n
            start_round(s, ev)


def start_round(s: HorusState, ev: Events) -> None:
    """HOR-ROUND-PHASES; HOR-TOUCH-STAY: sharing a square across rounds wounds."""
    s.round += 1
    s.stage, s.turn_idx, s.foresight, s.shot = ADJUST, 0, False, 0
    if ev is not None:
        ev.append(
            Event(
                "round",
                None,
                f"round {s.round}: {s.names[s.keeper]} is Dice Keeper",
                {"round": s.round, "keeper": s.keeper},
            )
        )
    for p in H.order(s):
        if s.status[p] == INSIDE:
            s.pending += H.touches_at(s, p, s.pos[p])


def roll_actions(s: HorusState, ev: Events) -> None:
    """Phase 2, HOR-ACTIONS-COUNT: one roll of the five dice serves every seat."""
    s.stage, s.turn_idx, s.shot = ACTIONS, 0, 0
    s.dice = s.rng.dice(D.NUM_DICE)
    s.granted = [actions_for(s, p, s.dice) if st in ACTIVE else 0 for p, st in enumerate(s.status)]
    if ev is not None:
        seats = [p for p in H.order(s) if s.status[p] in ACTIVE]
        counts = ", ".join(f"{s.names[p]} {s.granted[p]}" for p in seats)
        ev.append(
            Event(
                "dice",
                None,
                f"action dice {' '.join(map(str, s.dice))}: {counts}",
                {"dice": list(s.dice), "actions": list(s.granted), "seats": seats},
            )
        )


def start_mummies(s: HorusState, ev: Events) -> None:
    """Phase 4, HOR-MUMMY-STEP: each mummy steps once per die showing 4 or more."""
    s.stage, s.mi, s.shot = MUMMIES, 0, 0
    s.mdice = s.rng.dice(D.NUM_DICE)
    steps = sum(1 for d in s.mdice if d >= D.MUMMY_MOVES_ON)
    s.mleft = [steps] * (D.NUM_MUMMIES + len(s.names))  # mummies, then mummified seats
    if ev is not None:
        ev.append(
            Event(
                "mummy dice",
                None,
                f"mummy dice {' '.join(map(str, s.mdice))}: each mummy moves {steps}",
                {"dice": list(s.mdice), "steps": steps},
            )
        )


def move_mummies(s: HorusState, ev: Events) -> None:
    """Each mummy's steps in turn, stopped by a touch (it waits in s.pending, and the
    steps go on once it is resolved); then each mummified adventurer, from the Dice
    Keeper clockwise (HOR-MUMMIFIED-MOVE)."""
    while s.stage == MUMMIES and not s.pending:
        m = s.mi
        if m >= D.NUM_MUMMIES:
            move_mummified(s, ev)
        elif s.mleft[m]:
            s.mleft[m] -= 1
            H.mummy_step(s, m, ev)
        else:
            if ev is not None:
                mummy_stands(s, m, ev)
            s.mi += 1


def mummy_stands(s: HorusState, m: int, ev: list[Event]) -> None:
    q = H.mummy_square(s, m)
    face = H.mummy_facing(m, s.mpos[m], s.mdir[m])
    ev.append(
        Event(
            "mummy",
            None,
            f"{D.MUMMY_NAME[m]} stands on {D.square_name(q)} facing {face}",
            {"mummy": m, "square": q, "facing": face},
        )
    )


def move_mummified(s: HorusState, ev: Events) -> None:
    k = s.mi - D.NUM_MUMMIES
    if k == len(s.names):
        s.stage, s.shot = BLOCK, 0
        return
    p = H.order(s)[k]
    if s.status[p] != MUMMY or s.mleft[s.mi] == 0:
        if s.status[p] == MUMMY and ev is not None:
            q = s.pos[p]
            ev.append(
                Event(
                    "walk",
                    p,
                    f"the mummified {H.who(s, p)} stands on {D.square_name(q)}",
                    {"square": q, "facing": H.facing_name(s, p)},
                )
            )
        s.mi += 1
        return
    s.mleft[s.mi] -= 1
    H.mummified_step(s, p)


def place_block(s: HorusState, ev: Events) -> None:
    """Phase 5, HOR-BLOCK-FALL: a random block, or the one set aside by foresight."""
    s.stage = PASS
    if s.aside >= 0:
        number, s.aside, s.aside_by = s.aside, -1, -1
    elif s.box:
        number = H.random_block(s)
    else:
        return
    H.drop_block(s, number, ev)


def finish(s: HorusState, ev: Events) -> None:
    """HOR-END; the turn's data (dice, actions, a lock attempt) ends with the game."""
    s.stage = OVER
    s.in_turn, s.left, s.used, s.lock, s.lock_alcove = False, 0, 0, (), -1
    s.dice, s.mdice, s.pending = (), (), []
    s.granted = [0] * len(s.names)
    s.final = final_scoring(s)
    if ev is not None:
        won = winners(s)
        text = (
            "the mummies win: nobody escaped"
            if not won
            else f"{', '.join(s.names[w] for w in won)} won"
        )
        data: dict[str, JSON] = {"scores": list(s.score), "winners": list(won)}
        ev.append(Event("over", None, f"game over: {text}", data))


def winners(s: HorusState) -> list[int]:
    """HOR-WIN: best escaped total; ties to the Horus idol, then idol value, else shared."""
    out = [p for p, st in enumerate(s.status) if st == ESCAPED]
    if not out:
        return []  # HOR-WIN-MUMMIES
    best = max(s.score[p] for p in out)
    tied = [p for p in out if s.score[p] == best]
    horus = [p for p in tied if holds_horus_idol(s, p)]
    if horus:
        return horus
    top = max(idol_value(s, p) for p in tied)
    return [p for p in tied if idol_value(s, p) == top]


def _a(word: str) -> str:
    """A word with its English article: "an antidote", "a snake"."""
    return ("an " if word[:1] in "aeiou" else "a ") + word
