"""Running a tournament: the missing games of a results folder, with a progress bar."""

from __future__ import annotations

from pathlib import Path

from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from scarab.arena.backends import BACKENDS, start
from scarab.arena.results import ResultsFolder, append
from scarab.arena.spec import ArenaSpec
from scarab.core.errors import BadOption

MAX_WORKERS = 256


def run_arena(
    spec: ArenaSpec,
    out: Path,
    workers: int = 1,
    backend: str = "local",
    address: str | None = None,
    progress: bool = True,
) -> int:
    """Play every game of ``spec`` not yet in ``out``; the number of games played now."""
    if backend not in BACKENDS:
        raise BadOption(f"no backend named {backend!r}; the backends are: {', '.join(BACKENDS)}")
    if not 1 <= workers <= MAX_WORKERS:
        raise BadOption(f"give 1 to {MAX_WORKERS} workers, not {workers}")
    folder = ResultsFolder(out, spec)
    done = folder.done()
    jobs = [spec.job(i) for i in range(spec.games) if i not in done]
    columns = (
        TextColumn(f"{spec.game}: {','.join(spec.players)}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
    )
    played = 0
    # The workers start before the progress bar's thread, so they may be forked.
    with (
        start(backend, workers, address) as play,
        folder.writer() as f,
        Progress(*columns, disable=not progress) as bar,
    ):
        task = bar.add_task("games", total=spec.games, completed=spec.games - len(jobs))
        for line in play(jobs):
            append(f, line)
            played += 1
            bar.advance(task)
    return played
