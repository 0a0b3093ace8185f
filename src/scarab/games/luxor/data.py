"""Luxor's physical data, read once from luxor.toml into flat lookup tables."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

STAIRS = 0
CHAMBER = 41  # one step beyond space 40; reached only with an exact count and a key

# Tile kinds on a board space.
EMPTY, TREASURE, HORUS, OSIRIS, TEMPLE = range(5)
# Temple tile fronts.
FRONTS = ("scarab", "wild", "scarab_or_wild", "horus12", "horus23", "tunnel")
F_SCARAB, F_WILD, F_SCARAB_OR_WILD, F_HORUS12, F_HORUS23, F_TUNNEL = range(6)
BACKS = ("cobra", "falcon", "lion")
# Card kinds.
K_NUM, K_PM, K_DIE, K_RANGE, K_RANGE_DIE, K_ALL, K_LAST, K_LESS = range(8)


@dataclass(frozen=True, slots=True)
class CardDef:
    code: str  # data-file code: "3", "pm1", "die", "1-4", "1-die", "all2", "last", "less1"
    kind: int
    n: int  # the number, the range top, the advance-all distance or the move of "less"
    level: int  # 0 for basic cards, 1..3 for Horus cards

    @property
    def label(self) -> str:
        """How a person reads the card."""
        return {
            K_PM: "+/-1",
            K_RANGE: f"1-{self.n}",
            K_RANGE_DIE: "1-die",
            K_ALL: f"all +{self.n}",
            K_LAST: "last>2nd-last",
            K_LESS: f"{self.n} one-less",
        }.get(self.kind, self.code)


@dataclass(frozen=True, slots=True)
class TreasureDef:
    type: int  # index into TREASURE_TYPES
    vp: int
    need: int  # own adventurers required on the tile


def _card(code: str, level: int) -> CardDef:
    if code == "pm1":
        return CardDef(code, K_PM, 1, level)
    if code == "die":
        return CardDef(code, K_DIE, 6, level)
    if code == "1-die":
        return CardDef(code, K_RANGE_DIE, 6, level)
    if code.startswith("1-"):
        return CardDef(code, K_RANGE, int(code[2:]), level)
    if code.startswith("all"):
        return CardDef(code, K_ALL, int(code[3:]), level)
    if code == "last":
        return CardDef(code, K_LAST, 0, level)
    if code.startswith("less"):
        return CardDef(code, K_LESS, int(code[4:]), level)
    return CardDef(code, K_NUM, int(code), level)


def _counted(entries: list[dict[str, Any]], level: int) -> list[CardDef]:
    return [_card(e["card"], level) for e in entries for _ in range(e["count"])]


def _load() -> dict[str, Any]:
    text = resources.files("scarab.games.luxor").joinpath("luxor.toml").read_text("utf-8")
    return tomllib.loads(text)


RAW = _load()
_path = RAW["path"]
SPACES: tuple[dict[str, Any], ...] = tuple(_path["spaces"])
NUM_SPACES = len(SPACES)
assert NUM_SPACES + 1 == CHAMBER, "the path must have 40 spaces"
STATUES: tuple[int, ...] = tuple(_path["statues_after"])

_bands = sorted(_path["wall_bands"], key=lambda b: b["from"])
WALL_VP: tuple[int, ...] = tuple(
    [0]  # the stairs
    + [max((b["vp"] for b in _bands if b["from"] <= i), default=0) for i in range(1, CHAMBER)]
    + [_path["chamber_wall_vp"]]
)

BASIC = _counted(RAW["basic_cards"]["cards"], 0)
HORUS_LEVELS = (1, 2, 3)
CARDS: tuple[CardDef, ...] = tuple(
    BASIC + [c for lv in HORUS_LEVELS for c in _counted(RAW["horus_cards"][f"level{lv}"], lv)]
)
NUM_BASIC = len(BASIC)
CARD_KIND = tuple(c.kind for c in CARDS)
CARD_N = tuple(c.n for c in CARDS)
LABEL = tuple(c.label for c in CARDS)
CODE = tuple(c.code for c in CARDS)

TREASURE_TYPES: tuple[str, ...] = tuple(RAW["treasures"]["types"])
TREASURES: tuple[TreasureDef, ...] = tuple(
    TreasureDef(t, k["vp"], k["need"])
    for t in range(len(TREASURE_TYPES))
    for k in RAW["treasures"]["kinds"]
    for _ in range(k["count"])
)
TEMPLE_STACKS: tuple[tuple[int, ...], ...] = tuple(
    tuple(FRONTS.index(f) for f in RAW["temple"][back]) for back in BACKS
)
FRONT_WORDS: dict[str, str] = dict(RAW["temple"]["words"])


def tile_words(tile: str) -> str:
    """A tile as English text names it: "scarab or wild", not its code "scarab_or_wild"."""
    return FRONT_WORDS.get(tile, tile)


_supply = RAW["supply"]
OSIRIS_TILES: tuple[int, ...] = tuple(_supply["osiris_tiles"])
SCARABS: tuple[int, ...] = tuple(_supply["scarabs"])
WILD_TILES: int = _supply["wild_tiles"]
KEYS: int = _supply["keys"]
SARCOPHAGI: tuple[int, ...] = tuple(sorted(_supply["sarcophagi"], reverse=True))
HAND_SIZE: int = _supply["hand_size"]
SET_POINTS: tuple[int, ...] = tuple(_supply["set_points"])
MAX_WILD_PER_SET: int = _supply["max_wild_per_set"]

TREASURE_SPACES = tuple(i + 1 for i, s in enumerate(SPACES) if s["kind"] == "T")
OSIRIS_SPACES = tuple(i + 1 for i, s in enumerate(SPACES) if s["kind"] == "O")
HORUS_SPACES = tuple((i + 1, s["eyes"]) for i, s in enumerate(SPACES) if s["kind"] == "H")
ICON: tuple[int, ...] = tuple(
    [-1] + [BACKS.index(s["icon"]) if "icon" in s else -1 for s in SPACES] + [-1]
)
assert len(TREASURE_SPACES) == len(TREASURES), "one treasure tile per treasure space"
assert len(OSIRIS_SPACES) <= len(OSIRIS_TILES)
# The longest single move (a card or an Osiris push): the move tables go this far.
MAX_STEPS = max(max(CARD_N), max(OSIRIS_TILES))
