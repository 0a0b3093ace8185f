"""Players without passwords: a key per device (only its hash stored), a one-time code to
open the account on another device, and "My tables" from the server, your turn first."""

from __future__ import annotations

import time
from typing import Any

import pytest
from sqlalchemy import create_engine, text
from starlette.testclient import TestClient

from tests.server.conftest import hub_of, look, play_beside_bots, token
from tests.server.test_ratings import finish

JSON = {"Content-Type": "application/json"}


def new_player(client: TestClient, name: str) -> dict[str, Any]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def as_player(key: str) -> dict[str, str]:
    return {"X-Player-Key": key}


def my_table(client: TestClient, key: str, game: str = "luxor") -> dict[str, Any]:
    seats = [{"kind": "human", "me": True}, {"kind": "human", "name": "bob"}]
    r = client.post("/api/tables", json={"game": game, "seats": seats}, headers=as_player(key))
    assert r.status_code == 201, r.text
    return r.json()  # type: ignore[no-any-return]


def test_a_player_is_recognised_by_key_and_only_the_keys_hash_is_stored(
    client: TestClient, tmp_path: Any
) -> None:
    ann = new_player(client, "ann")
    assert set(ann) == {"player", "name", "key"} and ann["name"] == "ann"
    me = client.get("/api/players/me", headers=as_player(ann["key"])).json()
    assert me == {"player": ann["player"], "name": "ann", "tables": []}
    engine = create_engine(hub_of(client).store.url)
    with engine.connect() as conn:
        stored = [
            str(v) for row in conn.execute(text("SELECT * FROM scarab_player_keys")) for v in row
        ]
    engine.dispose()
    assert ann["key"] not in stored and len(stored[0]) == 64  # a SHA-256 digest, not the key


def test_my_tables_come_from_the_server_with_my_turn_first(client: TestClient) -> None:
    ann = new_player(client, "ann")
    tables = [my_table(client, ann["key"]) for _ in range(3)]
    assert [t["seats"][0]["name"] for t in tables] == ["ann"] * 3  # my name by default
    listed = client.get("/api/players/me", headers=as_player(ann["key"])).json()["tables"]
    assert {t["table"] for t in listed} == {t["table"] for t in tables}
    mine = [t for t in listed if t["your_turn"]]
    assert listed[: len(mine)] == mine  # the tables waiting for me come first
    for entry in listed:
        current = look(client, {"table": entry["table"]}, None)["current"]
        assert entry["your_turn"] == (current == 0) and entry["seat"] == 0
        assert entry["link"] == f"/t/{entry['table']}"


def test_my_tables_say_whose_turn_it_is_and_when_each_was_made(client: TestClient) -> None:
    """Two tables of the same seats read alike ("Luxor: ann, bob — waiting"): each entry
    says whose turn it is, as any seat's page does, and when it was made; nothing else."""
    ann = new_player(client, "ann")
    before = time.time()
    made = [my_table(client, ann["key"]) for _ in range(2)]
    listed = client.get("/api/players/me", headers=as_player(ann["key"])).json()["tables"]
    for entry in listed:
        current = look(client, {"table": entry["table"]}, None)["current"]
        assert entry["current"] == current and entry["your_turn"] == (current == 0)
        assert before <= entry["created"] <= time.time()
        assert set(entry) == {
            *("table", "game", "title", "seat", "names", "current", "your_turn", "over"),
            *("created", "link"),
        }  # the header only: no view, no count of moves
    assert {e["table"] for e in listed} == {t["table"] for t in made}


def test_the_key_opens_my_seat_with_no_seat_token(client: TestClient) -> None:
    ann = new_player(client, "ann")
    t = my_table(client, ann["key"])
    by_key = client.get(f"/api/tables/{t['table']}", headers=as_player(ann["key"])).json()
    by_token = client.get(f"/api/tables/{t['table']}", headers={"X-Seat-Token": token(t, 0)}).json()
    assert by_key["seat"] == 0 and by_key["view"] == by_token["view"]
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": None, "player": ann["key"]})
        assert ws.receive_json()["seat"] == 0
    stranger = new_player(client, "cy")
    seen = client.get(f"/api/tables/{t['table']}", headers=as_player(stranger["key"])).json()
    assert seen["seat"] is None and seen["legal"] == []  # a player without a seat watches


