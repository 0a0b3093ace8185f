"""Focused tests for every clause of the Luxor rule catalogue (clauses.toml)."""

from __future__ import annotations

import random

import pytest

from scarab.core.errors import BadOption
from scarab.core.game import Event
from scarab.core.rng import Rng
from scarab.games.luxor import data as D
from scarab.games.luxor import rules
from scarab.games.luxor.scoring import final_scoring, max_sets, set_points
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


# ---- local helpers ----------------------------------------------------------
def codes(s: LuxorState, seat: int) -> list[str]:
    return [D.CARDS[c].code for c in s.hands[seat]]


def kinds(events: list[Event]) -> list[str]:
    return [e.kind for e in events]


def rigged(value: int) -> Rng:
    """A generator whose next die roll is ``value``."""
    seed = next(k for k in range(1000) if Rng(k).die() == value)
    return Rng(seed)


def entered_before(s: LuxorState, seat: int) -> None:
    """As if one of seat's adventurers had entered the chamber earlier (key spent)."""
    s.adv[seat] = sorted([*s.adv[seat], CH], reverse=True)
    s.key_supply -= 1
    s.key_space += 1
    s.sarcs[seat] += (s.sarcophagi.pop(0),)
    s.chamber.append(seat)
    s.legal = None


def tile(s: LuxorState, sp: int) -> tuple[int, int]:
    return s.tile_kind[sp], s.tile_arg[sp]


def all_stuck(s: LuxorState) -> None:
    """Both seats on space 40 without keys, holding no +/-1: nobody can move."""
    place(s, 0, [40, 40])
    place(s, 1, [40, 40])
    set_hand(s, 0, ["2", "3", "4", "5", "5"])
    set_hand(s, 1, ["2", "3", "4", "4", "3"])


def other_turn(s: LuxorState) -> None:
    """Let the seat to move finish a turn with its first legal actions."""
    seat = s.current_player
    while not s.is_over and s.current_player == seat:
        s.apply(s.legal_actions()[0])


# ---- setup ------------------------------------------------------------------
@pytest.mark.rule("LUX-SETUP-PLAYERS")
@pytest.mark.parametrize("players", [1, 5])
def test_player_count_outside_two_to_four_is_refused(players: int) -> None:
    with pytest.raises(BadOption, match="2 to 4 players"):
        new(players)


@pytest.mark.rule("LUX-SETUP-PLAYERS")
def test_first_seat_starts_and_turns_go_round_in_seat_order() -> None:
    s = new(3)
    assert s.current_player == 0 and s.round == 1
    order = []
    for _ in range(4):
        order.append(s.current_player)
        other_turn(s)
    assert order == [0, 1, 2, 0]
    assert s.round == 2


@pytest.mark.rule("LUX-SETUP-ADVENTURERS")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_two_on_the_stairs_and_one_at_each_statue(players: int) -> None:
    s = new(players, seed=3)
    for p in range(players):
        assert s.adv[p] == [D.STAIRS, D.STAIRS]
        seat = s.view(p)["seats"][p]
        assert seat["adventurers"] == ["S", "S"]
        assert seat["sleeping_at_statues"] == [1, 2, 3]


@pytest.mark.rule("LUX-SETUP-DEAL")
@pytest.mark.parametrize("players", [2, 4])
def test_five_basic_cards_each_and_the_rest_is_the_draw_pile(players: int) -> None:
    s = new(players, seed=11)
    dealt = [c for h in s.hands for c in h]
    assert all(len(h) == D.HAND_SIZE for h in s.hands)
    assert len(s.draw) == 31 - 5 * players and s.discard == []
    assert sorted(dealt + s.draw) == list(range(D.NUM_BASIC))
    other = new(players, seed=12)
    assert s.hands != other.hands  # shuffled from the seed


@pytest.mark.rule("LUX-SETUP-HORUS-CARDS")
def test_horus_cards_sorted_by_level_shuffled_top_visible() -> None:
    s = new(seed=5)
    for lv in D.HORUS_LEVELS:
        assert len(s.horus[lv]) == 8
        assert {D.CARDS[c].level for c in s.horus[lv]} == {lv}
        stack = s.view(None)["horus_stacks"][lv - 1]
        assert stack == {"level": lv, "top": D.CARDS[s.horus[lv][-1]].code, "size": 8}
    orders = {tuple(new(seed=k).horus[3]) for k in range(6)}
    assert len(orders) > 1


@pytest.mark.rule("LUX-SETUP-OSIRIS")
def test_four_random_osiris_tiles_on_the_board_two_boxed_unseen() -> None:
    layouts = set()
    for seed in range(8):
        s = new(seed=seed)
        on_board = [s.tile_arg[sp] for sp in D.OSIRIS_SPACES]
        assert all(s.tile_kind[sp] == D.OSIRIS for sp in D.OSIRIS_SPACES)
        assert len(on_board) == 4 and len(s.osiris_box) == 2
        assert sorted(on_board + s.osiris_box) == [1, 2, 2, 3, 3, 4]
        assert "osiris_box" not in s.view(0) and "box" not in str(s.view(0))
        layouts.add(tuple(on_board))
    assert len(layouts) > 1


@pytest.mark.rule("LUX-SETUP-HORUS-TILES")
def test_horus_tiles_lie_on_the_spaces_with_their_eye_count() -> None:
    s = new(seed=2)
    assert [(sp, s.tile_kind[sp], s.tile_arg[sp]) for sp, _ in D.HORUS_SPACES] == [
        (4, D.HORUS, 1),
        (12, D.HORUS, 1),
        (17, D.HORUS, 2),
        (24, D.HORUS, 2),
        (31, D.HORUS, 3),
        (36, D.HORUS, 3),
    ]


@pytest.mark.rule("LUX-SETUP-TREASURES")
def test_every_other_space_gets_one_random_treasure() -> None:
    s = new(seed=4)
    ids = [s.tile_arg[sp] for sp in D.TREASURE_SPACES]
    assert all(s.tile_kind[sp] == D.TREASURE for sp in D.TREASURE_SPACES)
    assert sorted(ids) == list(range(30))
    assert sorted(D.TREASURE_SPACES + D.OSIRIS_SPACES + tuple(h for h, _ in D.HORUS_SPACES)) == (
        list(range(1, 41))
    )
    assert ids != [new(seed=9).tile_arg[sp] for sp in D.TREASURE_SPACES]


@pytest.mark.rule("LUX-SETUP-TEMPLE")
def test_temple_tiles_stacked_by_back_and_shuffled() -> None:
    s = new(seed=1)
    for b, stack in enumerate(s.temple):
        assert sorted(stack) == sorted(D.TEMPLE_STACKS[b])
    assert [len(st) for st in s.temple] == [4, 6, 4]  # cobra, falcon, lion
    assert s.view(0)["temple_stacks"] == {"cobra": 4, "falcon": 6, "lion": 4}
    falcon = {tuple(new(seed=k).temple[1]) for k in range(6)}
    assert len(falcon) > 1


