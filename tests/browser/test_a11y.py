"""The table for a screen reader and a keyboard: the boards are groups whose pieces a
screen reader reaches (not images that hide them), only the status line and the
message are live regions, and Tab stops only at the pieces with a legal action now
(the others stay reachable by the arrow keys and say they are unavailable).

axe-core, where it is found ($SCARAB_AXE, else node_modules/axe-core/axe.min.js), checks
the boards as well; the page's Content-Security-Policy is bypassed for that only."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import Seat, make_table, page_in, seat_link, shoot
from tests.browser.test_horus import square_name
from tests.browser.test_pyramids import PREVIEW, marking, preview

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

AXE = Path(
    os.environ.get("SCARAB_AXE")
    or Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
)

# A board piece's name (its data-hit) and whether Tab stops at it; None when the focus
# is outside the board.
FOCUSED = """() => {
  const el = document.activeElement;
  if (!el || !el.closest('#board svg')) return null;
  return el.getAttribute('data-hit') || el.tagName;
}"""
# What a Tab press may reach, the board's pieces first (in document order).
PIECES = """() => [...document.querySelectorAll('#board svg .hit[data-hit]')].map((el) => ({
  name: el.getAttribute('data-hit'), tabindex: el.getAttribute('tabindex'),
  disabled: el.getAttribute('aria-disabled'), role: el.getAttribute('role'),
}))"""


@pytest.fixture
def axe_page(browser: Any, base_url: str) -> Iterator[Any]:
    """A page like ``page``'s, whose Content-Security-Policy lets axe-core in."""
    with page_in(browser, base_url, bypass_csp=True) as pg:
        yield pg


def against_a_bot(page: Any, base_url: str, game: str) -> tuple[Seat, dict[str, Any]]:
    table = make_table(
        base_url, game, [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}]
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    seat.wait_drawn()
    return seat, seat.wait_decision()


def axe(page: Any, within: str, rules: list[str]) -> list[dict[str, Any]]:
    """axe-core's violations of ``rules`` inside ``within``."""
    page.add_script_tag(path=str(AXE))
    out = page.evaluate(
        """async ([within, rules]) => {
          const r = await axe.run(within, { runOnly: { type: 'rule', values: rules } });
          return r.violations.map((v) => ({ id: v.id, impact: v.impact,
            nodes: v.nodes.slice(0, 5).map((n) => n.target.join(' ')) }));
        }""",
        [within, rules],
    )
    assert isinstance(out, list)
    return out


def hidden_pieces(page: Any) -> list[str]:
    """Board pieces inside an image (whose children are presentational to ARIA)."""
    out = page.evaluate(
        """() => [...document.querySelectorAll(
            '#board [role="img"] .hit, #board [role="img"] [tabindex]')]
          .map((el) => el.getAttribute('data-hit') || el.tagName)"""
    )
    assert isinstance(out, list)
    return out


@pytest.mark.parametrize("game", ["horus", "pyramids", "luxor"])
def test_a_board_is_a_labelled_group_whose_pieces_a_screen_reader_reaches(
    axe_page: Any, base_url: str, game: str
) -> None:
    page = axe_page
    against_a_bot(page, base_url, game)
    assert page.locator("#board svg .hit").count() > 0
    assert hidden_pieces(page) == []
    frames = page.evaluate(
        """() => [...document.querySelectorAll('#board svg')].filter((s) => s.querySelector('.hit'))
          .map((s) => [s.getAttribute('role'), s.getAttribute('aria-label')])"""
    )
    assert frames and all(role == "group" and label for role, label in frames), frames
    if AXE.is_file():
        assert axe(page, "#board", ["nested-interactive", "aria-allowed-role"]) == []
    shoot(page, f"a11y-{game}-board")


def test_only_the_status_line_and_the_message_are_live(page: Any, base_url: str) -> None:
    against_a_bot(page, base_url, "horus")
    assert page.locator("h1").all_inner_texts() == ["Scarab"]  # one top heading, to find
    assert page.locator("main").get_attribute("aria-live") is None
    live = "[aria-live], [role=status], [role=alert], [role=log], [role=marquee], [role=timer]"
    for part in ("#board", "#players", "#actions", "#log", "#final"):
        inside = page.evaluate(
            "([part, live]) => { const el = document.querySelector(part);"
            " return el && el.closest(live) ? el.closest(live).outerHTML.slice(0, 80) : null; }",
            [part, live],
        )
        assert inside is None, f"{part} is inside a live region: {inside}"
    assert page.locator(".status").get_attribute("role") == "status"
    assert page.locator("#message").get_attribute("role") == "alert"


def tab_stops(page: Any, limit: int = 400) -> list[str]:
    """The board pieces Tab stops at, in order, from the top of the page (real key
    presses, until the focus has passed the board)."""
    page.evaluate("() => { document.activeElement && document.activeElement.blur(); }")
    page.evaluate("() => window.scrollTo(0, 0)")
    stops: list[str] = []
    here = "() => document.activeElement ? document.activeElement.outerHTML.slice(0, 300) : ''"
    first = None
    for _ in range(limit):
        page.keyboard.press("Tab")
        name = page.evaluate(FOCUSED)
        if name is None and stops:
            return stops
        if name is not None:
            stops.append(name)
            continue
        at = page.evaluate(here)
        if first is None:
            first = at
        elif at == first:  # round the whole page without a stop on the board
            return stops
    raise AssertionError(f"Tab did not leave the board in {limit} presses: {stops[:20]}…")


