"""The lobby's "My tables", a reload in the middle of a game, and the replay viewer."""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import scarab
from scarab import i18n
from tests.browser.conftest import (
    Seat,
    api,
    artifacts_dir,
    log_texts,
    make_table,
    page_in,
    seat_link,
    seat_state,
    shoot,
    wait_until,
)

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


def test_my_tables_lists_the_makers_own_seat_and_keeps_the_others_links_apart(page: Any) -> None:
    """The maker's My tables listed a friend's seat as theirs to open ("as bob"): it lists
    the maker's seat, and folds the links made for the others under it (to send again,
    or to open, for someone playing every seat on one device)."""
    page.goto("/")
    mine = page.locator("section.card", has_text="My tables")
    mine.get_by_text("Tables you create or join appear here.").wait_for()
    page.select_option("#game", "horus")
    page.select_option("#players", "2")
    page.locator(".seat-name").nth(0).fill("ann")
    page.locator(".seat-kind").nth(1).select_option("human")
    page.locator(".seat-name").nth(1).fill("bob")
    page.click("#create")
    links = page.locator(".seat-link")
    links.nth(1).wait_for()
    assert links.count() == 2
    hrefs = [links.nth(i).get_attribute("href") for i in range(2)]
    table_id = re.fullmatch(r"/t/([^#]+)#seat=.+", hrefs[0] or "")
    assert table_id, hrefs
    assert page.locator("#sit").get_attribute("href") == hrefs[0]

    def listed() -> tuple[list[str], list[str | None]]:
        rows = page.locator("ul.mine > li")
        rows.first.wait_for()
        others = rows.locator("details.others a.link")
        return rows.all_inner_texts(), [
            others.nth(i).get_attribute("href") for i in range(others.count())
        ]

    page.reload()
    texts, others = listed()
    assert len(texts) == 1, texts
    assert "The Adventurers" in texts[0] and "ann (you), bob — " in texts[0], texts
    assert page.locator("ul.mine > li > a").get_attribute("href") == hrefs[0]
    assert others == [hrefs[1]]
    summary = page.locator("ul.mine details.others summary")
    assert summary.inner_text() == "Links to send the others"
    summary.click()
    assert (
        page.locator("ul.mine details.others")
        .get_by_role("button", name="Copy bob's link")
        .is_visible()
    )
    shoot(page, "lobby-my-tables")

    # playing every seat here: bob's link opens his seat, and stays among the others' links
    page.locator("ul.mine details.others a.link").click()
    seat = Seat(page)
    m = seat.wait_drawn()
    assert m["table"] == table_id[1] and m["names"][m["seat"]] == "bob"
    page.goto("/")
    texts, others = listed()
    assert len(texts) == 1 and "ann (you), bob — " in texts[0], texts
    assert others == [hrefs[1]]


def test_a_reload_mid_game_resumes_the_same_table(page: Any, base_url: str) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    seat.wait_drawn()
    for _ in range(2):
        m = seat.wait_decision()
        seat.act_from_list(m["legal"][0]["action"])
    before = seat.wait_decision()
    url = page.url
    log = log_texts(page)
    assert any(line.startswith("ann") for line in log), log
    lines = page.locator("#log li")  # oldest first, under the heading of their round
    assert lines.first.inner_text() == "Round 1"
    assert lines.nth(1).inner_text().strip() == log[0]
    status = page.locator(".status").inner_text()

    page.evaluate("() => { window.__before_reload = true; }")
    page.reload()
    again = Seat(page)
    assert page.evaluate("() => window.__before_reload") is None  # a fresh page
    again.wait_drawn()
    after = again.wait_decision()
    assert page.url == url
    assert after["table"] == before["table"] and after["seat"] == 0
    assert after["view"] == before["view"]
    assert after["legal"] == before["legal"]
    assert log_texts(page) == log
    assert page.locator(".status").inner_text() == status
    shoot(page, "reload-resumed")

    # still playable: a further move goes through
    action = after["legal"][0]["action"]
    again.act_from_list(action)
    page.wait_for_function("(n) => document.querySelectorAll('#log li').length > n", arg=len(log))
    assert log_texts(page) != log


