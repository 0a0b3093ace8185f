"""Tensors written from the state: equal to encoding the view, and blind to what it hides."""

from __future__ import annotations

import random

import numpy as np
import pytest

from scarab.adapters.engine import new_engine_state
from scarab.adapters.observation import encode
from scarab.adapters.state_encoding import encoder
from tests.adapters.helpers import GAME_COUNTS, random_states


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_every_seat_gets_the_tensor_of_its_view(game: str, players: int) -> None:
    fast = encoder(game, players)
    for state in random_states(game, players, games=2):  # one encoder along whole games
        for seat in range(players):
            expected = encode(game, state.view(seat), seat, players)
            assert np.array_equal(fast(state, seat), expected), (state.history()[-1:], seat)


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_redrawing_what_a_seat_cannot_see_changes_nothing(game: str, players: int) -> None:
    fast = encoder(game, players)
    for state in random_states(game, players, games=2, every=3):
        if state.is_over:
            continue
        for seat in range(players):
            other = state.determinize(seat, random.Random(seat))
            assert np.array_equal(fast(other, seat), fast(state, seat))


def test_a_read_sarcophagus_shows_its_card_to_the_reader_only() -> None:
    """HOR-ABILITY-READ: the one hidden card Horus shows a single seat."""
    fast = encoder("horus", 3)
    state = new_engine_state("horus", 3, seed=2)
    before = [fast(state, seat) for seat in range(3)]
    state.known[1] = (1 << len(state.sarc)) - 1  # seat 1 has read every sarcophagus
    for seat in range(3):
        x = fast(state, seat)
        assert np.array_equal(x, encode("horus", state.view(seat), seat, 3))
        assert np.array_equal(x, before[seat]) == (seat != 1)


def test_the_tensor_is_a_fresh_array() -> None:
    fast = encoder("luxor", 2)
    state = new_engine_state("luxor", 2, seed=0)
    first = fast(state, 0)
    first[:] = 9.0
    assert not np.array_equal(fast(state, 0), first), "no cached block was handed out"
