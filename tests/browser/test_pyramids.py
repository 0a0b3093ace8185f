"""Silver & Gold: Pyramids in the browser: hover a card to preview the expedition
shape, rotate it (key R), and click to mark it."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from scarab import i18n
from tests.browser.conftest import (
    Seat,
    api,
    make_table,
    page_in,
    seat_link,
    seat_state,
    shoot,
    wait_until,
)
from tests.browser.test_long_names import play_to_the_end

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

COLS = "abcde"
# the preview's cells: yellow where the placement is legal, red where it is not
PREVIEW = """() => [...document.querySelectorAll(
    '#board rect[fill="#ffd23f"], #board rect[fill="#e53935"]')].map((r) => ({
  x: Number(r.getAttribute("x")), y: Number(r.getAttribute("y")),
  size: Number(r.getAttribute("width")) + 3, ok: r.getAttribute("fill") === "#ffd23f",
}))"""


def preview(page: Any) -> tuple[frozenset[str], bool]:
    """The cells the shape preview covers, and whether it shows a legal placement."""
    rects = page.evaluate(PREVIEW)
    cells = frozenset(
        f"{COLS[round((r['x'] - 1.5) / r['size'])]}{round((r['y'] - 1.5) / r['size']) + 1}"
        for r in rects
    )
    return cells, bool(rects) and all(r["ok"] for r in rects)


def hover(page: Any, seat: Seat, name: str) -> tuple[frozenset[str], bool]:
    """Point at a cell afresh (off the board first) and read the preview drawn there."""
    page.mouse.move(1, 1)
    seat.hit(name).hover()
    page.wait_for_function(f"() => ({PREVIEW})().length > 0")
    return preview(page)


def turned(cells: list[list[int]]) -> bool:
    """Whether a quarter turn changes the shape (a square of 4 it does not)."""

    def norm(pts: list[tuple[int, int]]) -> set[tuple[int, int]]:
        mc = min(p[0] for p in pts)
        mr = min(p[1] for p in pts)
        return {(c - mc, r - mr) for c, r in pts}

    pts = [(c, r) for c, r in cells]
    return norm(pts) != norm([(-r, c) for c, r in pts])


def marks_on(actions: list[str]) -> dict[str, list[list[str]]]:
    """Each card's legal marks, as lists of cells."""
    out: dict[str, list[list[str]]] = {}
    for a in actions:
        if ":" in a:
            card, cells = a.split(":")
            out.setdefault(card, []).append(cells.split(","))
    return out


def fit_cells(marks: list[list[str]]) -> tuple[set[str], set[str]]:
    """A card's cells a single-cell mark may take, and those any legal mark covers."""
    return {cells[0] for cells in marks if len(cells) == 1}, {c for m in marks for c in m}


def reaching(actions: list[str]) -> list[str]:
    """The cards on which some pattern mark covers a cell that no single mark does."""
    out = []
    for card, marks in marks_on(actions).items():
        singles, everywhere = fit_cells(marks)
        if everywhere - singles:
            out.append(card)
    return out


def mark_decision(seat: Seat) -> dict[str, Any]:
    """Play on (keeping two dealt cards by clicking them, anything else from the list)
    until this seat marks with an expedition shape that a quarter turn changes, and
    that reaches cells a single-cell mark cannot on some card."""
    for _ in range(40):
        m = seat.wait_decision()
        assert not m["over"]
        view = m["view"]
        actions = [e["action"] for e in m["legal"]]
        me = view["seats"][m["seat"]]
        if view["phase"] == "keep":
            first, second = me["dealt"][:2]
            assert seat.click(seat.hit(f"dealt-{first}")) is None  # one selected
            sent = seat.click(seat.hit(f"dealt-{second}"))
            seat.finish_from_board(f"keep {min(first, second)},{max(first, second)}", sent)
            continue
        exp = view.get("expedition")
        shaped = [a for a in actions if ":" in a and "," in a]
        if view["phase"] == "mark" and exp and reaching(actions) and turned(exp["cells"]):
            return m
        seat.act_from_list(shaped[0] if shaped else actions[0])
    raise AssertionError("no marking decision with a shape that turns")


def marking(page: Any, base_url: str) -> tuple[Seat, dict[str, Any]]:
    """A new table against greedy, played on to a marking decision with a turning shape."""
    table = make_table(
        base_url,
        "pyramids",
        [{"kind": "human", "name": "ann"}, {"kind": "bot", "level": "greedy"}],
    )
    page.goto(seat_link(table, 0))
    seat = Seat(page)
    seat.wait_drawn()
    return seat, mark_decision(seat)


