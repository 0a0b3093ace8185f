"""An arena run on disk: ``arena.json`` (the spec) and ``games.jsonl`` (one game a line).

A line is appended and flushed as soon as its game is back from the worker (quick
games come back a few at a time, a fifth of a second's play apiece), so an
interrupted run loses at most the games in progress; running the same command again
plays only the missing ones. A torn last line (the process killed mid-write) is ignored.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from dataclasses import replace
from pathlib import Path
from typing import IO, Any

from scarab.arena.spec import ArenaSpec, levels_for
from scarab.core.errors import BadOption

MANIFEST = "arena.json"
GAMES = "games.jsonl"
MAX_LINE = 4_000_000  # bytes: a record of a long game is well under this


def read_games(folder: Path) -> Iterator[dict[str, Any]]:
    """The finished games in ``folder``, in file order; broken lines are skipped."""
    path = folder / GAMES
    if not path.exists():
        return
    with path.open("rb") as f:
        for raw in f:
            if len(raw) > MAX_LINE or not raw.endswith(b"\n"):
                continue
            try:
                line = json.loads(raw)
            except ValueError:
                continue
            if isinstance(line, dict) and type(line.get("index")) is int:
                yield line


def read_spec(folder: Path) -> ArenaSpec:
    return ArenaSpec.from_json(_manifest(folder))


def _manifest(folder: Path) -> dict[str, Any]:
    path = folder / MANIFEST
    if not path.is_file():
        raise BadOption(f"{folder} holds no arena run: {MANIFEST} is missing")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (ValueError, UnicodeDecodeError):
        raise BadOption(f"{path} is not a JSON arena manifest") from None
    if not isinstance(data, dict):
        raise BadOption(f"{path} is not a JSON arena manifest")
    return data


class ResultsFolder:
    """Where one run's results go; checks that a resumed run is the same run."""

    def __init__(self, folder: Path, spec: ArenaSpec) -> None:
        self.folder = folder
        self.spec = spec
        folder.mkdir(parents=True, exist_ok=True)
        manifest = folder / MANIFEST
        if manifest.exists():
            old = read_spec(folder)
            if old.games > spec.games:  # fewer asked than planned: the plan stands
                spec = self.spec = replace(spec, games=old.games)
            if (old.game, old.players, old.seed) != (spec.game, spec.players, spec.seed):
                raise BadOption(
                    f"{folder} holds another run ({old.game}, {','.join(old.players)}, "
                    f"seed {old.seed}): give a new --out folder, or the same game, players and seed"
                )
            began = _manifest(folder).get("levels", {})  # older runs: every game's settings
            if not isinstance(began, dict) or levels_for(began, spec.game) != spec.levels():
                raise BadOption(
                    f"the bot levels were set differently when the run in {folder} began "
                    "(src/scarab/agents/levels.toml changed): give a new --out folder"
                )
        manifest.write_text(json.dumps(spec.to_json(), indent=1) + "\n", encoding="utf-8")
        self._repair_tail()

    def done(self) -> set[int]:
        return {g["index"] for g in read_games(self.folder)}

    def _repair_tail(self) -> None:
        """End a torn last line so the next append starts a line of its own."""
        path = self.folder / GAMES
        if path.exists() and path.stat().st_size:
            with path.open("rb+") as f:
                f.seek(-1, 2)
                if f.read(1) != b"\n":
                    f.write(b"\n")

    def writer(self) -> IO[str]:
        return (self.folder / GAMES).open("a", encoding="utf-8")


def append(out: IO[str], line: dict[str, Any]) -> None:
    out.write(json.dumps(line, separators=(",", ":")) + "\n")
    out.flush()
