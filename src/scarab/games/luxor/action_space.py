"""Every Luxor action the notation can name, in the research adapters' fixed order.

For side L then R: the card plays ``die``, ``all``, ``last``, ``pass``, then ``move``
from every position (stairs 0 .. 40) by -1 and 1..MAX_STEPS; then ``go`` (after a roll)
from every position by 1..MAX_STEPS; ``act`` on spaces 1..40; ``take`` each reward;
``act C`` (875 in all). New kinds of action are only ever appended at the end.
"""

from __future__ import annotations

from scarab.games.luxor import data as D
from scarab.games.luxor.actions import REWARDS, LuxorAction, action


def every_action() -> list[LuxorAction]:
    steps = (-1, *range(1, D.MAX_STEPS + 1))
    out: list[LuxorAction] = []
    for side in ("L", "R"):
        out += [action(v, side) for v in ("die", "all", "last", "pass")]
        out += [action("move", side, src, k) for src in range(D.CHAMBER) for k in steps]
    out += [action("go", "", src, k) for src in range(D.CHAMBER) for k in steps if k > 0]
    out += [action("act", "", sp) for sp in range(1, D.CHAMBER)]
    out += [action("take", what=w) for w in REWARDS]
    out.append(action("act", "", D.CHAMBER))
    return out
