"""The replay viewer as a watcher of old games uses it: its refusals in the reader's
language, the last move in words and the log as the table shows it, stepping by keyboard,
the position kept in the address, and a finished table's watcher told of its rematch."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

import scarab
from scarab import i18n
from tests.browser.conftest import WAIT_MS, api, make_table, seat_link, wait_until

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


@contextmanager
def reader(browser: Any, base_url: str, locale: str = "pt-BR", **size: int) -> Iterator[Any]:
    """A page whose browser prefers ``locale``; failing the test on any error in the page
    or its console but a refused request's (the viewer is refused on purpose here)."""
    viewport = {"width": size.get("width", 1280), "height": size.get("height", 900)}
    context = browser.new_context(base_url=base_url, locale=locale, viewport=viewport)
    context.set_default_timeout(WAIT_MS)
    errors: list[str] = []
    page = context.new_page()
    page.on("pageerror", lambda exc: errors.append(str(exc)))

    def console(msg: Any) -> None:
        if msg.type == "error" and "Failed to load resource" not in msg.text:
            errors.append(msg.text)

    page.on("console", console)
    try:
        yield page
    finally:
        context.close()
    assert not errors, f"errors in the page or its console: {errors}"


def finished_bots(base_url: str, game: str, seats: int = 3) -> tuple[str, str]:
    """A table of bots, played out: its id and its record."""
    levels = ["greedy", "random", "novice"]
    table = make_table(
        base_url, game, [{"kind": "bot", "level": levels[i % 3]} for i in range(seats)]
    )
    wait_until(lambda: api(base_url, f"/api/tables/{table['table']}")["over"], "the end", 120)
    return table["table"], api(base_url, f"/api/tables/{table['table']}/record")


def frame(base_url: str, record: str, ply: int) -> dict[str, Any]:
    out = api(base_url, "/api/replay", {"record": record, "ply": ply})
    assert isinstance(out, dict)
    return out


def said(lang: str, line: dict[str, Any], names: list[str]) -> str:
    return i18n.text(lang, line["msg"], line["args"], names)


def move_words(lang: str, f: dict[str, Any]) -> str:
    """The last move's line, as the page words it from the frame."""
    names = f["names"]
    move = f["moves"][f["ply"] - 1]
    words = "; ".join(said(lang, line, names) for line in f["log"] if line["ply"] == f["ply"])
    who = names[move["seat"]]
    if not words:
        words = i18n.text(lang, "ui.replay.moved", {"who": f"#{move['seat']}"}, names)
    elif not words.startswith(who):
        words = f"{who}: {words}"
    note = f" ({said(lang, move['note_msg'], names)})" if move["note_msg"] else ""
    return f"{i18n.text(lang, 'ui.replay.last_move')} {words}{note}"


def log_lines(lang: str, f: dict[str, Any]) -> list[str]:
    """The log as the table shows it: oldest first, a heading at each new round."""
    names, out, round_ = f["names"], [], None
    for line in f["log"]:
        if line["round"] != round_:
            round_ = line["round"]
            heading = "ui.table.round" if round_ else "ui.table.setup"
            out.append(i18n.text(lang, heading, {"n": round_}))
        words = said(lang, line, names)
        name = None if line["seat"] is None else names[line["seat"]]
        who = f"{name}: " if name and not words.startswith(name) else ""
        note = f" ({said(lang, line['note'], names)})" if line.get("note") else ""
        out.append(f"{who}{words}{note}")
    return out


def at_move(page: Any, lang: str, ply: int, total: int) -> None:
    page.wait_for_function(
        "(t) => (document.getElementById('ply-text') || {}).textContent?.trim() === t",
        arg=i18n.text(lang, "ui.replay.at", {"ply": ply, "total": total}),
    )


LAST_MOVE = ".replay p.muted"  # the line under the controls: the last move, or "the start"


def go(page: Any, lang: str, ply: int, total: int) -> None:
    """Move the slider to ``ply``, as a reader drags it."""
    page.fill("#ply", str(ply))
    page.locator("#ply").dispatch_event("change")
    at_move(page, lang, ply, total)


