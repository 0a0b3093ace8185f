"""A cheap Pyramids position value for one seat, used by the greedy bot.

The value is what the seat would score if the game ended now (final scoring
of its score card and completed pyramids), plus what that misses:

* a card whose tomb is marked this turn but not yet set aside (it is set aside,
  and its pyramid points claimed, once every seat has marked): 10 VP and the
  colour-race value it would claim;
* per active card, progress: how many cells still separate the marked region
  (or the entrance of an unstarted card) from the tomb, by a breadth-first
  search over open unmarked cells; a nearly complete card is worth a good
  part of its 10 VP (and of the race value its completion would claim), an
  unstarted or hopeless one (not enough turns left) little or nothing;
* symbols one to three cells from the marked region: gems (what one more gem
  adds to the gem score, at least a little), a torch (full value if this
  round's torch is still open), red crosses and potions (small bonuses), and a
  small penalty for skulls.

It reads only the seat's own cards and score card and public facts (the
colour race, completed cards, the round): a bot passes a determinized state,
so the value never uses what the seat cannot know.
"""

from __future__ import annotations

from functools import cache, lru_cache

from scarab.core.game import State
from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules
from scarab.games.pyramids.actions import PyramidsAction
from scarab.games.pyramids.scoring import gem_points, points
from scarab.games.pyramids.state import PyramidsState

PROGRESS = 0.7  # share of a card's worth at zero distance to the tomb
HORIZON = 13  # cells to the tomb at which an active card is worth nothing yet
CELLS_PER_TURN = 3  # about what one turn's mark covers
NEAR = (0.0, 0.4, 0.22, 0.1)  # weight of a symbol 1, 2, 3 cells from the marked region
CROSS = 1.0  # an extra cell
GEM_FLOOR = 1.5  # a gem that pairs later is worth more than its 1 VP now
TORCH_LATER = 1.5  # a torch reached in a later round
SKULL_FLOOR = 1.0
POTION_PER_SKULL = 1.0
STARTED = 0.5  # a started card has shown a path; a small tie-breaker toward committing

_TOTAL_TURNS = D.ROUNDS * D.TURNS_PER_ROUND
_INF = 99
STEPS = tuple(  # the orthogonal neighbours of each cell
    tuple(
        j
        for j in (
            i - D.SIZE,
            i + D.SIZE,
            i - 1 if i % D.SIZE else -1,
            i + 1 if i % D.SIZE < D.SIZE - 1 else -1,
        )
        if 0 <= j < D.CELLS
    )
    for i in range(D.CELLS)
)


def distances(card: D.Card, marked: int) -> list[int]:
    """Cells to mark to reach each open unmarked cell (1 = markable now), or _INF."""
    dist = [_INF] * D.CELLS
    blocked = card.walls | marked
    frontier = D.cells_of(D.neighbours(marked) & ~blocked) if marked else [card.entrance]
    for i in frontier:
        dist[i] = 1
    d = 1
    while frontier:
        d += 1
        nxt: list[int] = []
        for i in frontier:
            for j in STEPS[i]:
                if dist[j] == _INF and not blocked >> j & 1:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def reach(card: D.Card, marked: int) -> tuple[int, tuple[tuple[float, int], ...]]:
    """What the value reads of one card: cells still to mark to reach its tomb, and the
    symbols one to three cells from the marked region, each with its nearness weight."""
    return _reach(card.id, marked)


@lru_cache(maxsize=1 << 16)
def _reach(number: int, marked: int) -> tuple[int, tuple[tuple[float, int], ...]]:
    """``reach`` by the card's number. Cached: a search meets the same card with the same
    marks again and again (keyed by the number: hashing a Card costs more than reading)."""
    card = D.CARDS[number]
    dist = distances(card, marked)
    near = tuple(
        (NEAR[d], sym) for i, sym in enumerate(card.symbols) if sym and (d := dist[i]) < len(NEAR)
    )
    return dist[card.tomb], near


def turns_left(s: PyramidsState, seat: int) -> int:
    """Turns in which ``seat`` can still mark, this one included if it has not marked yet."""
    if s.round == 0:
        return _TOTAL_TURNS
    played = (s.round - 1) * D.TURNS_PER_ROUND + s.turn
    left = _TOTAL_TURNS - played
    if s.phase == rules.MARK and not s.chosen[seat]:  # this turn's mark is still to come
        left += 1
    return max(left, 0)


def _colour_done(s: PyramidsState, seat: int) -> list[int]:
    counts = [0] * len(D.COLOURS)
    for c in s.done[seat]:
        counts[D.CARDS[c].colour] += 1
    return counts


def _claim(s: PyramidsState, colour: int, count: int) -> int:
    """Race points a seat's ``count``-th pyramid of ``colour`` would claim now."""
    if count in D.CLAIM_AT and s.race[colour] < len(D.PYRAMID_POINTS):
        return D.PYRAMID_POINTS[s.race[colour]]
    return 0


@cache
def _gem(own: int, other: int) -> float:
    """What one more gem of a colour with ``own`` gems adds (``other``: the other colour)."""
    if own >= D.GEMS_PER_COLOUR:
        return 0.0
    return max(float(gem_points(own + 1, other) - gem_points(own, other)), GEM_FLOOR)


@cache
def _skull(skulls: int) -> float:
    """The extra penalty one more skull would cost (at least a little)."""
    if skulls >= len(D.SKULLS):
        return 0.0
    now = D.SKULLS[skulls - 1] if skulls else 0
    return max(float(D.SKULLS[skulls] - now), SKULL_FLOOR)


def evaluate(state: State[PyramidsAction], seat: int) -> float:
    """The value of ``state`` for ``seat``, in victory points (higher is better)."""
    if not isinstance(state, PyramidsState):
        raise TypeError(
            f"the Pyramids heuristic needs a Pyramids state, not {type(state).__name__}"
        )
    s = state
    value = float(points(s, seat))
    if s.final is not None:
        return value
    counts = _colour_done(s, seat)
    # Completed this turn, not yet claimed (claims_due holds those already set aside).
    for c, q in s.claims_due:
        if q == seat:
            colour = D.CARDS[c].colour
            upto = s.done[seat][: s.done[seat].index(c) + 1]
            value += _claim(s, colour, sum(1 for d in upto if D.CARDS[d].colour == colour))
    left = turns_left(s, seat)
    red, green, skulls = s.red[seat], s.green[seat], s.skulls[seat]
    torch_open = s.round >= 1 and not s.torches[seat] >> (s.round - 1) & 1
    sym_value = (
        0.0,
        CROSS,
        _gem(red, green),
        _gem(green, red),
        float(D.TORCH_VP) if torch_open else TORCH_LATER,
        -_skull(skulls),
        POTION_PER_SKULL * min(skulls, 2),
    )
    for c in sorted(s.cards[seat]):
        card = D.CARDS[c]
        marked = s.marks.get(c, 0)
        colour = card.colour
        if marked >> card.tomb & 1:  # complete, set aside when the turn resolves
            counts[colour] += 1
            value += D.TOMB_VP + _claim(s, colour, counts[colour])
            continue
        to_tomb, near = _reach(c, marked)
        worth = D.TOMB_VP + _claim(s, colour, counts[colour] + 1)
        if to_tomb < HORIZON and -(-to_tomb // CELLS_PER_TURN) <= left:
            value += PROGRESS * worth * (1 - to_tomb / HORIZON)
            if marked:
                value += STARTED
        if left:
            for weight, sym in near:
                value += weight * sym_value[sym]
    return value
