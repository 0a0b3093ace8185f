"""The final scoring every front end shows: by category, from the finished game's view,
and adding up to each seat's score."""

from __future__ import annotations

import random

import pytest

from scarab import load

CASES = [("luxor", 2), ("luxor", 4), ("pyramids", 1), ("pyramids", 3), ("horus", 2), ("horus", 5)]


@pytest.mark.rule("LUX-SCORE-WALL", "PYR-SCORE-GEMS", "HOR-SCORE-VARIETY")
@pytest.mark.parametrize(("game", "players"), CASES)
def test_the_final_rows_add_up_to_every_seats_score(game: str, players: int) -> None:
    g = load(game)
    for seed in range(6):
        rng = random.Random(seed)
        state = g.new_game(players, seed=seed, **({"solo": True} if players == 1 else {}))
        while not state.is_over:
            state.step(rng.choice(state.legal_actions()))
        for viewer in (None, 0):
            rows = g.final_rows(state.view(viewer))
            assert rows[-1]["label"] == "total" and rows[-1]["total"] is True
            assert rows[-1]["points"] == state.scores()
            for p in range(players):
                counted = sum(r["points"][p] or 0 for r in rows[:-1])
                assert counted == state.scores()[p], (game, seed, p, rows)
            assert all(len(r["cells"]) == len(r["points"]) == players for r in rows)
