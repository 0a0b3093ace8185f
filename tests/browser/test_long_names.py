"""Names of the full 40 characters, in the widest letters: the board draws each one
shortened to its place (with an ellipsis, the whole name kept as its tooltip), over no
other words and inside the board, on a laptop's screen and a phone's; the page around
the board breaks a name rather than run off the screen."""

from __future__ import annotations

import json
import re
import shutil
import time
from typing import Any

import pytest

from tests.browser.conftest import Seat, api, make_table, seat_state, shoot

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

# 40 characters each, no spaces, the widest letters; "W0", "M1", ... start them apart
LONG = [(("WM"[i % 2] + str(i)) + "MW" * 20)[:40] for i in range(6)]
SCREENS = [(1280, 900), (390, 844)]

# What the board draws wrong with a name: [what, the name's line, the other thing].
# A name's line is an SVG text holding a name's start ("W0", "M1", ...) followed by
# its letters or by the ellipsis of a shortened name.
CLASHES = r"""() => {
  const named = (el) => /[WM][0-5](?:[MW]|…)/.test(el.textContent);
  const shown = (el) => el.getBoundingClientRect().width > 0;
  const texts = [...document.querySelectorAll('#board svg text')]
    .filter((el) => el.textContent.trim() && shown(el));
  const over = (a, b) => Math.min(a.right, b.right) - Math.max(a.left, b.left) > 2
    && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 2;
  const out = [];
  for (const el of texts.filter(named)) {
    const r = el.getBoundingClientRect();
    const frame = el.ownerSVGElement.getBoundingClientRect();
    if (r.left < frame.left - 1 || r.right > frame.right + 1) {
      out.push(['off the board', el.textContent, '']);
    }
    for (const other of texts) {
      if (other !== el && over(r, other.getBoundingClientRect())) {
        out.push(['over', el.textContent, other.textContent]);
      }
    }
  }
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) out.push(['the page scrolls sideways', '', '']);
  return out;
}"""

# The lines on the board with a shortened name, and the whole lines their tooltips keep.
SHORTENED = """() => [...document.querySelectorAll('#board svg text')]
  .filter((el) => /[WM][0-5][MW]*…/.test(el.textContent))
  .map((el) => [el.textContent, el.getAttribute('aria-label'),
    el.parentElement.querySelector(':scope > title')?.textContent ?? null])"""


# The page's final scoring (the board draws none): its seats' names as headed, and the
# headings that leave the table or run into another ([a, b or 'off'] pairs).
HEADINGS = """() => {
  const table = document.getElementById('scoring');
  const frame = table.getBoundingClientRect();
  const heads = [...table.querySelectorAll('th')]
    .map((el) => [el.textContent, el.getBoundingClientRect()]);
  const out = [];
  heads.forEach(([a, r], i) => {
    if (r.left < frame.left - 1 || r.right > frame.right + 1) out.push([a, 'off']);
    heads.slice(i + 1).forEach(([b, q]) => {
      const across = Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1;
      const down = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1;
      if (across && down) out.push([a, b]);
    });
  });
  const page = document.documentElement;
  if (page.scrollWidth > page.clientWidth + 1) out.push(['the page scrolls sideways', '']);
  if (frame.right > page.clientWidth + 1) out.push(['the table runs off the screen', '']);
  return [[...table.querySelectorAll('.who')].map((el) => el.textContent.replace(/^★ /, '')), out];
}"""


def seats(n: int) -> list[dict[str, Any]]:
    """You in seat 0, random bots in the others, all with long names."""
    bots = [{"kind": "bot", "level": "random", "name": LONG[i]} for i in range(1, n)]
    return [{"kind": "human", "name": LONG[0]}, *bots]


def clashes(page: Any, name: str) -> list[list[str]]:
    """What the board draws wrong at each screen's width (screenshots of each)."""
    found = []
    for width, height in SCREENS:
        page.set_viewport_size({"width": width, "height": height})
        page.reload()
        Seat(page).wait_drawn()
        shoot(page, f"{name}-{width}")
        found += [[f"{width}px", *c] for c in page.evaluate(CLASHES)]
    return found


def shortened_keep_the_whole(page: Any) -> None:
    lines = page.evaluate(SHORTENED)
    assert lines, "no name was shortened"
    for shown, label, tip in lines:
        assert label is not None and label == tip, (shown, label, tip)
        before, after = shown.split("…")  # the name's start, and the words after it
        assert label.startswith(before) and label.endswith(after), (shown, label)
        assert any(name in label for name in LONG), label


