"""A cheap Pyramid of Horus position value for one seat, used by the greedy bot.

The value is counted in points, for a seat still in the game::

    P(escape) * (ESCAPE + carried + opportunity) - wounds - mummy risk

* ``carried``: what the seat would score on leaving now (treasures, necklaces,
  idols, the variety bonus, a chest at its expected roll) plus a little for
  equipment and an unused ability;
* ``P(escape)``: the chance of not being sealed in before reaching an exit.
  The walk to the nearest exit (a breadth-first search round fallen blocks) is
  turned into rounds at the seat's expected actions per round (its WLL and
  cursed dice); every round costs one falling block. A block is deadly now if
  its square, once filled, cuts the seat off from every exit (an articulation
  point between the seat and the exits); the blocks still in the box that are
  deadly give this round's risk, and a growing term for cuts still to come is
  added as blocks fall. The turn's remaining actions count before any block.
* ``opportunity``: the best thing within reach (a search, a sarcophagus, an
  idol), its expected worth discounted per square of the walk to it, so the
  seat goes looking while the pyramid is safe and heads out when the risk to
  what it carries outweighs what is left to find;
* wounds cost a little each (besides the load they add), and a mummy that may
  walk onto the seat's square this round costs its touch times its chance.

An escaped seat is worth ``ESCAPE`` plus its score; a sealed, crushed or
mummified one nothing. The greedy bot keeps the ``HAND`` weights (it is an anchor
of the bot ladder); a level may search with ``TUNED``, found by games
(``tools/tune_heuristic.py``). It reads only the state it is given and public facts
(the remaining deck contents are public: every drawn card is shown); a bot
passes a determinized state, so the value never uses what the seat cannot know.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache, lru_cache
from typing import NamedTuple

from scarab.core.game import State
from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.actions import HorusAction
from scarab.games.horus.rules import curses_of, wll_of
from scarab.games.horus.scoring import breakdown_of
from scarab.games.horus.stages import (
    ACTIONS,
    ADJUST,
    ESCAPED,
    INSIDE,
    SETUP,
    UNCHOSEN,
    WAITING,
)
from scarab.games.horus.state import HorusState

ESCAPE = 40.0  # getting out at all (0 points, but alive and able to win)
CHEST = 3.5  # a chest is one die at escape
EQUIP = 0.8  # a piece of equipment
ABILITY = 1.0  # an ability not used yet
WOUND = 1.2  # per wound card, besides the load it adds
TOUCH = 3.0  # a mummy touch: a wound and its load
FUTURE = 0.6  # growth of the risk of cuts not yet one block away, times (fallen / all)^2
MIN_RISK = 0.004  # per falling block, whatever the map says
SEEK = 1.0  # finds the best opportunity within reach is worth (it may be searched again)
LOAD = 1.5  # per action a round gives on average
PICK_CHANCE = {3: 0.8, 4: 0.55, 5: 0.2}  # an idol won per visit, by faces needed
CURSE = 2.0  # a cursed die, beyond the actions it costs


@dataclass(frozen=True, slots=True)
class Weights:
    """The judgement calls a search may read differently from the greedy bot."""

    decay: float = 0.9  # an opportunity loses this share per square of walk to it


HAND = Weights()  # as first set by hand; the greedy bot keeps it, it is the anchor
# Tuned by play (tools/tune_heuristic.py --games 2000): a one-ply bot with decay 0.7 won
# 55.5% against the hand-set greedy (0.6: 56%, 0.5: 52%); distant finds lured seats deep.
TUNED = Weights(decay=0.7)
_MUMMY_ODDS = (1.0, 31 / 32, 26 / 32, 16 / 32, 6 / 32, 1 / 32)  # P(at least k steps)
_ROOT = D.NUM_SQUARES  # the outside, joined to every exit
CACHE = 4096  # layouts of fallen blocks (and squares) whose paths are kept
FEW = 1024  # hands, decks and sarcophagi whose worth is kept (4,096: under 10% fewer misses)
_ALL_BLOCKS = len(D.BLOCKS)
_SARC_VALUE = {g: sum(D.CARDS[c].value for c in cs) / len(cs) for g, cs in D.SARC_CARDS.items()}
# Where the finds are, and each card's worth and god: read once, not per valuation.
_DECK_SQUARES = [
    [q for q in range(D.INSIDE) if D.DECK_AT[q] == k] for k in range(max(D.DECK_AT) + 1)
]


def _card_worth(card: D.CardDef) -> float:
    if card.kind in (D.TREASURE, D.NECKLACE, D.IDOL):
        return float(card.value)
    if card.kind == D.CHEST:
        return CHEST
    if card.kind == D.EQUIPMENT:
        return EQUIP
    return -WOUND


_WORTH = [_card_worth(card) for card in D.CARDS]
_GOD = [card.god for card in D.CARDS]
_GOD_BIT = {g: 1 << i for i, g in enumerate(sorted({g for g in _GOD if g}))}
# For each set of gods a seat holds (a bitmask): 1 per card of a god new to it, else 0.
_NEW_GOD = [
    tuple(1 if g and not _GOD_BIT[g] & held else 0 for g in _GOD)
    for held in range(1 << len(_GOD_BIT))
]
_CARD_GOD_BIT = [_GOD_BIT[g] if g else 0 for g in _GOD]
_VALUE = [card.value for card in D.CARDS]
# For each set of gods held: what a card of a god new to the seat adds to its variety bonus.
_NEW_GOD_WORTH = [
    D.VARIETY[min(n + 1, len(D.VARIETY) - 1)] - D.VARIETY[n]
    for n in (held.bit_count() for held in range(1 << len(_GOD_BIT)))
]
# Each sarcophagus: its square, slot, god and the god's bit.
_SARC_SQUARES = [
    (q, i, D.SARC_GOD[i], _GOD_BIT[D.SARC_GOD[i]])
    for q in range(D.INSIDE)
    if (i := D.SARC_AT[q]) >= 0
]
# Each idol: its value, its god's bit, its curse and its chance of a pick per visit.
_IDOL_FACTS = [
    (
        D.CARDS[D.IDOL_CARD[idol]].value,
        _GOD_BIT[D.IDOL_GOD[idol]],
        D.IDOL_CURSE[idol],
        PICK_CHANCE.get(len(D.IDOL_FACES[idol]), 0.2),
    )
    for idol in range(len(D.IDOL_GOD))
]
# Each alcove square: the square, the alcove, and the facts of the idol it holds.
_ALCOVE_SQUARES = [
    (q, a, *_IDOL_FACTS[D.ALCOVE_IDOL[a]]) for q in range(D.INSIDE) if (a := D.ALCOVE_AT[q]) >= 0
]


class Held(NamedTuple):
    """What a seat's cards come to, read once per hand (a search meets the same hands
    again and again, and three parts of a reading ask)."""

    carried: float  # ``carried``: chests at their mean, equipment at its use
    banked: int  # what they would score at the exit, chests aside
    chests: int
    gods: int  # the gods held, as bits
    curses: frozenset[int]  # the dice its idols strike out
    per_round: float  # actions a round gives on average: uncursed dice at or above the WLL


def held_by(s: HorusState, p: int) -> Held:
    """What the seat's cards (bag contents included) come to."""
    return _held(tuple(s.cards[p]), s.bagged[p])


