"""The static game data a front end draws, as JSON built from pyramids.toml (via
``data``): the card grid, the rounds and turns, the expedition shapes, the colours and
the score values. The pyramid cards themselves arrive in views as they are dealt.
"""

from __future__ import annotations

from scarab.core.game import JSON
from scarab.games.pyramids import data as D


def board() -> dict[str, JSON]:
    shapes: dict[str, list[list[int]]] = {}
    turns: dict[str, list[list[list[list[int]]]]] = {}
    for name, cells in zip(D.EXPEDITIONS, D.EXPEDITION_CELLS, strict=True):
        shapes.setdefault(name, [list(c) for c in cells])
        turns.setdefault(
            name,
            [
                [[list(c) for c in D.turned(cells, k, mirror)] for k in range(4)]
                for mirror in (False, True)
            ],
        )
    return {
        "game": "pyramids",
        "size": D.SIZE,
        "columns": [D.cell_name(i)[0] for i in range(D.SIZE)],
        "cell_names": [D.cell_name(i) for i in range(D.CELLS)],
        "colours": list(D.COLOURS),
        "colour_hex": dict(D.COLOUR_HEX),
        "symbols": {k: D.SYMBOL_NAMES[v] for k, v in D.SYMBOLS.items() if v},
        "rounds": D.ROUNDS,
        "turns": D.TURNS_PER_ROUND,
        "shapes": shapes,
        # each shape unmirrored then mirrored, turned 0 to 3 quarter turns clockwise
        "orientations": turns,
        "vp": {
            "tomb": D.TOMB_VP,
            "torch": D.TORCH_VP,
            "pair": D.GEM_PAIR_VP,
            "single": D.GEM_SINGLE_VP,
        },
        "gems_per_colour": D.GEMS_PER_COLOUR,
        "pyramid_points": list(D.PYRAMID_POINTS),
        "claim_at": list(D.CLAIM_AT),
        "skulls": list(D.SKULLS),
    }
