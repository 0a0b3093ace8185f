"""The board and the cards as data: regions, doors, sections, blocks and decks.

The board is the research note's proposal (B9); these tests pin the properties the
rulebook fixes (everything reachable, sections that meet only at corners, block 15
completing the sealing of the Cobra Nest) and the counts of part A.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Collection

import pytest

from scarab.games.horus import data as D
from scarab.games.horus import hazards as H
from scarab.games.horus.stages import INSIDE, SEALED, WAITING
from tests.games.horus.helpers import new

NEST, PIT, POND, CORRIDOR = "r", "s", "w", "c"


def xy(name: str) -> int:
    """'4,5' -> square index."""
    x, y = name.split(",")
    return D.sq(int(x), int(y))


def reachable(blocks: Collection[int] = ()) -> set[int]:
    """Squares an adventurer could walk to from an entrance, with these blocks down."""
    closed = {D.SQUARE_OF_BLOCK[b] for b in blocks}
    seen = set(D.EXITS)
    todo = list(D.EXITS)
    while todo:
        q = todo.pop()
        for t in D.NEIGH[q]:
            if t >= 0 and t not in seen and t not in closed:
                seen.add(t)
                todo.append(t)
    return seen


def cut_off(blocks: set[int]) -> set[int]:
    """Open squares with no way out once these blocks have fallen."""
    closed = {D.SQUARE_OF_BLOCK[b] for b in blocks}
    return set(range(D.INSIDE)) - closed - reachable(blocks)


def region(letter: str) -> set[int]:
    return {i for i in range(D.INSIDE) if D.AREA[i] == letter}


def engine_cut_off(blocks: set[int]) -> set[int]:
    """The same question asked of the engine's sealing check."""
    s = new(2)
    for b in blocks:
        s.blocked |= 1 << D.SQUARE_OF_BLOCK[b]
    return {q for q in range(D.INSIDE) if not H.blocked(s, q) and not H.reaches_exit(s, q)}


# ---- counts ---------------------------------------------------------------------
@pytest.mark.rule("HOR-BOARD-CONNECTED", "HOR-BLOCK-FALL")
def test_83_spaces_and_36_numbered_block_squares() -> None:
    assert D.NUM_SQUARES == 83 and len(D.EXITS) == 2
    assert tuple(range(1, 37)) == D.BLOCKS
    squares = list(D.SQUARE_OF_BLOCK.values())
    assert len(set(squares)) == 36, "one square per block number"
    assert all(q < D.INSIDE for q in squares), "the entrance spaces carry no number"
    assert D.SQUARE_OF_BLOCK[15] == xy("4,5") and D.SQUARE_OF_BLOCK[32] == xy("2,8")


@pytest.mark.rule("HOR-BOARD-SECTIONS", "HOR-SEARCH")
def test_region_sizes_follow_note_b9() -> None:
    sizes = Counter(D.AREA[: D.INSIDE])
    assert sizes == {NEST: 27, PIT: 26, POND: 9, CORRIDOR: 19}
    assert [len(sec) for sec in D.SECTIONS] == [9, 6, 6]
    assert dict(zip(D.SECTION_GOD, map(len, D.SECTIONS), strict=True)) == {
        "horus": 9,
        "anubis": 6,
        "thoth": 6,
    }
    assert set().union(*map(set, D.SECTIONS)) == region(CORRIDOR)
    # the Pit surrounds the Pond: no Pond square touches anything but Pit or Pond
    for q in region(POND):
        assert {D.AREA[t] for t in D.NEIGH[q] if t >= 0} <= {PIT, POND}
    # each area searches its own deck, the corridor none
    deck_of = {NEST: "rubble", PIT: "sand", POND: "water"}
    for q in range(D.INSIDE):
        want = deck_of.get(D.AREA[q])
        assert (D.DECKS[D.DECK_AT[q]] if D.DECK_AT[q] >= 0 else None) == want


# ---- connection ----------------------------------------------------------------
@pytest.mark.rule("HOR-BOARD-CONNECTED")
def test_every_square_is_reachable_from_an_entrance_before_blocks_fall() -> None:
    assert reachable() == set(range(D.NUM_SQUARES))
    assert engine_cut_off(set()) == set()


@pytest.mark.rule("HOR-BOARD-CONNECTED", "HOR-MOVE")
def test_rooms_meet_only_at_the_doors_of_note_b9() -> None:
    room = {NEST: "nest", PIT: "sand", POND: "sand", CORRIDOR: "corridor", "e": "out"}
    crossings = set()
    for q in range(D.NUM_SQUARES):
        for t in D.NEIGH[q]:
            if t >= 0 and room[D.AREA[q]] != room[D.AREA[t]]:
                crossings.add(frozenset((D.square_name(q), D.square_name(t))))
    doors = [
        ("4,0", "4,1"),
        ("0,2", "1,2"),
        ("0,5", "1,5"),
        ("8,2", "7,2"),
        ("8,5", "7,5"),
        ("1,5", "1,6"),
        ("4,5", "4,6"),
        ("7,5", "7,6"),
        ("2,8", "e1"),
        ("6,8", "e2"),
    ]
    assert crossings == {frozenset(d) for d in doors}
    # neighbours are symmetric and orthogonal
    for q in range(D.NUM_SQUARES):
        for d, t in enumerate(D.NEIGH[q]):
            if t >= 0:
                assert D.NEIGH[t][(d + 2) % 4] == q
                dx, dy = D.STEP[d]
                assert D.XY[t] == (D.XY[q][0] + dx, D.XY[q][1] + dy)