def check_pieces(page: Any, stops: list[str]) -> list[dict[str, Any]]:
    """Every piece is a button; those Tab passes over say they are unavailable."""
    pieces = page.evaluate(PIECES)
    assert all(p["role"] == "button" for p in pieces)
    for p in pieces:
        in_order = p["tabindex"] == "0"
        assert in_order == (p["name"] in stops), p
        assert (p["disabled"] == "true") == (not in_order), p
    assert len(stops) == len(set(stops)), stops
    return list(pieces)


def test_tab_stops_on_the_horus_board_only_where_an_action_is_legal(
    page: Any, base_url: str
) -> None:
    seat, m = against_a_bot(page, base_url, "horus")
    view = m["view"]
    assert view["stage"] == "setup"
    fields = [e["fields"] for e in m["legal"]]
    want = {f"adventurer-{f['adventurer']}" for f in fields} | {
        f"square-{square_name(f['entrance'])}" for f in fields
    }
    stops = tab_stops(page)
    assert set(stops) == want, stops
    pieces = check_pieces(page, stops)
    assert len(pieces) > 80 > len(stops)  # every square is still there, off the Tab order

    # the arrow keys step through every piece, the unavailable ones too
    seat.hit(stops[0]).focus()
    names = [p["name"] for p in pieces]
    page.keyboard.press("ArrowRight")
    assert page.evaluate(FOCUSED) == names[names.index(stops[0]) + 1]
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(FOCUSED) == stops[0]

    # a click on a square with nothing to do still says why, as before
    assert seat.click(seat.hit("square-4,4")) is None
    page.wait_for_function("() => document.getElementById('message').textContent.trim() !== ''")

    # once inside, Tab stops at the squares he may move to (and his own, to search)
    seat.act_from_list(m["legal"][0]["action"])
    for _ in range(20):
        m = seat.wait_decision()
        assert not m["over"]
        if m["view"]["stage"] == "actions" and any(
            e["fields"].get("verb") in ("move", "jump") for e in m["legal"]
        ):
            break
        seat.act_from_list(m["legal"][0]["action"])
    else:
        raise AssertionError("no move to make")
    fields = [e["fields"] for e in m["legal"]]
    squares = {f"square-{square_name(f['to'])}" for f in fields if f.get("to", -1) >= 0}
    me = m["view"]["seats"][m["seat"]]
    if any(f["verb"] == "search" for f in fields):
        squares.add(f"square-{square_name(me['square'])}")
    stops = tab_stops(page)
    check_pieces(page, stops)
    assert {s for s in stops if s.startswith("square-")} == squares, stops
    assert len(stops) < 20, stops
    shoot(page, "a11y-horus-tab-order")


def test_tab_stops_on_a_pyramids_card_only_where_the_shape_fits(page: Any, base_url: str) -> None:
    seat, _ = marking(page, base_url)
    stops = tab_stops(page)
    pieces = check_pieces(page, stops)
    cells = [p for p in pieces if p["name"].startswith("cell-")]
    assert cells  # (a shape that fits nowhere leaves no cell in the Tab order: checked below)
    for p in cells:
        # the preview the focus draws says whether the shape fits there (the last one's
        # gone first: under load it was still there to be read)
        page.mouse.move(1, 1)
        page.evaluate("() => document.activeElement && document.activeElement.blur()")
        page.wait_for_function(f"() => ({PREVIEW})().length === 0")
        seat.hit(p["name"]).focus()
        page.wait_for_function(f"() => ({PREVIEW})().length > 0")
        _, fits = preview(page)
        assert fits == (p["tabindex"] == "0"), p
    shoot(page, "a11y-pyramids-tab-order")


def test_tab_stops_on_the_luxor_board_at_the_playable_cards(page: Any, base_url: str) -> None:
    _, m = against_a_bot(page, base_url, "luxor")
    stops = tab_stops(page)
    check_pieces(page, stops)
    if m["view"]["phase"] == "play":
        sides = {e["fields"].get("side") for e in m["legal"]} - {None, ""}
        assert set(stops) == {f"card-{s}" for s in sides}, stops
    assert len(stops) < 10, stops


def test_the_log_and_chat_are_valid_lists_and_only_new_chat_lines_are_read_out(
    axe_page: Any, base_url: str
) -> None:
    page = axe_page
    seat, m = against_a_bot(page, base_url, "luxor")
    seat.act_from_list(m["legal"][0]["action"])
    page.locator("#log li.round").first.wait_for()  # a round's heading among the entries
    assert axe(page, "#log", ["list", "listitem"]) == []  # it was an <li role="separator">
    assert axe(page, "#log", ["color-contrast"]) == []  # seat 0's red name was 3.8:1
    chat = page.locator("#chat")
    assert chat.get_attribute("aria-live") == "polite"
    assert chat.get_attribute("aria-relevant") == "additions"
    assert seat.state()["seat"] == 0
