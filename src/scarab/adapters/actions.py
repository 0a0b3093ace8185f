"""A fixed integer action space per game: every action the notation can name, numbered.

Ids are stable across versions: each game's list is built in the documented
order below, and new kinds of action are only ever appended at the end.

* **luxor** (875 ids): for side L then R, the card plays ``die``, ``all``,
  ``last``, ``pass``, then ``move`` from every position (stairs 0 .. 40) by -1
  and 1..MAX_STEPS; then ``go`` (after a roll) from every position by
  1..MAX_STEPS; ``act`` on spaces 1..40; ``take`` each reward; ``act C``.
* **pyramids**: ``keep a,b`` for every pair of card ids (ascending), then for
  each card id every cell mask any expedition card can mark (pattern
  placements and single cells, ascending mask), then ``take`` each card id and
  ``take deck``, then ``pass``.
* **horus**: ``choose`` adventurer x entrance; ``move`` n/e/s/w; ``jump``
  n/e/s/w; the plain verbs (actions.PLAIN order); ``reroll`` of every dice
  subset (bit mask 1..31); ``discard`` then ``bag`` for every card name a seat
  can drop (sorted); ``antidote`` and ``medikit`` with each wound they treat.
"""

from __future__ import annotations

import operator
from functools import cache
from typing import Any

from scarab.core.errors import brief
from scarab.core.registry import load


class ActionSpace:
    """Actions of one game numbered 0..n-1; encode/decode and a legal mask."""

    def __init__(self, game: str, actions: list[Any]) -> None:
        self.game = game
        self.actions = tuple(actions)
        self.index = {a: i for i, a in enumerate(self.actions)}
        if len(self.index) != len(self.actions):
            raise ValueError(f"{game}: the action list names an action twice")

    def __len__(self) -> int:
        return len(self.actions)

    def encode(self, action: Any) -> int:
        try:
            return self.index[action]
        except KeyError:
            raise ValueError(f"{action} is not in the {self.game} action space") from None

    def id_of(self, value: object) -> int:
        """``value`` as an action id: a Python or NumPy integer in range, never a bool,
        float or string; ValueError (saying what an id is) otherwise."""
        if "bool" not in type(value).__name__:  # bool, numpy.bool (bool_ before NumPy 2)
            try:
                index = operator.index(value)  # type: ignore[arg-type]
            except TypeError:
                pass
            else:
                if 0 <= index < len(self.actions):
                    return index
        raise ValueError(
            f"an action is an integer id from 0 to {len(self.actions) - 1} for {self.game}, "
            f"not {brief(value)}"
        )

    def decode(self, action_id: int) -> Any:
        if not 0 <= action_id < len(self.actions):
            raise ValueError(
                f"action id {action_id} is outside 0..{len(self.actions) - 1} for {self.game}"
            )
        return self.actions[action_id]

    def legal_ids(self, state: Any) -> list[int]:
        return sorted(self.index[a] for a in state.legal_actions())


def _luxor() -> list[Any]:
    from scarab.games.luxor import data as D
    from scarab.games.luxor.actions import REWARDS, action

    steps = (-1, *range(1, D.MAX_STEPS + 1))
    out: list[Any] = []
    for side in ("L", "R"):
        out += [action(v, side) for v in ("die", "all", "last", "pass")]
        out += [action("move", side, src, k) for src in range(D.CHAMBER) for k in steps]
    out += [action("go", "", src, k) for src in range(D.CHAMBER) for k in steps if k > 0]
    out += [action("act", "", sp) for sp in range(1, D.CHAMBER)]
    out += [action("take", what=w) for w in REWARDS]
    out.append(action("act", "", D.CHAMBER))
    return out


def _pyramids() -> list[Any]:
    from scarab.games.pyramids import data as D
    from scarab.games.pyramids.actions import DECK, PASS, keep, mark, take

    ids = D.CARD_IDS
    out: list[Any] = [keep((a, b)) for i, a in enumerate(ids) for b in ids[i + 1 :]]
    masks = sorted({m for p in D.PLACEMENTS for m in p} | set(D.SINGLES))
    out += [mark(c, m) for c in ids for m in masks]
    out += [take(c) for c in ids] + [take(DECK), PASS]
    return out


def _horus() -> list[Any]:
    from scarab.games.horus import data as D
    from scarab.games.horus.actions import PLAIN, HorusAction
    from scarab.games.horus.rules import CURES, REROLLS

    out = [HorusAction("choose", f"{a} {e}") for a in D.ADVENTURERS for e in D.EXIT_NAME]
    out += [HorusAction(v, d) for v in ("move", "jump") for d in D.DIRS]
    out += [HorusAction(v) for v in PLAIN]
    out += list(REROLLS)
    droppable = sorted({c.name for c in D.CARDS if c.carried})
    out += [HorusAction(v, n) for v in ("discard", "bag") for n in droppable]
    out += [HorusAction(tool, w) for tool, cures in CURES.items() for w in cures]
    return out


_BUILDERS = {"luxor": _luxor, "pyramids": _pyramids, "horus": _horus}


@cache
def action_space(game: str) -> ActionSpace:
    """The fixed action space of a registered game."""
    load(game)  # a clear UnknownGame for a bad name
    return ActionSpace(game, _BUILDERS[game]())
