"""The final scoring every front end shows: by category, from the finished game's view,
and adding up to each seat's score."""

from __future__ import annotations

import random

import pytest

from scarab import i18n, load

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


@pytest.mark.parametrize(("game", "players"), CASES)
def test_every_row_and_every_worded_cell_reads_in_each_language(game: str, players: int) -> None:
    """A label, and a cell that holds words (Luxor's sets, Horus's got out and gods), come
    as messages: in English they say what the row says, and every language fills them."""
    g = load(game)
    state = g.new_game(players, seed=3, **({"solo": True} if players == 1 else {}))
    rng = random.Random(3)
    while not state.is_over:
        state.step(rng.choice(state.legal_actions()))
    for row in g.final_rows(state.view(None)):
        assert i18n.text("en", row["msg"], row["args"]) == row["label"]
        said = row.get("cell_msgs") or [None] * players
        assert len(said) == players
        for cell, m in zip(row["cells"], said, strict=True):
            if m is not None:
                assert i18n.text("en", m["msg"], m["args"]) == cell
                for lang in i18n.LANGS:
                    words = i18n.text(lang, m["msg"], m["args"])
                    assert "{" not in words and not words.startswith(game + ".")
