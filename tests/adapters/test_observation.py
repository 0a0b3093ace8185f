"""Observation tensors: a function of view(seat) only, with a fixed, named layout."""

from __future__ import annotations

import random

import numpy as np
import pytest

from scarab.adapters.engine import new_engine_state
from scarab.adapters.observation import HIGH, build, encode, layout, rotated, size
from scarab.games.luxor import data as LD
from tests.adapters.helpers import GAME_COUNTS, GAMES, PLAYER_COUNTS, random_states

NAMES = {
    "luxor": ("phase", "to_move", "board", "seat0.hand", "seat0.pieces", "discard"),
    "pyramids": ("phase", "display0", "seat0.card0", "seat0.score_card", "dealt"),
    "horus": ("stage", "dice", "board.mummies", "seat0.square", "seat0.cards", "discard"),
}


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_layout_slices_cover_the_vector_without_overlap(game: str, players: int) -> None:
    slices = layout(game, players)
    at = 0
    for name, s in slices.items():
        assert s.start == at, f"{name} starts at {s.start}, expected {at}"
        assert s.stop > s.start, f"{name} is empty"
        at = s.stop
    assert at == size(game, players)
    for name in NAMES[game]:
        assert name in slices
    seat_blocks = {name.split(".")[0] for name in slices if name.startswith("seat")}
    assert seat_blocks == {f"seat{i}" for i in range(players)}


@pytest.mark.parametrize("game", GAMES)
def test_the_layout_grows_with_the_players_only_by_seat_blocks(game: str) -> None:
    counts = PLAYER_COUNTS[game]
    small, big = layout(game, counts[0]), layout(game, counts[-1])
    per_seat = ("to_move", "keeper")  # one-hot over the seats
    shared = [n for n in small if not n.startswith("seat") and n not in per_seat]
    assert all(small[n].stop - small[n].start == big[n].stop - big[n].start for n in shared)
    assert size(game, counts[-1]) > size(game, counts[0])


@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_tensors_of_random_states_fit_the_layout(game: str, players: int) -> None:
    slices = layout(game, players)
    seen: list[np.ndarray] = []
    for state in random_states(game, players, games=2, every=3):
        for seat in range(players):
            view = state.view(seat)
            b = build(game, view, seat, players)
            assert len(b.names) == len(set(b.names)), "slice names are unique"
            assert b.slices() == slices, "the layout depends on the game and players only"
            x = encode(game, view, seat, players)
            assert x.dtype == np.float32 and x.shape == (size(game, players),)
            assert np.all(np.isfinite(x))
            assert x.min() >= 0.0 and x.max() <= HIGH
            seen.append(x)
    assert not all(np.array_equal(seen[0], x) for x in seen), "the tensor follows the game"


@pytest.mark.slow
@pytest.mark.parametrize(("game", "players"), GAME_COUNTS)
def test_the_same_view_gives_the_same_tensor(game: str, players: int) -> None:
    hidden_changed = False
    for state in random_states(game, players, games=2, every=4):
        if state.is_over:
            continue
        for seat in range(players):
            mine = encode(game, state.view(seat), seat, players)
            for k in range(2):
                other = state.determinize(seat, random.Random(k))
                assert other.view(seat) == state.view(seat)
                assert np.array_equal(encode(game, other.view(seat), seat, players), mine)
                # what another seat sees may differ: hidden things were redrawn
                hidden_changed |= any(
                    other.view(q) != state.view(q) for q in range(players) if q != seat
                )
    if players > 1 or game != "pyramids":
        assert hidden_changed, "determinize redrew something hidden, and the tensor ignored it"


def test_seats_are_listed_from_the_observer() -> None:
    assert rotated(4, 0) == [0, 1, 2, 3]
    assert rotated(4, 2) == [2, 3, 0, 1]
    state = new_engine_state("luxor", 3, seed=5)
    slices = layout("luxor", 3)
    codes = sorted(set(LD.CODE))
    for seat in range(3):
        x = encode("luxor", state.view(seat), seat, 3)
        hand = state.view(seat)["seats"][seat]["hand"]
        expected = [hand.count(c) / 5 for c in codes]
        assert np.allclose(x[slices["seat0.hand"]], expected), "seat0 is the observer"
        assert x[slices["seat0.hand"]].sum() > 0
        for i in (1, 2):
            assert not x[slices[f"seat{i}.hand"]].any(), "other hands are hidden"
        to_move = x[slices["to_move"]]
        assert to_move[(state.current_player - seat) % 3] == 1.0


def test_the_solo_layout_has_one_seat() -> None:
    state = new_engine_state("pyramids", 1, seed=0)
    assert state.options.get("solo")
    assert "seat1.card0" not in layout("pyramids", 1)
    assert encode("pyramids", state.view(0), 0, 1).shape == (size("pyramids", 1),)
