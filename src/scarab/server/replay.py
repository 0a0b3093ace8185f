"""The replay viewer's server half: a record in, the game as it stood after a move out.

The page sends the whole record with each step, so any record, uploaded or
downloaded from a finished table, is viewed the same way. Replaying it for
every frame cost a full replay or two (seconds near the record cap), so a
record is replayed once and kept, by the SHA-256 of its text, in a small LRU
cache: its moves and result already as JSON, each move's log lines, and a
saved state every STEP moves (further apart past MAX_SAVED states, which bounds
a record's memory). A frame then costs the moves from the nearest saved state,
fewer than a step, and its view. Frames are computed on a small thread pool,
never on the event loop. The frame is the spectator's view, with the moves
and the log so far.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import math
import threading
from collections import OrderedDict, deque
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from scarab.core.errors import BadRecord, brief
from scarab.core.game import JSON, Game, State
from scarab.core.record import Record, read_record, replay
from scarab.core.registry import load
from scarab.server.stored import StoredMove
from scarab.server.table_log import log_events, note_phrase

LOG_LINES = 60
CACHED_RECORDS = 8
STEP = 16  # moves between saved states ...
MAX_SAVED = 512  # ... unless a record is so long that this many would not cover it
THREADS = 2

_pool = ThreadPoolExecutor(max_workers=THREADS, thread_name_prefix="scarab-replay")
_cache: OrderedDict[bytes, Replayed] = OrderedDict()
_lock = threading.Lock()


def _dumps(value: Any) -> str:
    """JSON as Starlette's JSONResponse writes it."""
    return json.dumps(
        value, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
    )


class Replayed:
    """One record, replayed once; ``frame`` gives the game after any number of its moves."""

    def __init__(self, record: Record) -> None:
        final = replay(record)  # checks the whole record first, so every frame is of a real game
        self.game: Game[Any] = load(record.game)
        self.moves = [notation for _, notation in record.moves]
        self.step = max(STEP, math.ceil(len(self.moves) / MAX_SAVED))
        # what no frame changes, as the start of its JSON object
        self.head = _dumps(
            {
                "game": self.game.name,
                "title": self.game.title,
                "names": list(record.players),
                "result": final.result_text(),  # the record's English tag
                "final": (  # for the page to word in the reader's language
                    {"scores": final.scores(), "winners": final.winners()}
                    if final.is_over
                    else None
                ),
                "moves": [
                    {
                        "seat": seat,
                        "action": notation,
                        "note": record.notes.get(i),
                        "note_msg": note_phrase(record.notes.get(i), seat),
                    }
                    for i, (seat, notation) in enumerate(record.moves)
                ],
            }
        )[:-1]
        # the watchers' log, as the live table writes it (its rounds, the zombie's notes),
        # each line with the move that made it
        self.log: list[dict[str, JSON]] = []
        self.log_ends = [0]  # len(self.log) after each number of moves
        state = self.game.new_game(record.players, seed=record.seed, **record.options)
        self.saved = [state.clone()]
        for ply, (seat, notation) in enumerate(record.moves, 1):
            in_round = state.round
            events = state.apply(self.game.parse_action(state, notation))
            made: deque[dict[str, JSON]] = deque()
            move = StoredMove(seat, notation, record.notes.get(ply - 1), 0.0)
            log_events({None: made}, events, in_round, self.game, move)
            self.log.extend({**line, "ply": ply} for line in made)
            self.log_ends.append(len(self.log))
            if ply % self.step == 0:
                self.saved.append(state.clone())

    def frame(self, ply: int) -> str:
        """The frame's JSON after the first ``ply`` moves."""
        if isinstance(ply, bool) or not 0 <= ply <= len(self.moves):
            said = f"ply is a move count from 0 to {len(self.moves)}, not {brief(ply)}"
            raise BadRecord(said, "ui.err.replay_ply", n=len(self.moves))
        start = ply // self.step
        state: State[Any] = self.saved[start].clone()
        for notation in self.moves[start * self.step : ply]:
            state.step(self.game.parse_action(state, notation))
        end = self.log_ends[ply]
        out: dict[str, JSON] = {
            "ply": ply,
            "current": state.current_player,
            "over": state.is_over,
            "view": state.view(None),
            "log": self.log[max(0, end - LOG_LINES) : end],
        }
        if state.is_over:
            out["scores"] = state.scores()
            out["winners"] = state.winners()
        return f"{self.head},{_dumps(out)[1:]}"


def replayed(text: str) -> Replayed:
    """The record ``text``, from the cache or replayed now; BadRecord if unreadable."""
    key = hashlib.sha256(text.encode("utf-8", "surrogatepass")).digest()
    with _lock:
        found = _cache.get(key)
        if found is not None:
            _cache.move_to_end(key)
            return found
    made = Replayed(read_record(text))  # outside the lock: another record need not wait
    with _lock:
        _cache[key] = made
        while len(_cache) > CACHED_RECORDS:
            _cache.popitem(last=False)
    return made


def replay_frame(text: str, ply: int) -> bytes:
    """The frame's JSON body: the game ``text`` records, after its first ``ply`` moves.
    A record that does not read is refused with its reader's English detail, framed by
    a message for the page's language (the reader's own errors carry no message id)."""
    try:
        return replayed(text).frame(ply).encode("utf-8")
    except BadRecord as exc:
        if exc.msg:
            raise
        raise BadRecord(str(exc), "ui.err.bad_record", detail=str(exc)) from exc


async def replay_body(text: str, ply: int) -> bytes:
    """replay_frame on the replay threads, so the event loop goes on serving meanwhile."""
    return await asyncio.get_running_loop().run_in_executor(_pool, replay_frame, text, ply)
