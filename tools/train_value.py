"""Fit a game's learned position value from the outcomes of bot games.

It plays ``--games`` games between greedy bots that play a share ``--explore`` of
their decisions at random (so that the positions are varied), for each player count
in ``--players``, and takes the features of every seat (the game's ``features``
module) at a share ``--sample`` of the decisions, labelled with that seat's share
of the win. A logistic regression (scikit-learn, with standardised features) is
fitted on four fifths of the games and checked on the rest against the hand-written
heuristic's own estimate (a logistic of the seat's lead in ``--scale`` points). The
weights, folded back to the raw features, go to ``src/scarab/agents/values/<game>.json``
with the figures and a few positions whose values a test recomputes.

    pip install -e ".[train]"
    python tools/train_value.py --game horus --games 3000 --workers 2

Same arguments, same seed: the same data and the same weights.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import numpy as np
from sklearn.linear_model import LogisticRegression
from sklearn.metrics import log_loss, roc_auc_score
from sklearn.preprocessing import StandardScaler

from scarab.agents import Seat, make_agent, valuation_of
from scarab.agents.learned import LearnedValue, weights_file
from scarab.arena.spec import derived_seed
from scarab.core.registry import load
from scarab.core.valuation import Features

Row = tuple[int, list[float], float]  # (game index, features, win share)


def _features(game: str) -> Features:
    declared = load(game).heuristics
    if declared is None or declared.features is None:
        raise SystemExit(f"{game} declares no features to learn a value from")
    return declared.features


def play(
    game: str, index: int, players: int, seed: int, explore: float, sample: float
) -> dict[str, Any]:
    """One game's sampled rows, and its seed and moves (to rebuild positions later)."""
    features = _features(game).read
    rng = random.Random(seed)
    state = load(game).new_game(players, seed=seed)
    bots = [make_agent("greedy", seed=rng.randrange(2**31)) for _ in range(players)]
    seats = [Seat(state, i) for i in range(players)]
    taken: list[tuple[int, int, list[float]]] = []  # (ply, seat, features)
    moves: list[str] = []
    while not state.is_over:
        who = state.current_player
        assert who is not None
        if rng.random() < sample:
            taken += [(len(moves), p, features(state, p)) for p in range(players)]
        legal = state.legal_actions()
        act = rng.choice(legal) if rng.random() < explore else bots[who].choose(seats[who])
        moves.append(str(act))
        state.apply(act)
    share = [state.win_share(p) for p in range(players)]
    return {
        "index": index,
        "seed": seed,
        "players": players,
        "moves": moves,
        "rows": [(ply, p, f, share[p]) for ply, p, f in taken],
    }


def collect(args: argparse.Namespace) -> list[dict[str, Any]]:
    counts = [int(n) for n in args.players.split(",")]
    jobs = [
        (args.game, i, counts[i % len(counts)], derived_seed(args.seed, args.game, i))
        for i in range(args.games)
    ]
    with ProcessPoolExecutor(args.workers) as pool:
        futures = [pool.submit(play, g, i, n, s, args.explore, args.sample) for g, i, n, s in jobs]
        return [f.result() for f in futures]


def heuristic_estimate(game: str, scale: float, games: list[dict[str, Any]]) -> list[float]:
    """The hand-written heuristic's win chance for each held-out row (ISMCTS's reading)."""
    evaluate = valuation_of(load(game)).evaluate
    out: list[float] = []
    for g in games:
        state = load(game).new_game(g["players"], seed=g["seed"])
        rows = iter(g["rows"])
        row = next(rows, None)
        for ply, move in enumerate([*g["moves"], None]):
            values: list[float] | None = None
            while row is not None and row[0] == ply:
                if values is None:
                    values = [evaluate(state, p) for p in range(g["players"])]
                p = row[1]
                lead = values[p] - max(v for i, v in enumerate(values) if i != p)
                out.append(1 / (1 + math.exp(-max(-50, min(50, lead / scale)))))
                row = next(rows, None)
            if move is not None:
                state.apply(load(game).parse_action(state, move))
    return out


def arrays(games: list[dict[str, Any]]) -> tuple[Any, Any]:
    x = np.array([f for g in games for _, _, f, _ in g["rows"]], dtype=float)
    y = np.array([w for g in games for _, _, _, w in g["rows"]], dtype=float)
    return x, y


