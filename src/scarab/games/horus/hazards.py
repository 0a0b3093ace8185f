"""What the pyramid does to adventurers: wounds, mummies, falling blocks, sealing.

Each hazard that needs a player's choice is queued in ``state.pending``; the
round resumes once the queue is empty (see rules.advance).
"""

from __future__ import annotations

from bisect import insort
from typing import TYPE_CHECKING

from scarab.core.game import Event
from scarab.games.horus import data as D
from scarab.games.horus.scoring import escaped_total
from scarab.games.horus.stages import (
    CRUSHED,
    ESCAPED,
    INSIDE,
    MUMMY,
    P_BLOCKCARD,
    P_JUMP,
    P_OVERFLOW,
    P_SEAL,
    P_TOUCH,
    SEALED,
    WAITING,
)

if TYPE_CHECKING:
    from scarab.games.horus.state import HorusState

Events = list[Event] | None


_STEPS_OUT = D.walk(D.EXITS)  # each square's steps to the nearest exit, on the empty board
# Each square's open sides (walls left out), the side nearest an exit last: the
# depth-first walk in reaches_exit takes it first and mostly heads straight out.
WAYS = tuple(
    tuple(sorted((t for t in ways if t >= 0), key=lambda t: -_STEPS_OUT[t])) for ways in D.NEIGH
)
_ORDERS: dict[int, tuple[tuple[int, ...], ...]] = {}


def order(s: HorusState) -> tuple[int, ...]:
    """Seats from the Dice Keeper clockwise (HOR-ROUND-ORDER)."""
    n = len(s.names)
    orders = _ORDERS.get(n)
    if orders is None:
        orders = _ORDERS[n] = tuple(tuple((k + i) % n for i in range(n)) for k in range(n))
    return orders[s.keeper]


def who(s: HorusState, p: int) -> str:
    return s.names[p] if s.adv[p] < 0 else f"{s.names[p]} ({D.ADV_NAME[s.adv[p]]})"


def adv_key(s: HorusState, p: int) -> str:
    """The key of the seat's adventurer ("" before the choice): events name him by it."""
    return D.ADVENTURERS[s.adv[p]] if s.adv[p] >= 0 else ""


def ready(s: HorusState, p: int, ability: str) -> bool:
    """HOR-ABILITY-ONCE: the seat's adventurer has this ability and has not used it."""
    return unused_ability(s, p) == ability


def unused_ability(s: HorusState, p: int) -> str | None:
    """The seat's adventurer's ability while it is still unused (HOR-ABILITY-ONCE)."""
    return D.ABILITY[s.adv[p]] if s.adv[p] >= 0 and not s.used_ability[p] else None


def wounds(s: HorusState, p: int) -> int:
    return sum(1 for c in s.cards[p] if D.CARDS[c].kind == D.WOUND)


def mummy_square(s: HorusState, m: int) -> int:
    return D.MUMMY_PATH[m][s.mpos[m]]


def blocked(s: HorusState, q: int) -> bool:
    return bool(s.blocked >> q & 1)


def immune(s: HorusState, p: int, m: int) -> bool:
    """HOR-ABILITY-SHOOT: a shot mummy cannot touch the shooter again this phase."""
    return m >= 0 and bool(s.shot >> m & 1) and D.ABILITY[s.adv[p]] == "shoot"


def touches_at(s: HorusState, p: int, q: int) -> list[tuple[int, int, int]]:
    """HOR-TOUCH-EACH: one touch per mummy (and per mummified adventurer) on square q."""
    out = [
        (P_TOUCH, p, m)
        for m, path in enumerate(D.MUMMY_PATH)
        if path[s.mpos[m]] == q and not immune(s, p, m)
    ]
    if MUMMY in s.status:
        out += [(P_TOUCH, p, -1) for o, st in enumerate(s.status) if st == MUMMY and s.pos[o] == q]
    return out


def overflow(s: HorusState, p: int) -> None:
    """HOR-WLL-CAP: a thirteenth card forces a discard at once (resolved first)."""
    s.pending.insert(0, (P_OVERFLOW, p, 0))


