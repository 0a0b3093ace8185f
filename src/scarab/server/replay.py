"""The replay viewer's server half: a record in, the game as it stood after a move out.

Stateless: the page sends the record with each step, so nothing is kept and
any record, uploaded or downloaded from a finished table, is viewed the same
way. The frame is the spectator's view, with the moves and the log so far.
"""

from __future__ import annotations

from scarab.core.errors import BadRecord, brief
from scarab.core.game import JSON, events_for
from scarab.core.record import read_record, replay
from scarab.core.registry import load

LOG_LINES = 60


def replay_frame(text: str, ply: int) -> dict[str, JSON]:
    """The game ``text`` records, after its first ``ply`` moves; BadRecord if unreadable."""
    record = read_record(text)
    full = replay(record)  # checks the whole record first, so every frame is of a real game
    if isinstance(ply, bool) or not 0 <= ply <= len(record.moves):
        raise BadRecord(f"ply is a move count from 0 to {len(record.moves)}, not {brief(ply)}")
    game = load(record.game)
    state = game.new_game(record.players, seed=record.seed, **record.options)
    events = []
    for seat, notation in record.moves[:ply]:
        assert state.current_player == seat
        events.extend(state.apply(game.parse_action(state, notation)))
    log = [
        {"seat": e.player, "text": e.text}
        for e in events_for(events, None)
        if e.text and e.kind != "final"
    ]
    out: dict[str, JSON] = {
        "game": game.name,
        "title": game.title,
        "names": list(record.players),
        "result": full.result_text(),
        "moves": [
            {"seat": seat, "action": notation, "note": record.notes.get(i)}
            for i, (seat, notation) in enumerate(record.moves)
        ],
        "ply": ply,
        "current": state.current_player,
        "over": state.is_over,
        "view": state.view(None),
        "log": log[-LOG_LINES:],
    }
    if state.is_over:
        out["scores"] = state.scores()
        out["winners"] = state.winners()
    return out
