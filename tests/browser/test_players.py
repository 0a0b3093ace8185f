"""Players in the browser: a name in the lobby, a table of one's own, and the same player
opened on a second device with a one-time code, where My tables leads to the same seat."""

from __future__ import annotations

import contextlib
import json
import re
import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import (
    WATCH_SOCKET,
    Seat,
    api,
    make_table,
    page_in,
    seat_link,
    seat_state,
    shoot,
)

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


def quick_play(page: Any, game: str, players: int) -> None:
    """Quick play from the lobby: the page goes to the seat it was given."""
    page.select_option("#quick-game", game)
    page.select_option("#quick-players", str(players))
    page.click("#quick-play")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))


def become(page: Any, name: str) -> None:
    """Open the lobby and play as a new player of this name."""
    page.goto("/")
    page.fill("#player-name", name)
    page.click("#player-start")
    page.wait_for_selector("#player-me")


def second_person(browser: Any, base_url: str, *scripts: str) -> Any:
    """A browser context of its own (another person's), with the test's view of the socket
    and any other ``scripts`` run in each page."""
    other = browser.new_context(base_url=base_url, viewport={"width": 1280, "height": 900})
    for script in (WATCH_SOCKET, *scripts):
        other.add_init_script(script)
    return other


def ann_at_a_table_with_bob(page: Any, base_url: str) -> dict[str, Any]:
    """A Luxor table of two people, ann's seat open on ``page``."""
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )
    page.goto(seat_link(table, 0))
    Seat(page).wait_drawn()
    return table


def test_a_player_opens_their_account_and_their_table_on_a_second_device(
    page: Any, browser: Any, base_url: str
) -> None:
    become(page, "ann")
    assert page.locator("#player-me").inner_text() == "ann"
    assert page.locator(".seat-name").first.input_value() == "ann"
    page.select_option("#game", "luxor")
    page.select_option("#players", "2")
    page.locator(".seat-kind").nth(1).select_option("bot:greedy")
    page.click("#create")
    page.locator("#sit").wait_for()
    first = page.locator("#my-tables li").first  # listed at once, with no reload
    first.wait_for()
    assert "Luxor" in first.inner_text()
    page.click("#player-code-show")
    said = page.locator(".you .code")
    said.wait_for()
    code = re.search(r"[A-Z0-9]{4}-[A-Z0-9]{4}", said.inner_text())
    assert code is not None
    shoot(page, "player-code")

    other = second_person(browser, base_url)
    second = other.new_page()
    try:
        second.goto("/")
        second.fill("#player-code", code[0].lower())
        second.click("#player-claim")
        second.wait_for_selector("#player-me")
        assert second.locator("#player-me").inner_text() == "ann"
        link = second.locator("#my-tables li a").first
        link.wait_for()
        href = link.get_attribute("href")
        assert href is not None and "#seat=" not in href  # no seat token: the key finds the seat
        link.click()
        seat = Seat(second)
        m = seat.wait_drawn()
        assert m["seat"] == 0 and m["names"][0] == "ann"
        shoot(second, "player-second-device")
    finally:
        other.close()


def test_quick_play_makes_a_public_table_and_another_player_takes_its_seat_from_the_lobby(
    page: Any, browser: Any, base_url: str
) -> None:
    become(page, "ann")
    quick_play(page, "luxor", 2)
    first = Seat(page).wait_drawn()
    assert first["seat"] == 0 and first["names"][0] == "ann"
    table = first["table"]

    other = second_person(browser, base_url)
    second = other.new_page()
    try:
        become(second, "bob")
        take = second.locator(f'.take-seat[data-table="{table}"]')
        take.wait_for()
        shoot(second, "lobby-open-table")
        take.click()
        second.wait_for_url(re.compile(rf"/t/{table}#seat="))
        m = Seat(second).wait_drawn()
        assert m["seat"] == 1 and m["names"] == ["ann", "bob"]
        # ann's page hears of bob at once
        names = "() => [...document.querySelectorAll('#players li')].map((li) => li.textContent)"
        page.wait_for_function(f"() => ({names})().some((t) => t.includes('bob'))")
    finally:
        other.close()


