"""The frozen pyramid deck (deck.json) against research note B5, read as plain JSON.

The 48 grids are provisional: tools/pyramids_deck.py generated them under the note's
hard rules and per-colour budget. These tests re-check the file itself, not the engine's
reading of it; that the recorded seed rebuilds it byte for byte is
tests/tools/test_pyramids_deck.py.
"""

from __future__ import annotations

import json
from collections import Counter, deque
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[3]
DECK_FILE = ROOT / "src" / "scarab" / "games" / "pyramids" / "deck.json"
TOOL = "tools/pyramids_deck.py"
DECK: dict[str, Any] = json.loads(DECK_FILE.read_text("utf-8"))
CARDS: list[dict[str, Any]] = DECK["cards"]

SIZE = 5
COLOURS = ("green", "orange", "purple")  # id 1 green, 2 orange, 3 purple, 4 green, ...
LEGEND = {
    "E": "entrance",
    "T": "tomb",
    "#": "wall",
    ".": "open",
    "x": "red cross",
    "r": "red gem",
    "g": "green gem",
    "t": "torch",
    "s": "skull",
    "p": "potion",
}
# Per-colour totals over 16 cards, inclusive: exactly the note's B5 target bands.
COLOUR_BANDS = {
    "r": (20, 22),  # red gems
    "g": (20, 22),  # green gems
    "s": (22, 26),  # skulls
    "x": (18, 20),  # red crosses
    "t": (6, 8),  # torches
    "p": (4, 4),  # potions
    "#": (80, 95),  # walls
}
# Difficulty tiers by shortest entrance-to-tomb path (squares, both ends), per colour.
TIER_PATHS = {"easy": (7, 8), "medium": (9, 9), "hard": (10, 11)}
TIER_CARDS = {"easy": 5, "medium": 6, "hard": 5}


def text_of(card: dict[str, Any]) -> str:
    return "".join(card["rows"])


def neighbours(i: int) -> list[int]:
    r, c = divmod(i, SIZE)
    cells = [(r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)]
    return [rr * SIZE + cc for rr, cc in cells if 0 <= rr < SIZE and 0 <= cc < SIZE]


def distances(text: str) -> list[int]:
    """4-neighbour steps from the entrance through non-wall squares (-1: unreachable)."""
    start = text.index("E")
    dist = [-1] * SIZE * SIZE
    dist[start] = 0
    queue = deque([start])
    while queue:
        i = queue.popleft()
        for j in neighbours(i):
            if dist[j] < 0 and text[j] != "#":
                dist[j] = dist[i] + 1
                queue.append(j)
    return dist


def path_length(text: str) -> int:
    """Shortest entrance-to-tomb path, counting both ends."""
    return distances(text)[text.index("T")] + 1


def mirrored(text: str) -> str:
    """Left-right mirror: the entrance stays in the top row, the tomb in the bottom."""
    return "".join(text[r * SIZE : (r + 1) * SIZE][::-1] for r in range(SIZE))


def problems(card: dict[str, Any]) -> list[str]:
    """Every B5 hard rule the card breaks."""
    rows = card["rows"]
    if len(rows) != SIZE or any(len(row) != SIZE for row in rows):
        return ["not a 5x5 grid"]
    text = text_of(card)
    if set(text) - set(LEGEND):
        return [f"unknown symbols {sorted(set(text) - set(LEGEND))}"]
    if text.count("E") != 1 or rows[0].count("E") != 1:
        return ["not exactly one entrance, in the top row"]
    if text.count("T") != 1 or rows[-1].count("T") != 1:
        return ["not exactly one tomb, in the bottom row"]
    out = []
    e_col, t_col = rows[0].index("E"), rows[-1].index("T")
    if e_col == t_col:
        out.append("entrance and tomb in the same column")
    if not 3 <= text.count("#") <= 8:
        out.append(f"{text.count('#')} walls")
    dist = distances(text)
    if any(ch != "#" and dist[i] < 0 for i, ch in enumerate(text)):
        out.append("an open square is unreachable from the entrance")
    path = path_length(text)
    if not 7 <= path <= 11:
        out.append(f"shortest path {path}")
    if {e_col, t_col} == {0, SIZE - 1} and path < 9:
        out.append(f"opposite corners with shortest path {path}")
    if text.count("t") > 1:
        out.append("more than one torch")
    if text.count("p") > 1:
        out.append("more than one potion")
    if text.count("r") + text.count("g") < 1:
        out.append("no gem")
    if text.count("s") > 3:
        out.append(f"{text.count('s')} skulls")
    if text.count("x") > 2:
        out.append(f"{text.count('x')} red crosses")
    return out


