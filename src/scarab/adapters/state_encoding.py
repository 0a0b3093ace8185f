"""Observation tensors read straight from the state: ``encode(view(seat))``, faster.

``observation.encode`` defines every number from the view; building that view
(dicts, strings) costs as much as encoding it, and an environment pays both on
every step. ``encoder(game, players)`` returns a function of (state, seat) that
writes the same float32 vector into the documented ``layout`` from the state's
flat fields. It reads a hidden field only where the view shows it to that
seat: its own hand, cards and marks as ``public_marks`` lets it see them, the
others' score cards as last seen, a sarcophagus it read, a block it set aside
or is foreseeing. Tests hold it equal to ``encode(game, state.view(seat), seat,
players)`` on random states of every game and player count, and unchanged by
``determinize(seat)``: it knows no more than the view.

Large blocks that change rarely (a Luxor board, a Pyramids card with its marks,
a Horus seat's cards) are kept by their content and copied in whole.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache, partial
from typing import Any

import numpy as np

from scarab.adapters.observation import (
    HIGH,
    horus_tables,
    layout,
    luxor_tile,
    printed_card,
    size,
)

Encoder = Callable[[Any, int], np.ndarray]


_MEMO = 512  # blocks a cache keeps: a game brings back the same few many times


def _starts(game: str, players: int) -> dict[str, int]:
    return {name: s.start for name, s in layout(game, players).items()}


def _count(x: np.ndarray, at: int, index: list[int], scale: float) -> None:
    """x[at + k] = how many times k occurs in index, divided by scale."""
    for k in set(index):
        x[at + k] = index.count(k) / scale


def _memo(cache: dict[Any, np.ndarray], key: Any, make: Callable[[], np.ndarray]) -> np.ndarray:
    """cache[key], made on a miss; the cache forgets all once it holds _MEMO blocks."""
    out = cache.get(key)
    if out is None:
        if len(cache) >= _MEMO:
            cache.clear()
        out = cache[key] = make()
    return out


def _relative(n: int, seat: int, other: int | None) -> int | None:
    return None if other is None else (other - seat) % n


# ---- Luxor ------------------------------------------------------------------
def _luxor(n: int) -> Encoder:
    from scarab.games.luxor import data as D
    from scarab.games.luxor.actions import REWARDS
    from scarab.games.luxor.view import tile_text

    at = _starts("luxor", n)
    length = size("luxor", n)
    codes = sorted(set(D.CODE))
    code = [codes.index(c) for c in D.CODE]  # card id -> its code's place in the counts
    vp = [t.vp for t in D.TREASURES]
    types = ("vase", "statue", "jewelry")
    kind = [types.index(D.TREASURE_TYPES[t.type]) for t in D.TREASURES]
    statues = (1 << len(D.STATUES)) - 1
    parts = ("pieces", "counts", "treasure_types", "known_cards", "hand")
    seat_at = [tuple(at[f"seat{i}.{k}"] for k in parts) for i in range(n)]
    horus_at = [(at[f"horus{lv}.top"], at[f"horus{lv}.size"]) for lv in D.HORUS_LEVELS]
    board = at["board"]
    rows: dict[tuple[int, int, int], np.ndarray] = {}  # (space, kind, argument) -> its floats
    boards: dict[tuple[int, ...], np.ndarray] = {}  # tiles (kinds, then arguments) -> floats
    spaces = range(1, D.CHAMBER)

    def row(s: Any, sp: int) -> np.ndarray:
        key = (sp, s.tk[sp], s.ta[sp])
        if key not in rows:
            rows[key] = np.array(luxor_tile(tile_text(s, sp), D.WALL_VP[sp]), np.float32)
        return rows[key]

    def tiles(s: Any) -> np.ndarray:
        """The board block: it changes only when a space empties, so it is mostly cached."""
        key = (*s.tk, *s.ta)
        return _memo(boards, key, lambda: np.concatenate([row(s, sp) for sp in spaces]))

    def fill(s: Any, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        x[at["phase"] + s.phase] = 1.0
        to_move = _relative(n, seat, s.current_player)
        if to_move is not None:
            x[at["to_move"] + to_move] = 1.0
        x[at["round"]] = s.round / 30
        if s.phase == 1:
            x[at["die"]] = s.die / 6
        if s.phase == 2:
            for sp in s.act_spaces:
                if 1 <= sp <= D.CHAMBER:
                    x[at["act_spaces"] + sp - 1] = 1.0
        if s.phase == 3:
            for r in s.choices:
                x[at["choices"] + REWARDS.index(r)] = 1.0
        chamber = [s.names[p] for p in s.chamber]
        for i in range(n):
            p = (seat + i) % n
            pieces, counts, treasure_types, known, hand = seat_at[i]
            _count(x, pieces, s.adv[p], 3)
            won = s.treasures[p]
            sarcs = s.sarcs[p]
            x[counts : counts + 10] = (
                s.score[p] / 100,
                (s.sleep[p] & statues).bit_count() / 3,
                s.keys[p] / 5,
                s.wilds[p] / 5,
                sum(vp[t] for t in won) / 30,
                len(sarcs) / 4,
                sum(sarcs) / 20,
                len(s.scarabs[p]) / 10,
                len(s.hands[p]) / 5,
                float(s.names[p] in chamber),
            )
            _count(x, treasure_types, [kind[t] for t in won], 6)
            _count(x, known, [code[c] for c in s.hands[p] if c in s.known[p]], 5)
            if p == seat:
                _count(x, hand, [code[c] for c in s.hands[p]], 5)
        for stack, (top, height) in zip(s.horus[1:], horus_at, strict=True):
            if stack:
                x[top + code[stack[-1]]] = 1.0
            x[height] = len(stack) / 10
        piles = at["piles"]
        x[piles : piles + len(s.temple) + 7] = (
            *(len(stack) / 8 for stack in s.temple),
            len(s.draw) / 30,
            s.key_supply / 20,
            s.wild_supply / 20,
            len(s.scarab_supply) / 30,
            s.key_space / 40,
            len(s.sarcophagi) / 8,
            sum(s.sarcophagi) / 40,
        )
        _count(x, at["discard"], [code[c] for c in s.discard], 10)
        block = tiles(s)
        x[board : board + len(block)] = block
        return x

    return fill


# ---- Pyramids ---------------------------------------------------------------
def _pyramids(n: int) -> Encoder:
    from scarab.games.pyramids import data as D
    from scarab.games.pyramids import rules
    from scarab.games.pyramids.view import public_marks

    at = _starts("pyramids", n)
    length = size("pyramids", n)
    names = sorted(set(D.EXPEDITIONS))
    shown_at = [names.index(e) for e in D.EXPEDITIONS]
    card_id = {c: i for i, c in enumerate(D.CARD_IDS)}
    points = len(D.PYRAMID_POINTS)
    display = [at[f"display{k}"] for k in range(D.DISPLAY)]
    kept = [[at[f"seat{i}.card{k}"] for k in range(D.KEEP)] for i in range(n)]
    score_card = [at[f"seat{i}.score_card"] for i in range(n)]
    width = layout("pyramids", n)["display0"].stop - at["display0"]

    unmarked = {  # present, colour, symbols per cell; then no cell marked, not complete
        c: np.array(
            [1.0, *printed_card(D.CARDS[c].rows, D.COLOURS[D.CARDS[c].colour])]
            + [0.0] * (D.CELLS + 1),
            np.float32,
        )
        for c in D.CARD_IDS
    }

    @lru_cache(maxsize=1024)  # a card takes a few marks a game: few (card, marks) pairs
    def card(c: int, marks: int) -> np.ndarray:
        """present, colour, symbols per cell, marked per cell, complete."""
        out = unmarked[c].copy()
        for i in D.cells_of(marks):
            out[-1 - D.CELLS + i] = 1.0
        out[-1] = float(marks >> D.CARDS[c].tomb & 1)
        return out

    def cards(x: np.ndarray, slots: list[int], ids: list[int], marks: dict[int, int]) -> None:
        for where, c in zip(slots, ids, strict=False):  # a slot may be empty
            x[where : where + width] = card(c, marks.get(c, 0))

    def fill(s: Any, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        phase = rules.MARK if s.phase == rules.EXTRA and seat != s.seat else s.phase
        x[at["phase"] + phase] = 1.0
        to_move = _relative(n, seat, s.current_player)
        if to_move is not None:
            x[at["to_move"] + to_move] = 1.0
        x[at["round"]] = s.round / D.ROUNDS
        x[at["round"] + 1] = s.turn / D.TURNS_PER_ROUND
        if s.shown >= 0:
            x[at["expedition"] + shown_at[s.shown]] = 1.0
        _count(x, at["expedition_used"], [shown_at[e] for e in s.used], 2)
        cards(x, display, s.display, {})
        x[at["deck"]] = len(s.deck) / len(D.CARD_IDS)
        for col, taken in enumerate(s.race):
            x[at["race"] + col] = len(D.PYRAMID_POINTS[taken:]) / points
        for i in range(n):
            p = (seat + i) % n
            if not (s.phase == rules.KEEP and p != seat):  # others keep in secret
                cards(x, kept[i], s.cards[p], public_marks(s, p, seat))
            red, green, skulls, torches = s.snap[p] if p != seat else rules.score_card(s, p)
            sc = score_card[i]
            x[sc : sc + 7 + D.ROUNDS] = (
                float(s.chosen[p]),
                len(s.done[p]) / 10,
                red / D.GEMS_PER_COLOUR,
                green / D.GEMS_PER_COLOUR,
                skulls / len(D.SKULLS),
                (D.SKULLS[skulls - 1] if skulls else 0) / 20,
                *(float(torches >> r & 1) for r in range(D.ROUNDS)),
                sum(claimed for _, claimed in s.claims[p]) / 30,
            )
        if s.phase == rules.KEEP:
            for c in s.dealt[seat]:
                x[at["dealt"] + card_id[c]] = 1.0
        if s.phase == rules.EXTRA and seat == s.seat:
            x[at["extra_marks"]] = (s.extras + 1) / 2
        return x

    return fill


# ---- Horus ------------------------------------------------------------------
def _horus(n: int) -> Encoder:
    from scarab.games.horus import data as D
    from scarab.games.horus.rules import cursed, missing, wll
    from scarab.games.horus.stages import MUMMY, OVER, P_FORESEE, STATUS_NAMES

    at = _starts("horus", n)
    length = size("horus", n)
    names = sorted({c.name for c in D.CARDS})
    name = [names.index(c.name) for c in D.CARDS]  # card id -> its name's place in the counts
    values, alcove_squares = horus_tables()
    value = [values[c.name] / 12 for c in D.CARDS]
    is_bag = [c.name == "bag" for c in D.CARDS]
    shown_status = (STATUS_NAMES.index("waiting"), STATUS_NAMES.index("inside"), MUMMY)
    block = {b: i for i, b in enumerate(D.BLOCKS)}
    parts = ("square", "status", "adventurer", "cards")
    cards_width = at["seat0.counts"] - at["seat0.cards"]
    counts_width = 6 + D.NUM_DICE
    seat_at = [tuple(at[f"seat{i}.{k}"] for k in parts) for i in range(n)]
    plane = {k: at[f"board.{k}"] for k in ("blocked", "mummies", "sarc", "idol")}

    kits: dict[tuple[Any, ...], np.ndarray] = {}  # a seat's cards and counts, by what sets them

    def belongings(s: Any, p: int) -> np.ndarray:
        """Seat p's cards (bagged ones too) counted by name, then its counts; wll and the
        curses follow from its cards, so the key of ``kits`` holds all this depends on."""
        x = np.zeros(cards_width + counts_width, np.float32)
        bags = {c for c in s.cards[p] if is_bag[c]}
        held = [name[c] for c in s.cards[p]] + [name[t] for b, t in s.bagged[p] if b in bags]
        _count(x, 0, held, D.CARD_LIMIT)
        bad = cursed(s, p)
        x[cards_width:] = (
            float(s.used_ability[p]),
            len(s.cards[p]) / D.CARD_LIMIT,
            wll(s, p) / 6,
            s.granted[p] / 5,
            sum(s.chests[p]) / 12,
            s.score[p] / 60,
            *(float(d in bad) for d in range(D.NUM_DICE)),
        )
        return x

    def fill(s: Any, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        over = s.stage == OVER
        x[at["stage"] + s.stage] = 1.0
        if not over:
            x[at["to_move"] + (s.seat - seat) % n] = 1.0
        x[at["keeper"] + (s.keeper - seat) % n] = 1.0
        pending = s.pending[0] if s.pending and not over else None
        if pending is not None:
            x[at["pending"] + pending[0]] = 1.0
        x[at["round"]] = s.round / 36
        x[at["round"] + 1] = (s.left if s.in_turn else 0) / 5
        for part, dice in (("dice", s.dice), ("mummy_dice", s.mdice), ("lock", s.lock)):
            for i, d in enumerate(dice):
                x[at[part] + i] = d / 6
        if s.lock:
            for f in missing(s):
                if 1 <= f <= 6:
                    x[at["lock_missing"] + f - 1] = 1.0
        for number in s.fallen:
            x[plane["blocked"] + D.SQUARE_OF_BLOCK[number]] = 1.0
        for m in range(D.NUM_MUMMIES):
            x[plane["mummies"] + D.MUMMY_PATH[m][s.mpos[m]]] += 0.5
        known = s.known[seat]
        for i, c in enumerate(s.sarc):
            where = plane["sarc"] + D.SARC_SQUARE[i]
            if c < 0:
                x[where] = 0.0
            elif s.sarc_open[i]:
                x[where] = 0.5 + value[c] / 2
            else:  # face down: its value only for a seat that read it
                x[where] = 0.1 + (value[c] if known >> i & 1 else 0.0)
        idols = {D.ALCOVE_GOD[a]: s.alcoves[a] for a in range(len(s.alcoves))}
        for god, squares in alcove_squares.items():
            if idols[god]:
                for q in squares:
                    x[plane["idol"] + q] = 1.0
        for i in range(n):
            p = (seat + i) % n
            square, status, adventurer, cards = seat_at[i]
            if s.pos[p] >= 0 and s.status[p] in shown_status:
                x[square + s.pos[p]] = 1.0
            x[status + s.status[p]] = 1.0
            if s.adv[p] >= 0:
                x[adventurer + s.adv[p]] = 1.0
            key = (
                tuple(s.cards[p]),
                tuple(s.bagged[p]),
                s.used_ability[p],
                s.granted[p],
                tuple(s.chests[p]),
                s.score[p],
            )
            kit = _memo(kits, key, partial(belongings, s, p))
            x[cards : cards + len(kit)] = kit
        if s.aside >= 0:
            seen = seat == s.aside_by and s.aside_known
            x[at["block_aside"] + (block[s.aside] + 1 if seen else 0)] = 1.0
        if pending is not None and pending[0] == P_FORESEE and pending[1] == seat:
            x[at["block_seen"] + block[pending[2]]] = 1.0
        piles = at["piles"]
        x[piles : piles + len(s.decks) + 4] = (
            *(len(deck) / 18 for deck in s.decks),
            len(s.box) / 36,
            float(s.foresight),
            len(s.supply[0]) / 18,
            len(s.supply[1]) / 8,
        )
        _count(x, at["discard"], [name[c] for c in s.discard], 10)
        return x

    return fill


_FILLS: dict[str, Callable[[int], Encoder]] = {
    "luxor": _luxor,
    "pyramids": _pyramids,
    "horus": _horus,
}


@cache
def encoder(game: str, players: int) -> Encoder:
    """(state, seat) -> the seat's observation tensor, equal to observation.encode of its view."""
    fill = _FILLS[game](players)

    def encode(state: Any, seat: int) -> np.ndarray:
        x = fill(state, seat)
        x.clip(0.0, HIGH, out=x)  # as encode clips; the method costs less than np.clip
        return x

    return encode