def test_the_viewers_refusals_are_in_the_readers_language(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    """In Portuguese: a game still on (with a link to watch it live), a table that does not
    exist, and a record that does not read were refused in the server's English."""
    on = make_table(base_url, "luxor", [{"kind": "human", "name": "ann"}, {"kind": "human"}])
    _, text = finished_bots(base_url, "luxor", 2)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("5. "))
    lines[at] = "5. p1 L S+99"
    bad = tmp_path / "bad.txt"
    bad.write_text("\n".join(lines))
    with reader(browser, base_url) as page:
        page.goto(f"/replay#table={on['table']}")
        error = page.locator(".replay p.error")
        error.wait_for()
        words = i18n.text("pt", "ui.err.record_unfinished")
        assert error.inner_text().startswith(words)
        live = page.locator("#watch-live")
        assert live.inner_text() == i18n.text("pt", "ui.replay.watch_live")
        assert live.get_attribute("href") == f"/t/{on['table']}"

        page.goto("/")
        page.goto("/replay#table=AAAAAAAAAAAAAAAA")
        error.wait_for()
        assert error.inner_text().startswith(i18n.text("pt", "ui.err.no_table"))
        assert page.locator("#back-to-tables").get_attribute("href") == "/"

        page.goto("/")
        page.goto("/replay")
        page.set_input_files("#record-file", str(bad))
        error.wait_for()
        shown = error.inner_text()
        frame_ = i18n.text("pt", "ui.err.bad_record", {"detail": ""})
        assert shown.startswith(frame_) and f"line {at + 1}:" in shown, shown


def test_the_last_move_is_in_words_and_the_log_reads_as_the_tables(
    browser: Any, base_url: str
) -> None:
    """ "last move:" gave the notation ("8:a1", a Pyramids mark the board still hid); now
    it says what the watchers' log said of the move, and the log is the table's: oldest
    first, with round headings. The board marks where the move went, once it shows."""
    table, text = finished_bots(base_url, "pyramids")
    record = scarab.read_record(text)
    total = len(record.moves)
    frames = {}
    hidden = reveal = None
    for ply in range(1, total + 1):
        f = frames[ply] = frame(base_url, text, ply)
        kinds = [line["kind"] for line in f["log"] if line["ply"] == ply]
        if hidden is None and kinds == ["marked"]:
            hidden = ply  # a seat marked its card: nobody sees where until all have
        if hidden is not None and "reveal" in kinds:
            reveal = ply
            break
    assert hidden is not None and reveal is not None
    with reader(browser, base_url) as page:
        page.goto(f"/replay#table={table}")
        at_move(page, "pt", 0, total)
        go(page, "pt", hidden, total)
        f = frames[hidden]
        line = page.locator(LAST_MOVE).inner_text()
        assert line == move_words("pt", f)
        seat, notation = record.moves[hidden - 1]
        marked = said("pt", f["log"][-1], f["names"])  # "já traçou": where, nobody sees yet
        assert line.endswith(f"{f['names'][seat]}: {marked}") and notation not in line
        page.locator("#board > *").first.wait_for()
        assert page.locator("#board [data-last]").count() == 0  # the board shows no mark either
        log = [t.strip() for t in page.locator("#log li").all_inner_texts()]
        assert log == log_lines("pt", f)
        assert log[0] == i18n.text("pt", "ui.table.setup")  # oldest first
        assert page.locator("#log li.round").count() >= 2

        go(page, "pt", reveal, total)
        assert page.locator(LAST_MOVE).inner_text() == move_words("pt", frames[reveal])
        page.locator("#board [data-last]").first.wait_for()  # the marks, now shown


def test_a_move_the_zombie_played_says_so_in_the_replay(browser: Any, base_url: str) -> None:
    """The table's log says which moves the zombie played for a seat whose person left;
    the replay's log dropped it."""
    made = make_table(
        base_url,
        "luxor",
        [{"kind": "human", "name": "leo"}, {"kind": "bot", "level": "random"}],
    )
    table = made["table"]
    with reader(browser, base_url, "es-ES") as page:
        page.goto(seat_link(made, 0))
        page.locator("#board > *").first.wait_for()
        page.on("dialog", lambda dialog: dialog.accept())
        page.click("#leave")
        page.locator("#allow-undo").wait_for(state="detached")
        wait_until(lambda: api(base_url, f"/api/tables/{table}")["over"], "the end", 120)
        text = api(base_url, f"/api/tables/{table}/record")
        total = len(scarab.read_record(text).moves)
        f = frame(base_url, text, total)
        page.goto(f"/replay#table={table}")
        at_move(page, "es", 0, total)
        go(page, "es", total, total)
        log = [t.strip() for t in page.locator("#log li").all_inner_texts()]
        assert log == log_lines("es", f)
        notes = page.locator("#log .by")
        assert notes.count() >= 1
        zombie = i18n.text(
            "es", "ui.log.by_zombie_left", {"who": "#0", "level": "@ui.level.greedy"}, ["leo"]
        )
        assert notes.first.inner_text() == f"({zombie})"


