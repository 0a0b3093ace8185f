"""The rulebook's worked examples, each rebuilt as a position and played in notation.

Card grids are installed per test (the deck file is provisional); only the
order numbers the rulebook names (15, 33) are real in these scenarios.
"""

from __future__ import annotations

import pytest

from scarab.games.pyramids import data as D
from scarab.games.pyramids import rules
from scarab.games.pyramids.scoring import Breakdown, final_scoring
from tests.games.pyramids.helpers import (
    completed,
    end_turn,
    grid,
    hand,
    idle,
    keep_all,
    kinds,
    last_turn,
    new,
    play,
    premark,
    show,
    spare,
    started,
    texts,
)

GREEN, ORANGE, PURPLE = (D.COLOURS.index(c) for c in ("green", "orange", "purple"))

# Tomb a5 one step below the pre-marked a1..a4: one single cell completes the card.
NEAR = "a1 a2 a3 a4"


# ---- final scoring: 111 points ------------------------------------------------
@pytest.mark.rule(
    "PYR-SCORE-TOMB",
    "PYR-SCORE-POINTS",
    "PYR-SCORE-TORCH",
    "PYR-SCORE-GEMS",
    "PYR-SCORE-SKULL",
)
def test_luis_scores_111_by_the_rulebook_arithmetic() -> None:
    b = Breakdown(pyramids=7, pyramid_points=19, torches=2, red=6, green=3, worst_skull=6)
    assert dict(b.rows()) == {
        "pyramids (7)": 70,
        "torches (2)": 10,
        "pyramid points": 19,
        "gems (6 red, 3 green)": 18,  # 3 pairs (15) + 3 single red gems (3)
        "worst skull": -6,
    }
    assert b.total == 111
    assert 6 in D.SKULLS  # the provisional skull track holds the example's -6


@pytest.mark.rule("PYR-END", "PYR-SCORE-POINTS", "PYR-SCORE-TORCH", "PYR-RACE")
def test_luis_111_points_at_the_end_of_a_played_game(monkeypatch: pytest.MonkeyPatch) -> None:
    s = new(["Luís", "Sara", "Tomás"], seed=4)
    keep_all(s)
    show(s, "domino")
    # Before the last turn: 6 pyramids (2 orange, 3 green, 1 purple); green 10 and
    # orange 3 claimed (Sara and Tomás took orange 10 and 6); torch of round 1;
    # 6 red and 3 green gems; 4 skulls, the worst worth 6.
    last = grid(monkeypatch, 9, "green", ("E....", ".....", ".....", "t....", "T...."))
    filler, *old = spare(s, 7, avoid=[last])
    hand(s, 0, last, filler)
    premark(s, last, "a1 a2 a3")
    for c, colour in zip(
        old, ["orange", "orange", "green", "green", "green", "purple"], strict=True
    ):
        grid(monkeypatch, c, colour)
    completed(s, 0, *old)
    s.claims[0] = ((GREEN, 10), (ORANGE, 3))
    s.claims[1], s.claims[2] = ((ORANGE, 10),), ((ORANGE, 6),)
    s.race[GREEN], s.race[ORANGE] = 1, 3
    s.red[0], s.green[0], s.skulls[0], s.torches[0] = 6, 3, 4, 0b0001
    s.snap[0] = rules.score_card(s, 0)
    last_turn(s)

    # Round 4, last turn: the 4th green pyramid, through its torch, into the tomb.
    events = play(s, f"{last}:a4,a5")
    events += end_turn(s)
    assert s.phase == rules.REPLACE  # the game ends once Luís has replaced his card
    events += play(s, "take deck")
    claims = [(e.player, e.data["colour"], e.data["value"]) for e in events if e.kind == "claim"]
    assert claims == [(0, "green", 6)]
    assert s.is_over and s.final is not None
    b = s.final[0]
    assert (b.pyramids, b.pyramid_points, b.torches, b.red, b.green, b.worst_skull) == (
        7,
        19,  # green 10 + green 6 + orange 3
        2,  # rounds 1 and 4
        6,
        3,
        6,
    )
    assert b.gem_points == 18
    assert b.total == 111 == s.scores()[0]
    assert b == final_scoring(s, 0)
    assert s.view(None)["final"][0]["total"] == 111
    assert "111 in all" in b.text()


