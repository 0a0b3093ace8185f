"""A seat's share of the win, read the same way by bots, tools and training."""

from __future__ import annotations

import pytest

from tests.core.support import GAMES, PLAYERS, position


@pytest.mark.parametrize("game", GAMES)
def test_a_finished_game_shares_one_win_among_its_winners(game: str) -> None:
    for players in PLAYERS[game]:
        for seed in range(4):
            state = position(game, players, seed, 10_000)
            assert state.is_over
            winners = state.winners()
            shares = [state.win_share(p) for p in range(players)]
            assert sum(shares) == pytest.approx(1.0 if winners else 0.0)
            assert all(
                shares[p] == (1 / len(winners) if p in winners else 0.0) for p in range(players)
            )


def test_nobody_has_a_share_while_the_game_goes_on() -> None:
    state = position("luxor", 2, 1, 3)
    assert not state.is_over
    assert [state.win_share(p) for p in range(2)] == [0.0, 0.0]
