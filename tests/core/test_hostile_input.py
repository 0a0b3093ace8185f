"""Every public entry point refuses bad input with a clear ScarabError and changes nothing
(issue 9, points 3, 5, 6 and 7).

Input from outside (a network message, a record file, a typed line, an argument) may be
anything. Each case below ends in a ScarabError that says what was wrong, or in a correct
result, and the state is unchanged. Time is bounded by size caps checked before any
work (measured by ``scarab bench``), never by a timed assertion here.
"""

from __future__ import annotations

import math
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

import scarab
from scarab import BadOption, BadRecord, IllegalAction, ScarabError, UnknownGame
from scarab.agents import Seat, make_agent
from scarab.core.errors import BadSeat
from scarab.core.game import MAX_NAME, MAX_NOTATION, State
from scarab.core.record import MAX_LINE_CHARS, MAX_RECORD_CHARS
from tests.core.support import GAMES, PLAYERS, position

OTHER_ACTIONS = {
    g: scarab.load(g).parse(t)
    for g, t in (("luxor", "L S+1"), ("pyramids", "pass"), ("horus", "search"))
}
HOSTILE: list[Any] = [
    None,
    True,
    False,
    0,
    -1,
    2**70,
    1.5,
    math.nan,
    math.inf,
    "",
    "0",
    "L S+3",
    b"L S+3",
    [],
    [1],
    {},
    {"verb": "move"},
    (0,),
    object(),
    *OTHER_ACTIONS.values(),
]
hostile = st.one_of(
    st.sampled_from(HOSTILE),
    st.integers(),
    st.floats(allow_nan=True),
    st.text(max_size=30),
    st.binary(max_size=10),
    st.lists(st.integers(), max_size=3),
)
POSITIONS = {
    g: [position(g, PLAYERS[g][-1], seed, steps) for seed, steps in ((1, 0), (2, 40))]
    for g in GAMES
}


def unchanged(s: State, before: bytes) -> None:
    assert pickle.dumps(s) == before, "a refused input changed the state"


# ---- actions ---------------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_things_that_are_no_action_are_refused_unchanged(game: str) -> None:
    for s in POSITIONS[game]:
        before = pickle.dumps(s)
        for thing in HOSTILE:
            if thing is OTHER_ACTIONS[game]:
                continue
            for call in (s.apply, s.step):
                with pytest.raises(IllegalAction, match=r"is not a .* action"):
                    call(thing)
            unchanged(s, before)


@pytest.mark.parametrize("game", GAMES)
@given(thing=hostile)
@settings(max_examples=60, deadline=None)
def test_any_object_as_an_action_is_refused_unchanged(game: str, thing: Any) -> None:
    assume(thing is not OTHER_ACTIONS[game])
    s = POSITIONS[game][1]
    before = pickle.dumps(s)
    with pytest.raises(IllegalAction):
        s.apply(thing)
    unchanged(s, before)


@pytest.mark.parametrize("game", GAMES)
def test_notation_must_be_a_short_ascii_string(game: str) -> None:
    g = scarab.load(game)
    s = POSITIONS[game][0]
    before = pickle.dumps(s)
    for thing in (None, 5, 1.5, b"pass", ["pass"], True):
        with pytest.raises(IllegalAction, match="notation is text"):
            g.parse_action(s, thing)
        with pytest.raises(IllegalAction, match="notation is text"):
            g.parse(thing)
    with pytest.raises(IllegalAction, match=f"longer than {MAX_NOTATION}"):
        g.parse("x" * (MAX_NOTATION + 1))
    with pytest.raises(IllegalAction, match="plain ASCII"):
        g.parse("pass\u00a0")
    unchanged(s, before)


def test_only_ascii_digits_are_digits() -> None:
    """'R 21+\u0663' (an Arabic-Indic three) is not 'R 21+3', nor are other digit forms."""
    luxor, pyramids, horus = (scarab.load(g) for g in ("luxor", "pyramids", "horus"))
    for text in ("R 21+\u0663", "R \uff121+3", "L S+\u00b3", "act \u0661\u0664"):
        with pytest.raises(IllegalAction, match="ASCII"):
            luxor.parse(text)
    assert str(luxor.parse("R 21+3")) == "R 21+3"
    with pytest.raises(IllegalAction, match="ASCII"):
        pyramids.parse("\u0661\u0667:a1")
    with pytest.raises(IllegalAction, match="ASCII"):
        horus.parse("reroll \u0661")