@pytest.mark.rule("LUX-SETUP-SUPPLY")
def test_general_supply_and_sarcophagi() -> None:
    s = new()
    assert sorted(s.scarab_supply) == [1] * 4 + [2] * 8 + [3] * 6 + [4] * 4
    assert s.wild_supply == 18 and s.key_supply == 20 and s.key_space == 0
    assert s.sarcophagi == [5, 3]
    v = s.view(1)
    assert v["supply"] == {"keys": 20, "wild_tiles": 18, "scarabs": 22}
    assert v["sarcophagi_left"] == [5, 3]


# ---- hand handling ----------------------------------------------------------
@pytest.mark.rule("LUX-HAND-ORDER", "LUX-HAND-MIDDLE")
def test_hand_keeps_its_order_and_the_new_card_goes_in_the_middle() -> None:
    s = new()
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    top = D.CARDS[s.draw[-1]].code
    play(s, "L S+1")
    assert codes(s, 0) == ["2", "3", top, "4", "5"]
    set_hand(s, 1, ["1", "2", "3", "4", "5"])
    top = D.CARDS[s.draw[-1]].code
    play(s, "R S+5")
    assert codes(s, 1) == ["1", "2", top, "3", "4"]


@pytest.mark.rule("LUX-HAND-ENDS")
def test_only_the_end_cards_can_be_played() -> None:
    s = new()
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    assert texts(s.legal_actions()) == ["L S+1", "R S+5"]
    place(s, 0, [6, 2])
    set_hand(s, 0, ["2", "pm1", "die", "4", "1"])
    assert texts(s.legal_actions()) == ["L 2+2", "L 6+2", "R 2+1", "R 6+1"]


@pytest.mark.rule("LUX-HAND-DISCARD")
def test_played_cards_basic_and_horus_go_to_the_shared_discard() -> None:
    s = new()
    set_hand(s, 0, ["3", "1", "1", "1", "1-4"])
    play(s, "L S+3")
    assert [D.CARDS[c].code for c in s.discard] == ["3"]
    other_turn(s)
    assert len(s.discard) == 2
    play(s, "R S+4")  # seat 0's Horus card
    assert D.CARDS[s.discard[-1]].code == "1-4"
    assert s.view(1)["discard_pile"][-1] == "1-4"


@pytest.mark.rule("LUX-HAND-FIVE", "LUX-HORUS-CARD")
def test_every_turn_ends_with_five_cards() -> None:
    s = new()
    set_tile(s, 4, D.HORUS, 1)
    set_hand(s, 0, ["4", "1", "1", "1", "1"])
    draw_before = len(s.draw)
    top = s.horus[1][-1]
    play(s, "L S+4", "take h1")  # a Horus card instead of the draw
    assert len(s.hands[0]) == 5 and s.hands[0][2] == top
    assert len(s.draw) == draw_before
    assert s.current_player == 1
    place(s, 1, [40, 40])
    set_hand(s, 1, ["2", "1", "1", "1", "3"])
    play(s, "L pass")  # no move possible, still five afterwards
    assert len(s.hands[1]) == 5 and len(s.draw) == draw_before - 1


@pytest.mark.rule("LUX-TURN-ORDER")
def test_turn_is_play_move_act_then_draw() -> None:
    s = new()
    set_treasure(s, 3, 2, 1)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    ev = play(s, "L S+3")
    assert kinds(ev) == ["play", "move", "loot", "draw"]
    assert s.current_player == 1


# ---- basic cards ------------------------------------------------------------
@pytest.mark.rule("LUX-CARD-NUMBER")
def test_number_card_moves_one_adventurer_exactly_that_far() -> None:
    s = new()
    place(s, 0, [5, 0])
    set_hand(s, 0, ["3", "1", "1", "1", "3"])
    assert texts(s.legal_actions()) == ["L 5+3", "L S+3", "R 5+3", "R S+3"]
    set_treasure(s, 8, 6, 3)
    play(s, "L 5+3")
    assert s.adv[0] == [8, 0]


@pytest.mark.rule("LUX-CARD-PM")
def test_plus_minus_one_moves_one_tile_either_way() -> None:
    s = new()
    place(s, 0, [5])
    set_hand(s, 0, ["pm1", "1", "1", "1", "2"])
    assert {"L 5+1", "L 5-1"} <= set(texts(s.legal_actions()))
    set_treasure(s, 6, 6, 3)
    play(s, "L 5+1")
    assert s.adv[0] == [6]
    s = new()
    place(s, 0, [6])
    set_treasure(s, 5, 2, 1)
    set_hand(s, 0, ["pm1", "1", "1", "1", "2"])
    play(s, "L 6-1")
    assert s.adv[0] == [5] and s.score[0] == 2


@pytest.mark.rule("LUX-CARD-PM-BACK")
def test_backward_step_skips_empty_spaces_and_never_reaches_the_stairs() -> None:
    s = new()
    place(s, 0, [1, 0])
    set_hand(s, 0, ["pm1", "2", "2", "2", "3"])
    assert texts(s.legal_actions()) == ["L 1+1", "L S+1", "R 1+3", "R S+3"]
    s = new()
    place(s, 0, [6])
    set_tile(s, 5, D.EMPTY, 0)
    set_hand(s, 0, ["pm1", "2", "2", "2", "2"])
    play(s, "L 6-1")  # 5 is empty: back to the Horus tile on 4, which acts
    assert s.adv[0] == [4]
    assert texts(s.legal_actions()) == ["take h1", "take key"]


@pytest.mark.rule("LUX-CARD-DIE")
def test_die_card_rolls_then_moves_exactly_the_roll() -> None:
    s = new()
    set_hand(s, 0, ["die", "1", "1", "1", "1"])
    place(s, 0, [2, 0])
    s.rng = rigged(4)
    ev = play(s, "L die")
    assert kinds(ev) == ["play", "roll"] and ev[1].data == {"die": 4}
    assert s.view(0)["phase"] == "die" and s.view(1)["die"] == 4
    assert texts(s.legal_actions()) == ["2+4", "S+4"]
    set_treasure(s, 6, 6, 3)
    play(s, "2+4")
    assert s.adv[0] == [6, 0] and s.current_player == 1


@pytest.mark.rule("LUX-EDGE-DIE-STUCK")
def test_a_roll_nobody_can_use_spends_the_card_and_the_turn_goes_on() -> None:
    s = new()
    place(s, 0, [38])
    set_hand(s, 0, ["die", "2", "2", "2", "2"])
    s.rng = rigged(5)
    draw_before = len(s.draw)
    ev = play(s, "L die")
    assert kinds(ev) == ["play", "roll", "stuck", "draw"]
    assert s.adv[0] == [38] and len(s.hands[0]) == 5
    assert len(s.draw) == draw_before - 1 and s.current_player == 1


