"""The text board of a view, drawn by the terminal's renderer without colour."""

from __future__ import annotations

import io
import json
from typing import Any

from rich.console import Console

from scarab.terminal.play import renderer_of

RENDER_MODES = ["ansi"]  # the text board; the envs draw nothing else


def render_mode_field(mode: object) -> str | None:
    """An env's render_mode: 'ansi' or None, refused when the env is made otherwise."""
    if mode is not None and mode not in RENDER_MODES:
        raise ValueError(f"render_mode is 'ansi' (the text board) or None, not {mode!r}")
    return None if mode is None else str(mode)


def text_board(game: str, view: dict[str, Any]) -> str:
    renderer = renderer_of(game)
    if renderer is None:
        return json.dumps(view, indent=1, sort_keys=True)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    renderer.render(console, view, [])
    return out.getvalue()