@pytest.mark.rule("HOR-BOARD-CONNECTED", "HOR-SEAL")
def test_no_single_block_cuts_anything_off() -> None:
    for b in D.BLOCKS:
        assert cut_off({b}) == set(), f"block {b} alone isolates squares"


# ---- sections and mummies --------------------------------------------------------
@pytest.mark.rule("HOR-BOARD-SECTIONS", "HOR-SETUP-MUMMIES")
def test_sections_meet_only_at_their_corner_squares() -> None:
    secs = dict(zip(D.SECTION_GOD, map(set, D.SECTIONS), strict=True))
    assert secs["horus"] & secs["anubis"] == {xy("0,0")}
    assert secs["horus"] & secs["thoth"] == {xy("8,0")}
    assert secs["anubis"] & secs["thoth"] == set()
    for sec in D.SECTIONS:  # each shared square is an end of both sections
        for other in D.SECTIONS:
            if other is not sec:
                for q in set(sec) & set(other):
                    assert q in (sec[0], sec[-1]) and q in (other[0], other[-1])
    # the mummies start as note B9 draws them
    starts = {
        D.MUMMY_NAME[m]: (D.square_name(D.MUMMY_PATH[m][D.MUMMY_START[m]]), D.MUMMY_FACING[m])
        for m in range(D.NUM_MUMMIES)
    }
    assert starts == {"Initkaes": ("7,0", -1), "Sanakht": ("0,0", 1), "Imhotep": ("8,0", 1)}
    assert [D.SECTION_GOD[D.SECTIONS.index(p)] for p in D.MUMMY_PATH] == [
        "horus",
        "anubis",
        "thoth",
    ]


@pytest.mark.rule("HOR-BOARD-SECTIONS", "HOR-MUMMY-TURN", "HOR-MUMMY-STEP")
def test_each_mummy_patrols_only_its_own_section_over_many_rolls() -> None:
    s = new(2)
    r = random.Random(7)
    visited: list[set[int]] = [set() for _ in range(D.NUM_MUMMIES)]
    for _ in range(500):
        steps = sum(1 for _ in range(5) if r.randint(1, 6) >= D.MUMMY_MOVES_ON)
        for m in range(D.NUM_MUMMIES):
            for _ in range(steps):
                before = H.mummy_square(s, m)
                H.mummy_step(s, m, None)
                after = H.mummy_square(s, m)
                assert after in D.MUMMY_PATH[m]
                assert after in D.NEIGH[before], "one square at a time, orthogonally"
                visited[m].add(after)
    assert s.pending == [], "nobody was inside to be touched"
    assert [v == set(p) for v, p in zip(visited, D.MUMMY_PATH, strict=True)] == [True] * 3


@pytest.mark.rule("HOR-BOARD-SECTIONS", "HOR-ALCOVE-ROLL", "HOR-SARC-OPEN")
def test_wall_features_stand_in_the_corridor() -> None:
    corridor = region(CORRIDOR)
    assert all(D.AREA[q] == CORRIDOR for q in D.SARC_SQUARE)
    assert Counter(D.SARC_GOD) == {"anubis": 5, "thoth": 5, "horus": 4}
    alcoves = {g: {i for i in corridor if D.ALCOVE_AT[i] == k} for k, g in enumerate(D.ALCOVE_GOD)}
    assert {g: sorted(map(D.square_name, q)) for g, q in alcoves.items()} == {
        "horus": ["4,0", "5,0"],
        "anubis": ["0,0"],
        "thoth": ["8,0"],
        "hededet": ["0,5"],
        "sobek": ["8,5"],
    }
    assert sum(1 for a in D.ALCOVE_AT if a >= 0) == 6


# ---- sealing sets ------------------------------------------------------------------
@pytest.mark.rule("HOR-SEAL")
def test_blocks_18_and_20_then_15_seal_the_cobra_nest_off() -> None:
    inner = region(PIT) | region(POND) | region(CORRIDOR)
    assert cut_off({18, 20}) == set(), "two doors closed, the middle one still open"
    sealed = cut_off({18, 20, 15})
    assert sealed == inner - {D.SQUARE_OF_BLOCK[b] for b in (18, 20, 15)}
    assert region(NEST) <= reachable({18, 20, 15})
    assert engine_cut_off({18, 20, 15}) == sealed
    # block 23, just south of the middle door, does the same job as 15
    assert cut_off({18, 20, 23}) == inner - {D.SQUARE_OF_BLOCK[b] for b in (18, 20)}


