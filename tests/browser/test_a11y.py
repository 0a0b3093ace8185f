"""The table for a screen reader and a keyboard: the boards are groups whose pieces a
screen reader reaches (not images that hide them), and only the status line and the
message are live regions (not the whole page, redrawn at every move).

axe-core, where it is found ($SCARAB_AXE, else node_modules/axe-core/axe.min.js), checks
the boards as well; the page's Content-Security-Policy is bypassed for that only."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import WAIT_MS, WATCH_SOCKET, Seat, make_table, seat_link, shoot

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

AXE = Path(
    os.environ.get("SCARAB_AXE")
    or Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
)


@pytest.fixture
def axe_page(browser: Any, base_url: str) -> Iterator[Any]:
    """A page like ``page``'s, whose Content-Security-Policy lets axe-core in."""
    context = browser.new_context(
        base_url=base_url, viewport={"width": 1280, "height": 900}, bypass_csp=True
    )
    context.set_default_timeout(WAIT_MS)
    context.add_init_script(WATCH_SOCKET)
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("console", lambda msg: msg.type == "error" and errors.append(f"console: {msg.text}"))
    yield pg
    context.close()
    assert not errors, f"errors in the page or its console: {errors}"


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
