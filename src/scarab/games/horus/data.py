"""The Pyramid of Horus's physical data, read once from horus.toml into flat tables.

Squares are numbered y * 9 + x inside the pyramid (0..80); the entrance/exit
spaces follow (81, 82). Cards are numbered once, deck by deck, so every physical
card has one id wherever it lies.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from importlib import resources
from typing import Any

RAW: dict[str, Any] = tomllib.loads(
    resources.files("scarab.games.horus").joinpath("horus.toml").read_text("utf-8")
)
_R = RAW["rules"]
CARD_LIMIT: int = _R["card_limit"]
MUMMY_MOVES_ON: int = _R["mummy_moves_on"]
VARIETY: tuple[int, ...] = tuple(_R["variety_bonus"])
BAG_CAPACITY: int = _R["bag_capacity"]
WLL: tuple[int, ...] = tuple(_R["wll"])
DICE: tuple[str, ...] = tuple(RAW["dice"]["colours"])
NUM_DICE = len(DICE)

# ---- adventurers ---------------------------------------------------------------
ADVENTURERS: tuple[str, ...] = tuple(a["key"] for a in RAW["adventurers"])
ADV_NAME: tuple[str, ...] = tuple(a["name"] for a in RAW["adventurers"])
ABILITY: tuple[str, ...] = tuple(a["ability"] for a in RAW["adventurers"])
ABILITY_TEXT: tuple[str, ...] = tuple(a["text"] for a in RAW["adventurers"])

# ---- the board -----------------------------------------------------------------
WIDTH = 9
DIRS = ("n", "e", "s", "w")
STEP = ((0, -1), (1, 0), (0, 1), (-1, 0))
_rows = [row.split() for row in RAW["board"]["rows"]]
HEIGHT = len(_rows)
INSIDE = WIDTH * HEIGHT
EXITS: tuple[int, ...] = tuple(INSIDE + i for i in range(len(RAW["exits"])))
EXIT_NAME: tuple[str, ...] = tuple(e["name"] for e in RAW["exits"])
NUM_SQUARES = INSIDE + len(EXITS)
AREA_KEYS = tuple(RAW["areas"])  # letters: c s w r
AREA_NAME = {k: RAW["areas"][k]["name"] for k in AREA_KEYS}


def sq(x: int, y: int) -> int:
    return y * WIDTH + x


XY: list[tuple[int, int]] = [(i % WIDTH, i // WIDTH) for i in range(INSIDE)]
AREA: list[str] = [""] * NUM_SQUARES  # area letter; "e" for an exit
BLOCK_AT: list[int] = [0] * NUM_SQUARES  # block number printed on the square, 0 for none
for _y, _row in enumerate(_rows):
    if len(_row) != WIDTH:
        raise ValueError(f"horus.toml: board row {_y} has {len(_row)} squares, not {WIDTH}")
    for _x, _tok in enumerate(_row):
        AREA[sq(_x, _y)] = _tok[0]
        BLOCK_AT[sq(_x, _y)] = int(_tok[1:] or 0)
for _e in RAW["exits"]:
    XY.append((_e["at"][0], _e["at"][1]))
    AREA[len(XY) - 1] = "e"
EXIT_DOOR: tuple[int, ...] = tuple(sq(*e["door"]) for e in RAW["exits"])
ROOM = {k: RAW["areas"][k]["room"] for k in AREA_KEYS}
DECKS: tuple[str, ...] = tuple(RAW["decks"])  # rubble, sand, water
DECK_AT: list[int] = [
    DECKS.index(RAW["areas"][a]["deck"]) if a in ROOM and "deck" in RAW["areas"][a] else -1
    for a in AREA
]
SQUARE_OF_BLOCK: dict[int, int] = {b: i for i, b in enumerate(BLOCK_AT) if b}
BLOCKS: tuple[int, ...] = tuple(sorted(SQUARE_OF_BLOCK))
_doors = {frozenset((sq(*d["between"][0]), sq(*d["between"][1]))) for d in RAW["doors"]}
_doors |= {frozenset((door, ex)) for door, ex in zip(EXIT_DOOR, EXITS, strict=True)}


def _neighbour(i: int, d: int) -> int:
    """The square across side d of square i, or -1 where a solid wall stands."""
    x, y = XY[i][0] + STEP[d][0], XY[i][1] + STEP[d][1]
    for j in range(NUM_SQUARES):
        if XY[j] == (x, y):
            break
    else:
        return -1
    if AREA[i] != "e" and AREA[j] != "e" and ROOM[AREA[i]] == ROOM[AREA[j]]:
        return j
    return j if frozenset((i, j)) in _doors else -1


NEIGH: tuple[tuple[int, ...], ...] = tuple(
    tuple(_neighbour(i, d) for d in range(4)) for i in range(NUM_SQUARES)
)


def walk(starts: tuple[int, ...], blocked: int = 0) -> list[int]:
    """Steps from the nearest of ``starts`` to every square round the ``blocked`` squares
    (a bitmask), breadth first; -1 where there is no way. An exit ends a walk: it leads
    out of the pyramid, not on to another square."""
    dist = [-1] * NUM_SQUARES
    for q in starts:
        dist[q] = 0
    frontier, d = list(starts), 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for q in frontier:
            for t in NEIGH[q]:
                if t >= 0 and dist[t] < 0 and not blocked >> t & 1:
                    dist[t] = d
                    if AREA[t] != "e":
                        nxt.append(t)
        frontier = nxt
    return dist


# Corridor sections and the mummies patrolling them.
GODS = ("horus", "thoth", "anubis", "sobek", "hededet")


def _run(a: list[int], b: list[int]) -> tuple[int, ...]:
    (x0, y0), (x1, y1) = a, b
    if x0 == x1:
        return tuple(sq(x0, y) for y in range(min(y0, y1), max(y0, y1) + 1))
    return tuple(sq(x, y0) for x in range(min(x0, x1), max(x0, x1) + 1))


SECTION_GOD: tuple[str, ...] = tuple(s["god"] for s in RAW["sections"])
SECTIONS: tuple[tuple[int, ...], ...] = tuple(_run(s["from"], s["to"]) for s in RAW["sections"])
MUMMY_NAME: tuple[str, ...] = tuple(m["name"] for m in RAW["mummies"])
MUMMY_PATH: tuple[tuple[int, ...], ...] = tuple(
    SECTIONS[SECTION_GOD.index(m["section"])] for m in RAW["mummies"]
)
MUMMY_START: tuple[int, ...] = tuple(
    path.index(sq(*m["start"])) for path, m in zip(MUMMY_PATH, RAW["mummies"], strict=True)
)


def _facing(path: tuple[int, ...], at: int, compass: str) -> int:
    """+1 when the compass direction runs along the path's order, -1 against it."""
    dx, dy = STEP[DIRS.index(compass)]
    x, y = XY[path[at]]
    ahead = sq(x + dx, y + dy) if 0 <= x + dx < WIDTH and 0 <= y + dy < HEIGHT else -1
    behind = sq(x - dx, y - dy) if 0 <= x - dx < WIDTH and 0 <= y - dy < HEIGHT else -1
    nxt = path[at + 1] if at + 1 < len(path) else -2
    before = path[at - 1] if at > 0 else -2
    return 1 if ahead == nxt or behind == before else -1