def play_to_the_end(page: Any) -> None:
    """Leave the table for good: a random zombie plays the seat until the game ends."""
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#leave")
    over = "() => window.__scarab.last && window.__scarab.last.over"
    page.wait_for_function(over, timeout=180_000)


def play_until(base_url: str, table: dict[str, Any], done: Any, moves: int = 60) -> None:
    """Play seat 0's first legal action until ``done(state)`` (the bots answer)."""
    for _ in range(moves):
        m = seat_state(base_url, table, 0)
        if done(m):
            return
        if m["legal"]:
            body = {"token": table["seats"][0]["token"], "action": m["legal"][0]["action"]}
            api(base_url, f"/api/tables/{table['table']}/act", {**body, "version": m["version"]})
        else:
            time.sleep(0.2)  # the bots are thinking
    raise AssertionError(f"not there within {moves} looks")


def start(page: Any, base_url: str, game: str, n: int) -> dict[str, Any]:
    table = make_table(base_url, game, seats(n))
    page.goto(table["seats"][0]["link"])
    Seat(page).wait_drawn()
    return table


@pytest.mark.parametrize(
    ("game", "players"), [("luxor", 2), ("luxor", 4), ("pyramids", 2), ("pyramids", 4)]
)
def test_long_names_at_a_luxor_or_pyramids_table_fit_their_places(
    page: Any, base_url: str, game: str, players: int
) -> None:
    """Luxor: your hand's title, the seats' panels and the status line. Pyramids: your
    cards' title, the score cards and the others' cards. The board draws no final scoring
    (the page's table does)."""
    start(page, base_url, game, players)
    assert clashes(page, f"long-names-{game}-{players}") == []
    shortened_keep_the_whole(page)
    play_to_the_end(page)
    assert clashes(page, f"long-names-{game}-{players}-over") == []


@pytest.mark.parametrize("players", [2, 6])
def test_long_names_at_a_horus_table_fit_their_places(
    page: Any, base_url: str, players: int
) -> None:
    """The round line and its Dice Keeper, the adventurers' panels, whose dice they
    are, and the page's final scoring."""
    table = start(page, base_url, "horus", players)
    assert clashes(page, f"long-names-horus-{players}") == []
    shortened_keep_the_whole(page)
    play_until(
        base_url,
        table,
        lambda m: m["view"]["stage"] == "actions" and m["view"]["to_move"] == 0 and m["legal"],
    )
    assert clashes(page, f"long-names-horus-{players}-dice") == []
    play_to_the_end(page)
    assert clashes(page, f"long-names-horus-{players}-over") == []
    # at a phone's width (clashes() draws it last) the page's scoring heads each seat with
    # its whole name, in its place, on the screen
    page.locator("#scoring").wait_for()
    assert page.evaluate(HEADINGS) == [LONG[:players], []]


def test_a_long_name_breaks_in_the_lobby_rather_than_run_off_a_phones_screen(
    page: Any, base_url: str
) -> None:
    """Your name, your tables and the open tables, each naming its seats."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    page.fill("#player-name", LONG[0])
    page.click("#player-start")
    page.wait_for_selector("#player-me")
    me = json.loads(page.evaluate("() => localStorage.getItem('scarab.player')"))
    sitting = [{"kind": "human", "me": True}, {"kind": "human", "name": LONG[1]}, {"kind": "open"}]
    spec = {"game": "horus", "public": True, "seats": sitting}  # no other test quick-plays it
    made = api(base_url, "/api/tables", spec, headers={"X-Player-Key": me["key"]})
    page.reload()
    page.locator("#my-tables li").first.wait_for()
    page.locator(".open-list li", has_text=LONG[1]).first.wait_for()
    shoot(page, "long-names-lobby-390")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
    for where in ("#player-me", "#my-tables li", ".open-list li"):
        box = page.locator(where).first.bounding_box()
        assert box is not None and box["x"] + box["width"] <= 390, (where, box)
    assert re.sub(r"\s", "", page.locator("#player-me").inner_text()) == LONG[0]
    # the open seat goes to a bot: no other test finds this table to sit at
    fill = {"seat": 2, "level": "random"}
    token = {"X-Seat-Token": made["seats"][0]["token"]}
    api(base_url, f"/api/tables/{made['table']}/fill", fill, headers=token)
