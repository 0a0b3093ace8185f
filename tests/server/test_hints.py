"""Hints at the table: the hint bot's top actions for your own decision, worked out from
what your seat may see, kept for the position, and bounded per seat and per table."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from scarab.agents import LEVELS
from scarab.server import hints as H
from tests.server.conftest import hub_of, look, make_table, token


def hello(ws: Any, tok: str | None) -> dict[str, Any]:
    ws.send_json({"type": "hello", "token": tok})
    return ws.receive_json()  # type: ignore[no-any-return]


def ask(ws: Any) -> dict[str, Any]:
    ws.send_json({"type": "hint"})
    while True:
        m = ws.receive_json()
        if m["type"] in ("hint", "error"):
            return m  # type: ignore[no-any-return]


@pytest.mark.slow
@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_the_decider_gets_the_hint_bots_top_legal_actions_in_words_and_fields(
    client: TestClient, game: str
) -> None:
    t = make_table(client, game)
    decider = look(client, t, None)["current"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        state = hello(ws, token(t, decider))
        hint = ask(ws)
        assert hint["type"] == "hint", hint
        assert hint["version"] == state["version"] and hint["level"] == H.HINT_LEVEL
        assert list(LEVELS)[-1] == H.HINT_LEVEL  # the strongest, as the terminal's hint
        legal = {e["action"]: e for e in state["legal"]}
        assert 1 <= len(hint["top"]) <= 3
        for entry in hint["top"]:
            assert legal[entry["action"]]["fields"] == entry["fields"]
            assert legal[entry["action"]]["text"] == entry["text"]
            assert 0.0 <= entry["win"] <= 1.0
        visits = [e["visits"] for e in hint["top"]]
        assert visits == sorted(visits, reverse=True)
        assert ask(ws) == hint  # the same position: the same hint, not a new search


def test_a_hint_is_only_for_your_own_decision(client: TestClient) -> None:
    t = make_table(client)
    decider = look(client, t, None)["current"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, token(t, 1 - decider))
        assert "your own decision" in ask(ws)["message"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, None)
        assert "spectator" in ask(ws)["message"]


def test_hints_per_seat_are_bounded_by_the_minute(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(H, "HINTS_PER_MINUTE", 1)
    t = make_table(client, "luxor")
    decider = look(client, t, None)["current"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        state = hello(ws, token(t, decider))
        assert ask(ws)["type"] == "hint"
        live = hub_of(client).live[t["table"]]
        live.hint = None  # forget it, as a new position would
        refused = ask(ws)
        assert refused["type"] == "error" and "1 hints a minute" in refused["message"]
        assert look(client, t, decider)["version"] == state["version"]  # nothing moved


@pytest.mark.slow
def test_a_hint_never_moves_the_game(client: TestClient) -> None:
    t = make_table(client, "pyramids")
    decider = look(client, t, None)["current"]
    table = hub_of(client).tables[t["table"]]
    before = (len(table.moves), table.version, table.state.view(None))
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        hello(ws, token(t, decider))
        assert ask(ws)["type"] == "hint"
    assert (len(table.moves), table.version, table.state.view(None)) == before
