"""Luxor's observation tensor, from a seat's view (``view_features``) and the
same numbers from the state (``state_fill``), kept side by side so that they change
together (tests hold them equal)."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from scarab.adapters.observation import Builder, View, relative, rotated, size
from scarab.adapters.state_encoding import count_into, memo, starts

if TYPE_CHECKING:
    from scarab.games.luxor.state import LuxorState


@cache
def luxor_tile(tile: str, wall: int) -> tuple[float, ...]:
    """One board space from its tile text: kind one-hot, number, need, the wall's VP."""
    from scarab.games.luxor import data as D

    kinds = ("empty", "vase", "statue", "jewelry", "horus", "osiris", *D.FRONTS)
    words = tile.split()
    number = int(words[1].rstrip("vp")) if len(words) > 1 and words[1][0].isdigit() else 0
    need = int(words[3]) if len(words) > 3 else 0
    return (*(1.0 if words[0] == k else 0.0 for k in kinds), number / 6, need / 3, wall / 13)


def view_features(b: Builder, v: View, seat: int, n: int) -> None:
    from scarab.games.luxor import data as D
    from scarab.games.luxor.actions import REWARDS
    from scarab.games.luxor.view import PHASES

    codes = sorted(set(D.CODE))
    b.one_hot("phase", len(PHASES), PHASES.index(v["phase"]))
    b.one_hot("to_move", n, relative(n, seat, v["current_player"]))
    b.add("round", [v["round"] / 30])
    b.add("die", [v.get("die", 0) / 6])
    b.add("board", [x for space in v["board"] for x in luxor_tile(space["tile"], space["wall"])])
    b.add("act_spaces", [1.0 if s in v.get("act_spaces", ()) else 0.0 for s in range(1, 42)])
    b.add("choices", [1.0 if r in v.get("choices", ()) else 0.0 for r in REWARDS])
    for i, p in enumerate(rotated(n, seat)):
        s = v["seats"][p]
        where = [0.0] * (D.CHAMBER + 1)
        for a in s["adventurers"]:
            where[0 if a == "S" else D.CHAMBER if a == "C" else int(a)] += 1 / 3
        types = [t["type"] for t in s["treasures"]]
        b.add(f"seat{i}.pieces", where)
        b.add(
            f"seat{i}.counts",
            [
                s["score"] / 100,
                len(s["sleeping_at_statues"]) / 3,
                s["keys"] / 5,
                s["wild_tiles"] / 5,
                sum(t["vp"] for t in s["treasures"]) / 30,
                len(s["sarcophagi"]) / 4,
                sum(s["sarcophagi"]) / 20,
                s["scarab_count"] / 10,
                s["hand_size"] / 5,
                float(s["name"] in v["chamber"]),
            ],
        )
        b.counts(f"seat{i}.treasure_types", ("vase", "statue", "jewelry"), types, 6)
        b.counts(f"seat{i}.known_cards", codes, [k["card"] for k in s["known_cards"]], 5)
        b.counts(f"seat{i}.hand", codes, s.get("hand", []), 5)
    for stack in v["horus_stacks"]:
        b.one_hot(
            f"horus{stack['level']}.top",
            len(codes),
            codes.index(stack["top"]) if stack["top"] else None,
        )
        b.add(f"horus{stack['level']}.size", [stack["size"] / 10])
    b.add(
        "piles",
        [
            *(size / 8 for size in v["temple_stacks"].values()),
            v["draw_pile"] / 30,
            v["supply"]["keys"] / 20,
            v["supply"]["wild_tiles"] / 20,
            v["supply"]["scarabs"] / 30,
            v["key_space"] / 40,
            len(v["sarcophagi_left"]) / 8,
            sum(v["sarcophagi_left"]) / 40,
        ],
    )
    b.counts("discard", codes, v["discard_pile"], 10)


def state_fill(n: int) -> Callable[[LuxorState, int], np.ndarray]:
    from scarab.games.luxor import data as D
    from scarab.games.luxor.actions import REWARDS
    from scarab.games.luxor.view import tile_text

    at = starts("luxor", n)
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

    def row(s: LuxorState, sp: int) -> np.ndarray:
        key = (sp, s.tile_kind[sp], s.tile_arg[sp])
        if key not in rows:
            rows[key] = np.array(luxor_tile(tile_text(s, sp), D.WALL_VP[sp]), np.float32)
        return rows[key]

    def tiles(s: LuxorState) -> np.ndarray:
        """The board block: it changes only when a space empties, so it is mostly cached."""
        key = (*s.tile_kind, *s.tile_arg)
        return memo(boards, key, lambda: np.concatenate([row(s, sp) for sp in spaces]))

    def fill(s: LuxorState, seat: int) -> np.ndarray:
        x = np.zeros(length, np.float32)
        x[at["phase"] + s.phase] = 1.0
        to_move = relative(n, seat, s.current_player)
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
            count_into(x, pieces, s.adv[p], 3)
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
            count_into(x, treasure_types, [kind[t] for t in won], 6)
            count_into(x, known, [code[c] for c in s.hands[p] if c in s.known[p]], 5)
            if p == seat:
                count_into(x, hand, [code[c] for c in s.hands[p]], 5)
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
        count_into(x, at["discard"], [code[c] for c in s.discard], 10)
        block = tiles(s)
        x[board : board + len(block)] = block
        return x

    return fill
