"""Position values learned from play: a logistic model over a game's features.

``tools/train_value.py`` plays arena games, reads each position's features (the
game's ``heuristics.features``) and fits the chance that a seat goes on to win; the
weights are a data file, ``values/<game>.json``, shipped with the package. Here
they are read back and applied in pure Python: one dot product and a logistic, so
a search can call it at every leaf.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from scarab.core.game import State
from scarab.core.registry import load

VALUES = Path(__file__).with_name("values")


def weights_file(game: str) -> Path:
    return VALUES / f"{game}.json"


class LearnedValue:
    """The chance that a seat wins from a position, by the fitted model of its game."""

    __slots__ = ("bias", "features", "weights")

    def __init__(self, game: str, model: dict[str, Any]) -> None:
        declared = load(game).heuristics
        features = declared.features if declared is not None else None
        if features is None or list(model["features"]) != list(features.names):
            raise ValueError(
                f"{weights_file(game)} was fitted on other features than the game's "
                f"heuristics.features reads: run tools/train_value.py again"
            )
        self.features: Callable[[State[Any], int], list[float]] = features.read
        self.weights: tuple[float, ...] = tuple(float(w) for w in model["weights"])
        self.bias = float(model["bias"])

    def __call__(self, state: State[Any], seat: int) -> float:
        xs = self.features(state, seat)
        z = self.bias + sum(w * x for w, x in zip(self.weights, xs, strict=True))
        return 1.0 / (1.0 + math.exp(-max(-50.0, min(50.0, z))))


@cache
def learned_value(game: str) -> LearnedValue | None:
    """The game's learned value, or None where no weights were trained for it."""
    path = weights_file(game)
    if not path.exists():
        return None
    return LearnedValue(game, json.loads(path.read_text(encoding="utf-8")))
