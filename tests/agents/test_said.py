"""A bot says why in the reader's language: its reason as message ids (``said``), whose
English is ``explain()``, with every kind of reason worded in Portuguese and Spanish."""

from __future__ import annotations

from typing import Any

import pytest

import scarab
from scarab import i18n
from scarab.agents import Seat, make_agent
from scarab.agents.base import english
from scarab.agents.ismcts import IsmctsAgent
from scarab.agents.settings import Budget, Search


def reasons(game: str, agents: dict[str, Any], decisions: int = 40) -> set[str]:
    """Play ``decisions`` of a 2-player game with these bots on both seats in turn; check
    each reason in every language; the message ids seen."""
    seen: set[str] = set()
    for name, agent in agents.items():
        state = scarab.load(game).new_game(2, seed=3)
        for _ in range(decisions):
            if state.is_over:
                break
            seat = state.current_player
            assert seat is not None
            act = agent.choose(Seat(state, seat))
            said = agent.said()
            assert english(said) == agent.explain(), name
            assert str(act) in english(said), name
            for lang in ("pt", "es"):
                words = "".join(i18n.text(lang, msg, args) for msg, args in said)
                assert "{" not in words and "bot." not in words, (lang, words)
                assert words != english(said), (lang, words)
            seen |= {msg for msg, _ in said}
            state.apply(act)
    return seen


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_every_bot_gives_its_reason_in_every_language(game: str) -> None:
    drawn = IsmctsAgent(5, Search(Budget(iterations=30), temperature=0.5))
    agents = {
        "random": make_agent("random", 1),
        "greedy": make_agent("greedy", 2),
        "novice": make_agent("novice", 3),
        "drawn": drawn,
    }
    seen = reasons(game, agents)
    assert {"bot.random", "bot.greedy.gain", "bot.search.rated", "bot.search.drawn"} <= seen


def test_a_bot_that_has_not_chosen_says_so_in_every_language() -> None:
    for name in ("random", "greedy", "expert"):
        agent = make_agent(name, 1)
        assert agent.explain() == "has not chosen yet"
        assert i18n.text("pt", *agent.said()[0]) == "ainda não escolheu"


def test_singular_reasons_read_as_singular() -> None:
    assert english([("bot.random", {"action": "L S+1", "n": 1})]) == (
        "picked L S+1, the only legal action"
    )
    said = [("bot.greedy.gain", {"action": "a", "gain": "+1.0"}), ("bot.greedy.tied", {"n": 1})]
    assert english(said) == "a gains +1.0, tied with one other, picked at random"


def test_a_drawn_move_rated_above_the_searchs_choice_is_not_called_worse() -> None:
    """The search takes its most visited action; a weaker level's draw may land on one
    rated higher on fewer visits, and its reason said "the search's best was" a move
    rated below it (64% against 60%)."""
    from scarab.agents.ismcts import Node

    agent = IsmctsAgent(seed=1)
    root = Node(2)
    for act, visits, rating in (("a", 20, 0.60), ("b", 5, 0.64), ("c", 8, 0.30)):
        child = root.children[act] = Node(2)
        child.visits, child.reward = visits, [rating * visits, 0.0]
    above = agent._drawn(root, "b", "a", 0.05)
    below = agent._drawn(root, "c", "a", 0.05)
    assert above[0] == "bot.search.drawn_visited" and below[0] == "bot.search.drawn"
    assert english([above]) == (
        "b rated 64%, drawn at this level's temperature 0.05; the search would take a, "
        "rated 60% but searched most"
    )
    assert english([below]).endswith("the search's best was a rated 60%")
    for lang in ("pt", "es"):
        assert "{" not in i18n.text(lang, *above)


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_greedy_says_a_move_ends_the_game_rather_than_an_odd_gain(game: str) -> None:
    """A final score against a mid-game reading made greedy's last reason read "take
    scarab gains -29.4": the move that ends the game says so instead."""
    ends = 0
    for seed in range(6):
        state = scarab.load(game).new_game(2, seed=seed)
        bots = [make_agent("greedy", seed), make_agent("greedy", seed + 50)]
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            several = len(state.legal_actions()) > 1
            act = bots[seat].choose(Seat(state, seat))
            state.apply(act)
            said = bots[seat].said()
            if state.is_over and several:
                assert said == [("bot.greedy.ends", {"action": str(act)})], said
                assert i18n.text("pt", *said[0]).endswith("encerra a partida")
                ends += 1
            else:
                assert said[0][0] != "bot.greedy.ends"
    assert ends
