"""tools/horus_endgames.py: the endgames of finished games, played out again exactly."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from scarab import load
from scarab.agents import GreedyAgent
from scarab.core.record import write_record
from scarab.games.horus.stages import ACTIVE, ESCAPED
from tests.agents.support import play_out
from tests.tools.support import load_tool


@pytest.fixture(scope="module")
def games(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Eight games of greedy against greedy, as an arena run writes them; one seat of each is
    named random, so that the other is the seat the tool plays out."""
    game = load("horus")
    lines = []
    for index in range(8):
        state = game.new_game(2, seed=100 + index)
        play_out(state, [GreedyAgent(index), GreedyAgent(index + 1)])
        names = ["greedy", "random"] if index % 2 else ["random", "greedy"]
        record = write_record(state.record())
        lines.append(json.dumps({"index": index, "bots": names, "record": record}))
    path = tmp_path_factory.mktemp("endgames") / "games.jsonl"
    path.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return path


def test_an_endgame_is_the_seats_first_decision_once_it_alone_is_in_play(games: Path) -> None:
    found = list(load_tool("horus_endgames").endgames(games, "greedy"))
    assert found, "greedy against greedy leaves one seat in play in some game of eight"
    for deal, seat, state in found:
        assert seat == (0 if deal % 2 else 1)  # the seat named greedy in that game
        assert state.current_player == seat and state.status[seat] in ACTIVE
        assert ESCAPED in [st for p, st in enumerate(state.status) if p != seat]
        assert not any(st in ACTIVE for p, st in enumerate(state.status) if p != seat)


@pytest.mark.slow
def test_a_run_replays_exactly_and_counts_the_deals_that_went_each_way(
    games: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    tool = load_tool("horus_endgames")
    first, again = tmp_path / "a.jsonl", tmp_path / "b.jsonl"
    tool.main([str(games), "--seat", "greedy", "--bot", "novice", "--out", str(first)])
    tool.main([str(games), "--seat", "greedy", "--bot", "novice", "--out", str(again)])
    assert first.read_text() != "" and [json.loads(x)["won"] for x in first.open()] == [
        json.loads(x)["won"] for x in again.open()
    ]
    capsys.readouterr()
    tool.main([str(games), "--seat", "greedy", "--bot", "random", "--against", str(first)])
    said = capsys.readouterr().out.splitlines()
    rows = [json.loads(x) for x in first.open()]
    assert said[-2] == f"random won {said[-2].split()[2]} of {len(rows)} endgames"
    assert said[-1].startswith(f"on the {len(rows)} endgames of both: ")
    assert said[-1].endswith(" the other") and "deals went this way" in said[-1]


def test_bad_input_is_refused_with_what_was_wrong(games: Path, tmp_path: Path) -> None:
    tool = load_tool("horus_endgames")
    with pytest.raises(SystemExit, match="no bot named 'grady'"):
        tool.main([str(games), "--bot", "grady"])
    junk = tmp_path / "junk.jsonl"
    junk.write_text('{"index": 0}\nnot json\n', encoding="utf-8")
    with pytest.raises(SystemExit, match="line 1: a game needs its index, bots and record"):
        tool.main([str(junk)])
    junk.write_text("not json\n", encoding="utf-8")
    with pytest.raises(SystemExit, match="line 1: not JSON"):
        tool.main([str(junk)])
    with pytest.raises(SystemExit, match="not a line this tool's --out wrote"):
        tool.main([str(games), "--seat", "greedy", "--against", str(junk)])