@lru_cache(maxsize=FEW)
def _held(loose: tuple[int, ...], bagged: tuple[tuple[int, int], ...]) -> Held:
    cards = loose + tuple(c for _, c in bagged)
    total = 0.0
    bits = 0
    for c in cards:
        card = D.CARDS[c]
        if card.kind != D.WOUND:
            total += _card_worth(card)
        bits |= _CARD_GOD_BIT[c]
    b = breakdown_of(cards, False, ())  # its total counts only for a seat that is out
    chests = sum(1 for c in cards if D.CARDS[c].kind == D.CHEST)
    curses = frozenset(curses_of(loose))
    per_round = (D.NUM_DICE - len(curses)) * (7 - wll_of(loose)) / 6
    return Held(
        total + b.variety,
        b.treasures + b.necklaces + b.idols + b.variety,
        chests,
        bits,
        curses,
        per_round,
    )


def carried(s: HorusState, p: int) -> float:
    """What the seat would take out now, chests at their expected roll; wounds not counted."""
    return held_by(s, p).carried


class Walks(NamedTuple):
    """The paths from one square round one layout of fallen blocks. A search values
    thousands of positions with the same blocks and squares, so they are read once."""

    dist: tuple[int, ...]  # squares walked to every square (-1: no way)
    out: int  # to the nearest exit (-1: none)
    decks: tuple[int, ...]  # to the nearest square of each deck (-1: none)
    threat: tuple[int, ...]  # the blocks whose square, filled, would cut it off (``deadly``)


