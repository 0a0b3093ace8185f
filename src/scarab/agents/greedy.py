"""The greedy bot: one ply on one determinization, valued by the game's heuristic.

For each decision it resamples the hidden information once (its own seeded
RNG), plays every legal action on a clone of that sample and keeps the action
whose resulting position the game's heuristic values most for its seat; ties
go to its RNG. ``explain()`` gives gains over the position before the move,
not absolute values, so the explanation reveals nothing hidden. A game supplies the
heuristic as ``Game.heuristics`` (scarab.core.valuation); a game without one is valued
by its score track.
"""

from __future__ import annotations

import random
from typing import Any

from scarab.agents.base import NOT_YET, A, Phrase, Seat, english
from scarab.core.errors import IllegalAction
from scarab.core.game import Game, State
from scarab.core.valuation import Valuation, Value, WinChances

TIE = 1e-9


def _score_track(state: State[Any], seat: int) -> float:
    return float(state.scores()[seat])


SCORE_TRACK: Valuation[Any] = Valuation(_score_track)  # for a game without heuristics


def valuation_of(game: Game[A], tuned: bool = False) -> Valuation[A]:
    """The game's position values (``Game.heuristics``): with ``tuned``, its weights tuned
    by play where it has them; a game without a heuristic is valued by its score track."""
    return game.heuristics.valuation(tuned) if game.heuristics is not None else SCORE_TRACK


class GreedyAgent:
    name = "greedy"

    def __init__(
        self,
        seed: int | None = None,
        value: Value[Any] | None = None,
        chances: WinChances[Any] | None = None,
    ) -> None:
        self.rng = random.Random(seed)
        self.value = value  # None: the game's own heuristic (a tuning tool passes others)
        # Where the game can tell each seat's chance to win (chances(state) is not None,
        # e.g. its rivals are settled), choose by it instead (a tuning tool passes it).
        self.chances = chances
        self._said = NOT_YET

    def choose(self, seat: Seat[A]) -> A:
        legal = seat.legal_actions()
        if len(legal) == 1:
            self._said = [("bot.only", {"action": str(legal[0])})]
            return legal[0]
        evaluate = self.value or valuation_of(seat.game).evaluate
        sample = seat.determinize(self.rng)
        if self.chances is not None and self.chances(sample) is not None:
            evaluate = self._chance_of_winning
        me = seat.seat
        scored: list[tuple[float, A]] = []
        ending: set[A] = set()  # actions that end the game in the sample
        for act in legal:
            trial = sample.clone()
            try:
                trial.apply(act)
            except IllegalAction:  # not legal in this sample (a game where that can happen)
                continue
            scored.append((evaluate(trial, me), act))
            if trial.is_over:
                ending.add(act)
        if not scored:
            act = self.rng.choice(legal)
            self._said = [("bot.greedy.unvalued", {"action": str(act)})]
            return act
        scored.sort(key=lambda va: -va[0])
        best_value = scored[0][0]
        best = [a for v, a in scored if v >= best_value - TIE]
        act = self.rng.choice(best)
        if act in ending:  # a final score against a mid-game reading is no gain to speak of
            self._said = [("bot.greedy.ends", {"action": str(act)})]
            return act
        # Gains over the position before the move, never absolute values: an absolute
        # value would let a reader subtract what is public and learn the bot's secrets.
        base = evaluate(sample, me)
        others = [(v, a) for v, a in scored if a != act]
        self._said = [
            ("bot.greedy.gain", {"action": str(act), "gain": f"{best_value - base:+.1f}"})
        ]
        if len(best) > 1:
            self._said.append(("bot.greedy.tied", {"n": len(best) - 1}))
        elif others:
            v2, a2 = others[0]
            self._said.append(
                ("bot.greedy.runner_up", {"action": str(a2), "gain": f"{v2 - base:+.1f}"})
            )
        return act

    def _chance_of_winning(self, state: State[Any], seat: int) -> float:
        """The seat's chance to win: its share of a finished game, else the game's estimate
        (decided once per decision, so every action is valued on this one scale)."""
        if state.is_over:
            return state.win_share(seat)
        assert self.chances is not None
        chances = self.chances(state)
        return chances[seat] if chances is not None else 0.0

    def explain(self) -> str:
        return english(self._said)

    def said(self) -> list[Phrase]:
        return list(self._said)

    def __repr__(self) -> str:
        return "<GreedyAgent>"
