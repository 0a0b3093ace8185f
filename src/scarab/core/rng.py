"""The engine's only source of randomness: a small seeded generator.

SplitMix64 keeps its whole state in one integer, so cloning a game copies an
int instead of Mersenne Twister's 625 words, and the sequence never depends on
the Python version.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

_MASK = (1 << 64) - 1
T = TypeVar("T")


class RandomSource(Protocol):
    """What determinize() needs from a caller's generator (random.Random fits)."""

    def getrandbits(self, k: int, /) -> int: ...


class Rng:
    """SplitMix64 with the few draws the games need."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        twin = Rng.__new__(Rng)
        twin.state = self.state
        return twin

    def getrandbits(self, k: int, /) -> int:
        out = 0
        got = 0
        while got < k:
            out = (out << 64) | self._next()
            got += 64
        return out >> (got - k)

    def _next(self) -> int:
        self.state = z = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n), n < 2**32 (bias below 2**-32)."""
        return (self._next() * n) >> 64

    def die(self) -> int:
        return self.below(6) + 1

    def dice(self, n: int) -> tuple[int, ...]:
        """n dice: the very draws of n calls of die(), with _next inlined (dice are
        rolled in every round of a game, and in every search rollout)."""
        if type(self) is not Rng:  # a subclass that scripts its draws answers by die()
            return tuple(self.die() for _ in range(n))
        out = []
        z0 = self.state
        for _ in range(n):
            z0 = z = (z0 + 0x9E3779B97F4A7C15) & _MASK
            z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
            z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
            out.append((((z ^ (z >> 31)) * 6) >> 64) + 1)
        self.state = z0
        return tuple(out)

    def shuffle(self, items: list[T]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[T]) -> T:
        return items[self.below(len(items))]


def reseeded(source: RandomSource) -> Rng:
    """A fresh engine generator drawn from a caller's generator."""
    return Rng(source.getrandbits(64))
