"""Every Horus action the notation can name, in the research adapters' fixed order.

``choose`` adventurer x entrance; ``move`` n/e/s/w; ``jump`` n/e/s/w; the plain verbs
(actions.PLAIN order); ``reroll`` of every dice subset (bit mask 1..31); ``discard``
then ``bag`` for every card name a seat can drop (sorted); ``antidote`` and ``medikit``
with each wound they treat. New kinds of action are only ever appended at the end.
"""

from __future__ import annotations

from scarab.games.horus import data as D
from scarab.games.horus.actions import PLAIN, HorusAction
from scarab.games.horus.rules import CURES, REROLLS


def every_action() -> list[HorusAction]:
    out = [HorusAction("choose", f"{a} {e}") for a in D.ADVENTURERS for e in D.EXIT_NAME]
    out += [HorusAction(v, d) for v in ("move", "jump") for d in D.DIRS]
    out += [HorusAction(v) for v in PLAIN]
    out += list(REROLLS)
    droppable = sorted({c.name for c in D.CARDS if c.carried})
    out += [HorusAction(v, n) for v in ("discard", "bag") for n in droppable]
    out += [HorusAction(tool, w) for tool, cures in CURES.items() for w in cures]
    return out