# ---- movement ---------------------------------------------------------------
@pytest.mark.rule("LUX-MOVE-ACTIVE")
def test_only_active_adventurers_move_and_may_share_a_tile() -> None:
    s = new()
    set_hand(s, 0, ["2", "1", "1", "1", "2"])
    # the three lying at statues are never offered: only the stairs is a source
    assert {a.src for a in s.legal_actions()} == {D.STAIRS}
    set_treasure(s, 2, 6, 3)
    play(s, "L S+2")
    other_turn(s)
    play(s, "R S+2")
    assert s.adv[0] == [2, 2]


@pytest.mark.rule("LUX-MOVE-ACTIVE")
def test_adventurers_in_the_chamber_move_no_more() -> None:
    s = new()
    place(s, 0, [CH, 3])
    set_hand(s, 0, ["1", "1", "1", "1", "pm1"])
    assert {a.src for a in s.legal_actions()} == {3}


@pytest.mark.rule("LUX-MOVE-TILES")
def test_moves_count_tiles_only() -> None:
    s = new()
    set_tile(s, 2, D.EMPTY, 0)
    set_tile(s, 3, D.EMPTY, 0)
    set_treasure(s, 5, 6, 3)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")  # 1, 4, 5
    assert s.adv[0] == [5, 0]


@pytest.mark.rule("LUX-MOVE-TILES")
def test_from_an_empty_space_the_first_step_goes_to_the_next_tile() -> None:
    s = new()
    set_tile(s, 2, D.EMPTY, 0)
    place(s, 0, [2])
    set_treasure(s, 3, 6, 3)
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    play(s, "L 2+1")
    assert s.adv[0] == [3]


@pytest.mark.rule("LUX-MOVE-TILES", "LUX-WAKE")
def test_statues_are_not_counted_and_passing_one_wakes_the_sleeper() -> None:
    s = new()
    place(s, 0, [8], sleeping=(1, 2, 3))
    set_treasure(s, 10, 6, 3)
    set_hand(s, 0, ["2", "1", "1", "1", "1"])
    ev = play(s, "L 8+2")
    assert s.adv[0] == [10, D.STAIRS]  # 9, 10: the statue is no step
    assert s.sleep[0] == 0b110
    assert [e.data for e in ev if e.kind == "wake"] == [{"statue": 0}]
    assert s.view(1)["seats"][0]["sleeping_at_statues"] == [2, 3]


@pytest.mark.rule("LUX-WAKE")
def test_only_the_movers_own_sleeper_wakes_and_only_once() -> None:
    s = new()
    place(s, 0, [8], sleeping=(2, 3))  # statue 1 is already empty for seat 0
    set_treasure(s, 10, 6, 3)
    set_hand(s, 0, ["2", "1", "1", "1", "1"])
    ev = play(s, "L 8+2")
    assert "wake" not in kinds(ev) and s.adv[0] == [10]
    assert s.sleep[1] == 0b111  # seat 1's sleeper at statue 1 stays down


@pytest.mark.rule("LUX-WAKE")
def test_backward_moves_wake_nobody() -> None:
    s = new()
    place(s, 0, [10], sleeping=(1,))
    set_treasure(s, 9, 6, 3)
    set_hand(s, 0, ["pm1", "1", "1", "1", "1"])
    ev = play(s, "L 10-1")
    assert s.adv[0] == [9] and s.sleep[0] == 0b001 and "wake" not in kinds(ev)


@pytest.mark.rule("LUX-WAKE", "LUX-OSIRIS")
def test_osiris_push_past_a_statue_wakes() -> None:
    s = new()
    place(s, 0, [25], sleeping=(3,))
    set_tile(s, 27, D.OSIRIS, 3)
    set_treasure(s, 30, 6, 3)
    set_hand(s, 0, ["2", "1", "1", "1", "1"])
    ev = play(s, "L 25+2")  # 26, 27, then 28, 29, past statue 3, 30
    assert kinds(ev)[:5] == ["play", "move", "osiris", "move", "wake"]
    assert s.adv[0] == [30, D.STAIRS] and s.sleep[0] == 0


@pytest.mark.rule("LUX-WAKE", "LUX-TEMPLE-TUNNEL")
def test_tunnel_move_past_a_statue_wakes() -> None:
    s = new()
    place(s, 0, [5], sleeping=(1,))
    set_tile(s, 6, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 14, D.TEMPLE, D.F_TUNNEL)
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    ev = play(s, "L 5+1")
    assert "tunnel" in kinds(ev) and "wake" in kinds(ev)
    assert s.adv[0] == [14, D.STAIRS] and s.sleep[0] == 0


@pytest.mark.rule("LUX-WAKE", "LUX-HORUS-LAST")
def test_last_to_second_last_past_a_statue_wakes() -> None:
    s = new()
    place(s, 0, [12, 3], sleeping=(1,))
    set_hand(s, 0, ["last", "2", "2", "2", "2"])
    ev = play(s, "L last")
    assert s.adv[0] == [12, 12, D.STAIRS] and "wake" in kinds(ev)


@pytest.mark.rule("LUX-EDGE-WAKE-ALL", "LUX-WAKE")
def test_adventurer_woken_by_advance_all_does_not_move_with_it() -> None:
    s = new()
    place(s, 0, [8, 0], sleeping=(1,))
    set_treasure(s, 10, 6, 3)
    set_treasure(s, 2, 6, 3, "statue")
    set_hand(s, 0, ["all2", "2", "2", "2", "2"])
    ev = play(s, "L all")
    assert s.adv[0] == [10, 2, D.STAIRS]
    assert kinds(ev).count("move") == 2 and "wake" in kinds(ev)


@pytest.mark.rule("LUX-NOMOVE")
def test_when_neither_end_card_moves_anyone_one_is_discarded() -> None:
    s = new()
    place(s, 0, [40, 40])  # no key, so the chamber is closed
    set_hand(s, 0, ["2", "1", "pm1", "1", "3"])
    assert texts(s.legal_actions()) == ["L pass", "R pass"]
    top = D.CARDS[s.draw[-1]].code
    ev = play(s, "R pass")
    assert kinds(ev) == ["play", "pass", "draw"]
    assert s.adv[0] == [40, 40] and D.CARDS[s.discard[-1]].code == "3"
    assert codes(s, 0) == ["2", "1", top, "pm1", "1"]
    assert s.current_player == 1


@pytest.mark.rule("LUX-NOMOVE")
def test_no_pass_while_a_move_exists() -> None:
    s = new()
    place(s, 0, [40, 40])
    set_hand(s, 0, ["2", "1", "1", "1", "pm1"])  # pm1 can step back
    assert "L pass" not in texts(s.legal_actions())
    assert texts(s.legal_actions()) == ["R 40-1"]


