"""Shared scaffolding for the terminal tests: a captured console and a scripted keyboard."""

from __future__ import annotations

import io
from collections.abc import Iterable

from rich.console import Console


def console(width: int = 120) -> tuple[Console, io.StringIO]:
    buf = io.StringIO()
    return Console(file=buf, width=width), buf


class Keyboard:
    """Types the scripted lines first, then `then` for every later prompt; records prompts."""

    def __init__(self, script: Iterable[str] = (), then: str | None = "1") -> None:
        self.script = list(script)
        self.then = then
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        if "press Enter" in prompt:
            return ""
        if self.script:
            return self.script.pop(0)
        if self.then is None:
            raise EOFError
        return self.then


def never(prompt: str) -> str:
    raise AssertionError(f"a bots-only game asked {prompt!r}")
