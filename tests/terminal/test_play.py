"""`scarab play` in the terminal, driven by a scripted keyboard and a recording console."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import pytest
from rich.console import Console

import scarab
from scarab.cli import main
from scarab.games.luxor.state import LuxorState
from scarab.terminal import common, play_main
from scarab.terminal.luxor import hand_text, supplies
from scarab.terminal.play import seat_names
from tests.terminal.support import Keyboard, console, never

pytestmark = pytest.mark.slow  # whole games played through the terminal

LUXOR = scarab.load("luxor")


def start(seats: list[str], seed: int) -> LuxorState:
    """The game play_main sets up for these seats and seed."""
    state = LUXOR.new_game(seat_names(seats), seed=seed)
    assert isinstance(state, LuxorState)
    return state


def test_human_against_greedy_plays_to_the_end() -> None:
    con, buf = console()
    keys = Keyboard()
    assert play_main("luxor", ["human", "greedy"], 3, console=con, read=keys) == 0
    out = buf.getvalue()
    assert keys.prompts and all("human" in p for p in keys.prompts)
    assert "Your hand (left to right): L▸" in out
    assert "greedy R" in out or "greedy L" in out  # bot moves are logged ...
    assert "gains" not in out  # ... without a reason worked out from its hidden hand
    final = out[out.index("Final scoring") :]
    for category in ("adventurers", "sarcophagi", "keys", "treasure sets", "scarabs", "total"):
        assert category in final
    assert "Winner: " in out or "Shared win: " in out


def test_bad_input_asks_again_with_a_reason() -> None:
    con, buf = console()
    keys = Keyboard(["zzz", "99", "", "L S+9"])
    assert play_main("luxor", ["human", "random"], 4, console=con, read=keys) == 0
    out = buf.getvalue()
    assert "cannot read 'zzz' as a Luxor action" in out
    assert "There is no action 99" in out
    assert "L S+9 is not legal" in out
    assert len(set(keys.prompts[:5])) == 1  # the same question, five times


def test_no_typed_line_ends_the_game_with_a_traceback() -> None:
    """Issue 9: digits that are not 0-9 and numbers too long for int() are refused."""
    con, buf = console()
    odd = ["\u00b2", "\u2460", "9" * 5000, "\u0663", "\x00", "x" * 100_000, "\udcff"]
    keys = Keyboard(odd)
    assert play_main("luxor", ["human", "random"], 4, console=con, read=keys) == 0
    out = buf.getvalue()
    assert "Traceback" not in out
    assert out.count("notation is plain ASCII") == 3  # ², ① and the Arabic-Indic three
    assert "There is no action 999999999999... (5000 digits): choose 1 to" in out
    assert "no action's notation is longer than 200 characters" in out
    assert "That line is not valid UTF-8 text; type it again." in out
    assert len(set(keys.prompts[: len(odd) + 1])) == 1, "each asked again, the game unchanged"


@pytest.mark.parametrize(
    ("env", "stdin", "message"),
    [
        ({"PYTHONIOENCODING": "utf-8:strict"}, b"\xff\xfe\n1\n", "not valid UTF-8 text"),
        ({"PYTHONIOENCODING": "ascii"}, "\u00e9\n1\n".encode(), "not valid UTF-8 text"),
        ({"PYTHONIOENCODING": "ascii"}, b"1\n", "This terminal prints ascii only"),
    ],
)
def test_a_real_terminal_with_odd_bytes_or_ascii_only_gets_a_message(
    env: dict[str, str], stdin: bytes, message: str
) -> None:
    import os
    import subprocess
    import sys

    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "scarab.cli",
            "play",
            "luxor",
            "--players",
            "human,random",
            "--seed",
            "4",
        ],
        input=stdin + b"q\n",
        capture_output=True,
        env={**os.environ, **env},
        timeout=120,
        check=False,
    )
    out = (run.stdout + run.stderr).decode("ascii", "replace")
    assert "Traceback" not in out and message in out
    assert run.returncode == 1 and "The game is abandoned (human quit)" in out


def test_typed_notation_plays_that_action() -> None:
    state = start(["human", "greedy"], 6)
    legal = state.legal_actions()
    chosen = legal[-1]
    con, buf = console()
    keys = Keyboard([f"  {str(chosen).lower()} "])
    assert play_main("luxor", ["human", "greedy"], 6, console=con, read=keys) == 0
    assert f"human plays {chosen}" in buf.getvalue()


def test_numbered_list_matches_the_legal_actions() -> None:
    state = start(["human", "greedy"], 8)
    con, buf = console()
    assert play_main("luxor", ["human", "greedy"], 8, console=con, read=Keyboard(then=None)) == 1
    out = buf.getvalue()
    for i, act in enumerate(state.legal_actions(), 1):
        assert f"{i:>2}. {act}" in out


@pytest.mark.rule("LUX-HIDDEN")
def test_hot_seat_shows_only_the_current_humans_hand() -> None:
    seed = 12
    con, buf = console()
    keys = Keyboard()
    assert play_main("luxor", ["human", "human"], seed, console=con, read=keys) == 0
    out = buf.getvalue()
    turns = out.split("pass to human")[1:]
    assert sum("press Enter" in p for p in keys.prompts) == len(turns) > 10
    # Replay the same choices (always the first action) to know each turn's views.
    state = start(["human", "human"], seed)
    checked = 0
    for turn in turns[:12]:
        seat = state.current_player
        assert seat is not None and turn.startswith(str(seat + 1))
        mine, theirs = hand_text(state.view(seat)), hand_text(state.view(1 - seat))
        shown = turn[: turn.index(f"human{seat + 1} plays")]
        assert f"L▸ {mine} ◂R" in shown
        assert shown.count("Your hand") == 1
        if theirs != mine:
            assert theirs not in turn
            checked += 1
        while state.current_player == seat:
            state.apply(state.legal_actions()[0])
    assert checked >= 6


@pytest.mark.rule("LUX-HIDDEN")
def test_one_human_sees_no_bot_secrets() -> None:
    buf = io.StringIO()
    con = Console(file=buf, width=1000)  # no wrapping: one event line per move
    assert play_main("luxor", ["human", "greedy"], 5, console=con, read=Keyboard()) == 0
    lines = buf.getvalue().splitlines()
    end = lines.index(next(line for line in lines if "Game over" in line))
    seen = 0
    for line, after in itertools.pairwise(lines[:end]):
        parts: list[str] = []
        if line.startswith("greedy "):  # a bot move; its events follow on the next line
            parts = after.strip().split("; ")
        elif line.strip().startswith("greedy: "):  # the recent-events log
            parts = [line.strip().removeprefix("greedy: ")]
        for part in parts:
            if part.startswith("drew"):
                assert part in ("drew a card", "drew a scarab"), line
                seen += 1
    assert seen > 10


def test_end_of_input_abandons_cleanly() -> None:
    con, buf = console()
    assert play_main("luxor", ["human", "greedy"], 1, console=con, read=Keyboard(then=None)) == 1
    assert "abandoned" in buf.getvalue() and "Seed" not in buf.getvalue()  # the game's secret
    con, buf = console()

    def eof_at_handover(prompt: str) -> str:
        raise EOFError

    assert play_main("luxor", ["human", "human"], 1, console=con, read=eof_at_handover) == 1
    assert "Traceback" not in buf.getvalue()


def test_quit_abandons() -> None:
    con, buf = console()
    assert play_main("luxor", ["greedy", "human"], 1, console=con, read=Keyboard(["quit"])) == 1
    assert "human quit" in buf.getvalue()


def test_bots_alone_play_through_without_input() -> None:
    con, buf = console()
    assert play_main("luxor", ["greedy", "greedy", "random"], 7, console=con, read=never) == 0
    out = buf.getvalue()
    assert "Final scoring" in out and "seed 7" in out


@pytest.mark.rule("LUX-SETUP-PLAYERS")
@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["human"], "takes 2 to 4 players"),
        (["random"] * 5, "takes 2 to 4 players"),
        (["human", "alien"], "unknown seat 'alien'"),
    ],
)
def test_bad_seats_exit_2_with_a_message(seats: list[str], message: str) -> None:
    con, buf = console()
    assert play_main("luxor", seats, 1, console=con, read=never) == 2
    assert message in buf.getvalue()
    assert "Traceback" not in buf.getvalue()


def test_the_command_line_plays_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "luxor", "--players", "greedy,random", "--seed", "3"]) == 0
    assert "Final scoring" in capsys.readouterr().out
    assert main(["play", "luxor", "--players", "greedy"]) == 2
    assert "takes 2 to 4 players" in capsys.readouterr().err


def test_seat_names_are_numbered_when_repeated() -> None:
    assert seat_names(["human", "greedy", "greedy"]) == ["human", "greedy1", "greedy2"]


def test_the_luxor_board_is_drawn_as_the_spiral_the_page_draws() -> None:
    from scarab.games.luxor.board import board
    from scarab.terminal.luxor import board as drawn

    state = start(["human", "greedy"], 5)
    con, buf = console()
    con.print(drawn(state.view(0)))
    lines = buf.getvalue().splitlines()
    cells = board()["cells"]

    def where(space: int) -> tuple[int, int]:
        """(column, line) of a space's cell: cell borders before it, and its line."""
        for n, line in enumerate(lines):
            if (at := line.find(f"│{space} w")) >= 0:
                return line[: at + 1].count("│") - 1, n
        raise AssertionError(f"space {space} is not drawn")

    found = [where(space) for space in range(1, len(cells) + 1)]
    assert [x for x, _ in found] == [x for x, _ in cells]  # each in its column of the spiral
    rows = {
        y: {n for (_, n), (_, yy) in zip(found, cells, strict=True) if yy == y} for _, y in cells
    }
    assert all(len(lines_of_row) == 1 for lines_of_row in rows.values())  # a grid row, one line
    assert sorted(rows, key=lambda y: next(iter(rows[y]))) == sorted(rows)  # rows top to bottom
    assert sum("TOMB" in line for line in lines) == 1
    assert len(lines) < 35  # fits a terminal without scrolling


