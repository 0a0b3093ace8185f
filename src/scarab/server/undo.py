"""Whether a move may be taken back: only if it revealed nothing and rolled nothing.

The Board Game Arena rule: an undo must never cross hidden information or
randomness. A move passes when it raised no secret event, drew nothing from
the state's RNG, and, for every seat, the move played in several worlds that
seat cannot tell from the real one (determinize) shows that seat the very same
view as the real game does. A move that turned up a hidden card shows
different cards in different worlds, so it is caught without any game-specific
code.
"""

from __future__ import annotations

import random
from typing import Any

from scarab.core.errors import IllegalAction
from scarab.core.game import Event, State

WORLDS = 6  # sampled worlds per seat
CHECK_SEED = 0x5CA8AB  # the check is deterministic: the same move gets the same answer


def reveals(before: State[Any], action: Any, after: State[Any], events: list[Event]) -> bool:
    """True when playing ``action`` in ``before`` (giving ``after``) told anyone anything new."""
    if any(e.secret_to is not None for e in events) or before.rng.state != after.rng.state:
        return True
    rng = random.Random(CHECK_SEED)
    for seat in range(before.num_players):
        seen = after.view(seat)
        for _ in range(WORLDS):
            world = before.determinize(seat, rng)
            try:
                world.step(action)
            except IllegalAction:  # illegal in a world this seat thinks possible: it learned
                return True
            if world.view(seat) != seen:
                return True
    return False
