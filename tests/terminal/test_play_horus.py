"""`scarab play horus` in the terminal, driven by a scripted keyboard and a recording console.

Card values and the board are provisional (horus.toml): expected texts are
computed from the data and from a replay of the same game, never assumed.
"""

from __future__ import annotations

import pytest

import scarab
from scarab.cli import main
from scarab.core.game import Event
from scarab.games.horus import data as D
from scarab.games.horus.stages import ADJUST
from scarab.games.horus.state import HorusState
from scarab.terminal import horus as R
from scarab.terminal import play_main
from scarab.terminal.play import Session, renderer_of, seat_names
from tests.terminal.support import Keyboard, console, never

pytestmark = pytest.mark.slow  # whole games played through the terminal

HORUS = scarab.load("horus")


def start(seats: list[str], seed: int) -> HorusState:
    state = HORUS.new_game(seat_names(seats), seed=seed)
    assert isinstance(state, HorusState)
    return state


def test_horus_has_a_renderer() -> None:
    assert renderer_of("horus") is R


def test_human_against_greedy_plays_to_the_end() -> None:
    con, buf = console()
    keys = Keyboard()
    assert play_main("horus", ["human", "greedy"], 3, console=con, read=keys) == 0
    out = buf.getvalue()
    assert keys.prompts and all("human" in p for p in keys.prompts)
    assert "Choose an adventurer and the entrance" in out
    assert "▲e1" in out and "▲e2" in out  # the entrances below the board
    assert "Legend:" in out and "Mummies: " in out and "Stone blocks fallen" in out
    assert "Adventurers" in out and "Action dice: " in out
    assert "gains" not in out  # no reason worked out from what the bot holds unseen
    final = out[out.index("Final scoring") :]
    for category in ("escaped", "treasures", "necklaces", "chests", "idols", "variety", "total"):
        assert category in final
    assert "Winner: " in out or "Shared win: " in out or R.NO_WINNER in out


def test_the_board_shows_what_the_view_holds() -> None:
    state = start(["human", "greedy"], 2)
    view = state.view(0)
    text = R.board(view).plain
    # Every block number still to fall is printed; the three mummies stand in the corridor.
    for number in D.BLOCKS:
        assert f"{number}" in text
    assert text.count("M") >= 1
    assert text.count("[?]") == len(D.SARC_SQUARE)  # all sarcophagi closed
    for god in ("Ho", "An", "Th", "He", "So"):
        assert f"◆{god}" in text
    # After a block falls it is drawn as fallen; a taken idol as gone.
    state.blocked |= 1 << D.SQUARE_OF_BLOCK[12]
    state.fallen.append(12)
    state.box.remove(12)
    state.alcoves[D.ALCOVE_GOD.index("sobek")] = False
    text = R.board(state.view(0)).plain
    assert "▓12 ▓" in text and "◇So" in text and "◆So" not in text


def test_typed_notation_plays_that_action() -> None:
    con, buf = console()
    keys = Keyboard(["  CHOOSE   rasputin E2 "])
    assert play_main("horus", ["human", "random"], 5, console=con, read=keys) == 0
    out = buf.getvalue()
    assert "human plays choose rasputin e2" in out
    assert "waits at entrance e2" in out


def test_bad_input_asks_again_with_a_reason() -> None:
    con, buf = console()
    keys = Keyboard(["zzz", "99", "", "search", "choose nobody e1", "move up"], then=None)
    assert play_main("horus", ["human", "random"], 4, console=con, read=keys) == 1
    out = buf.getvalue()
    assert "cannot read 'zzz' as a Horus action" in out
    assert "There is no action 99" in out
    assert "Type a number from 1 to 16" in out
    assert "search is not legal: first choose an adventurer and an entrance" in out
    assert "no adventurer 'nobody'" in out
    assert "'up' is not a direction" in out
    assert len(set(keys.prompts)) == 1  # the same question every time


