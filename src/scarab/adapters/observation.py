"""Observation tensors built from ``view(seat)`` only, with named slices.

Seats are listed relative to the observer (itself first, then clockwise), so
one network serves every seat. Every number is scaled to about [0, 1]. The
layout depends on the game and the number of players only; ``layout(game, n)``
names each slice, and ``encode(game, view, seat, n)`` fills it. Because the
tensor is a function of the view, two states that show a seat the same view
give it the same tensor. ``state_encoding`` writes the same tensor from the
state, without building the view, for the environments.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import Any

import numpy as np

from scarab.core.registry import load

View = dict[str, Any]


class Builder:
    """Collects named blocks of floats into one vector."""

    def __init__(self) -> None:
        self.names: list[str] = []
        self.blocks: list[list[float]] = []

    def add(self, name: str, values: Sequence[float]) -> None:
        self.names.append(name)
        self.blocks.append(list(values))

    def one_hot(self, name: str, size: int, index: int | None) -> None:
        self.add(name, [1.0 if i == index else 0.0 for i in range(size)])

    def counts(self, name: str, keys: Sequence[str], items: Sequence[str], scale: float) -> None:
        self.add(name, [items.count(k) / scale for k in keys])

    def array(self) -> np.ndarray:
        return np.array([v for b in self.blocks for v in b], dtype=np.float32)

    def slices(self) -> dict[str, slice]:
        out: dict[str, slice] = {}
        at = 0
        for name, block in zip(self.names, self.blocks, strict=True):
            out[name] = slice(at, at + len(block))
            at += len(block)
        return out


def rotated(n: int, seat: int) -> list[int]:
    """Seats in the observer's order: itself first, then clockwise."""
    return [(seat + i) % n for i in range(n)]


def relative(n: int, seat: int, other: int | None) -> int | None:
    return None if other is None else (other - seat) % n


def build(game: str, view: View, seat: int, players: int) -> Builder:
    from scarab.adapters.tensors import tensors_of

    b = Builder()
    tensors_of(game).view_features(b, view, seat, players)
    return b


HIGH = 10.0  # every entry lies in [0, HIGH]


def encode(game: str, view: View, seat: int, players: int) -> np.ndarray:
    """The observation tensor (float32) of one seat's view, clipped to [0, HIGH]."""
    out: np.ndarray = np.clip(build(game, view, seat, players).array(), 0.0, HIGH)
    return out


@cache
def layout(game: str, players: int) -> dict[str, slice]:
    """Named slices of a game's observation tensor at this player count."""
    state = load(game).new_game(players, seed=0)
    return build(game, state.view(0), 0, players).slices()


def size(game: str, players: int) -> int:
    return max(int(s.stop) for s in layout(game, players).values())