def wound_mummy(s: HorusState, p: int, m: int, ev: Events) -> None:
    """HOR-TOUCH-WOUND, HOR-TOUCH-MUMMIFY."""
    by = D.MUMMY_NAME[m] if m >= 0 else "a mummified adventurer"
    if wounds(s, p) >= D.CARD_LIMIT:
        s.status[p] = MUMMY
        if ev is not None:
            ev.append(
                Event(
                    "mummified",
                    p,
                    f"{who(s, p)}, touched by {by} with 12 wounds, becomes a mummy",
                    {"mummy": m, "adventurer": adv_key(s, p)},
                )
            )
        return
    card = take_wound(s, 0, D.MUMMY_MARKER)
    s.cards[p].append(card)
    overflow(s, p)
    if ev is not None:
        ev.append(Event("touch", p, f"{by} touches {who(s, p)}: a Mummy wound", {"mummy": m}))


def take_wound(s: HorusState, pile: int, marker: int) -> int:
    """The top wound card of a supply pile (0 mummy, 1 block), or the marker once it is
    empty (HOR-WOUND-MARKER)."""
    supply = s.supply[pile]
    if not supply:
        return marker
    s.supply[pile] = supply[:-1]
    return supply[-1]


def wound_block(s: HorusState, p: int, ev: Events) -> None:
    """HOR-BLOCK-WOUND; HOR-WOUND-FULL: with twelve wounds already, the block kills."""
    if wounds(s, p) >= D.CARD_LIMIT:
        s.status[p] = CRUSHED
        if ev is not None:
            data = {"cause": "wounds", "adventurer": adv_key(s, p)}
            ev.append(Event("crushed", p, f"{who(s, p)} has no strength left and dies", data))
        return
    card = take_wound(s, 1, D.BLOCK_MARKER)
    s.cards[p].append(card)
    overflow(s, p)
    if ev is not None:
        data = {"card": "block", "adventurer": adv_key(s, p)}
        ev.append(Event("wound", p, f"{who(s, p)} takes a Block wound", data))


def drop_block(s: HorusState, number: int, ev: Events) -> None:
    """HOR-BLOCK-FALL: the block stays for good; anyone under it must jump (queued)."""
    q = D.SQUARE_OF_BLOCK[number]
    s.blocked |= 1 << q
    s.fallen.append(number)
    if ev is not None:
        ev.append(
            Event(
                "block",
                None,
                f"stone block {number} falls on {D.square_name(q)}",
                {"block": number, "square": q},
            )
        )
    s.pending += [(P_JUMP, p, 0) for p in order(s) if s.status[p] == INSIDE and s.pos[p] == q]
    s.pending.append((P_SEAL, -1, 0))


def random_block(s: HorusState) -> int:
    return s.box.pop(s.rng.below(len(s.box)))


def jump_targets(s: HorusState, p: int) -> list[int]:
    """HOR-BLOCK-JUMP: orthogonal, across a dotted line, onto a square without a block."""
    return [d for d, t in enumerate(D.NEIGH[s.pos[p]]) if t >= 0 and not blocked(s, t)]


def crush(s: HorusState, p: int, ev: Events) -> None:
    """HOR-BLOCK-CRUSH: nowhere to jump."""
    s.status[p] = CRUSHED
    if ev is not None:
        data = {"cause": "block", "adventurer": adv_key(s, p)}
        ev.append(Event("crushed", p, f"{who(s, p)} cannot jump aside and is crushed", data))


def do_jump(s: HorusState, p: int, d: int, ev: Events) -> None:
    q = D.NEIGH[s.pos[p]][d]
    s.pos[p], s.face[p] = q, d
    if ev is not None:
        data = {"square": q, "dir": D.DIRS[d], "adventurer": adv_key(s, p)}
        ev.append(Event("jump", p, f"{who(s, p)} jumps {D.DIRS[d]} to {D.square_name(q)}", data))
    if D.AREA[q] == "e":  # HOR-ESCAPE-JUMP
        escape(s, p, ev)
        return
    s.pending[0:0] = [(P_BLOCKCARD, p, 0), *touches_at(s, p, q)]