@pytest.mark.parametrize("game", GAMES)
@given(
    text=st.text(max_size=40)
    | st.text(alphabet="LRSCact 0123456789+-:,.abcdeptkhijos", max_size=24)
)
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
def test_any_text_is_read_or_refused(game: str, text: str) -> None:
    g = scarab.load(game)
    try:
        action = g.parse(text)
    except IllegalAction as exc:
        assert str(exc)
        return
    assert g.parse(str(action)) is action, "what parse reads, str writes back"


# ---- seats -----------------------------------------------------------------------
@pytest.mark.rule("HOR-HIDDEN", "HOR-ABILITY-READ")
@pytest.mark.parametrize("game", GAMES)
def test_only_real_seats_see_a_view_or_a_sample(game: str) -> None:
    for s in POSITIONS[game]:
        n = s.num_players
        before = pickle.dumps(s)
        for seat in (-1, -n, n, n + 1, True, False, 1.0, "0", [0], 2**70):
            with pytest.raises(BadSeat, match=rf"the seats are 0\.\.{n - 1}"):
                s.view(seat)
            with pytest.raises(BadSeat, match="the seats are"):
                s.determinize(seat, random.Random(0))
            with pytest.raises(BadSeat):
                Seat(s, seat)
        with pytest.raises(BadSeat, match="the seats are"):
            s.determinize(None, random.Random(0))  # type: ignore[arg-type]
        with pytest.raises(BadOption, match="random generator"):
            s.determinize(0, 7)  # type: ignore[arg-type]
        assert s.view(None)["viewer"] is None and s.view(n - 1)["viewer"] == n - 1
        unchanged(s, before)


@pytest.mark.parametrize("game", GAMES)
@given(seat=hostile)
@settings(max_examples=60, deadline=None)
def test_any_object_as_a_seat_is_a_seat_or_refused(game: str, seat: Any) -> None:
    s = POSITIONS[game][1]
    before = pickle.dumps(s)
    real = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < s.num_players
    if real or seat is None:  # None: the spectator's view
        assert s.view(seat)["viewer"] == seat
    else:
        with pytest.raises(BadSeat):
            s.view(seat)
    if real:
        assert s.determinize(seat, random.Random(0)).sampled
    else:
        with pytest.raises(BadSeat):
            s.determinize(seat, random.Random(0))
    unchanged(s, before)


@given(name=hostile)
@settings(max_examples=60, deadline=None)
def test_any_object_names_a_game_and_a_bot_or_is_refused(name: Any) -> None:
    for look, error in ((scarab.load, UnknownGame), (make_agent, BadOption)):
        try:
            look(name)
        except error as exc:
            assert str(exc) and len(str(exc)) < 200
        else:
            assert isinstance(name, str)


def test_horus_view_minus_one_no_longer_shows_the_last_seats_read_card() -> None:
    """The instance the review found: view(-1) read per-seat data of the last seat."""
    from tests.games.horus.helpers import place, play, started, turn

    s = started("gore", "wahab")
    place(s, 1, 0, 3)  # beside a sarcophagus
    turn(s, 1, 1)
    play(s, "read")
    assert any("read" in sarc for sarc in s.view(1)["sarcophagi"])
    with pytest.raises(BadSeat):
        s.view(-1)


# ---- setting a game up ---------------------------------------------------------------
@pytest.mark.parametrize("game", GAMES)
def test_player_counts_are_checked_before_anything_is_built(game: str) -> None:
    g = scarab.load(game)
    for players in (10**9, 10**30, -1, 0, 7):
        with pytest.raises(BadOption, match="players"):
            g.new_game(players, seed=1)
    for players in (True, 2.0, "abc", b"ab", None, {"a", "b"}, iter(["a", "b"])):
        with pytest.raises(BadOption, match="player count or a list of names"):
            g.new_game(players, seed=1)  # type: ignore[arg-type]
    with pytest.raises(BadOption, match="players"):
        g.new_game(["x"] * 10**6, seed=1)


@pytest.mark.parametrize("game", GAMES)
def test_a_seed_is_an_int_from_0_to_2_64_minus_1(game: str) -> None:
    g = scarab.load(game)
    n = PLAYERS[game][-1]
    for seed in (True, False, 1.5, math.nan, math.inf, "7", b"7", -1, 2**64, [7]):
        with pytest.raises(BadOption, match="a seed is a whole number"):
            g.new_game(n, seed=seed)  # type: ignore[arg-type]
    for seed in (0, 2**64 - 1):
        assert g.new_game(n, seed=seed).seed == seed


