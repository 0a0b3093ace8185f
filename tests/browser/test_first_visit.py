"""What a first-time visitor met in a usability test: handing on the links of a new table,
whose seats "My tables" lists, the bot levels' order and words, moving one's games to
another device, and a bad table or seat link."""

from __future__ import annotations

import shutil
from typing import Any

import pytest

from tests.browser.conftest import api, artifacts_dir, page_in, shoot

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

# A browser that refuses the clipboard (a page not served securely, or a denied permission).
REFUSE_CLIPBOARD = """
navigator.clipboard.writeText = () => Promise.reject(new DOMException("denied", "NotAllowedError"));
"""
# A device that can share (a phone): what it was asked to share is kept.
CAN_SHARE = "navigator.share = async (data) => { window.__shared = data; };"


def make_in_lobby(page: Any, names: list[str]) -> None:
    """A Luxor table of these people, made with the lobby's New table form."""
    page.goto("/")
    page.select_option("#game", "luxor")
    page.select_option("#players", str(len(names)))
    for i, name in enumerate(names):
        page.locator(".seat-kind").nth(i).select_option("human")
        page.locator(".seat-name").nth(i).fill(name)
    page.click("#create")
    page.locator("#sit").wait_for()


def test_each_link_of_a_new_table_copies_and_says_so(browser: Any, base_url: str) -> None:
    with page_in(browser, base_url, permissions=["clipboard-read", "clipboard-write"]) as page:
        make_in_lobby(page, ["Ann", "Ben", "Cat"])
        items = page.locator(".created li.handed")
        assert items.count() == 4  # a line per seat, and the watch link
        assert page.locator(".created button.share").count() == 0  # this browser cannot share
        ben = items.nth(1)
        ben.get_by_role("button", name="Copy Ben's link").click()
        ben.locator(".copied").get_by_text("Copied").wait_for()
        href = ben.locator("a.seat-link").get_attribute("href")
        assert page.evaluate("() => navigator.clipboard.readText()") == base_url + href
        items.nth(3).get_by_role("button", name="Copy the watch link").click()
        assert page.evaluate("() => navigator.clipboard.readText()").endswith(
            items.nth(3).locator("a").get_attribute("href")
        )
        shoot(page, "new-table-links-1280")


def test_a_refused_clipboard_leaves_the_link_selected_to_copy_by_hand(
    browser: Any, base_url: str
) -> None:
    with page_in(browser, base_url) as page:
        page.context.add_init_script(REFUSE_CLIPBOARD)
        make_in_lobby(page, ["Ann", "Ben"])
        ben = page.locator(".created li.handed").nth(1)
        ben.locator("button.copy").click()
        ben.locator(".copied").get_by_text("Selected").wait_for()
        href = ben.locator("a.seat-link").get_attribute("href")
        assert page.evaluate("() => getSelection().toString()") == base_url + href


def test_a_phone_shares_a_seat_link(browser: Any, base_url: str) -> None:
    with page_in(browser, base_url, width=390, height=844, is_mobile=True, has_touch=True) as page:
        page.context.add_init_script(CAN_SHARE)
        make_in_lobby(page, ["Ann", "Ben", "Cat"])
        cat = page.locator(".created li.handed").nth(2)
        cat.get_by_role("button", name="Share Cat's link").click()
        page.wait_for_function("() => window.__shared")
        shared = page.evaluate("() => window.__shared")
        href = cat.locator("a.seat-link").get_attribute("href")
        assert shared == {
            "title": "Scarab",
            "text": "Your seat at Luxor on Scarab, as Cat",
            "url": base_url + href,
        }
        page.locator(".created").scroll_into_view_if_needed()
        shoot(page, "new-table-links-390")


def test_a_players_my_tables_folds_the_links_made_for_the_others(
    browser: Any, base_url: str
) -> None:
    """A player's My tables comes from the server (their own seat); the links this browser
    made for the others at that table are folded under it, to send again."""
    with page_in(browser, base_url, width=390, height=844) as page:
        page.goto("/")
        page.fill("#player-name", "Ann")
        page.click("#player-start")
        page.locator("#player-me").wait_for()
        make_in_lobby(page, ["Ann", "Ben", "Cat"])
        made = [page.locator(".created a.seat-link").nth(i).get_attribute("href") for i in range(3)]
        page.reload()
        rows = page.locator("#my-tables > li")
        rows.first.wait_for()
        assert rows.count() == 1
        others = rows.first.locator("details.others")
        others.locator("summary").click()
        assert [a.get_attribute("href") for a in others.locator("a.link").all()] == made[1:]
        others.get_by_role("button", name="Copy Cat's link").wait_for()
        rows.first.scroll_into_view_if_needed()
        shoot(page, "my-tables-player-390")


