"""What each seat may know (view) and a hidden-information resample (determinize).

Hidden: the order of the draw pile, other seats' hands (but for Horus cards
everyone saw them take) and scarab values, the
order of the temple stacks and of the Horus stacks below their face-up top
card, the scarab supply, the Osiris tiles in the box and the RNG itself
(future dice and shuffles). Everything else is on the table.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from scarab.core.game import JSON
from scarab.core.rng import RandomSource, reseeded
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import pos_text

if TYPE_CHECKING:
    from scarab.games.luxor.state import LuxorState

PHASES = ("play", "die", "act", "choice", "over")


def tile_text(s: LuxorState, sp: int) -> str:
    k, a = s.tile_kind[sp], s.tile_arg[sp]
    if k == D.TREASURE:
        t = D.TREASURES[a]
        return f"{D.TREASURE_TYPES[t.type]} {t.vp}vp need {t.need}"
    if k == D.HORUS:
        return f"horus {a}"
    if k == D.OSIRIS:
        return f"osiris {a}"
    if k == D.TEMPLE:
        return D.FRONTS[a]
    return "empty"


def board(s: LuxorState) -> list[dict[str, JSON]]:
    out: list[dict[str, JSON]] = []
    for sp in range(1, D.CHAMBER):
        row: dict[str, JSON] = {"space": sp, "tile": tile_text(s, sp), "wall": D.WALL_VP[sp]}
        if s.tile_kind[sp] == D.EMPTY or s.tile_kind[sp] == D.TREASURE:
            back = D.ICON[sp]
            if back >= 0:
                row["icon"] = D.BACKS[back]
        if sp in D.STATUES:
            row["statue_after"] = D.STATUES.index(sp) + 1
        out.append(row)
    return out


def seat_view(s: LuxorState, p: int, mine: bool, revealed: bool) -> dict[str, JSON]:
    """One seat's pieces; its hand only for itself, its scarabs also once revealed at the end."""
    v: dict[str, JSON] = {
        "name": s.names[p],
        "score": s.score[p],
        "adventurers": [pos_text(a) for a in s.adv[p]],
        "sleeping_at_statues": [i + 1 for i in range(len(D.STATUES)) if s.sleep[p] >> i & 1],
        "keys": s.keys[p],
        "wild_tiles": s.wilds[p],
        "treasures": [
            {"type": D.TREASURE_TYPES[D.TREASURES[t].type], "vp": D.TREASURES[t].vp}
            for t in s.treasures[p]
        ],
        "sarcophagi": list(s.sarcs[p]),
        "scarab_count": len(s.scarabs[p]),
        "hand_size": len(s.hands[p]),
        "known_cards": [
            {"slot": i, "card": D.CODE[c]} for i, c in enumerate(s.hands[p]) if c in s.known[p]
        ],
    }
    if mine:
        v["hand"] = [D.CARDS[c].code for c in s.hands[p]]
    if mine or revealed:
        v["scarabs"] = sorted(s.scarabs[p])
    return v


def view(s: LuxorState, player: int | None) -> dict[str, JSON]:
    over = s.final is not None
    out: dict[str, JSON] = {
        "game": "luxor",
        "viewer": player,
        "round": s.round,
        "current_player": s.current_player,
        "phase": PHASES[s.phase],
        "board": board(s),
        "seats": [seat_view(s, p, p == player, over) for p in range(len(s.names))],
        "horus_stacks": [
            {
                "level": lv,
                "top": D.CARDS[s.horus[lv][-1]].code if s.horus[lv] else None,
                "size": len(s.horus[lv]),
            }
            for lv in D.HORUS_LEVELS
        ],
        "temple_stacks": {D.BACKS[b]: len(st) for b, st in enumerate(s.temple)},
        "draw_pile": len(s.draw),
        "discard_pile": [D.CARDS[c].code for c in s.discard],
        "supply": {
            "keys": s.key_supply,
            "wild_tiles": s.wild_supply,
            "scarabs": len(s.scarab_supply),
        },
        "key_space": s.key_space,
        "sarcophagi_left": list(s.sarcophagi),
        "chamber": [s.names[p] for p in s.chamber],
    }
    if s.phase == 1:
        out["die"] = s.die
    if s.phase == 2:
        out["act_spaces"] = list(s.act_spaces)
    if s.phase == 3:
        out["choices"] = list(s.choices)
    if s.final is not None:
        out["final"] = [b.to_json() for b in s.final]
        out["winners"] = s.winners()
    return out


def determinize(s: LuxorState, player: int, rng: RandomSource) -> LuxorState:
    """Resample everything ``player`` cannot see from ``rng`` (never the game's RNG)."""
    d = s.clone()
    r = reseeded(rng)
    others = [p for p in range(len(s.names)) if p != player]
    unseen = list(d.draw)
    for p in others:  # cards seen going into a hand stay in their slot
        unseen.extend(c for c in d.hands[p] if c not in d.known[p])
    unseen.sort()  # the sample depends only on the view and rng, not the hidden order
    r.shuffle(unseen)
    for p in others:
        d.hands[p] = [c if c in d.known[p] else unseen.pop() for c in d.hands[p]]
    d.draw = unseen
    revealed = d.final is not None  # scarabs are turned face up in the final scoring
    pool = list(d.scarab_supply)
    for p in [] if revealed else others:
        pool.extend(d.scarabs[p])
    pool.sort()
    r.shuffle(pool)
    for p in [] if revealed else others:
        size = len(d.scarabs[p])
        d.scarabs[p], pool = tuple(pool[:size]), pool[size:]
    d.scarab_supply = pool
    for back, stack in enumerate(d.temple):
        unseen = sorted(stack)
        r.shuffle(unseen)
        d.temple[back] = tuple(unseen)
    for lv in D.HORUS_LEVELS:
        below = sorted(d.horus[lv][:-1])
        r.shuffle(below)
        d.horus[lv] = (*below, *d.horus[lv][-1:])
    d.rng = reseeded(rng)
    d.legal = None
    return d