def test_four_seats_fit_an_80_column_terminal_one_line_each() -> None:
    from scarab.terminal.luxor import seats

    state = start(["human", "greedy", "greedy", "greedy"], 3)
    con, buf = console(width=80)
    con.print(seats(state.view(0)))
    lines = buf.getvalue().splitlines()
    rows = [line for line in lines if "greedy" in line or "human" in line]
    assert len(rows) == 4 and len(lines) == 6  # a heading, its rule, a line for each seat
    assert all("0 vase 0 statue 0 jewelry" in row for row in rows)


def test_each_human_decision_redraws_the_screen_in_a_terminal() -> None:
    buf = io.StringIO()
    con = Console(file=buf, width=100, force_terminal=True, color_system=None)
    assert play_main("luxor", ["human", "greedy"], 3, console=con, read=Keyboard()) == 0
    clears = buf.getvalue().count("\x1b[2J")
    assert clears > 5  # the screen is cleared at each decision rather than scrolled


def test_in_portuguese_the_bots_reasons_and_the_terminals_own_lines_are_portuguese() -> None:
    common.set_lang("pt")
    try:
        con, buf = console()
        seats = ["greedy", "random", "human"]
        assert play_main("luxor", seats, 7, console=con, read=Keyboard(["quit"])) == 1
        alone, bots_buf = console()
        assert play_main("luxor", ["greedy", "random"], 7, console=alone) == 0
    finally:
        common.set_lang("en")
    out = buf.getvalue()
    assert "Luxor: greedy (ganancioso), random (aleatório), human (pessoa)" in out
    assert "semente 7" not in out.split("\n")[0]  # the seed deals the hidden cards: said at the end
    assert "A partida foi abandonada (human saiu)" in out
    bots = bots_buf.getvalue()  # a game of bots alone gives their reasons
    assert " ganha " in bots and "escolheu" in bots and "ao acaso" in bots  # greedy's, random's
    assert "gains" not in bots and "at random" not in bots