# ---- treasures and temple tiles --------------------------------------------
@pytest.mark.rule("LUX-TREASURE-NEED")
def test_treasure_needs_enough_of_the_players_own_adventurers() -> None:
    s = new()
    set_treasure(s, 3, 3, 2)
    place(s, 1, [3, 3])  # the other player's pieces do not count
    set_hand(s, 0, ["3", "1", "1", "1", "3"])
    ev = play(s, "L S+3")
    assert "loot" not in kinds(ev) and s.tile_kind[3] == D.TREASURE and s.score[0] == 0
    other_turn(s)  # seat 1 plays anything
    ev = play(s, "R S+3")
    assert "loot" in kinds(ev) and s.score[0] == 3


@pytest.mark.rule("LUX-TREASURE-TAKE")
def test_a_taken_treasure_scores_at_once_and_is_kept() -> None:
    s = new()
    tid = set_treasure(s, 3, 2, 1, "jewelry")
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    ev = play(s, "L S+3")
    loot = next(e for e in ev if e.kind == "loot")
    assert loot.data == {"space": 3, "type": "jewelry", "vp": 2}
    assert s.score[0] == 2 and s.treasures[0] == (tid,)
    assert s.view(1)["seats"][0]["treasures"] == [{"type": "jewelry", "vp": 2}]
    assert s.view(1)["seats"][0]["score"] == 2


@pytest.mark.rule("LUX-TEMPLE-REVEAL")
def test_icon_space_gets_a_temple_tile_without_its_action() -> None:
    s = new()
    set_treasure(s, 9, 2, 1)  # lion icon: the lion stack holds scarabs
    place(s, 0, [8])
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    lion_before = len(s.temple[2])
    ev = play(s, "L 8+1")
    assert kinds(ev) == ["play", "move", "loot", "reveal", "draw"]
    assert tile(s, 9) == (D.TEMPLE, D.F_SCARAB) and len(s.temple[2]) == lion_before - 1
    assert s.scarabs[0] == () and s.adv[0] == [9]


@pytest.mark.rule("LUX-TEMPLE-REVEAL", "LUX-MOVE-TILES")
def test_space_without_icon_stays_empty_and_is_skipped_afterwards() -> None:
    s = new()
    set_treasure(s, 3, 2, 1)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")
    assert tile(s, 3) == (D.EMPTY, 0) and s.adv[0] == [3, 0]
    assert s.view(0)["board"][2]["tile"] == "empty"
    set_hand(s, 1, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")  # 1, 2, 4: the emptied 3 is skipped
    assert s.adv[1] == [4, 0] and s.current_player == 1  # Horus choice on 4


@pytest.mark.rule("LUX-TEMPLE-LATER")
def test_a_revealed_tile_acts_for_a_later_arrival() -> None:
    s = new()
    set_treasure(s, 9, 2, 1)
    place(s, 0, [8, 8])
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    play(s, "L 8+1")  # reveal a scarab tile, no action
    assert s.scarabs[0] == () and s.tile_kind[9] == D.TEMPLE
    other_turn(s)
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    play(s, "L 8+1")
    assert len(s.scarabs[0]) == 1 and s.adv[0] == [9, 9]


@pytest.mark.rule("LUX-HORUS-TILE")
def test_horus_tile_offers_a_key_or_a_card_of_its_level() -> None:
    s = new()
    place(s, 0, [16])
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    play(s, "L 16+1")  # 17: two eyes
    assert s.legal_actions() and texts(s.legal_actions()) == ["take h2", "take key"]
    assert s.view(0)["choices"] == ["key", "h2"]
    play(s, "take key")
    assert s.keys[0] == 1 and s.key_supply == 19 and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-TILE", "LUX-EDGE-SUPPLY")
def test_horus_tile_with_one_option_left_gives_it_without_a_choice() -> None:
    s = new()
    place(s, 0, [16])
    give(s, 1, keys=s.key_supply)  # no keys left in the supply
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    top = s.horus[2][-1]
    play(s, "L 16+1")
    assert s.phase == rules.PLAY and s.hands[0][2] == top and s.keys[0] == 0
    s = new()
    place(s, 0, [16])
    s.horus[2] = ()
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    play(s, "L 16+1")
    assert s.keys[0] == 1


@pytest.mark.rule("LUX-HORUS-CARD", "LUX-DRAW")
def test_horus_card_goes_to_the_middle_and_replaces_the_draw() -> None:
    s = new()
    place(s, 0, [3])
    set_hand(s, 0, ["1", "2", "3", "4", "5"])
    card = s.horus[1][-1]
    draw_before = list(s.draw)
    ev = play(s, "L 3+1", "take h1")
    assert s.hands[0][2] == card and len(s.hands[0]) == 5
    assert codes(s, 0)[:2] == ["2", "3"] and codes(s, 0)[3:] == ["4", "5"]
    assert s.draw == draw_before and "draw" not in kinds(ev)
    assert s.view(1)["horus_stacks"][0]["size"] == 7


@pytest.mark.rule("LUX-OSIRIS")
def test_osiris_pushes_on_at_once_then_the_tile_reached_acts() -> None:
    s = new()
    set_tile(s, 7, D.OSIRIS, 2)
    set_treasure(s, 9, 2, 1, "statue")
    place(s, 0, [5], sleeping=(1, 2, 3))
    set_hand(s, 0, ["2", "1", "1", "1", "1"])
    ev = play(s, "L 5+2")
    assert kinds(ev) == ["play", "move", "osiris", "move", "loot", "reveal", "draw"]
    assert s.adv[0] == [9] and s.score[0] == 2 and s.sleep[0] == 0b111


@pytest.mark.rule("LUX-OSIRIS")
def test_osiris_tiles_chain() -> None:
    s = new()
    set_tile(s, 7, D.OSIRIS, 1)
    set_tile(s, 8, D.OSIRIS, 2)
    set_treasure(s, 10, 6, 3)
    place(s, 0, [6], sleeping=(2, 3))
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    ev = play(s, "L 6+1")
    assert kinds(ev).count("osiris") == 2 and s.adv[0] == [10]
    assert all(s.tile_kind[a] != D.OSIRIS for a in s.adv[0])


@pytest.mark.rule("LUX-EDGE-OSIRIS-CHAMBER")
def test_osiris_reaching_the_chamber_exactly_enters_with_a_key() -> None:
    s = new()
    set_tile(s, 39, D.OSIRIS, 2)
    place(s, 0, [38])
    give(s, 0, keys=1)
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    ev = play(s, "L 38+1")
    assert "chamber" in kinds(ev) and s.adv[0] == [CH]
    assert s.keys[0] == 0 and s.key_space == 1 and s.sarcs[0] == (5,)


@pytest.mark.rule("LUX-EDGE-OSIRIS-CHAMBER")
@pytest.mark.parametrize(("push", "keys"), [(2, 0), (4, 1)])
def test_osiris_without_key_or_past_the_chamber_stops_on_the_last_tile(
    push: int, keys: int
) -> None:
    s = new()
    set_tile(s, 39, D.OSIRIS, push)
    set_treasure(s, 40, 6, 3)
    place(s, 0, [38])
    give(s, 0, keys=keys)
    set_hand(s, 0, ["1", "2", "2", "2", "2"])
    ev = play(s, "L 38+1")
    assert s.adv[0] == [40] and "chamber" not in kinds(ev) and s.keys[0] == keys


@pytest.mark.rule("LUX-TEMPLE-SCARAB", "LUX-HIDDEN")
def test_scarab_tile_draws_a_secret_scarab() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_SCARAB)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    value = s.scarab_supply[-1]
    ev = play(s, "L S+3")
    assert s.scarabs[0] == (value,) and len(s.scarab_supply) == 21
    scarab = next(e for e in ev if e.kind == "scarab")
    assert scarab.for_viewer(0).data == {"vp": value}
    assert scarab.for_viewer(1).data == {} and str(value) not in scarab.for_viewer(1).text
    assert s.view(0)["seats"][0]["scarabs"] == [value]
    assert "scarabs" not in s.view(1)["seats"][0]
    assert s.view(1)["seats"][0]["scarab_count"] == 1