def test_the_replay_viewer_steps_through_an_uploaded_record(
    page: Any, browser: Any, base_url: str, tmp_path: Path
) -> None:
    # a finished game: two bots play it out on the server
    table = make_table(
        base_url,
        "luxor",
        [{"kind": "bot", "level": "greedy", "name": "ra"}, {"kind": "bot", "level": "random"}],
    )

    def over() -> bool:
        found = api(base_url, "/api/tables/summaries", {"tables": [table["table"]]})["tables"]
        return bool(found and found[0]["over"])

    wait_until(over, "the bots to finish their game", timeout=60)
    text = api(base_url, f"/api/tables/{table['table']}/record")
    record = scarab.read_record(text)
    total = len(record.moves)
    path = tmp_path / "game.txt"
    path.write_text(text)

    page.goto("/replay")
    page.set_input_files("#record-file", str(path))
    ply_text = page.locator("#ply-text")
    ply_text.wait_for()
    assert ply_text.inner_text().strip() == f"move 0 of {total}"
    final = scarab.replay(record)
    scores = "-".join(map(str, final.scores()))
    won = " and ".join(record.players[w] for w in final.winners())
    heading = f"Luxor: {', '.join(record.players)} · {scores}, won by {won}"
    assert page.locator(".replay h2").inner_text() == heading
    page.locator(".replay .board > *").first.wait_for()
    for ply in (1, 2):
        page.click("#next")
        page.wait_for_function(
            "(t) => document.getElementById('ply-text').textContent.trim() === t",
            arg=f"move {ply} of {total}",
        )
    seat, action = record.moves[1]
    line = page.locator("#last-move").inner_text()  # in words, as the table's log says it
    assert line.startswith(f"last move: {record.players[seat]}") and action not in line
    assert page.locator("#ply").input_value() == "2"
    shoot(page, "replay-viewer")
    page.click("#prev")
    page.wait_for_function(
        "(t) => document.getElementById('ply-text').textContent.trim() === t",
        arg=f"move 1 of {total}",
    )

    # the finished table's own replay link opens the same record (from another page:
    # the viewer reads the hash when it loads, and a new hash alone loads nothing)
    page.goto("/")
    page.goto(f"/replay#table={table['table']}")
    page.wait_for_function(
        "(t) => (document.getElementById('ply-text') || {}).textContent?.trim() === t",
        arg=f"move 0 of {total}",
    )

    # a reader of Portuguese reads the result in Portuguese (the record's tag is English)
    context = browser.new_context(base_url=base_url, locale="pt-BR")
    try:
        pt = context.new_page()
        pt.goto(f"/replay#table={table['table']}")
        pt.locator(".replay h2").wait_for()
        won_pt = " e ".join(record.players[w] for w in final.winners())
        assert pt.locator(".replay h2").inner_text().endswith(f"· {scores}, vitória de {won_pt}")
    finally:
        context.close()


