"""Scarab's `expert` against OpenSpiel's ISMCTSBot at an equal number of iterations.

A benchmark, not a test: both bots search the same number of iterations per decision
(our ISMCTS iterations, OpenSpiel's simulations), so the result compares search and
evaluation, not speed. OpenSpiel's bot is its Python ``ISMCTSBot`` run on our games
through the OpenSpiel adapter (``scarab.adapters.openspiel``): nodes keyed by the
observation string, worlds from ``resample_from_infostate`` (our ``determinize``), and
leaves valued by one random rollout to the end of the game, as OpenSpiel ships it.
Seats alternate; each game's chance outcomes come from --seed. Each finished game is
a line of OUT/<game>-<iterations>.jsonl, so a longer or interrupted run resumes; it
prints one Markdown row per game with the expert's win share, its 95% Wilson interval
and the CPU seconds each side spent per decision.

    python tools/vs_openspiel.py --games 100 --iterations 50 --out results/vs-openspiel
    python tools/vs_openspiel.py --only luxor --games 20 --iterations 50
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import pyspiel
from open_spiel.python.algorithms import ismcts, mcts

from scarab.adapters.actions import action_space
from scarab.adapters.openspiel import register
from scarab.agents import Budget, Seat, level_agent
from scarab.arena.stats import wilson
from scarab.core.registry import games

GAMES = tuple(games())  # every registered game
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


def games_of(name: str, args: argparse.Namespace) -> list[dict[str, float]]:
    """The games played so far for this game and budget, playing the missing ones."""
    path = args.out / f"{name}-{args.iterations}.jsonl"
    path.parent.mkdir(parents=True, exist_ok=True)
    done = [json.loads(line) for line in path.read_text().splitlines()] if path.exists() else []
    for i in range(len(done), args.games):
        share, ours, theirs = play(name, args.iterations, args.seed * 100_003 + i, i % 2)
        done.append({"index": i, "share": share, "expert_cpu": ours, "openspiel_cpu": theirs})
        with path.open("a") as f:
            f.write(json.dumps(done[-1]) + "\n")
        print(f"{name}: game {i + 1} of {args.games}, expert {share:g}", file=sys.stderr)
    return done[: args.games]


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100)
    p.add_argument("--iterations", type=int, default=100)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", type=Path, default=Path("results/vs-openspiel"))
    p.add_argument("--only", choices=GAMES, action="append")
    args = p.parse_args()
    register()
    print(
        "| game | iterations each | games | expert's wins | win rate | 95% interval "
        "| expert CPU s/decision | OpenSpiel CPU s/decision |"
    )
    print("|---|---|---|---|---|---|---|---|")
    for name in args.only or GAMES:
        games = games_of(name, args)
        n = len(games)
        wins = sum(g["share"] for g in games)
        ours = sum(g["expert_cpu"] for g in games) / n
        theirs = sum(g["openspiel_cpu"] for g in games) / n
        low, high = wilson(wins, n)
        print(
            f"| {name} | {args.iterations} | {n} | {wins:g} | {wins / n:.0%} "
            f"| {low:.0%} to {high:.0%} | {ours:.3f} | {theirs:.3f} |",
            flush=True,
        )


if __name__ == "__main__":
    main()
