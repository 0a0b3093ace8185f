"""The arena: seat rotation, derived seeds, one JSON line a game, resume, backends agree."""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import subprocess
import sys
import threading
import time
from collections import Counter
from multiprocessing.context import BaseContext
from pathlib import Path
from typing import Any

import pytest

import scarab.arena.backends as backends
import scarab.arena.runner as runner_module
from scarab import read_record, replay
from scarab.agents import LEVELS
from scarab.agents.settings import read_level
from scarab.arena import ArenaSpec, Job, run_arena
from scarab.arena.play import TIMING_FIELDS, play_game
from scarab.arena.results import GAMES, read_games
from scarab.cli import main
from scarab.core.errors import BadOption


def lines(folder: Path) -> dict[int, dict[str, Any]]:
    """The results by game index, without the fields that depend on the machine."""
    out = {}
    for line in read_games(folder):
        out[line["index"]] = {k: v for k, v in line.items() if k not in TIMING_FIELDS}
    return out


def test_every_bot_sits_in_every_seat_equally() -> None:
    spec = ArenaSpec("luxor", ("greedy", "random", "greedy"), games=12, seed=5)
    assert spec.entrants == ("greedy1", "random", "greedy2")
    seats: Counter[tuple[str, int]] = Counter()
    for i in range(spec.games):
        job = spec.job(i)
        assert sorted(job.entrants) == sorted(spec.entrants)
        for seat, entrant in enumerate(job.entrants):
            seats[entrant, seat] += 1
    assert set(seats.values()) == {4}
    assert len(seats) == 9


def test_seeds_follow_from_the_run_seed_and_game_index_only() -> None:
    a = ArenaSpec("pyramids", ("greedy", "random"), games=10, seed=1)
    b = ArenaSpec("pyramids", ("greedy", "random"), games=99, seed=1)
    assert [a.job(i) for i in range(10)] == [b.job(i) for i in range(10)]
    assert len({a.game_seed(i) for i in range(10)}) == 10
    other = ArenaSpec("pyramids", ("greedy", "random"), games=10, seed=2)
    assert a.game_seed(0) != other.game_seed(0)


@pytest.mark.parametrize(
    ("game", "players", "count", "message"),
    [
        ("chess", ("greedy", "random"), 2, "no game named"),
        ("luxor", ("greedy", "wizard"), 2, "no bot named 'wizard'"),
        ("luxor", ("greedy",), 2, "takes 2 to 4 players"),
        ("luxor", ("greedy", "random"), 0, "give 1 to"),
    ],
)
def test_a_bad_spec_says_what_would_be_right(
    game: str, players: tuple[str, ...], count: int, message: str
) -> None:
    with pytest.raises(BadOption, match=message):
        ArenaSpec(game, players, count)


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_a_real_run_writes_one_replayable_line_a_game(game: str, tmp_path: Path) -> None:
    spec = ArenaSpec(game, ("greedy", "random"), games=4, seed=7)
    assert run_arena(spec, tmp_path, progress=False) == 4
    results = lines(tmp_path)
    assert sorted(results) == [0, 1, 2, 3]
    for i, line in results.items():
        assert line["seats"] == list(spec.job(i).entrants)
        state = replay(read_record(line["record"]))
        assert state.is_over
        assert state.scores() == line["scores"]
        assert state.winners() == line["winners"]
        assert line["decisions"] == len(state.history())
        assert isinstance(line["rounds"], int) and line["rounds"] >= 1
        if game == "pyramids":
            assert line["rounds"] == 4  # a four-round game says four, not five
    # greedy beats random in nearly every game of every one of these games
    wins = sum(line["seats"][w] == "greedy" for line in results.values() for w in line["winners"])
    assert wins >= 3


