"""Observation tensors read straight from the state: ``encode(view(seat))``, faster.

``observation.encode`` defines every number from the view; building that view
(dicts, strings) costs as much as encoding it, and an environment pays both on
every step. ``encoder(game, players)`` returns a function of (state, seat) that
writes the same float32 vector into the documented ``layout`` from the state's
flat fields. It reads a hidden field only where the view shows it to that
seat: its own hand, cards and marks as ``public_marks`` lets it see them, the
others' score cards as last seen, a sarcophagus it read, a block it set aside
or is foreseeing. Tests hold it equal to ``encode(game, state.view(seat), seat,
players)`` on random states of every game and player count, and unchanged by
``determinize(seat)``: it knows no more than the view.

Large blocks that change rarely (a Luxor board, a Pyramids card with its marks,
a Horus seat's cards) are kept by their content and copied in whole.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from functools import cache
from typing import Any, TypeVar

import numpy as np

from scarab.adapters.observation import HIGH, layout
from scarab.core.game import State

Encoder = Callable[[State[Any], int], np.ndarray]
K = TypeVar("K", bound=Hashable)  # a memo's key


_MEMO = 512  # blocks a cache keeps: a game brings back the same few many times


def starts(game: str, players: int) -> dict[str, int]:
    return {name: s.start for name, s in layout(game, players).items()}


def count_into(x: np.ndarray, at: int, index: list[int], scale: float) -> None:
    """x[at + k] = how many times k occurs in index, divided by scale."""
    for k in set(index):
        x[at + k] = index.count(k) / scale


def memo(cache: dict[K, np.ndarray], key: K, make: Callable[[], np.ndarray]) -> np.ndarray:
    """cache[key], made on a miss; the cache forgets all once it holds _MEMO blocks."""
    out = cache.get(key)
    if out is None:
        if len(cache) >= _MEMO:
            cache.clear()
        out = cache[key] = make()
    return out


@cache
def encoder(game: str, players: int) -> Encoder:
    """(state, seat) -> the seat's observation tensor, equal to observation.encode of its view."""
    from scarab.adapters.tensors import tensors_of

    fill: Encoder = tensors_of(game).state_fill(players)

    def encode(state: State[Any], seat: int) -> np.ndarray:
        x = fill(state, seat)
        x.clip(0.0, HIGH, out=x)  # as encode clips; the method costs less than np.clip
        return x

    return encode