def test_the_lobby_refreshes_its_open_tables_and_opens_your_own_seat(
    browser: Any, base_url: str
) -> None:
    """A seat someone else took goes from the list when taking it is refused, and every
    20 s while the lobby is seen; a table you sit at opens your seat rather than offer
    you another (the server would refuse it). (Its own context: the refusal is a
    failed request in the console.)"""
    context = second_person(browser, base_url)
    try:
        page = context.new_page()
        page.clock.install()
        become(page, "dee")
        lobby_keeps_up(page, base_url)
    finally:
        context.close()


def lobby_keeps_up(page: Any, base_url: str) -> None:
    """dee's lobby on ``page``, with eve's table to sit at and one of dee's own."""
    stored = json.loads(page.evaluate("() => localStorage.getItem('scarab.player')"))
    dee = {"X-Player-Key": stored["key"]}

    def someone(name: str) -> dict[str, str]:
        return {"X-Player-Key": api(base_url, "/api/players", {"name": name})["key"]}

    eve, fay, gus = someone("eve"), someone("fay"), someone("gus")
    four = [{"kind": "human", "me": True}, {"kind": "open"}, {"kind": "open"}]
    four.append({"kind": "bot", "level": "random"})
    theirs = api(base_url, "/api/tables", {"game": "horus", "public": True, "seats": four}, eve)
    mine = [{"kind": "open"}, {"kind": "human", "me": True}, {"kind": "bot", "level": "random"}]
    ours = api(base_url, "/api/tables", {"game": "horus", "public": True, "seats": mine}, dee)
    page.reload()
    take = page.locator(f'.take-seat[data-table="{theirs["table"]}"]')
    take.first.wait_for()
    assert [b.get_attribute("data-seat") for b in take.all()] == ["1", "2"]
    own = page.locator(".open-list li", has=page.locator("a.your-seat"))
    assert own.locator(".take-seat").count() == 0  # not another seat at dee's own table
    assert own.locator("a.your-seat").get_attribute("href") == f"/t/{ours['table']}"
    assert own.locator("a.your-seat").inner_text() == "open (your seat 2)"
    shoot(page, "lobby-your-seat")

    sit = f"/api/tables/{theirs['table']}/sit"
    api(base_url, sit, {"seat": 1}, fay)
    take.first.click()  # the list still offers it: refused, and read again
    page.locator("#open-tables p.error").wait_for()
    page.wait_for_function(
        "(t) => [...document.querySelectorAll(`.take-seat[data-table='${t}']`)]"
        ".map((b) => b.dataset.seat).join() === '2'",
        arg=theirs["table"],
    )
    api(base_url, sit, {"seat": 2}, gus)  # the table is full: it leaves the lobby
    page.clock.run_for(21_000)
    take.first.wait_for(state="detached")
    # dee's open seat goes to a bot: no other test finds the table to sit at
    token = {"X-Seat-Token": ours["seats"][1]["token"]}
    api(base_url, f"/api/tables/{ours['table']}/fill", {"seat": 0, "level": "random"}, token)


def test_chat_between_two_seats_is_text_and_can_be_muted(
    page: Any, browser: Any, base_url: str
) -> None:
    table = ann_at_a_table_with_bob(page, base_url)
    other = second_person(browser, base_url)
    bob = other.new_page()
    try:
        bob.goto(seat_link(table, 1))
        Seat(bob).wait_drawn()
        page.fill("#chat-text", "<b>good luck</b> & have fun")
        page.click("#chat-send")
        line = bob.locator("#chat li").first
        line.wait_for()
        assert line.inner_text() == "ann: <b>good luck</b> & have fun"  # shown as text
        assert bob.locator("#chat b").count() == 0  # no markup made it in
        shoot(bob, "chat-received")
        bob.check("#chat-mute")
        assert not bob.locator("#chat").is_visible()
        bob.reload()  # muting is remembered
        Seat(bob).wait_drawn()
        assert bob.locator("#chat-mute").is_checked() and not bob.locator("#chat").is_visible()
    finally:
        other.close()