@pytest.mark.rule("LUX-TEMPLE-WILD")
def test_wild_tile_gives_a_wild_treasure() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_WILD)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")
    assert s.wilds[0] == 1 and s.wild_supply == 17
    assert s.view(1)["seats"][0]["wild_tiles"] == 1


@pytest.mark.rule("LUX-TEMPLE-SCARAB-OR-WILD")
@pytest.mark.parametrize("pick", ["scarab", "wild"])
def test_scarab_or_wild_tile_is_a_choice(pick: str) -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_SCARAB_OR_WILD)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")
    assert texts(s.legal_actions()) == ["take scarab", "take wild"]
    assert s.current_player == 0
    play(s, f"take {pick}")
    assert (len(s.scarabs[0]), s.wilds[0]) == ((1, 0) if pick == "scarab" else (0, 1))
    assert s.current_player == 1


@pytest.mark.rule("LUX-TEMPLE-FAVOR")
def test_favour_of_horus_offers_either_shown_stack() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_HORUS23)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")
    assert texts(s.legal_actions()) == ["take h2", "take h3"]
    top = s.horus[3][-1]
    play(s, "take h3")
    assert s.hands[0][2] == top and len(s.horus[3]) == 7 and len(s.horus[2]) == 8


@pytest.mark.rule("LUX-TEMPLE-FAVOR", "LUX-EDGE-SUPPLY")
def test_favour_of_horus_with_empty_stacks() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_HORUS12)
    s.horus[1] = ()
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    top = s.horus[2][-1]
    play(s, "L S+3")  # only level 2 is left: taken without a choice
    assert s.hands[0][2] == top and s.current_player == 1
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_HORUS12)
    s.horus[1], s.horus[2] = (), ()
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    draw_before = len(s.draw)
    ev = play(s, "L S+3")
    assert "horus" not in kinds(ev) and "draw" in kinds(ev)
    assert len(s.draw) == draw_before - 1


@pytest.mark.rule("LUX-TEMPLE-TUNNEL")
def test_tunnel_goes_to_the_next_tunnel_only() -> None:
    s = new()
    for sp in (3, 6, 14):
        set_tile(s, sp, D.TEMPLE, D.F_TUNNEL)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    ev = play(s, "L S+3")
    assert s.adv[0] == [6, 0]  # to 6, not on to 14: the tunnel reached does not fire
    assert [e.data for e in ev if e.kind == "tunnel"] == [{"from": 3, "to": 6}]


@pytest.mark.rule("LUX-TEMPLE-TUNNEL")
def test_tunnel_with_none_ahead_does_nothing() -> None:
    s = new()
    set_tile(s, 6, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 3, D.TEMPLE, D.F_TUNNEL)
    place(s, 0, [5])
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    ev = play(s, "L 5+1")
    assert s.adv[0] == [6] and "tunnel" not in kinds(ev)


@pytest.mark.rule("LUX-EDGE-SUPPLY")
def test_empty_supplies_give_nothing() -> None:
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_SCARAB)
    s.scarab_supply = []
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    ev = play(s, "L S+3")
    assert s.scarabs[0] == () and "scarab" not in kinds(ev)
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_SCARAB_OR_WILD)
    give(s, 1, wilds=s.wild_supply)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")  # only a scarab is left: no choice
    assert len(s.scarabs[0]) == 1 and s.wilds[0] == 0 and s.current_player == 1
    s = new()
    set_tile(s, 3, D.TEMPLE, D.F_WILD)
    give(s, 1, wilds=s.wild_supply)
    set_hand(s, 0, ["3", "1", "1", "1", "1"])
    play(s, "L S+3")
    assert s.wilds[0] == 0 and s.current_player == 1


# ---- Horus cards ------------------------------------------------------------
@pytest.mark.rule("LUX-HORUS-RANGE")
def test_range_card_moves_any_number_up_to_its_top() -> None:
    s = new()
    set_hand(s, 0, ["1-3", "2", "2", "2", "1-5"])
    expected = [f"L S+{k}" for k in (1, 2, 3)] + [f"R S+{k}" for k in (1, 2, 3, 4, 5)]
    assert texts(s.legal_actions()) == expected
    set_treasure(s, 2, 6, 3)
    play(s, "R S+2")
    assert s.adv[0] == [2, 0]


@pytest.mark.rule("LUX-HORUS-DIE")
def test_one_to_die_card_moves_up_to_the_roll() -> None:
    s = new()
    set_hand(s, 0, ["1-die", "2", "2", "2", "2"])
    s.rng = rigged(3)
    play(s, "L die")
    assert s.die == 3
    assert texts(s.legal_actions()) == ["S+1", "S+2", "S+3"]
    set_treasure(s, 2, 6, 3)
    play(s, "S+2")
    assert s.adv[0] == [2, 0] and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-ALL")
def test_advance_all_moves_everyone_nearest_first_then_one_action() -> None:
    s = new()
    place(s, 0, [1, 5, 0], sleeping=(2, 3))
    set_treasure(s, 6, 2, 1, "vase")
    set_tile(s, 2, D.TEMPLE, D.F_WILD)
    set_hand(s, 0, ["all1", "2", "2", "2", "2"])
    set_treasure(s, 1, 6, 3, "jewelry")
    ev = play(s, "L all")
    moves = [(e.data["from"], e.data["to"]) for e in ev if e.kind == "move"]
    assert moves == [(5, 6), (1, 2), (0, 1)]
    assert s.view(0)["phase"] == "act" and s.act_spaces == (1, 2, 6)
    assert texts(s.legal_actions()) == ["act 1", "act 2", "act 6"]
    ev = play(s, "act 6")
    assert s.score[0] == 2 and s.wilds[0] == 0  # one action only: no wild from 2
    assert s.current_player == 1


