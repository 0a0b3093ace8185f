"""The ISMCTS bot: reproducible, within its budget, blind to what its seat cannot see."""

from __future__ import annotations

import random
from typing import Any

import pytest

from scarab import load
from scarab.agents import (
    Budget,
    IsmctsAgent,
    Seat,
    agent_names,
    level_agent,
    make_agent,
    valuation_of,
)
from scarab.agents.settings import Search, read_level
from scarab.core.game import State
from tests.agents.support import play_out

GAMES = ("luxor", "pyramids", "horus")


def decision(game: str, seed: int, plies: int = 25, players: int = 2) -> State:
    """A state some random plies in, at a decision with a real choice."""
    state = load(game).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(plies):
        state.apply(rng.choice(state.legal_actions()))
    while len(state.legal_actions()) < 2:
        state.apply(rng.choice(state.legal_actions()))
    return state


def choice(state: State, seed: int, budget: Budget) -> object:
    seat = state.current_player
    assert seat is not None
    return IsmctsAgent(seed, Search(budget)).choose(Seat(state, seat))


@pytest.mark.parametrize("game", GAMES)
def test_the_same_seed_and_iterations_give_the_same_move(game: str) -> None:
    state = decision(game, 4)
    budget = Budget(iterations=60)
    first = choice(state, 9, budget)
    assert first in state.legal_actions()
    assert choice(state, 9, budget) == first
    assert choice(state.clone(), 9, budget) == first


@pytest.mark.parametrize("game", GAMES)
def test_what_the_seat_cannot_see_never_changes_the_move(game: str) -> None:
    """Another world with the same view for the seat (other hands, deck order, seed,
    RNG and history) gives the same move under the same seed and iteration budget."""
    for seed in range(3):
        state = decision(game, 20 + seed, plies=30 + 7 * seed, players=3)
        seat = state.current_player
        assert seat is not None
        other = state.determinize(seat, random.Random(seed + 100))
        assert other.view(seat) == state.view(seat)
        budget = Budget(iterations=40)
        assert choice(other, seed, budget) == choice(state, seed, budget)


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("level", ["novice", "casual"])
def test_a_named_level_is_blind_to_what_its_seat_cannot_see(game: str, level: str) -> None:
    """The same for the named levels, slips included, over the seat's next decisions while
    the two worlds still look the same to it."""
    state = decision(game, 31, plies=20, players=2)
    seat = state.current_player
    assert seat is not None
    other = state.determinize(seat, random.Random(7))
    real_bot, other_bot = make_agent(level, seed=5), make_agent(level, seed=5)
    for _ in range(6):
        if state.is_over or state.current_player != seat or other.view(seat) != state.view(seat):
            break  # a move that revealed something (a drawn card) ends the two worlds' twinship
        act = real_bot.choose(Seat(state, seat))
        assert other_bot.choose(Seat(other, seat)) == act
        state.apply(act)
        other.apply(act)


@pytest.mark.parametrize("game", GAMES)
def test_budgets_in_iterations_and_calls_are_honoured(game: str) -> None:
    state = decision(game, 6)
    seat = state.current_player
    assert seat is not None
    agent = IsmctsAgent(1, Search(Budget(iterations=37)))
    agent.choose(Seat(state, seat))
    assert agent.iterations == 37
    agent = IsmctsAgent(1, Search(Budget(iterations=None, calls=300), rollout_depth=5))
    agent.choose(Seat(state, seat))
    assert 300 <= agent.calls < 300 + 200  # stops after the iteration that crossed it
    agent = IsmctsAgent(1, Search(Budget(iterations=None, seconds=0.01)))
    agent.choose(Seat(state, seat))
    assert agent.iterations >= 1


def test_a_budget_needs_a_limit() -> None:
    with pytest.raises(ValueError, match="at least one limit"):
        Budget(iterations=None)


def test_candidates_rank_legal_actions_by_visits_and_explain_names_them() -> None:
    state = decision("luxor", 8)
    seat = state.current_player
    assert seat is not None
    agent = IsmctsAgent(2, Search(Budget(iterations=200)))
    best = agent.choose(Seat(state, seat))
    top = agent.candidates(3)
    assert top[0][0] == best and 1 <= len(top) <= 3
    assert [n for _, _, n in top] == sorted((n for _, _, n in top), reverse=True)
    assert all(a in state.legal_actions() and 0.0 <= p <= 1.0 for a, p, _ in top)
    assert str(best) in agent.explain()