# The page's socket holds each chat history back until the test lets it through.
HOLD_HISTORY = """
(() => {
  const held = [];
  window.__history = { held, release: () => { for (const pass of held.splice(0)) pass(); } };
  const Base = window.WebSocket;
  window.WebSocket = class extends Base {
    addEventListener(type, listener, options) {
      if (type !== "message") return super.addEventListener(type, listener, options);
      const hold = (event) => {
        const pass = () => listener.call(this, event);
        if (JSON.parse(event.data).type === "chat_history") held.push(pass);
        else pass();
      };
      return super.addEventListener(type, hold, options);
    }
  };
})();
"""


def test_a_line_said_before_the_history_reaches_the_page_is_shown_after_the_older_lines(
    page: Any, browser: Any, base_url: str
) -> None:
    table = ann_at_a_table_with_bob(page, base_url)
    page.fill("#chat-text", "one")
    page.click("#chat-send")
    page.locator("#chat li").first.wait_for()
    other = second_person(browser, base_url, HOLD_HISTORY)
    bob = other.new_page()
    try:
        bob.goto(seat_link(table, 1))
        Seat(bob).wait_drawn()
        bob.wait_for_function("() => window.__history.held.length > 0")  # "one", held
        page.fill("#chat-text", "two")
        page.click("#chat-send")
        bob.locator("#chat li").first.wait_for()  # "two" is shown first
        bob.evaluate("() => window.__history.release()")  # drawn before it returns
        assert bob.locator("#chat li").all_inner_texts() == ["ann: one", "ann: two"]
        shoot(bob, "chat-history-after-a-live-line")
    finally:
        other.close()


def test_the_tab_title_counts_the_tables_waiting_for_the_player(page: Any, base_url: str) -> None:
    become(page, "ann")
    key = page.evaluate("() => JSON.parse(localStorage.getItem('scarab.player')).key")
    seats = [{"kind": "human", "me": True}, {"kind": "human", "name": "bob"}]
    waiting = 0
    for _ in range(12):  # who starts is dealt: make tables until two wait for ann
        api(base_url, "/api/tables", {"game": "luxor", "seats": seats}, {"X-Player-Key": key})
        mine = api(base_url, "/api/players/me", headers={"X-Player-Key": key})["tables"]
        waiting = sum(1 for t in mine if t["your_turn"])
        if waiting >= 2:
            break
    assert waiting >= 2
    page.reload()
    page.wait_for_function(f"() => document.title.startsWith('({waiting}) ')")


def test_a_player_has_a_profile_page_and_the_lobby_a_leaderboard(page: Any) -> None:
    become(page, "ann")
    page.locator("#leaderboard").get_by_text("No rated game of it yet.").wait_for()
    page.click("#player-profile")
    page.wait_for_selector("#profile h2")
    assert page.locator("#profile h2").inner_text() == "ann"
    assert "No rated game yet." in page.locator("#profile").inner_text()
    shoot(page, "player-profile")


def finished_table(base_url: str) -> dict[str, Any]:
    """A Pyramids table of ann and bob, played out through the API (first legal action)."""
    table = make_table(
        base_url, "pyramids", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )
    m = seat_state(base_url, table, 0)
    for _ in range(500):  # an act's answer is the actor's state: asked again only on a change
        current = m["current"]
        if current is None:
            break
        if m["seat"] != current:
            m = seat_state(base_url, table, current)
        body = {
            "token": table["seats"][current]["token"],
            "action": m["legal"][0]["action"],
            "version": m["version"],
        }
        m = api(base_url, f"/api/tables/{table['table']}/act", body)
    return table


