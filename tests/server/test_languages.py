"""The server's side of the three languages: the catalogues served to the page, and every
state, log line, action and refusal carrying a message id beside its English words."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from scarab import i18n
from scarab.server.table import StoreUnavailable
from tests.server.conftest import act, look, make_table, play_first


def test_each_language_is_served_with_a_tag_and_an_unknown_one_is_refused(
    client: TestClient,
) -> None:
    r = client.get("/api/i18n/pt")
    assert r.status_code == 200 and r.json() == i18n.catalogue("pt")
    assert r.json()["ui.table.yes"] == "Sim"
    again = client.get("/api/i18n/pt", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/api/i18n/es").json()["ui.table.yes"] == "Sí"
    squeezed = client.get("/api/i18n/es", headers={"Accept-Encoding": "gzip"})
    assert squeezed.headers["content-encoding"] == "gzip"  # ~100 kB of text goes as ~25
    missing = client.get("/api/i18n/fr")
    assert missing.status_code == 404 and "en, pt, es" in missing.json()["error"]


def test_the_rules_come_in_sections_with_their_examples(client: TestClient) -> None:
    got = client.get("/api/games/luxor/rules").json()
    order = [s["id"] for s in got["sections"]]
    assert order and all(c["section"] in order for c in got["clauses"])
    assert got["examples"] and all(e["section"] in order for e in got["examples"])


def test_actions_and_log_lines_carry_their_message_for_any_language(client: TestClient) -> None:
    t = make_table(client, "pyramids")
    first = play_first(client, t, 0)  # choosing the cards to keep: every choice has words
    assert first["legal"] and all(e["msg"].startswith("pyramids.act.") for e in first["legal"])
    m = play_first(client, t, 6)
    seat = m["current"]
    worded = [e for e in m["legal"] if e["text"]]  # a bare mark needs no words
    assert all(e["msg"].startswith("pyramids.act.") for e in worded)
    assert m["log"] and all(line["msg"].startswith("pyramids.event.") for line in m["log"])
    for line in m["log"]:
        for lang in i18n.LANGS:
            words = i18n.text(lang, line["msg"], line["args"], m["names"])
            assert words and "{" not in words and not words.startswith("pyramids.")
    watcher = look(client, t, None)  # phrased from what a watcher was told: no kept cards
    kept = [line for line in watcher["log"] if line["kind"] == "keep"]
    assert kept and all(line["msg"] == "pyramids.event.keep.hidden" for line in kept)
    assert seat is not None


def test_a_refusal_carries_its_message_and_names_the_seat_in_any_language(
    client: TestClient,
) -> None:
    t = make_table(client)
    state = look(client, t, 0)
    waiting = 1 - state["current"]
    version = state["version"] or look(client, t, 1 - waiting)["version"]
    r = act(client, t, waiting, "L S+1", version)
    assert r.status_code == 400
    err = r.json()
    assert err["msg"] == "ui.err.not_yours" and err["args"] == {"who": f"#{state['current']}"}
    said = i18n.text("pt", err["msg"], err["args"], state["names"])
    assert said == f"a decisão não é sua: agora quem decide é {state['names'][state['current']]}"


def test_the_refusals_a_person_can_meet_from_the_page_carry_their_message(
    client: TestClient,
) -> None:
    """A name with a comma, a used code, a stale player key, a gone seat link (on the
    socket too, where the refusal closes it): each in the reader's language."""

    def said(r: Any, msg: str) -> dict[str, Any]:
        body = r.json()
        assert r.status_code in (400, 403, 404) and body["msg"] == msg, r.text
        for lang in i18n.LANGS:
            assert "{" not in i18n.text(lang, body["msg"], body.get("args", {}))
        return dict(body.get("args", {}))

    bad = "Silva, João"
    assert said(client.post("/api/players", json={"name": bad}), "ui.err.name") == {"n": 40}
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": bad}]
    made = client.post("/api/tables", json={"game": "luxor", "seats": seats})
    assert said(made, "ui.err.seat_name") == {"seat": 2, "n": 40}
    said(client.post("/api/players/claim", json={"code": "ABCD-EFGH"}), "ui.err.code_unknown")
    said(client.get("/api/players/me", headers={"X-Player-Key": "gone"}), "ui.err.key_unknown")
    said(client.get("/api/players/nobody1/profile"), "ui.err.no_player")
    t = make_table(client)
    said(client.post(f"/api/tables/{t['table']}/decline", json={}), "ui.err.seat_only")
    said(client.post(f"/api/tables/{t['table']}/act", json={"action": "x"}), "ui.err.spectator")
    with client.websocket_connect(f"/ws/{t['table']}") as ws:  # a watcher
        ws.send_json({"type": "hello", "token": None})
        assert ws.receive_json()["type"] == "state"
        ws.send_json({"type": "act", "action": "L S+1"})
        assert ws.receive_json()["msg"] == "ui.err.spectator"
        ws.send_json({"type": "chat", "text": 7})
        assert ws.receive_json()["msg"] == "ui.err.chat_text"
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": "not-a-seat"})
        closing = ws.receive_json()
        assert closing["msg"] == "ui.err.token" and "no seat" in closing["message"]
        with pytest.raises(WebSocketDisconnect):
            ws.receive_json()


def test_a_store_that_fails_is_said_in_the_readers_language() -> None:
    assert StoreUnavailable("the game store is unavailable; try again soon").msg == "ui.err.store"
