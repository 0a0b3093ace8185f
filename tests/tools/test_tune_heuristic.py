"""tools/tune_heuristic.py and tools/calibrate.py: the same deals, bad input refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools.support import load_tool

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "tune_heuristic.py"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(TOOL), "--game", "horus", "--workers", "1", *args],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )


def _rows(*args: str) -> list[list[str]]:
    """The table's rows (cells split), once a rerun has printed the same figures."""
    first, again = _run(*args), _run(*args)
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    return [line.split("|") for line in first.stdout.splitlines()[2:]]


@pytest.mark.slow
def test_each_candidate_gets_a_row_and_a_rerun_gives_the_same_figures() -> None:
    rows = _rows("--games", "6", "--seed", "5", "--set", "", "--set", "decay=0.7")
    assert [r[1].strip() for r in rows] == ["hand-set", "decay=0.7"]
    for r in rows:
        assert r[2].strip() == "6" and 0 <= float(r[3]) <= 6


@pytest.mark.slow
def test_a_candidate_may_play_its_endgame_by_win_chances() -> None:
    [row] = _rows("--games", "4", "--seed", "5", "--set", "decay=0.7", "--win-chances")
    assert row[1].strip() == "decay=0.7 + win chances" and 0 <= float(row[3]) <= 4


@pytest.mark.slow
def test_a_candidate_may_be_made_to_open_with_a_choice_and_a_bad_one_is_refused() -> None:
    """What an adventurer is worth: the candidate takes it at setup (either entrance)."""
    rows = _rows(
        "--games", "4", "--seed", "5", "--opening", "choose watanabe", "--opening", "choose g"
    )
    labels = ["hand-set, opening 'choose watanabe'", "hand-set, opening 'choose g'"]
    assert [r[1].strip() for r in rows] == labels
    wrong = _run("--opening", "chose watanabe")
    assert wrong.returncode != 0 and "|" not in wrong.stdout
    assert "no first action starts with 'chose watanabe'" in wrong.stderr
    assert "choose gore e1" in wrong.stderr
    long = _run("--opening", "choose " * 20)
    assert long.returncode != 0 and "at most 80 characters" in long.stderr


@pytest.mark.slow
def test_the_opening_is_the_candidates_first_action_unless_a_rival_took_it() -> None:
    tool = load_tool("tune_heuristic")
    w = tool.weights("horus", "decay=0.7")
    took = []
    for index in range(6):  # the candidate in seat index % 2
        game = tool.played("horus", w, 5, index, False, "choose watanabe")
        firsts = {seat: str(a) for seat, a in reversed(game.history())}
        mine, rival = firsts[index % 2], firsts[1 - index % 2]
        took.append(mine.startswith("choose watanabe"))
        assert took[-1] or rival.startswith("choose watanabe"), firsts
    assert sum(took) >= 4
    free = tool.played("horus", w, 5, 0, False, "")
    assert not str(free.history()[0][1]).startswith("choose watanabe")  # chosen freely


def test_an_unknown_weight_or_a_word_for_a_number_is_refused_before_any_game() -> None:
    unknown = _run("--set", "dcay=0.7")
    assert unknown.returncode != 0
    assert "no weight 'dcay'" in unknown.stderr and "decay" in unknown.stderr
    word = _run("--set", "decay=steep")
    assert word.returncode != 0 and "takes a number" in word.stderr
    assert "|" not in unknown.stdout + word.stdout
    none = _run("--games", "0")
    assert none.returncode != 0 and "give 1 to" in none.stderr and "|" not in none.stdout


def _calibrate(*args: str) -> subprocess.CompletedProcess[str]:
    tool = ROOT / "tools" / "calibrate.py"
    return subprocess.run(
        [sys.executable, str(tool), "--only", "horus", *args],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )


def test_the_calibration_refuses_a_count_of_no_games_before_playing() -> None:
    run = _calibrate("--games", "0")
    assert run.returncode == 2 and "give 1 to" in run.stderr and "|" not in run.stdout


def test_the_calibration_refuses_a_pair_it_does_not_know_and_names_the_pairs() -> None:
    """Pairs are lower-upper: "expert-greedy" once matched nothing and played nothing."""
    run = _calibrate("--pairs", "greedy-expert", "--pairs", "expert-greedy")
    assert run.returncode == 2 and "|" not in run.stdout
    assert "no pair expert-greedy" in run.stderr and "greedy-expert" in run.stderr
