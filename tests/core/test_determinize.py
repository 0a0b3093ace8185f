"""determinize() in every game: a world that a seat cannot tell from the real one, and that
tells nothing of the real one beyond that seat's view (issue 9, point 1).

The real game's seed, history and RNG would rebuild every hand, deck and future die,
so a sampled state carries none of them: its seed comes from the caller's rng, its
history starts empty and it has no record. The strongest check: two real games that
give a seat the same view (the second one another world consistent with it, given its
own seed, RNG and history) yield byte-identical pickles under the same rng.
"""

from __future__ import annotations

import pickle
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import scarab
from scarab.agents import Seat
from scarab.core.errors import NoRecord
from scarab.core.game import State
from scarab.core.rng import Rng
from tests.core.support import GAMES, PLAYERS, position


def another_real_game(s: State, me: int, k: int) -> State:
    """A game with me's view but its own hidden things, seed, RNG and (empty) history."""
    t = s.determinize(me, random.Random(k))
    t.sampled = False
    t.seed = (s.seed + 1 + k) % 2**64
    t.rng = Rng(k * 7919 + 1)
    t.hist = None
    return t


def positions(game: str) -> st.SearchStrategy[tuple[State, int, int]]:
    """(a random position, one of its seats, an rng seed)."""
    counts = PLAYERS[game]

    @st.composite
    def build(draw: st.DrawFn) -> tuple[State, int, int]:
        players = draw(st.sampled_from(counts))
        seed = draw(st.integers(min_value=0, max_value=2**32))
        steps = draw(st.integers(min_value=0, max_value=400))
        s = position(game, players, seed, steps)
        return s, draw(st.integers(min_value=0, max_value=players - 1)), draw(st.integers(0, 999))

    return build()


@pytest.mark.rule("LUX-HIDDEN", "PYR-HIDDEN", "HOR-HIDDEN")
@pytest.mark.parametrize("game", GAMES)
def test_a_sampled_state_has_no_record_no_history_and_its_own_seed(game: str) -> None:
    s = position(game, PLAYERS[game][-1], seed=5, steps=60)
    d = s.determinize(0, random.Random(1))
    assert d.sampled and not s.sampled
    assert d.history() == [] and d.hist is None
    assert d.seed != s.seed and d.seed == s.determinize(0, random.Random(1)).seed
    with pytest.raises(NoRecord, match="sampled by determinize"):
        d.record()
    with pytest.raises(NoRecord):
        Seat(s, 0).determinize(random.Random(1)).record()
    again = pickle.loads(pickle.dumps(d))
    assert again == d and again.sampled and again.history() == []
    c = d.clone()
    assert c.sampled
    if not c.is_over:  # a sampled world plays on, and still has no record
        c.apply(c.legal_actions()[0])
        assert len(c.history()) == 1 and c.sampled
        with pytest.raises(NoRecord):
            c.record()
    assert s.record().moves, "the real game keeps its record"


@pytest.mark.rule("LUX-HIDDEN")
@given(positions("luxor"))
@settings(max_examples=40, deadline=None)
def test_luxor_samples_depend_only_on_the_view(case: tuple[State, int, int]) -> None:
    check_only_the_view(*case)


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS")
@given(positions("pyramids"))
@settings(max_examples=40, deadline=None)
def test_pyramids_samples_depend_only_on_the_view(case: tuple[State, int, int]) -> None:
    check_only_the_view(*case)


@pytest.mark.rule("HOR-HIDDEN")
@given(positions("horus"))
@settings(max_examples=40, deadline=None)
def test_horus_samples_depend_only_on_the_view(case: tuple[State, int, int]) -> None:
    check_only_the_view(*case)


def check_only_the_view(s: State, me: int, k: int) -> None:
    """Nothing reachable from a sampled state (its fields, seed, RNG, history, pickle)
    tells s from another game that gives ``me`` the same view."""
    t = another_real_game(s, me, k + 1000)
    assert t.view(me) == s.view(me), "the other game gives me the same view"
    for j in range(2):
        mine = s.determinize(me, random.Random(k + j))
        theirs = t.determinize(me, random.Random(k + j))
        assert pickle.dumps(mine) == pickle.dumps(theirs)
        assert mine.seed == theirs.seed and mine.rng.state == theirs.rng.state
        assert mine.view(me) == s.view(me)
        with pytest.raises(NoRecord):
            mine.record()


@pytest.mark.parametrize("game", GAMES)
def test_replaying_what_a_bot_can_reach_never_rebuilds_the_real_game(game: str) -> None:
    """The hole issue 9 names: scarab.replay(seat.determinize(rng).record())."""
    s = position(game, max(2, PLAYERS[game][0]), seed=9, steps=80)  # a seat 1 to sample
    seat = Seat(s, 1)
    sample = seat.determinize(random.Random(3))
    with pytest.raises(NoRecord):
        scarab.replay(sample.record())
    assert not hasattr(seat, "state") and not hasattr(seat, "seed")
