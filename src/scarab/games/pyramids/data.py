"""Pyramids' data, read once from pyramids.toml and deck.json into flat tables.

Cells are numbered row by row: index = row * 5 + column, named a1 (top left)
to e5 (bottom right). A set of cells is an int bitmask.
"""

from __future__ import annotations

import json
import tomllib
from collections.abc import Sequence
from dataclasses import dataclass
from importlib import resources
from typing import Any

SIZE = 5
CELLS = SIZE * SIZE
FULL = (1 << CELLS) - 1
COLOURS = ("green", "orange", "purple")
SYMBOLS = {".": 0, "E": 0, "T": 0, "#": 0, "x": 1, "r": 2, "g": 3, "t": 4, "s": 5, "p": 6}
NONE, CROSS, RED, GREEN, TORCH, SKULL, POTION = range(7)
SYMBOL_NAMES = ("", "red cross", "red gem", "green gem", "torch", "skull", "potion")


def cell_name(i: int) -> str:
    return f"{'abcde'[i % SIZE]}{i // SIZE + 1}"


def cell_index(name: str) -> int:
    col, row = "abcde".index(name[0]), int(name[1:]) - 1
    if not (len(name) == 2 and 0 <= row < SIZE):
        raise ValueError(name)
    return row * SIZE + col


def cells_of(mask: int) -> list[int]:
    """The cell indexes in mask, lowest first (a loop over its set bits only)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


_NOT_A = sum(1 << i for i in range(CELLS) if i % SIZE != 0)
_NOT_E = sum(1 << i for i in range(CELLS) if i % SIZE != SIZE - 1)


def neighbours(mask: int) -> int:
    """Cells orthogonally next to any cell of mask (not mask itself)."""
    grown = (mask << SIZE) | (mask >> SIZE) | ((mask & _NOT_E) << 1) | ((mask & _NOT_A) >> 1)
    return grown & FULL & ~mask


@dataclass(frozen=True, slots=True)
class Card:
    id: int  # the order number 1..48, also the tie-break
    colour: int  # index into COLOURS
    entrance: int  # cell index, top row
    tomb: int  # cell index, bottom row
    walls: int  # bitmask
    symbols: tuple[int, ...]  # per cell
    symbolic: int  # bitmask of the cells that bear a symbol
    rows: tuple[str, ...]  # as printed in deck.json

    @property
    def open(self) -> int:
        return FULL & ~self.walls


def _card(raw: dict[str, Any]) -> Card:
    text = "".join(raw["rows"])
    return Card(
        id=raw["id"],
        colour=COLOURS.index(raw["colour"]),
        entrance=text.index("E"),
        tomb=text.index("T"),
        walls=sum(1 << i for i, ch in enumerate(text) if ch == "#"),
        symbols=tuple(SYMBOLS[ch] for ch in text),
        symbolic=sum(1 << i for i, ch in enumerate(text) if SYMBOLS[ch] != NONE),
        rows=tuple(raw["rows"]),
    )


Shape = tuple[tuple[int, int], ...]  # (column, row) cells from the top-left corner


def turned(cells: Sequence[Sequence[int]], quarter_turns: int, mirror: bool) -> Shape:
    """A pattern mirrored (columns flipped) if asked, then turned clockwise by quarter
    turns, moved back to the top-left corner (PYR-MARK-PATTERN)."""
    cur = [(-int(c), int(r)) if mirror else (int(c), int(r)) for c, r in cells]
    for _ in range(quarter_turns % 4):
        cur = [(-r, c) for c, r in cur]
    mc, mr = min(c for c, _ in cur), min(r for _, r in cur)
    return tuple(sorted((c - mc, r - mr) for c, r in cur))


def orientations(cells: Sequence[Sequence[int]]) -> list[Shape]:
    """The distinct shapes of a pattern under rotation and mirroring."""
    return sorted({turned(cells, k, m) for m in (False, True) for k in range(4)})


def _placements(cells: list[list[int]]) -> tuple[int, ...]:
    """Every distinct cell mask the pattern covers on the grid, any rotation or mirror."""
    masks: set[int] = set()
    for shape in orientations(cells):
        w, h = max(c for c, _ in shape) + 1, max(r for _, r in shape) + 1
        for dr in range(SIZE - h + 1):
            for dc in range(SIZE - w + 1):
                masks.add(sum(1 << ((r + dr) * SIZE + c + dc) for c, r in shape))
    return tuple(sorted(masks))


def _load(name: str) -> str:
    return resources.files("scarab.games.pyramids").joinpath(name).read_text("utf-8")


RAW = tomllib.loads(_load("pyramids.toml"))
DECK_RAW: dict[str, Any] = json.loads(_load("deck.json"))
CARDS: dict[int, Card] = {c["id"]: _card(c) for c in DECK_RAW["cards"]}
CARD_IDS: tuple[int, ...] = tuple(sorted(CARDS))

SETUP = RAW["setup"]
DEAL: int = SETUP["deal"]
KEEP: int = SETUP["keep"]
DISPLAY: int = SETUP["display"]
ROUNDS: int = SETUP["rounds"]
TURNS_PER_ROUND: int = SETUP["turns_per_round"]

EXPEDITIONS: tuple[str, ...] = tuple(e["name"] for e in RAW["expedition"]["cards"])
EXPEDITION_CELLS: tuple[tuple[tuple[int, int], ...], ...] = tuple(
    tuple((c, r) for c, r in e["cells"]) for e in RAW["expedition"]["cards"]
)
PLACEMENTS: tuple[tuple[int, ...], ...] = tuple(
    _placements(e["cells"]) for e in RAW["expedition"]["cards"]
)
SINGLES: tuple[int, ...] = tuple(1 << i for i in range(CELLS))

SCORE = RAW["score"]
TOMB_VP: int = SCORE["tomb"]
TORCH_VP: int = SCORE["torch"]
GEM_PAIR_VP: int = SCORE["gem_pair"]
GEM_SINGLE_VP: int = SCORE["gem_single"]
GEMS_PER_COLOUR: int = SCORE["gems_per_colour"]
PYRAMID_POINTS: tuple[int, ...] = tuple(SCORE["pyramid_points"])
CLAIM_AT: tuple[int, ...] = tuple(SCORE["claim_at"])
SKULLS: tuple[int, ...] = tuple(SCORE["skulls"])
COLOUR_HEX: dict[str, str] = {c: RAW["look"]["colours"][c] for c in COLOURS}
