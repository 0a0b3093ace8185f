"""The rulebook's worked examples, each rebuilt as a position and played in notation."""

from __future__ import annotations

import pytest

from scarab.core.game import Event
from scarab.core.rng import Rng
from scarab.games.luxor import data as D
from scarab.games.luxor.scoring import final_scoring
from scarab.games.luxor.state import LuxorState
from tests.games.luxor.helpers import (
    give,
    new,
    place,
    play,
    set_hand,
    set_tile,
    set_treasure,
    texts,
)

CH = D.CHAMBER


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def codes(s: LuxorState, seat: int) -> list[str]:
    return [D.CARDS[c].code for c in s.hands[seat]]


def entered_before(s: LuxorState, seat: int) -> None:
    """As if one of seat's adventurers had entered the chamber earlier (key spent)."""
    s.adv[seat] = sorted([*s.adv[seat], CH], reverse=True)
    s.key_supply -= 1
    s.key_space += 1
    s.sarcs[seat] += (s.sarcophagi.pop(0),)
    s.chamber.append(seat)
    s.legal = None


def rng_rolling(value: int) -> Rng:
    """Search seeds for a generator whose next die roll is ``value``."""
    for seed in range(1000):
        if Rng(seed).die() == value:
            return Rng(seed)
    raise AssertionError(f"no seed rolls {value}")


@pytest.mark.rule("LUX-HAND-ENDS", "LUX-CARD-NUMBER")
def test_ani_may_play_the_left_one_or_the_right_three() -> None:
    s = new()
    set_hand(s, 0, ["1", "2", "4", "5", "3"])
    assert texts(s.legal_actions()) == ["L S+1", "R S+3"]
    set_treasure(s, 3, 6, 3)
    play(s, "R S+3")  # from the stairs three tiles forward
    assert s.adv[0] == [3, D.STAIRS]


@pytest.mark.rule("LUX-SCORE-WALL", "LUX-END-CHAMBER")
def test_five_adventurers_score_0_5_5_8_13() -> None:
    s = new()
    # wall values: stairs 0, spaces 21..26 give 5, 27..33 give 8, 34..40 give 13
    place(s, 0, [D.STAIRS, 20, 25, 30, 35], sleeping=())
    set_treasure(s, 21, 6, 3)
    set_hand(s, 0, ["1", "2", "4", "5", "3"])
    # seat 1 ends the game: its second adventurer reaches the chamber this round
    entered_before(s, 1)
    place(s, 1, [CH, 40])
    give(s, 1, keys=1)
    set_hand(s, 1, ["1", "2", "4", "5", "3"])
    play(s, "L 20+1", "L 40+1")
    assert s.is_over and s.final is not None
    assert [D.WALL_VP[a] for a in sorted(s.adv[0])] == [0, 5, 5, 8, 13]
    assert s.final[0].adventurers == 31
    assert s.scores()[0] == 31


@pytest.mark.rule("LUX-SCORE-SETS")
def test_three_sets_two_with_wilds_score_12_and_the_spare_wild_nothing() -> None:
    s = new()
    tiles = [("vase", 2, 1), ("vase", 3, 2), ("vase", 1, 1), ("statue", 2, 1)]
    tiles += [("statue", 3, 2), ("jewelry", 2, 1)]
    s.treasures[0] = tuple(
        next(
            i
            for i, t in enumerate(D.TREASURES)
            if (D.TREASURE_TYPES[t.type], t.vp, t.need) == (name, vp, need)
            and i not in s.treasures[0]
        )
        for name, vp, need in tiles
    )
    give(s, 0, wilds=4)
    # vase+statue+jewelry, vase+statue+wild, vase+wild+wild; one wild left over
    b = final_scoring(s, 0)
    assert (b.sets, b.set_points) == (3, 12)
    s.wilds[0] -= 1
    assert final_scoring(s, 0).set_points == 12  # the fourth wild was worth nothing


@pytest.mark.rule("LUX-TREASURE-NEED", "LUX-TREASURE-TAKE", "LUX-TEMPLE-REVEAL")
def test_two_adventurers_take_a_three_and_reveal_a_cobra_tile() -> None:
    s = new()
    place(s, 0, [5, 3])
    set_treasure(s, 5, 3, 2)  # cobra icon underneath
    set_hand(s, 0, ["2", "1", "4", "5", "3"])
    ev = play(s, "L 3+2")  # 4, 5
    assert s.score[0] == 3
    assert s.tile_kind[5] == D.TEMPLE and s.tile_arg[5] == D.F_TUNNEL  # the cobra stack is tunnels
    assert s.adv[0] == [5, 5]
    assert "tunnel" not in kinds(ev)  # the revealed tile does not act now