def test_a_one_time_code_opens_the_account_on_another_device_once(client: TestClient) -> None:
    ann = new_player(client, "ann")
    t = my_table(client, ann["key"])
    code = client.post("/api/players/me/code", json={}, headers=as_player(ann["key"])).json()
    assert len(code["code"]) == 9 and code["code"][4] == "-"
    typed = code["code"].lower().replace("-", " ")  # as a person might type it
    other = client.post("/api/players/claim", json={"code": typed})
    assert other.status_code == 200, other.text
    second = other.json()
    assert second["player"] == ann["player"] and second["key"] != ann["key"]
    listed = client.get("/api/players/me", headers=as_player(second["key"])).json()["tables"]
    assert [e["table"] for e in listed] == [t["table"]]
    again = client.post("/api/players/claim", json={"code": code["code"]})
    assert again.status_code == 403 and "unknown, used or expired" in again.json()["error"]
    # the first device keeps its key
    assert client.get("/api/players/me", headers=as_player(ann["key"])).status_code == 200


def test_bad_names_keys_and_codes_are_refused_with_their_reason(client: TestClient) -> None:
    for name, says in ((None, "your name"), ("a,b", "without commas"), ("x" * 41, "1 to 40")):
        r = client.post("/api/players", json={"name": name})
        assert r.status_code == 400 and says in r.json()["error"], r.text
    unknown = client.get("/api/players/me", headers=as_player("nope"))
    assert unknown.status_code == 403 and "not known here" in unknown.json()["error"]
    missing = client.get("/api/players/me")  # no key at all
    assert missing.status_code == 400 and "send your X-Player-Key" in missing.json()["error"]
    for code in ("12", "OOOO-0000", 7, "A" * 40):
        r = client.post("/api/players/claim", json={"code": code})
        assert r.status_code == 400 and "8 letters and digits" in r.json()["error"]
    r = client.post(
        "/api/tables", json={"game": "luxor", "seats": [{"kind": "human", "me": True}] * 2}
    )
    assert r.status_code == 400 and "X-Player-Key" in r.json()["error"]


def test_a_profile_of_no_player_is_not_found_and_an_unknown_key_is_forbidden(
    client: TestClient,
) -> None:
    r = client.get("/api/players/nope/profile")
    assert r.status_code == 404 and r.json()["msg"] == "ui.err.no_player", r.text
    assert "no such player" in r.json()["error"]
    r = client.get("/api/players/me", headers=as_player("gone"))
    assert r.status_code == 403 and r.json()["msg"] == "ui.err.key_unknown", r.text


@pytest.mark.parametrize(
    ("name", "says"),
    [
        ("\u3164", "shows as blank"),  # HANGUL FILLER
        ("\u115f", "shows as blank"),  # HANGUL CHOSEONG FILLER
        ("\u2800", "shows as blank"),  # BRAILLE PATTERN BLANK
        ("ann\u3164", "shows as blank"),
        ("\u0301abc", "starts with the combining mark U+0301"),
        ("a" + "\u0301" * 20, "at most 3 marks on one character"),
        ("a\u0301\u0302\u0303\u0304", "at most 3 marks on one character"),
        ("Alice\u034f", "U+034F (COMBINING GRAPHEME JOINER) shows nothing"),  # looks as Alice
        ("Alice\ufe0f", "U+FE0F (VARIATION SELECTOR-16) shows nothing"),
        ("Al\U000e0100ice", "U+E0100 (VARIATION SELECTOR-17) shows nothing"),
        ("@constructor", "starts with @, which the page reads as a message's id"),
        ("@ui.status.yours", "starts with @"),  # would read as "Your turn." to the others
        ("#0", "starts with #"),  # would read as seat 1's name
    ],
)
def test_a_name_that_would_not_show_is_refused_saying_why(
    client: TestClient, name: str, says: str
) -> None:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 400 and says in r.json()["error"], r.text
    assert r.json()["msg"] == "ui.err.name_unseen"
    seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": name}]
    r = client.post("/api/tables", json={"game": "luxor", "seats": seats})
    assert r.status_code == 400 and says in r.json()["error"], r.text
    assert r.json()["msg"] == "ui.err.seat_name_unseen" and r.json()["args"] == {"seat": 2, "n": 3}