@pytest.mark.parametrize("game", GAMES)
def test_the_levels_grow_in_budget_and_cool_down(game: str) -> None:
    names = ["novice", "casual", "strong", "expert"]
    assert agent_names()[2:] == names
    bots = [make_agent(name, seed=1) for name in names]
    assert all(isinstance(b, IsmctsAgent) and b.name == n for b, n in zip(bots, names, strict=True))
    bots = [b for b in bots if isinstance(b, IsmctsAgent)]
    searches = [b.level.for_game(game) for b in bots]
    budgets = [s.budget.iterations or 0 for s in searches]
    heat = [s.temperature for s in searches]
    assert budgets == sorted(budgets) and budgets[0] < budgets[-1]
    assert heat == sorted(heat, reverse=True) and heat[-1] == 0 and heat[0] > 0
    assert (searches[-1].budget.seconds or 3) <= 2
    assert all(s.budget.seconds is None for s in searches[:-1])


@pytest.mark.slow
def test_a_warm_level_draws_close_moves_often_and_clearly_worse_ones_seldom() -> None:
    """A temperature draws from the search's own ratings: never uniformly at random."""
    state = decision("luxor", 12)
    seat = state.current_player
    assert seat is not None
    counts: dict[object, int] = {}
    gaps = []
    for seed in range(60):
        warm = IsmctsAgent(seed, Search(Budget(iterations=300), temperature=0.05))
        act = warm.choose(Seat(state, seat))
        assert warm.iterations == 300  # it searched; the draw is over the search's values
        counts[act] = counts.get(act, 0) + 1
        ratings = {a: p for a, p, _ in warm.candidates(len(state.legal_actions()))}
        gaps.append(max(ratings.values()) - ratings[act])
        if gaps[-1] > 0:
            assert "temperature 0.05" in warm.explain() and "the search's best" in warm.explain()
    assert sum(g > 0.25 for g in gaps) <= 2  # clearly worse moves: seldom
    assert sum(g == 0 for g in gaps) >= 20  # the best-rated move: most often
    assert len(counts) > 1  # close moves do get confused


def test_a_cold_search_and_a_warm_one_search_alike() -> None:
    state = decision("pyramids", 4)
    seat = state.current_player
    assert seat is not None
    cold = IsmctsAgent(5, Search(Budget(iterations=50)))
    # warm in Luxor only: Pyramids plays cold
    warm = IsmctsAgent(5, read_level("warm", {"iterations": 50, "temperature": {"luxor": 1.0}}))
    assert cold.choose(Seat(state, seat)) == warm.choose(Seat(state, seat))


def test_own_turn_search_never_plays_for_another_seat() -> None:
    """With own_turn the tree ends where the seat's turn ends: every action the search
    applies is the seat's own, so each leaf is valued before anyone else decides."""
    state = decision("horus", 6, plies=30)
    seat = state.current_player
    assert seat is not None
    movers: dict[bool, set[int | None]] = {}
    for own in (True, False):
        agent = IsmctsAgent(2, read_level("test", {"iterations": 300, "own_turn": {"horus": own}}))
        step = agent._step

        def spy(world: State, act: object, own: bool = own, step: Any = step) -> None:
            movers.setdefault(own, set()).add(world.current_player)
            step(world, act)

        agent._step = spy  # type: ignore[method-assign]
        agent.choose(Seat(state, seat))
    assert movers[True] == {seat}
    assert len(movers[False]) > 1  # without it, the tree goes on into the others' turns


@pytest.mark.parametrize("game", GAMES)
def test_a_novice_finishes_a_game_with_legal_moves(game: str) -> None:
    state = load(game).new_game(2, seed=11)
    play_out(state, [make_agent("novice", seed=1), make_agent("random", seed=2)])
    assert state.is_over


def test_every_legal_action_starts_with_the_heuristic_value_of_one_world() -> None:
    state = decision("pyramids", 3)
    seat = state.current_player
    assert seat is not None
    agent = IsmctsAgent(1, Search(Budget(iterations=1), prior=3))
    agent.choose(Seat(state, seat))
    root = agent._root
    assert root is not None
    assert set(root.children) == set(state.legal_actions())
    assert all(child.visits >= 3 for child in root.children.values())


def test_the_rollout_depth_may_differ_by_game() -> None:
    state = decision("luxor", 5)
    seat = state.current_player
    assert seat is not None
    calls = []
    for depth in (0, 8):
        agent = IsmctsAgent(
            1, read_level("test", {"iterations": 30, "rollout_depth": {"luxor": depth, "horus": 3}})
        )
        agent.choose(Seat(state, seat))
        calls.append(agent.calls)
    assert calls[0] < calls[1]


