"""`scarab bench`: runs, prints its metrics, rejects unknown games. No speed targets here."""

from __future__ import annotations

import sys

import pytest

import scarab
from scarab import bench
from scarab.cli import main


@pytest.mark.slow
def test_bench_main_prints_the_three_metrics(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.bench_main("luxor", 0.2, None) == 0
    out = capsys.readouterr().out
    for metric in ("decisions/s", "games/s", "clones/s"):
        assert metric in out
    assert "machine:" in out
    assert "OpenSpiel" in out  # either the comparison or the one-line install hint


def test_measure_returns_positive_rates() -> None:
    results = bench.measure("luxor", 0.05, 2)
    assert set(results) == set(bench.METRICS)
    assert all(v > 0 for v in results.values())


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 6])
def test_measure_horus_at_both_ends_of_its_player_range(players: int) -> None:
    results = bench.measure("horus", 0.02, players)
    assert set(results) == set(bench.METRICS)
    assert all(v > 0 for v in results.values())


def test_default_player_count_stays_inside_the_range() -> None:
    assert bench.seats(scarab.load("horus"), None) == 3
    assert bench.seats(scarab.load("pyramids"), None) == 3


def test_mid_game_state_is_under_way() -> None:
    state = bench.mid_game(scarab.load("luxor"), 3, seed=4)
    assert not state.is_over
    assert state.history()


def test_in_play_positions_are_the_decisions_of_a_greedy_game() -> None:
    positions = bench.greedy_positions(scarab.load("horus"), 2, seed=3)
    assert len(positions) > 10
    assert all(not s.is_over and len(s.legal_actions()) > 1 for s in positions)
    plies = [len(s.history()) for s in positions]
    assert plies == sorted(set(plies))  # one game, in order, no position twice
    again = bench.greedy_positions(scarab.load("horus"), 2, seed=3)
    assert [s.history() for s in again] == [s.history() for s in positions]


@pytest.mark.slow
def test_command_runs_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "luxor", "--seconds", "0.05", "--players", "2"]) == 0
    assert "decisions/s" in capsys.readouterr().out


def test_command_rejects_unknown_game() -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "nope"])
    assert exc.value.code != 0


def test_command_rejects_bad_player_count(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "luxor", "--seconds", "0.05", "--players", "9"]) != 0
    said = capsys.readouterr()
    assert "cannot play Luxor with 9 player(s)" in said.err
    assert "benchmarking" not in said.out  # refused before anything is measured


def test_without_openspiel_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pyspiel", None)  # import pyspiel now raises ImportError
    assert bench.compare_openspiel("luxor", 0.01, 2) is None
    assert bench.bench_main("luxor", 0.05, 2) == 0
    out = capsys.readouterr().out
    said = "OpenSpiel not installed: pip install '.[rl]' in Scarab's folder for the comparison"
    assert said in out


@pytest.mark.parametrize("seconds", ["nan", "-1", "inf", "0", "1e400", "3601", "abc"])
def test_command_refuses_a_time_that_would_never_end(
    seconds: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["bench", "luxor", "--seconds", seconds])
    assert exc.value.code == 2
    assert "--seconds" in capsys.readouterr().err


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_hostile_inputs_at_the_caps_are_all_refused(game: str) -> None:
    """Their times are reported by `scarab bench`, not asserted here."""
    times = bench.hostile_inputs(game)
    assert len(times) == 5 and all(t >= 0 for t in times.values())


def test_random_aec_play_runs_through_game_ends() -> None:
    from scarab.adapters.pettingzoo import env

    side = bench.RandomAEC(lambda: env("luxor", 2))
    decisions, spent = side.run(0.3)
    assert decisions > 0 and spent >= 0.3
    assert side.seed > 1, "a game ended and the next one began"


def test_pettingzoo_comparison_is_a_ratio_to_connect_four() -> None:
    pytest.importorskip("pettingzoo.classic.connect_four.connect_four")  # it needs pygame
    rates = bench.compare_pettingzoo("horus", 0.05, 2)
    assert rates is not None and set(rates) == {"scarab horus", bench.PETTINGZOO_PEER}
    assert all(r > 0 for r in rates.values())


def test_without_pettingzoo_classic_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "pettingzoo.classic.connect_four.connect_four", None)
    assert bench.compare_pettingzoo("luxor", 0.01, 2) is None
    assert bench.bench_main("luxor", 0.05, 2) == 0
    assert bench.NO_PETTINGZOO in capsys.readouterr().out


def test_openspiel_comparison_interleaves_our_random_play_with_backgammon() -> None:
    pytest.importorskip("pyspiel")
    rates = bench.compare_openspiel("pyramids", 0.05, 2)
    assert rates is not None and next(iter(rates)) == "scarab pyramids"
    assert "OpenSpiel backgammon" in rates and all(r > 0 for r in rates.values())


def test_clone_comparison_is_a_ratio_to_python_chess() -> None:
    pytest.importorskip("chess")
    rates = bench.compare_chess("horus", 0.05, 2)
    assert rates is not None and set(rates) == {"scarab horus clone()", bench.CHESS_PEER}
    assert all(r > 0 for r in rates.values())


def test_without_python_chess_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setitem(sys.modules, "chess", None)
    assert bench.compare_chess("luxor", 0.01, 2) is None
    assert bench.bench_main("luxor", 0.05, 2) == 0
    assert bench.NO_CHESS in capsys.readouterr().out
