"""Every legal action's structured fields: what the page matches a click against.

The fields are read from the deciding seat's view alone (so they can tell nothing else),
must be plain JSON, must tell the legal actions apart (the page never reads notation),
and must agree with what the rules then do.
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterator

import pytest

from scarab import load
from scarab.core.game import State
from scarab.games.horus import data as HD
from scarab.games.luxor import rules as LR
from scarab.games.luxor.actions import pos_text

COUNTS = {"luxor": (2, 4), "pyramids": (1, 2, 4), "horus": (2, 5)}
CASES = [(g, n) for g, counts in COUNTS.items() for n in counts]


def decisions(game: str, players: int, seeds: int = 3) -> Iterator[tuple[State, int]]:
    """The states of a few random games at each decision, with the seat deciding."""
    for seed in range(seeds):
        rng = random.Random(seed)
        state = load(game).new_game(players, seed=seed, **({"solo": True} if players == 1 else {}))
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            yield state, seat
            state.apply(rng.choice(state.legal_actions()))


@pytest.mark.parametrize(("game", "players"), CASES)
def test_fields_are_json_name_the_verb_and_tell_every_legal_action_apart(
    game: str, players: int
) -> None:
    g = load(game)
    for state, seat in decisions(game, players):
        view = state.view(seat)
        seen: dict[str, str] = {}
        for act in state.legal_actions():
            f = g.fields(view, act)
            assert f["verb"] == act.verb
            key = json.dumps(f, sort_keys=True)
            assert key not in seen, f"{act} and {seen[key]} have the same fields {key}"
            seen[key] = str(act)
            assert isinstance(g.describe(view, act), str)


@pytest.mark.rule("LUX-MOVE-TILES", "LUX-CHAMBER-EXACT")
@pytest.mark.parametrize("players", [2, 4])
def test_a_luxor_move_names_the_space_the_rules_move_it_to(players: int) -> None:
    g = load("luxor")
    moves = 0
    for state, seat in decisions("luxor", players):
        view = state.view(seat)
        for act in state.legal_actions():
            if act.verb not in ("move", "go"):
                continue
            f = g.fields(view, act)
            end = (
                state.tile_behind[act.src] if act.steps < 0 else LR.dest(state, act.src, act.steps)
            )
            assert f["from"] == pos_text(act.src)
            assert f["to"] == pos_text(end), f"{act}: fields say {f['to']}"
            if f.get("side") == "L":
                assert f["card"] == view["seats"][seat]["hand"][0]
            moves += 1
    assert moves > 100


@pytest.mark.rule("HOR-MOVE")
def test_a_horus_step_names_the_square_the_adventurer_stands_on_after_it() -> None:
    g = load("horus")
    steps = 0
    for state, seat in decisions("horus", 3):
        view = state.view(seat)
        for act in state.legal_actions():
            if act.verb != "move":
                continue
            f = g.fields(view, act)
            assert f["to"] == HD.NEIGH[int(f["from"])][HD.DIRS.index(act.arg)]
            after = state.clone()
            after.apply(act)
            if after.current_player == seat:  # nothing stopped the turn in between
                assert after.view(seat)["seats"][seat]["square"] == f["to"]
                steps += 1
    assert steps > 100


def test_a_pyramids_mark_names_its_cells_and_the_symbols_under_them() -> None:
    g = load("pyramids")
    marks = 0
    for state, seat in decisions("pyramids", 2, seeds=1):
        view = state.view(seat)
        for act in state.legal_actions():
            if act.verb != "mark":
                continue
            f = g.fields(view, act)
            assert str(act) == f"{f['card']}:{','.join(f['cell_names'])}"
            assert len(f["symbols"]) <= len(f["cells"])
            marks += 1
    assert marks > 100
