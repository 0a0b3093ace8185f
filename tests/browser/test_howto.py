"""The "How to play" panel at a table: the game's guide in the reader's language, open
the first time this browser sits at a table of that game, closed after; beside the
board, not over it, on a laptop and on a phone."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from scarab import i18n
from tests.browser.conftest import Seat, artifacts_dir, make_table, page_in

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

ANA_AND_A_BOT = [{"kind": "human", "name": "ana"}, {"kind": "bot", "level": "greedy"}]


def box(page: Any, selector: str) -> dict[str, float]:
    found = page.locator(selector).first.bounding_box()
    assert found is not None, selector
    return found  # type: ignore[no-any-return]


def test_a_portuguese_newcomer_gets_the_guide_open_once_then_closed(
    browser: Any, base_url: str
) -> None:
    table = make_table(base_url, "pyramids", ANA_AND_A_BOT)
    link = table["seats"][0]["link"]
    with page_in(browser, base_url, locale="pt-BR", width=1280, height=800) as page:
        page.goto(link)
        Seat(page).wait_drawn()
        howto = page.locator("#howto")
        howto.locator("summary").wait_for()
        assert howto.locator("summary").inner_text() == i18n.text("pt", "howto.title")
        assert howto.get_attribute("open") is not None  # the first visit: open
        shown = howto.inner_text()
        for msg in ("howto.goal", "howto.pyramids.goal", "howto.pyramids.turn.1", "howto.see"):
            assert i18n.text("pt", msg) in shown, msg
        assert i18n.text("en", "howto.pyramids.goal") not in shown
        steps = howto.locator(".howto-turn li").all_inner_texts()
        assert steps[0] == i18n.text("pt", "howto.pyramids.turn.1") and 3 <= len(steps) <= 6
        # in the side column, under the actions and above the rules; the board keeps its place
        assert box(page, "#howto")["y"] > box(page, "#actions")["y"]
        assert box(page, "#howto")["y"] < box(page, "#rules")["y"]
        assert box(page, "#howto")["x"] >= box(page, "#board")["x"] + box(page, "#board")["width"]
        shot = artifacts_dir() / "howto-pyramids-pt-1280x800.png"
        page.screenshot(path=str(shot), full_page=True)

        page.reload()  # the second visit: closed, and it opens on a click
        Seat(page).wait_drawn()
        howto.locator("summary").wait_for()
        assert howto.get_attribute("open") is None
        assert not howto.locator(".howto-goal").is_visible()
        howto.locator("summary").click()
        assert howto.locator(".howto-goal").inner_text() == i18n.text("pt", "howto.pyramids.goal")

        # another game's guide is still new to this browser
        other = make_table(base_url, "luxor", ANA_AND_A_BOT)
        page.goto(other["seats"][0]["link"])
        Seat(page).wait_drawn()
        page.locator("#howto .howto-goal").wait_for()
        assert page.locator("#howto").get_attribute("open") is not None
        assert i18n.text("pt", "howto.luxor.goal") in page.locator("#howto").inner_text()


def test_on_a_phone_the_guide_comes_under_the_board_in_the_screens_width(
    browser: Any, base_url: str
) -> None:
    table = make_table(base_url, "horus", ANA_AND_A_BOT)
    with page_in(browser, base_url, locale="pt-BR", width=390, height=844) as page:
        page.goto(table["seats"][0]["link"])
        Seat(page).wait_drawn()
        page.locator("#howto .howto-goal").wait_for()
        board = box(page, "#board")
        assert box(page, "#howto")["y"] >= board["y"] + board["height"]
        assert box(page, "#howto")["y"] < box(page, "#actions")["y"]  # not after the actions
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
        page.screenshot(path=str(artifacts_dir() / "howto-horus-pt-390x844.png"), full_page=True)
