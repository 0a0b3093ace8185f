"""`hint` at the terminal, and any bot level at any seat of `scarab play`."""

from __future__ import annotations

import io
import random
import re

import pytest

import scarab
from scarab.agents import LEVELS, IsmctsAgent, agent_names
from scarab.cli import main
from scarab.core.game import State
from scarab.terminal import play_main
from scarab.terminal.play import HINT_LEVEL, Session
from tests.terminal.support import Keyboard, console

LUXOR = scarab.load("luxor")
CHEAP = "novice"  # a hint level quick enough for tests; the default is checked once
WIN = re.compile(r"est\. win +\d+%")
ROW = re.compile(r"^  (\d)\. (.+?) +est\. win +(\d+)% +(\d+) visits  (.+)$")


def at(ply: int, seed: int = 3) -> State:
    """A two-human Luxor game after ``ply`` decisions, each the first legal action."""
    state = LUXOR.new_game(["ann", "bob"], seed=seed)
    for _ in range(ply):
        state.apply(state.legal_actions()[0])
    return state


def hint_lines(state: State, level: str = CHEAP) -> tuple[list[str], list[tuple[object, ...]]]:
    """The lines a hint prints on the current seat's turn, and the state's key at each prompt
    (a hint, then a second hint, then the first action is played)."""
    seat = state.current_player
    assert seat is not None
    keys: list[tuple[object, ...]] = []

    def read(prompt: str) -> str:
        keys.append(state.key())
        return ["hint", "hint", "1"][len(keys) - 1]

    con, buf = console(width=200)
    Session(LUXOR, state, ["human", "human"], con, read, hint_level=level).human_move(seat)
    out = buf.getvalue()
    first = out[out.index("Hint") : out.index("Hint", out.index("Hint") + 1)]
    return first.splitlines(), keys


def test_hint_shows_three_actions_with_win_rates_and_visits() -> None:
    state = at(3)  # ann plays a card: four legal actions
    legal = [str(a) for a in state.legal_actions()]
    assert len(legal) == 4
    lines, _ = hint_lines(state)
    assert lines[0].startswith(f"Hint from the {CHEAP} bot,") and "what ann can see" in lines[0]
    rows = lines[1:]
    assert len(rows) == 3
    seen = [m.groups() for m in map(ROW.match, rows) if m]
    assert [n for n, *_ in seen] == ["1", "2", "3"]
    for _, act, win, _, note in seen:
        assert act in legal and 0 <= int(win) <= 100
        assert note.startswith("play ") and "adventurer" in note  # the terminal's description
    visits = [int(v) for *_, v, _ in seen]
    assert visits == sorted(visits, reverse=True) and len({a for _, a, *_ in seen}) == 3


def test_a_solo_hint_gives_visits_and_no_chance_to_win() -> None:
    # alone at the table there is no win to estimate (the hint used to fail here)
    pyramids = scarab.load("pyramids")
    state = pyramids.new_game(["ann"], seed=2, solo=True)
    con, buf = console(width=200)
    read = Keyboard(["hint", "1"])
    Session(pyramids, state, ["human"], con, read, hint_level=CHEAP).human_move(0)
    rows = [line for line in buf.getvalue().splitlines() if re.match(r"^  \d\. ", line)]
    hinted = [line for line in rows if "visits" in line]
    assert len(hinted) == 3 and not any(WIN.search(line) for line in hinted)


def test_hint_leaves_the_game_unchanged_and_repeats_itself() -> None:
    state = at(5)
    record = state.record()
    lines, keys = hint_lines(state)
    assert keys[0] == keys[1] == keys[2], "each hint left the state as it was"
    assert state.record().moves[:-1] == record.moves and len(state.history()) == 6
    again, _ = hint_lines(at(5))
    assert again == lines, "the same position gets the same hint"


def test_a_hint_for_a_world_the_human_cannot_tell_apart_is_the_same() -> None:
    """Fairness: the hint searches through the human's Seat, so hidden things it cannot see
    (bob's hand, the draw pile) do not change it."""
    real = at(5)
    seat = real.current_player
    assert seat is not None
    world = real.determinize(seat, random.Random(9))
    world.seed, world.hist = real.seed, real.hist  # same game and ply: the same hint seed
    assert world.view(seat) == real.view(seat) and world.key() != real.key()
    assert hint_lines(world)[0] == hint_lines(real)[0]


def test_a_single_legal_action_needs_no_search() -> None:
    state = at(2)  # bob rolled the die: one way to move
    (only,) = state.legal_actions()
    lines, keys = hint_lines(state)
    assert lines == [f"Hint: {only} is the only legal action."] and keys[0] == keys[1]


def test_the_default_hint_level_in_a_game_at_the_keyboard() -> None:
    assert HINT_LEVEL in LEVELS
    con, buf = console(width=200)
    keys = Keyboard(["1", "hint", "help"], then=None)
    assert play_main("luxor", ["human", "greedy"], 3, console=con, read=keys) == 1
    out = buf.getvalue()
    searches = re.search(rf"Hint from the {HINT_LEVEL} bot, (\d+) searches", out)
    assert HINT_LEVEL == "expert"  # the strongest level: it answers within 2 s
    assert searches
    assert 0 < int(searches[1]) <= (LEVELS[HINT_LEVEL].for_game("luxor").budget.iterations or 0)
    assert len(WIN.findall(out)) >= 2
    assert f"'hint' shows the {HINT_LEVEL} bot's top 3 actions" in out  # the help text
    assert all("help" in p for p in keys.prompts)


def test_a_hint_level_must_be_a_search() -> None:
    with pytest.raises(scarab.ScarabError, match="hints need a search level"):
        Session(LUXOR, at(0), ["human", "greedy"], console()[0], Keyboard(), hint_level="greedy")


def test_any_bot_at_any_seat() -> None:
    state = LUXOR.new_game(["human", "expert", "strong"], seed=3)
    session = Session(LUXOR, state, ["human", "expert", "strong"], console()[0], Keyboard())
    assert session.humans == [0]
    for seat, level in ((1, "expert"), (2, "strong")):
        agent = session.agents[seat]
        assert isinstance(agent, IsmctsAgent) and agent.name == level
        assert agent.level is LEVELS[level]


def test_cheap_levels_play_their_moves_beside_a_human() -> None:
    con, buf = console(width=200)
    keys = Keyboard(["1", "1", "hint"], then=None)
    assert play_main("luxor", ["human", "novice", "casual"], 3, console=con, read=keys) == 1
    out = buf.getvalue()
    assert "human (human), novice (novice), casual (casual)" in out
    assert re.search(r"^novice [LR] [^(]*$", out, re.M)  # the move, not a reason from its hand
    assert re.search(r"^casual [LR] [^(]*$", out, re.M)
    assert f"Hint from the {HINT_LEVEL} bot" in out


def test_the_command_line_takes_level_names(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("quit\n"))  # the human (first to play) leaves
    assert main(["play", "luxor", "--players", "human,expert,strong", "--seed", "3"]) == 1
    out = capsys.readouterr().out
    assert "human (human), expert (expert), strong (strong)" in out and "human quit" in out
    assert main(["play", "luxor", "--players", "human,grandmaster"]) == 2
    err = " ".join(capsys.readouterr().err.split())  # unwrapped
    assert "unknown seat 'grandmaster'" in err
    assert f"a seat is one of: {', '.join(['human', *agent_names()])}" in err
