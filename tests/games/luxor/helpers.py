"""Scenario building for Luxor tests: set up a position, then play notation.

Every helper keeps the pieces conserved (cards and tiles are swapped, never
created), so the invariant checks hold in scenario tests too.
"""

from __future__ import annotations

from typing import Any

import scarab
from scarab.core.game import Event
from scarab.games.luxor import data as D
from scarab.games.luxor import rules
from scarab.games.luxor.state import LuxorState


def new(players: int = 2, seed: int = 0) -> LuxorState:
    s = scarab.load("luxor").new_game(players, seed=seed)
    assert isinstance(s, LuxorState)
    return s


def play(s: LuxorState, *texts: str) -> list[Event]:
    """Apply each action given in notation; returns all events."""
    events: list[Event] = []
    for t in texts:
        events.extend(s.apply(s.game.parse_action(s, t)))
    return events


def _piles(s: LuxorState, horus: list[list[int]]) -> list[list[int]]:
    return [s.draw, s.discard, *horus[1:], *s.hands]


def set_hand(s: LuxorState, seat: int, codes: list[str]) -> None:
    """Give a seat exactly these cards (data-file codes, left to right)."""
    horus = [list(stack) for stack in s.horus]  # the state keeps its stacks as tuples
    _swap_into_hand(s, seat, codes, horus)
    s.horus = [tuple(stack) for stack in horus]
    s.legal = None


def _swap_into_hand(s: LuxorState, seat: int, codes: list[str], horus: list[list[int]]) -> None:
    hand = s.hands[seat]
    for i, code in enumerate(codes):
        if D.CARDS[hand[i]].code == code:
            continue
        for pile in _piles(s, horus):
            js = [j for j, c in enumerate(pile) if D.CARDS[c].code == code]
            js = [j for j in js if not (pile is hand and j <= i)]
            if js:
                j = js[0]
                pile[j], hand[i] = hand[i], pile[j]
                break
        else:
            raise AssertionError(f"no free card {code!r}")


def set_tile(s: LuxorState, space: int, kind: int, arg: int) -> None:
    """Put a tile on a space (treasure arg = a treasure id; swapped with its old space)."""
    tile_kind, tile_arg = s.tile_kind[:], s.tile_arg[:]
    if kind == D.TREASURE and arg in [
        tile_arg[q] for q in range(1, D.CHAMBER) if tile_kind[q] == D.TREASURE
    ]:
        other = next(
            q for q in range(1, D.CHAMBER) if tile_kind[q] == D.TREASURE and tile_arg[q] == arg
        )
        tile_kind[other], tile_arg[other] = tile_kind[space], tile_arg[space]
    tile_kind[space], tile_arg[space] = kind, arg
    rules.set_board(s, tile_kind, tile_arg)
    s.legal = None


def treasure_id(vp: int, need: int, type_: str = "vase", s: LuxorState | None = None) -> int:
    """The id of a treasure tile of that value, requirement and type."""
    t = D.TREASURE_TYPES.index(type_)
    for i, tr in enumerate(D.TREASURES):
        taken = s is not None and any(i in ts for ts in s.treasures)
        if tr.vp == vp and tr.need == need and tr.type == t and not taken:
            return i
    raise AssertionError(f"no treasure {vp} VP needing {need}")


def set_treasure(s: LuxorState, space: int, vp: int, need: int, type_: str = "vase") -> int:
    tid = treasure_id(vp, need, type_, s)
    set_tile(s, space, D.TREASURE, tid)
    return tid


def place(s: LuxorState, seat: int, positions: list[int], sleeping: tuple[int, ...] = ()) -> None:
    """Set a seat's active adventurers and the statues (1..3) where its others lie."""
    assert len(positions) + len(sleeping) <= 5
    s.adv[seat] = sorted(positions, reverse=True)
    s.sleep[seat] = sum(1 << (i - 1) for i in sleeping)
    s.legal = None


def give(s: LuxorState, seat: int, keys: int = 0, wilds: int = 0) -> None:
    s.key_supply -= keys
    s.keys[seat] += keys
    s.wild_supply -= wilds
    s.wilds[seat] += wilds


def texts(actions: list[Any]) -> list[str]:
    return sorted(str(a) for a in actions)
