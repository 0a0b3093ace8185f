"""The text board of a view, drawn by the terminal's renderer without colour."""

from __future__ import annotations

import io
import json
from typing import Any

from rich.console import Console

from scarab.terminal.play import RENDERERS


def text_board(game: str, view: dict[str, Any]) -> str:
    renderer = RENDERERS.get(game)
    if renderer is None:
        return json.dumps(view, indent=1, sort_keys=True)
    out = io.StringIO()
    console = Console(file=out, width=120, color_system=None, force_terminal=False)
    renderer.render(console, view, [])
    return out.getvalue()
