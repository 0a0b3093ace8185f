"""The Pyramid of Horus in the browser: pick an adventurer and an entrance on the
board, move by clicking a highlighted square, search by clicking your own square,
and play on until the next round begins."""

from __future__ import annotations

import random
import shutil
import time
from typing import Any

import pytest

from scarab import i18n
from tests.browser.conftest import (
    Seat,
    api,
    log_texts,
    make_table,
    page_in,
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


# What the phone's panel (the board's last drawing) draws over something else: words on
# the same line running into each other, words over a die, words off the panel.
PANEL_CLASHES = r"""() => {
  const svgs = [...document.querySelectorAll('#board svg')];
  const panel = svgs[svgs.length - 1];
  const frame = panel.getBoundingClientRect();
  const box = (el) => el.getBoundingClientRect();
  const texts = [...panel.querySelectorAll('text')].filter((el) => el.textContent.trim());
  const dice = [...panel.querySelectorAll('g')]
    .filter((g) => g.querySelector(':scope > circle') && !g.querySelector(':scope > text'))
    .map((g) => g.querySelector(':scope > rect'));
  const across = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1;
  const down = (a, b) => Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const centre = (b) => (b.top + b.bottom) / 2;
  const level = (a, b) => Math.abs(centre(a) - centre(b)) < Math.min(a.height, b.height) / 2;
  const out = [];
  texts.forEach((el, i) => {
    const r = box(el);
    if (r.left < frame.left - 1 || r.right > frame.right + 1) out.push([el.textContent, 'off']);
    for (const other of texts.slice(i + 1)) {
      const q = box(other);
      if (across(r, q) && level(r, q)) out.push([el.textContent, other.textContent]);
    }
    for (const die of dice) {
      if (across(r, box(die)) && down(r, box(die))) out.push([el.textContent, 'a die']);
    }
  });
  return out;
}"""

PANEL_TEXTS = """() => { const svgs = [...document.querySelectorAll('#board svg')];
  return [...svgs[svgs.length - 1].querySelectorAll('text')].map((el) => el.textContent); }"""


def play_seat_until(base_url: str, table: dict[str, Any], done: Any) -> dict[str, Any]:
    """Play seat 0 (searching, discarding and bagging when it can, ending a turn or walking
    out only when nothing else is legal, a seeded pick otherwise) until ``done(state)``."""
    rng = random.Random(5)
    for _ in range(600):
        m = seat_state(base_url, table, 0)
        assert not m["over"], "the game ended first"
        if done(m):
            return m
        if not m["legal"]:
            time.sleep(0.05)  # the bot is thinking
            continue
        verb = lambda e: e["action"].split()[0]  # noqa: E731
        wanted = [e for e in m["legal"] if verb(e) in ("search", "discard", "bag")]
        out = lambda e: int(e["fields"].get("to", 0)) >= INSIDE  # noqa: E731 (it would end)
        going = [e for e in m["legal"] if verb(e) != "end" and not out(e)]
        action = rng.choice(wanted or going or m["legal"])["action"]
        body = {"token": table["seats"][0]["token"], "action": action, "version": m["version"]}
        api(base_url, f"/api/tables/{table['table']}/act", body)
    raise AssertionError("not there within 600 looks")


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_on_a_phone_the_panel_keeps_names_whole_and_nothing_over_another(
    browser: Any, base_url: str, locale: str
) -> None:
    """The round line's Dice Keeper, whose turn it is beside the dice (with the actions
    left and the mummy's dice), and the hint beside "Your cards": each wraps to a line
    of its own rather than cut a name to "…" or run into the others."""
    names = ["Ana Beatriz", "Bia Lopes"]
    table = make_table(
        base_url,
        "horus",
        [{"kind": "human", "name": names[0]}, {"kind": "bot", "level": "random", "name": names[1]}],
    )
    with page_in(browser, base_url, locale, 390, 844) as pg:
        pg.goto(seat_link(table, 0))
        seat = Seat(pg)
        seat.wait_drawn()
        lang = locale[:2]
        found: list[Any] = []  # what is wrong, at each moment looked at

        def look(m: dict[str, Any], name: str) -> list[str]:
            """The panel's words once the page has drawn ``m`` (clashes go to ``found``)."""
            pg.reload()
            seat.wait_drawn()
            pg.wait_for_function("(v) => window.__scarab.last.version === v", arg=m["version"])
            shoot(pg, f"horus-panel-{lang}-{name}")
            found.extend([name, *clash] for clash in pg.evaluate(PANEL_CLASHES))
            return list(pg.evaluate(PANEL_TEXTS))

        m = play_seat_until(
            base_url,
            table,
            lambda m: (
                m["view"]["stage"] == "actions"
                and m["view"]["to_move"] == 0
                and m["view"].get("mummy_dice")
                and m["legal"]
            ),
        )
        texts = look(m, "mummy-dice")
        keeper = i18n.text(lang, "horus.page.keeper", {"who": names[m["view"]["keeper"]]})
        for whole in (keeper, f"{names[0]}:"):
            if whole not in texts:
                found.append(["mummy-dice", "not whole", whole])
        m = play_seat_until(
            base_url,
            table,
            lambda m: (
                m["view"]["seats"][0]["card_count"] > 0
                and m["legal"]
                and (
                    m["view"]["stage"] == "adjust"
                    or any(e["fields"]["verb"] == "discard" for e in m["legal"])
                )
            ),
        )
        hint = i18n.text(lang, "horus.page.hand_hint", {})
        if hint not in " ".join(look(m, "hand")):
            found.append(["hand", "no hint", hint])
        assert found == [], found


# The phone's board box: where it is scrolled, and which of the named spots lie in its
# view (a spot's middle between the box's edges).
BOARD_BOX = """(names) => {
  const box = document.querySelector('#board .board-scroll');
  const frame = box.getBoundingClientRect();
  const seen = (name) => {
    const r = document.querySelector(`#board [data-spot="${name}"]`).getBoundingClientRect();
    const middle = (r.left + r.right) / 2;
    return middle > frame.left && middle < frame.right;
  };
  const live = [...box.querySelectorAll('[data-hit][tabindex="0"]')].map((el) => el.dataset.hit);
  return { scrolled: box.scrollLeft, live, unseen: [...names, ...live].filter((n) => !seen(n)) };
}"""


def test_on_a_phone_the_board_brings_your_pawn_and_squares_into_view_on_your_turn(
    browser: Any, base_url: str
) -> None:
    """Waiting at the far entrance (e2, off the box's first view), the board keeps where
    you scrolled it through the others' moves, and brings your pawn and the squares you
    may click into view when your turn comes."""
    table = make_table(
        base_url, "horus", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )

    def play(seat: int, want: Any) -> str:
        m = seat_state(base_url, table, seat)
        entry = next(e for e in m["legal"] if want(e))
        body = {"token": table["seats"][seat]["token"], "action": entry["action"]}
        api(base_url, f"/api/tables/{table['table']}/act", {**body, "version": m["version"]})
        return str(entry["action"])

    play(0, lambda e: e["action"].endswith(" e1"))
    play(1, lambda e: e["action"].endswith(" e2"))
    play(0, lambda e: e["fields"]["verb"] == "move")  # in through the door
    with page_in(browser, base_url, width=390, height=844) as pg:
        pg.goto(seat_link(table, 1))
        seat = Seat(pg)
        seat.wait_drawn()
        pg.evaluate("() => { document.querySelector('#board .board-scroll').scrollLeft = 40; }")
        seen = seat.probe()["seen"]
        play(0, lambda e: e["fields"]["verb"] == "move")
        pg.wait_for_function("(n) => window.__scarab.seen > n", arg=seen)
        assert pg.evaluate(BOARD_BOX, [])["scrolled"] == 40  # left where you scrolled it
        play(0, lambda e: e["action"] == "end")
        m = seat.wait_decision()
        assert m["view"]["seats"][1]["square"] >= INSIDE  # still waiting outside
        where = pg.evaluate(BOARD_BOX, ["square-e2"])
        assert where["live"] and where["unseen"] == [], where
        shoot(pg, "horus-phone-your-turn-at-e2")


RULERS = """() => [...document.querySelectorAll('#board svg text.ruler')].map((el) => {
  const r = el.getBoundingClientRect();
  return [el.textContent, r.left + r.width / 2, r.top + r.height / 2];
})"""


def test_the_board_numbers_its_columns_and_rows_as_the_log_names_squares(
    page: Any, base_url: str
) -> None:
    """The log says "moves e to 4,6" (column 4, row 6): the columns are numbered along
    the bottom edge and the rows along the left one, left to right and top to bottom."""
    table = make_table(base_url, "horus", [{"kind": "bot", "level": "random"}] * 2)
    page.goto(table["watch"])
    Seat(page).wait_drawn()
    labels = page.evaluate(RULERS)
    assert len(labels) == 18, labels  # 9 columns, 9 rows
    left = min(lab[1] for lab in labels)
    rows = [lab for lab in labels if abs(lab[1] - left) < 1]  # one line down the left edge
    columns = [lab for lab in labels if lab not in rows]
    assert [r[0] for r in sorted(rows, key=lambda r: r[2])] == [str(y) for y in range(9)]
    assert [c[0] for c in sorted(columns, key=lambda c: c[1])] == [str(x) for x in range(9)]
    assert len({round(c[2]) for c in columns}) == 1  # one line along the bottom edge
    assert abs(max(r[2] for r in rows) - columns[0][2]) < 1  # the last row is the bottom one
    shoot(page, "horus-rulers")
