"""The static board a front end draws, as JSON built from horus.toml (via ``data``):
squares and their areas, walls (as each square's neighbours), entrances, the sections
the sarcophagi and alcoves stand in, idols, adventurers, dice and the equipment cures.

A view never repeats this; a page fetches it once per game.
"""

from __future__ import annotations

from scarab.core.game import JSON
from scarab.games.horus import data as D
from scarab.games.horus.rules import CURES


def board() -> dict[str, JSON]:
    raw = D.RAW
    return {
        "game": "horus",
        "w": D.WIDTH,
        "h": D.HEIGHT,
        "dirs": list(D.DIRS),
        "rows": list(raw["board"]["rows"]),
        "areas": {k: {**raw["areas"][k], "deck": raw["areas"][k].get("deck")} for k in D.AREA_KEYS},
        "exits": [{"name": e["name"], "at": e["at"], "door": e["door"]} for e in raw["exits"]],
        "neigh": [list(n) for n in D.NEIGH],
        "sections": [
            {"god": g, "sq": list(s)} for g, s in zip(D.SECTION_GOD, D.SECTIONS, strict=True)
        ],
        "sarc": [[s, g] for s, g in zip(D.SARC_SQUARE, D.SARC_GOD, strict=True)],
        "alcoves": [
            {"god": a["god"], "sq": [D.sq(*xy) for xy in a["squares"]]} for a in raw["alcoves"]
        ],
        "idols": {
            i["god"]: {"value": i["value"], "curse": i["curse"], "faces": i["faces"]}
            for i in raw["idols"]
        },
        "adventurers": [
            {"key": a["key"], "name": a["name"], "ability": a["ability"], "text": a["text"]}
            for a in raw["adventurers"]
        ],
        "dice": list(D.DICE),
        "cures": {tool: list(wounds) for tool, wounds in CURES.items()},
        "wounds": sorted({c.name for c in D.CARDS if c.kind == D.WOUND}),
        "cardLimit": D.CARD_LIMIT,
        "mummyMovesOn": D.MUMMY_MOVES_ON,
    }