def test_every_menu_of_bot_levels_has_one_order_and_says_what_each_level_is(
    page: Any, base_url: str
) -> None:
    """The new table's seats and zombie listed random, greedy, novice, ...; Fill with a bot
    novice, casual, strong, expert, greedy. Each now lists the ladder easiest first, then
    greedy (the yardstick), each level's words in its title and under the menu."""
    ladder = ["random", "novice", "casual", "strong", "expert", "greedy"]
    page.goto("/")
    page.select_option("#game", "luxor")
    kind = page.locator(".seat-kind").nth(1)
    bots = kind.locator("option[value^='bot:']")
    assert [v.removeprefix("bot:") for v in bots.evaluate_all("l => l.map(o => o.value)")] == ladder
    zombie = page.locator("#zombie option")
    assert zombie.evaluate_all("l => l.map(o => o.value)") == ladder
    assert all(zombie.evaluate_all("l => l.map(o => o.title.length > 20)"))
    groups = page.locator("#zombie optgroup").evaluate_all("l => l.map(g => g.label)")
    assert groups == ["bots, easiest first", "the yardstick"]
    note = page.locator("#" + page.locator("#zombie").get_attribute("aria-describedby"))
    assert note.inner_text().startswith("greedy — takes what looks best right now")
    page.select_option("#zombie", "expert")
    assert note.inner_text().startswith("expert — the strongest")
    seat_note = page.locator(".seats .seat-row").nth(1).locator(".level-note")
    kind.select_option("bot:novice")
    assert seat_note.inner_text().startswith("novice — ")
    kind.select_option("human")
    assert seat_note.is_hidden()
    kind.select_option("bot:strong")
    shoot(page, "levels-new-table-1280")
    page.set_viewport_size({"width": 390, "height": 844})
    page.locator("#zombie").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir() / "levels-new-table-390.png"))

    me = api(base_url, "/api/players", {"name": "Host"})
    seats = [{"kind": "human", "me": True}, {"kind": "open"}]
    made = api(
        base_url,
        "/api/tables",
        {"game": "luxor", "seats": seats, "public": True},
        headers={"X-Player-Key": me["key"]},
    )
    page.goto(made["seats"][0]["link"])
    fill = page.locator("#fill-level option")
    fill.first.wait_for(state="attached")
    assert fill.evaluate_all("l => l.map(o => o.value)") == ladder
    assert page.locator("#fill-level").input_value() == "greedy"
    fill_note = page.locator("#" + page.locator("#fill-level").get_attribute("aria-describedby"))
    assert fill_note.inner_text().startswith("greedy — ")
    page.locator("#fill").scroll_into_view_if_needed()
    page.screenshot(path=str(artifacts_dir() / "levels-fill-390.png"))
    page.click("#fill")  # the seat filled: no open table is left for a quick play elsewhere
    page.locator("#fill").wait_for(state="detached")


@pytest.mark.parametrize(("width", "height"), [(1280, 800), (390, 844)])
def test_the_you_card_says_a_name_does_not_bring_ones_games_to_another_device(
    browser: Any, base_url: str, width: int, height: int
) -> None:
    """The same name typed on a new phone silently made a second player with no tables:
    the card says so under the name box, and how to move them; the code box says where a
    code comes from."""
    with page_in(browser, base_url, width=width, height=height) as page:
        page.goto("/")
        name = page.locator("#player-name")
        help_line = page.locator("#" + name.get_attribute("aria-describedby"))
        assert help_line.is_visible()
        assert help_line.inner_text() == (
            "A name does not find your games on another device: to move them here, press "
            "“Open on another device” on the first device and type its code below."
        )
        code = page.get_by_label("Code shown by “Open on another device” on your other device")
        assert code.is_visible() and code.get_attribute("id") == "player-code"
        page.locator("#you").screenshot(path=str(artifacts_dir() / f"you-card-{width}.png"))


@pytest.mark.parametrize(
    ("locale", "words"),
    [
        ("en-US", "If a player leaves or runs out of time, a bot plays for them at level"),
        ("pt-BR", "Se um jogador sair ou ficar sem tempo, um bot joga por ele no nível"),
        ("es-ES", "Si un jugador se va o se queda sin tiempo, juega por él un bot de nivel"),
    ],
)
def test_the_new_table_form_says_what_the_zombie_does(
    browser: Any, base_url: str, locale: str, words: str
) -> None:
    """ "Zombie plays as" was jargon to a newcomer: the form says what it does."""
    with page_in(browser, base_url, locale=locale, width=390, height=844) as page:
        page.goto("/")
        label = page.locator("label", has=page.locator("#zombie"))
        said = label.evaluate("l => l.firstChild.textContent").strip()  # before the menu
        assert said == words
        assert "zomb" not in said.lower() and "zumbi" not in said.lower()
        label.scroll_into_view_if_needed()
        page.screenshot(path=str(artifacts_dir() / f"zombie-label-{locale}-390.png"))
