"""Observation tensors built from ``view(seat)`` only, with named slices.

Seats are listed relative to the observer (itself first, then clockwise), so
one network serves every seat. Every number is scaled to about [0, 1]. The
layout depends on the game and the number of players only; ``layout(game, n)``
names each slice, and ``encode(game, view, seat, n)`` fills it. Because the
tensor is a function of the view, two states that show a seat the same view
give it the same tensor. ``state_encoding`` writes the same tensor from the
state, without building the view, for the environments.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any

import numpy as np

from scarab.core.registry import load

View = dict[str, Any]


class Builder:
    """Collects named blocks of floats into one vector."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.blocks: list[list[float]] = []

    def add(self, name: str, values: Sequence[float]) -> None:
        self.names.append(name)
        self.blocks.append(list(values))

    def one_hot(self, name: str, size: int, index: int | None) -> None:
        self.add(name, [1.0 if i == index else 0.0 for i in range(size)])

    def counts(self, name: str, keys: Sequence[str], items: Sequence[str], scale: float) -> None:
        self.add(name, [items.count(k) / scale for k in keys])

    def array(self) -> np.ndarray:
        return np.array([v for b in self.blocks for v in b], dtype=np.float32)

    def slices(self) -> dict[str, slice]:
        out: dict[str, slice] = {}
        at = 0
        for name, block in zip(self.names, self.blocks, strict=True):
            out[name] = slice(at, at + len(block))
            at += len(block)
        return out


def rotated(n: int, seat: int) -> list[int]:
    """Seats in the observer's order: itself first, then clockwise."""
    return [(seat + i) % n for i in range(n)]


def relative(n: int, seat: int, other: int | None) -> int | None:
    return None if other is None else (other - seat) % n


# ---- Luxor ------------------------------------------------------------------
@cache
def luxor_tile(tile: str, wall: int) -> tuple[float, ...]:
    """One board space from its tile text: kind one-hot, number, need, the wall's VP."""
    from scarab.games.luxor import data as D

    kinds = ("empty", "vase", "statue", "jewelry", "horus", "osiris", *D.FRONTS)
    words = tile.split()
    number = int(words[1].rstrip("vp")) if len(words) > 1 and words[1][0].isdigit() else 0
    need = int(words[3]) if len(words) > 3 else 0
    return (*(1.0 if words[0] == k else 0.0 for k in kinds), number / 6, need / 3, wall / 13)


def _luxor(b: Builder, v: View, seat: int, n: int) -> None:
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


# ---- Pyramids ---------------------------------------------------------------
_SYMBOLS = ".#ETgrstpx"


@cache
def printed_card(rows: tuple[str, ...], colour: str) -> tuple[float, ...]:
    """What a card shows before anyone marks it: colour, then each cell's symbol one-hot."""
    from scarab.games.pyramids import data as D

    out = [1.0 if c == colour else 0.0 for c in D.COLOURS]
    for ch in "".join(rows):
        out += [1.0 if ch == sym else 0.0 for sym in _SYMBOLS]
    return tuple(out)


def _pyramid_card(b: Builder, name: str, card: dict[str, Any] | None) -> None:
    """present, colour, symbols per cell, marked per cell, complete."""
    from scarab.games.pyramids import data as D

    if card is None:
        b.add(name, [0.0] * (1 + len(D.COLOURS) + D.CELLS * (len(_SYMBOLS) + 1) + 1))
        return
    marked = [0.0] * D.CELLS
    for c in card["marked"]:
        marked[D.cell_index(c)] = 1.0
    printed = printed_card(tuple(card["rows"]), card["colour"])
    b.add(name, [1.0, *printed, *marked, float(card["complete"])])


def _pyramids(b: Builder, v: View, seat: int, n: int) -> None:
    from scarab.games.pyramids import data as D
    from scarab.games.pyramids.view import PHASES

    names = sorted(set(D.EXPEDITIONS))
    b.one_hot("phase", len(PHASES), PHASES.index(v["phase"]))
    b.one_hot("to_move", n, relative(n, seat, v["current_player"]))
    b.add("round", [v["round"] / D.ROUNDS, v["turn"] / D.TURNS_PER_ROUND])
    shown = v["expedition"]["name"] if v["expedition"] else None
    b.one_hot("expedition", len(names), names.index(shown) if shown else None)
    b.counts("expedition_used", names, v["expedition_used"], 2)
    for k in range(D.DISPLAY):
        _pyramid_card(b, f"display{k}", v["display"][k] if k < len(v["display"]) else None)
    b.add("deck", [v["deck"] / len(D.CARD_IDS)])
    b.add("race", [len(v["race"][c]) / len(D.PYRAMID_POINTS) for c in D.COLOURS])
    for i, p in enumerate(rotated(n, seat)):
        s = v["seats"][p]
        for k in range(D.KEEP):
            _pyramid_card(b, f"seat{i}.card{k}", s["cards"][k] if k < len(s["cards"]) else None)
        sc = s["score_card"]
        b.add(
            f"seat{i}.score_card",
            [
                float(s["chosen"]),
                len(s["completed"]) / 10,
                sc["red_gems"] / D.GEMS_PER_COLOUR,
                sc["green_gems"] / D.GEMS_PER_COLOUR,
                sc["skulls"] / len(D.SKULLS),
                -sc["worst_skull"] / 20,
                *(float(t) for t in sc["torches"]),
                sum(x["value"] for x in sc["pyramid_points"]) / 30,
            ],
        )
    dealt = [0.0] * len(D.CARD_IDS)
    for c in v["seats"][seat].get("dealt", []):
        dealt[D.CARD_IDS.index(c)] = 1.0
    b.add("dealt", dealt)
    b.add("extra_marks", [v.get("extra_marks", 0) / 2])