def test_a_bots_reason_is_not_shown_beside_a_human() -> None:
    # a reason is worked out from the bot's hidden hand: greedy's runner-up was its other
    # end card ("the runner-up R die"), and a move's worth counts the cards still held
    con, buf = console(width=200)
    seats = ["greedy", "random", "human"]
    assert play_main("luxor", seats, 7, console=con, read=Keyboard(["quit"])) == 1
    lines = [ln for ln in buf.getvalue().splitlines() if ln.startswith(("greedy ", "random "))]
    assert lines and all("(" not in ln for ln in lines), lines
    alone, bots_buf = console(width=200)
    assert play_main("luxor", ["greedy", "random"], 7, console=alone) == 0
    assert " gains " in bots_buf.getvalue()  # bots alone: the whole reason


def test_in_spanish_a_typed_move_is_refused_with_the_engines_reason_in_spanish() -> None:
    common.set_lang("es")
    try:
        con, buf = console()
        keys = Keyboard(["zzz", "L S+9", "quit"])
        assert play_main("luxor", ["human", "random"], 4, console=con, read=keys) == 1
    finally:
        common.set_lang("en")
    out = " ".join(buf.getvalue().split())  # a long line may wrap
    assert "no puedo leer 'zzz' como una acción de Luxor" in out
    assert "L S+9 no está permitido: tu carta del extremo izquierdo" in out
    assert "Acciones permitidas ahora: " in out
    assert "is not legal" not in out and "cannot read" not in out


def test_the_record_is_written_when_the_game_ends_and_replays_it(tmp_path: Path) -> None:
    con, buf = console()
    path = tmp_path / "game.txt"
    assert play_main("luxor", ["greedy", "random"], 5, console=con, record=path) == 0
    record = scarab.read_record(path.read_text("utf-8"))
    played = scarab.replay(record)
    assert played.is_over and record.players == ("greedy", "random") and record.seed == 5
    assert record.result.split()[0] == "-".join(map(str, played.scores()))
    assert f"is in {path}" in " ".join(buf.getvalue().split())


