"""The page in Portuguese and Spanish: chosen from the browser's language, changed with
the selector and kept; the lobby, a table's words (actions, log, status, rules, errors)
and the final scoring all come from the catalogues."""

from __future__ import annotations

import json
import re
import shutil
from collections.abc import Callable, Iterator
from typing import Any

import pytest

import scarab
from scarab import i18n
from scarab.core.record import Record, write_record
from tests.browser.conftest import (
    WAIT_MS,
    WATCH_SOCKET,
    Seat,
    api,
    artifacts_dir,
    make_table,
    seat_state,
    shoot,
    wait_until,
)

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)


@pytest.fixture
def speaker(browser: Any, base_url: str) -> Iterator[Callable[[str], Any]]:
    """Pages whose browser prefers a language (as a person's browser would say), failing
    the test on any error in the page or its console."""
    contexts: list[Any] = []
    errors: list[str] = []

    def open_page(locale: str) -> Any:
        context = browser.new_context(
            base_url=base_url, locale=locale, viewport={"width": 1280, "height": 900}
        )
        context.set_default_timeout(WAIT_MS)
        context.add_init_script(WATCH_SOCKET)
        contexts.append(context)
        pg = context.new_page()
        pg.on("pageerror", lambda exc: errors.append(str(exc)))
        pg.on("console", lambda msg: msg.type == "error" and errors.append(msg.text))
        return pg

    yield open_page
    for context in contexts:
        context.close()
    assert not errors, f"errors in the page or its console: {errors}"


def words(lang: str, msg: str, **args: Any) -> str:
    return i18n.text(lang, msg, args)


def play_at(page: Any, table: dict[str, Any], seat: int) -> Seat:
    page.goto(table["seats"][seat]["link"])
    at = Seat(page)
    at.wait_drawn()
    return at


def check_table_speaks(page: Any, at: Seat, lang: str, game: str) -> None:
    """The status, every action's words, the log after a move, and the rules panel."""
    m = at.wait_decision()
    assert page.locator("html").get_attribute("lang") == lang
    assert words(lang, "ui.status.yours") in page.locator(".status").inner_text()
    for entry in m["legal"]:
        shown = page.locator(f'#actions button.action[data-action="{entry["action"]}"]')
        said = i18n.text(lang, entry["msg"], entry["args"], m["names"])
        assert shown.inner_text().strip() == f"{entry['action']} {said}"
    assert any(i18n.text(lang, e["msg"], e["args"], m["names"]) != e["text"] for e in m["legal"])
    at.click(page.locator("#actions button.action").first)
    page.locator("#log li:not(.round)").first.wait_for()
    line = at.state()["log"][-1]
    said = i18n.text(lang, line["msg"], line["args"], at.state()["names"])
    assert said in page.locator("#log").inner_text()
    heading = words(lang, "ui.table.round", n=line["round"]) if line["round"] else None
    assert (heading or words(lang, "ui.table.setup")) in page.locator("#log").inner_text()
    page.click("#rules summary")
    rules = json.loads(api_text(page, f"/api/games/{game}/rules"))
    first = rules["sections"][0]["id"]
    heading = page.locator(f'#rules [data-section="{first}"] h3').inner_text()
    assert heading == words(lang, f"rules.{game}.section.{first}")
    assert heading != words("en", f"rules.{game}.section.{first}")
    # each clause's and example's source too, not the English the rules carry
    for clause in rules["clauses"][:3]:
        shown = page.locator(f"#rule-{clause['id']} .source").inner_text().strip()
        said = words(lang, f"rules.{game}.source.{clause['id']}")
        assert shown == f"({said})" and shown != f"({clause['source']})"
    example = rules["examples"][0]
    shown = page.locator(f"#example-{example['id']} .source").inner_text().strip()
    said = words(lang, f"rules.{game}.example_source.{example['id']}")
    assert shown == f"({', '.join(example['clauses'])}; {said})" and example["source"] not in shown
    page.locator("#rules").screenshot(path=str(artifacts_dir() / f"rules-{game}-{lang}.png"))


def api_text(page: Any, path: str) -> str:
    return str(page.evaluate("async (p) => (await fetch(p)).text()", path))