@pytest.mark.parametrize("game", GAMES)
def test_options_are_checked_by_name_and_type(game: str) -> None:
    g = scarab.load(game)
    n = PLAYERS[game][-1]
    with pytest.raises(BadOption, match="no option 'speed'"):
        g.new_game(n, seed=1, speed=3)
    if game == "pyramids":
        for value in ("yes", 1, 0, None, 1.0, [True]):
            with pytest.raises(BadOption, match="option solo takes a bool"):
                g.new_game(1, seed=1, solo=value)
        assert g.new_game(1, seed=1, solo=True).options == {"solo": True}


BAD_NAMES: list[Any] = ["", " ann", "ann ", "a,b", "a\nb", "a\tb", "x" * (MAX_NAME + 1), 5, None]


@pytest.mark.parametrize("game", GAMES)
def test_names_are_refused_unless_a_record_can_carry_them(game: str) -> None:
    g = scarab.load(game)
    others = ["ann", "bob", "cy", "di", "ed", "flo"][: PLAYERS[game][-1] - 1]
    for name in BAD_NAMES:
        with pytest.raises(BadOption, match="a player's name is"):
            g.new_game([*others, name], seed=1)
    with pytest.raises(BadOption, match="names must differ"):
        g.new_game([*others, others[0]], seed=1)


@pytest.mark.parametrize("game", GAMES)
@given(names=st.lists(st.text(max_size=MAX_NAME + 2), min_size=2, max_size=4))
@settings(max_examples=60, deadline=None)
def test_every_accepted_name_survives_a_record(game: str, names: list[str]) -> None:
    g = scarab.load(game)
    try:
        s = g.new_game(names, seed=3)
    except BadOption as exc:
        assert str(exc)
        return
    assert s.names == tuple(names)
    rec = scarab.read_record(scarab.write_record(s.record()))
    assert rec.players == tuple(names)
    assert scarab.replay(rec) == s


@given(players=hostile, seed=hostile)
@settings(max_examples=100, deadline=None)
def test_any_arguments_set_a_game_up_or_are_refused(players: Any, seed: Any) -> None:
    for game in GAMES:
        try:
            s = scarab.load(game).new_game(players, seed=seed)
        except BadOption as exc:
            assert str(exc)
            continue
        assert isinstance(s, State) and (seed is None or s.seed == seed)


def test_names_and_bots_are_looked_up_by_strings_only() -> None:
    for thing in (None, 3, ["luxor"], b"luxor", "Luxor", "x" * 10_000):
        with pytest.raises(UnknownGame, match="the games are"):
            scarab.load(thing)  # type: ignore[arg-type]
        with pytest.raises(BadOption, match="the bots are"):
            make_agent(thing)  # type: ignore[arg-type]


# ---- records ------------------------------------------------------------------------
HEADER = ['[Game "luxor"]', '[Players "ann, bob"]', '[Seed "7"]']


def record_error(lines: list[str]) -> str:
    with pytest.raises(BadRecord) as info:
        scarab.replay(scarab.read_record("\n".join(lines) + "\n"))
    return str(info.value)


def test_long_lines_and_records_are_refused_before_they_are_parsed() -> None:
    spaces = "1. p1 " + "L" + " " * 64_000 + "S+3"  # the review's 14-second line
    assert "line 5 has 64,010 characters" in record_error([*HEADER, "", spaces])
    long_comment = "1. p1 L S+3 {" + "x" * 2_000 + "}"
    assert f"at most {MAX_LINE_CHARS}" in record_error([*HEADER, "", long_comment])
    with pytest.raises(BadRecord, match=f"at most {MAX_RECORD_CHARS:,}"):
        scarab.read_record("\n" * (MAX_RECORD_CHARS + 1))
    with pytest.raises(BadRecord, match="a record is text"):
        scarab.read_record(b'[Game "luxor"]')  # type: ignore[arg-type]


def test_a_line_at_the_cap_with_inner_spaces_reads_as_one_move() -> None:
    """No backtracking: a long but legal line is read once, then refused as notation."""
    line = "1. p1 L" + " " * (MAX_LINE_CHARS - 12) + "S+3"
    rec = scarab.read_record("\n".join([*HEADER, "", line]))
    assert rec.moves == [(0, "L" + " " * (MAX_LINE_CHARS - 12) + "S+3")]
    assert "line 5" in record_error([*HEADER, "", line])