@pytest.mark.rule("LUX-OSIRIS", "LUX-TEMPLE-SCARAB")
def test_osiris_three_carries_the_adventurer_on_to_a_scarab_tile() -> None:
    s = new()
    place(s, 0, [5], sleeping=(1, 2, 3))
    set_tile(s, 7, D.OSIRIS, 3)
    set_tile(s, 10, D.TEMPLE, D.F_SCARAB)
    set_hand(s, 0, ["2", "1", "4", "5", "3"])
    value = s.scarab_supply[-1]
    ev = play(s, "L 5+2")  # 6, 7 (Osiris 3), then 8, 9, 10
    assert kinds(ev) == ["play", "move", "osiris", "move", "wake", "scarab", "draw"]
    assert s.adv[0] == [10, D.STAIRS]  # passing statue 1 also woke its sleeper
    assert s.scarabs[0] == (value,)


@pytest.mark.rule("LUX-TEMPLE-TUNNEL")
def test_a_one_onto_a_tunnel_goes_straight_to_the_next_tunnel() -> None:
    s = new()
    place(s, 0, [13], sleeping=(2, 3))
    set_tile(s, 14, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 26, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 34, D.TEMPLE, D.F_TUNNEL)
    set_hand(s, 0, ["1", "2", "4", "5", "3"])
    ev = play(s, "L 13+1")
    assert [e.data for e in ev if e.kind == "tunnel"] == [{"from": 14, "to": 26}]
    assert s.adv[0] == [26, D.STAIRS]  # statue 2 after 19 was passed: its sleeper woke
    assert s.sleep[0] == 0b100


@pytest.mark.rule("LUX-CHAMBER-EXACT", "LUX-CHAMBER-KEY", "LUX-CHAMBER-SARC")
def test_a_two_into_the_chamber_spends_a_key_and_takes_the_three() -> None:
    s = new()
    entered_before(s, 1)  # the 5-VP sarcophagus is gone
    place(s, 0, [39, 30])
    give(s, 0, keys=1)
    set_hand(s, 0, ["2", "1", "4", "5", "3"])
    assert "L 39+2" in texts(s.legal_actions())
    ev = play(s, "L 39+2")
    assert s.adv[0] == [CH, 30]
    assert s.keys[0] == 0 and s.key_space == 2
    assert s.sarcs[0] == (3,) and s.sarcophagi == []
    assert [e.data for e in ev if e.kind == "chamber"] == [{"sarcophagus": 3}]


@pytest.mark.rule("LUX-CARD-DIE", "LUX-WAKE")
def test_a_rolled_five_passes_a_statue_and_wakes_the_sleeper() -> None:
    s = new()
    place(s, 0, [8], sleeping=(1, 2, 3))
    set_treasure(s, 13, 6, 3)
    set_hand(s, 0, ["die", "1", "4", "5", "3"])
    s.rng = rng_rolling(5)
    ev = play(s, "L die")
    assert [e.data for e in ev if e.kind == "roll"] == [{"die": 5}]
    assert texts(s.legal_actions()) == ["8+5"]
    ev = play(s, "8+5")  # 9, statue, 10, 11, 12, 13
    assert s.adv[0] == [13, D.STAIRS]
    assert s.sleep[0] == 0b110
    assert [e.data for e in ev if e.kind == "wake"] == [{"statue": 0}]


@pytest.mark.rule("LUX-HORUS-ALL", "LUX-OSIRIS")
def test_advance_all_with_osiris_then_one_chosen_action() -> None:
    s = new()
    place(s, 0, [18, 5, 5, 5], sleeping=(3,))
    set_tile(s, 7, D.OSIRIS, 3)
    set_tile(s, 20, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 26, D.TEMPLE, D.F_TUNNEL)
    set_treasure(s, 10, 6, 3, "statue")
    set_hand(s, 0, ["all2", "1", "4", "5", "3"])
    ev = play(s, "L all")
    assert kinds(ev).count("osiris") == 3
    assert s.adv[0] == [20, 10, 10, 10]
    assert texts(s.legal_actions()) == ["act 10", "act 20"]  # tunnel or treasure
    ev = play(s, "act 10")
    assert s.score[0] == 6 and s.adv[0] == [20, 10, 10, 10]  # no tunnel ride as well
    assert "tunnel" not in kinds(ev) and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-LAST", "LUX-EDGE-LAST")
def test_one_of_two_on_the_stairs_joins_the_next_and_takes_the_treasure() -> None:
    s = new()
    place(s, 0, [25, 16, 6, D.STAIRS, D.STAIRS], sleeping=())
    set_treasure(s, 6, 3, 2, "jewelry")
    set_hand(s, 0, ["last", "1", "4", "5", "3"])
    play(s, "L last")
    assert s.adv[0] == [25, 16, 6, 6, D.STAIRS]
    assert s.score[0] == 3 and s.tile_kind[6] == D.EMPTY


@pytest.mark.rule("LUX-HORUS-LESS")
def test_one_adventurer_less_takes_a_three_adventurer_treasure_with_two() -> None:
    s = new()
    place(s, 0, [6, 5])
    set_treasure(s, 6, 6, 3)
    set_hand(s, 0, ["less1", "2", "4", "5", "3"])
    play(s, "L 5+1")
    assert s.score[0] == 6 and s.adv[0] == [6, 6]