def test_a_message_about_an_old_position_goes_once_anyone_moves(page: Any, base_url: str) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    m = seat.wait_decision()
    seat.click(seat.hit("space-30"))  # nothing of ann's can get there
    message = page.locator("#message")
    assert "space 30" in message.inner_text()
    shown = [e["action"] for e in m["legal"] if seat.list_button(e["action"]).count()]
    seen = seat.probe()["seen"]
    seat.list_button(shown[0]).click()  # a plain click: the test's helpers clear messages
    page.wait_for_function("(n) => window.__scarab.seen > n", arg=seen)
    assert message.inner_text() == ""  # at once, not when the message times out


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_the_hint_button_marks_the_hint_bots_top_actions_on_the_board(
    page: Any, base_url: str, game: str
) -> None:
    table = make_table(
        base_url, game, [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    m = seat.wait_decision()
    while len(m["legal"]) < 2:  # a forced move has nothing to suggest
        seat.act_from_list(m["legal"][0]["action"])
        m = seat.wait_decision()
    page.click("#hint")
    page.wait_for_function("() => document.querySelector('#board [data-hint=\"1\"]') !== null")
    said = page.locator("#message").inner_text()
    assert "bot suggests: 1." in said
    # a first-time player read "(26%)" as nothing: the hint says what its percentages are
    assert re.search(r"\(\d+%\)", said) and said.endswith(
        "Each % rates that move for you: the bot's rough guess at your chance to win, good for "
        "comparing the moves."
    )
    best = page.locator('#actions button.action[data-hint="1"]')
    assert best.count() == 1 and best.get_attribute("data-action") in {
        e["action"] for e in m["legal"]
    }
    # each is named as the list names it, by its notation first (a Pyramids mark's words
    # name only the symbols it reaches)
    assert f"bot suggests: 1. {best.get_attribute('data-action')}" in said
    # the badge before it comes from the catalogue (it was "hint 1" in every language)
    assert best.get_attribute("data-hint-label") == "hint 1"
    badge = "(el) => getComputedStyle(el, '::before').content"
    assert best.evaluate(badge) == '"hint 1 "'
    shoot(page, f"{game}-hint")


def test_the_last_move_is_marked_on_the_board_whoever_made_it(page: Any, base_url: str) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    m = seat.wait_decision()
    moves = [e for e in m["legal"] if e["fields"]["verb"] == "move"]
    seat.act_from_list((moves or m["legal"])[0]["action"])
    seat.wait_decision()  # the bot has answered
    page.wait_for_selector("#board [data-last]")  # the board is drawn just after the decision
    marked = page.locator("#board [data-last]")
    assert marked.count() >= 1
    assert all(
        s.startswith("space-") for s in marked.evaluate_all("l => l.map(e => e.dataset.spot)")
    )
    shoot(page, "luxor-last-move")


def test_a_laptop_screen_shows_board_hand_and_actions_and_a_phone_one_column(
    browser: Any, base_url: str
) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    link = seat_link(table, 0)

    def box(pg: Any, selector: str) -> dict[str, float]:
        found = pg.locator(selector).first.bounding_box()
        assert found is not None, selector
        return found  # type: ignore[no-any-return]

    for width, height in ((1280, 800), (390, 844)):
        context = browser.new_context(
            base_url=base_url, viewport={"width": width, "height": height}
        )
        pg = context.new_page()
        pg.goto(link)
        pg.wait_for_selector('#board [data-hit="card-L"]')
        if width == 1280:  # everything needed to play, without scrolling
            for selector in (
                '#board [data-hit="card-L"]',
                '#board [data-spot="space-1"]',
                '#board [data-spot="space-19"]',
                "#actions button.action",
            ):
                b = box(pg, selector)
                assert b["y"] >= 0 and b["y"] + b["height"] <= height, (selector, b)
            assert pg.get_by_text("Your turn").count() == 1  # said once
            shoot(pg, "luxor-1280x800")
        else:  # one column: the side panel under the board, nothing wider than the screen
            assert (
                box(pg, "aside.side")["y"] >= box(pg, "#board")["y"] + box(pg, "#board")["height"]
            )
            assert pg.evaluate("() => document.documentElement.scrollWidth") <= width
            shoot(pg, "luxor-390x844")
        context.close()


def test_a_log_entrys_why_opens_the_clause_behind_it(page: Any, base_url: str) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    m = seat.wait_decision()
    seat.act_from_list(m["legal"][0]["action"])
    seat.wait_decision()
    first = seat.state()["log"][0]
    assert first["clauses"], first
    page.locator("#log button.why").first.click()
    target = page.locator("#rules .why-target").first
    target.wait_for()
    assert page.locator("#rules").get_attribute("open") is not None
    assert target.get_attribute("id") in {f"rule-{c}" for c in first["clauses"]}
    shoot(page, "log-why")


def test_a_lost_connection_is_shown_until_the_page_is_back(browser: Any, base_url: str) -> None:
    """The page says it is reconnecting for as long as it is (it went on saying "Your
    turn."), and tries again at once when the network comes back."""
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    routes: list[Any] = []
    down = {"now": False}

    def handler(ws: Any) -> None:
        if down["now"]:
            ws.close()
            return
        ws.connect_to_server()
        routes.append(ws)

    context = browser.new_context(base_url=base_url)  # the refused sockets log console errors
    try:
        page = context.new_page()
        page.route_web_socket(re.compile(r"/ws/"), handler)
        page.goto(seat_link(table, 0))
        page.locator("#board > *").first.wait_for()
        offline = page.locator("#offline")
        assert offline.is_hidden()
        down["now"] = True
        routes[-1].close()
        offline.wait_for(state="visible")
        page.wait_for_timeout(4000)  # tries at 0.5, 1.5 and 3.5 s: the next one is 4 s off
        assert offline.is_visible()
        down["now"] = False
        page.evaluate("() => window.dispatchEvent(new Event('online'))")
        offline.wait_for(state="hidden", timeout=2000)
    finally:
        context.close()


def test_a_link_that_holds_no_seat_says_to_ask_the_host_and_offers_to_watch(
    page: Any, base_url: str
) -> None:
    """It showed the refusal above an empty table (players, log, chat): now the page says
    what to do alone, with a way to watch the real table and one back to the tables."""
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(f"/t/{table['table']}#seat=bogus")
    gone = page.locator("#gone")
    gone.wait_for()  # it stays (it cleared to a blank page once)
    assert gone.locator("h2").inner_text() == "This link holds no seat"
    assert "Ask the host, who made the table, to send you your link again" in gone.inner_text()
    assert page.locator("#watch-instead").get_attribute("href") == f"/t/{table['table']}"
    assert page.locator("#back-to-tables").get_attribute("href") == "/"
    assert page.locator("#players, #log, .chat-box").count() == 0
    shoot(page, "bad-seat-link")
    page.click("#watch-instead")  # the table, watched
    Seat(page).wait_drawn()
    assert page.locator(".status").is_visible()


def test_a_link_to_no_table_says_so_alone_with_the_way_back(page: Any) -> None:
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/t/no-such-table#seat=bogus")
    gone = page.locator("#gone")
    gone.wait_for()
    assert gone.locator("h2").inner_text() == "No such table"
    assert gone.inner_text().count("There is no table at this link.") == 1
    assert page.locator("#watch-instead").count() == 0  # no table to watch
    assert page.locator("#back-to-tables").get_attribute("href") == "/"
    assert page.locator("#players, #log, .chat-box, #board").count() == 0
    shoot(page, "no-table-link-390")


def test_a_keyboard_player_keeps_focus_in_the_action_list_from_move_to_move(
    page: Any, base_url: str
) -> None:
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    seat.wait_decision()
    page.locator("#actions button.action").first.focus()
    on_action = "() => !!document.activeElement?.matches('#actions button.action')"
    for _ in range(4):  # Enter plays the focused action; focus comes back with the next list
        seen = seat.probe()["seen"]
        page.keyboard.press("Enter")
        page.wait_for_function("(n) => window.__scarab.seen > n", arg=seen)
        if seat.wait_decision()["over"]:
            break
        page.wait_for_function(on_action)  # it fell to the page's body after every move


def test_the_log_says_which_moves_the_zombie_played_for_a_seat_that_left(
    page: Any, browser: Any, base_url: str
) -> None:
    """Pyramids' setup: the seat keeping two cards leaves for good, and the zombie keeps
    two for it. Each page's log says so on that line, in its reader's language (it read
    "Ana keeps 46, 47" as if Ana had chosen)."""
    names = ["Ana", "Bia"]
    table = make_table(base_url, "pyramids", [{"kind": "human", "name": n} for n in names])
    first = seat_state(base_url, table, 0)["current"]
    other = 1 - first
    page.goto(seat_link(table, first))
    Seat(page).wait_drawn()
    with page_in(browser, base_url, "pt-BR") as theirs:
        theirs.goto(seat_link(table, other))
        Seat(theirs).wait_drawn()
        page.on("dialog", lambda dialog: dialog.accept())
        page.click("#leave")
        for pg, lang in ((page, "en"), (theirs, "pt")):
            by = pg.locator("#log .by").first
            by.wait_for()
            level = i18n.text(lang, "ui.level.greedy")
            args = {"level": level, "who": names[first]}
            assert by.inner_text() == f"({i18n.text(lang, 'ui.log.by_zombie_left', args)})"
            line = pg.locator("#log li", has=pg.locator(".by")).inner_text()
            assert line.startswith(f"{names[first]}:"), line
            shoot(pg, f"log-zombie-{lang}")
        gone = theirs.locator("#players li").nth(first)  # a bot's seat now, not "online"
        expect_text = i18n.text("pt", "ui.seat.left")
        theirs.wait_for_function(
            "([i, t]) => document.querySelectorAll('#players li')[i].textContent.includes(t)",
            arg=[first, expect_text],
        )
        assert i18n.text("pt", "ui.seat.online") not in gone.inner_text()
        theirs.set_viewport_size({"width": 390, "height": 844})
        theirs.locator("#log .by").scroll_into_view_if_needed()
        theirs.screenshot(path=str(artifacts_dir() / "log-zombie-pt-390.png"))


def test_a_long_turn_timer_reads_in_hours_and_minutes_in_the_readers_language(
    browser: Any, base_url: str
) -> None:
    """A 1-day timer read "1439:48 left": beyond an hour it reads in hours and minutes,
    beyond a day in days and hours, and in the page's language."""
    for timer, lang, locale in ((86400, "en", "en-US"), (3 * 86400, "pt", "pt-BR")):
        seats = [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
        made = api(base_url, "/api/tables", {"game": "luxor", "seats": seats, "timer": timer})
        with page_in(browser, base_url, locale) as pg:
            pg.goto(seat_link(made, 0))
            Seat(pg).wait_drawn()
            shown = pg.locator("#main .status .timer")
            pg.wait_for_function("() => document.querySelector('.status .timer').textContent")
            text = shown.inner_text().strip(" ·")
            if timer == 86400:  # 23 h 59 min, or 24 h 0 min in its first second
                assert re.fullmatch(r"(23 h 59|24 h 0) min left", text), text
            else:
                assert re.fullmatch(r"faltam (2 d 23|3 d 0) h", text), text
            shoot(pg, f"timer-long-{lang}")