@pytest.mark.parametrize(
    ("line", "words"),
    [
        ("1. p1 L S+3 {never closed", ["line 5", "not closed"]),
        ("1. p1 L S+3 }", ["line 5", "without its {"]),
        ("1" * 900 + ". p1 L S+3", ["line 5", "cannot read"]),
        ("1. p" + "1" * 900 + " L S+3", ["line 5", "no seat"]),
        ("1. p0 L S+3", ["line 5", "seats start at p1"]),
        ("1 . p1", ["line 5", "cannot read"]),
    ],
)
def test_bad_move_lines_name_their_line(line: str, words: list[str]) -> None:
    message = record_error([*HEADER, "", line])
    for w in words:
        assert w in message, message


@pytest.mark.parametrize(
    ("tag", "words"),
    [
        ('[Options "' + "[" * 400 + "]" * 400 + '"]', ["line 4 (Options tag)", "nest deeper"]),
        ('[Options "{\\"seed\\": 3}"]', ["line 4 (Options tag)", "no option 'seed'"]),
        ('[Options "{\\"players\\": 2}"]', ["line 4 (Options tag)", "no option 'players'"]),
        ('[Options "not json"]', ["line 4 (Options tag)", "not JSON"]),
        ('[Seed "1' + "0" * 25 + '"]', ["line 4 (Seed tag)", "integer from 0 to 2**64-1"]),
        ('[Seed "18446744073709551616"]', ["line 4 (Seed tag)", "a seed is a whole number"]),
        ('[Seed "-1"]', ["line 4 (Seed tag)"]),
        ('[Players "ann"]', ["line 4", "second Players tag", "line 2"]),
        ('[Bad name "x"]', ["line 4", "value must be in quotes"]),
        ('[Date "a\\"b"]', []),
        ('[Date "a"b"]', ["line 4", "a quote inside the Date tag"]),
        ('[Date "tab\u0007"]', ["line 4", "control character"]),
        ("[Date", ["line 4", "a tag ends with ]"]),
        ('[Result "0-0 won by ann"]', ["line 4 (Result tag)", "but the moves give"]),
    ],
)
def test_header_problems_name_the_tag_and_its_line(tag: str, words: list[str]) -> None:
    lines = (
        [*HEADER, tag, "", "1. p1 L S+1"]
        if "Seed" not in tag
        else [*HEADER[:2], '[Date "x"]', tag, "", "1. p1 L S+1"]
    )
    if not words:
        scarab.read_record("\n".join(lines))  # an escaped quote is fine
        return
    message = record_error(lines)
    for w in words:
        assert w in message, message


def test_names_in_the_players_tag_are_checked_where_they_stand() -> None:
    assert "line 2 (Players tag)" in record_error([HEADER[0], '[Players "ann, ann"]', HEADER[2]])
    assert "line 2 (Players tag)" in record_error([HEADER[0], '[Players "ann,, bob"]', HEADER[2]])
    assert "line 1 (Game tag)" in record_error(['[Game "chess"]', *HEADER[1:]])


def real_record(game: str) -> str:
    s = position(game, 2, 6, 30)
    return scarab.write_record(s.record())


@pytest.mark.parametrize("game", GAMES)
@given(data=st.data())
@settings(max_examples=60, deadline=None)
def test_damaged_records_are_read_replayed_and_written_or_refused(game: str, data: Any) -> None:
    """Every record that reads and replays also writes back, and replays the same."""
    text = real_record(game)
    for _ in range(data.draw(st.integers(1, 4))):
        at = data.draw(st.integers(0, len(text)))
        cut = data.draw(st.integers(0, 8))
        insert = data.draw(st.text(max_size=6) | st.sampled_from(["\n", "{", "}", '"', ", "]))
        text = text[:at] + insert + text[at + cut :]
    try:
        state = scarab.replay(scarab.read_record(text))
    except BadRecord as exc:
        assert str(exc) and len(str(exc)) < 2_000
        return
    again = scarab.read_record(scarab.write_record(state.record()))
    assert scarab.replay(again) == state


@given(text=st.text(max_size=300))
@settings(max_examples=100, deadline=None)
def test_any_text_reads_as_a_record_or_is_refused(text: str) -> None:
    try:
        scarab.replay(scarab.read_record(text))
    except ScarabError as exc:
        assert isinstance(exc, BadRecord) and str(exc)