MUMMY_FACING: tuple[int, ...] = tuple(
    _facing(p, s, m["facing"])
    for p, s, m in zip(MUMMY_PATH, MUMMY_START, RAW["mummies"], strict=True)
)
NUM_MUMMIES = len(MUMMY_NAME)

# Sarcophagus slots (one card each) and idol alcoves.
SARC_SQUARE: tuple[int, ...] = tuple(sq(*xy) for s in RAW["sarcophagi"] for xy in s["squares"])
SARC_GOD: tuple[str, ...] = tuple(s["god"] for s in RAW["sarcophagi"] for _ in s["squares"])
SARC_AT: list[int] = [-1] * NUM_SQUARES
for _i, _s in enumerate(SARC_SQUARE):
    SARC_AT[_s] = _i
ALCOVE_GOD: tuple[str, ...] = tuple(a["god"] for a in RAW["alcoves"])
ALCOVE_AT: list[int] = [-1] * NUM_SQUARES
for _i, _a in enumerate(RAW["alcoves"]):
    for _xy in _a["squares"]:
        ALCOVE_AT[sq(*_xy)] = _i

# ---- cards ---------------------------------------------------------------------
TREASURE, NECKLACE, CHEST, EQUIPMENT, WOUND, IDOL = (
    "treasure",
    "necklace",
    "chest",
    "equipment",
    "wound",
    "idol",
)