def fit(games: list[dict[str, Any]], c: float) -> tuple[list[float], float]:
    """Weights and bias on the raw features; rows with a shared win count half each way."""
    x, y = arrays(games)
    scaler = StandardScaler().fit(x)
    scale = np.where(scaler.scale_ > 0, scaler.scale_, 1.0)
    z = (x - scaler.mean_) / scale
    xs = np.vstack([z, z])
    ys = np.concatenate([np.ones(len(y)), np.zeros(len(y))])
    ws = np.concatenate([y, 1 - y])  # a win share s is s of a win and 1 - s of a loss
    keep = ws > 0
    model = LogisticRegression(C=c, max_iter=2000).fit(xs[keep], ys[keep], sample_weight=ws[keep])
    w = model.coef_[0] / scale
    b = float(model.intercept_[0] - np.sum(model.coef_[0] * scaler.mean_ / scale))
    return [float(v) for v in w], b


def checks(
    game: str, games: list[dict[str, Any]], value: LearnedValue, count: int
) -> list[dict[str, Any]]:
    """A few held-out positions (seed, moves, seat) with the value the weights give them."""
    out = []
    for g in games[:count]:
        ply, seat = g["rows"][len(g["rows"]) // 2][:2]
        state = load(game).new_game(g["players"], seed=g["seed"])
        for move in g["moves"][:ply]:
            state.apply(load(game).parse_action(state, move))
        out.append(
            {
                "players": g["players"],
                "seed": g["seed"],
                "moves": g["moves"][:ply],
                "seat": seat,
                "value": value(state, seat),
            }
        )
    return out


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--game", default="horus")
    p.add_argument("--games", type=int, default=3000)
    p.add_argument("--players", default="2,2,3,4", help="player counts, used in turn")
    p.add_argument("--explore", type=float, default=0.1)
    p.add_argument("--sample", type=float, default=0.5)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--workers", type=int, default=2)
    p.add_argument("--c", type=float, default=1.0, help="inverse L2 strength")
    p.add_argument("--scale", type=float, default=5.0, help="the heuristic's value scale")
    p.add_argument("--out", type=Path)
    args = p.parse_args()
    start = time.process_time()
    games = collect(args)
    held = [g for g in games if g["index"] % 5 == 4]
    train = [g for g in games if g["index"] % 5 != 4]
    weights, bias = fit(train, args.c)
    names = _features(args.game).names
    model: dict[str, Any] = {"game": args.game, "features": list(names)}
    model |= {"weights": weights, "bias": bias}
    value = LearnedValue(args.game, model)
    x, y = arrays(held)
    z = x @ np.array(weights) + bias
    learned = 1 / (1 + np.exp(-np.clip(z, -50, 50)))
    hand = np.array(heuristic_estimate(args.game, args.scale, held))
    won = (y > 0.5).astype(int)
    figures = {
        "games": len(games),
        "positions": int(sum(len(g["rows"]) for g in games)),
        "held_out_games": len(held),
        "log_loss": round(float(log_loss(won, learned)), 4),
        "heuristic_log_loss": round(float(log_loss(won, np.clip(hand, 1e-6, 1 - 1e-6))), 4),
        "auc": round(float(roc_auc_score(won, learned)), 4),
        "heuristic_auc": round(float(roc_auc_score(won, hand)), 4),
    }
    model["trained"] = {
        "by": "tools/train_value.py",
        "policy": f"greedy, {args.explore:.0%} of decisions at random",
        "players": args.players,
        "seed": args.seed,
        "explore": args.explore,
        "sample": args.sample,
        "c": args.c,
        **figures,
    }
    model["checks"] = checks(args.game, held, value, 5)
    out = args.out or weights_file(args.game)
    out.write_text(json.dumps(model, indent=1) + "\n", encoding="utf-8")
    print(json.dumps(figures), f"cpu {time.process_time() - start:.0f} s (main process)")
    for name, w in sorted(zip(names, weights, strict=True), key=lambda nw: -abs(nw[1]))[:10]:
        print(f"  {name:24} {w:+.3f}")


if __name__ == "__main__":
    main()