@contextlib.contextmanager
def rematch_offered(page: Any, browser: Any, base_url: str) -> Iterator[Any]:
    """ann and bob at a finished table; ann offers a rematch and her page opens her seat
    there; bob's page (another person's browser) is still at the finished table."""
    table = finished_table(base_url)
    page.goto(seat_link(table, 0))
    assert Seat(page).wait_drawn()["over"]
    assert page.locator("#actions").inner_text().strip() == "The game is over."
    other = second_person(browser, base_url)
    try:
        bob = other.new_page()
        bob.goto(seat_link(table, 1))
        Seat(bob).wait_drawn()
        page.click("#rematch")
        page.wait_for_url(re.compile(r"/t/(?!" + table["table"] + r")[^#]+#seat="))
        yield bob
    finally:
        other.close()


def test_a_rematch_is_offered_with_one_click_and_joined_from_the_other_seat(
    page: Any, browser: Any, base_url: str
) -> None:
    with rematch_offered(page, browser, base_url) as bob:
        mine = Seat(page).wait_drawn()
        assert mine["names"] == ["bob", "ann"] and mine["seat"] == 1  # one place on
        bob.click("#rematch-join")  # bob's page heard of the rematch
        bob.wait_for_url(re.compile(rf"/t/{mine['table']}#seat="))
        assert Seat(bob).wait_drawn()["seat"] == 0


def test_a_declined_rematch_is_no_longer_offered_to_join(
    page: Any, browser: Any, base_url: str
) -> None:
    with rematch_offered(page, browser, base_url) as bob:
        bob.click("#rematch-decline")
        bob.wait_for_selector("#rematch-watch")  # a bot plays his seat: he may watch it
        assert bob.locator("#rematch-join").count() == 0
        bob.reload()
        bob.wait_for_selector("#rematch-watch")  # and so after a reload
        assert bob.locator("#rematch-join").count() == 0
        shoot(bob, "rematch-declined")
        assert page.locator("#rematch-watch").count() == 0  # ann still plays it


def test_the_maker_fills_an_open_seat_with_a_bot_from_the_table(page: Any) -> None:
    become(page, "ann")
    quick_play(page, "luxor", 2)
    Seat(page).wait_drawn()
    page.select_option("#fill-level", "greedy")
    page.click("#fill")
    names = "() => [...document.querySelectorAll('#players li')].map((li) => li.textContent)"
    # named by the page as a new table's seats are: its level, then its seat's number
    page.wait_for_function(f"() => ({names})().some((t) => t.includes('greedy bot 2'))")
    assert page.locator("#fill").count() == 0  # no open seat left


def test_the_maker_starts_with_the_players_seated_and_the_open_seat_goes(
    page: Any, base_url: str
) -> None:
    become(page, "ann")
    quick_play(page, "luxor", 3)
    m = Seat(page).wait_drawn()
    bob = api(base_url, "/api/players", {"name": "bob"})
    free = next(i for i, s in enumerate(m["seats"]) if s["kind"] == "open")
    api(base_url, f"/api/tables/{m['table']}/sit", {"seat": free}, {"X-Player-Key": bob["key"]})
    page.locator("#start-now").wait_for()
    assert page.locator("#start-now").inner_text() == "Start now with 2 players"
    page.click("#start-now")
    page.wait_for_function("() => document.querySelectorAll('#players li').length === 2")
    assert page.locator("#start-now").count() == 0 and page.locator("#fill").count() == 0
    assert sorted(Seat(page).state()["names"]) == ["ann", "bob"]
    shoot(page, "started-with-two")


