"""The replay viewer's cache: every frame as a full replay gives it, byte for byte."""

from __future__ import annotations

import asyncio
import json
import random
import threading
from collections import deque

import pytest
from starlette.responses import JSONResponse
from starlette.testclient import TestClient

from scarab.core.errors import BadRecord
from scarab.core.game import JSON
from scarab.core.record import read_record, replay, write_record
from scarab.core.registry import load
from scarab.server import replay as viewer
from scarab.server.stored import StoredMove
from scarab.server.table_log import log_events, note_phrase
from tests.server.conftest import hub_of, look, make_table, wait_for


def random_game(game: str, seed: int, players: int) -> str:
    """The record of a game of random moves."""
    state = load(game).new_game([f"n{i}" for i in range(players)], seed=seed)
    rng = random.Random(seed)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    return write_record(state.record())


def from_scratch(text: str, ply: int) -> bytes:
    """The frame as the viewer first computed it: the whole record replayed, then ``ply``
    moves played again from the start."""
    record = read_record(text)
    full = replay(record)
    game = load(record.game)
    state = game.new_game(record.players, seed=record.seed, **record.options)
    log = []
    for i, (seat, notation) in enumerate(record.moves[:ply]):
        made: deque[dict[str, JSON]] = deque()
        in_round = state.round
        events = state.apply(game.parse_action(state, notation))
        log_events(
            {None: made}, events, in_round, game, StoredMove(seat, notation, record.notes.get(i), 0)
        )
        log.extend({**line, "ply": i + 1} for line in made)
    out: dict[str, JSON] = {
        "game": game.name,
        "title": game.title,
        "names": list(record.players),
        "result": full.result_text(),
        "final": {"scores": full.scores(), "winners": full.winners()} if full.is_over else None,
        "moves": [
            {
                "seat": seat,
                "action": notation,
                "note": record.notes.get(i),
                "note_msg": note_phrase(record.notes.get(i), seat),
            }
            for i, (seat, notation) in enumerate(record.moves)
        ],
        "ply": ply,
        "current": state.current_player,
        "over": state.is_over,
        "view": state.view(None),
        "log": log[-viewer.LOG_LINES :],
    }
    if state.is_over:
        out["scores"] = state.scores()
        out["winners"] = state.winners()
    return bytes(JSONResponse(out).body)


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    viewer._cache.clear()


@pytest.mark.slow
@pytest.mark.parametrize(
    ("game", "seed", "players"),
    [
        ("luxor", 1, 2),
        ("luxor", 2, 4),
        ("pyramids", 3, 2),
        ("pyramids", 4, 3),
        ("horus", 5, 2),
        ("horus", 6, 5),
    ],
)
def test_every_frame_equals_a_full_replay(game: str, seed: int, players: int) -> None:
    text = random_game(game, seed, players)
    if seed % 2:  # notes on moves, as a zombie's moves carry them
        record = read_record(text)
        record.notes = {0: "played by greedy", 3: "zombie (ünïcode)"}
        record.notes[1] = "played by the zombie (greedy): the turn timer ran out"
        text = write_record(record)
    plies = list(range(len(read_record(text).moves) + 1))
    random.Random(seed).shuffle(plies)  # any order: a saved state is never played on
    for ply in plies:
        assert viewer.replay_frame(text, ply) == from_scratch(text, ply), ply
    assert len(viewer._cache) == 1  # replayed once