def test_the_keyboard_steps_through_a_replay_and_keeps_its_place(
    browser: Any, base_url: str
) -> None:
    """Each step rebuilt the controls, so focus fell to the page: ten presses of
    ArrowRight on the slider moved one move, and Enter on ▶ worked once."""
    table, text = finished_bots(base_url, "luxor", 2)
    total = len(scarab.read_record(text).moves)
    with reader(browser, base_url, "en-US") as page:
        page.goto(f"/replay#table={table}")
        at_move(page, "en", 0, total)
        page.focus("#ply")
        for _ in range(10):
            page.keyboard.press("ArrowRight")
        at_move(page, "en", 10, total)
        assert page.evaluate("() => document.activeElement.id") == "ply"
        page.focus("#next")
        for ply in (11, 12, 13):
            page.keyboard.press("Enter")
            at_move(page, "en", ply, total)
        page.keyboard.press("Space")
        at_move(page, "en", 14, total)
        assert page.evaluate("() => document.activeElement.id") == "next"
        page.keyboard.press("Shift+Tab")
        page.keyboard.press("Shift+Tab")
        assert page.evaluate("() => document.activeElement.id") == "prev"
        page.keyboard.press("Enter")
        page.keyboard.press("Enter")
        at_move(page, "en", 12, total)
        assert page.locator("#ply").input_value() == "12"
        assert page.evaluate("() => document.activeElement.id") == "prev"


def test_the_position_is_in_the_address_and_kept_across_a_language_switch(
    browser: Any, base_url: str, tmp_path: Path
) -> None:
    """A language switch reloads the page, which began again at move 0 (and lost an
    uploaded record); a link could not point at a move."""
    table, text = finished_bots(base_url, "horus", 2)
    total = len(scarab.read_record(text).moves)
    path = tmp_path / "game.txt"
    path.write_text(text)
    with reader(browser, base_url, "en-US") as page:
        page.goto(f"/replay#table={table}&ply=7")  # a link to a move
        at_move(page, "en", 7, total)
        page.click("#next")
        page.click("#next")
        at_move(page, "en", 9, total)
        assert page.evaluate("() => location.hash") == f"#table={table}&ply=9"
        page.select_option("#lang", "es")
        at_move(page, "es", 9, total)
        assert page.locator(LAST_MOVE).inner_text() == move_words("es", frame(base_url, text, 9))

        page.goto("/")
        page.goto(f"/replay#table={table}&ply=99999")  # past the end: the last move
        at_move(page, "es", total, total)

        page.goto("/")
        page.goto("/replay")
        page.set_input_files("#record-file", str(path))
        at_move(page, "es", 0, total)
        go(page, "es", 5, total)
        assert page.evaluate("() => location.hash") == "#ply=5"
        page.select_option("#lang", "pt")  # an uploaded record is kept for this tab
        at_move(page, "pt", 5, total)
        assert "Horus: " in page.locator(".replay h2").first.inner_text()


def test_a_watcher_of_a_finished_table_is_told_of_its_rematch(browser: Any, base_url: str) -> None:
    """The state carries the rematch, but a watcher's page said nothing of it."""
    made = make_table(
        base_url,
        "luxor",
        [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "random"}],
    )
    table = made["table"]
    with reader(browser, base_url) as ann, reader(browser, base_url) as watcher:
        ann.goto(seat_link(made, 0))
        ann.locator("#board > *").first.wait_for()
        ann.on("dialog", lambda dialog: dialog.accept())
        ann.click("#leave")  # the zombie plays her seat to the end
        wait_until(lambda: api(base_url, f"/api/tables/{table}")["over"], "the end", 120)
        watcher.goto(f"/t/{table}")
        watcher.locator("#scoring").wait_for()
        assert watcher.locator("#watch-rematch").count() == 0
        token = made["seats"][0]["token"]
        new = api(base_url, f"/api/tables/{table}/rematch", {}, {"X-Seat-Token": token})["table"]
        link = watcher.locator("#watch-rematch")
        link.wait_for()
        assert link.get_attribute("href") == f"/t/{new}"
        assert link.inner_text() == i18n.text("pt", "ui.rematch.watch")
        line = watcher.locator("#rematch-next").inner_text()
        assert line.startswith(i18n.text("pt", "ui.rematch.watch_next"))
        assert watcher.locator("#rematch, #rematch-join").count() == 0  # no seat's controls


def test_on_a_phone_the_replay_fits_the_screen(browser: Any, base_url: str) -> None:
    """The record's file input stuck out of its card at 390 px: the page panned sideways."""
    table, text = finished_bots(base_url, "pyramids")
    total = len(scarab.read_record(text).moves)
    with reader(browser, base_url, width=390, height=844) as page:
        page.goto(f"/replay#table={table}")
        at_move(page, "pt", 0, total)
        page.locator("#board > *").first.wait_for()
        assert page.evaluate("() => document.documentElement.scrollWidth") <= 390
