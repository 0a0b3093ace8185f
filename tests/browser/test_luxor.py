"""A whole Luxor game against a greedy bot, played by clicks from the lobby to the
final scoring, whose record then downloads and replays."""

from __future__ import annotations

import random
import re
import shutil
from pathlib import Path
from typing import Any

import pytest

import scarab
from tests.browser.conftest import Seat, api, shoot

if shutil.which("chromium") is None:
    pytest.skip("Debian's chromium is not installed", allow_module_level=True)

MOVE = re.compile(r"([LR]) (S|C|\d+)[+-]\d+")
CARD = re.compile(r"([LR]) [a-z]+")
ROLL = re.compile(r"(S|C|\d+)[+-]\d+")


def pick(legal: list[dict[str, Any]], rng: random.Random) -> str:
    """A random legal action, passing only when nothing else is legal."""
    actions = [e["action"] for e in legal]
    useful = [a for a in actions if not a.endswith(" pass")]
    return rng.choice(useful or actions)


def play_by_board(seat: Seat, action: str) -> None:
    """Play a Luxor action by clicking the board the way a person would: a hand card
    then the adventurer; the adventurer after a roll; the space whose action to
    perform; the reward in the supply. The list is the fallback (e.g. a +1/-1
    card offers both directions for one adventurer)."""
    sent = None
    if m := MOVE.fullmatch(action):
        sent = seat.click(seat.hit(f"card-{m[1]}"))
        if sent is None and seat.hit(f"adv-{m[2]}").count():
            sent = seat.click(seat.hit(f"adv-{m[2]}"))
    elif m := CARD.fullmatch(action):
        sent = seat.click(seat.hit(f"card-{m[1]}"))
        if sent is None and seat.page.locator("#confirm-yes").is_visible():
            seat.asked += 1  # a card play cannot be taken back: the page asks first
            sent = seat.click(seat.page.locator("#confirm-yes"))
    elif m := ROLL.fullmatch(action):
        sent = seat.click(seat.hit(f"adv-{m[1]}"))
    elif action.startswith("act "):
        sent = seat.click(seat.hit(f"space-{action[4:]}"))
    elif action.startswith("take "):
        sent = seat.click(seat.hit(f"reward-{action[5:]}"))
    seat.finish_from_board(action, sent)


def test_a_whole_luxor_game_by_clicks_from_the_lobby(page: Any, base_url: str) -> None:
    page.goto("/")
    page.select_option("#game", "luxor")
    page.select_option("#players", "2")
    kinds = page.locator(".seat-kind")
    assert kinds.count() == 2
    kinds.nth(0).select_option("human")
    page.locator(".seat-name").nth(0).fill("ann")
    kinds.nth(1).select_option("bot:greedy")
    page.click("#create")
    page.locator("#sit").click()
    page.wait_for_url(re.compile(r"/t/[^#]+#seat="))

    seat = Seat(page)
    first = seat.wait_drawn()
    assert first["game"] == "luxor" and first["seat"] == 0
    assert first["names"][0] == "ann"
    rng = random.Random(7)
    moves = 0
    while True:
        m = seat.wait_decision()
        if m["over"]:
            break
        assert page.locator(".your-turn").is_visible()
        play_by_board(seat, pick(m["legal"], rng))
        moves += 1
        assert moves < 400, "the game does not end"

    # the final scoring: a column per player, a row per category, adding up to the total
    scoring = page.locator("#scoring")
    scoring.wait_for()
    heads = [h.strip().lstrip("★ ") for h in scoring.locator("thead th").all_inner_texts()]
    assert heads == ["category", *m["names"]], heads
    labels = [t.strip() for t in scoring.locator("tbody th").all_inner_texts()]
    assert labels[0] == "scoring track during play" and labels[-1] == "total", labels
    for i, score in enumerate(m["scores"]):
        column = scoring.locator(f"tbody tr td:nth-of-type({i + 1})")
        points = [column.nth(r).get_attribute("data-points") for r in range(column.count())]
        assert points[-1] == str(score)
        assert sum(int(p) for p in points[:-1] if p) == score, points
    assert "Game over" in page.locator(".status").inner_text()
    players = page.locator("#players li").all_inner_texts()
    assert [p.split(" — ")[-1].split()[0] for p in players] == [str(x) for x in m["scores"]]
    print(f"luxor: {moves} moves, {seat.by_board} by the board, {seat.by_list} from the list")
    assert seat.asked > 0  # some card had one play only, and the page asked before it
    assert seat.by_board > seat.by_list, (seat.by_board, seat.by_list)
    shoot(page, "luxor-final-scoring")

    # the download link serves the record, which replays to the same result
    with page.expect_download() as info:
        page.click("#download")
    text = Path(info.value.path()).read_text()
    state = scarab.replay(scarab.read_record(text))
    assert state.is_over
    assert state.scores() == m["scores"]
    assert list(state.names) == m["names"]
    plies = len(scarab.read_record(text).moves)
    assert plies > moves
    frame = api(base_url, "/api/replay", {"record": text, "ply": plies})
    assert frame["game"] == "luxor" and frame["over"] and frame["scores"] == m["scores"]