def test_an_interrupted_run_resumes_where_it_stopped(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = ArenaSpec("luxor", ("greedy", "random"), games=6, seed=2)
    fresh = tmp_path / "fresh"
    run_arena(spec, fresh, progress=False)

    played: list[int] = []

    def stop_at_game_3(job: Any) -> dict[str, Any]:
        if job.index == 3:
            raise KeyboardInterrupt
        played.append(job.index)
        return play_game(job)

    broken = tmp_path / "broken"
    monkeypatch.setattr("scarab.arena.backends.play_game", stop_at_game_3)
    with pytest.raises(KeyboardInterrupt):
        run_arena(spec, broken, progress=False)
    assert sorted(lines(broken)) == [0, 1, 2]
    with (broken / GAMES).open("a") as f:
        f.write('{"index": 3, "game": "lux')  # a line torn by a kill mid-write
    monkeypatch.undo()
    assert run_arena(spec, broken, progress=False) == 3
    assert lines(broken) == lines(fresh)
    assert run_arena(spec, broken, progress=False) == 0  # nothing left to play


def test_a_longer_run_in_the_same_folder_adds_only_the_new_games(tmp_path: Path) -> None:
    run_arena(ArenaSpec("horus", ("greedy", "random"), games=2, seed=4), tmp_path, progress=False)
    more = ArenaSpec("horus", ("greedy", "random"), games=4, seed=4)
    assert run_arena(more, tmp_path, progress=False) == 2
    assert json.loads((tmp_path / "arena.json").read_text())["games"] == 4
    assert sorted(lines(tmp_path)) == [0, 1, 2, 3]


def test_asking_for_fewer_games_than_a_folder_holds_keeps_its_plan(tmp_path: Path) -> None:
    run_arena(ArenaSpec("luxor", ("greedy", "random"), games=3, seed=1), tmp_path, progress=False)
    assert run_arena(ArenaSpec("luxor", ("greedy", "random"), 1, 1), tmp_path, progress=False) == 0
    assert json.loads((tmp_path / "arena.json").read_text())["games"] == 3  # 3 of 3, not of 1


@pytest.mark.slow
def test_ctrl_c_drops_the_games_under_way_rather_than_waiting_for_them(tmp_path: Path) -> None:
    """A worker in the middle of a game is ended at once (terminated), not left to finish
    its queued games: with expert bots that wait was half a minute."""
    spec = ArenaSpec("horus", ("expert", "expert"), games=8, seed=3)
    seen: list[Any] = []

    def interrupt() -> None:
        for _ in range(600):  # once both workers are playing (at most a minute's wait)
            if len(multiprocessing.active_children()) == 2:
                break
            time.sleep(0.1)
        time.sleep(1.0)
        seen.extend(multiprocessing.active_children())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(0.1, interrupt)
    timer.start()
    try:
        with pytest.raises(KeyboardInterrupt):
            run_arena(spec, tmp_path, workers=2, progress=False)
    finally:
        timer.cancel()
    assert len(seen) == 2 and not multiprocessing.active_children()
    codes = [worker.exitcode for worker in seen]  # a worker between games may end by itself
    # The timer's thread makes the pool use a fork server, which now and then loses a
    # terminated worker's status and reports 255 (twice in full runs here); a worker
    # that ran its games out would end with 0, and one still running with None.
    assert None not in codes and {-signal.SIGTERM, 255} & set(codes), codes


def test_a_folder_of_another_run_is_refused(tmp_path: Path) -> None:
    run_arena(ArenaSpec("luxor", ("greedy", "random"), games=1, seed=1), tmp_path, progress=False)
    with pytest.raises(BadOption, match="holds another run"):
        run_arena(ArenaSpec("luxor", ("greedy", "random"), games=1, seed=2), tmp_path)
    with pytest.raises(BadOption, match="holds another run"):
        run_arena(ArenaSpec("pyramids", ("greedy", "random"), games=1, seed=1), tmp_path)


def test_a_run_resumes_only_with_the_levels_it_began_with(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    spec = ArenaSpec("luxor", ("novice", "random"), games=1, seed=1)
    run_arena(spec, tmp_path, progress=False)
    manifest = json.loads((tmp_path / "arena.json").read_text())
    novice = LEVELS["novice"].table
    assert manifest["levels"]["novice"]["rollout_depth"] == novice["rollout_depth"]["luxor"]
    # a change for another game leaves this run as it was: it resumes
    depth = {**novice["rollout_depth"], "horus": 3}
    monkeypatch.setitem(LEVELS, "novice", read_level("novice", {**novice, "rollout_depth": depth}))
    assert run_arena(ArenaSpec("luxor", ("novice", "random"), games=2, seed=1), tmp_path) == 1
    monkeypatch.setitem(LEVELS, "novice", read_level("novice", {**novice, "iterations": 11}))
    with pytest.raises(BadOption, match="levels were set differently"):
        run_arena(ArenaSpec("luxor", ("novice", "random"), games=3, seed=1), tmp_path)


def test_a_run_begun_with_every_games_settings_resumes_with_its_own_games(
    tmp_path: Path,
) -> None:
    """Manifests written before the settings were resolved per game still resume."""
    spec = ArenaSpec("luxor", ("novice", "random"), games=1, seed=1)
    run_arena(spec, tmp_path, progress=False)
    manifest = json.loads((tmp_path / "arena.json").read_text())
    manifest["levels"] = {"novice": dict(LEVELS["novice"].table)}  # as older runs wrote it
    (tmp_path / "arena.json").write_text(json.dumps(manifest))
    assert run_arena(ArenaSpec("luxor", ("novice", "random"), games=2, seed=1), tmp_path) == 1


def test_worker_processes_give_the_same_games_as_one_process(tmp_path: Path) -> None:
    spec = ArenaSpec("pyramids", ("greedy", "random"), games=4, seed=9)
    run_arena(spec, tmp_path / "one", workers=1, progress=False)
    run_arena(spec, tmp_path / "two", workers=2, progress=False)
    assert lines(tmp_path / "one") == lines(tmp_path / "two")


@pytest.mark.slow
def test_ray_gives_the_same_games_as_local_processes(tmp_path: Path) -> None:
    pytest.importorskip("ray")
    spec = ArenaSpec("luxor", ("greedy", "random", "random"), games=6, seed=11)
    run_arena(spec, tmp_path / "local", workers=2, progress=False)
    run_arena(spec, tmp_path / "ray", workers=2, backend="ray", progress=False)
    assert lines(tmp_path / "ray") == lines(tmp_path / "local")


def test_quick_games_go_many_to_a_worker_and_still_come_out_the_same(tmp_path: Path) -> None:
    spec = ArenaSpec("luxor", ("random", "random"), games=60, seed=3)
    run_arena(spec, tmp_path / "one", workers=1, progress=False)
    run_arena(spec, tmp_path / "two", workers=2, progress=False)
    assert lines(tmp_path / "one") == lines(tmp_path / "two")


def tasks_sent(games: int, workers: int, seconds: float) -> list[list[int]]:
    """The games of each task a backend is handed, when every game takes ``seconds``."""
    sent: list[list[int]] = []

    def submit(jobs: list[Job]) -> list[Job]:
        sent.append([job.index for job in jobs])
        return jobs

    def first_done(running: list[list[Job]]) -> tuple[list[list[Job]], list[list[Job]]]:
        return running[:1], running[1:]

    def results(jobs: list[Job]) -> list[dict[str, Any]]:
        return [{"index": job.index, "seconds": seconds} for job in jobs]

    spec = ArenaSpec("luxor", ("random", "random"), games=games)
    jobs = [spec.job(i) for i in range(games)]
    played = [r["index"] for r in backends._in_flight(jobs, workers, submit, first_done, results)]
    assert sorted(played) == list(range(games))
    return sent


def test_a_task_holds_about_a_fifth_of_a_second_of_games_and_the_last_ones_are_small() -> None:
    sizes = [len(task) for task in tasks_sent(400, 2, seconds=0.004)]
    assert sizes[:4] == [1, 1, 1, 1]  # nothing is known of a game's length yet
    assert 40 <= max(sizes) <= round(backends.TASK_SECONDS / 0.004)
    assert sizes[-1] == 1  # so that no worker waits long for another's last task
    assert all(len(task) == 1 for task in tasks_sent(20, 2, seconds=1.0))


def test_the_workers_start_before_the_progress_bar_thread(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    threads: list[int] = []
    context = backends._context

    def counted() -> BaseContext:
        threads.append(threading.active_count())
        return context()

    monkeypatch.setattr(backends, "_context", counted)
    before = threading.active_count()
    run_arena(ArenaSpec("luxor", ("random", "random"), games=2), tmp_path, 2, progress=True)
    assert threads == [before]


def test_workers_are_forked_only_from_a_process_with_one_thread() -> None:
    fresh = "from scarab.arena.backends import _context; print(_context().get_start_method())"
    started = subprocess.run([sys.executable, "-c", fresh], capture_output=True, text=True)
    assert started.stdout.strip() == "fork"
    stop = threading.Event()
    other = threading.Thread(target=stop.wait)
    other.start()
    try:
        assert backends._context().get_start_method() == "forkserver"
    finally:
        stop.set()
        other.join()


def test_unknown_backend_and_worker_counts_are_refused(tmp_path: Path) -> None:
    spec = ArenaSpec("luxor", ("greedy", "random"), games=1)
    with pytest.raises(BadOption, match="no backend named 'dask'"):
        run_arena(spec, tmp_path, backend="dask")
    with pytest.raises(BadOption, match="workers"):
        run_arena(spec, tmp_path, workers=0)
    assert runner_module.MAX_WORKERS >= 2


def test_the_command_plays_resumes_and_refuses_bad_arguments(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "res"
    args = ["arena", "luxor", "--players", "greedy,random", "--games", "2", "--out", str(out)]
    assert main([*args, "--no-report"]) == 0
    assert "2 games played" in capsys.readouterr().out
    assert main([*args, "--no-report"]) == 0
    assert "0 games played" in capsys.readouterr().out
    assert main(["arena", "luxor", "--players", "greedy,elf", "--out", str(out)]) == 2
    assert "no bot named 'elf'" in capsys.readouterr().err
    assert main(["arena"]) == 2
    assert "name a game" in capsys.readouterr().err
    assert main(["arena", "luxor", "--players", "greedy,,random", "--out", str(out)]) == 2
    assert "seat 2 names no bot" in capsys.readouterr().err
    solo = tmp_path / "solo"
    assert main(["arena", "pyramids", "--players", "expert", "--out", str(solo)]) == 2
    assert "list more bots in --players" in capsys.readouterr().err
    assert not solo.exists()  # refused before anything is written
    a_file = tmp_path / "a-file"
    a_file.write_text("")
    for there in (a_file, a_file / "below"):
        assert main(["arena", "luxor", "--games", "1", "--out", str(there), "--no-report"]) == 2
        assert "cannot write the results to" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["arena", "luxor", "--workers", "-3"])


@pytest.mark.parametrize(
    ("extra", "said"),
    [
        (["luxor", "--report", "somewhere"], "drop luxor"),
        (["--report", "somewhere", "--no-report"], "opposite things"),
        (["luxor", "--address", "ray://head:10001"], "--backend ray"),
    ],
)
def test_the_command_refuses_options_that_cannot_go_together(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], extra: list[str], said: str
) -> None:
    out = tmp_path / "res"
    assert main(["arena", *extra, "--out", str(out), "--games", "1"]) == 2
    assert said in capsys.readouterr().err
    assert not out.exists()  # nothing was played or written
