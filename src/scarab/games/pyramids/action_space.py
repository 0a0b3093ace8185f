"""Every Pyramids action the notation can name, in the research adapters' fixed order.

``keep a,b`` for every pair of card ids (ascending), then for each card id every cell
mask any expedition card can mark (pattern placements and single cells, ascending
mask), then ``take`` each card id and ``take deck``, then ``pass``. New kinds of
action are only ever appended at the end.
"""

from __future__ import annotations

from scarab.games.pyramids import data as D
from scarab.games.pyramids.actions import DECK, PASS, PyramidsAction, keep, mark, take


def every_action() -> list[PyramidsAction]:
    ids = D.CARD_IDS
    out: list[PyramidsAction] = [keep((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    masks = sorted({m for p in D.PLACEMENTS for m in p} | set(D.SINGLES))
    out += [mark(c, m) for c in ids for m in masks]
    out += [take(c) for c in ids] + [take(DECK), PASS]
    return out