def distances(s: HorusState, start: int) -> tuple[int, ...]:
    """Squares walked from ``start`` to every square round the fallen blocks (-1: no way)."""
    return _walks(s.blocked, start).dist


@lru_cache(maxsize=CACHE)
def _walks(blocked: int, start: int) -> Walks:
    dist = tuple(D.walk((start,), blocked))
    return Walks(
        dist,
        min((dist[e] for e in D.EXITS if dist[e] >= 0), default=-1),
        tuple(
            min((dist[q] for q in squares if dist[q] >= 0), default=-1) for squares in _DECK_SQUARES
        ),
        tuple(D.BLOCK_AT[q] for q in _deadly(blocked, start) if D.BLOCK_AT[q]),
    )


def deadly(s: HorusState, start: int) -> list[int]:
    """Open squares whose filling would cut ``start`` off from every exit.

    Tarjan's articulation points on the open squares with the outside as the
    root of the depth-first search: a square cuts ``start`` off when it lies on
    the tree path to ``start`` and the subtree below it on that path has no
    other way up.
    """
    return _deadly(s.blocked, start)


def _deadly(blocked: int, start: int) -> list[int]:
    disc, low, parent = _cut_tree(blocked)
    if disc[start] < 0:
        return []
    out: list[int] = []
    w = start
    v = parent[w]
    while v != _ROOT and v >= 0:
        if low[w] >= disc[v] and D.AREA[v] != "e":
            out.append(v)
        w, v = v, parent[v]
    return out


@lru_cache(maxsize=CACHE)
def _cut_tree(blocked: int) -> tuple[list[int], list[int], list[int]]:
    """The depth-first tree (discovery order, low links, parents) of the open squares.

    It depends on the fallen blocks only, so it is cached and shared (read-only)."""
    disc = [-1] * (D.NUM_SQUARES + 1)
    low = [0] * (D.NUM_SQUARES + 1)
    parent = [-1] * (D.NUM_SQUARES + 1)
    disc[_ROOT] = low[_ROOT] = 0
    counter = 1
    stack: list[tuple[int, int]] = []
    for e in D.EXITS:  # every exit hangs from the outside
        if disc[e] >= 0:
            continue
        parent[e] = _ROOT
        disc[e] = low[e] = counter
        counter += 1
        stack.append((e, 0))
        while stack:
            v, i = stack[-1]
            nbrs = D.NEIGH[v]
            if i < 4:
                stack[-1] = (v, i + 1)
                t = nbrs[i]
                if t < 0 or blocked >> t & 1:
                    continue
                if disc[t] < 0:
                    parent[t] = v
                    disc[t] = low[t] = counter
                    counter += 1
                    if D.AREA[t] == "e":  # another exit: its edge to the outside goes up
                        low[t] = 0
                    stack.append((t, 0))
                elif t != parent[v] and disc[t] < low[v]:
                    low[v] = disc[t]
            else:
                stack.pop()
                u = parent[v]
                if u != _ROOT and low[v] < low[u]:
                    low[u] = low[v]
    return disc, low, parent


def actions_now(s: HorusState, p: int, per_round: float) -> float:
    """Actions the seat may still take before this round's block falls."""
    if s.stage in (SETUP, ADJUST):
        return per_round
    if s.stage != ACTIONS:
        return 0.0
    n = len(s.names)
    mine = (p - s.keeper) % n
    if mine > s.turn_idx:
        return float(s.granted[p])
    if mine == s.turn_idx and s.in_turn:
        return float(s.left)
    return 0.0


