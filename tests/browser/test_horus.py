"""The Pyramid of Horus in the browser: pick an adventurer and an entrance on the
board, move by clicking a highlighted square, search by clicking your own square,
and play on until the next round begins."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.browser.conftest import (
    Seat,
    api,
    log_texts,
    make_table,
    seat_link,
    seat_state,
    shoot,
)

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

INSIDE = 81  # squares 0..80 inside the pyramid, then the entrances e1, e2
# answers that keep a bounded test moving when something happens to you
CALM = ("accept", "keep", "end")


def square_name(q: int) -> str:
    return f"e{q - INSIDE + 1}" if q >= INSIDE else f"{q % 9},{q // 9}"


def test_a_horus_round_with_a_move_and_a_search(page: Any, base_url: str) -> None:
    table = make_table(
        base_url, "horus", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    seat.wait_drawn()
    moved = searched = None
    first_round = None
    for _ in range(80):
        m = seat.wait_decision()
        assert not m["over"]
        view = m["view"]
        me = m["seat"]
        actions = [e["action"] for e in m["legal"]]
        if view["stage"] == "setup":
            # an adventurer, then the entrance where he waits
            action = actions[0]
            _, key, entrance = action.split()
            assert seat.click(seat.hit(f"adventurer-{key}")) is None
            seat.finish_from_board(action, seat.click(seat.hit(f"square-{entrance}")))
            continue
        if first_round is None and view["stage"] == "actions":
            first_round = view["round"]
        if first_round is not None and view["round"] > first_round and moved and searched:
            break
        if (
            view["stage"] == "actions"
            and moved is None
            and any(a.startswith("move ") for a in actions)
        ):
            # a highlighted square beside him inside the pyramid (not out of an exit)
            target = seat.page.locator(
                '#board [data-hit^="square-"]:not([data-hit^="square-e"])[aria-label*=": move "]'
            )
            assert target.count() >= 1
            sent = seat.click(target.first)
            assert sent is not None and sent.startswith("move "), sent
            seat.finish_from_board(sent, sent)
            moved = sent
            shoot(page, "horus-moved")
            continue
        if moved and searched is None and "search" in actions:
            here = square_name(view["seats"][me]["square"])
            seat.finish_from_board("search", seat.click(seat.hit(f"square-{here}")))
            searched = here
            assert any(" searches " in line for line in log_texts(page)), log_texts(page)
            shoot(page, "horus-searched")
            continue
        calm = [a for a in CALM if a in actions]
        choice = calm[0] if calm else actions[0]
        button = seat.page.locator(f'#board [data-hit="action-{choice}"]')
        if button.count():
            seat.finish_from_board(choice, seat.click(button))
        else:
            seat.act_from_list(choice)
    else:
        raise AssertionError("the round did not end within 80 decisions")
    assert moved and searched
    state = seat.state()
    assert state["view"]["round"] > first_round
    shoot(page, "horus-next-round")


def test_stepping_out_of_the_pyramid_asks_first_and_says_what_it_scores(
    page: Any, base_url: str
) -> None:
    table = make_table(
        base_url, "horus", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )

    def play(want: Any) -> int:
        """The seat to move plays the first legal action ``want(fields)`` accepts."""
        for seat in (0, 1):
            m = seat_state(base_url, table, seat)
            if m["legal"]:
                entry = next(e for e in m["legal"] if want(e["fields"]))
                token = table["seats"][seat]["token"]
                body = {"token": token, "action": entry["action"], "version": m["version"]}
                api(base_url, f"/api/tables/{table['table']}/act", body)
                return seat
        raise AssertionError("nobody is to move")

    play(lambda f: f["verb"] == "choose")
    play(lambda f: f["verb"] == "choose")
    me = play(lambda f: f["verb"] == "move")  # in through the door
    page.goto(seat_link(table, me))
    seat = Seat(page)
    m = seat.wait_decision()
    out = next(e for e in m["legal"] if e["fields"].get("to", 0) >= INSIDE)
    door = seat.hit(f"square-{square_name(out['fields']['to'])}")
    assert seat.click(door) is None  # asked, not sent
    ask = page.locator("#confirm")
    carrying = m["view"]["seats"][me]["carrying"]
    assert f"Leave the pyramid with {carrying} points?" in ask.inner_text()
    shoot(page, "horus-escape-asks")
    assert seat.click(page.locator("#confirm-no")) is None and not ask.is_visible()
    assert seat.click(door) is None
    assert seat.click(page.locator("#confirm-yes")) == out["action"]
    after = seat.wait_drawn()
    assert after["view"]["seats"][me]["status"] == "escaped"


def test_on_a_phone_the_squares_are_big_enough_to_tap(browser: Any, base_url: str) -> None:
    table = make_table(
        base_url, "horus", [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    context = browser.new_context(base_url=base_url, viewport={"width": 390, "height": 844})
    pg = context.new_page()
    pg.goto(seat_link(table, 0))
    pg.wait_for_selector('#board [data-spot="square-4,4"]')
    square = pg.locator('#board [data-spot="square-4,4"] rect').first.bounding_box()
    assert square is not None and square["width"] >= 44 and square["height"] >= 44, square
    # the board's own box scrolls sideways; the page does not
    assert pg.evaluate("() => document.documentElement.scrollWidth") <= 390
    # and the panel below it fits the screen: its rightmost choice is in view, unscrolled
    last = pg.locator('#board [data-hit="adventurer-rice"]').bounding_box()
    assert last is not None and last["x"] + last["width"] <= 390, last
    shoot(pg, "horus-390x844")
    context.close()