def test_a_pyramids_mark_with_a_rotated_shape(page: Any, base_url: str) -> None:
    seat, m = marking(page, base_url)
    me = m["seat"]
    cards = [c["id"] for c in m["view"]["seats"][me]["cards"]]
    assert cards and page.locator('#board [data-hit="rotate"]').is_visible()

    # hovering a cell previews the shape; R turns it a quarter
    centre = f"cell-{cards[0]}-c3"
    before, _ = hover(page, seat, centre)
    assert len(before) == len(m["view"]["expedition"]["cells"])
    shoot(page, "pyramids-preview")
    page.keyboard.press("r")  # the pointer stays put: the preview turns in place
    after, _ = wait_until(lambda: (p := preview(page))[0] not in (before, frozenset()) and p, "R")
    assert len(after) == len(before), (before, after)
    assert hover(page, seat, centre)[0] == after
    shoot(page, "pyramids-preview-rotated")
    # the rotate button turns it too (and back after four)
    seat.page.locator('#board [data-hit="rotate"]').click()
    third, _ = hover(page, seat, centre)
    assert third != after

    # find a cell where the turned shape fits, by pointing, and click there
    found = None
    for _turn in range(4):
        for card in cards:
            for cell in (f"{c}{r}" for r in range(1, 6) for c in COLS):
                cells, ok = hover(page, seat, f"cell-{card}-{cell}")
                if ok:
                    found = card, cell, cells
                    break
            if found:
                break
        if found:
            break
        page.keyboard.press("r")
    assert found, "no legal placement shown in any rotation"
    card, cell, cells = found
    want = f"{card}:{','.join(sorted(cells, key=lambda c: (int(c[1]), c[0])))}"
    assert want in [e["action"] for e in m["legal"]]
    sent = seat.click(seat.hit(f"cell-{card}-{cell}"))
    seat.finish_from_board(want, sent)

    # the mark is on the card in this seat's view
    page.wait_for_function(
        """([me, card, cells]) => {
          const s = window.__scarab.last.view.seats[me];
          const c = [...s.cards, ...s.completed].find((x) => x.id === card);
          return c && cells.every((cell) => c.marked.includes(cell));
        }""",
        arg=[me, card, sorted(cells)],
    )
    assert not page.locator("#message").inner_text().strip()
    page.mouse.move(1, 1)
    shoot(page, "pyramids-marked")


def fits_on(page: Any, card: int) -> set[str]:
    """The cells of this card highlighted as ones a legal mark may cover."""
    shown = page.locator("#board [data-fits]").evaluate_all("l => l.map(e => e.dataset.fits)")
    return {f.split("-", 1)[1] for f in shown if f.startswith(f"{card}-")}


def test_a_mark_that_does_not_fit_is_explained_in_words_and_the_fits_are_shown(
    page: Any, base_url: str
) -> None:
    seat, m = marking(page, base_url)
    legal = [e["action"] for e in m["legal"]]
    card = int(reaching(legal)[0])
    singles, everywhere = fit_cells(marks_on(legal)[str(card)])
    assert fits_on(page, card) == singles  # before: the single cells only
    for cell in (f"{c}{r}" for r in range(5, 0, -1) for c in COLS):  # far from the entrance
        if not hover(page, seat, f"cell-{card}-{cell}")[1]:
            break
    else:
        pytest.skip("every placement fits on this card")
    assert seat.click(seat.hit(f"cell-{card}-{cell}")) is None  # nothing sent
    said = page.locator("#message").inner_text()
    assert "does not fit" in said and f"card {card}" in said and ":" not in said.split(".")[0]
    assert fits_on(page, card) == everywhere  # after: every cell a legal mark covers
    shoot(page, "pyramids-misfit-explained")


# The texts of the drawing labelled ``label``, and those that run into another on their
# line or leave the drawing: [the words, the other words or 'off'].
PANEL = r"""(label) => {
  const panel = [...document.querySelectorAll('#board svg')]
    .find((el) => el.getAttribute('aria-label') === label);
  if (!panel) return null;
  const frame = panel.getBoundingClientRect();
  const texts = [...panel.querySelectorAll('text')].filter((el) => el.textContent.trim());
  const boxes = texts.map((el) => el.getBoundingClientRect());
  const centre = (b) => (b.top + b.bottom) / 2;
  const clashes = [];
  boxes.forEach((r, i) => {
    if (r.left < frame.left - 1 || r.right > frame.right + 1) {
      clashes.push([texts[i].textContent, 'off']);
    }
    boxes.slice(i + 1).forEach((q, j) => {
      const across = Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1;
      const level = Math.abs(centre(r) - centre(q)) < Math.min(r.height, q.height) / 2;
      if (across && level) clashes.push([texts[i].textContent, texts[i + 1 + j].textContent]);
    });
  });
  return [texts.map((el) => el.textContent), clashes];
}"""