@pytest.mark.rule("LUX-MOVE-TILES", "LUX-MOVE-ACTIVE")
def test_three_tiles_skip_the_empty_space_and_the_lying_adventurer_stays() -> None:
    s = new()
    place(s, 0, [1], sleeping=(1, 2, 3))
    set_tile(s, 3, D.EMPTY, 0)
    set_treasure(s, 5, 6, 3)
    set_hand(s, 0, ["3", "1", "4", "5", "2"])
    assert texts(s.legal_actions()) == ["L 1+3", "R 1+2"]  # never the one at the statue
    play(s, "L 1+3")  # 2, (3 empty), 4, 5
    assert s.adv[0] == [5] and s.sleep[0] == 0b111


@pytest.mark.rule("LUX-MOVE-TILES")
def test_from_an_empty_space_the_first_step_is_to_the_nearest_tile() -> None:
    s = new()
    set_tile(s, 3, D.EMPTY, 0)
    place(s, 0, [3, D.STAIRS])
    set_treasure(s, 5, 6, 3)
    set_hand(s, 0, ["2", "1", "4", "5", "3"])
    play(s, "L 3+2")  # 4, 5
    assert s.adv[0] == [5, D.STAIRS]


@pytest.mark.rule("LUX-HORUS-TILE", "LUX-HORUS-CARD")
def test_ani_leaves_the_key_and_takes_the_one_eye_horus_card() -> None:
    s = new()
    place(s, 0, [3, D.STAIRS])
    set_hand(s, 0, ["1", "2", "4", "5", "3"])
    top = s.horus[1][-1]
    play(s, "L 3+1")  # onto the one-eye Horus tile on 4
    assert texts(s.legal_actions()) == ["take h1", "take key"]
    ev = play(s, "take h1")
    assert codes(s, 0) == ["2", "4", D.CARDS[top].code, "5", "3"] and s.hands[0][2] == top
    assert s.keys[0] == 0 and "draw" not in kinds(ev)


@pytest.mark.rule("LUX-TEMPLE-SCARAB-OR-WILD")
def test_jan_takes_a_scarab_rather_than_a_wild_tile() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_SCARAB_OR_WILD)
    set_hand(s, 0, ["3", "1", "4", "5", "2"])
    play(s, "L S+3")
    assert texts(s.legal_actions()) == ["take scarab", "take wild"]
    value = s.scarab_supply[-1]
    play(s, "take scarab")
    assert s.scarabs[0] == (value,) and s.wilds[0] == 0


@pytest.mark.rule("LUX-TEMPLE-FAVOR", "LUX-HORUS-CARD")
def test_favour_of_horus_level_two_card_goes_to_the_middle_instead_of_a_draw() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_HORUS12)
    set_hand(s, 0, ["3", "1", "4", "5", "2"])
    top, draw = s.horus[2][-1], len(s.draw)
    ev = play(s, "L S+3")
    assert texts(s.legal_actions()) == ["take h1", "take h2"]
    ev += play(s, "take h2")
    assert s.hands[0][2] == top and codes(s, 0)[:2] == ["1", "4"] and codes(s, 0)[3:] == ["5", "2"]
    assert "draw" not in kinds(ev) and len(s.draw) == draw


@pytest.mark.rule("LUX-HORUS-RANGE")
def test_a_one_to_three_card_goes_three_tiles_and_takes_the_treasure() -> None:
    s = new()
    set_treasure(s, 3, 2, 1)
    set_hand(s, 0, ["1-3", "2", "4", "5", "1"])
    assert {"L S+1", "L S+2", "L S+3"} <= set(texts(s.legal_actions()))
    play(s, "L S+3")
    assert s.adv[0] == [3, D.STAIRS] and s.score[0] == 2 and s.tile_kind[3] == D.EMPTY


@pytest.mark.rule("LUX-HORUS-DIE")
def test_a_one_to_die_rolling_two_sets_up_a_one_onto_the_treasure() -> None:
    s = new()
    set_treasure(s, 2, 6, 3)
    set_treasure(s, 3, 2, 1, "statue")
    set_hand(s, 0, ["1-die", "4", "4", "5", "1"])
    set_hand(s, 1, ["2", "1", "4", "5", "3"])
    s.rng = rng_rolling(2)
    play(s, "L die")
    assert texts(s.legal_actions()) == ["S+1", "S+2"]
    play(s, "S+2")  # two tiles: the treasure is now one tile ahead
    play(s, "L S+2")  # the other player's turn
    assert codes(s, 0)[-1] == "1"
    play(s, "R 2+1")
    assert s.score[0] == 2 and s.adv[0] == [3, D.STAIRS]


@pytest.mark.rule("LUX-SCORE-SCARABS")
def test_revealed_scarabs_score_their_faces_seven_in_all() -> None:
    s = new()
    for v in (4, 2, 1):
        s.scarab_supply.remove(v)
    s.scarabs[0] = (4, 2, 1)
    assert final_scoring(s, 0).scarabs == 7
