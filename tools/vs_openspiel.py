"""Scarab's `expert` against OpenSpiel's ISMCTSBot at an equal number of iterations.

A benchmark, not a test: both bots search the same number of iterations per decision
(our ISMCTS iterations, OpenSpiel's simulations), so the result compares search and
evaluation, not speed. OpenSpiel's bot is its Python ``ISMCTSBot`` run on our games
through the OpenSpiel adapter (``scarab.adapters.openspiel``): nodes keyed by the
observation string, worlds from ``resample_from_infostate`` (our ``determinize``), and
leaves valued by one random rollout to the end of the game, as OpenSpiel ships it.
Seats alternate; each game's chance outcomes come from --seed. It prints one
Markdown row per game with the expert's win share, its 95% Wilson interval and the
CPU seconds each side spent per decision.

    python tools/vs_openspiel.py --games 100 --iterations 100
    python tools/vs_openspiel.py --only luxor --games 20 --iterations 50
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from scarab.adapters.actions import action_space
from scarab.adapters.openspiel import register
from scarab.agents import Budget, Seat, level_agent
from scarab.arena.stats import wilson

GAMES = ("luxor", "pyramids", "horus")
UCT_C = 2.0  # OpenSpiel's own default in its examples


def openspiel_bot(game: Any, iterations: int, seed: int) -> Any:
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(seed))
    bot = ismcts.ISMCTSBot(
        game,
        evaluator,
        UCT_C,
        iterations,
        random_state=np.random.RandomState(seed + 1),
        use_observation_string=True,
        allow_inconsistent_action_sets=True,
    )
    sampler = pyspiel.UniformProbabilitySampler(seed + 2, 0.0, 1.0)
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, sampler))
    return bot


def play(name: str, iterations: int, seed: int, expert_seat: int) -> tuple[float, float, float]:
    """One 2-player game: (expert's share of the win, its CPU s/decision, OpenSpiel's)."""
    game = pyspiel.load_game(f"scarab_{name}", {"players": 2})
    theirs = openspiel_bot(game, iterations, seed)
    ours = level_agent("expert", seed, Budget(iterations=iterations, seconds=None))
    space = action_space(name)
    chance = random.Random(seed)
    state = game.new_initial_state()
    spent, moves = [0.0, 0.0], [0, 0]
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes = [a for a, _ in state.chance_outcomes()]
            state.apply_action(chance.choice(outcomes))
            continue
        seat = state.current_player()
        side = 0 if seat == expert_seat else 1
        start = time.process_time()
        if side == 0:
            action = space.encode(ours.choose(Seat(state.engine, seat)))
        else:
            action = theirs.step(state)
        spent[side] += time.process_time() - start
        moves[side] += 1
        state.apply_action(action)
    returns = state.returns()
    best = max(returns)
    winners = [p for p, r in enumerate(returns) if r == best]
    share = 1 / len(winners) if expert_seat in winners else 0.0
    return share, spent[0] / max(moves[0], 1), spent[1] / max(moves[1], 1)


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--iterations", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--only", choices=GAMES, action="append")
    args = p.parse_args()
    register()
    print(
        "| game | iterations each | games | expert's wins | win rate | 95% interval "
        "| expert CPU s/decision | OpenSpiel CPU s/decision |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only or GAMES:
        wins, ours, theirs = 0.0, 0.0, 0.0
        for i in range(args.games):
            share, a, b = play(name, args.iterations, args.seed * 100_003 + i, i % 2)
            wins, ours, theirs = wins + share, ours + a, theirs + b
        n = args.games
        low, high = wilson(wins, n)
        print(
            f"| {name} | {args.iterations} | {n} | {wins:g} | {wins / n:.0%} "
            f"| {low:.0%} to {high:.0%} | {ours / n:.3f} | {theirs / n:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