# ---- Horus ------------------------------------------------------------------
@cache
def horus_tables() -> tuple[dict[str, int], dict[str, tuple[int, ...]]]:
    """Card values by name, and the squares in front of each god's alcove."""
    from scarab.games.horus import data as D

    values = {c.name: c.value for c in D.CARDS}
    squares = {
        god: tuple(q for q in range(D.NUM_SQUARES) if D.ALCOVE_AT[q] == a)
        for a, god in enumerate(D.ALCOVE_GOD)
    }
    return values, squares


def _horus(b: Builder, v: View, seat: int, n: int) -> None:
    from scarab.games.horus import data as D
    from scarab.games.horus.stages import PENDING_NAMES, STAGE_NAMES, STATUS_NAMES

    names = sorted({c.name for c in D.CARDS})
    b.one_hot("stage", len(STAGE_NAMES), STAGE_NAMES.index(v["stage"]))
    b.one_hot("to_move", n, relative(n, seat, v["to_move"]))
    b.one_hot("keeper", n, relative(n, seat, v["keeper"]))
    pending = v["pending"]
    b.one_hot(
        "pending", len(PENDING_NAMES), PENDING_NAMES.index(pending["kind"]) if pending else None
    )
    b.add("round", [v["round"] / 36, v["actions_left"] / 5])
    b.add("dice", [d / 6 for d in v["dice"]] or [0.0] * D.NUM_DICE)
    b.add("mummy_dice", [d / 6 for d in v["mummy_dice"]] or [0.0] * D.NUM_DICE)
    lock = v["lock"]
    b.add("lock", [d / 6 for d in lock["dice"]] if lock else [0.0] * D.NUM_DICE)
    b.add("lock_missing", [float(bool(lock) and f in lock["missing"]) for f in range(1, 7)])
    # the board, one plane per feature over the 83 squares
    planes = {k: [0.0] * D.NUM_SQUARES for k in ("blocked", "mummies", "sarc", "idol")}
    for number in v["blocks"]:
        planes["blocked"][D.SQUARE_OF_BLOCK[number]] = 1.0
    for m in v["mummies"]:
        planes["mummies"][m["square"]] += 0.5
    values, alcove_squares = horus_tables()
    for sarc in v["sarcophagi"]:
        card = sarc.get("card") or sarc.get("read")
        value = values[card] / 12 if card else 0.0
        planes["sarc"][sarc["square"]] = {"closed": 0.1 + value, "open": 0.5 + value / 2}.get(
            sarc["state"], 0.0
        )
    for god, squares in alcove_squares.items():
        if v["idols"][god]:
            for q in squares:
                planes["idol"][q] = 1.0
    for name, plane in planes.items():
        b.add(f"board.{name}", plane)
    for i, p in enumerate(rotated(n, seat)):
        s = v["seats"][p]
        here = [0.0] * D.NUM_SQUARES
        if s["square"] >= 0 and s["status"] in ("waiting", "inside", "mummy"):
            here[s["square"]] = 1.0
        b.add(f"seat{i}.square", here)
        b.one_hot(f"seat{i}.status", len(STATUS_NAMES), STATUS_NAMES.index(s["status"]))
        b.one_hot(
            f"seat{i}.adventurer",
            len(D.ADVENTURERS),
            D.ADVENTURERS.index(s["adventurer"]) if s["adventurer"] else None,
        )
        bagged = [c for bag in s["bags"] for c in bag["holds"]]
        b.counts(f"seat{i}.cards", names, s["cards"] + bagged, D.CARD_LIMIT)
        b.add(
            f"seat{i}.counts",
            [
                float(s["ability_used"]),
                s["card_count"] / D.CARD_LIMIT,
                s["wll"] / 6,
                s["actions"] / 5,
                sum(s["chests"]) / 12,
                s["score"] / 60,
                *(float(c in s["cursed"]) for c in D.DICE),
            ],
        )
    aside = v["block_aside"]
    b.one_hot(
        "block_aside",
        len(D.BLOCKS) + 1,
        None if aside is None else 0 if aside == "hidden" else D.BLOCKS.index(aside) + 1,
    )
    seen = pending.get("block") if pending else None
    b.one_hot("block_seen", len(D.BLOCKS), D.BLOCKS.index(seen) if seen is not None else None)
    b.add(
        "piles",
        [
            *(v["decks"][k] / 18 for k in D.DECKS),
            v["blocks_in_box"] / 36,
            float(v["foresight_used"]),
            v["wound_supply"]["mummy"] / 18,
            v["wound_supply"]["block"] / 8,
        ],
    )
    b.counts("discard", names, v["discard"], 10)


_ENCODERS: dict[str, Callable[[Builder, View, int, int], None]] = {
    "luxor": _luxor,
    "pyramids": _pyramids,
    "horus": _horus,
}


def build(game: str, view: View, seat: int, players: int) -> Builder:
    b = Builder()
    _ENCODERS[game](b, view, seat, players)
    return b


HIGH = 10.0  # every entry lies in [0, HIGH]


def encode(game: str, view: View, seat: int, players: int) -> np.ndarray:
    """The observation tensor (float32) of one seat's view, clipped to [0, HIGH]."""
    out: np.ndarray = np.clip(build(game, view, seat, players).array(), 0.0, HIGH)
    return out


@cache
def layout(game: str, players: int) -> dict[str, slice]:
    """Named slices of a game's observation tensor at this player count."""
    options = {"solo": True} if game == "pyramids" and players == 1 else {}
    state = load(game).new_game(players, seed=0, **options)
    return build(game, state.view(0), 0, players).slices()


def size(game: str, players: int) -> int:
    return max(int(s.stop) for s in layout(game, players).values())