def mummy_risk(s: HorusState, p: int) -> float:
    """The chance a mummy walks onto the seat's square in this round's mummy phase."""
    if s.stage not in (ADJUST, ACTIONS):
        return 0.0
    q = s.pos[p]
    if D.AREA[q] != "c":
        return 0.0
    safe = 1.0
    for m in range(D.NUM_MUMMIES):
        path = D.MUMMY_PATH[m]
        if q not in path:
            continue
        i, d = s.mpos[m], s.mdir[m]
        for k in range(1, len(_MUMMY_ODDS)):
            j = i + d
            if not 0 <= j < len(path) or H.blocked(s, path[j]):
                d = -d
                j = i + d
                if not 0 <= j < len(path) or H.blocked(s, path[j]):
                    break
            i = j
            if path[i] == q:
                safe *= 1 - _MUMMY_ODDS[k]
                break
    return 1 - safe


def opportunity(
    s: HorusState, p: int, h: Held, dist: tuple[int, ...], deck_walks: tuple[int, ...], w: Weights
) -> float:
    """The best find within reach of the seat holding ``h``, its worth discounted by the
    walk to it (``deck_walks``: the walk to each deck's nearest square)."""
    powers = _powers(w.decay)
    best = 0.0
    for k, deck in enumerate(s.decks):  # a deck is worth the same on each of its squares
        near = deck_walks[k]
        if deck and near >= 0:
            here = _deck_worth(tuple(deck), h.gods)
            if here > 0 and here * powers[near] > best:
                best = here * powers[near]
    sarcophagi = _sarc_worths(tuple(s.sarc), tuple(s.sarc_open), s.known[p], h.gods)
    for q, worth in sarcophagi + _alcove_worths(tuple(s.alcoves), h.gods, h.curses):
        far = dist[q]
        if far >= 0 and worth * powers[far] > best:
            best = worth * powers[far]
    return best


@cache
def _powers(decay: float) -> tuple[float, ...]:
    """``decay`` to the power of every walk a board allows."""
    return tuple(decay**k for k in range(D.NUM_SQUARES + 2))


@lru_cache(maxsize=FEW)
def _deck_worth(deck: tuple[int, ...], gods: int) -> float:
    """What a find from ``deck`` is worth on average to a seat holding ``gods``, less a
    little (a search is an action)."""
    new_god = _NEW_GOD_WORTH[gods]
    total = sum(map(_WORTH.__getitem__, deck)) + new_god * sum(
        map(_NEW_GOD[gods].__getitem__, deck)
    )
    return total / len(deck) - 0.5


@lru_cache(maxsize=FEW)
def _sarc_worths(
    sarc: tuple[int, ...], opened: tuple[bool, ...], known: int, gods: int
) -> tuple[tuple[int, float], ...]:
    """Each sarcophagus worth opening (or taking, once open) to a seat holding ``gods``
    that has read those in ``known``: its square and its worth, not yet discounted."""
    new_god = _NEW_GOD_WORTH[gods]
    unseen: dict[str, list[int]] = {}  # closed sarcophagi: the values of unseen cards, by god
    for i, c in enumerate(sarc):
        if c >= 0 and not opened[i] and not known >> i & 1:
            unseen.setdefault(D.SARC_GOD[i], []).append(_VALUE[c])
    out: list[tuple[int, float]] = []
    for q, i, god, bit in _SARC_SQUARES:
        c = sarc[i]
        if c < 0:
            continue
        if opened[i] or known >> i & 1:
            worth = float(_VALUE[c])
        else:
            values = unseen.get(god)
            worth = sum(values) / len(values) if values else _SARC_VALUE[god]
        bonus = 0.0 if not bit or gods & bit else float(new_god)
        worth += bonus - (0.5 if opened[i] else 1.0)
        if worth > 0:
            out.append((q, worth))
    return tuple(out)


@lru_cache(maxsize=FEW)
def _alcove_worths(
    alcoves: tuple[bool, ...], gods: int, curses: frozenset[int]
) -> tuple[tuple[int, float], ...]:
    """Each idol worth a try to a seat holding ``gods`` and cursed on ``curses``: its
    alcove's square and its worth (times the chance of a pick), not yet discounted."""
    new_god = _NEW_GOD_WORTH[gods]
    out: list[tuple[int, float]] = []
    for q, a, value, bit, curse, chance in _ALCOVE_SQUARES:
        if not alcoves[a] or curse in curses:
            continue
        bonus = 0.0 if not bit or gods & bit else float(new_god)
        worth = (value + bonus - CURSE) * chance
        if worth > 0:
            out.append((q, worth))
    return tuple(out)


