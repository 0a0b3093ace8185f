"""`scarab play pyramids` in the terminal, driven by a scripted keyboard and a recording console.

Card contents are not assumed (the deck is provisional): expected texts are
computed from a replay of the same game.
"""

from __future__ import annotations

from itertools import groupby
from pathlib import Path

import pytest

import scarab
from scarab.agents.unseen import RUN_SECONDS
from scarab.cli import main
from scarab.games.pyramids.data import CARD_IDS, orientations
from scarab.games.pyramids.state import PyramidsState
from scarab.terminal import play, play_main
from scarab.terminal.play import seat_names
from scarab.terminal.pyramids import positions
from tests.terminal.support import Keyboard, console, never

pytestmark = pytest.mark.slow  # whole games played through the terminal

PYRAMIDS = scarab.load("pyramids")


def start(seats: list[str], seed: int) -> PyramidsState:
    """The game play_main sets up for these seats and seed."""
    options = {"solo": True} if len(seats) == 1 else {}
    state = PYRAMIDS.new_game(seat_names(seats), seed=seed, **options)
    assert isinstance(state, PyramidsState)
    return state


def test_human_against_greedy_plays_to_the_end() -> None:
    con, buf = console()
    keys = Keyboard()
    assert play_main("pyramids", ["human", "greedy"], 3, console=con, read=keys) == 0
    out = buf.getvalue()
    assert keys.prompts and all("human" in p for p in keys.prompts)
    assert "Dealt to you (keep two)" in out
    assert "Expedition card:" in out and "positions on an empty grid" in out
    assert "Score cards" in out and "Colour race, values left" in out
    assert "gains" not in out  # no reason worked out from what the bot holds unseen
    final = out[out.index("Final scoring") :]
    for category in (
        "pyramids",
        "pyramid points",
        "torches",
        "red gems",
        "green gems",
        "gem points",
        "worst skull",
        "total",
    ):
        assert category in final
    assert "Winner: " in out or "Shared win: " in out


def test_typed_notation_plays_that_action() -> None:
    seed = 6
    state = start(["human", "human"], seed)
    keep = state.legal_actions()[-1]
    a, b = keep.cards
    state.apply(keep)
    state.apply(state.legal_actions()[0])  # human2 types "1"
    mark = max(state.legal_actions(), key=lambda act: bin(act.mask).count("1"))
    card, cells = str(mark).split(":")
    typed_mark = f" {card} : " + ", ".join(c.upper() for c in reversed(cells.split(",")))
    con, buf = console()
    keys = Keyboard([f"KEEP {b}, {a}", "1", typed_mark])
    assert play_main("pyramids", ["human", "human"], seed, console=con, read=keys) == 0
    out = buf.getvalue()
    assert f"human1 plays {keep}" in out
    assert f"human1 plays {mark}" in out


def test_bad_input_asks_again_with_a_reason() -> None:
    state = start(["human", "random"], 4)
    dealt = state.view(0)["seats"][0]["dealt"]
    other = [c for c in CARD_IDS if c not in dealt][:2]
    con, buf = console()
    keys = Keyboard(["zzz", "99", "", f"keep {other[0]},{other[1]}", "17:a1"])
    assert play_main("pyramids", ["human", "random"], 4, console=con, read=keys) == 0
    out = buf.getvalue()
    assert "cannot read 'zzz' as a Pyramids action" in out
    assert "There is no action 99" in out
    assert f"keep {other[0]},{other[1]} is not legal: keep exactly 2 of the cards dealt" in out
    assert "17:a1 is not legal: first keep two" in out
    assert len(set(keys.prompts[:6])) == 1  # the same question, six times


def test_numbered_list_matches_the_legal_actions() -> None:
    state = start(["human", "greedy"], 8)
    con, buf = console()
    assert (
        play_main("pyramids", ["human", "greedy"], 8, console=con, read=Keyboard(["1"], then=None))
        == 1
    )
    out = buf.getvalue()
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])  # whatever the bot keeps, the human's marks are next
    legal = state.legal_actions()
    second = out[out.rindex("human to play") :]
    for i, act in enumerate(legal, 1):
        assert f"{i}. {act}" in second
    assert f"{len(legal)} legal action(s)" in second


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS")
def test_hot_seat_shows_only_the_current_humans_cards() -> None:
    seed = 12
    con, buf = console()
    keys = Keyboard()
    assert play_main("pyramids", ["human", "human"], seed, console=con, read=keys) == 0
    out = buf.getvalue()
    turns = out.split("pass to human")[1:]
    assert sum("press Enter" in p for p in keys.prompts) == len(turns) > 20
    # Replay the same choices (always the first action) to know what each seat was dealt.
    state = start(["human", "human"], seed)
    dealt = [list(state.view(p)["seats"][p]["dealt"]) for p in range(2)]
    for seat in range(2):  # setup: each human's screen shows their own four cards only
        turn = turns[seat]
        assert turn.startswith(str(seat + 1))
        shown = turn[: turn.index(f"human{seat + 1} plays")]
        assert shown.count("Dealt to you") == 1
        for c in dealt[seat]:
            assert f"card {c} " in shown
        for c in dealt[1 - seat]:
            assert f"card {c} " not in turn
        state.apply(state.legal_actions()[0])
    # Turn 1: human1 marks; human2 then sees neither the mark nor its event text.
    act = state.legal_actions()[0]
    events = state.apply(act)
    while state.current_player == 0:
        events += state.apply(state.legal_actions()[0])
    secret = [e.text for e in events if e.kind == "mark"]
    assert secret
    turn = turns[3]
    assert turn.startswith("2")
    shown = turn[: turn.index("human2 plays")]
    assert "human1 has marked" in shown
    for text in secret:
        assert text not in turn
    view = state.view(1)
    assert all(not c["marked"] for c in view["seats"][0]["cards"])