@pytest.mark.rule("HOR-SEAL")
def test_blocks_32_and_36_close_both_exits() -> None:
    assert cut_off({32}) == set() and cut_off({36}) == set()
    everything = set(range(D.INSIDE)) - {D.SQUARE_OF_BLOCK[32], D.SQUARE_OF_BLOCK[36]}
    assert cut_off({32, 36}) == everything
    assert engine_cut_off({32, 36}) == everything


@pytest.mark.rule("HOR-SEAL", "HOR-BOARD-SECTIONS")
def test_blocks_2_4_8_cut_off_the_horus_section() -> None:
    horus = set(D.SECTIONS[D.SECTION_GOD.index("horus")])
    for trio in ({2, 4, 8}, {4, 6, 8}):
        gone = cut_off(trio)
        assert gone == horus - {D.SQUARE_OF_BLOCK[b] for b in trio}
        assert engine_cut_off(trio) == gone
    # a pair can trap a single square: 1 and 2 isolate (3,0)
    assert cut_off({1, 2}) == {xy("3,0")}


@pytest.mark.rule("HOR-SEAL", "HOR-SEAL-OUTSIDE")
def test_the_engine_seals_exactly_the_cut_off_adventurers() -> None:
    s = new(3)
    s.status = [INSIDE, INSIDE, WAITING]
    s.pos = [xy("4,3"), xy("4,7"), D.EXITS[0]]
    s.blocked = sum(1 << D.SQUARE_OF_BLOCK[b] for b in (18, 20, 15))
    H.check_sealing(s, None)
    assert s.status == [SEALED, INSIDE, WAITING]


# ---- cards -----------------------------------------------------------------------
def deck_names(deck: str) -> Counter[str]:
    return Counter(D.CARDS[c].name for c in D.DECK_CARDS[D.DECKS.index(deck)])


def deck_kinds(deck: str) -> Counter[str]:
    return Counter(D.CARDS[c].kind for c in D.DECK_CARDS[D.DECKS.index(deck)])


@pytest.mark.rule("HOR-SETUP-DECKS", "HOR-SEARCH")
def test_the_rubble_deck_is_10_equipment_5_necklaces_3_snakes() -> None:
    assert deck_kinds("rubble") == {D.EQUIPMENT: 10, D.NECKLACE: 5, D.WOUND: 3}
    names = deck_names("rubble")
    assert names == {
        "antidote": 2,
        "medikit": 2,
        "crowbar": 2,
        "udjat": 2,
        "bag": 2,
        "necklace": 5,
        "snake": 3,
    }
    necklaces = [D.CARDS[c] for c in D.DECK_CARDS[0] if D.CARDS[c].kind == D.NECKLACE]
    assert all(c.god == "" for c in necklaces), "necklaces belong to no god"


@pytest.mark.rule("HOR-SETUP-DECKS", "HOR-SEARCH", "HOR-SCORE-CHEST")
@pytest.mark.parametrize(
    ("deck", "god", "beast"), [("sand", "hededet", "scorpion"), ("water", "sobek", "crocodile")]
)
def test_sand_and_water_decks_are_10_treasures_2_chests_6_beasts(
    deck: str, god: str, beast: str
) -> None:
    assert deck_kinds(deck) == {D.TREASURE: 10, D.CHEST: 2, D.WOUND: 6}
    assert deck_names(deck)[beast] == 6
    cards = [D.CARDS[c] for c in D.DECK_CARDS[D.DECKS.index(deck)]]
    assert {c.god for c in cards if c.kind == D.TREASURE} == {god}
    assert all(c.god == "" and c.value == 0 for c in cards if c.kind == D.CHEST)


@pytest.mark.rule("HOR-SETUP-SARCOPHAGI", "HOR-SCORE-IDOLS", "HOR-ALCOVE-DICE", "HOR-CURSE")
def test_sarcophagus_cards_idols_and_wound_piles() -> None:
    assert {g: len(c) for g, c in D.SARC_CARDS.items()} == {"anubis": 5, "thoth": 5, "horus": 4}
    for god, cards in D.SARC_CARDS.items():
        assert all(D.CARDS[c].god == god and D.CARDS[c].kind == D.TREASURE for c in cards)
    assert sorted(D.IDOL_GOD) == ["anubis", "hededet", "horus", "sobek", "thoth"]
    assert all(D.CARDS[c].kind == D.IDOL for c in D.IDOL_CARD)
    faces = dict(zip(D.IDOL_GOD, D.IDOL_FACES, strict=True))
    assert {g: len(f) for g, f in faces.items()} == {
        "hededet": 3,
        "sobek": 3,
        "thoth": 4,
        "anubis": 4,
        "horus": 5,
    }
    assert len(D.MUMMY_CARDS) == 18 and len(D.BLOCK_CARDS) == 8
    assert {D.CARDS[c].name for c in D.MUMMY_CARDS} == {"mummy"}
    assert {D.CARDS[c].name for c in D.BLOCK_CARDS} == {"block"}
    # 54 search cards, 14 sarcophagus cards, 5 idols, 26 wound cards: 99 in all
    assert D.NUM_CARDS == 99 and len(D.DICE) == D.NUM_DICE == 5