@pytest.mark.parametrize(
    "name",
    [
        "a\u0301" * 20,  # twenty á: one mark each (NFC makes them single characters)
        "Nguye\u0302\u0303n",  # Vietnamese decomposed: two marks on one e
        "\u05e9\u05b8\u05bc\u05c1\u05e8\u05b8\u05d4",  # pointed Hebrew: three on the shin
        "\u092b\u093c\u0940\u0902",  # Devanagari: nukta, a vowel sign, a nasal mark
        "Zoë",
        "ann bob",
    ],
)
def test_names_with_marks_in_use_are_taken(client: TestClient, name: str) -> None:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text


def test_a_game_dealt_or_replayed_still_takes_a_name_from_before_the_rule() -> None:
    # only the server's new names must show; a stored table or a record made before the
    # rule replays as it was
    import scarab

    game = scarab.load("luxor")
    state = game.new_game(["ann", "\u3164"], seed=1)
    state.apply(state.legal_actions()[0])
    again = scarab.replay(scarab.read_record(scarab.write_record(state.record())))
    assert again.names == ("ann", "\u3164") and again.history() == state.history()


@pytest.mark.slow
def test_a_profile_lists_games_at_public_tables_only(client: TestClient) -> None:
    made = client.post("/api/players", json={"name": "alice"}).json()
    alice = {"X-Player-Key": made["key"]}
    shown = {}
    for public in (False, True):
        seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "random"}]
        spec = {"game": "luxor", "seats": seats, "public": public}
        t = client.post("/api/tables", json=spec, headers=alice).json()
        play_beside_bots(client, t)
        shown[public] = t["table"]
    profile = client.get(f"/api/players/{made['player']}/profile").json()
    assert [g["replay"] for g in profile["recent"]] == [f"/replay#table={shown[True]}"]
    assert profile["finished"] == {"luxor": 2}  # a count tells nothing of a private table


def test_a_seat_link_opened_by_a_player_becomes_theirs_in_my_tables(client: TestClient) -> None:
    """A friend invited by link who is a player here finds the table in My tables on every
    device; a second link at the same table, or a seat that has its player, stays as it is,
    and a key the server does not know does not keep a link from opening its seat."""
    ann = new_player(client, "ann")
    bob = new_player(client, "bob")
    t = my_table(client, ann["key"])  # ann's seat 0, a link for bob's seat 1
    listed = client.get("/api/players/me", headers=as_player(bob["key"])).json()["tables"]
    assert listed == []
    for key in ("not a key anyone has", bob["key"], bob["key"]):  # again: no change
        with client.websocket_connect(f"/ws/{t['table']}") as ws:
            ws.send_json({"type": "hello", "token": token(t, 1), "player": key})
            assert ws.receive_json()["seat"] == 1
    listed = client.get("/api/players/me", headers=as_player(bob["key"])).json()["tables"]
    assert [(e["table"], e["seat"]) for e in listed] == [(t["table"], 1)]
    by_key = client.get(f"/api/tables/{t['table']}", headers=as_player(bob["key"])).json()
    assert by_key["seat"] == 1  # his key alone opens it now, on any device
    with client.websocket_connect(f"/ws/{t['table']}") as ws:  # ann's own seat, bob's key
        ws.send_json({"type": "hello", "token": token(t, 0), "player": bob["key"]})
        assert ws.receive_json()["seat"] == 0
    seats = hub_of(client).tables[t["table"]].seats
    assert [s.player for s in seats] == [ann["player"], bob["player"]]


@pytest.mark.slow
def test_a_declined_seat_leaves_my_tables(client: TestClient) -> None:
    ann = new_player(client, "ann")
    bob = new_player(client, "bob")
    t = my_table(client, ann["key"], "pyramids")
    with client.websocket_connect(f"/ws/{t['table']}") as ws:
        ws.send_json({"type": "hello", "token": token(t, 1), "player": bob["key"]})
        ws.receive_json()
    finish(client, t, {0: token(t, 0), 1: token(t, 1)})
    new = client.post(
        f"/api/tables/{t['table']}/rematch", json={}, headers=as_player(ann["key"])
    ).json()["table"]
    mine = client.get("/api/players/me", headers=as_player(bob["key"])).json()["tables"]
    assert new in [e["table"] for e in mine]  # offered to him
    r = client.post(f"/api/tables/{new}/decline", json={}, headers=as_player(bob["key"]))
    assert r.status_code == 200, r.text
    mine = client.get("/api/players/me", headers=as_player(bob["key"])).json()["tables"]
    assert [e["table"] for e in mine] == [t["table"]]  # the game he played, not the one declined