def test_numbered_list_matches_the_legal_actions() -> None:
    state = start(["human", "greedy"], 8)
    con, buf = console()
    keys = Keyboard(["1", "1"], then=None)
    assert play_main("horus", ["human", "greedy"], 8, console=con, read=keys) == 1
    out = buf.getvalue()
    first = out[: out.index("human plays")]
    legal = state.legal_actions()
    for i, act in enumerate(legal, 1):
        assert f"{i:>2}. {act!s:<16} " in first
    for act in legal:  # each choice says which adventurer and ability it is
        key = str(act).split()[1]
        assert D.ADV_NAME[D.ADVENTURERS.index(key)] in first
    assert f"{len(legal)} legal action(s)" in first


def test_the_mummies_win_when_nobody_escapes() -> None:
    state = start(["random"] * 3, 1)  # this seed: nobody gets out
    con, buf = console()
    assert play_main("horus", ["random"] * 3, 1, console=con, read=never) == 0
    out = buf.getvalue()
    assert "The mummies win: nobody escaped." in out
    assert R.NO_WINNER in out
    assert "Winner" not in out and "Shared win" not in out
    assert state.game is HORUS


def test_bots_alone_play_six_seats_through() -> None:
    con, buf = console(80)
    seats = ["greedy", "random", "greedy", "random", "random", "greedy"]
    assert play_main("horus", seats, 3, console=con, read=never) == 0
    out = buf.getvalue()
    assert "Final scoring" in out and "seed 3" in out
    assert "greedy1 choose " in out  # no human at the table: every bot choice is shown


def test_hot_seat_hands_over_between_humans() -> None:
    con, buf = console()
    keys = Keyboard()
    assert play_main("horus", ["human", "human"], 6, console=con, read=keys) == 0
    out = buf.getvalue()
    handovers = sum("press Enter" in p for p in keys.prompts)
    assert handovers == out.count("pass to human") > 4
    assert "Final scoring" in out


# ---- hidden information -----------------------------------------------------------
def secrets_state() -> tuple[HorusState, list[Event], str, int]:
    """Seat 1 (Wahab) reads a sarcophagus and seat 2 (Rasputin) keeps this round's block;
    then it is seat 0's turn, before that block falls. Returns the state, the events,
    the card read and the block kept."""
    state = start(["you", "wahab", "rasputin"], 0)
    events: list[Event] = []

    def do(text: str) -> None:
        events.extend(state.apply(HORUS.parse_action(state, text)))

    def end(seat: int, stage: int | None = None) -> None:
        while state.current_player == seat and stage in (None, state.stage):
            do("end")

    do("choose gore e1")
    do("choose wahab e1")
    do("choose rasputin e1")
    end(0)  # round 1: seat 0 waits outside
    for step in ("move n", "move n", "move n", "move w", "move n"):
        do(step)  # Wahab walks to 1,5
    end(2)
    while state.round == 1:
        do("end")
    end(1, ADJUST)  # round 2: Wahab keeps the Ankh
    do("move w")
    assert D.square_name(state.pos[1]) == "0,5"
    do("read")
    end(1)
    end(2, ADJUST)
    do("move n")
    do("clairvoyance")
    do("keep")
    end(2)
    assert state.current_player == 0 and state.aside >= 0 and state.aside_known
    slot = D.SARC_AT[state.pos[1]]
    return state, events, D.card_name(state.sarc[slot]), state.aside


def screen(state: HorusState, kinds: list[str], events: list[Event]) -> str:
    """The first screen of the human in ``kinds`` at this position (then input ends)."""
    con, buf = console()
    session = Session(HORUS, state.clone(), kinds, con, Keyboard(then=None))
    session.log.extend(events)
    assert session.run() == 1
    return buf.getvalue()