def test_a_long_record_keeps_a_bounded_number_of_states(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(viewer, "MAX_SAVED", 5)
    text = random_game("horus", 7, 4)
    moves = len(read_record(text).moves)
    played = viewer.replayed(text)
    assert len(played.saved) <= 6 and played.step >= moves / 5
    for ply in (0, 1, played.step - 1, played.step, moves // 2, moves):
        assert played.frame(ply).encode() == from_scratch(text, ply)


def test_a_bad_record_or_ply_says_what_is_wrong_and_is_not_kept() -> None:
    text = random_game("pyramids", 8, 2)
    moves = len(read_record(text).moves)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("3. "))
    lines[at] = "3. p1 take 99"
    for bad, says in (
        ("\n".join(lines), f"line {at + 1}: take 99 is not legal: "),
        (text.replace("[Seed", "[Seeds"), "lacks the tag(s) Seed"),
        (text.replace('Result "', 'Result "1-0 won by nobody', 1), "but the moves give"),
    ):
        with pytest.raises(BadRecord, match=says.replace("(", r"\(").replace(")", r"\)")):
            viewer.replay_frame(bad, 0)
    assert not viewer._cache
    for ply in (-1, moves + 1, True):
        with pytest.raises(BadRecord, match=f"ply is a move count from 0 to {moves}"):
            viewer.replay_frame(text, ply)


def test_the_cache_keeps_the_records_used_last() -> None:
    texts = [random_game("luxor", seed, 2) for seed in range(viewer.CACHED_RECORDS + 3)]
    made = []
    for text in texts:
        made.append(viewer.replayed(text))
        viewer.replayed(texts[0])  # the first, used all along, stays
    assert len(viewer._cache) == viewer.CACHED_RECORDS
    assert viewer.replayed(texts[0]) is made[0] and viewer.replayed(texts[-1]) is made[-1]
    assert viewer.replayed(texts[1]) is not made[1]  # dropped long ago: replayed again
    assert len(viewer._cache) == viewer.CACHED_RECORDS


def test_frames_are_computed_off_the_event_loop(monkeypatch: pytest.MonkeyPatch) -> None:
    text = random_game("luxor", 9, 2)
    seen: list[str] = []
    frame = viewer.Replayed.frame

    def spy(self: viewer.Replayed, ply: int) -> str:
        seen.append(threading.current_thread().name)
        return frame(self, ply)

    monkeypatch.setattr(viewer.Replayed, "frame", spy)
    out: list[str] = []  # asyncio.run on a thread of its own: a browser test's loop may run here
    runner = threading.Thread(target=lambda: out.append(asyncio.run(viewer.replay_body(text, 3))))
    runner.start()
    runner.join(30)
    (body,) = out
    assert body == from_scratch(text, 3)
    assert seen and seen[0].startswith("scarab-replay")


def test_the_viewers_refusals_carry_message_ids_for_the_readers_language(
    client: TestClient,
) -> None:
    """The replay page words a refusal in its reader's language: the record of a game
    still being played, a table that does not exist, and a record that does not read
    (the reader's English detail framed by a message of the page's own)."""
    from scarab import i18n

    t = make_table(client)  # two people: nobody has moved, the game is on
    early = client.get(f"/api/tables/{t['table']}/record")
    assert early.status_code == 400 and "seed" in early.json()["error"]
    assert early.json()["msg"] == "ui.err.record_unfinished"
    gone = client.get("/api/tables/AAAAAAAAAAAAAAAA/record")
    assert gone.status_code == 404 and gone.json()["msg"] == "ui.err.no_table"
    text = random_game("luxor", 10, 2)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[at] = "5. p1 L S+99"
    bad = client.post("/api/replay", json={"record": "\n".join(lines), "ply": 0}).json()
    assert bad["msg"] == "ui.err.bad_record" and bad["code"] == "bad_record"
    assert bad["args"]["detail"] == bad["error"] and f"line {at + 1}:" in bad["error"]
    moves = len(read_record(text).moves)
    far = client.post("/api/replay", json={"record": text, "ply": moves + 1}).json()
    assert far["msg"] == "ui.err.replay_ply" and far["args"] == {"n": moves}
    for lang in i18n.LANGS:
        for msg in ("ui.err.record_unfinished", "ui.err.bad_record", "ui.err.replay_ply"):
            assert i18n.text(lang, msg) != msg, (lang, msg)
    pt = i18n.text("pt", bad["msg"], bad["args"])
    assert pt != bad["error"] and pt.endswith(bad["error"])


@pytest.mark.parametrize("game", ["luxor", "pyramids"])
def test_a_finished_tables_replay_logs_as_its_table_does(client: TestClient, game: str) -> None:
    """The replay's log is the watchers' log of the live table, line for line: the
    round of each line (the page's headings), the zombie's note on the moves it played
    for a seat whose person left, and the move that made it (the "last move" line)."""
    seats = [{"kind": "human", "name": "leo"}, {"kind": "bot", "level": "random"}]
    t = make_table(client, game, seats=seats, zombie="random")
    table = hub_of(client).tables[t["table"]]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": t["seats"][0]["token"]})
        ws.receive_json()
        ws.send_json({"type": "leave"})
        wait_for(lambda: table.seats[0].left)
    wait_for(lambda: table.state.is_over, 60)
    live = look(client, t, None)["log"]
    text = client.get(f"/api/tables/{t['table']}/record").text
    moves = len(read_record(text).moves)
    frame = json.loads(viewer.replay_frame(text, moves))
    assert [{k: v for k, v in line.items() if k != "ply"} for line in frame["log"]] == live
    assert any("note" in line for line in live) and any(line["round"] for line in live)
    # each line names the move that made it, and the last move's lines are the frame's last
    plies = [line["ply"] for line in frame["log"]]
    assert plies == sorted(plies) and all(1 <= p <= moves for p in plies)
    for ply in (1, moves // 2):
        made = json.loads(viewer.replay_frame(text, ply))["log"]
        assert made and all(line["ply"] <= ply for line in made)
