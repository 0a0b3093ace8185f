"""What each seat may know (view) and a hidden-information resample (determinize).

Hidden: the order of the three search decks, the face-down sarcophagus cards
(but those a seat read with Linguistics, for that seat), the stone blocks still
in the box and which one an udjat or clairvoyance set aside (but for the seat
that kept the one it saw), and the RNG itself (future dice). Cards drawn or
taken are shown to all as they arrive (HOR-SEARCH-PUBLIC), so what each
adventurer carries is on the table.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING

from scarab.core.game import JSON
from scarab.core.rng import RandomSource, reseeded
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.rules import cursed, missing, wll
from scarab.games.horus.scoring import breakdown
from scarab.games.horus.stages import (
    OVER,
    P_DANGER,
    P_FORESEE,
    P_TOUCH,
    PENDING_NAMES,
    STAGE_NAMES,
    STATUS_NAMES,
)

if TYPE_CHECKING:
    from scarab.games.horus.state import HorusState


def names(cards: list[int]) -> list[str]:
    return [D.card_name(c) for c in cards]


def seat_view(s: HorusState, p: int) -> dict[str, JSON]:
    a = s.adv[p]
    bags = [
        {"bag": i, "holds": [D.card_name(c) for b, c in s.bagged[p] if b == bag]}
        for i, bag in enumerate(c for c in s.cards[p] if D.CARDS[c].name == "bag")
    ]
    return {
        "name": s.names[p],
        "adventurer": D.ADVENTURERS[a] if a >= 0 else None,
        "adventurer_name": D.ADV_NAME[a] if a >= 0 else None,
        "ability": D.ABILITY[a] if a >= 0 else None,
        "ability_used": s.used_ability[p],
        "status": STATUS_NAMES[s.status[p]],
        "square": s.pos[p],
        "at": D.square_name(s.pos[p]) if s.pos[p] >= 0 else None,
        "facing": H.facing_name(s, p),
        "cards": names(s.cards[p]),
        "bags": bags,
        "card_count": len(s.cards[p]),
        "wll": wll(s, p),
        "cursed": sorted(D.DICE[i] for i in cursed(s, p)),
        "actions": s.granted[p],
        "chests": list(s.chests[p]),
        "score": s.score[p],
        "carrying": replace(breakdown(s, p), escaped=True).total,  # if it got out now
    }


def sarcophagus_view(s: HorusState, i: int, player: int | None) -> dict[str, JSON]:
    card = s.sarc[i]
    state = "empty" if card < 0 else "open" if s.sarc_open[i] else "closed"
    out: dict[str, JSON] = {"square": D.SARC_SQUARE[i], "god": D.SARC_GOD[i], "state": state}
    if state == "open":
        out["card"] = D.card_name(card)
    elif state == "closed" and player is not None and s.known[player] >> i & 1:
        out["read"] = D.card_name(card)  # HOR-ABILITY-READ: for the reader only
    return out


def view(s: HorusState, player: int | None) -> dict[str, JSON]:
    pending: dict[str, JSON] | None = None
    if s.pending and s.stage != OVER:
        kind, p, arg = s.pending[0]
        pending = {"kind": PENDING_NAMES[kind], "seat": p}
        if kind == P_FORESEE and p == player:
            pending["block"] = arg
        elif kind == P_DANGER:
            pending["card"] = D.card_name(arg)
        elif kind == P_TOUCH:
            pending["mummy"] = D.MUMMY_NAME[arg] if arg >= 0 else "a mummified adventurer"
    aside: JSON = None
    if s.aside >= 0:
        aside = s.aside if player == s.aside_by and s.aside_known else "hidden"
    out: dict[str, JSON] = {
        "game": "horus",
        "viewer": player,
        "round": s.round,
        "stage": STAGE_NAMES[s.stage],
        "keeper": s.keeper,
        "to_move": None if s.stage == OVER else s.seat,
        "pending": pending,
        "actions_left": s.left if s.in_turn else 0,
        "dice": list(s.dice),
        "dice_colours": list(D.DICE),
        "mummy_dice": list(s.mdice),
        "lock": (
            {"alcove": D.ALCOVE_GOD[s.lock_alcove], "dice": list(s.lock), "missing": missing(s)}
            if s.lock
            else None
        ),
        "seats": [seat_view(s, p) for p in range(len(s.names))],
        "mummies": [
            {
                "name": D.MUMMY_NAME[m],
                "square": H.mummy_square(s, m),
                "facing": H.mummy_facing(m, s.mpos[m], s.mdir[m]),
            }
            for m in range(D.NUM_MUMMIES)
        ],
        "blocks": list(s.fallen),
        "blocks_in_box": len(s.box),
        "block_aside": aside,
        "foresight_used": s.foresight,
        "decks": {name: len(s.decks[k]) for k, name in enumerate(D.DECKS)},
        "sarcophagi": [sarcophagus_view(s, i, player) for i in range(len(s.sarc))],
        "idols": {D.ALCOVE_GOD[a]: s.alcoves[a] for a in range(len(s.alcoves))},
        "discard": names(s.discard),
        "wound_supply": {"mummy": len(s.supply[0]), "block": len(s.supply[1])},
    }
    if s.final is not None:
        out["final"] = [b.to_json() for b in s.final]
    return out


def determinize(s: HorusState, player: int, rng: RandomSource) -> HorusState:
    """Resample everything ``player`` cannot see from ``rng`` (never the game's RNG)."""
    d = s.clone()
    r = reseeded(rng)
    for deck in d.decks:  # sorted first: the sample depends on the view and rng only
        deck.sort()
        r.shuffle(deck)
    for god in D.SARC_CARDS:
        slots = [
            i
            for i, g in enumerate(D.SARC_GOD)
            if g == god and d.sarc[i] >= 0 and not d.sarc_open[i] and not d.known[player] >> i & 1
        ]
        pool = sorted(d.sarc[i] for i in slots)
        r.shuffle(pool)
        for i, card in zip(slots, pool, strict=True):
            d.sarc[i] = card
    unseen = list(d.box)
    if d.aside >= 0 and not (d.aside_by == player and d.aside_known):
        unseen.append(d.aside)
    # a block someone else is looking at right now (udjat or clairvoyance, undecided)
    foreseeing = [i for i, (k, p, _) in enumerate(d.pending) if k == P_FORESEE and p != player]
    unseen += [d.pending[i][2] for i in foreseeing]
    unseen.sort()
    if d.aside >= 0 and not (d.aside_by == player and d.aside_known):
        d.aside = unseen.pop(r.below(len(unseen)))
    for i in foreseeing:
        kind, p, _ = d.pending[i]
        d.pending[i] = (kind, p, unseen.pop(r.below(len(unseen))))
    d.box = unseen
    d.rng = reseeded(rng)
    d.legal = None
    return d