def test_a_game_left_early_keeps_its_record_to_replay(tmp_path: Path) -> None:
    con, buf = console()
    path = tmp_path / "left.txt"
    keys = Keyboard(["1", "1", "quit"])
    assert play_main("horus", ["human", "greedy"], 2, console=con, read=keys, record=path) == 1
    record = scarab.read_record(path.read_text("utf-8"))
    assert record.result == "*"
    again = scarab.replay(record)
    assert not again.is_over and len(again.history()) >= 2
    said = " ".join(buf.getvalue().split())
    assert f"The record ({len(again.history())} decisions) is in {path}: go on with" in said


def test_a_record_that_cannot_be_written_is_refused_before_the_game(tmp_path: Path) -> None:
    con, buf = console()
    keys = Keyboard()
    missing = tmp_path / "no such folder" / "game.txt"
    assert play_main("luxor", ["human", "greedy"], 5, console=con, read=keys, record=missing) == 2
    assert "cannot write the record to" in buf.getvalue() and not keys.prompts
    assert play_main("luxor", ["greedy", "greedy"], 5, console=con, record=tmp_path) == 2


def test_a_game_left_with_a_record_goes_on_from_it_to_the_same_end(tmp_path: Path) -> None:
    """--record then --from: the resumed game is the one left, and it plays on."""
    path = tmp_path / "game.txt"
    con, out = console()
    keys = Keyboard(["1", "1", "1", "quit"])
    assert play_main("luxor", ["human", "greedy"], 6, console=con, read=keys, record=path) == 1
    left = scarab.replay(scarab.read_record(path.read_text("utf-8")))
    ended = " ".join(out.getvalue().split())
    assert f"go on with scarab play --from {path}" in ended and "keep it from the other" in ended
    assert "Seed 6" not in ended  # it deals every hidden card: not shown mid-game
    con, buf = console()
    keys = Keyboard()  # picks the first action each time
    assert play_main("luxor", None, None, console=con, read=keys, resume=path, record=path) == 0
    said = " ".join(buf.getvalue().split())
    assert f"Going on from {path}, after {len(left.history())} decisions." in said
    done = scarab.replay(scarab.read_record(path.read_text("utf-8")))
    assert done.is_over and done.names == left.names == ("human", "greedy")
    assert done.history()[: len(left.history())] == left.history()


def test_a_record_that_does_not_fit_is_refused_before_anything_is_played(tmp_path: Path) -> None:
    path = tmp_path / "game.txt"
    state = LUXOR.new_game(["ann", "bob 2"], seed=2)  # a seat's number as the web names it
    state.apply(state.legal_actions()[0])
    path.write_text(scarab.write_record(state.record()), encoding="utf-8")
    cases = [
        ("luxor", None, None, "the record's players (ann, bob 2) are not seats"),
        ("horus", ["human", "greedy"], None, "it is a game of luxor, not horus"),
        ("luxor", ["human", "greedy", "greedy"], None, "it has 2 players, but 3 seats"),
        ("luxor", ["human", "greedy"], 9, "leave out --seed"),
    ]
    for game, seats, seed, says in cases:
        con, buf = console()
        keys = Keyboard()
        assert play_main(game, seats, seed, console=con, read=keys, resume=path) == 2
        assert says in " ".join(buf.getvalue().split()) and not keys.prompts
    path.write_text('[Game "luxor"]\n1. p1 fly\n', encoding="utf-8")
    con, buf = console()
    assert play_main("luxor", ["human", "greedy"], None, console=con, resume=path) == 2
    assert f"scarab: {path}: " in " ".join(buf.getvalue().split())
    con, buf = console()
    assert play_main("luxor", None, None, console=con, resume=tmp_path / "none.txt") == 2
    assert "cannot read the record" in buf.getvalue()


@pytest.mark.parametrize(
    ("lang", "empty"),
    [
        ("en", "Draw pile {}, discard empty"),
        ("pt", "Baralho {}, descarte vazio"),
        ("es", "Mazo de robo {}, descarte vacío"),
    ],
)
def test_an_empty_discard_pile_is_said_to_be_empty(lang: str, empty: str) -> None:
    view = start(["ann", "bob"], 1).view(None)
    common.set_lang(lang)
    try:
        before = supplies(view).plain
        after = supplies({**view, "discard_pile": ["3"]}).plain
    finally:
        common.set_lang("en")
    assert empty.format(view["draw_pile"]) in before
    assert empty.format(view["draw_pile"]) not in after
