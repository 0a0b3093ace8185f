"""The terminal front end: ``scarab play GAME --players human,greedy``."""

from __future__ import annotations

from scarab.terminal.play import play_main

__all__ = ["play_main"]