def test_a_name_of_40_characters_ending_in_an_emoji_is_kept_whole(page: Any) -> None:
    """The server counts characters; the browser's input counts an emoji as two units, so
    it must not cut such a name short (a name too long is the server's to refuse)."""
    name = "a" * 39 + "\U0001f40d"  # 40 characters, 41 UTF-16 units
    become(page, name)
    me = json.loads(page.evaluate("() => localStorage.getItem('scarab.player')"))
    assert me["name"] == name
    assert page.locator("#player-me").inner_text().strip().startswith(name)


def test_a_friend_who_is_a_player_finds_a_seat_opened_by_link_in_my_tables(
    page: Any, browser: Any, base_url: str
) -> None:
    """Bob, a player on his own browser, opens the seat link ann sent him: the table is
    then in his My tables (from the server, so on every device too)."""
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )
    with contextlib.closing(second_person(browser, base_url)) as other:
        bob = other.new_page()
        become(bob, "bob")
        assert bob.locator("#my-tables li").count() == 0
        bob.goto(seat_link(table, 1))
        Seat(bob).wait_drawn()
        bob.goto("/")
        entry = bob.locator("#my-tables li").first
        entry.wait_for()
        assert "Luxor" in entry.inner_text()
        shoot(bob, "players-link-opened-by-a-player")


def test_the_maker_gives_the_seat_of_a_friend_who_never_came_to_a_bot(
    page: Any, base_url: str
) -> None:
    """A table waiting on a person who has not come (a rematch nobody answered): its maker
    is offered to give that seat to a bot, asked first, and the game goes on."""
    table = ann_at_a_table_with_bob(page, base_url)
    for _ in range(40):  # ann plays until the table waits on bob
        m = seat_state(base_url, table, 0)
        if m["current"] == 1:
            break
        body = {"token": table["seats"][0]["token"], "action": m["legal"][0]["action"]}
        api(base_url, f"/api/tables/{table['table']}/act", {**body, "version": m["version"]})
    page.locator("#fill").wait_for()
    said = page.locator("div.seat-row", has=page.locator("#fill")).inner_text()
    assert "bob has not come" in said and "Give the seat to a bot" in said
    asked: list[str] = []
    page.on("dialog", lambda dialog: (asked.append(dialog.message), dialog.accept()))
    page.click("#fill")
    page.wait_for_function("() => window.__scarab.last.seats[1].kind === 'bot'")
    assert asked and "bob" in asked[0]
    shoot(page, "players-missing-friend-given-to-a-bot")
    wait = "() => window.__scarab.last.current === 0 || window.__scarab.last.over"
    page.wait_for_function(wait)  # the bot played bob's turn


def test_a_player_who_opens_their_tables_watch_link_sees_what_a_watcher_sees(
    page: Any, base_url: str
) -> None:
    """A streamer's screen: the table's watch link shows the watchers' view even in the
    browser of a player who sits there (their key alone opens their seat at /t/<id>)."""
    become(page, "ann")
    key = json.loads(page.evaluate("() => localStorage.getItem('scarab.player')"))["key"]
    seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "random"}]
    made = api(base_url, "/api/tables", {"game": "luxor", "seats": seats}, {"X-Player-Key": key})
    assert made["watch"] == f"/t/{made['table']}#watch"
    page.goto(f"/t/{made['table']}")
    assert Seat(page).wait_drawn()["seat"] == 0  # her seat, by her key
    page.goto(made["watch"])  # the fragment alone changes: the page opens it again
    page.wait_for_function("() => window.__scarab.last && window.__scarab.last.seat === null")
    watched = Seat(page).wait_drawn()
    assert watched["seat"] is None and watched["legal"] == []
    assert watched["view"] == api(base_url, f"/api/tables/{made['table']}")["view"]


