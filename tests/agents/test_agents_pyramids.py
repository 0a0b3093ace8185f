"""Bots in Pyramids: legal play only, greedy beats random, and no bot sees what its seat cannot.

Card contents are not assumed (the deck is provisional).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

import scarab
from scarab.agents import Agent, GreedyAgent, RandomAgent, Seat, make_agent, valuation_of
from scarab.core.registry import load
from scarab.core.rng import Rng
from scarab.games.pyramids import data as D
from scarab.games.pyramids import heuristic, rules
from scarab.games.pyramids.state import PyramidsState
from tests.agents.support import greedy_changes_nothing, greedy_is_blind_to, play_out

PYRAMIDS = scarab.load("pyramids")


def new(players: int, seed: int) -> PyramidsState:
    state = PYRAMIDS.new_game(players, seed=seed, **({"solo": True} if players == 1 else {}))
    assert isinstance(state, PyramidsState)
    return state


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@pytest.mark.parametrize("kinds", [("random",), ("greedy",), ("greedy", "random")])
def test_bots_only_play_legal_actions(players: int, kinds: tuple[str, ...]) -> None:
    for seed in range(2):
        agents = [make_agent(kinds[i % len(kinds)], seed=seed * 10 + i) for i in range(players)]
        state = play_out(new(players, seed), agents)
        assert state.winners() and len(state.scores()) == players


@pytest.mark.slow
def test_search_levels_play_the_solo_score_attack_and_more_search_scores_more() -> None:
    # A search alone at the table has no rival to lead: it rates a position by its gain
    # over the root's value (it used to fail, comparing with the best of no other seat).
    scores = {}
    for level in ("novice", "strong"):
        state = play_out(new(1, 3), [make_agent(level, seed=3)])
        assert state.is_over and state.winners() == [0]
        scores[level] = state.scores()[0]
    assert scores["strong"] > scores["novice"]


def test_greedy_beats_random_clearly() -> None:
    # Measured (temporary deck): greedy won 20 of 20 two-player games, by about 107 VP.
    games, wins, margin = 10, 0, 0
    for i in range(games):
        g = i % 2  # alternate the seats
        agents: list[Agent] = [RandomAgent(i), RandomAgent(i)]
        agents[g] = GreedyAgent(i)
        state = play_out(new(2, seed=100 + i), agents)
        wins += state.winners() == [g]
        margin += state.scores()[g] - state.scores()[1 - g]
    assert wins >= 8, f"greedy won only {wins} of {games}"
    assert margin / games > 30


def test_greedy_completes_pyramids_alone() -> None:
    state = play_out(new(1, seed=3), [GreedyAgent(3)])
    final = state.view(0)["final"][0]
    assert final["pyramids"] >= 4 and final["total"] > 60


def test_a_greedy_bot_keeps_no_state_and_changes_nothing() -> None:
    greedy_changes_nothing(new(3, seed=5), moves=60)


@pytest.mark.rule("PYR-HIDDEN")
def test_greedy_does_not_see_the_deck_order_or_the_rng() -> None:
    """Twin games differing only in what is hidden (deck order, expedition order, RNG)."""

    def hide(twin: PyramidsState, seat: int) -> None:
        twin.deck.reverse()
        twin.expedition.reverse()

    greedy_is_blind_to(new(2, seed=11), moves=80, hide=hide)


@pytest.mark.rule("PYR-HIDDEN", "PYR-SIMULTANEOUS")
def test_greedy_does_not_see_this_turns_marks_of_others() -> None:
    """Seat 0 marks differently in two games; seat 1, deciding next, cannot tell them apart."""
    checked = 0
    for seed in range(6):
        state = new(2, seed=seed)
        while state.phase == rules.KEEP:
            state.apply(state.legal_actions()[0])
        legal = state.legal_actions()
        if len(legal) < 2:
            continue
        one, other = state.clone(), state.clone()
        one.apply(legal[0])
        other.apply(legal[-1])
        for s in (one, other):  # finish seat 0's red-cross extras, if any
            while s.current_player == 0:
                s.apply(s.legal_actions()[0])
        if one.marks == other.marks:
            continue
        assert one.view(1) == other.view(1)
        a = GreedyAgent(seed=seed).choose(Seat(one, 1))
        b = GreedyAgent(seed=seed).choose(Seat(other, 1))
        assert a == b
        checked += 1
    assert checked >= 3


def test_greedy_uses_the_pyramids_heuristic() -> None:
    assert valuation_of(load("pyramids")).evaluate is heuristic.evaluate


# ---- the Pyramids heuristic -------------------------------------------------------
def test_distances_run_from_the_entrance_and_shrink_as_marks_grow() -> None:
    for c in D.CARD_IDS:
        card = D.CARDS[c]
        dist = heuristic.distances(card, 0)
        assert dist[card.entrance] == 1
        assert dist[card.tomb] < 25, f"card {c}: the tomb is unreachable"
        assert all(dist[i] > 25 for i in D.cells_of(card.walls))
        marked = 1 << card.entrance
        assert heuristic.distances(card, marked)[card.tomb] == dist[card.tomb] - 1


def test_what_the_value_reads_of_a_card_is_its_symbols_within_three_cells() -> None:
    rng = Rng(5)
    for c in D.CARD_IDS:
        card = D.CARDS[c]
        marked = 0
        for _ in range(4):  # the card as marks grow, each answer cached
            dist = heuristic.distances(card, marked)
            near = [
                (heuristic.NEAR[dist[i]], sym)
                for i, sym in enumerate(card.symbols)
                if sym and dist[i] <= 3
            ]
            assert heuristic.reach(card, marked) == (dist[card.tomb], tuple(near))
            open_cells = D.cells_of(D.neighbours(marked) & ~card.walls & ~marked) or [card.entrance]
            marked |= 1 << open_cells[rng.below(len(open_cells))]


def test_heuristic_values_progress_toward_the_tomb(monkeypatch: pytest.MonkeyPatch) -> None:
    state = new(2, seed=4)
    while state.phase == rules.KEEP:
        state.apply(state.legal_actions()[0])
    c = state.cards[0][0]
    card = replace(D.CARDS[c], symbols=(D.NONE,) * D.CELLS)  # symbols aside: progress alone
    monkeypatch.setitem(D.CARDS, c, card)
    base = heuristic.evaluate(state, 0)
    # Walk a shortest path to the tomb, cell by cell.
    dist = heuristic.distances(card, 0)
    path = [card.tomb]
    while dist[path[-1]] > 1:
        path.append(next(j for j in heuristic.STEPS[path[-1]] if dist[j] == dist[path[-1]] - 1))
    marked = 0
    values = [base]
    for i in reversed(path):
        marked |= 1 << i
        state.marks[c] = marked
        values.append(heuristic.evaluate(state, 0))
    # Complete (counted before it is set aside): clearly above one cell short, and the start.
    assert values[-1] > values[-2] + 1 and values[-1] > base + D.TOMB_VP / 2
    steps = values[1:-1]
    assert steps == sorted(steps) and steps[-1] > steps[0]  # closer to the tomb is better


def test_heuristic_of_a_finished_game_is_the_score() -> None:
    state = play_out(new(2, seed=2), [RandomAgent(1), RandomAgent(2)])
    for p in range(2):
        assert heuristic.evaluate(state, p) == state.scores()[p]
    with pytest.raises(TypeError):
        heuristic.evaluate(object(), 0)  # type: ignore[arg-type]