def exposure(
    s: HorusState, p: int, out: int, per_round: float, threat: tuple[int, ...]
) -> tuple[float, float]:
    """Blocks that fall before the seat can be out if it heads for the exit ``out`` squares
    away now, and the chance that one falling block seals it in (or out): ``threat``, the
    blocks whose square would (``Walks.threat``, and a waiting seat's door)."""
    now = actions_now(s, p, per_round)
    # A block falls before every further round; the fraction of a round keeps the value smooth.
    falls = 0.0 if out <= now else 1 + (out - now - 1) / max(per_round, 0.5)
    box = len(s.box)
    in_box = sum(1 for b in threat if b in s.box)
    fallen = _ALL_BLOCKS - box
    future = MIN_RISK + FUTURE * (fallen / _ALL_BLOCKS) ** 2
    if box == 0 and s.aside < 0:
        return falls, 0.0
    if s.aside >= 0 and s.aside_by == p and s.aside_known:  # it knows the next block
        return falls, (1.0 if s.aside in threat else 0.0) if falls > 0 else future
    return falls, min(1.0, (in_box + (s.aside in threat)) / max(box, 1) + future)


@dataclass(slots=True)
class Reading:
    """A seat's value and the parts it was made of (a learned model weighs the parts)."""

    value: float
    carried: float = 0.0
    way_out: int = -1  # squares to the nearest exit, walking in first if waiting (-1: none)
    safe: float = 0.0  # the chance of getting out if it heads out now
    find: float = 0.0  # the best find within reach, discounted by the walk
    per_round: float = 0.0  # actions a round gives on average
    in_hand: float = 0.0  # actions still to take before this round's block
    risk: float = 0.0  # the chance that one falling block seals the seat in
    falls: float = 0.0  # blocks that fall before it is out if it heads out now
    later: float = 0.0  # rounds to walk out after a round of looking


def evaluate(state: State[HorusAction], seat: int) -> float:
    """The value of ``state`` for ``seat``, in points (higher is better)."""
    return read(state, seat).value


def read(state: State[HorusAction], seat: int, w: Weights = HAND) -> Reading:
    """The value of ``state`` for ``seat`` with its parts."""
    if not isinstance(state, HorusState):
        raise TypeError(f"the Horus heuristic needs a Horus state, not {type(state).__name__}")
    s, p = state, seat
    st = s.status[p]
    if st == ESCAPED:
        return Reading(ESCAPE + s.score[p], safe=1.0)
    if st not in (UNCHOSEN, WAITING, INSIDE):
        return Reading(0.0)  # sealed, crushed or mummified
    if st == UNCHOSEN:
        return _unchosen(s, p, w)
    h = held_by(s, p)
    r = _waiting(s, p, h, w) if st == WAITING else _inside(s, p, h, w)
    r.per_round, r.in_hand = h.per_round, actions_now(s, p, h.per_round)
    r.value -= WOUND * H.wounds(s, p) + TOUCH * mummy_risk(s, p)
    return r


def _more(s: HorusState, p: int, find: float, per_round: float) -> float:
    """What staying on may still bring: the best find, and actions to spend (a light load)."""
    more = find * SEEK + LOAD * per_round
    return more + (0.0 if s.used_ability[p] else ABILITY)


def _look_then_leave(out: int, per_round: float, risk: float, falls: float) -> tuple[float, float]:
    """Rounds to walk ``out`` squares after a round of looking, and the chance that no
    block seals the seat in meanwhile: this round's, then one before every later round."""
    later = 1 + max(0.0, out / max(per_round, 0.5) - 1)
    return later, float((1 - risk) ** max(later, falls + 1))


def _inside(s: HorusState, p: int, h: Held, w: Weights) -> Reading:
    dist, out, decks, threat = _walks(s.blocked, s.pos[p])
    have, per_round = h.carried, h.per_round
    find = opportunity(s, p, h, dist, decks, w)
    more = _more(s, p, find, per_round)
    if out < 0:
        return Reading(0.0, have, find=find)  # no way out: sealed when the block phase comes
    falls, risk = exposure(s, p, out, per_round, threat)
    # Either head out now, or spend this round looking around where it stands and walk
    # out later.
    safe = float((1 - risk) ** falls)
    go = safe * (ESCAPE + have)
    later, stay_safe = _look_then_leave(out, per_round, risk, falls)
    value = max(go, stay_safe * (ESCAPE + have + more))
    return Reading(value, have, out, safe, find, risk=risk, falls=falls, later=later)