@pytest.mark.rule("LUX-HORUS-ALL")
def test_advance_all_offers_an_adventurer_whose_space_does_nothing() -> None:
    """Issue 9: with one useful space and one idle one, the player still chooses."""
    s = new()
    place(s, 0, [3, 0])
    set_tile(s, 5, D.TEMPLE, D.F_WILD)
    set_treasure(s, 2, 6, 3)  # needs three adventurers: landing here does nothing
    set_hand(s, 0, ["all2", "2", "2", "2", "2"])
    play(s, "L all")
    assert s.adv[0] == [5, 2] and s.current_player == 0
    assert s.view(0)["phase"] == "act" and texts(s.legal_actions()) == ["act 2", "act 5"]
    play(s, "act 2")  # declines the wild tile
    assert s.wilds[0] == 0 and s.treasures[0] == () and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-ALL", "LUX-TEMPLE-TUNNEL", "LUX-HORUS-TILE")
def test_advance_all_lets_the_player_avoid_a_tunnel_or_a_horus_tile() -> None:
    s = new()
    place(s, 0, [6, 1])
    set_tile(s, 2, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 20, D.TEMPLE, D.F_TUNNEL)
    set_tile(s, 8, D.HORUS, 1)
    set_tile(s, 7, D.OSIRIS, 1)
    set_hand(s, 0, ["all1", "2", "2", "2", "2"])
    play(s, "L all")  # 6 -> 7 (Osiris) -> 8; 1 -> 2
    assert sorted(s.adv[0]) == [2, 8] and texts(s.legal_actions()) == ["act 2", "act 8"]
    play(s, "act 2")  # through the tunnel instead of the Horus tile
    assert sorted(s.adv[0]) == [8, 20] and s.keys[0] == 0
    assert all(c < D.NUM_BASIC for c in s.hands[0]) and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-ALL", "LUX-CHAMBER-KEY")
def test_advance_all_may_pick_the_adventurer_that_entered_the_chamber() -> None:
    s = new()
    place(s, 0, [40, 3])
    give(s, 0, keys=1)
    set_tile(s, 4, D.TEMPLE, D.F_WILD)
    set_hand(s, 0, ["all1", "2", "2", "2", "2"])
    play(s, "L all")
    assert s.chamber == [0] and texts(s.legal_actions()) == ["act 4", "act C"]
    assert s.game.parse("act C") in s.legal_actions() and str(s.game.parse("act c")) == "act C"
    play(s, "act C")
    assert s.wilds[0] == 0 and s.current_player == 1


@pytest.mark.rule("LUX-HORUS-ALL")
def test_advance_all_onto_one_space_acts_without_a_choice() -> None:
    s = new()
    place(s, 0, [3, 3])
    set_tile(s, 5, D.TEMPLE, D.F_WILD)
    set_hand(s, 0, ["all2", "2", "2", "2", "2"])
    play(s, "L all")
    assert s.adv[0] == [5, 5] and s.wilds[0] == 1 and s.current_player == 1


@pytest.mark.rule("LUX-EDGE-ALL-STAY")
def test_advance_all_leaves_behind_one_that_cannot_enter() -> None:
    s = new()
    place(s, 0, [40, 3])
    set_treasure(s, 5, 6, 3)
    set_hand(s, 0, ["all2", "2", "2", "2", "2"])
    play(s, "L all")  # 40 would overshoot
    assert s.adv[0] == [40, 5]
    s = new()
    place(s, 0, [40, 2])
    set_treasure(s, 3, 6, 3)
    set_hand(s, 0, ["all1", "2", "2", "2", "2"])
    play(s, "L all")  # 40 would enter but has no key
    assert s.adv[0] == [40, 3]


@pytest.mark.rule("LUX-EDGE-ALL-STAY", "LUX-CHAMBER-KEY")
def test_advance_all_with_exact_count_and_key_enters() -> None:
    s = new()
    place(s, 0, [40, 2])
    give(s, 0, keys=1)
    set_treasure(s, 3, 6, 3)
    set_hand(s, 0, ["all1", "2", "2", "2", "2"])
    ev = play(s, "L all")
    assert s.adv[0] == [CH, 3] and "chamber" in kinds(ev) and s.keys[0] == 0


@pytest.mark.rule("LUX-HORUS-LAST")
def test_last_joins_the_second_last_and_acts_there() -> None:
    s = new()
    place(s, 0, [20, 8, 0, 0])
    set_treasure(s, 8, 3, 2)
    set_hand(s, 0, ["last", "2", "2", "2", "2"])
    play(s, "L last")
    assert s.adv[0] == [20, 8, 8, 0] and s.score[0] == 3 and s.tile_kind[8] == D.EMPTY


@pytest.mark.rule("LUX-HORUS-LAST", "LUX-EDGE-LAST")
def test_last_may_land_on_an_empty_space_with_no_action() -> None:
    s = new()
    set_tile(s, 6, D.EMPTY, 0)
    place(s, 0, [6, 2])
    set_hand(s, 0, ["last", "2", "2", "2", "2"])
    ev = play(s, "L last")
    assert s.adv[0] == [6, 6] and s.tile_kind[6] == D.EMPTY
    assert kinds(ev) == ["play", "move", "draw"]


@pytest.mark.rule("LUX-EDGE-LAST")
def test_last_targets_the_nearest_distinct_position_ahead() -> None:
    s = new()
    place(s, 0, [30, 11, 2, 2])
    set_treasure(s, 11, 6, 3)
    set_hand(s, 0, ["last", "2", "2", "2", "2"])
    play(s, "L last")
    assert s.adv[0] == [30, 11, 11, 2]


@pytest.mark.rule("LUX-EDGE-LAST")
@pytest.mark.parametrize("positions", [[5, 5], [CH, 5], [CH, 12, 12], [6]])
def test_last_cannot_be_played_without_a_target(positions: list[int]) -> None:
    s = new()
    place(s, 0, positions)
    set_hand(s, 0, ["last", "2", "2", "2", "1"])
    assert all(a.side == "R" for a in s.legal_actions())


@pytest.mark.rule("LUX-HORUS-LESS")
def test_one_less_takes_a_treasure_with_one_adventurer_fewer() -> None:
    s = new()
    set_treasure(s, 3, 3, 2)
    set_hand(s, 0, ["less3", "2", "2", "2", "3"])
    assert texts(s.legal_actions()) == ["L S+3", "R S+3"]
    play(s, "L S+3")
    assert s.score[0] == 3 and s.treasures[0]


@pytest.mark.rule("LUX-HORUS-LESS")
def test_one_less_only_helps_on_that_turn() -> None:
    s = new()
    set_treasure(s, 3, 3, 2)
    set_hand(s, 0, ["3", "2", "2", "2", "less3"])
    play(s, "L S+3")  # an ordinary 3: one adventurer is not enough
    assert s.score[0] == 0 and s.tile_kind[3] == D.TREASURE