def test_the_lobby_lists_games_being_played_with_a_link_to_watch(page: Any, base_url: str) -> None:
    """A stranger finds a public game whose seats are all taken, and watches it."""
    seats = [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "random"}]
    made = api(base_url, "/api/tables", {"game": "horus", "seats": seats, "public": True})
    page.goto("/")
    link = page.locator(f'#playing-list a[href="/t/{made["table"]}#watch"]')
    link.wait_for()
    shoot(page, "lobby-games-being-played")
    link.click()
    watched = Seat(page).wait_drawn()
    assert watched["seat"] is None and watched["table"] == made["table"]


def test_a_refused_decline_says_why_beside_the_button(
    page: Any, browser: Any, base_url: str
) -> None:
    """Bob has played at the rematch (by his link, elsewhere): Decline on the finished
    table is refused, and the reason shows beside the button, not at the page's top."""
    with rematch_offered(page, browser, base_url) as bob:
        new = Seat(page).wait_drawn()["table"]
        bob_token = re.sub(r".*#seat=", "", bob.url)
        for _ in range(20):  # bob (seat 0 there, one place on) plays a move of his own
            m = api(base_url, f"/api/tables/{new}", headers={"X-Seat-Token": bob_token})
            if m["legal"]:
                act = {
                    "token": bob_token,
                    "action": m["legal"][0]["action"],
                    "version": m["version"],
                }
                api(base_url, f"/api/tables/{new}/act", act)
                break
            time.sleep(0.2)
        bob.click("#rematch-decline")
        said = bob.locator("#rematch-refused")
        said.wait_for()
        assert "the game is on for you" in said.inner_text()
        assert bob.locator("#rematch-join").count() == 1  # his seat is still his


def a_table_waiting_for(base_url: str, key: str) -> str:
    """A Luxor table of the player's and bob's where it is the player's turn (who starts is
    dealt: tables are made until one is); its id."""
    seats = [{"kind": "human", "me": True}, {"kind": "human", "name": "bob"}]
    for _ in range(12):
        made = api(base_url, "/api/tables", {"game": "luxor", "seats": seats}, as_key(key))
        mine = api(base_url, "/api/players/me", headers=as_key(key))["tables"]
        if any(t["table"] == made["table"] and t["your_turn"] for t in mine):
            return str(made["table"])
    raise AssertionError("no table of 12 began with the player's turn")


def as_key(key: str) -> dict[str, str]:
    return {"X-Player-Key": key}


def test_the_tab_count_starts_when_a_code_is_used_and_stops_when_the_player_is_forgotten(
    page: Any, base_url: str
) -> None:
    """The count (and the turn notifications) started only at the next page load: the
    title read "Scarab" after a code opened a player with tables waiting."""
    ann = api(base_url, "/api/players", {"name": "ann"})
    a_table_waiting_for(base_url, ann["key"])
    code = api(base_url, "/api/players/me/code", {}, as_key(ann["key"]))["code"]
    page.goto("/")
    page.wait_for_selector("#player-claim")
    assert page.title() == "Scarab"
    page.fill("#player-code", code)
    page.click("#player-claim")
    page.wait_for_selector("#player-me")
    page.wait_for_function("() => document.title === '(1) Scarab'", timeout=5000)
    page.click("#player-forget")
    page.wait_for_selector("#player-claim")
    page.wait_for_function("() => document.title === 'Scarab'", timeout=5000)


def test_the_tab_count_drops_as_soon_as_the_player_has_moved(page: Any, base_url: str) -> None:
    """The count was looked at every 30 s: after the player's move the title read
    "(1) Luxor · Scarab" though nothing waited for them."""
    become(page, "ann")
    key = page.evaluate("() => JSON.parse(localStorage.getItem('scarab.player')).key")
    table = a_table_waiting_for(base_url, key)
    page.goto(f"/t/{table}")
    seat = Seat(page)
    seat.wait_drawn()
    page.wait_for_function("() => document.title === '(1) ● Your turn · Scarab'")
    m = seat.wait_decision()
    for _ in range(20):  # a turn may take more than one decision
        seat.act_from_list(m["legal"][0]["action"])
        m = seat.state()
        if m["current"] != m["seat"]:
            break
        m = seat.wait_decision()
    assert seat.state()["current"] != 0
    page.wait_for_function("() => document.title === 'Luxor · Scarab'", timeout=5000)


