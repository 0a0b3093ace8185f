"""A finished game's page: its final scoring is said once, by the page's table (the
engine's rows), not again by a panel of the board's; what the table needs explained is
said under it (Horus: only who escaped scores); and what comes next (Rematch, the
record, the replay) stands in the side column: in view on a laptop's screen, before How
to play on a phone's."""

from __future__ import annotations

import random
import shutil
import time
from collections.abc import Iterator
from typing import Any

import pytest

from scarab import i18n
from tests.browser.conftest import Seat, api, make_table, page_in, seat_link, seat_state, shoot

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

GAMES = ["luxor", "pyramids", "horus"]
LAPTOP = (1280, 800)


def finish(base_url: str, game: str) -> dict[str, Any]:
    """A table of Ana (seat 0, played at random through the API) and a random bot,
    played to its end."""
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "random", "name": "Rob"}]
    table = make_table(base_url, game, seats)
    rng = random.Random(game)
    for _ in range(5000):
        m = seat_state(base_url, table, 0)
        if m["over"]:
            return table
        if m["legal"]:
            body = {"token": table["seats"][0]["token"], "version": m["version"]}
            body["action"] = rng.choice(m["legal"])["action"]
            api(base_url, f"/api/tables/{table['table']}/act", body)
        else:
            time.sleep(0.2)  # the bot's turn
    raise AssertionError(f"the {game} game did not end")


@pytest.fixture(scope="module")
def finished(base_url: str) -> Iterator[dict[str, dict[str, Any]]]:
    """One finished table of each game, shared by this module's tests."""
    yield {game: finish(base_url, game) for game in GAMES}


def open_finished(pg: Any, link: str) -> dict[str, Any]:
    pg.goto(link)
    m = Seat(pg).wait_drawn()
    assert m["over"]
    pg.locator("#scoring").wait_for()
    return m


# The next steps' boxes, whether each is in the side column, and how far the page is scrolled.
NEXT = """(ids) => [window.scrollY, ids.map((id) => {
  const el = document.getElementById(id);
  if (!el) return null;
  const r = el.getBoundingClientRect();
  return [r.top, r.bottom, r.left, r.right, Boolean(el.closest('aside.side'))];
})]"""


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_games_next_steps_are_in_the_side_column_in_view_on_a_laptop(
    browser: Any, base_url: str, finished: dict[str, dict[str, Any]], game: str
) -> None:
    """Rematch, Download the record and Replay this game were under the board and the
    scoring, below the fold of a 1280x800 screen: they are in the side column, under the
    Actions, in view without scrolling. A watcher gets the record and the replay (no
    rematch: that is the seats')."""
    table = finished[game]
    width, height = LAPTOP
    with page_in(browser, base_url, width=width, height=height) as pg:
        open_finished(pg, seat_link(table, 0))
        pg.locator("#rematch").wait_for()
        shoot(pg, f"game-over-{game}-{width}")
        scrolled, boxes = pg.evaluate(NEXT, ["rematch", "download", "replay"])
        assert scrolled == 0
        for name, box in zip(["rematch", "download", "replay"], boxes, strict=True):
            assert box is not None, name
            top, bottom, left, right, aside = box
            assert aside, f"#{name} is not in the side column"
            assert top >= 0 and bottom <= height and left >= 0 and right <= width, (name, box)
        # under the Actions list, and apart from the scoring's box
        assert pg.locator("#final #download, #final #replay, #final #rematch").count() == 0
        assert pg.evaluate(
            "() => document.getElementById('actions').getBoundingClientRect().bottom"
            " <= document.getElementById('download').getBoundingClientRect().top"
        )
        pg.goto(table["watch"])
        assert Seat(pg).wait_drawn()["seat"] is None
        pg.locator("#download").wait_for()
        scrolled, boxes = pg.evaluate(NEXT, ["download", "replay", "rematch"])
        assert scrolled == 0 and boxes[2] is None
        for box in boxes[:2]:
            assert box is not None and box[4] and box[1] <= height, box
        assert pg.locator("#replay").get_attribute("href") == f"/replay#table={table['table']}"


# Where things stand, top to bottom: the scoring, the next steps and How to play.
ORDER = """() => ['scoring', 'rematch', 'download'].map((id) => document.getElementById(id))
  .concat([document.getElementById('howto')])
  .map((el) => el.getBoundingClientRect().top)"""


@pytest.mark.parametrize("game", GAMES)
def test_on_a_phone_a_finished_games_next_steps_come_before_how_to_play(
    browser: Any, base_url: str, finished: dict[str, dict[str, Any]], game: str
) -> None:
    """A phone's one column puts How to play first under the board, for a game in
    play; at its end the next steps (in the side column now) come first, so they are
    not pushed below the whole of How to play."""
    with page_in(browser, base_url, width=390, height=844) as pg:
        open_finished(pg, seat_link(finished[game], 0))
        pg.locator("#rematch").wait_for()
        assert pg.locator("#howto[open]").count() == 1  # a first visit: open, and long
        scoring, rematch, download, howto = pg.evaluate(ORDER)
        assert scoring < rematch < download < howto, (scoring, rematch, download, howto)
        shoot(pg, f"game-over-{game}-390")


# The board's words that are the page's final scoring again: its title, or any of its
# rows' labels (lower-cased, each a leaf element of the board: an SVG text, a span).
AGAIN = """() => {
  const said = (el) => el.textContent.trim().toLowerCase();
  const scoring = new Set([...document.querySelectorAll('#scoring tbody th, #final h2')].map(said));
  return [scoring.size, [...document.querySelectorAll('#board *')]
    .filter((el) => !el.children.length && scoring.has(said(el))).map(said)];
}"""


@pytest.mark.parametrize("game", GAMES)
def test_the_board_draws_no_final_scoring_of_its_own(
    browser: Any, base_url: str, finished: dict[str, dict[str, Any]], game: str
) -> None:
    """Each board drew its own "Final scoring" panel above the page's table, so the
    scoring was said twice (Pyramids' even multiplied pyramids by their points in the
    page's code): the page's table, from the engine's rows, is the one scoring."""
    width, height = LAPTOP
    with page_in(browser, base_url, width=width, height=height) as pg:
        m = open_finished(pg, seat_link(finished[game], 0))
        count, again = pg.evaluate(AGAIN)
        assert count == len(m["final_rows"]) + 1  # each row's label, and the title
        assert again == [], again


@pytest.mark.parametrize(
    ("game", "locale"),
    [("horus", "en-US"), ("horus", "pt-BR"), ("luxor", "es-ES"), ("pyramids", "en-US")],
)
def test_a_horus_scoring_says_under_it_that_only_who_escaped_scores(
    browser: Any, base_url: str, finished: dict[str, dict[str, Any]], game: str, locale: str
) -> None:
    """A sealed adventurer's 0 is explained under the page's table (the board's panel,
    now gone, said it); Luxor and Pyramids have nothing to add there."""
    with page_in(browser, base_url, locale, 390, 844) as pg:
        open_finished(pg, seat_link(finished[game], 0))
        note = pg.locator("#final-note")
        if game != "horus":
            assert note.count() == 0
            return
        assert note.inner_text() == i18n.text(locale[:2], "horus.final.note", {})
        under = pg.evaluate(
            "() => document.getElementById('scoring').getBoundingClientRect().bottom"
            " <= document.getElementById('final-note').getBoundingClientRect().top"
        )
        assert under and pg.locator("#final #final-note").count() == 1
        shoot(pg, f"game-over-horus-note-{locale[:2]}-390")
