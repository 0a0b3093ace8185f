"""Each game's static board (what a page draws, fetched once) is plain JSON built from
the game's data file, and its drawing data is consistent."""

from __future__ import annotations

import itertools
import json

import pytest

from scarab import load
from scarab.games.horus import data as HD
from scarab.games.luxor import data as LD
from scarab.games.pyramids import data as PD


@pytest.mark.parametrize("game", ["luxor", "pyramids", "horus"])
def test_the_board_is_json_and_names_its_game(game: str) -> None:
    board = load(game).board()
    assert json.loads(json.dumps(board)) == board
    assert board["game"] == game


def test_the_luxor_spiral_is_one_unbroken_path_from_the_stairs_to_the_chamber() -> None:
    b = load("luxor").board()
    cells = [tuple(c) for c in b["cells"]]
    assert len(cells) == LD.NUM_SPACES == len(set(cells))
    x0, y0, w, h = b["chamber_box"]
    inside = {(x, y) for x in range(x0, x0 + w) for y in range(y0, y0 + h)}
    path = [tuple(b["stairs_cell"]), *cells]
    for (ax, ay), (bx, by) in itertools.pairwise(path):
        assert abs(ax - bx) + abs(ay - by) == 1, f"{(ax, ay)} and {(bx, by)} do not touch"
    for x, y in cells:
        assert 0 <= x < b["grid"] and 0 <= y < b["grid"] and (x, y) not in inside
    last_x, last_y = cells[-1]
    assert any(abs(last_x - x) + abs(last_y - y) == 1 for x, y in inside)
    assert b["walls"] == list(LD.WALL_VP[1 : LD.CHAMBER])
    assert {c["code"] for c in b["cards"]} == set(LD.CODE)


def test_the_horus_board_carries_the_rules_tables() -> None:
    b = load("horus").board()
    assert b["neigh"] == [list(n) for n in HD.NEIGH]
    assert len(b["rows"]) == b["h"] == HD.HEIGHT
    assert all(len(r.split()) == b["w"] for r in b["rows"])
    assert [s for s, _ in b["sarc"]] == list(HD.SARC_SQUARE)
    assert b["cures"] == {"antidote": ["snake", "scorpion"], "medikit": ["crocodile", "block"]}


def test_the_pyramids_board_carries_the_data_files_numbers() -> None:
    b = load("pyramids").board()
    assert (b["rounds"], b["turns"]) == (PD.ROUNDS, PD.TURNS_PER_ROUND)
    for name, cells in zip(PD.EXPEDITIONS, PD.EXPEDITION_CELLS, strict=True):
        assert b["shapes"][name] == [list(c) for c in cells]
    assert b["vp"]["tomb"] == PD.TOMB_VP
    assert b["cell_names"][:6] == ["a1", "b1", "c1", "d1", "e1", "a2"]


def test_the_pyramids_orientations_the_page_draws_are_the_ones_the_rules_allow() -> None:
    b = load("pyramids").board()
    for name, cells in zip(PD.EXPEDITIONS, PD.EXPEDITION_CELLS, strict=True):
        drawn = {tuple(map(tuple, shape)) for side in b["orientations"][name] for shape in side}
        assert drawn == set(PD.orientations(cells)), name