def test_my_tables_say_whose_turn_and_when_made_and_come_first_on_a_phone(
    browser: Any, base_url: str
) -> None:
    """Two tables of the same seats read alike ("Luxor: ann, bob — waiting"), and on a
    phone the list sat below the whole New table form: each entry says whose turn it is
    and when the table was made, and with games under way the list comes first."""
    ann = api(base_url, "/api/players", {"name": "ann"})
    seats = [{"kind": "human", "me": True}, {"kind": "human", "name": "bob"}]
    for _ in range(2):
        api(base_url, "/api/tables", {"game": "luxor", "seats": seats}, as_key(ann["key"]))
    mine = api(base_url, "/api/players/me", headers=as_key(ann["key"]))["tables"]
    with page_in(browser, base_url, "es-ES", width=390, height=844) as phone:
        phone.goto("/")
        phone.evaluate(
            "(me) => localStorage.setItem('scarab.player', JSON.stringify(me))",
            {"player": ann["player"], "name": "ann", "key": ann["key"]},
        )
        phone.reload()
        rows = phone.locator("#my-tables > li")
        rows.nth(1).wait_for()
        for row, entry in zip(rows.all(), mine, strict=True):
            text = row.inner_text()
            turn = "tu turno" if entry["your_turn"] else "turno de bob"
            assert text.startswith(f"Luxor: ann, bob — {turn}\ncreada el "), text
            made = phone.evaluate(
                "(s) => new Intl.DateTimeFormat('es', {month: 'short', day: 'numeric',"
                " hour: 'numeric', minute: '2-digit'}).format(new Date(s * 1000))",
                entry["created"],
            )
            assert text.endswith(made), (text, made)
        order = phone.evaluate(
            "() => [...document.querySelectorAll('.lobby > *')].map((e) => e.id || e.className)"
        )
        assert order.index("mine") < order.index("card new-table"), order
        shoot(phone, "lobby-phone-my-tables-first")
    with page_in(browser, base_url, width=390, height=844) as guest:  # nothing under way
        guest.goto("/")
        guest.locator("#mine").get_by_text("Tables you create or join appear here.").wait_for()
        order = guest.evaluate(
            "() => [...document.querySelectorAll('.lobby > *')].map((e) => e.id || e.className)"
        )
        assert order.index("mine") > order.index("card new-table"), order


def test_a_guests_finished_table_links_to_the_rematch_waiting_for_them(
    page: Any, browser: Any, base_url: str
) -> None:
    """A guest's My tables said "finished" while the rematch waited for them: it says a
    rematch is ready, linked with their seat's token (as Join it opens it), until they
    decline it."""
    with rematch_offered(page, browser, base_url) as bob:
        new = Seat(page).wait_drawn()
        old = bob.url
        token = re.search(r"#seat=(.+)$", old)
        assert token is not None
        bob.goto("/")
        ready = bob.locator("ul.mine a.rematch-ready")
        ready.wait_for()
        assert ready.get_attribute("href") == f"/t/{new['table']}#seat={token[1]}"
        turn = "your turn" if new["current"] == 0 else "ann to play"  # bob's seat there is 0
        row = bob.locator("ul.mine > li").first
        assert f"bob (you) — finished · rematch ready: {turn}\nmade " in row.inner_text()
        shoot(bob, "lobby-guest-rematch-ready")
        bob.goto(old)
        bob.click("#rematch-decline")
        bob.wait_for_selector("#rematch-watch")
        bob.goto("/")
        row.wait_for()
        assert "bob (you) — finished\nmade " in row.inner_text()
        assert bob.locator("ul.mine a.rematch-ready").count() == 0