def test_the_value_scale_may_differ_by_game_and_softens_a_lead() -> None:
    """A lead of some heuristic points reads as a surer win on a small scale than on a
    large one: the reward is a logistic of the lead in units of the game's scale."""
    state = decision("pyramids", 8, plies=40)
    seat = state.current_player
    assert seat is not None
    rewards = []
    for scale in (2.0, 40.0):
        agent = IsmctsAgent(
            1,
            read_level("test", {"iterations": 1, "value_scale": {"pyramids": scale, "luxor": 1.0}}),
        )
        agent.choose(Seat(state, seat))
        assert agent._root is not None
        rewards.append([c.reward[seat] / c.visits for c in agent._root.children.values()])
    sharp, soft = rewards
    assert all(abs(b - 0.5) <= abs(a - 0.5) + 1e-12 for a, b in zip(sharp, soft, strict=True))
    assert max(soft) - min(soft) > 0  # still tells the actions apart


def test_a_greedy_rollout_plays_what_the_heuristic_values_most() -> None:
    state = decision("horus", 7, plies=30)
    seat = state.current_player
    assert seat is not None
    agent = IsmctsAgent(1, Search(Budget(iterations=20), greedy_rollout=True, rollout_depth=3))
    evaluate = valuation_of(load("horus")).evaluate
    legal = state.legal_actions()
    act = agent._greedy_choice(state, legal, evaluate)
    values = {}
    for a in legal:
        trial = state.clone()
        trial.apply(a)
        values[a] = evaluate(trial, seat)
    assert values[act] == max(values.values())
    agent.choose(Seat(state, seat))
    assert (
        agent.level.for_game("horus").greedy_rollout and agent.calls > 20 * 3
    )  # each rollout step tries every action


# Iterations a decision and seats to play: small, to keep the test fast. Horus needs
# 150 (at 50, and at 100 with the tuned weights, this one deal's search walked into a
# sealing), and its games run long, so one.
SMALL_LADDER = {"luxor": (50, (0, 1)), "pyramids": (50, (0, 1)), "horus": (150, (0,))}


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_the_expert_search_beats_random_in_every_game(game: str) -> None:
    """A small ladder check: the expert's settings at a small budget beat random, seats
    swapped where two games are played. The real ladder (200 games a pair, full budgets)
    comes from tools/calibrate.py."""
    iterations, seats = SMALL_LADDER[game]
    for seat in seats:
        expert = level_agent("expert", seed=seat, budget=Budget(iterations=iterations))
        agents: list[Any] = [make_agent("random", seed=seat), make_agent("random", seed=seat)]
        agents[seat] = expert
        state = play_out(load(game).new_game(2, seed=20 + seat), agents)
        assert state.winners() == [seat], f"{game}: scores {state.scores()}"


def test_the_draw_leaves_out_the_named_kinds_of_slip_unless_the_search_takes_them() -> None:
    from scarab.agents.ismcts import _drawable

    kinds = {"end": "gives_up", "move s": "walks_back"}
    legal = ["move n", "move s", "search", "end"]
    both = ["gives_up", "walks_back"]
    assert _drawable(legal, "search", frozenset(both), kinds.get) == ["move n", "search"]
    assert _drawable(legal, "end", frozenset(both), kinds.get) == [
        "move n",
        "search",
        "end",
    ]  # its own
    gives_up = frozenset({"gives_up"})
    assert _drawable(legal, "search", gives_up, kinds.get) == ["move n", "move s", "search"]
    assert _drawable(legal, "search", frozenset(), kinds.get) == legal


def test_of_actions_visited_alike_the_search_takes_the_better_rated() -> None:
    """Ten iterations tie often; Horus's novice took the first of a tie, a discard of a
    treasure, where keeping it was rated three times as likely to win."""
    from scarab.agents.ismcts import Node

    bot = IsmctsAgent(0, Search(Budget(iterations=10)))
    bot._seat = 0
    root = Node(2)
    for act, visits, won in (("discard sobek3", 8, 0.12), ("end", 8, 0.34), ("move n", 5, 0.5)):
        child = root.children[act] = Node(2)
        child.visits, child.reward = visits, [won, 0.0]
    assert bot._best(root, ["discard sobek3", "end", "move n"]) == "end"
    root.children["discard sobek3"].visits = 9  # more visits still win over a better rating
    assert bot._best(root, ["discard sobek3", "end", "move n"]) == "discard sobek3"