def test_a_portuguese_browser_gets_the_lobby_and_a_horus_table_in_portuguese(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    page = speaker("pt-BR")
    page.goto("/")
    page.locator("#create").wait_for()
    assert page.locator("#create").inner_text() == "Criar mesa"
    assert page.locator("header nav a").first.inner_text() == "Mesas"
    assert page.locator("#lang").input_value() == "pt"
    shoot(page, "lobby-pt")
    table = make_table(
        base_url, "horus", [{"kind": "human", "name": "ana"}, {"kind": "bot", "level": "greedy"}]
    )
    at = play_at(page, table, 0)
    check_table_speaks(page, at, "pt", "horus")
    shoot(page, "horus-pt")


def test_seats_left_unnamed_are_named_in_the_makers_language(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    page = speaker("pt-BR")
    page.goto("/")
    page.select_option("#game", "luxor")
    page.select_option("#players", "3")
    kinds = page.locator(".seat-kind")
    kinds.nth(1).select_option("human")
    kinds.nth(2).select_option("bot:greedy")
    page.locator(".seat-name").nth(1).fill("")
    page.click("#create")
    page.locator(".seat-link").first.wait_for()
    link = page.locator(".seat-link").first.get_attribute("href")
    made = api(base_url, f"/api/tables/{link.split('/t/')[1].split('#')[0]}")
    expected = ["jogador 2", words("pt", "ui.new.bot_name", level="@ui.level.greedy", seat=3)]
    assert made["names"][1:] == expected == ["jogador 2", "bot ganancioso 3"]
    assert made["names"][0] == "jogador 1"  # it was "você": the others read the seat as "you"


def test_a_quick_plays_open_seats_are_named_in_the_players_language(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    page = speaker("es-ES")
    page.goto("/")
    page.fill("#player-name", "quique")
    page.click("#player-start")
    page.wait_for_selector("#player-me")  # the lobby is drawn again for the player: then pick
    page.select_option("#quick-game", "pyramids")
    page.select_option("#quick-players", "3")
    page.click("#quick-play")
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))
    made = api(base_url, f"/api/tables/{page.url.split('/t/')[1].split('#')[0]}")
    assert made["names"] == ["quique", "asiento libre 2", "asiento libre 3"]


def test_a_watchers_chat_line_is_signed_in_the_readers_language(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    table = make_table(base_url, "luxor", [{"kind": "human"}, {"kind": "bot", "level": "greedy"}])
    page = speaker("es-ES")
    page.goto(f"/t/{table['table']}")  # no seat: a watcher
    page.locator("#chat-text").wait_for()
    page.fill("#chat-text", "hola")
    page.click("#chat-send")
    line = page.locator("#chat li").first
    line.wait_for()
    assert line.inner_text() == "un espectador: hola"  # it read "a watcher (espectadores)"


def test_a_spanish_browser_gets_a_luxor_table_its_errors_and_the_leaderboard_in_spanish(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    rated = api(
        base_url,
        "/api/tables",
        {
            "game": "luxor",
            "public": True,
            "rated": True,
            "seats": [{"kind": "bot", "level": "random"}, {"kind": "bot", "level": "greedy"}],
        },
    )
    page = speaker("es-ES")
    table = make_table(
        base_url, "luxor", [{"kind": "human", "name": "eva"}, {"kind": "bot", "level": "greedy"}]
    )
    at = play_at(page, table, 0)
    check_table_speaks(page, at, "es", "luxor")
    shoot(page, "luxor-es")
    for n in range(6):  # one line over the chat's rate: the refusal is in Spanish
        page.fill("#chat-text", f"hola {n}")
        page.click("#chat-send")
    refusal = words("es", "ui.err.chat_rate", n=5, seconds="10")
    page.locator("#message").get_by_text(refusal).wait_for()
    assert page.input_value("#chat-text") == "hola 5"  # the refused line is kept to send again
    board = f"/api/tables/{rated['table']}"
    wait_until(lambda: api(base_url, board)["over"], "the rated bots' game to end", 120)
    wait_until(
        lambda: api(base_url, "/api/leaderboard/luxor")["rows"], "the leaderboard to fill", 30
    )
    page.goto("/")
    page.select_option("#board-game", "luxor")
    page.locator("#leaderboard table").wait_for()
    header = page.locator("#leaderboard thead").inner_text()
    assert words("es", "ui.board.rating") in header and "rating" not in header
    assert page.locator("#leaderboard").get_by_text(words("es", "ui.level.greedy")).count() >= 1
    shoot(page, "leaderboard-es")


def test_the_language_selector_changes_the_page_and_the_choice_is_kept(
    speaker: Callable[[str], Any],
) -> None:
    page = speaker("en-US")
    page.goto("/")
    page.locator("#create").wait_for()
    assert page.locator("#create").inner_text() == "Create table"
    with page.expect_navigation():
        page.select_option("#lang", "es")
    page.locator("#create").wait_for()
    assert page.locator("#create").inner_text() == "Crear mesa"
    page.reload()
    page.locator("#create").wait_for()
    assert page.locator("#create").inner_text() == "Crear mesa"
    assert page.locator("html").get_attribute("lang") == "es"  # kept in this browser


def test_a_players_profile_after_a_rated_game_in_spanish(
    speaker: Callable[[str], Any], base_url: str
) -> None:
    page = speaker("es-ES")
    page.goto("/")
    page.fill("#player-name", "eva")
    page.click("#player-start")
    page.wait_for_selector("#player-me")
    me = json.loads(page.evaluate("() => localStorage.getItem('scarab.player')"))
    seats = [{"kind": "human", "me": True}, {"kind": "bot", "level": "greedy"}]
    made = api(
        base_url,
        "/api/tables",
        {"game": "luxor", "public": True, "rated": True, "seats": seats},
        headers={"X-Player-Key": me["key"]},
    )
    page.goto(f"/t/{made['table']}")
    Seat(page).wait_drawn()
    assert f"· {words('es', 'ui.rated.on')}" in page.locator(".status").inner_text()
    key = {"X-Player-Key": me["key"]}
    wait_until(
        lambda: api(base_url, f"/api/tables/{made['table']}", headers=key)["legal"], "a turn"
    )
    m = api(base_url, f"/api/tables/{made['table']}", headers=key)
    act = {"token": None, "action": m["legal"][0]["action"], "version": m["version"]}
    api(base_url, f"/api/tables/{made['table']}/act", act, headers=key)  # a move of her own
    page.on("dialog", lambda dialog: dialog.accept())
    page.click("#leave")  # the zombie plays eva's seat to the end: still her rated game
    page.locator("#allow-undo").wait_for(state="detached")  # the seat's controls are the zombie's
    wait_until(lambda: api(base_url, f"/api/tables/{made['table']}")["over"], "the end", 120)
    page.goto(f"/p/{me['player']}")
    page.locator("#profile table").wait_for()
    text = page.locator("#profile").inner_text()
    assert words("es", "ui.profile.ratings") in text and words("es", "ui.profile.recent") in text
    assert "Luxor 1." in text and "1. Luxor" in text and "luxor" not in text  # titles, not ids
    shoot(page, "profile-es")
    # the leaderboard fits a phone: its Spanish headings ran 15 px past the screen
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto("/")
    page.select_option("#board-game", "luxor")
    board = page.locator("table.ratings")
    board.locator("tbody tr").first.wait_for()
    box = board.bounding_box()
    assert box is not None and box["x"] + box["width"] <= 390, box
    assert page.evaluate("() => document.documentElement.scrollWidth") <= 390


# Pairs of words (or a word and a pyramid chip) drawn over each other on the board.
OVERLAPS = """() => {
  const items = [...document.querySelectorAll('#board svg text, #board svg .chip')]
    .filter((el) => el.matches('.chip') || (!el.closest('.chip') && el.textContent.trim()))
    .map((el) => [el.textContent || 'chip', el.getBoundingClientRect()]);
  const out = [];
  for (let i = 0; i < items.length; i++) for (let j = i + 1; j < items.length; j++) {
    const [a, ra] = items[i], [b, rb] = items[j];
    const w = Math.min(ra.right, rb.right) - Math.max(ra.left, rb.left);
    const h = Math.min(ra.bottom, rb.bottom) - Math.max(ra.top, rb.top);
    if (w > 2 && h > 2) out.push([a, b]);
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["es-ES", "pt-BR"])
def test_a_pyramids_table_in_other_words_draws_none_over_another(
    speaker: Callable[[str], Any], base_url: str, locale: str
) -> None:
    """The race's title and rule, the colours' names beside their chips; then, once ana
    has completed a pyramid, her "completed:" beside it and the display's hint to take a
    card: in words longer than the English."""
    table = make_table(
        base_url, "pyramids", [{"kind": "human", "name": "ana"}, {"kind": "human", "name": "bia"}]
    )
    page = speaker(locale)
    at = play_at(page, table, 0)
    assert page.evaluate(OVERLAPS) == []
    for _ in range(100):  # first legal actions (32 at most in 200 deals) until ana takes
        m = seat_state(base_url, table, 0)
        if any(e["fields"]["verb"] == "take" for e in m["legal"]):
            break
        m = seat_state(base_url, table, m["current"])
        body = {"token": table["seats"][m["seat"]]["token"], "action": m["legal"][0]["action"]}
        api(base_url, f"/api/tables/{table['table']}/act", {**body, "version": m["version"]})
    # the page has drawn that very decision (an earlier one of ana's may still show)
    page.wait_for_function("(v) => (window.__scarab.last || {}).version === v", arg=m["version"])
    assert any(e["fields"]["verb"] == "take" for e in at.wait_decision()["legal"])
    shoot(page, f"pyramids-{locale[:2]}")
    assert page.evaluate(OVERLAPS) == []


# The words drawn on a card (a group whose first shape is the card's rectangle) that
# leave it or run into words on the same line: [the words, what is wrong, the others].
OFF_THEIR_CARD = """(root) => {
  const box = (el) => el.getBoundingClientRect();
  const out = [];
  for (const card of document.querySelectorAll(`${root} svg g`)) {
    const rect = card.firstElementChild;
    if (!rect || rect.tagName !== 'rect') continue;
    const words = [...card.children].filter((el) => el.tagName === 'text' && el.textContent.trim());
    const r = box(rect);
    for (const el of words) {
      const q = box(el);
      const off = q.left < r.left - 1 || q.right > r.right + 1;
      if (off) out.push([el.textContent, 'off its card', '']);
      for (const other of words.filter((o) => o !== el)) {
        const o = box(other);
        const across = Math.min(q.right, o.right) - Math.max(q.left, o.left) > 1;
        const centre = (b) => (b.top + b.bottom) / 2;
        const level = Math.abs(centre(q) - centre(o)) < Math.min(q.height, o.height) / 2;
        if (across && level) out.push([el.textContent, 'over', other.textContent]);
      }
    }
  }
  return out;
}"""


@pytest.mark.parametrize("locale", ["es-ES", "pt-BR", "en-US"])
def test_the_luxor_supplys_horus_cards_keep_their_words_on_the_card(
    speaker: Callable[[str], Any], tmp_path: Any, locale: str
) -> None:
    """Horus 1 and Horus 2 both showing "all +1" ("todos +1", the longer face), beside
    each other: each face fits its card, at a laptop's width and a phone's."""
    kinds = {c["code"]: c["kind"] for c in scarab.load("luxor").board()["cards"]}
    record = Record(game="luxor", players=("ana", "eva"), seed=28)
    state = scarab.load("luxor").new_game(record.players, seed=record.seed)
    tops = [h["top"] for h in state.view(None)["horus_stacks"]]
    assert [kinds[top] for top in tops[:2]] == ["all", "all"], tops  # the deal this seed gives
    path = tmp_path / "luxor.txt"
    path.write_text(write_record(record))
    page = speaker(locale)
    face = words(locale[:2], "luxor.page.face.all", steps=1)
    for width in (1280, 390):
        page.set_viewport_size({"width": width, "height": 900})
        page.goto("/replay")
        page.set_input_files("#record-file", str(path))
        page.locator(".replay .board svg text", has_text=face).first.wait_for()
        assert page.locator(".replay .board svg text", has_text=face).count() >= 2
        shoot(page, f"luxor-supply-{locale[:2]}-{width}")
        assert page.evaluate(OFF_THEIR_CARD, ".replay .board") == [], width


# The final scoring against its box: both widths, the document's, and the winners'
# names that lie outside the screen.
SCORING_FITS = """() => {
  const table = document.getElementById('scoring');
  const box = document.getElementById('final');
  const out = [...table.querySelectorAll('.winner .who')].filter((el) => {
    const r = el.getBoundingClientRect();
    return r.left < 0 || r.right > window.innerWidth;
  });
  return [table.getBoundingClientRect().width, box.clientWidth,
    document.documentElement.scrollWidth, out.map((el) => el.textContent)];
}"""


@pytest.mark.parametrize("locale", ["en-US", "pt-BR", "es-ES"])
def test_on_a_phone_the_final_scoring_fits_the_screen_in_each_language(
    speaker: Callable[[str], Any], base_url: str, locale: str
) -> None:
    """Five Horus seats, or four Luxor ones in Portuguese or Spanish, are wider than a
    phone a column per seat: the scoring is then a block per seat, the winner's among
    them (it was off-screen, with nothing saying the box scrolled); on a laptop it is
    still a column per seat."""
    names = ["Ana Beatriz", "Bruno", "Carla", "Dmitri", "Elena Maria"]
    made = {
        game: make_table(
            base_url,
            game,
            [{"kind": "bot", "level": "random", "name": names[i]} for i in range(n)],
        )
        for game, n in (("horus", 5), ("luxor", 4))
    }
    for game, table in made.items():
        over = lambda t=table: api(base_url, f"/api/tables/{t['table']}")["over"]  # noqa: E731
        wait_until(over, f"the {game} bots' game to end", 120)
    page = speaker(locale)
    lang = locale[:2]
    for game, table in made.items():
        for width, height in ((390, 844), (1280, 800)):
            page.set_viewport_size({"width": width, "height": height})
            page.goto(table["watch"])
            page.locator("#scoring").wait_for()
            shoot(page, f"final-scoring-{game}-{lang}-{width}")
            wide, room, page_width, unseen = page.evaluate(SCORING_FITS)
            assert wide <= room + 1 and page_width <= width and unseen == [], (wide, room)
            by_seat = "by-seat" in (page.locator("#scoring").get_attribute("class") or "")
            if width > 1000 or game == "horus":  # Luxor's four fit a phone in English
                assert by_seat == (width < 1000), (game, width)
            heads = page.locator("#scoring .who").all_inner_texts()
            assert [h.lstrip("★ ") for h in heads] == names[: len(heads)], heads