def _unchosen(s: HorusState, p: int, w: Weights) -> Reading:
    """A seat still to choose is worth what it will be worth waiting at its best entrance:
    valued at a flat ESCAPE, the seat that had just chosen read some 15 points ahead of
    those still to, and a hint then rated every choice alike at 95%."""
    best = Reading(0.0)
    for door in D.EXITS:
        seated = s.clone()
        seated.pos[p], seated.status[p] = door, WAITING
        r = read(seated, p, w)
        if r.value > best.value:
            best = r
    return best


def _waiting(s: HorusState, p: int, h: Held, w: Weights) -> Reading:
    """A seat at its entrance is worth what it can bring out: it must still walk in by its
    door and back out, and a block on that door shuts it out. Waiting is never safe: a
    seat that never enters cannot win."""
    door = D.EXIT_DOOR[D.EXITS.index(s.pos[p])]
    have, per_round = h.carried, h.per_round
    if H.blocked(s, door):
        return Reading(0.0, have)
    inside = _walks(s.blocked, door)
    dist = tuple(d + 1 if d >= 0 else d for d in inside.dist)
    out = inside.out + 1 if inside.out >= 0 else -1
    shut = (D.BLOCK_AT[door],) if D.BLOCK_AT[door] else ()  # a block on the door shuts it out
    falls, risk = exposure(s, p, out, per_round, inside.threat + shut)
    walks = tuple(d + 1 if d >= 0 else d for d in inside.decks)
    find = opportunity(s, p, h, dist, walks, w)
    more = _more(s, p, find, per_round)
    later, stay_safe = _look_then_leave(out, per_round, risk, falls)
    value = stay_safe * (ESCAPE + have + more)
    safe = float((1 - risk) ** falls)
    return Reading(value, have, out, safe, find, risk=risk, falls=falls, later=later)


def search_value(state: State[HorusAction], seat: int, w: Weights = HAND) -> float:
    """``evaluate`` plus the actions the seat still holds this round, for a search.

    A search compares positions in the middle of a turn with positions after it; without
    this, ending a turn early would cost nothing. (The one-ply greedy bot keeps
    ``evaluate``: for it the term would make every action look like a loss.)"""
    r = read(state, seat, w)
    return r.value + LOAD * r.in_hand


def tuned_search_value(state: State[HorusAction], seat: int) -> float:
    """``search_value`` with the weights tuned by play (for the levels that ask for them)."""
    return search_value(state, seat, TUNED)


# ---- win chances: what a search maximises ------------------------------------------
# Points only count for a seat that gets out, and only against the others' points: a
# seat behind an escaped rival gains nothing by walking out, and one ahead of every
# rival loses only by staying. A value in points cannot say this; a chance of winning
# can. A seat's points at the exit are known but for its chests' dice; a round of
# looking adds a find whose worth is a guess (its spread a standard deviation).
LOOK_SPREAD = 4.0  # most a round of looking's finds may spread (its mean is the find)
LOOK_ROUNDS = 4  # rounds of looking a plan may take (one read the last seat too low)
STEEP = 1.7  # a logistic of (difference / spread) times this is close to the normal's


@cache
def _dice_sums(dice: int) -> tuple[float, ...]:
    """The chance of each total of ``dice`` six-sided dice, from ``dice`` up."""
    odds = [1.0]
    for _ in range(dice):
        odds = [sum(odds[max(0, t - 5) : t + 1]) / 6 for t in range(len(odds) + 5)]
    return tuple(odds)


class Plan(NamedTuple):
    """One way a seat may end: the chance it gets out, and its points then: a known total
    but for its chests' dice (``odds``: the chance of each total from ``low`` up), plus,
    for a plan of looking on, a find whose worth is a guess (mean ``extra``, ``spread``)."""

    out: float
    low: int
    odds: tuple[float, ...] = (1.0,)
    extra: float = 0.0
    spread: float = 0.0

    @property
    def points(self) -> float:
        return self.low + sum(i * x for i, x in enumerate(self.odds)) + self.extra