# ---- the colour race ----------------------------------------------------------
@pytest.mark.rule("PYR-RACE", "PYR-RACE-ORDER", "PYR-REPLACE-ORDER")
def test_tomas_15_takes_6_before_sara_33_takes_3_then_purple_is_spent(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = new(["Luís", "Sara", "Tomás"], seed=7)
    keep_all(s)
    show(s, "domino")
    LUIS, SARA, TOMAS = 0, 1, 2
    sara = grid(monkeypatch, 33, "purple")
    tomas = grid(monkeypatch, 15, "purple")
    luis = grid(monkeypatch, 40, "purple")
    fillers = spare(s, 3, avoid=[15, 33, 40])
    hand(s, SARA, sara, fillers[0])
    hand(s, TOMAS, tomas, fillers[1])
    hand(s, LUIS, luis, fillers[2])
    for c in (sara, tomas, luis):
        premark(s, c, NEAR)
    earlier = spare(s, 7, avoid=[15, 33, 40])
    for c in earlier:
        grid(monkeypatch, c, "purple")
    completed(s, LUIS, *earlier[:3])  # Luís took purple 10 with his 2nd purple
    completed(s, SARA, earlier[3])
    completed(s, TOMAS, *earlier[4:])
    s.claims[LUIS] = ((PURPLE, 10),)
    s.race[PURPLE] = 1

    idle(s)  # Luís
    play(s, "33:a5")  # Sara: her 2nd purple
    play(s, "15:a5")  # Tomás: his 4th purple
    assert s.phase == rules.REPLACE and s.seat == TOMAS  # 15 before 33
    events = play(s, "take deck")
    assert s.phase == rules.REPLACE and s.seat == SARA
    events += play(s, f"take {s.display[0]}")
    claims = [(e.player, e.data["value"]) for e in events if e.kind == "claim"]
    assert claims == [(TOMAS, 6), (SARA, 3)]
    assert s.claims[TOMAS] == ((PURPLE, 6),) and s.claims[SARA] == ((PURPLE, 3),)
    assert s.view(LUIS)["race"]["purple"] == []

    # Luís completes his 4th purple next turn: nothing is left to claim.
    events = play(s, "40:a5")
    events += end_turn(s)
    events += play(s, "take deck")
    assert len(s.done[LUIS]) == 4
    assert "claim" not in kinds(events)
    assert s.claims[LUIS] == ((PURPLE, 10),)


@pytest.mark.rule("PYR-RACE", "PYR-RACE-ORDER")
def test_luis_2nd_green_and_tomas_2nd_purple_both_take_10(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = new(["Luís", "Sara", "Tomás"], seed=8)
    keep_all(s)
    show(s, "domino")
    LUIS, TOMAS = 0, 2
    g1, p1, g0, p0 = spare(s, 4)
    grid(monkeypatch, g1, "green")
    grid(monkeypatch, g0, "green")
    grid(monkeypatch, p1, "purple")
    grid(monkeypatch, p0, "purple")
    completed(s, LUIS, g0)
    completed(s, TOMAS, p0)
    hand(s, LUIS, g1, s.cards[LUIS][1])
    hand(s, TOMAS, p1, s.cards[TOMAS][1])
    premark(s, g1, NEAR)
    premark(s, p1, NEAR)

    events = play(s, f"{g1}:a5")
    events += idle(s)  # Sara
    events += play(s, f"{p1}:a5")
    while s.phase == rules.REPLACE:
        events += play(s, "take deck")
    claims = sorted(
        (e.player, e.data["colour"], e.data["value"]) for e in events if e.kind == "claim"
    )
    assert claims == [(LUIS, "green", 10), (TOMAS, "purple", 10)]
    race = s.view(1)["race"]
    assert race == {"green": [6, 3], "orange": [10, 6, 3], "purple": [6, 3]}
    # Sara has claimed nothing: those 10s are crossed off for her too.
    assert s.claims[1] == ()


# ---- marking ------------------------------------------------------------------
# The L of 4 in all eight orientations (rotations and mirrors), as pictures.
L_SHAPES = (
    ("X.", "X.", "XX"),
    (".X", ".X", "XX"),
    ("XX", "X.", "X."),
    ("XX", ".X", ".X"),
    ("XXX", "X.."),
    ("XXX", "..X"),
    ("X..", "XXX"),
    ("..X", "XXX"),
)


def _l_marks_through(cell: int) -> set[int]:
    out = set()
    for pic in L_SHAPES:
        h, w = len(pic), len(pic[0])
        for dr in range(D.SIZE - h + 1):
            for dc in range(D.SIZE - w + 1):
                m = sum(
                    1 << ((r + dr) * D.SIZE + c + dc)
                    for r in range(h)
                    for c in range(w)
                    if pic[r][c] == "X"
                )
                if m >> cell & 1:
                    out.add(m)
    return out


@pytest.mark.rule("PYR-MARK-PATTERN", "PYR-MARK-ENTRANCE")
def test_luis_marks_the_l_rotated_and_mirrored_through_the_entrance(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = started(2, seed=1, shape="L of 4")
    luis = grid(monkeypatch, 12, "orange", ("..E..", ".....", ".....", ".....", "...T."))
    other = grid(monkeypatch, 13, "green", ("E....", "...#.", ".....", ".....", "....T"))
    hand(s, 0, luis, other)
    fours = {a.mask for a in s.legal_actions() if a.card == luis and a.mask.bit_count() == 4}
    entrance = D.cell_index("c1")
    assert fours == _l_marks_through(entrance)
    # Luís's mark: the printed L turned a quarter and mirrored, the entrance c1 its corner.
    play(s, "12:a1,b1,c1,c2")
    assert s.marks[luis] == sum(1 << D.cell_index(c) for c in ("a1", "b1", "c1", "c2"))


@pytest.mark.rule("PYR-SYM-TORCH", "PYR-SCORE-TORCH")
def test_tomas_torch_in_round_1_then_only_round_2_can_add_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = new(["Tomás", "Sara"], seed=2)
    keep_all(s)
    show(s, "domino")
    a = grid(monkeypatch, 20, "green", ("E....", "t....", "t....", ".....", "T...."))
    b = grid(monkeypatch, 21, "purple", ("E....", "t....", ".....", ".....", "T...."))
    hand(s, 0, a, b)

    play(s, "20:a1,a2")  # round 1: a torch on the pyramid card, round 1's on the score card
    end_turn(s)
    assert s.view(0)["seats"][0]["score_card"]["torches"] == [True, False, False, False]
    play(s, "21:a1")
    end_turn(s)
    play(s, "21:a2")  # another torch in round 1: no effect on the score card
    end_turn(s)
    assert s.torches[0] == 0b0001
    while s.round == 1:
        end_turn(s)
    assert s.round == 2
    play(s, "20:a3")  # round 2: its torch
    end_turn(s)
    assert s.view(1)["seats"][0]["score_card"]["torches"] == [True, True, False, False]
    assert final_scoring(s, 0).torches * D.TORCH_VP == 10
    assert "20:a3" not in texts(s.legal_actions())


# ---- setup --------------------------------------------------------------------
@pytest.mark.rule("PYR-SETUP-DEAL", "PYR-SETUP-KEEP", "PYR-SETUP-DISPLAY")
def test_sara_keeps_two_of_her_four_cards_and_returns_the_other_two() -> None:
    s = new(["Sara", "Luís", "Tomás"], seed=5)
    SARA = 0
    dealt = sorted(s.dealt[SARA])
    assert len(dealt) == 4
    kept, returned = [dealt[3], dealt[1]], [dealt[0], dealt[2]]
    play(s, f"keep {kept[0]},{kept[1]}")
    keep_all(s)  # Luís and Tomás
    assert s.phase == rules.MARK
    assert s.cards[SARA] == sorted(kept)
    # Her other two went back into the deck, shuffled with the rest; four lie face up.
    assert set(returned) <= set(s.deck + s.display) and len(s.display) == 4
    # Kept cards lie face up: everyone sees them once all have chosen.
    assert [c["id"] for c in s.view(1)["seats"][SARA]["cards"]] == sorted(kept)


# ---- completing a pyramid -----------------------------------------------------
@pytest.mark.rule("PYR-TOMB-DONE", "PYR-REPLACE", "PYR-DISPLAY-REFILL")
def test_luis_sets_his_right_card_aside_and_takes_one_from_the_display(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    s = new(["Luís", "Sara"], seed=3)
    keep_all(s)
    show(s, "domino")
    LUIS = 0
    left, right = spare(s, 2)
    grid(monkeypatch, left, "orange")
    grid(monkeypatch, right, "green")
    hand(s, LUIS, left, right)
    premark(s, right, NEAR)

    events = play(s, f"{right}:a5")  # the tomb: his right-hand card is complete
    events += idle(s)  # Sara
    assert "complete" in kinds(events)
    assert s.phase == rules.REPLACE and s.seat == LUIS
    assert s.done[LUIS] == (right,) and s.cards[LUIS] == [left]  # set aside, face up
    assert s.view(1)["seats"][LUIS]["completed"][0]["id"] == right
    display, top = s.display[:], s.deck[-1]
    play(s, f"take {display[1]}")
    assert s.cards[LUIS] == [left, display[1]]
    # Then the display is filled up to four again from the pyramid deck.
    assert s.display == [c for c in display if c != display[1]] + [top]
    assert s.phase == rules.MARK and s.turn == 2