# ---- tomb chamber -----------------------------------------------------------
@pytest.mark.rule("LUX-CHAMBER-EXACT")
def test_chamber_only_with_the_exact_count() -> None:
    s = new()
    place(s, 0, [39])
    give(s, 0, keys=1)
    set_hand(s, 0, ["2", "3", "3", "3", "3"])
    assert texts(s.legal_actions()) == ["L 39+2"]
    set_hand(s, 0, ["1-4", "3", "3", "3", "3"])
    assert texts(s.legal_actions()) == ["L 39+1", "L 39+2"]


@pytest.mark.rule("LUX-CHAMBER-EXACT")
def test_chamber_is_one_step_beyond_the_last_remaining_tile() -> None:
    s = new()
    set_tile(s, 40, D.EMPTY, 0)
    place(s, 0, [38])
    give(s, 0, keys=1)
    set_hand(s, 0, ["2", "3", "3", "3", "3"])
    assert texts(s.legal_actions()) == ["L 38+2"]
    play(s, "L 38+2")
    assert s.adv[0] == [CH]


@pytest.mark.rule("LUX-CHAMBER-KEY")
def test_entering_costs_a_key_and_needs_one() -> None:
    s = new()
    place(s, 0, [40, 2])
    set_hand(s, 0, ["1", "3", "3", "3", "3"])
    assert texts(s.legal_actions()) == ["L 2+1", "R 2+3"]
    give(s, 0, keys=2)
    s.legal = None
    assert "L 40+1" in texts(s.legal_actions())
    ev = play(s, "L 40+1")
    assert s.keys[0] == 1 and s.key_space == 1 and s.key_supply == 18
    assert s.view(1)["key_space"] == 1 and "chamber" in kinds(ev)


@pytest.mark.rule("LUX-CHAMBER-SARC")
def test_sarcophagi_go_five_then_three_then_none() -> None:
    s = new(3)
    for p in range(3):
        place(s, p, [40, 40])
        give(s, p, keys=2)
        set_hand(s, p, ["1", "2", "4", "5", "1"])
    play(s, "L 40+1")
    assert s.sarcs[0] == (5,) and s.sarcophagi == [3]
    play(s, "L 40+1")
    assert s.sarcs[1] == (3,) and s.sarcophagi == []
    ev = play(s, "L 40+1")
    assert s.sarcs[2] == () and next(e for e in ev if e.kind == "chamber").data == {
        "sarcophagus": 0
    }
    assert s.chamber == [0, 1, 2]


@pytest.mark.rule("LUX-CHAMBER-SARC")
def test_one_player_may_take_both_sarcophagi() -> None:
    s = new()
    place(s, 0, [40, 40])
    give(s, 0, keys=2)
    set_hand(s, 0, ["1", "3", "3", "3", "1"])
    play(s, "L 40+1")
    other_turn(s)
    set_hand(s, 0, ["1", "3", "3", "3", "1"])
    play(s, "L 40+1")
    assert s.sarcs[0] == (5, 3) and s.keys[0] == 0


# ---- drawing ----------------------------------------------------------------
@pytest.mark.rule("LUX-DRAW")
def test_the_top_card_is_drawn_at_the_end_of_the_turn() -> None:
    s = new()
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    top = s.draw[-1]
    set_treasure(s, 1, 6, 3)
    ev = play(s, "L S+1")
    assert s.hands[0][2] == top and kinds(ev)[-1] == "draw"
    assert ev[-1].for_viewer(1).text == "drew a card" and ev[-1].for_viewer(1).data == {}


@pytest.mark.rule("LUX-RESHUFFLE")
def test_the_discards_are_shuffled_the_moment_the_draw_pile_runs_out() -> None:
    """Issue 9: not later, when a card is needed, so the next card played stays out."""
    s = new()
    set_hand(s, 0, ["1", "1", "1", "1", "1"])
    last = s.draw.pop(0)  # the draw pile keeps one card; the rest go to the discard
    s.discard, s.draw = s.draw, [last]
    set_treasure(s, 1, 6, 3)
    pool = sorted([*s.discard, s.hands[0][0]])  # the discards and the card played now
    ev = play(s, "L S+1")
    assert kinds(ev)[-2:] == ["draw", "reshuffle"] and ev[-2].data["card"] == D.CODE[last]
    assert s.discard == [] and sorted(s.draw) == pool
    played = s.hands[1][0]
    other_turn(s)
    assert played in s.discard and played not in s.draw


# ---- game end ---------------------------------------------------------------
@pytest.mark.rule("LUX-END-CHAMBER")
def test_game_ends_after_the_round_of_the_second_entry() -> None:
    s = new(3)
    entered_before(s, 2)
    place(s, 0, [40])
    give(s, 0, keys=1)
    set_hand(s, 0, ["1", "3", "3", "3", "3"])
    play(s, "L 40+1")
    assert not s.is_over and s.current_player == 1
    other_turn(s)
    while s.current_player == 1:
        other_turn(s)
    assert not s.is_over and s.current_player == 2
    other_turn(s)
    while not s.is_over and s.current_player == 2:
        other_turn(s)
    assert s.is_over and s.current_player is None and s.legal_actions() == []


@pytest.mark.rule("LUX-END-CHAMBER")
def test_one_adventurer_in_the_chamber_does_not_end_the_game() -> None:
    s = new()
    place(s, 0, [40])
    give(s, 0, keys=1)
    set_hand(s, 0, ["1", "3", "3", "3", "3"])
    play(s, "L 40+1")
    other_turn(s)
    while s.current_player == 1:
        other_turn(s)
    assert not s.is_over and s.round == 2


@pytest.mark.rule("LUX-END-STUCK")
def test_a_round_without_any_move_ends_the_game() -> None:
    s = new()
    all_stuck(s)
    play(s, "L pass")
    assert not s.is_over
    play(s, "R pass")
    assert s.is_over and s.final is not None


@pytest.mark.rule("LUX-END-STUCK")
def test_one_move_in_the_round_keeps_the_game_going() -> None:
    s = new()
    place(s, 0, [40, 40])
    set_hand(s, 0, ["2", "3", "3", "3", "3"])
    play(s, "L pass")
    set_hand(s, 1, ["1", "1", "1", "1", "1"])
    set_treasure(s, 1, 6, 3)
    play(s, "L S+1")
    assert not s.is_over and s.round == 2


@pytest.mark.rule("LUX-END-STUCK", "LUX-EDGE-DIE-STUCK")
def test_a_die_nobody_can_use_does_not_end_the_game_when_its_player_could_have_moved() -> None:
    # the rulebook ends the game when no player *can* move in a round: seat 0 could have
    # played R 39+1, and its die rolled a 6 that nobody can use (it ended the game)
    s = new()
    place(s, 0, [39] * 5)
    place(s, 1, [40] * 5)
    set_hand(s, 0, ["die", "2", "3", "4", "1"])
    set_hand(s, 1, ["2", "3", "4", "5", "2"])
    assert texts(s.legal_actions()) == ["L die", "R 39+1"]
    s.rng = Rng(next(k for k in range(1000) if Rng(k).die() == 6))
    assert "stuck" in [e.kind for e in play(s, "L die")]
    play(s, "L pass")
    assert not s.is_over and s.round == 2