def escape(s: HorusState, p: int, ev: Events) -> None:
    """HOR-ESCAPE: out with his cards at once; HOR-SCORE-CHEST: chests rolled now."""
    s.status[p] = ESCAPED
    chests = [c for c in s.cards[p] if D.CARDS[c].kind == D.CHEST]
    chests += [c for _, c in s.bagged[p] if D.CARDS[c].kind == D.CHEST]
    s.chests[p] = tuple(s.rng.die() for _ in chests)
    s.score[p] = escaped_total(s, p)
    if ev is not None:
        rolled = f", chests rolled {s.chests[p]}" if chests else ""
        ev.append(
            Event(
                "escape",
                p,
                f"{who(s, p)} escapes from the pyramid{rolled}; total {s.score[p]}",
                {"chests": list(s.chests[p]), "total": s.score[p], "adventurer": adv_key(s, p)},
            )
        )


def reaches_exit(s: HorusState, start: int) -> bool:
    """An adventurer on start can still walk out past the fallen blocks (a depth-first
    walk that stops at the first exit)."""
    closed = 1 << start | s.blocked
    todo = [start]
    while todo:
        for t in WAYS[todo.pop()]:
            if not closed >> t & 1:
                if t >= D.INSIDE:  # an exit
                    return True
                closed |= 1 << t
                todo.append(t)
    return False


def check_sealing(s: HorusState, ev: Events) -> None:
    """HOR-SEAL: no way out means trapped for good; HOR-SEAL-OUTSIDE: nor a way in."""
    for p in order(s):
        if s.status[p] == INSIDE:
            trapped = not reaches_exit(s, s.pos[p])
        elif s.status[p] == WAITING:
            trapped = blocked(s, D.EXIT_DOOR[D.EXITS.index(s.pos[p])])
        else:
            continue
        if trapped:
            s.status[p] = SEALED
            if ev is not None:
                inside = s.pos[p] < D.INSIDE
                ev.append(
                    Event(
                        "sealed",
                        p,
                        f"{who(s, p)} is sealed {'inside' if inside else 'out'} for good",
                        {"inside": inside, "adventurer": adv_key(s, p)},
                    )
                )


def mummy_step(s: HorusState, m: int, ev: Events) -> None:
    """HOR-MUMMY-STEP, HOR-MUMMY-TURN (a fallen block is a wall to mummies: HOR-MUMMY-BLOCK)."""
    path = D.MUMMY_PATH[m]
    d = s.mdir[m]
    nxt = s.mpos[m] + d
    if not 0 <= nxt < len(path) or blocked(s, path[nxt]):
        d = -d
        nxt = s.mpos[m] + d
        s.mdir[m] = d
        if not 0 <= nxt < len(path) or blocked(s, path[nxt]):
            return  # walled in on both sides
    s.mpos[m] = nxt
    q = path[nxt]
    if q in s.pos:
        s.pending += [
            (P_TOUCH, p, m)
            for p in order(s)
            if s.status[p] == INSIDE and s.pos[p] == q and not immune(s, p, m)
        ]


def mummy_facing(m: int, i: int, d: int) -> str:
    """The compass direction a mummy at path index i facing d looks."""
    path = D.MUMMY_PATH[m]
    j = i + d if 0 <= i + d < len(path) else i - d
    (x0, y0), (x1, y1) = D.XY[path[i]], D.XY[path[j]]
    step = ((x1 - x0) * (1 if j == i + d else -1), (y1 - y0) * (1 if j == i + d else -1))
    return D.DIRS[D.STEP.index(step)]


def return_to_box(s: HorusState, number: int) -> None:
    insort(s.box, number)


def facing_name(s: HorusState, p: int) -> str | None:
    """The way an adventurer faces: the direction of his last move (None before any)."""
    return D.DIRS[s.face[p]] if s.face[p] >= 0 else None


def open_for_mummified(s: HorusState, q: int, d: int) -> int:
    """The square a mummified figure on q reaches going d, or -1 (a wall, a block, outside)."""
    t = D.NEIGH[q][d]
    return t if t >= 0 and D.AREA[t] != "e" and not blocked(s, t) else -1


def mummified_step(s: HorusState, p: int) -> None:
    """HOR-MUMMIFIED-MOVE: straight ahead; at a wall or block it turns back, step unspent."""
    d = s.face[p]
    if d < 0:
        return
    t = open_for_mummified(s, s.pos[p], d)
    if t < 0:
        d = (d + 2) % 4
        s.face[p] = d
        t = open_for_mummified(s, s.pos[p], d)
        if t < 0:
            return  # walled in on both sides
    s.pos[p] = t
    s.pending += [(P_TOUCH, o, -1) for o in order(s) if s.status[o] == INSIDE and s.pos[o] == t]