@pytest.mark.rule("HOR-ABILITY-READ", "HOR-ABILITY-CLAIRVOYANCE")
def test_a_human_sees_no_other_seats_secrets() -> None:
    state, events, card, block = secrets_state()
    out = screen(state, ["human", "greedy", "greedy"], events)
    assert "you to play" in out
    assert card not in out and D.card_words(card) not in out  # the sarcophagus Wahab read
    assert "reads the hieroglyphs of a sarcophagus" in out
    assert "You read" not in out and "<" not in R.board(state.view(0)).plain
    assert f"block {block}" not in out  # the block Rasputin kept
    assert "looks at a block" in out
    assert "a block is set aside to fall this round (unseen)" in out


@pytest.mark.rule("HOR-ABILITY-READ", "HOR-ABILITY-CLAIRVOYANCE")
def test_each_seat_sees_its_own_secret() -> None:
    state, events, card, block = secrets_state()
    con, buf = console()
    R.render(con, state.view(1), [e.for_viewer(1).text for e in events])
    out = buf.getvalue()
    assert f"reads the sarcophagus: {D.card_words(card)}" in out  # its own event, in full
    assert f"You read the anubis sarcophagus at 0,5: it holds {D.card_words(card)}" in out
    assert f"<{R._value(card)}>" in out
    assert f"you set block {block} aside" not in out
    con, buf = console()
    R.render(con, state.view(2), [e.for_viewer(2).text for e in events])
    out = buf.getvalue()
    assert f"sees block {block}" in out
    assert f"you set block {block} aside: it falls this round" in out
    assert card not in out


def test_describe_names_what_an_action_does() -> None:
    state, _, _, _ = secrets_state()
    view = state.view(0)
    legal = state.legal_actions()
    texts = {str(a): R.describe(view, a) for a in legal}
    assert texts["move n"] == "enter to 2,8 (Cobra Nest)"
    assert texts["end"] == "end your turn"


def test_end_of_input_and_quit_abandon_cleanly() -> None:
    con, buf = console()
    assert play_main("horus", ["human", "greedy"], 1, console=con, read=Keyboard(then=None)) == 1
    assert "abandoned" in buf.getvalue()
    con, buf = console()
    assert play_main("horus", ["greedy", "human"], 1, console=con, read=Keyboard(["q"])) == 1
    assert "human quit" in buf.getvalue() and "Traceback" not in buf.getvalue()


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (["random"], "takes 2 to 6 players"),
        (["random"] * 7, "takes 2 to 6 players"),
        (["human", "alien"], "unknown seat 'alien'"),
    ],
)
def test_bad_seats_exit_2_with_a_message(seats: list[str], message: str) -> None:
    con, buf = console()
    assert play_main("horus", seats, 1, console=con, read=never) == 2
    assert message in buf.getvalue()


def test_the_command_line_plays_bots(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "horus", "--players", "greedy,random", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "Final scoring" in out
    assert "Winner" in out or "Shared win" in out or R.NO_WINNER in out


@pytest.mark.parametrize("lang", ["en", "pt", "es"])
def test_the_seat_and_score_tables_cut_no_heading_or_name_at_80_columns(lang: str) -> None:
    from scarab.terminal import common
    from scarab.terminal.horus import seats_table
    from scarab.terminal.pyramids import scores

    horus = scarab.load("horus").new_game(["human", "greedy", "random"], seed=4)
    pyramids = scarab.load("pyramids").new_game(["human", "g1", "g2", "g3"], seed=3)
    for state in (horus, pyramids):
        for _ in range(12):  # adventurers chosen, cards marked: the widest texts show
            state.apply(state.legal_actions()[0])
    common.set_lang(lang)
    try:
        con, buf = console(width=80)
        con.print(seats_table(horus.view(0)))
        con.print(scores(pyramids.view(0)))
    finally:
        common.set_lang("en")
    assert "…" not in buf.getvalue()


def test_a_long_title_wraps_whole_rather_than_being_cut() -> None:
    con, buf = console(width=80)
    seats = ["human", "greedy", "random", "greedy"]
    assert play_main("horus", seats, 3, console=con, read=Keyboard(["quit"])) == 1
    head = " ".join(buf.getvalue().splitlines()[:2])
    assert "…" not in head and "greedy2 (greedy)" in head