@pytest.mark.rule("PYR-DECK-1")
def test_the_file_says_it_is_provisional_and_how_it_was_made() -> None:
    assert isinstance(DECK["provisional"], str) and len(DECK["provisional"]) > 40
    assert TOOL in DECK["provisional"]
    gen = DECK["generator"]
    assert gen["tool"] == TOOL and (ROOT / TOOL).is_file()
    assert isinstance(gen["seed"], int) and isinstance(gen["settings"], dict)
    assert DECK["legend"] == LEGEND
    assert list(DECK) == ["provisional", "generator", "legend", "cards"]


@pytest.mark.rule("PYR-DECK-1")
def test_48_cards_numbered_across_the_colours() -> None:
    ids = [c["id"] for c in CARDS]
    assert ids == list(range(1, 49)), "ids 1-48, unique, in order"
    assert Counter(c["colour"] for c in CARDS) == {c: 16 for c in COLOURS}
    for card in CARDS:
        assert card["colour"] == COLOURS[(card["id"] - 1) % 3], card["id"]
        assert set(card) == {"id", "colour", "tier", "rows"}, card["id"]


@pytest.mark.rule("PYR-DECK-1")
@pytest.mark.parametrize("card", CARDS, ids=[f"card{c['id']}" for c in CARDS])
def test_every_card_follows_the_hard_rules(card: dict[str, Any]) -> None:
    assert problems(card) == []


@pytest.mark.rule("PYR-DECK-1")
def test_the_checks_catch_broken_cards() -> None:
    good = {"rows": ["#E...", ".....", "..x#.", ".s.#.", "..rT."]}
    assert problems(good) == []
    walled_in = {"rows": ["#E#..", ".#...", "..x#.", ".s.#.", "..rT."]}
    assert "an open square is unreachable from the entrance" in problems(walled_in)
    same_col = {"rows": ["#E...", ".....", "..x#.", ".s.#.", ".Tr.."]}
    assert "entrance and tomb in the same column" in problems(same_col)
    assert "no gem" in problems({"rows": ["#E...", ".....", "..x#.", ".s.#.", "...T."]})
    two_torches = {"rows": ["#E...", "t....", "..x#.", ".s.#.", "t.rT."]}
    assert problems(two_torches) == ["more than one torch"]
    short = {"rows": ["#..E.", "#...r", "#....", ".....", "..T.."]}
    assert problems(short) == ["shortest path 6"]
    assert problems({"rows": ["#E...", "....."]}) == ["not a 5x5 grid"]


@pytest.mark.rule("PYR-DECK-1")
def test_no_two_cards_alike_even_mirrored() -> None:
    seen: dict[str, int] = {}
    for card in CARDS:
        text = text_of(card)
        key = min(text, mirrored(text))
        assert key not in seen, f"card {card['id']} repeats card {seen[key]}"
        seen[key] = card["id"]


@pytest.mark.rule("PYR-DECK-1")
@pytest.mark.parametrize("colour", COLOURS)
def test_colour_totals_inside_the_target_bands(colour: str) -> None:
    text = "".join(text_of(c) for c in CARDS if c["colour"] == colour)
    for symbol, (lo, hi) in COLOUR_BANDS.items():
        assert lo <= text.count(symbol) <= hi, (colour, LEGEND[symbol], text.count(symbol))


@pytest.mark.rule("PYR-DECK-1")
@pytest.mark.parametrize("colour", COLOURS)
def test_tiers_match_path_lengths_5_6_5(colour: str) -> None:
    cards = [c for c in CARDS if c["colour"] == colour]
    assert Counter(c["tier"] for c in cards) == TIER_CARDS
    for card in cards:
        lo, hi = TIER_PATHS[card["tier"]]
        assert lo <= path_length(text_of(card)) <= hi, card["id"]
