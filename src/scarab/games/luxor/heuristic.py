"""A cheap Luxor position value for one seat, used by the greedy bot.

The value is what the seat would finish with if the game ended now (the
scoring track plus final scoring: wall VP, sarcophagi, keys, sets, own
scarabs), plus small progress terms that final scoring does not see yet:

* depth: every tile deeper is a little closer to the next wall band;
* active adventurers: each one can still walk, loot and score a wall;
* keys held while adventurers are near the chamber (a key opens it);
* treasure tiles towards the next, not yet complete set;
* Horus cards in hand (more flexible moves).

It reads only the state it is given: a bot passes a determinized state, so
the value never uses what the seat cannot know.
"""

from __future__ import annotations

from scarab.core.game import State
from scarab.games.luxor import data as D
from scarab.games.luxor.actions import LuxorAction
from scarab.games.luxor.scoring import max_sets, set_points
from scarab.games.luxor.state import LuxorState

DEPTH = 0.12  # per tile of depth, for each active adventurer
ACTIVE = 2.5  # per active adventurer (woken ones start at the stairs, worth 0 on the wall)
NEAR_CHAMBER = 28  # an adventurer this deep may reach the chamber soon
KEY_NEAR = 1.5  # per key matched with a near adventurer while a sarcophagus is left
KEY_NEAR_LATE = 0.5  # the same once both sarcophagi are gone
PARTIAL_SET = 0.5  # share of the next set's points, per third of a set already held
HORUS_CARD = 1.0  # per Horus card in hand

_TYPES = len(D.TREASURE_TYPES)


def evaluate(state: State[LuxorAction], seat: int) -> float:
    """The value of ``state`` for ``seat``, in victory points (higher is better)."""
    if not isinstance(state, LuxorState):
        raise TypeError(f"the Luxor heuristic needs a Luxor state, not {type(state).__name__}")
    s = state
    if s.final is not None:  # the track already holds the final scoring
        return float(s.score[seat])
    advs = s.adv[seat]
    keys = s.keys[seat]
    # What final scoring would add now (scoring.final_scoring, inlined to stay cheap).
    counts = [0] * _TYPES
    for tid in s.treasures[seat]:
        counts[D.TREASURES[tid].type] += 1
    wild = s.wilds[seat]
    sets = max_sets(counts, wild)
    have = set_points(sets)
    wall = D.WALL_VP
    value = float(
        s.score[seat]
        + sum(wall[a] for a in advs)
        + sum(s.sarcs[seat])
        + keys
        + have
        + sum(s.scarabs[seat])
    )
    # Progress terms.
    value += DEPTH * sum(advs) + ACTIVE * len(advs)
    near = sum(1 for a in advs if NEAR_CHAMBER <= a < D.CHAMBER)
    if near and keys:
        value += min(near, keys) * (KEY_NEAR if s.sarcophagi else KEY_NEAR_LATE)
    spare = sum(counts) + wild - 3 * sets
    if spare > 0:
        value += PARTIAL_SET * (set_points(sets + 1) - have) * min(spare, 2) / 3
    value += HORUS_CARD * sum(1 for c in s.hands[seat] if c >= D.NUM_BASIC)
    return value
