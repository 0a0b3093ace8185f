"""The engine core and every game use the standard library only.

Imports run in a fresh interpreter started with ``-S`` (no site-packages, no
``.pth`` hooks), so ``sys.modules`` holds exactly what importing scarab pulled in.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import scarab
from scarab.core import registry

SRC = Path(scarab.__file__).resolve().parent.parent

IMPORT_EVERYTHING = """
import importlib, json, pkgutil, sys

import scarab
import scarab.core

names = scarab.game_names()
for name in names:
    scarab.load(name)
imported = []
for pkg_name in ("scarab.core", "scarab.games"):
    pkg = importlib.import_module(pkg_name)
    for info in pkgutil.walk_packages(pkg.__path__, pkg_name + "."):
        importlib.import_module(info.name)
        imported.append(info.name)
print(json.dumps({
    "games": names,
    "imported": imported,
    "modules": sorted(m for m in sys.modules if m != "__main__"),
}))
"""


@pytest.fixture(scope="module")
def fresh_import() -> dict[str, list[str]]:
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-S", "-c", IMPORT_EVERYTHING],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr
    result: dict[str, list[str]] = json.loads(out.stdout)
    return result


def test_core_and_games_import_only_the_standard_library(
    fresh_import: dict[str, list[str]],
) -> None:
    foreign = [
        m
        for m in fresh_import["modules"]
        if m.split(".")[0] not in sys.stdlib_module_names and m.split(".")[0] != "scarab"
    ]
    assert not foreign, f"scarab.core / scarab.games imported non-stdlib modules: {foreign}"


def test_the_engine_imports_no_layer_above_it(fresh_import: dict[str, list[str]]) -> None:
    """Arrows point down: bots, terminal, adapters and the CLI depend on the engine only."""
    upper = ("agents", "terminal", "adapters", "cli", "bench")
    ours = [m.split(".") for m in fresh_import["modules"] if m.startswith("scarab.")]
    above = [".".join(parts) for parts in ours if parts[1] in upper]
    assert not above, f"the engine imported {above}"


def test_the_subprocess_really_imported_every_game(fresh_import: dict[str, list[str]]) -> None:
    modules = set(fresh_import["modules"])
    assert {"luxor", "pyramids", "horus"} <= set(fresh_import["games"])
    for game in fresh_import["games"]:
        assert f"scarab.games.{game}" in modules
    assert {"scarab.core.rng", "scarab.core.record", "scarab.core.clauses"} <= modules
    assert "scarab.games.luxor.rules" in fresh_import["imported"]


def test_games_lists_luxor(fresh_import: dict[str, list[str]]) -> None:
    names = fresh_import["games"]  # scarab.game_names() as first called in a fresh interpreter
    assert "luxor" in names
    assert names == sorted(names)
    assert registry.games() == names
    game = scarab.load("luxor")
    assert isinstance(game, scarab.Game)
    assert game.name == "luxor"
    assert scarab.load("luxor") is game


def test_the_games_package_and_the_list_of_names_both_stay_reachable() -> None:
    code = (
        "import scarab\n"
        "first = scarab.game_names()\n"
        "scarab.load('luxor')\n"
        "import scarab.games.luxor\n"
        "assert scarab.games.luxor.GAME is scarab.load('luxor')\n"
        "assert scarab.game_names() == first, scarab.game_names\n"
    )
    env = {**os.environ, "PYTHONPATH": str(SRC)}
    out = subprocess.run(
        [sys.executable, "-S", "-c", code],
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
        check=False,
    )
    assert out.returncode == 0, out.stderr


def test_loading_an_unknown_game_names_the_known_ones() -> None:
    with pytest.raises(scarab.UnknownGame) as info:
        scarab.load("nope")
    assert isinstance(info.value, ValueError)
    message = str(info.value)
    assert "'nope'" in message
    for name in registry.games():
        assert name in message
