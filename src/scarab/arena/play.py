"""Playing one arena game: the bots choose through Seats, the result is a JSON-able line."""

from __future__ import annotations

import time
from typing import Any

from scarab.agents import Seat, make_agent
from scarab.arena.spec import Job
from scarab.core.record import write_record
from scarab.core.registry import load

# Fields that depend on the machine, not on the seeds: left out when comparing runs.
TIMING_FIELDS = ("seconds", "think_max")


def play_game(job: Job) -> dict[str, Any]:
    """Play ``job`` to the end; its result line (seeds, seats, record, scores, length, timing)."""
    start = time.perf_counter()
    state = load(job.game).new_game(list(job.entrants), seed=job.seed)
    agents = [make_agent(bot, seed=s) for bot, s in zip(job.bots, job.bot_seeds, strict=True)]
    seats = [Seat(state, i) for i in range(len(agents))]
    think_max = [0.0] * len(agents)
    while not state.is_over:
        who = state.current_player
        assert who is not None
        t = time.perf_counter()
        action = agents[who].choose(seats[who])
        think_max[who] = max(think_max[who], time.perf_counter() - t)
        state.apply(action)
    rounds = state.view(None).get("round")
    return {
        "index": job.index,
        "game": job.game,
        "seed": job.seed,
        "seats": list(job.entrants),
        "bots": list(job.bots),
        "scores": state.scores(),
        "winners": state.winners(),
        "decisions": len(state.history()),
        "rounds": rounds if isinstance(rounds, int) else None,
        "record": write_record(state.record()),
        "seconds": round(time.perf_counter() - start, 3),
        "think_max": [round(t, 3) for t in think_max],
    }
