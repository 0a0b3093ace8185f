"""The opening book: measured first decisions break only the ties a search cannot."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path

import pytest

import scarab
from scarab.agents import Budget, IsmctsAgent, Seat, level_agent
from scarab.agents import openings as book
from scarab.agents.ismcts import Node
from scarab.agents.settings import Level


def _table() -> dict[str, dict[str, object]]:
    with book.OPENINGS_FILE.open("rb") as f:
        return tomllib.load(f)


@pytest.mark.parametrize("game", sorted(_table()))
def test_the_book_holds_first_decisions_of_its_game_with_shares_won(game: str) -> None:
    shares = book.book_for(game)
    assert shares, f"{game}'s table is empty"
    first = {str(a) for a in scarab.load(game).new_game(2, seed=1).legal_actions()}
    assert set(shares) <= first
    assert all(0.0 <= s <= 1.0 for s in shares.values())
    assert "provisional" in _table()[game]  # measured on a board still to be checked


def test_a_share_that_is_not_a_fraction_is_refused(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = tmp_path / "openings.toml"
    bad.write_text('[horus.shares]\n"choose gore e2" = 63.2\n', encoding="utf-8")
    monkeypatch.setattr(book, "OPENINGS_FILE", bad)
    with pytest.raises(ValueError, match="a share from 0 to 1"):
        book.book_for.__wrapped__("horus")


def test_the_horus_expert_opens_by_the_book_where_its_search_reads_every_opening_alike() -> None:
    """Its heuristic values both entrances and every adventurer alike, so each opening is
    visited and rated alike; without the book it takes the first listed, entrance e1,
    which won less often in play than e2."""
    state = scarab.load("horus").new_game(2, seed=3)
    seat = state.current_player
    assert seat is not None
    expert = level_agent("expert", seed=1, budget=Budget(iterations=48))
    opening = expert.choose(Seat(state, seat))
    ratings = {round(p, 12) for _, p, _ in expert.candidates(16)}
    assert len(ratings) == 1  # every opening rated alike
    shares = book.book_for("horus")
    assert str(opening) == max(shares, key=shares.__getitem__) == "choose gore e2"
    assert "choose gore e2 won most in measured play, 63% of games" in expert.explain()
    horus = expert.level.for_game("horus")
    expert.level = Level.same("expert", replace(horus, book=False))
    assert str(expert.choose(Seat(state, seat))) == "choose gore e1"
    assert "measured play" not in expert.explain()


def test_the_book_never_overrides_a_difference_the_search_sees() -> None:
    state = scarab.load("horus").new_game(2, seed=3)
    legal = state.legal_actions()
    e1, e2, sarti = legal[0], legal[1], legal[2]
    bot = IsmctsAgent(seed=1)
    bot._book = {str(e1): 0.1, str(e2): 0.9}

    def best(e1_stats: tuple[int, float], e2_stats: tuple[int, float]) -> str:
        root = Node(2)
        for act, (visits, rating) in ((e1, e1_stats), (e2, e2_stats), (sarti, (1, 0.0))):
            child = root.children[act] = Node(2)
            child.visits, child.reward = visits, [visits * rating, 0.0]
        return str(bot._best(root, legal))

    assert best((20, 0.5), (20, 0.5)) == "choose gore e2"  # alike: the book decides
    assert best((21, 0.5), (20, 0.5)) == "choose gore e1"  # visited more
    assert best((20, 0.6), (20, 0.5)) == "choose gore e1"  # rated better
    bot._book = {}
    assert best((20, 0.5), (20, 0.5)) == "choose gore e1"  # no book: the first listed
