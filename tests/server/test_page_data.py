"""The page keeps no copy of a game's data: each board module draws from the board the
server publishes (GET /api/games/<game>/board), so nothing in it can drift from the
game's data file.

Every long text and every run of numbers in a game's board data is looked for in the
game's JavaScript, as it would be written there.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from scarab import load

JS = Path(__file__).resolve().parents[2] / "src" / "scarab" / "server" / "static" / "js"


def pieces(value: Any) -> Iterator[str]:
    """The board's long texts, and its number lists (3 or more) as JavaScript writes them."""
    if isinstance(value, str):
        if len(value) >= 12:
            yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from pieces(v)
    elif isinstance(value, list):
        if len(value) >= 3 and all(isinstance(v, int) for v in value):
            yield "[" + ", ".join(map(str, value)) + "]"
        for v in value:
            yield from pieces(v)


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_no_board_data_is_written_in_the_games_page_module(game: str) -> None:
    # the game's entry module (games/<game>.js) and the parts it imports (games/<game>/)
    modules = [JS / "games" / f"{game}.js", *sorted((JS / "games" / game).glob("*.js"))]
    source = re.sub(r"\s+", " ", " ".join(m.read_text("utf-8") for m in modules))
    board = load(game).board()
    found = [p for p in set(pieces(board)) if p in source or json.dumps(p)[1:-1] in source]
    assert not found, f"{game}'s page modules repeat its board data: {found[:5]}"
    assert "useBoard(ctx.board)" in source  # it draws from the board it is given


def test_the_check_finds_data_where_it_is_copied() -> None:
    """The check itself: a module holding the Horus walls would be caught."""
    rows = load("horus").board()["neigh"]
    copied = "const NEIGH = [" + ", ".join("[" + ", ".join(map(str, r)) + "]" for r in rows) + "];"
    assert any(p in copied for p in pieces({"neigh": rows}))