@dataclass(frozen=True, slots=True)
class CardDef:
    id: int
    kind: str
    name: str  # notation name: "hededet3", "necklace", "crowbar", "snake", "sobek-idol"
    god: str  # "" when the card belongs to no god
    value: int  # printed value (0 for chests: one die at escape)

    @property
    def carried(self) -> bool:
        """Treasures, idols and equipment: what the free discard may drop."""
        return self.kind != WOUND

    @property
    def baggable(self) -> bool:
        return self.kind in (TREASURE, NECKLACE, CHEST)

    @property
    def words(self) -> str:
        """How English text names it: "Hededet 2", "Sobek idol"; the rest by their name."""
        if self.kind == IDOL:
            return f"{self.god.title()} idol"
        if self.kind == TREASURE and self.god:
            return f"{self.god.title()} {self.value}"
        return self.name


def _cards() -> tuple[list[CardDef], list[tuple[int, ...]], dict[str, tuple[int, ...]]]:
    cards: list[CardDef] = []

    def add(kind: str, name: str, god: str = "", value: int = 0) -> int:
        cards.append(CardDef(len(cards), kind, name, god, value))
        return len(cards) - 1

    decks: list[tuple[int, ...]] = []
    for deck in DECKS:
        ids: list[int] = []
        for e in RAW["decks"][deck]["cards"]:
            if e["kind"] == TREASURE:
                ids += [add(TREASURE, f"{e['god']}{v}", e["god"], v) for v in e["values"]]
            else:
                ids += [add(e["kind"], e["name"], "", e.get("value", 0)) for _ in range(e["count"])]
        decks.append(tuple(ids))
    sarc = {
        god: tuple(add(TREASURE, f"{god}{v}", god, v) for v in values)
        for god, values in RAW["sarcophagus_cards"].items()
    }
    return cards, decks, sarc


_all, _decks, SARC_CARDS = _cards()
DECK_CARDS: tuple[tuple[int, ...], ...] = tuple(_decks)
IDOL_GOD: tuple[str, ...] = tuple(i["god"] for i in RAW["idols"])
IDOL_CARD: tuple[int, ...] = tuple(
    len(_all) + k for k in range(len(IDOL_GOD))
)  # card id of each idol, in IDOL_GOD order
for _k, _i in enumerate(RAW["idols"]):
    _all.append(CardDef(len(_all), IDOL, f"{_i['god']}-idol", _i["god"], _i["value"]))
IDOL_CURSE: tuple[int, ...] = tuple(DICE.index(i["curse"]) for i in RAW["idols"])
IDOL_FACES: tuple[tuple[int, ...], ...] = tuple(tuple(i["faces"]) for i in RAW["idols"])
ALCOVE_IDOL: tuple[int, ...] = tuple(IDOL_GOD.index(g) for g in ALCOVE_GOD)
MUMMY_CARDS: tuple[int, ...] = tuple(len(_all) + k for k in range(RAW["wounds"]["mummy"]))
_all += [CardDef(c, WOUND, "mummy", "", 0) for c in MUMMY_CARDS]
BLOCK_CARDS: tuple[int, ...] = tuple(len(_all) + k for k in range(RAW["wounds"]["block"]))
_all += [CardDef(c, WOUND, "block", "", 0) for c in BLOCK_CARDS]
NUM_CARDS = len(_all)
# Markers stand in for a wound card when its pile has run out; several may be out at once.
MUMMY_MARKER = NUM_CARDS
BLOCK_MARKER = NUM_CARDS + 1
_all += [CardDef(MUMMY_MARKER, WOUND, "mummy", "", 0), CardDef(BLOCK_MARKER, WOUND, "block", "", 0)]
CARDS: tuple[CardDef, ...] = tuple(_all)
CARD_NAMES: frozenset[str] = frozenset(c.name for c in CARDS)
_WORDS: dict[str, str] = {c.name: c.words for c in CARDS}


def card_name(card: int) -> str:
    return CARDS[card].name


def card_words(name: str) -> str:
    """A card named in notation ("hededet2"), as English text names it ("Hededet 2")."""
    return _WORDS.get(name, name)


def square_name(i: int) -> str:
    """How a person reads a square: its exit name, or x,y from the north-west corner."""
    if AREA[i] == "e":
        return EXIT_NAME[EXITS.index(i)]
    x, y = XY[i]
    return f"{x},{y}"


def area_name(i: int) -> str:
    return "outside" if AREA[i] == "e" else AREA_NAME[AREA[i]]