@pytest.mark.rule("PYR-HIDDEN")
def test_a_human_sees_no_hidden_bot_choice() -> None:
    """The bot in seat 1 keeps and marks before the human: its choices stay hidden."""
    con, buf = console(1000)
    assert play_main("pyramids", ["greedy", "human"], 5, console=con, read=Keyboard()) == 0
    lines = buf.getvalue().splitlines()
    end = next(i for i, line in enumerate(lines) if "Game over" in line)
    hidden = 0
    for line in lines[:end]:
        if line.startswith("greedy "):  # a decision shown with its notation: only public ones
            assert line.removeprefix("greedy ").startswith(("take ", "pass")), line
        hidden += line.strip() in ("greedy has chosen", "greedy has marked")
        assert not line.strip().startswith(("greedy keeps", "greedy marks")), line
    assert hidden > 20


@pytest.mark.rule("PYR-SOLO")
def test_one_human_plays_the_solo_variant() -> None:
    con, buf = console()
    keys = Keyboard()
    assert play_main("pyramids", ["human"], 5, console=con, read=keys) == 0
    out = buf.getvalue()
    assert "Final scoring" in out and "Solo score: human with" in out
    assert "pass to" not in out
    con, buf = console()
    assert play_main("pyramids", ["greedy"], 5, console=con, read=never) == 0
    assert "Solo score: greedy with" in buf.getvalue()


def test_bots_alone_play_through_without_input() -> None:
    con, buf = console(80)
    assert play_main("pyramids", ["greedy", "greedy", "random"], 7, console=con, read=never) == 0
    out = buf.getvalue()
    assert "Final scoring" in out and "seed 7" in out
    assert "greedy1 keep " in out  # no human at the table: bot choices are shown


def test_end_of_input_and_quit_abandon_cleanly() -> None:
    con, buf = console()
    assert play_main("pyramids", ["human", "greedy"], 1, console=con, read=Keyboard(then=None)) == 1
    assert "abandoned" in buf.getvalue()
    con, buf = console()
    assert play_main("pyramids", ["greedy", "human"], 1, console=con, read=Keyboard(["q"])) == 1
    assert "human quit" in buf.getvalue() and "Traceback" not in buf.getvalue()


@pytest.mark.parametrize(
    ("seats", "message"),
    [(["random"] * 5, "takes 1 to 4 players"), (["human", "alien"], "unknown seat 'alien'")],
)
def test_bad_seats_exit_2_with_a_message(seats: list[str], message: str) -> None:
    con, buf = console()
    assert play_main("pyramids", seats, 1, console=con, read=never) == 2
    assert message in buf.getvalue()


def test_the_command_line_plays_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "pyramids", "--players", "greedy,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Final scoring" in out and ("Winner" in out or "Shared win" in out)


def test_pattern_orientations_and_positions() -> None:
    line3 = [[0, 0], [1, 0], [2, 0]]
    assert len(orientations(line3)) == 2 and positions(line3) == 30
    square = [[0, 0], [1, 0], [0, 1], [1, 1]]
    assert len(orientations(square)) == 1 and positions(square) == 16
    ell = [[0, 0], [0, 1], [0, 2], [1, 2]]
    assert len(orientations(ell)) == 8 and positions(ell) == 96


@pytest.mark.rule("PYR-SIMULTANEOUS")
def test_a_bots_marks_beside_a_person_are_shown_when_the_runs_time_is_up(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    # its red-cross cells come in the same run, so how long it took counts nothing
    waits: list[float] = []
    monkeypatch.setattr(play, "RUN_PACE", 1.0)
    monkeypatch.setattr(play.time, "sleep", waits.append)
    con, _ = console()
    keys = Keyboard(["1"] * 12, then=None)  # then the person stops answering
    kept = tmp_path / "game.txt"
    assert play_main("pyramids", ["greedy", "human"], 3, con, keys, record=kept) == 1
    assert len(waits) >= 6 and all(0.5 < w <= RUN_SECONDS for w in waits)
    seats = [seat for seat, _ in scarab.read_record(kept.read_text()).moves]
    assert max(len(list(g)) for seat, g in groupby(seats) if seat == 0) >= 2  # a red cross
