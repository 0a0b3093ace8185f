"""The static board a front end draws, as JSON built from luxor.toml (via ``data``): the
spiral's drawing, the wall values, the statues, the card faces, treasures and temple
tiles. Tiles dealt at setup are in each view, not here.
"""

from __future__ import annotations

from scarab.core.game import JSON
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import pos_text

KIND_NAMES = ("number", "pm", "die", "range", "range_die", "all", "last", "less")
# How a temple tile's front reads, in two short lines (what it gives).
FRONT_LABELS = {
    "scarab": ("Scarab", ""),
    "wild": ("Wild", "tile"),
    "scarab_or_wild": ("Scarab", "or wild"),
    "horus12": ("Favor", "H1 / H2"),
    "horus23": ("Favor", "H2 / H3"),
    "tunnel": ("Tunnel", ""),
}


def board() -> dict[str, JSON]:
    layout = D.RAW["layout"]
    cards: dict[str, dict[str, JSON]] = {}
    for c in D.CARDS:
        cards.setdefault(
            c.code,
            {
                "code": c.code,
                "label": c.label,
                "kind": KIND_NAMES[c.kind],
                "n": c.n,
                "level": c.level,
            },
        )
    return {
        "game": "luxor",
        "stairs": pos_text(D.STAIRS),
        "chamber": pos_text(D.CHAMBER),
        "spaces": D.NUM_SPACES,
        "grid": layout["grid"],
        "chamber_box": layout["chamber"],
        "stairs_cell": layout["stairs"],
        "cells": layout["cells"],
        "statues_after": list(D.STATUES),
        "walls": [D.WALL_VP[sp] for sp in range(1, D.CHAMBER)],
        "chamber_wall": D.WALL_VP[D.CHAMBER],
        "cards": list(cards.values()),
        "treasure_types": list(D.TREASURE_TYPES),
        "temple_fronts": {f: list(FRONT_LABELS[f]) for f in D.FRONTS},
        "temple_backs": list(D.BACKS),
        "set_points": list(D.SET_POINTS),
        "hand_size": D.HAND_SIZE,
    }