def banked(s: HorusState, p: int) -> tuple[int, int]:
    """What the seat's cards would score if it got out now, chests aside, and its chests
    (each scores a die's roll then). Equipment scores nothing (HOR-SCORE-VALUES)."""
    h = held_by(s, p)
    return h.banked, h.chests


def plans(s: HorusState, p: int, w: Weights = HAND) -> tuple[Plan, ...]:
    """The seat's ways to end: heading out now, and (inside or waiting) looking on for 1 to
    ``LOOK_ROUNDS`` rounds for finds like the best within reach, then heading out. Points
    are what would score at the exit (the heuristic's ``carried`` counts equipment's use,
    which scores nothing there); no phantom points: only those and the finds it walks
    towards count, and looking with nothing within reach cannot bring much."""
    st = s.status[p]
    if st == ESCAPED:
        return (Plan(1.0, s.score[p]),)
    if st not in (WAITING, INSIDE):
        return (Plan(0.0, 0),)
    r = read(s, p, w)
    fixed, chests = banked(s, p)
    dice = _dice_sums(chests)
    find = r.find * SEEK
    keep = 1 - r.risk
    looks = tuple(
        Plan(
            float(keep ** max(r.later + k - 1, r.falls + k)),
            fixed + chests,
            dice,
            k * find,
            k**0.5 * min(LOOK_SPREAD, find),
        )
        for k in range(1, LOOK_ROUNDS + 1)
    )
    if st == WAITING:
        return looks
    return (Plan(r.safe, fixed + chests, dice), *looks)


def _ahead(a: Plan, b: Plan) -> float:
    """The chance that ``a``'s points beat ``b``'s, a tie counting half (the tie-breaks on
    idols are left out): exact over the dice, a logistic over the finds' spread."""
    spread = (a.spread**2 + b.spread**2) ** 0.5
    shift = a.extra - b.extra
    gap = a.low - b.low
    chance = 0.0
    for i, x in enumerate(a.odds):
        for j, y in enumerate(b.odds):
            diff = gap + i - j + shift
            if spread > 0:
                z = STEEP * diff / spread
                z = 50.0 if z > 50.0 else -50.0 if z < -50.0 else z  # no overflow when narrow
                chance += x * y / (1 + math.exp(-z))
            else:
                chance += x * y * (1.0 if diff > 0 else 0.5 if diff == 0 else 0.0)
    return chance


def _beats(mine: Plan, rivals: list[Plan]) -> float:
    """The chance ``mine`` gets out with more points than every rival that gets out."""
    chance = mine.out
    for rival in rivals:
        if rival.out > 0:
            chance *= 1 - rival.out * _ahead(rival, mine)
    return chance


def win_chances(state: State[HorusAction], w: Weights = HAND) -> list[float] | None:
    """Each seat's chance to win, once at most one seat is still in play (None before:
    while several seats are still looking, each one's finds race the others', which
    plans against settled scores cannot weigh, and points compare better).

    The last seat in play takes the plan with the best chance of beating the settled
    scores, and every seat's chance follows from that plan; the chances may sum to less
    than 1 (the mummies may win)."""
    if not isinstance(state, HorusState):
        raise TypeError(f"the Horus heuristic needs a Horus state, not {type(state).__name__}")
    if sum(1 for st in state.status if st in (UNCHOSEN, WAITING, INSIDE)) > 1:
        return None
    n = len(state.names)
    options = [plans(state, p, w) for p in range(n)]
    chosen = [ps[0] for ps in options]  # a settled seat has one plan
    found: dict[int, float] = {}  # the seat in play: the chance of the plan it takes
    for p in (p for p in range(n) if state.status[p] in (WAITING, INSIDE)):
        rest = chosen[:p] + chosen[p + 1 :]
        odds = [_beats(q, rest) for q in options[p]]
        best = odds.index(max(odds))
        chosen[p], found[p] = options[p][best], odds[best]
    # The rivals of each settled seat: every chosen plan but its own (its chance depends
    # on the plan the seat in play took, so it is read after).
    return [
        found[p] if p in found else _beats(chosen[p], chosen[:p] + chosen[p + 1 :])
        for p in range(n)
    ]


def tuned_win_chances(state: State[HorusAction]) -> list[float] | None:
    """``win_chances`` with the weights tuned by play."""
    return win_chances(state, TUNED)
