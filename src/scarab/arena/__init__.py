"""The arena: many games between bots, with results on disk and a report for designers.

>>> from scarab.arena import ArenaSpec
>>> ArenaSpec("luxor", ("greedy", "random"), games=4, seed=1).job(1).bots
('random', 'greedy')
"""

from __future__ import annotations

from scarab.arena.play import play_game
from scarab.arena.runner import run_arena
from scarab.arena.spec import ArenaSpec, Job

__all__ = ["ArenaSpec", "Job", "play_game", "run_arena"]