# The page's final scoring: its headings' words (a seat's name, a row's label) and those
# that run into another, leave the table or are cut short: [the words, [a, b or why]].
HEADS = r"""() => {
  const table = document.getElementById('scoring');
  const frame = table.getBoundingClientRect();
  const heads = [...table.querySelectorAll('th')];
  const boxes = heads.map((el) => el.getBoundingClientRect());
  const clashes = [];
  heads.forEach((el, i) => {
    const r = boxes[i];
    if (r.left < frame.left - 1 || r.right > frame.right + 1) clashes.push([el.textContent, 'off']);
    const who = el.querySelector('.who');
    if (who && (who.scrollHeight > who.clientHeight + 1 || who.scrollWidth > who.clientWidth + 1)) {
      clashes.push([el.textContent, 'cut']);
    }
    boxes.slice(i + 1).forEach((q, j) => {
      const across = Math.min(r.right, q.right) - Math.max(r.left, q.left) > 1;
      const down = Math.min(r.bottom, q.bottom) - Math.max(r.top, q.top) > 1;
      if (across && down) clashes.push([el.textContent, heads[i + 1 + j].textContent]);
    });
  });
  return [heads.map((el) => el.textContent.trim()), clashes];
}"""


@pytest.mark.parametrize("locale", ["en-US", "pt-BR"])
def test_at_game_over_the_final_scoring_names_each_seat_whole_and_your_points_are_final(
    browser: Any, base_url: str, locale: str
) -> None:
    """On a laptop's screen the final scoring (the page's table: the board draws none)
    heads each seat's column with its whole name (the board's panel cut the winner's to
    "★ greed…" with room to spare), its rows labelled in the reader's words; and your
    panel says your points in all, not "so far"."""
    names = ["Ana Beatriz", "greedy bot 2"]
    table = make_table(
        base_url,
        "pyramids",
        [{"kind": "human", "name": names[0]}, {"kind": "bot", "level": "greedy", "name": names[1]}],
    )
    with page_in(browser, base_url, locale, 1280, 900) as pg:
        pg.goto(seat_link(table, 0))
        Seat(pg).wait_drawn()
        play_to_the_end(pg)
        pg.reload()
        m = Seat(pg).wait_drawn()
        pg.locator("#scoring").wait_for()
        lang = locale[:2]
        shoot(pg, f"pyramids-over-{lang}-1280")
        heads, clashes = pg.evaluate(HEADS)
        assert clashes == [], clashes
        for name in names:
            assert name in heads or f"★ {name}" in heads, (name, heads)
        labels = [i18n.text(lang, row["msg"], row.get("args", {})) for row in m["final_rows"]]
        assert heads == [i18n.text(lang, "ui.final.category", {}), *heads[1:3], *labels], heads
        assert pg.locator("#scoring").get_attribute("class") == "scoring"  # a column per seat
        mine, clashes = pg.evaluate(PANEL, i18n.text(lang, "pyramids.page.your_cards", {}))
        assert clashes == [], clashes
        total = m["view"]["final"][0]["total"]
        assert i18n.text(lang, "pyramids.page.vp_final", {"n": total}) in mine, mine
        points = m["view"]["seats"][0]["score_card"]["points"]
        assert i18n.text(lang, "pyramids.page.vp_so_far", {"n": points}) not in mine, mine


DEALT = """() => [...document.querySelectorAll('#board [data-spot^="dealt-"]')].map((el) =>
  [Number(el.dataset.spot.slice(6)), el.hasAttribute('data-hit')])"""


@pytest.mark.parametrize("width", [1280, 390])
def test_your_dealt_cards_show_while_another_seat_keeps_two(
    browser: Any, base_url: str, width: int
) -> None:
    """At setup the seats keep two of their four cards in turn: a seat waiting for its
    turn sees its four (not "Dealing…"), not yet choosable; on its turn it chooses."""
    table = make_table(
        base_url, "pyramids", [{"kind": "human", "name": "ann"}, {"kind": "human", "name": "bob"}]
    )
    first = seat_state(base_url, table, 0)["current"]
    other = 1 - first
    with page_in(browser, base_url, width=width, height=800 if width > 400 else 844) as pg:
        pg.goto(seat_link(table, other))
        seat = Seat(pg)
        m = seat.wait_drawn()
        dealt = m["view"]["seats"][other]["dealt"]
        assert len(dealt) == 4 and not m["legal"]
        assert pg.evaluate(DEALT) == [[card, False] for card in dealt]
        assert i18n.text("en", "pyramids.page.mine.dealing", {}) not in pg.inner_text("#board")
        shoot(pg, f"pyramids-dealt-waiting-{width}")
        m = seat_state(base_url, table, first)
        keep = {"token": table["seats"][first]["token"], "action": m["legal"][0]["action"]}
        api(base_url, f"/api/tables/{table['table']}/act", {**keep, "version": m["version"]})
        seat.wait_decision()
        assert pg.evaluate(DEALT) == [[card, True] for card in dealt]