# ---- final scoring ----------------------------------------------------------
@pytest.mark.rule("LUX-SCORE-ORDER")
def test_final_scoring_rows_and_total_added_to_the_track() -> None:
    s = new()
    all_stuck(s)
    s.score[0] = 10  # treasure VP already on the track
    give(s, 0, keys=2, wilds=1)
    s.scarabs[0] = (s.scarab_supply.pop(),)
    ev = play(s, "L pass", "L pass")
    b = s.final[0] if s.final else None
    assert b is not None
    assert [name for name, _ in b.rows()] == [
        "adventurers",
        "sarcophagi",
        "keys",
        "treasure sets (0)",
        "scarabs",
    ]
    assert b.adventurers == 26 and b.keys == 2 and b.scarabs == s.scarabs[0][0]
    assert s.score[0] == 10 + b.total
    final = [e for e in ev if e.kind == "final"]
    assert [e.player for e in final] == [0, 1]
    assert final[0].data["total"] == b.total
    assert s.view(1)["final"][0] == b.to_json()


@pytest.mark.rule("LUX-SCORE-WALL")
def test_each_adventurer_scores_its_wall_value() -> None:
    s = new()
    place(s, 0, [0, 5, 6, 16, 27], sleeping=())  # the stairs (0) score nothing; space 5 does
    assert final_scoring(s, 0).adventurers == 0 + 1 + 1 + 3 + 8
    place(s, 1, [34], sleeping=(1, 2, 3))  # the sleepers score nothing
    assert final_scoring(s, 1).adventurers == 13


@pytest.mark.rule("LUX-SCORE-CHAMBER-WALL")
def test_adventurer_in_the_chamber_scores_the_chamber_wall() -> None:
    s = new()
    place(s, 0, [CH, 0])
    assert final_scoring(s, 0).adventurers == 13
    assert D.WALL_VP[CH] == 13


@pytest.mark.rule("LUX-SCORE-SARC")
def test_sarcophagi_score_their_value() -> None:
    s = new()
    entered_before(s, 0)
    entered_before(s, 0)
    assert final_scoring(s, 0).sarcophagi == 8
    assert final_scoring(s, 1).sarcophagi == 0


@pytest.mark.rule("LUX-SCORE-KEYS")
def test_each_key_left_scores_one() -> None:
    s = new()
    give(s, 1, keys=3)
    assert final_scoring(s, 1).keys == 3 and final_scoring(s, 0).keys == 0


def _treasures(vase: int, statue: int, jewelry: int) -> list[int]:
    out = []
    for name, n in (("vase", vase), ("statue", statue), ("jewelry", jewelry)):
        t = D.TREASURE_TYPES.index(name)
        out += [i for i, tr in enumerate(D.TREASURES) if tr.type == t][:n]
    return out


@pytest.mark.rule("LUX-SCORE-SETS")
@pytest.mark.parametrize(
    ("counts", "wild", "sets"),
    [
        ((1, 1, 1), 0, 1),
        ((2, 2, 1), 0, 1),
        ((0, 0, 0), 3, 0),  # at most two wilds in a set
        ((1, 0, 0), 2, 1),
        ((1, 0, 0), 5, 1),
        ((2, 0, 0), 4, 2),
        ((3, 2, 1), 3, 3),
        ((3, 2, 1), 4, 3),
        ((3, 3, 3), 0, 3),
        ((10, 10, 10), 0, 10),
    ],
)
def test_sets_are_grouped_for_the_most(counts: tuple[int, int, int], wild: int, sets: int) -> None:
    assert max_sets(list(counts), wild) == sets
    s = new()
    s.treasures[0] = _treasures(*counts)
    give(s, 0, wilds=wild)
    b = final_scoring(s, 0)
    assert b.sets == sets and b.set_points == set_points(sets)


@pytest.mark.rule("LUX-SCORE-SETS")
def test_set_table() -> None:
    assert [set_points(k) for k in range(11)] == [0, 3, 7, 12, 18, 25, 33, 42, 52, 52, 52]


@pytest.mark.rule("LUX-SCORE-SCARABS")
def test_scarabs_score_their_face_values() -> None:
    s = new()
    s.scarab_supply.sort()
    s.scarabs[1] = (s.scarab_supply.pop(), s.scarab_supply.pop(0))
    assert s.scarabs[1] == (4, 1)
    assert final_scoring(s, 1).scarabs == 5


@pytest.mark.rule("LUX-WIN")
@pytest.mark.parametrize(
    ("scores", "sarcs", "won"),
    [
        ([40, 30, 20], [[], [5], []], [0]),
        ([40, 40, 20], [[3], [5], []], [1]),
        ([40, 40, 20], [[3], [], [5]], [0]),
        ([40, 40, 40], [[], [], []], [0, 1, 2]),
        ([40, 40, 20], [[], [], [5, 3]], [0, 1]),
    ],
)
def test_most_vp_then_best_sarcophagus_else_shared(
    scores: list[int], sarcs: list[list[int]], won: list[int]
) -> None:
    s = new(3)
    s.score, s.sarcs = scores, sarcs
    assert rules.winners(s) == won
    assert s.winners() == []  # nobody has won before the end


@pytest.mark.rule("LUX-WIN")
def test_winner_after_a_played_end() -> None:
    s = new()
    all_stuck(s)
    s.score = [3, 0]
    play(s, "L pass", "L pass")
    assert s.scores() == [29, 26] and s.winners() == [0]


# ---- hidden information -----------------------------------------------------
@pytest.mark.rule("LUX-HIDDEN")
def test_views_hide_hands_draw_order_and_stacks() -> None:
    s = new()
    v1 = s.view(1)
    assert "hand" not in v1["seats"][0] and v1["seats"][0]["hand_size"] == 5
    assert v1["seats"][1]["hand"] == codes(s, 1)
    assert v1["draw_pile"] == len(s.draw)
    assert v1["temple_stacks"] == {"cobra": 4, "falcon": 6, "lion": 4}
    assert v1["supply"]["scarabs"] == 22
    spectator = s.view(None)
    assert all("hand" not in seat for seat in spectator["seats"])
    assert [row["tile"] for row in spectator["board"]][3] == "horus 1"


@pytest.mark.rule("LUX-HIDDEN")
def test_determinize_keeps_what_the_seat_sees() -> None:
    s = new(3, seed=7)
    s.scarabs[1] = (s.scarab_supply.pop(),)
    d = s.determinize(0, random.Random(1))
    assert d.view(0) == s.view(0)
    assert d.hands[0] == s.hands[0]
    assert (d.hands[1], d.hands[2], d.draw) != (s.hands[1], s.hands[2], s.draw)
